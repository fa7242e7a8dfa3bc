// A position as FEN describes it (§16.1 of the PGN standard): what stands where, who moves,
// castling availability, the en passant target, the clocks. No piece ids: the semantics gives
// those (laws/setup.hpp, proofs-notes/numbering.md). The FEN reader produces a Placement,
// the FEN printer prints one, and the semantics converts σ ⇄ Placement, so σ → FEN goes
// through this description and syntax/ never needs the semantics.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "ast/square.hpp"

namespace pgnsem {

struct ColoredPiece {
    Color color;
    PieceKind kind;
    friend bool operator==(const ColoredPiece&, const ColoredPiece&) = default;
};

// The five fields of a FEN after the piece placement (§16.1.3.2–§16.1.3.6).
struct FenFields {
    Color side_to_move = Color::White;
    // castling availability, in FEN order K Q k q
    bool white_king_side = false;
    bool white_queen_side = false;
    bool black_king_side = false;
    bool black_queen_side = false;
    // Chess960's rights written by their rook's file (Shredder-FEN `HAha`, X-FEN's letters `KCkc`;
    // proofs-notes/chess960.md): by colour (White 0, Black 1), bit f for the letter of file f. What
    // these and K Q k q mean in a position is the semantics' question (laws/setup.hpp).
    std::array<std::uint8_t, 2> castling_files{};
    std::optional<Square> en_passant;
    std::uint32_t halfmove_clock = 0;
    std::uint32_t fullmove_number = 1;
    friend bool operator==(const FenFields&, const FenFields&) = default;
};

// All six: what stands on each square, and the five fields.
struct Placement : FenFields {
    std::array<std::optional<ColoredPiece>, 64> squares{};  // a1 … h8
    // The position is played by the Chess960 rules (proofs-notes/chess960.md): its castling rights
    // read as X-FEN's and Shredder-FEN's. Not a field of FEN: the reader leaves it false, and who
    // reads the FEN says (a Variant tag, --chess960, a file letter in the castling field).
    bool chess960 = false;
    friend bool operator==(const Placement&, const Placement&) = default;
};

}  // namespace pgnsem
