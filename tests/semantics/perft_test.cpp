// L8: perft(σ, d) counts the leaves of the tree legal_moves spans, and matches the published
// counts (Chess Programming Wiki "Perft Results"; facts written in): the fast path's perft at every
// depth given, the reference's (every move tried with T) at the shallow ones. Sanitizer builds
// (PGNSEM_PERFT_SCALE = 0) run the shallower depths only.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "semantics/fast/legal_moves.hpp"
#include "tests/semantics/helpers.hpp"

using namespace pgnsem;
using namespace pgnsem::sem;
using namespace pgnsem::sem::testing;

namespace {

struct Count {
    int depth;
    std::uint64_t nodes;
};

// The fast perft at every depth in the default build, up to `reduced` under the sanitizers; the
// reference's up to `reference` (it tries every move of every piece with T at every node).
void check_perft(const State& s, std::initializer_list<Count> counts, int reduced, int reference = 2) {
    for (const Count& c : counts) {
        if (PGNSEM_PERFT_SCALE == 0 && c.depth > reduced) continue;
        INFO("depth " << c.depth);
        CHECK(fast::perft(s, c.depth) == c.nodes);
        if (c.depth <= reference - (PGNSEM_PERFT_SCALE == 0 ? 1 : 0)) CHECK(perft(s, c.depth) == c.nodes);
    }
}

// The tree itself, without bulk counting: the definition L8 states.
std::uint64_t leaves(const State& s, int depth) {
    if (depth == 0) return 1;
    std::uint64_t n = 0;
    for (const ConcreteMove& m : legal_moves(s)) {
        const Termination t = terminates_concrete(s, m);
        REQUIRE(boost::variant2::holds_alternative<Accepted>(t));
        n += leaves(boost::variant2::get<Accepted>(t).next, depth - 1);
    }
    return n;
}

}  // namespace

TEST_CASE("L8 perft of the start position to depth 5", "[perft][L8]") {
    check_perft(initial_state(), {{1, 20}, {2, 400}, {3, 8902}, {4, 197281}, {5, 4865609}}, 3, 3);
}

TEST_CASE("L8 perft of Kiwipete to depth 4", "[perft][L8]") {
    check_perft(fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"),
                {{1, 48}, {2, 2039}, {3, 97862}, {4, 4085603}}, 2);
}

TEST_CASE("L8 perft of positions 3 to 6 of the published suite", "[perft][L8]") {
    check_perft(fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -"), {{1, 14}, {2, 191}, {3, 2812}, {4, 43238}, {5, 674624}},
                3);
    check_perft(fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq -"),
                {{1, 6}, {2, 264}, {3, 9467}, {4, 422333}}, 3);
    check_perft(fen("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ -"),
                {{1, 6}, {2, 264}, {3, 9467}, {4, 422333}}, 3);
    check_perft(fen("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ -"), {{1, 44}, {2, 1486}, {3, 62379}}, 2);
    check_perft(fen("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - -"),
                {{1, 46}, {2, 2079}, {3, 89890}}, 2);
}

TEST_CASE("L8 perft equals the leaves of the tree T spans", "[perft][L8]") {
    const State kiwipete = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    CHECK(fast::perft(kiwipete, 2) == leaves(kiwipete, 2));
    CHECK(perft(kiwipete, 2) == leaves(kiwipete, 2));
    const State pos3 = fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -");
    CHECK(fast::perft(pos3, 3) == leaves(pos3, 3));
    CHECK(fast::perft(initial_state(), 0) == 1);
    CHECK(perft(initial_state(), 0) == 1);
}

// A FEN can place far more pieces than a game reaches: 270 legal moves for White here (Stockfish
// 15.1's perft 1 agrees), past the 256 a move list once held. The list holds MoveList::kCapacity,
// a bound for any placement (semantics/partial.hpp); both engines list the same moves, once each.
TEST_CASE("L8 move lists hold every legal move of any placement, past 256", "[perft][L8]") {
    for (const char* placement :
         {"kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -", "kqqqqqqq/q6q/q6q/q6q/q6q/q6q/br5q/Kbqqqqqq b - -"}) {
        INFO(placement);
        const State s = fen(placement);
        const MoveList fast_list = fast::legal_moves(s);
        const MoveList reference_list = legal_moves(s);
        CHECK(fast_list.size == 270);
        CHECK(reference_list.size == 270);
        CHECK(fast::perft(s, 1) == 270);
        CHECK(fast::perft(s, 2) == 0);  // every move mates or stalemates the lone black king
        CHECK(perft(s, 2) == 0);
        CHECK(leaves(s, 1) == 270);
        const std::vector<int> a = sorted_move_keys(fast_list), b = sorted_move_keys(reference_list);
        CHECK(std::adjacent_find(a.begin(), a.end()) == a.end());
        CHECK(a == b);
    }
}
