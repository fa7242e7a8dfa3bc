// Internal to semantics/: the paper's equations of §3.2.2 as functions of a known source.
// denote.cpp finds the source (GTSS/GCSS, or the square a coordinate move names) and then calls
// exactly one of these; perft and the legal-move enumeration call them through apply_concrete,
// so every σ' anyone computes comes from the same equation.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "semantics/partial.hpp"
#include "semantics/state.hpp"
#include "semantics/terminates.hpp"
#include "syntax/ast.hpp"

namespace pgnsem::sem {

// The turn limit: a state with turn ≥ kTurnLimit has no successor (rule game/too-long).
inline constexpr std::uint16_t kTurnLimit = 0xFFFE;

// trav/pawn
[[nodiscard]] Transition pawn_step(const State& s, Square from, Square to) noexcept;
// trav/pawn-double
[[nodiscard]] Transition pawn_double_step(const State& s, Square from, Square to) noexcept;
// trav/piece
[[nodiscard]] Transition piece_traversal(const State& s, Square from, Square to) noexcept;
// trav/king
[[nodiscard]] Transition king_traversal(const State& s, Square from, Square to) noexcept;
// cap/pawn
[[nodiscard]] Transition pawn_capture(const State& s, Square from, Square to) noexcept;
// cap/en-passant
[[nodiscard]] Transition en_passant(const State& s, Square from, Square to) noexcept;
// cap/piece
[[nodiscard]] Transition piece_capture(const State& s, Square from, Square to) noexcept;
// cap/king
[[nodiscard]] Transition king_capture(const State& s, Square from, Square to) noexcept;
// castle/*
[[nodiscard]] Transition castle(const State& s, ast::CastleSide side) noexcept;
// promo/*
[[nodiscard]] Transition promotion(const State& s, Square from, Square to, ast::PromotionPiece t) noexcept;

// The id a promoted piece takes (the paper's table): White N → 2, B → 6 on a light square,
// 3 on a dark one, R → 1, Q → 4; Black N → 18, B → 19 light / 22 dark, R → 17, Q → 20.
[[nodiscard]] PieceId promoted_id(Color c, ast::PromotionPiece t, Square to) noexcept;

// The equation that covers a move whose movement rules hold (the caller checked them): castling
// when the king moves two files, en passant when a pawn moves diagonally onto an empty square,
// and so on.
[[nodiscard]] Transition apply_concrete(const State& s, ConcreteMove m) noexcept;

// The castling squares of the Laws (not the paper's typos): where the king and rook stand and
// go, the squares that must be empty, and the square the king crosses.
struct CastleSquares {
    Square king_from, king_to, rook_from, rook_to, crossed;
    PieceId king, rook;
    std::uint8_t corner;
    // the squares between king and rook, nearest the king first
    std::array<Square, 3> empty;
    int empty_count;
};
[[nodiscard]] constexpr CastleSquares make_castle_squares(Color c, ast::CastleSide side) noexcept {
    const int base = c == Color::White ? 0 : 56;
    const auto sq = [base](int f) { return Square::unchecked(base + f); };
    const PieceId king = c == Color::White ? kWhiteKing : kBlackKing;
    if (side == ast::CastleSide::King) {
        const PieceId rook = c == Color::White ? kWhiteKingsideRook : kBlackKingsideRook;
        return CastleSquares{sq(4),
                             sq(6),
                             sq(7),
                             sq(5),
                             sq(5),
                             king,
                             rook,
                             c == Color::White ? std::uint8_t{kCornerH1} : std::uint8_t{kCornerH8},
                             {sq(5), sq(6), sq(6)},
                             2};
    }
    const PieceId rook = c == Color::White ? kWhiteQueensideRook : kBlackQueensideRook;
    return CastleSquares{sq(4),
                         sq(2),
                         sq(0),
                         sq(3),
                         sq(3),
                         king,
                         rook,
                         c == Color::White ? std::uint8_t{kCornerA1} : std::uint8_t{kCornerA8},
                         {sq(3), sq(2), sq(1)},
                         3};
}
// [colour][side]
inline constexpr CastleSquares kCastleSquares[2][2] = {{make_castle_squares(Color::White, ast::CastleSide::King),
                                                        make_castle_squares(Color::White, ast::CastleSide::Queen)},
                                                       {make_castle_squares(Color::Black, ast::CastleSide::King),
                                                        make_castle_squares(Color::Black, ast::CastleSide::Queen)}};
[[nodiscard]] constexpr const CastleSquares& castle_squares(Color c, ast::CastleSide side) noexcept {
    return kCastleSquares[static_cast<std::size_t>(c)][static_cast<std::size_t>(side)];
}

}  // namespace pgnsem::sem
