// Internal to semantics/: the movement rules of each kind of piece, shared by GTSS/GCSS
// (find_source.cpp), which look for the piece, and by [[M]] for moves written by their squares
// (denote.cpp), which are given it. "Reaches" ignores every other piece; "blocker" is the first
// piece in the way; the pawn rules name the failure the brief's rule ids describe.
#pragma once

#include <optional>

#include "semantics/board.hpp"
#include "semantics/fast/geometry.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

// forward, start_rank, last_rank, en_passant_rank: the reference's plain geometry (semantics/board.hpp).

// Can a piece of kind k and colour c on `from` reach `to` on an otherwise empty board?
// Pawns: a push (one square, or two from the start rank) or, when `capture`, a diagonal step.
[[nodiscard]] bool reaches(PieceKind k, Color c, int from, int to, bool capture) noexcept;

// The squares that must be empty for a piece of kind k to go from `from` to `to` (which it
// reaches): those strictly between, and for a pawn push the destination too (a pawn cannot push
// onto a piece). A knight's jump and a king's step have nothing between (`between` is empty for
// squares not on one line and for neighbours), so no kind is a special case: which kind moves
// differs from move to move, and a branch on it is a guess the processor often gets wrong.
[[nodiscard]] constexpr geo::Bits way(PieceKind k, int from, int to, bool capture) noexcept {
    const bool push = k == PieceKind::Pawn && !capture;
    return geo::between(from, to) | (push ? geo::bit(to) : 0);
}

// The first occupied square on the way from `from` to `to` (nearest `from`), -1 if none. For a
// pawn push the destination itself counts (a pawn cannot push onto a piece).
[[nodiscard]] int blocker(const State& s, PieceKind k, int from, int to, bool capture) noexcept;

// En passant (GCSS, with the paper's stamp): a pawn of the side to move captures diagonally
// onto the empty square `to` on rank 6 (3 for Black), and the enemy pawn behind `to` made its
// double step on the previous turn: two_step[stamp_index(v)] = turn − 1.
[[nodiscard]] bool is_en_passant(const State& s, int from, int to) noexcept;

// For a pawn capture onto `to`: nothing when there is a piece to take or en passant applies;
// otherwise ⊥ with ep/expired, ep/no-double-step or cap/no-victim.
[[nodiscard]] std::optional<Undefined> pawn_capture_victim(const State& s, int from, int to) noexcept;

}  // namespace pgnsem::sem::fast
