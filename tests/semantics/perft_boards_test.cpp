// Lemma F8 (proofs-notes/invariants.md): the bit sets perft keeps beside σ, updated move by move
// (fast::boards_after), are the sets derived from σ′ (fast::boards_of), for every legal move of
// the positions of random walks and of positions chosen for the moves that change more than two
// squares or take a piece off a castling corner; and along a whole walk, where the kept sets are
// never derived again, as perft keeps them.
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "semantics/fast/boards.hpp"
#include "semantics/fast/equations.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "tests/semantics/walks.hpp"

using namespace pgnsem;
using namespace pgnsem::sem;
using namespace pgnsem::sem::testing;

namespace {

bool same_boards(const fast::Boards& a, const fast::Boards& b) {
    return a.colour == b.colour && a.kind == b.kind && a.occupied == b.occupied;
}

// Every legal move of σ: the kept sets of σ′ equal the derived ones.
bool every_move_keeps_boards(const State& s) {
    const fast::Boards b = fast::boards_of(s);
    for (const ConcreteMove& m : fast::legal_moves(s)) {
        const fast::Position next_position = fast::apply_concrete(fast::position_from(s), m).next;
        if (next_position.king != fast::kings_of_scalar(next_position.sigma)) return false;
        const State& next = next_position.sigma;
        if (!same_boards(fast::boards_after(s, b, m), fast::boards_of(next))) return false;
    }
    return true;
}

// Positions where a move changes more than two squares (castling, en passant), promotes (by push
// and by capture, onto a rook's corner too), or takes a rook on its corner.
constexpr const char* kCornerCases[] = {
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq -",
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq -",
    "r3k2r/6B1/8/8/8/8/1b6/R3K2R w KQkq -",
    "r3k2r/6B1/8/8/8/8/1b6/R3K2R b KQkq -",
    "r3k2r/8/1N6/8/8/1n6/8/R3K2R w KQkq -",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6",
    "4k3/8/8/8/3pP3/8/8/4K3 b - e3",
    "1r2k2r/P7/8/8/8/8/7p/R3K1R1 w Qk -",
};

}  // namespace

TEST_CASE("F8 perft's kept bit sets = those derived from σ′, on walks", "[property][F8]") {
    rc::prop("F8", [](const std::vector<std::uint32_t>& choices) {
        const std::vector<WalkStep> steps = walk(choices);
        // As perft keeps them: derived once, at the walk's start, then only updated.
        fast::Boards kept = steps.empty() ? fast::Boards{} : fast::boards_of(steps.front().before);
        for (const WalkStep& step : steps) {
            RC_ASSERT(every_move_keeps_boards(step.before));
            RC_ASSERT(fast::apply_concrete(fast::position_from(step.before), step.move).next.sigma == step.result.next);
            kept = fast::boards_after(step.before, kept, step.move);
            RC_ASSERT(same_boards(kept, fast::boards_of(step.result.next)));
        }
        if (!steps.empty()) RC_ASSERT(every_move_keeps_boards(steps.back().result.next));
    });
}

TEST_CASE("F8 perft's kept bit sets = those derived from σ′, two plies from chosen positions", "[F8]") {
    std::vector<std::string> fens(std::begin(kCornerCases), std::end(kCornerCases));
    for (const char* f : kTrickyStarts) fens.emplace_back(f);
    for (const std::string& fen : fens) {
        INFO(fen);
        const auto s = sigma_from_fen(fen);
        REQUIRE(s.has_value());
        CHECK(every_move_keeps_boards(*s));
        for (const ConcreteMove& m : fast::legal_moves(*s)) {
            INFO(m.from.index() << "-" << m.to.index());
            CHECK(every_move_keeps_boards(fast::apply_concrete(fast::position_from(*s), m).next.sigma));
        }
    }
}
