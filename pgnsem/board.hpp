// pgnsem::api::Board: a chess position with the moves that led to it, to play on and take back —
// push and pop, SAN and UCI in, the legal moves as small values, in_check, the pieces, castling
// rights, clocks, a position hash, perft, FEN and EPD in and out (pgnsem/README.md, "The board").
// A board plays standard chess or Chess960 (Variant; proofs-notes/chess960.md).
// Every answer is the semantics' own: T of the paper's §3.3 under the FIDE Laws' reading, by the
// fast path proven equal to the reference (proofs-notes/invariants.md), the rule ids of
// pgnsem/rules.hpp when a move or a position is refused.
//
// Only the standard library is needed: σ is held as bytes here, its type (semantics/state.hpp and
// semantics/fast/position.hpp) stays behind the interface, in pgnsem/board.cpp.
//
// Thread safety: a Board is a value with no hidden shared state. Different boards may be used from
// different threads at once; one board may be read (every const member) from several threads at
// once, but not read while another thread changes it (push, pop, assignment).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pgnsem/export.hpp"
#include "pgnsem/rules.hpp"

namespace pgnsem::api {

// The side that moves, or is to move (the vocabulary's `side`).
enum class Side : std::uint8_t { White, Black };
// "white", "black".
[[nodiscard]] PGNSEM_API std::string_view side_name(Side s) noexcept;

enum class PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King };

struct Piece {
    Side side = Side::White;
    PieceType type = PieceType::Pawn;
    // FEN's letter: `PNBRQK` for White, `pnbrqk` for Black.
    [[nodiscard]] constexpr char letter() const noexcept {
        return "PNBRQKpnbrqk"[static_cast<std::size_t>(type) + (side == Side::White ? 0u : 6u)];
    }
    friend constexpr bool operator==(const Piece&, const Piece&) = default;
};

// The 64 squares, a1 = 0, b1 = 1, …, h8 = 63 (files, then ranks), as UCI and FEN number them.
// clang-format off
enum class Square : std::uint8_t {
    a1, b1, c1, d1, e1, f1, g1, h1,  a2, b2, c2, d2, e2, f2, g2, h2,
    a3, b3, c3, d3, e3, f3, g3, h3,  a4, b4, c4, d4, e4, f4, g4, h4,
    a5, b5, c5, d5, e5, f5, g5, h5,  a6, b6, c6, d6, e6, f6, g6, h6,
    a7, b7, c7, d7, e7, f7, g7, h7,  a8, b8, c8, d8, e8, f8, g8, h8,
};
// clang-format on
// file 0 = a … 7 = h, rank 0 = the first … 7 = the eighth; both 0–7.
[[nodiscard]] constexpr Square make_square(int file, int rank) noexcept {
    return static_cast<Square>(rank * 8 + file);
}
[[nodiscard]] constexpr int file_of(Square q) noexcept {
    return static_cast<int>(q) % 8;
}
[[nodiscard]] constexpr int rank_of(Square q) noexcept {
    return static_cast<int>(q) / 8;
}
// "e4"; and back, nothing for a text that is no square.
[[nodiscard]] constexpr std::string_view square_name(Square q) noexcept {
    constexpr std::string_view names =
        "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4"
        "a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";
    return names.substr(2 * static_cast<std::size_t>(q), 2);
}
[[nodiscard]] constexpr std::optional<Square> parse_square(std::string_view text) noexcept {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return std::nullopt;
    return make_square(text[0] - 'a', text[1] - '1');
}

// A move by its squares, as a board lists and plays it: from, to, and the piece a pawn promotes
// to. Castling is the king's move to its destination in standard chess (e1g1), and the king taking
// its own rook in Chess960 (e1h1, b1a1), as UCI writes each. Two bytes; a Move says nothing of a
// position until a board judges it (Board::is_legal, Board::push).
class Move {
public:
    constexpr Move() noexcept = default;
    // promotion: Knight, Bishop, Rook or Queen (another type makes a move no board accepts).
    constexpr Move(Square from, Square to, std::optional<PieceType> promotion = std::nullopt) noexcept
        : bits_(static_cast<std::uint16_t>(static_cast<unsigned>(from) | (static_cast<unsigned>(to) << 6) |
                                           (promotion ? field(*promotion) << 12 : 0u))) {}
    [[nodiscard]] constexpr Square from() const noexcept { return static_cast<Square>(bits_ & 63u); }
    [[nodiscard]] constexpr Square to() const noexcept { return static_cast<Square>((bits_ >> 6) & 63u); }
    [[nodiscard]] constexpr std::optional<PieceType> promotion() const noexcept {
        const unsigned p = (bits_ >> 12) & 7u;
        if (p == 0) return std::nullopt;
        return p == kPawnField ? PieceType::Pawn : static_cast<PieceType>(p);
    }
    // UCI: e2e4, e7e8q, e1g1 (a Chess960 castling: e1h1, the king taking its rook).
    [[nodiscard]] PGNSEM_API std::string uci() const;
    // The two bytes: from (bits 0–5), to (6–11), the promotion (12–14): 0 for none, else the
    // PieceType, but 6 for a pawn (PieceType::Pawn is 0). Kings, pawns and 7 are moves no board accepts.
    [[nodiscard]] constexpr std::uint16_t bits() const noexcept { return bits_; }
    [[nodiscard]] static constexpr Move from_bits(std::uint16_t bits) noexcept {
        Move m;
        m.bits_ = bits;
        return m;
    }
    friend constexpr bool operator==(Move, Move) = default;

private:
    static constexpr unsigned kPawnField = 6;
    static constexpr unsigned field(PieceType t) noexcept {
        return t == PieceType::Pawn ? kPawnField : static_cast<unsigned>(t);
    }
    std::uint16_t bits_ = 0;
};

// The legal moves of a position, held in place (no heap, nothing zeroed first): a range of Move
// values, in the move generator's order (the same for the same position; sort by uci() for the
// order `pgnsem moves` writes).
class MoveList {
public:
    // The most legal moves any position has, invalid ones read from FEN included.
    static constexpr std::size_t kCapacity = 680;

    class Iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = Move;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = Move;
        Iterator() noexcept = default;
        [[nodiscard]] Move operator*() const noexcept { return Move::from_bits(*p_); }
        Iterator& operator++() noexcept {
            ++p_;
            return *this;
        }
        Iterator operator++(int) noexcept {
            Iterator old = *this;
            ++p_;
            return old;
        }
        friend bool operator==(Iterator, Iterator) = default;

    private:
        friend class MoveList;
        explicit Iterator(const std::uint16_t* p) noexcept : p_(p) {}
        const std::uint16_t* p_ = nullptr;
    };

    MoveList() noexcept {}  // NOLINT: the moves are written before they are read
    [[nodiscard]] Iterator begin() const noexcept { return Iterator(bits_.data()); }
    [[nodiscard]] Iterator end() const noexcept { return Iterator(bits_.data() + size_); }
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] Move operator[](std::size_t i) const noexcept { return Move::from_bits(bits_[i]); }
    [[nodiscard]] bool contains(Move m) const noexcept {
        for (std::size_t i = 0; i < size_; ++i)
            if (bits_[i] == m.bits()) return true;
        return false;
    }

private:
    friend struct BoardAccess;                   // pgnsem/board.cpp fills it
    std::array<std::uint16_t, kCapacity> bits_;  // only the first size_ are written
    std::size_t size_ = 0;
};

// Which castlings the rights still allow (FEN's KQkq): the king and that rook have never moved.
// Whether castling is legal now is another question: Board::is_legal.
struct CastlingRights {
    bool white_king_side = false, white_queen_side = false;
    bool black_king_side = false, black_queen_side = false;
    friend constexpr bool operator==(const CastlingRights&, const CastlingRights&) = default;
};

// The rook each castling right names (Board::castling_rooks): its start square, where it stands
// while the right lasts — h1, a1, h8, a8 in standard chess, any square of the first rank on its
// side of the king in Chess960 — and nothing where the right is gone.
struct CastlingRooks {
    std::optional<Square> white_king_side, white_queen_side;
    std::optional<Square> black_king_side, black_queen_side;
    friend constexpr bool operator==(const CastlingRooks&, const CastlingRooks&) = default;
};

// The rules a board plays by (proofs-notes/chess960.md): standard chess, or Chess960 (FIDE's
// Freestyle): one of 960 start positions, and castling that takes the king and the rook to the
// squares standard castling does (g1 and f1, c1 and d1) from wherever they started, written in UCI
// as the king taking its rook (e1h1) and in FEN as X-FEN or Shredder-FEN. Nothing else differs.
enum class Variant : std::uint8_t { Standard, Chess960 };

// How a Chess960 board writes its castling rights in FEN (Board::fen): X-FEN, `K`/`Q` (`k`/`q`)
// for the outermost rook on that side of the king and the rook's file letter for another (`KQkq`
// at a start position), or Shredder-FEN, the file letter always (`HAha`, `GBgb`). A standard board
// writes `KQkq` in both.
enum class CastlingStyle : std::uint8_t { XFen, Shredder };

// A position with no legal move: checkmate (Laws 5.1.1) or stalemate (5.2.1).
enum class End : std::uint8_t { Checkmate, Stalemate };
// "checkmate", "stalemate".
[[nodiscard]] PGNSEM_API std::string_view end_name(End e) noexcept;

// What the board's calls throw for a move or a position they refuse: the rule (the error object's
// `rule` of docs/vocabulary.md), a message in chess terms naming it, and for text that does not
// read the 1-based column in it (0 where no column applies, as for a legal-looking move that T
// refuses).
class PGNSEM_API Error : public std::runtime_error {
public:
    Error(Rule rule, const std::string& message, std::uint32_t column = 0);
    [[nodiscard]] Rule rule() const noexcept { return rule_; }
    [[nodiscard]] std::string_view rule_id() const noexcept { return api::rule_id(rule_); }
    [[nodiscard]] std::uint32_t column() const noexcept { return column_; }

private:
    Rule rule_;
    std::uint32_t column_;
};

struct MoveJudgement;

// A position and the moves pushed onto it since it was made (or read). Made at the initial
// position, or read from FEN or EPD; pushed and popped a move at a time. Copying a board copies
// its moves too. A push keeps the position before it (about 200 bytes) for pop; the list grows as
// a std::vector does, so a game or a search deeper than any before it allocates, and nothing else.
class PGNSEM_API Board {
public:
    // The initial position (the paper's σ₀).
    Board() noexcept;
    // Which positions from_fen accepts: only those that can arise in a game (the default, as a
    // game's FEN tag is judged), or every position the text describes, as `pgnsem perft` and
    // `pgnsem moves` take them (a perft suite's composed positions; the moves of a position
    // without a king are still listed, and it is never in check).
    enum class Validation : std::uint8_t { Game, None };
    // A FEN (six fields) or four-field EPD (`hmvc` and `fmvn` operations give its clocks, else
    // `0 1`; other operations are read past). Throws Error: `syntax/fen` when the text does not
    // parse (the message names the field, column() is the column in the text), else, under
    // Validation::Game, the first `position/…` rule of a position that cannot arise in a game, the
    // message naming every one.
    [[nodiscard]] static Board from_fen(std::string_view fen, Validation validation = Validation::Game);
    // The same, by the rules of `variant`. Variant::Chess960 reads the castling field as X-FEN or
    // Shredder-FEN (its K and Q the outermost rooks, a file letter the rook on that file) and plays
    // by Chess960's castling. Variant::Standard, as the one-argument form, plays standard chess —
    // unless the castling field names a rook by its file letter, which only Chess960 writes: such
    // a position is a Chess960 one, as `pgnsem moves`, `perft` and `san` read it.
    [[nodiscard]] static Board from_fen(std::string_view fen, Validation validation, Variant variant);
    // Chess960's start position n (0 ≤ n ≤ 959, the standard numbering: 518 is the standard
    // arrangement, RNBQKBNR) with White to move, a Chess960 board. Throws std::out_of_range for
    // another n.
    [[nodiscard]] static Board chess960_start(int n);

    // FEN out (the en passant field is set after every double step, as the standard says); EPD out:
    // the first four fields. A Chess960 board writes its castling rights as X-FEN.
    [[nodiscard]] std::string fen() const;
    [[nodiscard]] std::string epd() const;
    // The same with a Chess960 board's castling rights written in that style (CastlingStyle).
    [[nodiscard]] std::string fen(CastlingStyle style) const;
    [[nodiscard]] std::string epd(CastlingStyle style) const;
    // Whether the board plays Chess960 (a constant of the board: the moves pushed never change it).
    [[nodiscard]] bool is_chess960() const noexcept;

    [[nodiscard]] Side turn() const noexcept;
    [[nodiscard]] std::optional<Piece> piece_at(Square q) const noexcept;
    // Whether the side to move is in check (the paper's IIC).
    [[nodiscard]] bool in_check() const noexcept;
    [[nodiscard]] CastlingRights castling_rights() const noexcept;
    // The rook each of castling_rights() names, by its start square (in Chess960 a right is the
    // right to castle with that rook).
    [[nodiscard]] CastlingRooks castling_rooks() const noexcept;
    // The square FEN's en passant field names: behind a pawn that has just made a double step.
    [[nodiscard]] std::optional<Square> en_passant_square() const noexcept;
    // Plies since the last capture or pawn move (Laws 9.3); the full-move number (1 at the start).
    [[nodiscard]] std::uint32_t halfmove_clock() const noexcept;
    [[nodiscard]] std::uint32_t fullmove_number() const noexcept;
    // A 64-bit hash of the position in the sense of the repetition rule (Laws 9.2.3): the same
    // pieces on the same squares, the same side to move, the same castling rights and the same en
    // passant possibility give the same hash (the keys `check` counts repetitions with); the clocks
    // do not enter it. A Chess960 board's rights enter it with their rooks' files, so that it
    // differs from a standard board's with the same rights. Stable across runs and versions with
    // the same major and minor number.
    [[nodiscard]] std::uint64_t hash() const noexcept;

    // Every legal move; and only how many there are, counted a set of targets at a time (what a
    // perft counts its last ply with, as `pgnsem perft` does).
    [[nodiscard]] MoveList legal_moves() const noexcept;
    [[nodiscard]] std::size_t legal_move_count() const noexcept;
    [[nodiscard]] bool is_legal(Move m) const noexcept;
    // Checkmate or stalemate, or nothing while the side to move has a legal move.
    [[nodiscard]] std::optional<End> end() const noexcept;
    // The leaves of the legal-move tree of that depth (1 for depth 0), as `pgnsem perft` counts.
    [[nodiscard]] std::uint64_t perft(int depth) const noexcept;

    // The canonical SAN of a legal move (§8.2.3: minimal disambiguation, `x`, `=Q`, `+`/`#`).
    // Throws Error with T's rule for a move that is not legal here.
    [[nodiscard]] std::string san(Move m) const;
    // A move written in SAN (the import-format spellings tolerated, as in a game: `0-0`, `Pe4`,
    // `e8Q`, a wrong `+`) or in UCI, and the legal move it names; throws Error: the syntax kind
    // and column when the text does not read, T's rule when the move is not legal.
    [[nodiscard]] Move parse_san(std::string_view san) const;
    // A move in UCI (`e2e4`, `e7e8q`; castling as the king's move `e1g1` in standard chess, as the
    // king taking its own rook `e1h1` in Chess960, where the king's two-square move is no castling):
    // four or five characters, the promotion in lower case; throws Error (`syntax/san` with the
    // column when it is no UCI move, `move/null` for `0000`, T's rule when it is not legal).
    [[nodiscard]] Move parse_uci(std::string_view uci) const;
    // One move in SAN or UCI judged without throwing: legal or not, why, canonical SAN and UCI, the
    // notation's warnings, the board after it.
    [[nodiscard]] MoveJudgement judge(std::string_view move) const;

    // Plays a legal move; throws Error (T's rule) for one that is not, and the board is unchanged.
    void push(Move m);
    // Plays a move of this board's legal_moves() without judging it again, as a perft or a search
    // that plays only listed moves may (the fast equations' σ′, the one push gives). Precondition:
    // is_legal(m). A move that is not legal here leaves the board in an unspecified position (the
    // library's checked build stops on it); use push when the move comes from outside.
    void push_unchecked(Move m);
    Move push_san(std::string_view san);
    Move push_uci(std::string_view uci);
    // Takes back the last move pushed and returns it; throws std::out_of_range when none is left.
    Move pop();
    // The moves pushed and not popped, oldest first.
    [[nodiscard]] std::vector<Move> move_stack() const;
    [[nodiscard]] std::size_t pushed() const noexcept { return history_.size(); }

    // The same position and the same σ: the squares' pieces with their identities (which rook or
    // pawn stands where, proofs-notes/numbering.md), the side to move, the rights, the en passant
    // stamps and the clocks, and the same rules (a Chess960 board never equals a standard one, not
    // even chess960_start(518) Board()). The moves pushed are not compared.
    friend PGNSEM_API bool operator==(const Board& a, const Board& b) noexcept;

    // σ, for the library's own code (pgnsem/board.cpp): its size and alignment are checked there.
    static constexpr std::size_t kStateBytes = 192;
    struct alignas(8) State {
        std::array<unsigned char, kStateBytes> bytes;
    };

private:
    struct Undo {
        State before;
        Move move;
    };
    State state_;
    std::vector<Undo> history_;
    friend struct BoardAccess;  // pgnsem/board.cpp
};

// A warning (docs/vocabulary.md, the warning object): `kind` (README "Warning kinds", e.g.
// `check-claim`), the text as `written`, its export-format form `canonical` (empty when none), a
// sentence. `ply`, `line` and `column` are 0 where they do not apply (a single move has no place in
// a file).
struct Warning {
    WarningKind kind = WarningKind::CaptureMarker;
    std::uint32_t ply = 0;
    std::uint32_t line = 0, column = 0;
    std::string written, canonical;
    std::optional<Rule> rule;  // variation-illegal only: the rule the move broke
    std::string message;
};

// One move judged in a position: T(M)(σ) of the paper's §3.3 with the interpreter's readings
// (interpreter/judge.hpp), and the notation's claims checked (interpreter/claims.hpp).
struct MoveJudgement {
    bool legal = false;
    // Illegal: T's rule (e.g. check/pinned, src/ambiguous, game/over); not SAN or UCI: the syntax
    // kind (e.g. syntax/san). Nothing when legal.
    std::optional<Rule> rule;
    std::string message;  // why not, in chess terms; empty when legal
    // legal only: the move, its canonical SAN and UCI, the board after it (with the move pushed)
    std::optional<Move> move;
    std::string san;
    std::string uci;
    // What the text claims wrongly or spells in an import-format way (`capture-marker`,
    // `check-claim`, `long-algebraic`, `coordinate-move`, …): the move is played all the same,
    // as `pgnsem check` plays it; `--strict` would refuse it (README "Warning kinds").
    std::vector<Warning> warnings;
    std::optional<Board> after;
};

}  // namespace pgnsem::api
