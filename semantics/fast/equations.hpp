// Internal to semantics/: the paper's equations of §3.2.2 as functions of a known source.
// denote.cpp finds the source (GTSS/GCSS, or the square a coordinate move names) and then calls
// exactly one of these; perft and the legal-move enumeration call them through apply_concrete,
// so every σ' anyone computes comes from the same equation.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "ast/ast.hpp"
#include "semantics/fast/position.hpp"
#include "semantics/fast/terminates.hpp"
#include "semantics/fast/wide.hpp"
#include "semantics/moves.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

// trav/pawn
[[nodiscard]] Accepted pawn_step(const Position& p, Square from, Square to) noexcept;
// trav/pawn-double
[[nodiscard]] Accepted pawn_double_step(const Position& p, Square from, Square to) noexcept;
// trav/piece
[[nodiscard]] Accepted piece_traversal(const Position& p, Square from, Square to) noexcept;
// trav/king
[[nodiscard]] Accepted king_traversal(const Position& p, Square from, Square to) noexcept;
// cap/pawn
[[nodiscard]] Accepted pawn_capture(const Position& p, Square from, Square to) noexcept;
// cap/en-passant
[[nodiscard]] Accepted en_passant(const Position& p, Square from, Square to) noexcept;
// cap/piece
[[nodiscard]] Accepted piece_capture(const Position& p, Square from, Square to) noexcept;
// cap/king
[[nodiscard]] Accepted king_capture(const Position& p, Square from, Square to) noexcept;
// castle/*
[[nodiscard]] Accepted castle(const Position& p, ast::CastleSide side) noexcept;
// promo/*
[[nodiscard]] Accepted promotion(const Position& p, Square from, Square to, ast::PromotionPiece t) noexcept;

// The equation that covers a move whose movement rules hold (the caller checked them): castling
// when the king moves two files, en passant when a pawn moves diagonally onto an empty square,
// and so on.
[[nodiscard]] Accepted apply_concrete(const Position& p, ConcreteMove m) noexcept;

// σ.board with Q ↦ v and S ↦ 0 (`to`, `from`), in `out`: the board every equation but castling
// writes (en passant then empties the square behind Q). Two widths with the same result (semantics/fast/wide.hpp):
// sixteen squares a step with SSE2 (square by square without SIMD), and thirty-two for the
// processors with AVX2; the equations take the one chosen at start-up, and F3 holds both to the
// definition. write_move_wide's precondition is wide_available(): it asks nothing itself (in a build
// without the wide bodies it is write_move_narrow).
void write_move_narrow(std::array<PieceId, 64>& out, const std::array<PieceId, 64>& in, int from, int to,
                       PieceId v) noexcept;
// Square by square: the readable body the other two must equal (F3), and, in a build without SIMD
// (PGNSEM_NO_SIMD), what write_move_narrow is.
void write_move_scalar(std::array<PieceId, 64>& out, const std::array<PieceId, 64>& in, int from, int to,
                       PieceId v) noexcept;
void write_move_wide(std::array<PieceId, 64>& out, const std::array<PieceId, 64>& in, int from, int to,
                     PieceId v) noexcept;

// write_move in the width chosen at start-up (wide.hpp), as kind_boards (boards.hpp) and checks
// (in_check.cpp) choose theirs: the one the equations call (move_piece, denote.cpp).
inline void write_move(std::array<PieceId, 64>& out, const std::array<PieceId, 64>& in, int from, int to,
                       PieceId v) noexcept {
#if defined(PGNSEM_WIDE)
    if (kWide) {
        write_move_wide(out, in, from, to, v);
        return;
    }
#endif
    write_move_narrow(out, in, from, to, v);
}

// The castling squares of the Laws (semantics/denote.hpp), as a table: castling is asked of every
// position the move generator visits.
inline constexpr CastleSquares kCastleSquares[2][2] = {{sem::castle_squares(Color::White, ast::CastleSide::King),
                                                        sem::castle_squares(Color::White, ast::CastleSide::Queen)},
                                                       {sem::castle_squares(Color::Black, ast::CastleSide::King),
                                                        sem::castle_squares(Color::Black, ast::CastleSide::Queen)}};
[[nodiscard]] constexpr const CastleSquares& castle_squares(Color c, ast::CastleSide side) noexcept {
    return kCastleSquares[static_cast<std::size_t>(c)][static_cast<std::size_t>(side)];
}

}  // namespace pgnsem::sem::fast
