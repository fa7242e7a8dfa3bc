// L5 and L7 across the layers, on positions reached by walking the semantics with rapidcheck:
// for every enumerated legal move, the canonical SAN uses the minimal disambiguation among legal
// moves (§8.2.3.4), prints, reads back as the same AST, and T of what was read gives the same σ'.
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <vector>

#include "semantics/fast/legal_moves.hpp"
#include "semantics/legal_moves.hpp"
#include "semantics/terminates.hpp"
#include "syntax/san.hpp"

using namespace pgnsem;
namespace v2 = boost::variant2;

namespace {

// The disambiguator a canonical move carries (pieces only), and its destination and kind.
struct Shape {
    PieceKind kind;
    ast::Disambiguator dis;
    Square to;
};

std::optional<Shape> shape(const ast::Move& m) {
    if (auto* t = v2::get_if<ast::Traversal>(&m.body)) return Shape{t->piece, t->from, t->to};
    if (auto* c = v2::get_if<ast::Capture>(&m.body)) return Shape{c->piece, c->from, c->to};
    return std::nullopt;
}

// §8.2.3.4: the first of (none, file, rank, square) that tells the move apart from the other
// legal moves of the same kind to the same square.
ast::Disambiguator minimal(const sem::State& s, const sem::ConcreteMove& m, PieceKind kind) {
    bool other = false, same_file = false, same_rank = false;
    for (const sem::ConcreteMove& o : sem::fast::legal_moves(s)) {
        if (o.to != m.to || o.from == m.from) continue;
        if (sem::kind_of(sem::at(s, o.from)) != kind) continue;
        other = true;
        if (o.from.file() == m.from.file()) same_file = true;
        if (o.from.rank() == m.from.rank()) same_rank = true;
    }
    if (!other) return {};
    if (!same_file) return {m.from.file(), std::nullopt};
    if (!same_rank) return {std::nullopt, m.from.rank()};
    return {m.from.file(), m.from.rank()};
}

}  // namespace

TEST_CASE("L5/L7 every enumerated move prints as minimal SAN, reads back, and replays to the same state",
          "[property][san]") {
    rc::prop("walk", [](std::vector<std::uint32_t> choices) {
        sem::State s = sem::initial_state();
        for (std::uint32_t c : choices) {
            const sem::MoveList moves = sem::fast::legal_moves(s);
            if (moves.size == 0) break;
            for (const sem::ConcreteMove& m : moves) {
                const auto t = sem::terminates_concrete(s, m);
                RC_ASSERT(v2::holds_alternative<sem::Accepted>(t));
                const auto& ok = v2::get<sem::Accepted>(t);
                const ast::Move canonical = sem::canonical_move(s, ok.action, ok.next);
                const PieceKind kind = sem::kind_of(sem::at(s, m.from));
                if (auto sh = shape(canonical); sh && kind != PieceKind::Pawn)
                    RC_ASSERT(sh->dis == minimal(s, m, kind));
                const auto text = syntax::print_san(canonical);
                const auto parsed = syntax::parse_san(text.view());
                RC_ASSERT(v2::holds_alternative<ast::Move>(parsed));
                RC_ASSERT(v2::get<ast::Move>(parsed) == canonical);
                const auto replay = sem::terminates(v2::get<ast::Move>(parsed), s);
                RC_ASSERT(v2::holds_alternative<sem::Accepted>(replay));
                RC_ASSERT(v2::get<sem::Accepted>(replay).next == ok.next);
            }
            const sem::ConcreteMove chosen = *(moves.begin() + c % moves.size);
            s = v2::get<sem::Accepted>(sem::terminates_concrete(s, chosen)).next;
        }
    });
}
