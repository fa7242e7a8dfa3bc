// What the equations of castling and promotion are made of (§3.2.2), in a header of its own so
// that the fast path (semantics/fast/) shares them with the reference instead of restating them:
// where a castling moves the king and the rook, and which id a promoted piece takes.
#pragma once

#include <array>
#include <cstdint>

#include "ast/ast.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// The id a promoted piece takes: the paper's ten cases (§3.2.2, [[Q::=::T]]).
[[nodiscard]] PieceId promoted_id(Color c, ast::PromotionPiece t, Square to) noexcept;

// The squares of a castling: where the king and the rook stand and go, the squares between
// them that must be empty (nearest the king first), the square the king crosses, and the
// corner's rook flag. These are the Laws'; the paper's typos are errata, read in denote_castle.
struct CastleSquares {
    Square king_from, king_to, rook_from, rook_to, crossed;
    PieceId king, rook;
    std::uint8_t corner;
    std::array<Square, 3> between;
    int between_count;
};
[[nodiscard]] constexpr CastleSquares castle_squares(Color c, ast::CastleSide side) noexcept {
    const int base = c == Color::White ? 0 : 56;
    const auto sq = [base](int f) { return Square::unchecked(base + f); };
    const bool white = c == Color::White;
    const PieceId king = white ? kWhiteKing : kBlackKing;
    if (side == ast::CastleSide::King)
        return CastleSquares{sq(4),
                             sq(6),
                             sq(7),
                             sq(5),
                             sq(5),
                             king,
                             white ? kWhiteKingsideRook : kBlackKingsideRook,
                             white ? std::uint8_t{kCornerH1} : std::uint8_t{kCornerH8},
                             {sq(5), sq(6), sq(6)},
                             2};
    return CastleSquares{sq(4),
                         sq(2),
                         sq(0),
                         sq(3),
                         sq(3),
                         king,
                         white ? kWhiteQueensideRook : kBlackQueensideRook,
                         white ? std::uint8_t{kCornerA1} : std::uint8_t{kCornerA8},
                         {sq(3), sq(2), sq(1)},
                         3};
}

}  // namespace pgnsem::sem
