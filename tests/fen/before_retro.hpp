// The position/impossible-check rule as laws/setup.cpp had it before the retro-analysis of
// laws/retro.cpp replaced it (two checkers no single move could give, judged by geometry
// alone; a check a consistent en passant target's double step cannot explain), kept verbatim
// for the tests: every position it flagged the retro-analysis must flag too, and the counts of
// flagged positions before and after are measured with it.
#pragma once

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <utility>

#include "ast/placement.hpp"

namespace pgnsem::test::before_retro {

using Bits = std::uint64_t;

constexpr Bits bit(int q) noexcept {
    return Bits{1} << q;
}
constexpr int file_of(int q) noexcept {
    return q & 7;
}
constexpr int rank_of(int q) noexcept {
    return q >> 3;
}
constexpr std::size_t idx(int q) noexcept {
    return static_cast<std::size_t>(q);
}
inline bool is_piece(const Placement& p, int q, Color c, PieceKind k) noexcept {
    const auto& x = p.squares[idx(q)];
    return x && x->color == c && x->kind == k;
}
inline bool empty_at(const Placement& p, int q) noexcept {
    return !p.squares[idx(q)].has_value();
}

// The rank a colour's pawns promote on, and the rank they start on (0-based).
inline constexpr int last_rank(Color c) noexcept {
    return c == Color::White ? 7 : 0;
}
// The square index a colour's pawn moves by: one rank up for White, down for Black.
constexpr int pawn_step_index(Color c) noexcept {
    return c == Color::White ? 8 : -8;
}

// The squares strictly between a and b when they share a rank, file or diagonal; none otherwise
// (a knight's or a non-aligned pair has nothing between them).
inline Bits between(int a, int b) noexcept {
    const int df = file_of(b) - file_of(a);
    const int dr = rank_of(b) - rank_of(a);
    if (a == b) return 0;
    if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)) return 0;
    const int step = (dr > 0 ? 8 : dr < 0 ? -8 : 0) + (df > 0 ? 1 : df < 0 ? -1 : 0);
    Bits out = 0;
    for (int q = a + step; q != b; q += step) out |= bit(q);
    return out;
}

// The squares a piece of kind k and colour c could have stood on for its last move to land on
// `to` (ignoring captures made on `to`, which do not change where it came from): the reverse of
// its moves, with the current board for the squares a slider passes over. A pawn includes its
// pushes, double step and captures; the en passant capture is handled by the caller, since it
// also empties a second square.
inline Bits origins(const Placement& p, PieceKind k, Color c, int to) noexcept {
    Bits out = 0;
    const int tf = file_of(to);
    const int tr = rank_of(to);
    auto add_if = [&](int f, int r) {
        if (f >= 0 && f < 8 && r >= 0 && r < 8) out |= bit(r * 8 + f);
    };
    auto slide = [&](int df, int dr) {
        for (int f = tf + df, r = tr + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
            out |= bit(r * 8 + f);
            if (!empty_at(p, r * 8 + f)) break;
        }
    };
    switch (k) {
        case PieceKind::Knight:
            for (const auto& d : {std::pair{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
                add_if(tf + d.first, tr + d.second);
            break;
        case PieceKind::Bishop:
            for (const auto& d : {std::pair{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}) slide(d.first, d.second);
            break;
        case PieceKind::Rook:
            for (const auto& d : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) slide(d.first, d.second);
            break;
        case PieceKind::Queen:
            for (const auto& d : {std::pair{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}})
                slide(d.first, d.second);
            break;
        case PieceKind::King:
            for (int df = -1; df <= 1; ++df)
                for (int dr = -1; dr <= 1; ++dr)
                    if (df != 0 || dr != 0) add_if(tf + df, tr + dr);
            break;
        case PieceKind::Pawn: {
            const int back = c == Color::White ? -1 : 1;
            // A pawn never stands on its own first rank, so it cannot have come from there.
            const int first = c == Color::White ? 0 : 7;
            if (tr + back != first) {
                add_if(tf, tr + back);
                add_if(tf - 1, tr + back);
                add_if(tf + 1, tr + back);
            }
            const int double_step_rank = c == Color::White ? 3 : 4;
            if (tr == double_step_rank && empty_at(p, to + back * 8)) add_if(tf, tr + 2 * back);
            break;
        }
    }
    // Origins are empty now: the piece left them (or, for a slider's farthest square, it is
    // the blocker, which cannot be the origin).
    Bits empty = 0;
    for (int q = 0; q < 64; ++q)
        if (empty_at(p, q)) empty |= bit(q);
    return out & empty;
}

// Could one move of colour o leave the king on k checked by both a and b? (Only the two
// checkers are given; each is on the board, of colour o.) The ways a double check arises:
// one piece moves and checks while the square it left (or, en passant, the square of the pawn
// it took) uncovers the other's line; en passant uncovering two lines at once. Castling never
// does: the squares it vacates (e1 and a corner) lie on the board's edge, and the only line
// through them with room on both sides is the first rank, where the castled king and rook now
// stand (proofs-notes/fen-positions.md).
inline bool double_check_possible(const Placement& p, Color o, int k, int a, int b) noexcept {
    const Bits line_a = between(a, k);
    const Bits line_b = between(b, k);
    const int ep_rank = o == Color::White ? 5 : 2;
    const int back = o == Color::White ? -8 : 8;
    for (int pass = 0; pass < 2; ++pass) {
        const int mover = pass == 0 ? a : b;
        const Bits line = pass == 0 ? line_b : line_a;
        if (line == 0) continue;
        const ColoredPiece piece = *p.squares[idx(mover)];
        if (piece.kind == PieceKind::King) continue;
        // The mover came from a square on the other checker's line.
        if (origins(p, piece.kind, o, mover) & line) return true;
        // A promoted piece came from a pawn on the seventh rank (push or capture).
        if (rank_of(mover) == last_rank(o) && piece.kind != PieceKind::Pawn &&
            (origins(p, PieceKind::Pawn, o, mover) & line))
            return true;
        // En passant: the capturing pawn lands on the target square and the captured pawn's
        // square, right behind it, is emptied too.
        if (piece.kind == PieceKind::Pawn && rank_of(mover) == ep_rank && empty_at(p, mover + back)) {
            const Bits from = origins(p, PieceKind::Pawn, o, mover) & ~bit(mover + back);
            if (from != 0 && ((from & line) || (bit(mover + back) & line))) return true;
        }
    }
    // En passant with both checkers uncovered: a pawn of o on the target square, one line through
    // the square it came from and the other through the captured pawn's square.
    for (int f = 0; f < 8; ++f) {
        const int t = ep_rank * 8 + f;
        if (!is_piece(p, t, o, PieceKind::Pawn) || !empty_at(p, t + back)) continue;
        const Bits captured = bit(t + back);
        const Bits from = origins(p, PieceKind::Pawn, o, t) & ~captured;
        for (Bits rest = from; rest != 0; rest &= rest - 1) {
            const Bits s1 = rest & (~rest + 1);
            if (((s1 & line_a) && (captured & line_b)) || ((s1 & line_b) && (captured & line_a))) return true;
        }
    }
    return false;
}

// Whether the old rule flagged p with position/impossible-check, given the squares of the
// checkers of the side to move's king (on k), with one king each and no king among the
// checkers, and whether the en passant target was consistent.
inline bool flagged(const Placement& p, int k, Bits checkers, bool ep_consistent) noexcept {
    const Color them = opposite(p.side_to_move);
    if (checkers == 0) return false;
    if (std::popcount(checkers) == 2) {
        const int a = std::countr_zero(checkers);
        const int b = std::countr_zero(checkers & (checkers - 1));
        if (!double_check_possible(p, them, k, a, b)) return true;
    }
    if (ep_consistent) {
        const int e = p.en_passant->index();
        const int pawn_square = e + pawn_step_index(them);
        const int origin = e - pawn_step_index(them);
        for (Bits rest = checkers; rest != 0; rest &= rest - 1) {
            const int c = std::countr_zero(rest);
            if (c != pawn_square && (between(c, k) & bit(origin)) == 0) return true;
        }
    }
    return false;
}

}  // namespace pgnsem::test::before_retro
