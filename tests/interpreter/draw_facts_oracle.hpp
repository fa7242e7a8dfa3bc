// The draw facts of a game recomputed the plain way, ply by ply, straight from the Laws' wording
// (README "Verdicts"; interpreter/draws.hpp keeps them incrementally, with windows, keys, a hash
// table and counters, and only looks for an announced claim when one could exist). For each
// position P_N after N plies (P_0 the start):
//   - 9.3 claimable: P_N's clock is at least 100, or some legal move leads to a clock of 100;
//   - 9.2 claimable: P_N has occurred three times (Art. 9.2.3's "same position",
//     sem::position_of), or some legal move leads to a position that occurred twice in P_0 … P_N;
//   - 9.6.2: the clock is at least 150; 9.6.1: P_N has occurred five times; 5.2.2: dead (the
//     material rules of laws/dead_position.hpp at every ply, and the structure rules
//     (interp::dead_by_structure) with pawns and no rook or queen at ply 0 and after each move
//     that cannot be undone — a capture or pawn move, one that loses a castling right, the move
//     after a double step: this oracle checks when the facts hold, not which positions are dead);
//   - nothing holds at a last position that is checkmate or stalemate.
// Repetitions are counted over the whole game, not since the last capture or pawn move: those
// moves cannot be undone, so no earlier position can recur, and the window is an optimisation.
#pragma once

#include <boost/variant2/variant.hpp>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "interpreter/draws.hpp"
#include "laws/dead_position.hpp"
#include "semantics/legal_moves.hpp"
#include "semantics/position.hpp"
#include "semantics/state.hpp"
#include "semantics/terminates.hpp"

namespace pgnsem::test {

inline interp::DrawFacts draw_facts_oracle(const std::vector<sem::State>& states) {
    interp::DrawFacts d;
    std::vector<sem::Position> seen;
    const auto count = [&](const sem::Position& p) {
        std::uint32_t n = 0;
        for (const sem::Position& q : seen) n += q == p ? 1 : 0;
        return n;
    };
    const auto first = [](std::uint32_t& field, std::uint32_t ply) {
        if (!interp::DrawFacts::held(field)) field = ply;
    };
    for (std::size_t i = 0; i < states.size(); ++i) {
        const sem::State& s = states[i];
        const auto ply = static_cast<std::uint32_t>(i);
        seen.push_back(sem::position_of(s));
        const std::uint32_t here = count(seen.back());
        bool quiet_to_100 = false, third_time = false;
        for (const sem::ConcreteMove m : sem::legal_moves(s)) {
            const sem::Termination t = sem::terminates_concrete(s, m);
            const auto* ok = boost::variant2::get_if<sem::Accepted>(&t);
            if (ok == nullptr) continue;
            quiet_to_100 = quiet_to_100 || ok->next.halfmove_clock >= 100;
            third_time = third_time || count(sem::position_of(ok->next)) >= 2;
        }
        if (s.halfmove_clock >= 100 || quiet_to_100) first(d.fifty_moves, ply);
        if (here >= 3 || third_time) first(d.threefold, ply);
        if (s.halfmove_clock >= 150) first(d.seventy_five_moves, ply);
        if (here >= 5) first(d.fivefold, ply);
        if (sem::laws::dead_by_material(s)) first(d.dead_position, ply);
        int pawns = 0, majors = 0;
        for (const sem::PieceId id : s.board) {
            if (id.empty()) continue;
            pawns += sem::kind_of(id) == PieceKind::Pawn ? 1 : 0;
            majors += sem::kind_of(id) == PieceKind::Rook || sem::kind_of(id) == PieceKind::Queen ? 1 : 0;
        }
        const auto after_double_step = [](const sem::State& t) {
            for (const std::uint16_t stamp : t.two_step)
                if (stamp + 1u == t.turn) return true;
            return false;
        };
        const bool irreversible = i == 0 || s.halfmove_clock == 0 || s.king_moved != states[i - 1].king_moved ||
                                  s.rook_moved != states[i - 1].rook_moved || after_double_step(states[i - 1]);
        if (pawns > 0 && majors == 0 && irreversible && interp::dead_by_structure(s)) first(d.dead_position, ply);
    }
    if (!states.empty() && sem::outcome(states.back()) != sem::Outcome::Ongoing)
        d.end_at(static_cast<std::uint32_t>(states.size() - 1));
    return d;
}

}  // namespace pgnsem::test
