// The state σ of §3.2.2: the 64 square identifiers → piece ids, `turn`, the pawns' two-step
// stamps (`e2_2step` …), the kings' moved flags (`w_king`, `b_king`), and what the FIDE Laws
// need beyond the paper: the rooks' moved flags (castling, Art. 3.8.2) and the halfmove clock
// (Art. 9.3). proofs-notes/numbering.md lists every identifier and the byte layout.
//
// Names used in this folder: σ is `sigma` (or `s`), σ' is `next` (or `n`), Q the destination
// `to`, S the source `from`, v the piece id that moves.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <type_traits>

#include "ast/assert.hpp"
#include "ast/square.hpp"

namespace pgnsem::sem {

// A piece id in the paper's numbering:
//   0 empty; 1 white queenside rook, 2 queenside knight, 3 queenside bishop, 4 queen, 5 king,
//   6 kingside bishop, 7 kingside knight, 8 kingside rook, 9–16 white a–h pawns;
//   17–32 black likewise (17 queenside rook … 21 king … 25–32 black a–h pawns).
// A promoted piece takes the id the paper gives it (N → queenside knight, B → the bishop of the
// destination's square colour, R → queenside rook, Q → queen), so an id may stand on the board
// more than once; the kind and colour are always functions of the id alone. Only 0–32 can be
// built (from_value checks; `unchecked` is for values a loop's bounds prove, and asserts them).
class PieceId {
public:
    // The empty square, 0.
    constexpr PieceId() noexcept = default;
    [[nodiscard]] static constexpr std::optional<PieceId> from_value(int v) noexcept {
        if (v < 0 || v > 32) return std::nullopt;
        return PieceId(static_cast<std::uint8_t>(v));
    }
    [[nodiscard]] static constexpr PieceId unchecked(int v) noexcept {
        PGNSEM_EXPENSIVE_ASSERT(v >= 0 && v <= 32, "a piece id is 0 to 32");
        return PieceId(static_cast<std::uint8_t>(v));
    }
    [[nodiscard]] constexpr std::uint8_t value() const noexcept { return value_; }
    [[nodiscard]] constexpr bool empty() const noexcept { return value_ == 0; }
    friend constexpr bool operator==(PieceId, PieceId) noexcept = default;

private:
    constexpr explicit PieceId(std::uint8_t v) noexcept : value_(v) {}
    std::uint8_t value_ = 0;
};
static_assert(sizeof(PieceId) == 1 && std::is_trivially_copyable_v<PieceId>, "σ's squares are one byte each");

inline constexpr PieceId kEmpty{};
inline constexpr PieceId kWhiteQueensideRook = PieceId::unchecked(1), kWhiteQueensideKnight = PieceId::unchecked(2),
                         kWhiteQueensideBishop = PieceId::unchecked(3), kWhiteQueen = PieceId::unchecked(4),
                         kWhiteKing = PieceId::unchecked(5), kWhiteKingsideBishop = PieceId::unchecked(6),
                         kWhiteKingsideKnight = PieceId::unchecked(7), kWhiteKingsideRook = PieceId::unchecked(8),
                         kWhitePawnA = PieceId::unchecked(9);
inline constexpr PieceId kBlackQueensideRook = PieceId::unchecked(17), kBlackQueensideKnight = PieceId::unchecked(18),
                         kBlackQueensideBishop = PieceId::unchecked(19), kBlackQueen = PieceId::unchecked(20),
                         kBlackKing = PieceId::unchecked(21), kBlackKingsideBishop = PieceId::unchecked(22),
                         kBlackKingsideKnight = PieceId::unchecked(23), kBlackKingsideRook = PieceId::unchecked(24),
                         kBlackPawnA = PieceId::unchecked(25);
inline constexpr int kMaxPieceId = 32;

[[nodiscard]] constexpr bool is_white(PieceId id) noexcept {
    return id.value() >= 1 && id.value() <= 16;
}
[[nodiscard]] constexpr bool is_black(PieceId id) noexcept {
    return id.value() >= 17 && id.value() <= 32;
}
[[nodiscard]] constexpr Color color_of(PieceId id) noexcept {
    // Precondition: id ≠ 0.
    return id.value() <= 16 ? Color::White : Color::Black;
}
[[nodiscard]] constexpr bool belongs_to(PieceId id, Color c) noexcept {
    return c == Color::White ? is_white(id) : is_black(id);
}

// The kind of every id: the one table of id → kind. Every other view of ids by kind (the fast
// path's bit sets, the SIMD tables, the position keys, FEN letters) is derived from it at compile
// time. (id − 1) mod 16 is the id's place in its colour's numbering: 0–7 the back rank from a to
// h (R N B Q K B N R), 8–15 the pawns. The empty square's entry is never read (kind_of's
// precondition); it is Pawn only because the table needs a value there.
inline constexpr std::array<PieceKind, kMaxPieceId + 1> kKindOf{
    PieceKind::Pawn,                                                                             // 0: empty
    PieceKind::Rook,   PieceKind::Knight, PieceKind::Bishop, PieceKind::Queen, PieceKind::King,  // 1–5
    PieceKind::Bishop, PieceKind::Knight, PieceKind::Rook,                                       // 6–8
    PieceKind::Pawn,   PieceKind::Pawn,   PieceKind::Pawn,   PieceKind::Pawn,  PieceKind::Pawn,  // 9–13
    PieceKind::Pawn,   PieceKind::Pawn,   PieceKind::Pawn,                                       // 14–16
    PieceKind::Rook,   PieceKind::Knight, PieceKind::Bishop, PieceKind::Queen, PieceKind::King,  // 17–21
    PieceKind::Bishop, PieceKind::Knight, PieceKind::Rook,                                       // 22–24
    PieceKind::Pawn,   PieceKind::Pawn,   PieceKind::Pawn,   PieceKind::Pawn,  PieceKind::Pawn,  // 25–29
    PieceKind::Pawn,   PieceKind::Pawn,   PieceKind::Pawn,                                       // 30–32
};

[[nodiscard]] constexpr PieceKind kind_of(PieceId id) noexcept {
    // Precondition: id ≠ 0.
    return kKindOf[id.value()];
}

// A table with one entry per id 0 … 32, made at compile time from a function of the id (and so,
// through kind_of and color_of, from kKindOf): how the fast path and the output look ids up.
template <class T, class F>
[[nodiscard]] constexpr std::array<T, kMaxPieceId + 1> table_by_id(F f) noexcept {
    std::array<T, kMaxPieceId + 1> t{};
    for (int v = 0; v <= kMaxPieceId; ++v) t[static_cast<std::size_t>(v)] = f(PieceId::unchecked(v));
    return t;
}

// The two-step stamp of a pawn id: index 0–7 for white pawns 9–16, 8–15 for black 25–32.
[[nodiscard]] constexpr int stamp_index(PieceId pawn) noexcept {
    return pawn.value() <= 16 ? pawn.value() - kWhitePawnA.value() : 8 + (pawn.value() - kBlackPawnA.value());
}
// Whether id is a pawn of colour c: the eight ids from kWhitePawnA (kBlackPawnA) on, one unsigned
// comparison (the empty square and every other id fall outside). The fast path asks it of the
// squares beside a move (a plain pawn move's source, an en passant capturer).
[[nodiscard]] constexpr bool is_pawn_of(PieceId id, Color c) noexcept {
    const int first = (c == Color::White ? kWhitePawnA : kBlackPawnA).value();
    return static_cast<unsigned>(id.value() - first) < 8u;
}
constexpr bool pawn_ids_agree_with_kinds() noexcept {
    for (int v = 0; v <= kMaxPieceId; ++v) {
        const PieceId id = PieceId::unchecked(v);
        for (const Color c : {Color::White, Color::Black})
            if (is_pawn_of(id, c) != (v != 0 && kind_of(id) == PieceKind::Pawn && color_of(id) == c)) return false;
    }
    return true;
}
static_assert(pawn_ids_agree_with_kinds(), "is_pawn_of is kKindOf's pawns of each colour");
// A pawn that never made a double step (the paper leaves the initial value open).
inline constexpr std::uint16_t kNoStamp = 0xFFFF;

// Bits of State::rook_moved, one per castling rook, named by its start square in standard chess:
// White's queenside rook (a1), White's kingside rook (h1), Black's queenside (a8) and kingside (h8).
// In Chess960 the square a flag watches is that rook's start square (CastlingFiles, rook_corner).
enum RookCorner : std::uint8_t { kCornerA1 = 1u << 0, kCornerH1 = 1u << 1, kCornerA8 = 1u << 2, kCornerH8 = 1u << 3 };

// Where one colour's king and castling rooks started: a file 0–7 each (proofs-notes/chess960.md).
// e, h, a in standard chess; in Chess960 the files of the start position, the queenside rook's
// below the king's and the kingside rook's above. `rook` is indexed by ast::CastleSide: 0 the
// kingside rook, 1 the queenside rook. A constant of the game: no equation writes it.
struct CastlingFiles {
    std::uint8_t king = 4;
    std::array<std::uint8_t, 2> rook{{7, 0}};
    friend constexpr bool operator==(const CastlingFiles&, const CastlingFiles&) = default;
};
inline constexpr CastlingFiles kStandardFiles{};
// Both colours' CastlingFiles as σ keeps them, in three bytes, so that σ keeps the size it had
// before Chess960 (112 bytes: it is copied on every move; proofs-notes/numbering.md): one byte per
// piece (the king, the kingside rook, the queenside rook), White's file in bits 0–3 and Black's in
// bits 4–7. Read and written through castling_files and set_castling_files below.
struct StartFiles {
    std::array<std::uint8_t, 3> by_piece{{0x44, 0x77, 0x00}};
    friend constexpr bool operator==(const StartFiles&, const StartFiles&) = default;
};
// Bits of State::king_moved: the paper's w_king and b_king.
enum KingFlag : std::uint8_t { kWhiteKingMoved = 1u << 0, kBlackKingMoved = 1u << 1 };

// Where no king stands (only in positions read from an invalid FEN, which perft still counts).
inline constexpr std::uint8_t kNoSquare = 64;

// The turn limit: a state with turn ≥ kTurnLimit has no successor (rule game/too-long). What σ can
// hold; the interpreter's limits below are smaller.
inline constexpr std::uint16_t kTurnLimit = 0xFFFE;

// A game's limits (interpreter/README.md; rule game/too-long): at most kPlyLimit plies, and no
// position with a move number above kMaxMoveNumber, the largest that a PGN move number of nine
// digits can write (the reader, syntax/pgn/movetext.cpp, reads no longer ones), so that every position of
// a game has a FEN and every move a number that pgnsem reads back. A FEN's fullmove number is 1 to
// kMaxMoveNumber and its halfmove clock at most kMaxFenHalfmoveClock (rule position/clock), so the
// halfmove clock of any position of a game, at most kMaxFenHalfmoveClock + kPlyLimit, and its move
// number never wrap.
inline constexpr std::uint32_t kPlyLimit = 65000;
inline constexpr std::uint32_t kMaxMoveNumber = 999'999'999;
inline constexpr std::uint32_t kMaxFenHalfmoveClock = 65535;

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
    // w_king (bit 0) and b_king (bit 1) of the paper.
    std::uint8_t king_moved = 0;
    // the Laws' rook flags: set when a piece leaves or is captured on a castling rook's start
    // square (a1, h1, a8, h8 in standard chess; rook_corner).
    std::uint8_t rook_moved = 0;
    // plies since the last capture or pawn move (Laws 9.3; not in the paper). 32 bits: a FEN's
    // clock (up to 65535) plus a game's plies.
    std::uint32_t halfmove_clock = 0;
    // the full-move number is number_base + turn / 2 (1 for σ₀).
    std::uint32_t number_base = 1;
    // Chess960 (proofs-notes/chess960.md): the game is played by the Chess960 rules (castling from
    // the castling files, written in UCI as the king taking its rook; X-FEN). A constant of the game.
    bool chess960 = false;
    // where each colour's king and castling rooks started (castling_files; Chess960; e, h, a
    // otherwise). A constant of the game.
    StartFiles start_files{};

    friend bool operator==(const State&, const State&) = default;
};

static_assert(sizeof(State) <= 128, "σ is a small value: at most 128 bytes (proofs-notes/numbering.md)");

// Colour c's castling files in σ.
[[nodiscard]] constexpr CastlingFiles castling_files(const State& s, Color c) noexcept {
    const unsigned shift = c == Color::White ? 0 : 4;
    const auto file = [&](std::size_t piece) {
        return static_cast<std::uint8_t>((s.start_files.by_piece[piece] >> shift) & 0x7u);
    };
    return CastlingFiles{file(0), {{file(1), file(2)}}};
}
// σ with colour c's castling files f (each 0–7).
constexpr void set_castling_files(State& s, Color c, CastlingFiles f) noexcept {
    const unsigned shift = c == Color::White ? 0 : 4;
    const std::array<std::uint8_t, 3> files{{f.king, f.rook[0], f.rook[1]}};
    for (std::size_t piece = 0; piece < 3; ++piece) {
        std::uint8_t& b = s.start_files.by_piece[piece];
        b = static_cast<std::uint8_t>((b & ~(0xFu << shift)) | ((files[piece] & 0x7u) << shift));
    }
}

// σ₀: the initial position (Figure 1 of the paper).
[[nodiscard]] State initial_state() noexcept;

// Chess960 (proofs-notes/chess960.md): the pieces of the first rank of start position n, 0 ≤ n ≤
// 959, from file a to h, in the standard numbering (518 is R N B Q K B N R).
[[nodiscard]] std::array<PieceKind, 8> chess960_arrangement(int n) noexcept;
// σ₀ of Chess960 position n: turn 0, no stamps, no flags, `chess960` set, its castling files, and
// the ids by role (the queenside rook 1, the knights 2 and 7 by file, the bishops by square colour).
[[nodiscard]] State initial_state_960(int n) noexcept;

// mod(turn, 2) = 0 → White.
[[nodiscard]] constexpr Color to_move(const State& s) noexcept {
    return (s.turn & 1) == 0 ? Color::White : Color::Black;
}
[[nodiscard]] constexpr std::uint32_t move_number(const State& s) noexcept {
    return s.number_base + s.turn / 2u;
}
// How many plies a game may still play from σ (its limits above): kPlyLimit from a game's start,
// fewer when the move number would pass kMaxMoveNumber (White's move of move n leaves the number
// n, Black's makes it n + 1).
[[nodiscard]] constexpr std::uint32_t ply_limit(const State& s) noexcept {
    const std::uint32_t n = move_number(s);
    if (n > kMaxMoveNumber) return 0;
    const std::uint64_t by_number = 2 * std::uint64_t{kMaxMoveNumber - n} + (to_move(s) == Color::White ? 1 : 0);
    return by_number < kPlyLimit ? static_cast<std::uint32_t>(by_number) : kPlyLimit;
}
[[nodiscard]] constexpr PieceId at(const State& s, Square q) noexcept {
    return s.board[static_cast<std::size_t>(q.index())];
}

// The rook flag (RookCorner bit) of the castling rook whose start square is q, 0 when q is none:
// a move that leaves or lands on q sets it (Laws 3.8.2.1). a1, h1, a8, h8 in standard chess.
[[nodiscard]] constexpr std::uint8_t rook_corner(const State& s, Square q) noexcept {
    const int rank = q.rank().index();
    if (rank != 0 && rank != 7) return 0;
    const CastlingFiles f = castling_files(s, rank == 0 ? Color::White : Color::Black);
    const int file = q.file().index();
    unsigned bits = 0;
    if (file == f.rook[0]) bits |= rank == 0 ? kCornerH1 : kCornerH8;
    if (file == f.rook[1]) bits |= rank == 0 ? kCornerA1 : kCornerA8;
    return static_cast<std::uint8_t>(bits);
}

// The square the rook flag `corner` (a RookCorner bit) watches: the start square of its colour's
// castling rook on that side (castling_files), so a1, h1, a8, h8 in standard chess. rook_corner's
// inverse: rook_corner(s, rook_start(s, c)) has the bit c.
[[nodiscard]] constexpr Square rook_start(const State& s, std::uint8_t corner) noexcept {
    const bool black = corner == kCornerA8 || corner == kCornerH8;
    const bool king_side = corner == kCornerH1 || corner == kCornerH8;
    const CastlingFiles f = castling_files(s, black ? Color::Black : Color::White);
    return Square::unchecked((black ? 56 : 0) + f.rook[king_side ? 0 : 1]);
}

// An identifier of σ other than a square: `turn`, a pawn's stamp `S_2step`, `w_king`, `b_king`,
// and the Laws' additions (a corner's rook flag, the halfmove clock).
class Ide {
public:
    enum class Kind : std::uint8_t { Square, Turn, TwoStep, KingMoved, RookMoved, HalfmoveClock };
    // A square is an identifier (the paper's a1 … h8).
    constexpr Ide(Square q) noexcept : kind_(Kind::Square), index_(static_cast<std::uint8_t>(q.index())) {}  // NOLINT
    [[nodiscard]] static constexpr Ide turn() noexcept { return Ide(Kind::Turn, 0); }
    // S_2step, named by the pawn that stands on S (numbering.md: the stamps are kept by pawn id).
    [[nodiscard]] static constexpr Ide two_step(PieceId pawn) noexcept {
        return Ide(Kind::TwoStep, static_cast<std::uint8_t>(stamp_index(pawn)));
    }
    // The same by its stamp index (0–15, stamp_index).
    [[nodiscard]] static constexpr Ide stamp(int index) noexcept {
        return Ide(Kind::TwoStep, static_cast<std::uint8_t>(index));
    }
    // w_king (White) or b_king (Black).
    [[nodiscard]] static constexpr Ide king_moved(Color c) noexcept {
        return Ide(Kind::KingMoved, c == Color::White ? kWhiteKingMoved : kBlackKingMoved);
    }
    // The Laws' rook flag of a corner (a RookCorner bit).
    [[nodiscard]] static constexpr Ide rook_moved(std::uint8_t corner) noexcept { return Ide(Kind::RookMoved, corner); }
    [[nodiscard]] static constexpr Ide halfmove_clock() noexcept { return Ide(Kind::HalfmoveClock, 0); }
    [[nodiscard]] constexpr Kind kind() const noexcept { return kind_; }
    [[nodiscard]] constexpr std::uint8_t index() const noexcept { return index_; }

private:
    constexpr Ide(Kind k, std::uint8_t i) noexcept : kind_(k), index_(i) {}
    Kind kind_;
    std::uint8_t index_;
};

// x ↦ v: one identifier and the value it takes. A square takes a piece id; `turn`, a stamp or the
// clock a number; a flag 0 or 1.
struct Assignment {
    constexpr Assignment(Square q, PieceId v) noexcept : x(q), value(v.value()) {}
    constexpr Assignment(Ide i, unsigned v) noexcept : x(i), value(v) {}
    Ide x;
    unsigned value;
};

// σ^{v₁,…,vₖ}_{x₁,…,xₖ}: the state exactly like σ except that each xᵢ holds vᵢ (the values are
// computed from σ by the caller, as the paper reads every value in the source state). This is
// the one update of the paper (§3.2.2); every equation builds its σ' with it.
[[nodiscard]] State update(const State& s, std::initializer_list<Assignment> assignments) noexcept;
// σ^{v}_{x} in place: the one step `update` takes for each assignment, in order.
void assign_in_place(State& s, const Assignment& a) noexcept;
// σ^v_Q: the same for one square.
[[nodiscard]] State update(const State& s, Square q, PieceId v) noexcept;
// f(x) for every identifier of σ, in the notes' order: the squares a1 … h8, turn, the sixteen
// two-step stamps, w_king and b_king, the Laws' rook flags a1, h1, a8, h8 (by bit: kCornerA1 …,
// whatever squares they watch), the halfmove clock.
template <class F>
constexpr void for_each_identifier(F&& f) {
    for (int q = 0; q < 64; ++q) f(Ide(Square::unchecked(q)));
    f(Ide::turn());
    for (int i = 0; i < 16; ++i) f(Ide::stamp(i));
    for (const Color c : {Color::White, Color::Black}) f(Ide::king_moved(c));
    for (const std::uint8_t corner : {kCornerA1, kCornerH1, kCornerA8, kCornerH8}) f(Ide::rook_moved(corner));
    f(Ide::halfmove_clock());
}

// σ(x): the value an identifier holds (a square its piece id; a flag 0 or 1; a stamp kNoStamp when
// never set).
[[nodiscard]] unsigned value_of(const State& s, Ide x) noexcept;

// What every state reached from σ₀ by moves the Laws accept satisfies (proofs-notes/invariants.md,
// L2 and L4): exactly one king of each colour; no pawn id on rank 1 or 8;
// the dark-square bishop ids (3, 22) on dark squares and the light-square ones (6, 19) on light
// squares. The paper's own equations can break it (errata.md: a pawn left on the last rank, two
// kings after castling twice), which a run under its reading reports.
[[nodiscard]] bool well_formed(const State& s) noexcept;

}  // namespace pgnsem::sem
