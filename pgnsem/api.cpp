// The public interface of pgnsem/api.hpp, each answer taken from the code `pgnsem check` runs:
// the reader (syntax/pgn/reader.hpp, syntax/fen.hpp, syntax/san.hpp), judge_move and the claims
// (interpreter/judge.hpp, interpreter/claims.hpp), the interpreter's fold and its JSON
// (interpreter/interpret.hpp, io/output.hpp), the fast path's move generator
// (sem::FastEngine, semantics/engines.hpp). Nothing here decides a rule of chess.
//
// Short names: s = σ, e = the engine (the fast path), j = a Judged, v = an interpreter Verdict.
#include "pgnsem/api.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <utility>
#include <variant>

#include "interpreter/claims.hpp"
#include "interpreter/explain.hpp"
#include "interpreter/interpret.hpp"
#include "interpreter/judge.hpp"
#include "interpreter/reading.hpp"
#include "interpreter/start_position.hpp"
#include "io/contract.hpp"
#include "io/input.hpp"
#include "io/output.hpp"
#include "laws/setup.hpp"
#include "pgnsem/detail/board_access.hpp"
#include "semantics/engine.hpp"
#include "semantics/errata.hpp"
#include "syntax/fen.hpp"
#include "syntax/pgn/reader.hpp"
#include "syntax/san.hpp"

namespace pgnsem::api {
namespace v2 = boost::variant2;

std::string_view status_name(Status s) noexcept {
    switch (s) {
        case Status::Legal: return interp::verdict_name(interp::VerdictKind::Legal);
        case Status::Illegal: return interp::verdict_name(interp::VerdictKind::Illegal);
        case Status::Malformed: return interp::verdict_name(interp::VerdictKind::Malformed);
        case Status::Unsupported: return interp::verdict_name(interp::VerdictKind::Unsupported);
    }
    PGNSEM_UNREACHABLE("every status is listed");
}

namespace {

Status status_of(interp::VerdictKind k) noexcept {
    switch (k) {
        case interp::VerdictKind::Legal: return Status::Legal;
        case interp::VerdictKind::Illegal: return Status::Illegal;
        case interp::VerdictKind::Malformed: return Status::Malformed;
        case interp::VerdictKind::Unsupported: return Status::Unsupported;
    }
    PGNSEM_UNREACHABLE("every verdict is listed");
}

}  // namespace

std::string_view result_name(Result r) noexcept {
    switch (r) {
        case Result::WhiteWins: return ast::result_text(ast::Result::WhiteWins);
        case Result::BlackWins: return ast::result_text(ast::Result::BlackWins);
        case Result::Draw: return ast::result_text(ast::Result::Draw);
        case Result::Unknown: return ast::result_text(ast::Result::Unknown);
    }
    PGNSEM_UNREACHABLE("every termination marker is listed");
}

namespace {

Result result_of(ast::Result r) noexcept {
    switch (r) {
        case ast::Result::WhiteWins: return Result::WhiteWins;
        case ast::Result::BlackWins: return Result::BlackWins;
        case ast::Result::Draw: return Result::Draw;
        case ast::Result::Unknown: return Result::Unknown;
    }
    PGNSEM_UNREACHABLE("every termination marker is listed");
}

}  // namespace

// ---- positions ----------------------------------------------------------------------------------

FenReading read_fen(std::string_view fen) {
    return read_fen(fen, Variant::Standard);
}

FenReading read_fen(std::string_view fen, Variant variant) {
    FenReading out;
    try {
        out.position = Board::from_fen(fen, Board::Validation::Game, variant);
    } catch (const Error& e) {
        out.rule = e.rule();
        // the message without the rule id Error puts before it
        out.message = std::string(e.what()).substr(e.rule_id().size() + 2);
    }
    return out;
}

SanReading read_san(std::string_view token) {
    SanReading out;
    const auto parsed = syntax::parse_san(token);
    if (const auto* error = v2::get_if<syntax::SanError>(&parsed)) {
        out.rule = rule_of(error->kind);
        out.column = error->column + 1;
        out.message = std::string(error->message);
        return out;
    }
    out.san = std::string(syntax::print_san(v2::get<ast::Move>(parsed), true).view());
    return out;
}

// ---- games ---------------------------------------------------------------------------------------

// The game's AST, its text copied out of the reader's buffer into `arena` (ast::Game::own_strings,
// the raw text kept: one copy of the game's bytes, which nearly every view lies in): the views point
// into it, so a Data never moves once filled.
struct Game::Data {
    std::string source;
    ast::Game game;
    std::string arena;
};

const std::string& Game::source() const noexcept {
    return data_->source;
}

std::uint32_t Game::index() const noexcept {
    return data_->game.index;
}

std::vector<Tag> Game::tags() const {
    std::vector<Tag> out;
    for (const ast::Tag& t : data_->game.tags) out.push_back(Tag{std::string(t.name), std::string(t.value)});
    return out;
}

std::optional<std::string> Game::tag(std::string_view name) const {
    if (const auto value = data_->game.tag(name)) return std::string(*value);
    return std::nullopt;
}

bool Game::chess960() const noexcept {
    const auto value = data_->game.tag("Variant");
    return value && interp::chess960_variant(*value);
}

std::vector<std::string> Game::moves() const {
    std::vector<std::string> out;
    const ast::Game& g = data_->game;
    for (std::uint32_t i = g.main_line; i != ast::kNone; i = g.plies[i].next) out.emplace_back(g.plies[i].text);
    return out;
}

std::optional<std::string> Game::result() const {
    if (const auto r = data_->game.result) return std::string(ast::result_text(*r));
    return std::nullopt;
}

namespace {

Comment comment_of(const ast::Comment& c) {
    return Comment{std::string(c.text), c.pos.line, c.pos.column};
}

std::string_view suffix_text(ast::Suffix s) noexcept {
    switch (s) {
        case ast::Suffix::None: return "";
        case ast::Suffix::Good: return "!";
        case ast::Suffix::Mistake: return "?";
        case ast::Suffix::Brilliant: return "!!";
        case ast::Suffix::Blunder: return "??";
        case ast::Suffix::Interesting: return "!?";
        case ast::Suffix::Dubious: return "?!";
    }
    PGNSEM_UNREACHABLE("every suffix annotation is listed");
}

// The position the game's plies are counted from, as the interpreter counts them
// (interpreter/start_position.hpp): the FEN tag's, or σ₀ when there is none or it does not read.
sem::State numbering_start(const ast::Game& g) {
    if (const auto fen = g.tag("FEN")) {
        const auto parsed = syntax::parse_fen(*fen);
        if (const auto* p = v2::get_if<Placement>(&parsed)) return sem::from_placement(*p);
    }
    return sem::initial_state();
}

// The plies of a line from `first` on, the first being ply `number` of the game (1-based), with their
// NAGs, into `out`; their variations are made (with their places) but not filled. `ply_at` and
// `variation_at` get where each AST ply and variation went.
void line_plies(const ast::Game& g, const sem::State& start, std::uint32_t first, std::uint32_t number,
                std::vector<Ply>& out, std::vector<Ply*>& ply_at, std::vector<Variation*>& variation_at) {
    std::size_t count = 0;
    for (std::uint32_t i = first; i != ast::kNone; i = g.plies[i].next) ++count;
    out.reserve(count);
    for (std::uint32_t i = first; i != ast::kNone; i = g.plies[i].next, ++number) {
        const ast::Ply& a = g.plies[i];
        Ply& p = out.emplace_back();
        p.text = std::string(a.text);
        p.suffix = std::string(suffix_text(a.move.suffix));
        p.ply = number;
        // the ply's turn in σ's numbering (semantics/state.hpp), in 64 bits: a line may be longer
        // than any σ can count
        const std::uint64_t turn = std::uint64_t{start.turn} + number - 1;
        p.move_number = static_cast<std::uint32_t>(start.number_base + turn / 2);
        p.side = turn % 2 == 0 ? Side::White : Side::Black;
        p.line = a.pos.line;
        p.column = a.pos.column;
        for (std::uint32_t k = 0; k < a.nags_count; ++k) {
            const ast::Nag& n = g.nags[a.nags_begin + k];
            p.nags.push_back(Nag{n.value, n.pos.line, n.pos.column});
        }
        std::size_t variations = 0;
        for (std::uint32_t v = a.first_variation; v != ast::kNone; v = g.variations[v].next_sibling) ++variations;
        p.variations.reserve(variations);
        for (std::uint32_t v = a.first_variation; v != ast::kNone; v = g.variations[v].next_sibling) {
            Variation& made = p.variations.emplace_back();
            made.line = g.variations[v].pos.line;
            made.column = g.variations[v].pos.column;
        }
    }
    // `out` and each ply's variations are filled: their addresses stay
    std::uint32_t k = 0;
    for (std::uint32_t i = first; i != ast::kNone; i = g.plies[i].next, ++k) {
        ply_at[i] = &out[k];
        std::uint32_t j = 0;
        for (std::uint32_t v = g.plies[i].first_variation; v != ast::kNone; v = g.variations[v].next_sibling, ++j)
            variation_at[v] = &out[k].variations[j];
    }
}

}  // namespace

std::vector<Ply> Game::plies() const {
    const ast::Game& g = data_->game;
    const sem::State start = numbering_start(g);
    std::vector<Ply> main;
    std::vector<Ply*> ply_at(g.plies.size(), nullptr);
    std::vector<Variation*> variation_at(g.variations.size(), nullptr);
    // The lines still to fill, with an explicit stack: a game may nest variations as deep as its text
    // allows (the reader and the interpreter walk them so too).
    struct Pending {
        std::vector<Ply>* out;
        std::uint32_t first, number, depth;
    };
    std::vector<Pending> stack;
    if (g.main_line != ast::kNone) stack.push_back({&main, g.main_line, 1, 0});
    while (!stack.empty()) {
        const Pending line = stack.back();
        stack.pop_back();
        line_plies(g, start, line.first, line.number, *line.out, ply_at, variation_at);
        std::uint32_t k = 0;
        for (std::uint32_t i = line.first; i != ast::kNone; i = g.plies[i].next, ++k) {
            std::uint32_t j = 0;
            for (std::uint32_t v = g.plies[i].first_variation; v != ast::kNone; v = g.variations[v].next_sibling, ++j) {
                Variation& made = (*line.out)[k].variations[j];
                if (line.depth + 1 > kMaxNesting)
                    made.cut = true;
                else if (g.variations[v].first_ply != ast::kNone)
                    stack.push_back({&made.plies, g.variations[v].first_ply, line.number + k, line.depth + 1});
            }
        }
    }
    // Each comment at its place (ast::Comment), in source order; those inside a cut variation are
    // left out with its plies.
    for (const ast::Comment& c : g.comments) {
        if (c.after_ply == ast::kNone) {
            if (c.line != ast::kNone && variation_at[c.line] != nullptr)
                variation_at[c.line]->comments_before.push_back(comment_of(c));
        } else if (c.after_variation == ast::kNone) {
            if (ply_at[c.after_ply] != nullptr) ply_at[c.after_ply]->comments_after.push_back(comment_of(c));
        } else if (variation_at[c.after_variation] != nullptr) {
            variation_at[c.after_variation]->comments_after.push_back(comment_of(c));
        }
    }
    return main;
}

std::vector<Comment> Game::comments_before() const {
    std::vector<Comment> out;
    for (const ast::Comment& c : data_->game.comments)
        if (c.after_ply == ast::kNone && c.line == ast::kNone) out.push_back(comment_of(c));
    return out;
}

std::vector<Comment> Game::comments_after() const {
    const ast::Game& g = data_->game;
    std::vector<Comment> out;
    std::uint32_t last = g.main_line;
    if (last == ast::kNone) return out;
    while (g.plies[last].next != ast::kNone) last = g.plies[last].next;
    std::uint32_t last_variation = g.plies[last].first_variation;
    if (last_variation != ast::kNone)
        while (g.variations[last_variation].next_sibling != ast::kNone)
            last_variation = g.variations[last_variation].next_sibling;
    for (const ast::Comment& c : g.comments)
        if (c.after_ply == last && c.after_variation == last_variation) out.push_back(comment_of(c));
    return out;
}

namespace {

// The memory a game read keeps: its text (in `arena`) and its AST's arrays.
std::size_t footprint(const Game::Data& d) noexcept {
    const ast::Game& g = d.game;
    return d.arena.capacity() + g.tags.capacity() * sizeof(ast::Tag) + g.plies.capacity() * sizeof(ast::Ply) +
           g.variations.capacity() * sizeof(ast::Variation) + g.nags.capacity() * sizeof(ast::Nag) +
           g.comments.capacity() * sizeof(ast::Comment) + g.warnings.capacity() * sizeof(ast::ReaderWarning);
}

// A game larger than this is not kept for the next one to reuse (real games take a few KiB).
constexpr std::size_t kKeptBytes = std::size_t{1} << 20;

}  // namespace

struct GameReader::Impl {
    std::string name;
    std::string text;                      // the input, when read from memory
    std::unique_ptr<interp::Input> input;  // the file, plain or compressed, when read from one
    std::unique_ptr<syntax::PgnReader> reader;
    std::unique_ptr<syntax::ShardReader> shard;  // instead of `reader`, for open_shard
    bool done = false;
    // The last two games given out: the next game is read into one that no Game holds any more, its
    // arrays and its text's arena reused, so that a loop over a file allocates nothing per game (as
    // `check` reads into one ast::Game). Two, because a loop holds the game it judges while it asks
    // for the next (Python's `for game in reader:` holds the last game until the next is bound).
    std::array<std::shared_ptr<Game::Data>, 2> kept;
    std::size_t older = 0;       // the slot replaced when neither is free
    ~Impl() { reader.reset(); }  // before the Input whose stream it reads

    bool read(ast::Game& g) { return shard ? shard->next(g) : reader->next(g); }
    [[nodiscard]] std::string io_error() const { return shard ? shard->io_error() : reader->io_error(); }
};

GameReader::GameReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

GameReader GameReader::open(const std::string& path) {
    auto impl = std::make_unique<Impl>();
    impl->name = path;
    // Plain text or gzip, bzip2, xz, zstd, known by its first bytes, as `pgnsem check` reads it;
    // decompressed in the calling thread (a library starts no thread of its own).
    std::string error;
    impl->input = interp::Input::open(path, false, error);
    if (!impl->input) throw std::runtime_error(error);
    impl->reader = std::make_unique<syntax::PgnReader>(impl->input->text(), path);
    return GameReader(std::move(impl));
}

GameReader GameReader::open_shard(const std::string& path, std::uint32_t k, std::uint32_t n) {
    auto impl = std::make_unique<Impl>();
    impl->name = path;
    std::string error;
    impl->shard = interp::open_shard(path, syntax::ShardSpec{k, n}, error);
    if (!impl->shard) throw std::runtime_error(error);
    return GameReader(std::move(impl));
}

GameReader::GameReader(std::string text, std::string name) : impl_(std::make_unique<Impl>()) {
    impl_->name = std::move(name);
    impl_->text = std::move(text);
    impl_->reader = std::make_unique<syntax::PgnReader>(std::string_view(impl_->text));
}

GameReader::GameReader(GameReader&&) noexcept = default;
GameReader& GameReader::operator=(GameReader&&) noexcept = default;
GameReader::~GameReader() = default;

std::optional<Game> GameReader::next() {
    if (impl_->done) return std::nullopt;
    std::size_t slot = impl_->older;
    std::shared_ptr<Game::Data> data;
    for (std::size_t i = 0; i < impl_->kept.size(); ++i) {
        std::shared_ptr<Game::Data>& k = impl_->kept[i];
        if (k && k.use_count() == 1 && footprint(*k) <= kKeptBytes) {
            // No Game holds it: no other thread can reach it any more. The last one to let it go,
            // maybe on another thread, released its count; this fence makes what it did before happen
            // before the reuse (use_count reads the count relaxed).
            std::atomic_thread_fence(std::memory_order_acquire);
            data = std::move(k);
            slot = i;
            break;
        }
    }
    if (!data) data = std::make_shared<Game::Data>();
    if (!impl_->read(data->game)) {
        impl_->done = true;
        // the decompressor's message names the file and the byte; the reader's only says EIO
        if (impl_->input)
            if (std::string why = impl_->input->error(); !why.empty()) throw std::runtime_error(why);
        if (std::string why = impl_->io_error(); !why.empty()) throw std::runtime_error(why);
        return std::nullopt;
    }
    data->source = impl_->name;
    data->game.own_strings(data->arena, ast::Game::RawText::Copy);
    impl_->kept[slot] = data;
    impl_->older = 1 - slot;  // the other slot now holds the older game
    return Game(std::move(data));
}

std::optional<ShardRecord> GameReader::shard_record() const {
    if (!impl_->shard || !impl_->done) return std::nullopt;
    const syntax::ShardEnd& e = impl_->shard->end();
    return ShardRecord{e.spec.index, e.spec.count, e.size, e.start, e.next, e.until, e.lines, e.games};
}

std::vector<Game> read_games(std::string_view pgn, std::string name) {
    GameReader reader{std::string(pgn), std::move(name)};
    std::vector<Game> out;
    while (auto g = reader.next()) out.push_back(std::move(*g));
    return out;
}

// ---- a game judged -------------------------------------------------------------------------------

namespace {

// `v`, the interpreter's verdict of `game`, into `out`, each member assigned so that the memory `out`
// holds is reused.
void fill(const interp::Verdict& v, const Game& game, const std::string& json, Verdict& out) {
    out.verdict = status_of(v.kind);
    out.plies = v.plies;
    if (v.error) {
        const interp::ErrorInfo& e = *v.error;
        GameError& o = out.error ? *out.error : out.error.emplace();
        o.ply = e.ply;
        o.move_number = e.move_number;
        o.side = e.side == Color::White ? Side::White : Side::Black;
        o.written = e.written;
        o.rule = rule_of(e.rule);
        o.message = e.message;
        o.line = e.pos.line;
        o.column = e.pos.column;
    } else {
        out.error.reset();
    }
    out.warnings.resize(v.warnings.size());
    for (std::size_t i = 0; i < v.warnings.size(); ++i) {
        const interp::Warning& w = v.warnings[i];
        Warning& o = out.warnings[i];
        o.kind = warning_kind_of(w.kind);
        o.ply = w.ply;
        o.line = w.pos.line;
        o.column = w.pos.column;
        o.written = w.written;
        o.canonical = w.canonical;
        o.rule.reset();
        if (!w.rule.empty()) o.rule = rule_of(w.rule);
        o.message = w.message;
    }
    out.position_after = board_of(v.final_state);
    out.fen_after = v.fen_after;
    switch (v.end) {
        case sem::Outcome::Ongoing: out.end.reset(); break;
        case sem::Outcome::Checkmate: out.end = End::Checkmate; break;
        case sem::Outcome::Stalemate: out.end = End::Stalemate; break;
    }
    const auto fact = [](std::uint32_t ply) {
        return interp::DrawFacts::held(ply) ? std::optional<std::uint32_t>(ply) : std::nullopt;
    };
    out.draw_claimable_at = fact(v.draws.claimable_at());
    out.automatic_draw_at = fact(v.draws.automatic_at());
    out.file = game.source();
    out.game = v.game;
    out.offset = v.offset;
    if (v.white || v.black) {
        Players& p = out.players ? *out.players : out.players.emplace();
        p.white = v.white;
        p.black = v.black;
    } else {
        out.players.reset();
    }
    out.result.reset();
    if (v.result) out.result = result_of(*v.result);
    out.result_tag = v.result_tag;
    out.json = json;
}

}  // namespace

std::vector<Erratum> errata() {
    std::vector<Erratum> out;
    for (const sem::ErratumInfo& e : sem::kErrata)
        out.push_back(Erratum{e.slug, e.title, e.law, e.paper, e.correction, e.executable});
    return out;
}

struct Judge::Impl {
    explicit Impl(const JudgeOptions& options)
        : engine(engine_of(options)),
          interpreter(interp::Options{options.strict, engine.engine}),
          envelope(interp::envelope_members("verdict", engine.engine->reading())) {}
    // The reading the options ask for, as check reads its flags; api::Error when they are not one.
    static interp::EngineChoice engine_of(const JudgeOptions& options) {
        auto choice = interp::choose_engine(interp::ReadingRequest{options.semantics, options.errata, options.engine});
        if (const auto* why = std::get_if<std::string>(&choice)) throw Error(Rule::RequestReading, *why);
        return std::move(std::get<interp::EngineChoice>(choice));
    }
    interp::EngineChoice engine;  // before the interpreter, which holds its engine
    interp::Interpreter interpreter;
    std::string envelope;  // the verdict object's first members, naming the reading
    interp::Verdict verdict;
    std::string json;  // the verdict object, written here first, then copied to fit
};

Judge::Judge(const JudgeOptions& options) : impl_(std::make_unique<Impl>(options)) {}
Judge::Judge(Judge&&) noexcept = default;
Judge& Judge::operator=(Judge&&) noexcept = default;
Judge::~Judge() = default;

void Judge::judge(const Game& game, Verdict& out) {
    Impl& j = *impl_;
    j.interpreter.run(game.data().game, j.verdict);
    j.json.clear();
    interp::append_verdict_json(j.json, j.envelope, game.source(), j.verdict);
    fill(j.verdict, game, j.json, out);
}

Verdict Judge::judge(const Game& game) {
    Verdict out;
    judge(game, out);
    return out;
}

Verdict judge(const Game& game, const JudgeOptions& options) {
    return Judge(options).judge(game);
}

}  // namespace pgnsem::api
