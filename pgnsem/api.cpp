// The public interface of pgnsem/api.hpp, each answer taken from the code `pgnsem check` runs:
// the reader (syntax/pgn/reader.hpp, syntax/fen.hpp, syntax/san.hpp), judge_move and the claims
// (interpreter/judge.hpp, interpreter/claims.hpp), the interpreter's fold and its JSON
// (interpreter/interpret.hpp, io/output.hpp), the fast path's move generator
// (sem::FastEngine, semantics/engines.hpp). Nothing here decides a rule of chess.
//
// Short names: s = σ, e = the engine (the fast path), j = a Judged, v = an interpreter Verdict.
#include "pgnsem/api.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <utility>

#include "interpreter/claims.hpp"
#include "interpreter/explain.hpp"
#include "interpreter/interpret.hpp"
#include "interpreter/judge.hpp"
#include "io/contract.hpp"
#include "io/input.hpp"
#include "io/output.hpp"
#include "laws/setup.hpp"
#include "pgnsem/detail/board_access.hpp"
#include "semantics/engine.hpp"
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

// The public rule of an internal id: every id the semantics and the readers write is in the
// contract's list (schemas/common.json), which pgnsem/rules.hpp holds.
Rule rule_of(std::string_view id) noexcept {
    const std::optional<Rule> r = rule_from_id(id);
    PGNSEM_ASSERT(r.has_value(), "every rule id is in pgnsem/rules.hpp");
    return r.value_or(Rule::SyntaxToken);
}

Warning warning_of(const interp::Warning& w) {
    std::optional<Rule> rule;
    if (!w.rule.empty()) rule = rule_of(w.rule);
    return Warning{std::string(interp::kind_name(w.kind)),
                   w.ply,
                   w.pos.line,
                   w.pos.column,
                   w.written,
                   w.canonical,
                   rule,
                   w.message};
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
    FenReading out;
    try {
        out.position = Board::from_fen(fen);
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

// The game's AST, its text copied out of the reader's buffer into `arena` (ast::Game::own_strings):
// the views point into it, so a Data never moves once filled.
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

struct GameReader::Impl {
    std::string name;
    std::string text;                      // the input, when read from memory
    std::unique_ptr<interp::Input> input;  // the file, plain or compressed, when read from one
    std::unique_ptr<syntax::PgnReader> reader;
    bool done = false;
    ~Impl() { reader.reset(); }  // before the Input whose stream it reads
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
    auto data = std::make_shared<Game::Data>();
    if (!impl_->reader->next(data->game)) {
        impl_->done = true;
        // the decompressor's message names the file and the byte; the reader's only says EIO
        if (impl_->input)
            if (std::string why = impl_->input->error(); !why.empty()) throw std::runtime_error(why);
        if (!impl_->reader->io_error().empty()) throw std::runtime_error(impl_->reader->io_error());
        return std::nullopt;
    }
    data->source = impl_->name;
    data->game.own_strings(data->arena, ast::Game::RawText::Drop);
    return Game(std::move(data));
}

std::vector<Game> read_games(std::string_view pgn, std::string name) {
    GameReader reader{std::string(pgn), std::move(name)};
    std::vector<Game> out;
    while (auto g = reader.next()) out.push_back(std::move(*g));
    return out;
}

// ---- a game judged -------------------------------------------------------------------------------

Verdict judge(const Game& game, const JudgeOptions& options) {
    interp::Options o;
    o.strict = options.strict;
    interp::Interpreter interpreter(o);
    interp::Verdict v;
    interpreter.run(game.data().game, v);
    Verdict out;
    out.verdict = status_of(v.kind);
    out.plies = v.plies;
    if (v.error) {
        const interp::ErrorInfo& e = *v.error;
        out.error = GameError{e.ply,      e.move_number,   e.side == Color::White ? Side::White : Side::Black,
                              e.written,  rule_of(e.rule), e.message,
                              e.pos.line, e.pos.column};
    }
    for (const interp::Warning& w : v.warnings) out.warnings.push_back(warning_of(w));
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
    if (v.white || v.black)
        out.players = Players{v.white, v.black};
    else
        out.players.reset();
    out.result.reset();
    if (v.result) out.result = result_of(*v.result);
    out.result_tag = v.result_tag;
    static const std::string envelope = interp::envelope_members("verdict", sem::Reading::laws());
    interp::append_verdict_json(out.json, envelope, game.source(), v);
    return out;
}

}  // namespace pgnsem::api
