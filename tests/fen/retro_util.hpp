// Shared by the retro-analysis tests (tests/fen/retro_test.cpp, tests/interpreter/retro_gen_test.cpp):
// whether a position is in check, whether validate() flags it `position/impossible-check` now, and
// whether the rule before the retro-analysis (tests/fen/before_retro.hpp) did; and a tally of both
// over positions in check, for the before/after counts the tests print.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "laws/setup.hpp"
#include "semantics/in_check.hpp"
#include "semantics/rules.hpp"
#include "tests/fen/before_retro.hpp"

namespace pgnsem::test {

struct CheckInfo {
    int king = -1;               // the side to move's king, -1 unless each side has exactly one
    std::uint64_t checkers = 0;  // the pieces that check it
    bool king_checks = false;    // the other king is among them (already position/opposite-check)
    bool ep_consistent = false;  // an en passant target on the right rank, the pawn in front, both behind empty
};

inline CheckInfo check_info(const Placement& p) {
    CheckInfo out;
    const Color us = p.side_to_move;
    const Color them = opposite(us);
    int kings[2] = {0, 0};
    int their_king = -1;
    for (int q = 0; q < 64; ++q) {
        const auto& x = p.squares[static_cast<std::size_t>(q)];
        if (!x || x->kind != PieceKind::King) continue;
        ++kings[static_cast<int>(x->color)];
        (x->color == us ? out.king : their_king) = q;
    }
    if (kings[0] != 1 || kings[1] != 1) {
        out.king = -1;
        return out;
    }
    out.checkers = sem::attackers(sem::from_placement(p), Square::unchecked(out.king), them).bits();
    out.king_checks = (out.checkers >> their_king) & 1u;
    if (p.en_passant) {
        const int e = p.en_passant->index();
        const int step = them == Color::White ? 8 : -8;
        const int rank = them == Color::White ? 2 : 5;
        const auto& pawn = p.squares[static_cast<std::size_t>(e + step)];
        out.ep_consistent = e / 8 == rank && pawn && pawn->color == them && pawn->kind == PieceKind::Pawn &&
                            !p.squares[static_cast<std::size_t>(e)] && !p.squares[static_cast<std::size_t>(e - step)];
    }
    return out;
}

inline bool flagged_now(const Placement& p) {
    for (const auto& problem : sem::validate(p))
        if (problem.rule == sem::PositionRule::PosImpossibleCheck) return true;
    return false;
}

inline bool flagged_before(const Placement& p, const CheckInfo& info) {
    if (info.king < 0 || info.king_checks) return false;
    return before_retro::flagged(p, info.king, info.checkers, info.ep_consistent);
}

// Positions in check (one king each), and how many of them each rule flags.
struct Tally {
    std::size_t in_check = 0;
    std::size_t flagged_before = 0;
    std::size_t flagged_now = 0;
    std::size_t single_checks_flagged_now = 0;
    // flagged by the old rule and not by the new one: must stay 0
    std::size_t lost = 0;

    // Counts p if it is in check; returns whether the new rule flags it.
    bool add(const Placement& p) {
        const CheckInfo info = check_info(p);
        if (info.king < 0 || info.checkers == 0) return false;
        ++in_check;
        const bool before = test::flagged_before(p, info);
        const bool now = test::flagged_now(p);
        if (before) ++flagged_before;
        if (now) ++flagged_now;
        if (now && std::popcount(info.checkers) == 1) ++single_checks_flagged_now;
        if (before && !now) ++lost;
        return now;
    }
};

}  // namespace pgnsem::test
