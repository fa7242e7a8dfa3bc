// Positions for the property tests: random walks through the semantics from σ₀ or from positions
// chosen to break move generators (castling rights under attack, pins on the rank and the
// diagonal, double check, en passant with pins and checks, promotions by push and capture). Each
// step picks one of the legal moves — the fast generator chooses, for speed, and the reference T
// plays it (and must accept it: a disagreement fails the walk). The seed is fixed by ctest
// (RC_PARAMS); a run by hand prints its seed so a failure can be replayed.
#pragma once

#include <rapidcheck.h>

#include <iterator>
#include <vector>

#include "semantics/fast/legal_moves.hpp"
#include "tests/semantics/helpers.hpp"

namespace pgnsem::sem::testing {

// One step of a walk: σ, the move chosen and what the reference T made of it.
struct WalkStep {
    State before;
    ConcreteMove move;
    Terminates result;
};

inline constexpr const char* kTrickyStarts[] = {
    // Kiwipete: castling both ways with attacked squares, pins, en passant after b2-b4 / g2-g4.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
    // pins along the rank and en passant that would expose the king.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
    "8/8/8/KPp4r/8/8/8/4k3 w - c6",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3",
    // promotions by push and by capture, with checks.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq -",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ -",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - -",
    // a quiet middle game, many pieces of each kind.
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - -",
    // double check, castling next to attacks, two knights and two rooks reaching one square.
    "4k3/8/8/8/8/5n2/4r3/R3K2R w KQ -",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq -",
    "k7/8/8/8/8/8/6r1/4K2R w K -",
    "4k3/8/1N3N2/8/R6R/8/1N3N2/4K3 w - -",
    "3qk3/8/8/Q7/8/8/8/Q3K2Q w - -",
};

inline State start_position() {
    const int pick = *rc::gen::inRange(0, 2 * static_cast<int>(std::size(kTrickyStarts)));
    if (pick >= static_cast<int>(std::size(kTrickyStarts))) return initial_state();
    const auto s = sigma_from_fen(kTrickyStarts[pick]);
    RC_ASSERT(s.has_value());
    return *s;
}

// Walks from a start position following the choices (each taken modulo the number of legal
// moves) until the choices run out or the game is over.
inline std::vector<WalkStep> walk(const std::vector<std::uint32_t>& choices) {
    std::vector<WalkStep> steps;
    State s = start_position();
    for (std::uint32_t c : choices) {
        const MoveList moves = fast::legal_moves(s);
        if (moves.size == 0) break;
        const ConcreteMove m = moves.moves[c % moves.size];
        const Termination t = terminates_concrete(s, m);
        RC_ASSERT(boost::variant2::holds_alternative<Terminates>(t));
        steps.push_back(WalkStep{s, m, boost::variant2::get<Terminates>(t)});
        s = steps.back().result.next;
    }
    return steps;
}

}  // namespace pgnsem::sem::testing
