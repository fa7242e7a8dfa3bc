// What the equations of castling and promotion are made of (§3.2.2), in a header of its own so
// that the fast path (semantics/fast/) shares them with the reference instead of restating them:
// where a castling moves the king and the rook, and which id a promoted piece takes.
#pragma once

#include <array>
#include <cstdint>

#include "ast/ast.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// The id a promoted piece takes: the paper's ten cases (§3.2.2, [[Q::=::T]]).
[[nodiscard]] PieceId promoted_id(Color c, ast::PromotionPiece t, Square to) noexcept;

// The squares of a castling (proofs-notes/chess960.md): where the king and the rook stand (their
// colour's castling files) and go (g1 and f1, c1 and d1, on rank 8 for Black), the squares that
// must be empty — every square from the king's start to its destination and from the rook's start
// to its destination, both ends included, except the king's and the rook's own, nearest the king
// first (of two at the same distance, the one on the castling side first) — the squares the king
// crosses, strictly between its start and destination, from the king on, and the rook's flag. In
// standard chess (kStandardFiles) these are the Laws' e1, h1 and f1, g1 (a1 and d1, c1, b1); the
// paper's typos are errata, read in castle_test (semantics/denote.cpp).
struct CastleSquares {
    Square king_from, king_to, rook_from, rook_to;
    PieceId king, rook;
    std::uint8_t corner;
    std::array<Square, 6> between;
    int between_count;
    std::array<Square, 5> crossed;
    int crossed_count;
};
[[nodiscard]] constexpr CastleSquares castle_squares(Color c, ast::CastleSide side, CastlingFiles files) noexcept {
    const int base = c == Color::White ? 0 : 56;
    const auto sq = [base](int f) { return Square::unchecked(base + f); };
    const bool white = c == Color::White;
    const bool king_side = side == ast::CastleSide::King;
    const int k = files.king, r = files.rook[king_side ? 0 : 1];
    const int k_to = king_side ? 6 : 2, r_to = king_side ? 5 : 3;
    CastleSquares q{sq(k),
                    sq(k_to),
                    sq(r),
                    sq(r_to),
                    white ? kWhiteKing : kBlackKing,
                    king_side ? (white ? kWhiteKingsideRook : kBlackKingsideRook)
                              : (white ? kWhiteQueensideRook : kBlackQueensideRook),
                    king_side ? (white ? std::uint8_t{kCornerH1} : std::uint8_t{kCornerH8})
                              : (white ? std::uint8_t{kCornerA1} : std::uint8_t{kCornerA8}),
                    {sq(0), sq(0), sq(0), sq(0), sq(0), sq(0)},
                    0,
                    {sq(0), sq(0), sq(0), sq(0), sq(0)},
                    0};
    const auto within = [](int f, int a, int b) { return (a <= b) ? (a <= f && f <= b) : (b <= f && f <= a); };
    // by distance from the king, the castling side's square first at each distance
    const int toward = king_side ? 1 : -1;
    for (int d = 1; d < 8; ++d)
        for (const int f : {k + toward * d, k - toward * d}) {
            if (f < 0 || f > 7 || f == r) continue;
            if (within(f, k, k_to) || within(f, r, r_to))
                q.between[static_cast<std::size_t>(q.between_count++)] = sq(f);
        }
    const int step = k_to > k ? 1 : -1;
    for (int f = k + step; k != k_to && f != k_to; f += step)
        q.crossed[static_cast<std::size_t>(q.crossed_count++)] = sq(f);
    return q;
}
// The castling of colour c to `side` in σ: from c's castling files.
[[nodiscard]] constexpr CastleSquares castle_squares(const State& s, Color c, ast::CastleSide side) noexcept {
    return castle_squares(c, side, castling_files(s, c));
}

// The move by its squares that a defined move is, as the move generator lists it and UCI writes it:
// its origin, destination and promotion; a castling the king's move to its destination, or, in a
// Chess960 game, the king taking its rook (proofs-notes/chess960.md). `before`: σ the move was made in.
[[nodiscard]] constexpr ConcreteMove concrete_move(const State& before, const Action& a) noexcept {
    if (a.castle && before.chess960)
        return ConcreteMove{a.from, castle_squares(before, color_of(a.piece), *a.castle).rook_from, std::nullopt};
    return ConcreteMove{a.from, a.to, a.promotion};
}

}  // namespace pgnsem::sem
