// The state σ of §3.2.2: the 64 square identifiers → piece ids, `turn`, the pawns' two-step
// stamps (`e2_2step` …), the kings' moved flags (`w_king`, `b_king`), and what the FIDE Laws
// need beyond the paper: the rooks' moved flags (castling, Art. 3.8.2) and the halfmove clock
// (Art. 9.3). proofs-notes/numbering.md lists every identifier and the byte layout.
//
// Names used in this folder: σ is `sigma` (or `s`), σ' is `next`, Q the destination `to`,
// S the source `from`, v the piece id that moves.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "syntax/square.hpp"

namespace pgnsem::sem {

// Piece ids in the paper's numbering:
//   0 empty; 1 white queenside rook, 2 queenside knight, 3 queenside bishop, 4 queen, 5 king,
//   6 kingside bishop, 7 kingside knight, 8 kingside rook, 9–16 white a–h pawns;
//   17–32 black likewise (17 queenside rook … 21 king … 25–32 black a–h pawns).
// A promoted piece takes the id the paper gives it (N → queenside knight, B → the bishop of the
// destination's square colour, R → queenside rook, Q → queen), so an id may stand on the board
// more than once; the kind and colour are always functions of the id alone.
using PieceId = std::uint8_t;

inline constexpr PieceId kEmpty = 0;
inline constexpr PieceId kWhiteQueensideRook = 1, kWhiteQueensideKnight = 2, kWhiteQueensideBishop = 3, kWhiteQueen = 4,
                         kWhiteKing = 5, kWhiteKingsideBishop = 6, kWhiteKingsideKnight = 7, kWhiteKingsideRook = 8,
                         kWhitePawnA = 9;
inline constexpr PieceId kBlackQueensideRook = 17, kBlackQueensideKnight = 18, kBlackQueensideBishop = 19,
                         kBlackQueen = 20, kBlackKing = 21, kBlackKingsideBishop = 22, kBlackKingsideKnight = 23,
                         kBlackKingsideRook = 24, kBlackPawnA = 25;
inline constexpr PieceId kMaxPieceId = 32;

[[nodiscard]] constexpr bool is_white(PieceId id) noexcept {
    return id >= 1 && id <= 16;
}
[[nodiscard]] constexpr bool is_black(PieceId id) noexcept {
    return id >= 17 && id <= 32;
}
[[nodiscard]] constexpr Color color_of(PieceId id) noexcept {
    // Precondition: id ≠ 0.
    return id <= 16 ? Color::White : Color::Black;
}
[[nodiscard]] constexpr bool belongs_to(PieceId id, Color c) noexcept {
    return c == Color::White ? is_white(id) : is_black(id);
}
namespace detail {
// The kind of every id, i = (id − 1) mod 16: 0–7 the back rank from a to h, 8–15 the pawns.
// Tabulated for all 256 byte values so that the hot paths (GTSS/GCSS, IIC, the move generator)
// pay one load instead of a division.
constexpr std::array<PieceKind, 256> make_kind_of_table() noexcept {
    constexpr PieceKind back[8] = {PieceKind::Rook, PieceKind::Knight, PieceKind::Bishop, PieceKind::Queen,
                                   PieceKind::King, PieceKind::Bishop, PieceKind::Knight, PieceKind::Rook};
    std::array<PieceKind, 256> t{};
    for (int id = 0; id < 256; ++id) {
        const int i = (id + 15) % 16;
        t[static_cast<std::size_t>(id)] = i < 8 ? back[i] : PieceKind::Pawn;
    }
    return t;
}
inline constexpr std::array<PieceKind, 256> kKindOf = make_kind_of_table();
}  // namespace detail

[[nodiscard]] constexpr PieceKind kind_of(PieceId id) noexcept {
    // Precondition: 1 ≤ id ≤ 32.
    return detail::kKindOf[id];
}

// The two-step stamp of a pawn id: index 0–7 for white pawns 9–16, 8–15 for black 25–32.
[[nodiscard]] constexpr int stamp_index(PieceId pawn) noexcept {
    return pawn <= 16 ? pawn - kWhitePawnA : 8 + (pawn - kBlackPawnA);
}
// A pawn that never made a double step (the paper leaves the initial value open).
inline constexpr std::uint16_t kNoStamp = 0xFFFF;

// Bits of State::rook_moved, one per castling corner.
enum RookCorner : std::uint8_t { kCornerA1 = 1u << 0, kCornerH1 = 1u << 1, kCornerA8 = 1u << 2, kCornerH8 = 1u << 3 };
// Bits of State::king_moved: the paper's w_king and b_king.
enum KingFlag : std::uint8_t { kWhiteKingMoved = 1u << 0, kBlackKingMoved = 1u << 1 };

// Where no king stands (only in positions read from an invalid FEN, which perft still counts).
inline constexpr std::uint8_t kNoSquare = 64;

struct State {
    // σ(a1) … σ(h8)
    std::array<PieceId, 64> board{};
    // the paper's `<start>_2step` identifiers, by pawn id (stamp_index): the value of `turn`
    // when that pawn made its double step, kNoStamp if it never did.
    std::array<std::uint16_t, 16> two_step{};
    // the paper's `turn`: even → White to move. σ₀ has turn = 0; a position read from FEN starts
    // at 2 (White to move) or 3 (Black) so that an en passant stamp turn − 1 exists
    // (proofs-notes/numbering.md).
    std::uint16_t turn = 0;
    // plies since the last capture or pawn move (Laws 9.3; not in the paper).
    std::uint16_t halfmove_clock = 0;
    // the full-move number is number_base + turn / 2 (1 for σ₀).
    std::uint32_t number_base = 1;
    // w_king (bit 0) and b_king (bit 1) of the paper.
    std::uint8_t king_moved = 0;
    // the Laws' rook flags: set when a piece leaves or is captured on a1, h1, a8, h8.
    std::uint8_t rook_moved = 0;
    // where each king stands, by Color (derived from `board`, cached; kNoSquare if none).
    std::array<std::uint8_t, 2> king_square{{kNoSquare, kNoSquare}};

    friend bool operator==(const State&, const State&) = default;
};

static_assert(sizeof(State) <= 128, "σ is a small value: at most 128 bytes (proofs-notes/numbering.md)");

// σ₀: the initial position (Figure 1 of the paper).
[[nodiscard]] State initial_state() noexcept;

// mod(turn, 2) = 0 → White.
[[nodiscard]] constexpr Color to_move(const State& s) noexcept {
    return (s.turn & 1) == 0 ? Color::White : Color::Black;
}
[[nodiscard]] constexpr std::uint32_t move_number(const State& s) noexcept {
    return s.number_base + s.turn / 2u;
}
[[nodiscard]] constexpr PieceId at(const State& s, Square q) noexcept {
    return s.board[static_cast<std::size_t>(q.index())];
}

// σ^v_Q: σ with square Q holding v (the paper's update). Keeps king_square in step.
[[nodiscard]] State update(const State& s, Square q, PieceId v) noexcept;

// The king of colour c, if there is one.
[[nodiscard]] std::optional<Square> king_of(const State& s, Color c) noexcept;

}  // namespace pgnsem::sem
