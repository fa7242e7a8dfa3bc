// FEN (§16.1 of the PGN standard): six fields separated by single spaces. parse_fen gives a
// Placement or an error naming the field and column; print_fen is its left inverse. Whether the
// position can arise in a game is the semantics' question (laws/setup.hpp validate()).
#pragma once

#include <array>
#include <boost/variant2/variant.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ast/placement.hpp"

namespace pgnsem::syntax {

struct FenError {
    std::string_view field;    // "placement", "side", "castling", "en-passant", "halfmove", "fullmove", "fields"
    std::uint32_t column = 0;  // 0-based offset into the FEN text
    std::string message;
};

using FenResult = boost::variant2::variant<Placement, FenError>;

[[nodiscard]] FenResult parse_fen(std::string_view text);

// A FEN, or four-field EPD: the FEN's first four fields, then EPD's operations (`bm Nf3; id "x";`)
// or nothing, the clocks `0 1` unless the operations `hmvc` and `fmvn` give them
// (syntax/fen-decisions.md, case 111). For the command line's positions; a PGN `[FEN]` tag is read
// by parse_fen and needs all six fields.
[[nodiscard]] FenResult parse_position(std::string_view text);

struct FenText {
    // The longest FEN: 64 pieces and 7 '/' (71), "w", a castling field of 20 letters (Chess960's
    // `KHGFEDCBAQ` and the same for Black), "e3", two 10-digit clocks and five spaces: 119 characters.
    std::array<char, 120> chars{};
    std::uint8_t size = 0;
    [[nodiscard]] std::string_view view() const noexcept { return {chars.data(), size}; }
};

[[nodiscard]] FenText print_fen(const Placement& p) noexcept;
// The FEN letter of a piece: `PNBRQK` for White, `pnbrqk` for Black.
[[nodiscard]] constexpr char fen_letter(ColoredPiece p) noexcept {
    return "PNBRQKpnbrqk"[static_cast<std::size_t>(p.kind) + (p.color == Color::White ? 0u : 6u)];
}
// The same from each square's letter (`PNBRQK` White, `pnbrqk` Black, 0 for an empty square; a1 …
// h8) and the five other fields: for a position that is not held as a Placement (the final
// position of every game checked), so that it need not be converted into one first.
[[nodiscard]] FenText print_fen(const std::array<char, 64>& letters, const FenFields& fields) noexcept;

// The FEN record form: optional [Event], [White], [Black] tags, the FEN, an
// optional {comment}.
struct FenRecord {
    std::optional<std::string> event, white, black;
    Placement placement;
    std::optional<std::string> comment;
};
using FenRecordResult = boost::variant2::variant<FenRecord, FenError>;
// `epd`: the FEN may be four-field EPD (parse_position), as on the command line.
[[nodiscard]] FenRecordResult parse_fen_record(std::string_view text, bool epd = false);

// The board as an ASCII diagram with rank and file labels:
//   +---+---+ … +
//   | r | n | … | 8
//   …
//     a   b   …
[[nodiscard]] std::string board_diagram(const Placement& p);

}  // namespace pgnsem::syntax
