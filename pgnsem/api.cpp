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

std::string_view side_name(Side s) noexcept {
    return s == Side::White ? "white" : "black";
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

Warning warning_of(const interp::Warning& w) {
    return Warning{std::string(interp::kind_name(w.kind)),
                   w.ply,
                   w.pos.line,
                   w.pos.column,
                   w.written,
                   w.canonical,
                   w.rule,
                   w.message};
}

}  // namespace

// ---- positions -----------------------------------------------------------------------------------

Position::Position() : sigma_(sem::initial_state()) {}

std::string Position::fen() const {
    return interp::fen_of(sigma_);
}

bool Position::white_to_move() const noexcept {
    return sem::to_move(sigma_) == Color::White;
}

std::string_view Position::end() const noexcept {
    switch (sem::fast_engine().outcome(sigma_)) {
        case sem::Outcome::Ongoing: return "";
        case sem::Outcome::Checkmate: return "checkmate";
        case sem::Outcome::Stalemate: return "stalemate";
    }
    PGNSEM_UNREACHABLE("every outcome is listed");
}

std::vector<LegalMove> Position::legal_moves() const {
    const sem::Engine& e = sem::fast_engine();
    std::vector<LegalMove> out;
    for (const sem::ConcreteMove& m : e.legal_moves(sigma_)) {
        const sem::Termination t = e.terminates_concrete(sigma_, m);
        const sem::Accepted& ok = v2::get<sem::Accepted>(t);
        out.push_back(LegalMove{interp::uci_text(m), interp::canonical_text(e, sigma_, ok.action, ok.next)});
    }
    std::sort(out.begin(), out.end(), [](const LegalMove& a, const LegalMove& b) { return a.uci < b.uci; });
    return out;
}

MoveJudgement Position::judge(std::string_view move) const {
    MoveJudgement out;
    const auto parsed = syntax::parse_san(move);
    if (const auto* error = v2::get_if<syntax::SanError>(&parsed)) {
        out.status = Status::Malformed;
        out.rule = std::string(error->kind);
        out.message = std::string(error->message) + " (column " + std::to_string(error->column + 1) + ")";
        return out;
    }
    const sem::Engine& e = sem::fast_engine();
    const interp::Judged j = interp::judge_move(e, v2::get<ast::Move>(parsed), sigma_);
    if (!j.defined()) {
        const interp::Refusal r = interp::refusal(e, j, sigma_, move);
        out.status = Status::Illegal;
        out.rule = std::string(sem::rule_id(r.rule));
        out.message = r.message;
        return out;
    }
    const interp::Played p = j.played();
    out.san = interp::canonical_text(e, sigma_, p.action, p.next);
    out.uci = interp::uci_text(p.action);
    // The claims the text makes, as the main line checks them, but for the move number: a move on
    // its own has none.
    ast::Ply ply;
    ply.move = v2::get<ast::Move>(parsed);
    ply.text = move;
    std::vector<interp::Warning> warnings;
    interp::check_claims(e, warnings, ply, 0, sigma_, p, false, false, interp::actual_claim(e, p.next, p.check));
    for (const interp::Warning& w : warnings) out.warnings.push_back(warning_of(w));
    out.after = Position(p.next);
    return out;
}

FenReading read_fen(std::string_view fen) {
    FenReading out;
    const syntax::FenResult parsed = syntax::parse_fen(fen);
    if (const auto* error = v2::get_if<syntax::FenError>(&parsed)) {
        out.rule = "syntax/fen";
        out.message = "the FEN does not parse: " + std::string(error->field) + " field, column " +
                      std::to_string(error->column + 1) + ": " + error->message;
        return out;
    }
    const Placement& placement = v2::get<Placement>(parsed);
    const sem::State s = sem::from_placement(placement);
    const sem::Problems problems = sem::validate(placement);
    if (problems.empty()) {
        out.position = Position(s);
        return out;
    }
    // As a game's FEN tag is refused (interpreter/start_position.cpp): the first problem's rule,
    // every problem in the message.
    out.rule = std::string(sem::rule_id(problems.items[0].rule));
    out.message = "the position cannot arise in a game: ";
    for (std::size_t i = 0; i < problems.size; ++i) {
        if (i > 0) out.message += "; ";
        out.message += interp::explain_problem(problems.items[i].rule, problems.items[i].detail, s);
    }
    return out;
}

SanReading read_san(std::string_view token) {
    SanReading out;
    const auto parsed = syntax::parse_san(token);
    if (const auto* error = v2::get_if<syntax::SanError>(&parsed)) {
        out.rule = std::string(error->kind);
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
        out.error = GameError{e.ply,      e.move_number, e.side == Color::White ? Side::White : Side::Black,
                              e.written,  e.rule,        e.message,
                              e.pos.line, e.pos.column};
    }
    for (const interp::Warning& w : v.warnings) out.warnings.push_back(warning_of(w));
    out.position_after = Position(v.final_state);
    out.fen_after = v.fen_after;
    static const std::string envelope = interp::envelope_members("verdict", sem::Reading::laws());
    interp::append_verdict_json(out.json, envelope, game.source(), v);
    return out;
}

}  // namespace pgnsem::api
