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

// The castling squares of the Laws (semantics/moves.hpp), as a table by colour, side, king file and
// rook file (the castling files of σ; proofs-notes/chess960.md): castling is asked of every position
// the move generator visits. Beside each, the squares that must be empty and those the king crosses
// as bit sets (a1 = bit 0).
struct CastleEntry {
    CastleSquares squares;
    std::uint64_t between = 0, crossed = 0;
};
using CastleTable = std::array<std::array<std::array<std::array<CastleEntry, 8>, 8>, 2>, 2>;
constexpr CastleTable make_castle_table() noexcept {
    CastleTable t{};
    for (const Color c : {Color::White, Color::Black})
        for (const ast::CastleSide side : {ast::CastleSide::King, ast::CastleSide::Queen})
            for (int k = 0; k < 8; ++k)
                for (int r = 0; r < 8; ++r) {
                    CastlingFiles f;
                    f.king = static_cast<std::uint8_t>(k);
                    f.rook[static_cast<std::size_t>(side)] = static_cast<std::uint8_t>(r);
                    CastleEntry& e = t[static_cast<std::size_t>(c)][static_cast<std::size_t>(side)]
                                      [static_cast<std::size_t>(k)][static_cast<std::size_t>(r)];
                    e.squares = sem::castle_squares(c, side, f);
                    for (int i = 0; i < e.squares.between_count; ++i)
                        e.between |= std::uint64_t{1} << e.squares.between[static_cast<std::size_t>(i)].index();
                    for (int i = 0; i < e.squares.crossed_count; ++i)
                        e.crossed |= std::uint64_t{1} << e.squares.crossed[static_cast<std::size_t>(i)].index();
                }
    return t;
}
inline constexpr CastleTable kCastleTable = make_castle_table();
// The same in standard chess, whose files are constants (e, h, a): what the move generator reads
// in every position where a standard game's king has not moved. A table of its own, by colour and
// side alone, so that the generator's look-up is two indices, not four.
inline constexpr CastleEntry kStandardCastle[2][2] = {{kCastleTable[0][0][4][7], kCastleTable[0][1][4][0]},
                                                      {kCastleTable[1][0][4][7], kCastleTable[1][1][4][0]}};
[[nodiscard]] constexpr const CastleEntry& standard_castle_entry(Color c, ast::CastleSide side) noexcept {
    return kStandardCastle[static_cast<std::size_t>(c)][static_cast<std::size_t>(side)];
}
// The castling of colour c to `side` in σ. A standard game's files are e, h and a (a FEN is read
// with other files only as a Chess960 position: laws/setup.cpp), so its entry is the standard one,
// found without reading σ's files.
[[nodiscard]] constexpr const CastleEntry& castle_entry(const State& s, Color c, ast::CastleSide side) noexcept {
    if (!s.chess960) return standard_castle_entry(c, side);
    const CastlingFiles f = castling_files(s, c);
    return kCastleTable[static_cast<std::size_t>(c)][static_cast<std::size_t>(side)][f.king]
                       [f.rook[static_cast<std::size_t>(side)]];
}

// The side of a castling written by its squares in σ, as the move generator lists it: in a
// Chess960 game the king moving onto its rook (the kingside one's square or the queenside one's),
// in standard chess the king moving two files. (The caller knows the move is a castling.)
[[nodiscard]] constexpr ast::CastleSide castle_side(const State& s, Color c, int from, int to) noexcept {
    if (s.chess960) return (to & 7) == castling_files(s, c).rook[0] ? ast::CastleSide::King : ast::CastleSide::Queen;
    return to > from ? ast::CastleSide::King : ast::CastleSide::Queen;
}

}  // namespace pgnsem::sem::fast
