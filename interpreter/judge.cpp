// The rare paths of judge_move (interpreter/judge.hpp): a piece move read again with its `x`
// flipped (§8.2.3.3), the rule a refused move is reported under (game/over after checkmate or
// stalemate, Laws 5.1.1 / 5.2.1), and the refusal in words.
#include "interpreter/judge.hpp"

#include <optional>

#include "interpreter/explain.hpp"
#include "semantics/steps.hpp"

namespace pgnsem::interp {
namespace v2 = boost::variant2;

namespace {

// A piece move written with the wrong capture marker, read as the other form (the `x` is a
// claim of the notation, not part of which move is meant — only for pieces: a pawn's `x`
// changes which pawn moves and where).
std::optional<ast::Move> flipped_capture(const ast::Move& m, sem::Failure failed) {
    if (const auto* t = v2::get_if<ast::Traversal>(&m.body);
        t && t->piece != PieceKind::Pawn && failed == sem::Failure::TravOccupied) {
        ast::Move f = m;
        f.body = ast::Capture{t->piece, t->from, t->to};
        return f;
    }
    if (const auto* c = v2::get_if<ast::Capture>(&m.body);
        c && c->piece != PieceKind::Pawn && failed == sem::Failure::CapNoVictim) {
        ast::Move f = m;
        f.body = ast::Traversal{c->piece, c->from, c->to};
        return f;
    }
    return std::nullopt;
}

}  // namespace

[[gnu::cold]] Judged judge_refused(const sem::Engine& e, const ast::Move& m, const sem::State& s, sem::Refused failed) {
    if (auto flipped = flipped_capture(m, failed.rule)) {
        sem::Termination t2 = e.terminates(*flipped, s);
        if (v2::holds_alternative<sem::Accepted>(t2)) return Judged{true, sem::Failure::GameOver, t2};
    }
    if (v2::holds_alternative<ast::NullMove>(m.body)) return Judged{false, sem::Failure::MoveNull, failed};
    return Judged{false, sem::reported_rule(failed, s, e), failed};
}

Refusal refusal(const sem::Engine& e, const Judged& j, const sem::State& s, std::string_view written) {
    std::string message = explain_failure(j.failure(), s, written, e.reading());
    if (j.rule != sem::Failure::GameOver) return {j.rule, std::move(message)};
    const char* why = e.in_check(s, sem::to_move(s))
                          ? (sem::to_move(s) == Color::White ? "White is checkmated" : "Black is checkmated")
                          : "stalemate";
    return {j.rule, std::string("the game was already over: ") + why + " (" + message + ")"};
}

}  // namespace pgnsem::interp
