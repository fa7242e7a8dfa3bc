// ⊥ as an explicit value. [[M]] : St ⇀ St returns Partial<Transition>; T returns Termination.
// Undefined carries the rule that failed and the squares and piece that explain it, never a
// string: sentences are made by interpreter/explain.cpp, so the semantics allocates nothing.
#pragma once

#include <algorithm>
#include <array>
#include <boost/variant2/variant.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "ast/ast.hpp"
#include "ast/square.hpp"
#include "semantics/rules.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// The squares and piece a failure (or success) is about. Every field is optional; which ones a
// rule fills is listed in proofs-notes/semantics.md next to the rule.
struct Detail {
    std::optional<Square> from;      // the piece that moves (or would)
    std::optional<Square> to;        // the destination
    std::optional<Square> attacker;  // the piece giving check / pinning / attacking a castling square
    std::optional<Square> king;      // the king concerned
    std::optional<Square> square;    // any other square (a blocker, the attacked castling square, …)
    std::optional<PieceKind> piece;  // the kind the move names
    std::uint64_t candidates = 0;    // bit set of source squares (src/ambiguous)
    friend bool operator==(const Detail&, const Detail&) = default;
};

struct Undefined {
    Failure rule;
    Detail detail;
    friend bool operator==(const Undefined&, const Undefined&) = default;
};

// ⊥ by rule r for a move from `from` to `to` (of a piece of kind k, when the move names one).
[[nodiscard]] inline Undefined undefined(Failure r, Square from, Square to,
                                         std::optional<PieceKind> k = std::nullopt) noexcept {
    Detail d;
    d.from = from;
    d.to = to;
    d.piece = k;
    return Undefined{r, d};
}
// ⊥ because turn + 1 does not fit the turn counter.
[[nodiscard]] inline Undefined too_long() noexcept {
    return Undefined{Failure::TurnLimit, Detail{}};
}

template <class T>
using Partial = boost::variant2::variant<T, Undefined>;

// A T or nothing, in one byte, for the fields of Action below: squares, promotion pieces and
// castling sides are small numbers, so 0xFF can stand for nothing. (std::optional takes two bytes
// and would make Action 11 bytes long; GCC builds such an Action byte by byte on the stack and
// copies it by words, and each such copy waits for the byte stores to reach the cache — a
// store-forwarding stall in [[M]] on every move. At eight bytes an Action is one machine word.)
template <class T>
class Maybe {
public:
    constexpr Maybe() noexcept = default;
    constexpr Maybe(std::nullopt_t) noexcept {}           // NOLINT: converts on purpose, as std::optional does
    constexpr Maybe(T v) noexcept : byte_(to_byte(v)) {}  // NOLINT
    constexpr Maybe(std::optional<T> v) noexcept : byte_(v ? to_byte(*v) : kNothing) {}  // NOLINT
    [[nodiscard]] constexpr bool has_value() const noexcept { return byte_ != kNothing; }
    constexpr explicit operator bool() const noexcept { return has_value(); }
    [[nodiscard]] constexpr T operator*() const noexcept { return from_byte(byte_); }
    constexpr operator std::optional<T>() const noexcept {  // NOLINT
        return has_value() ? std::optional<T>(from_byte(byte_)) : std::nullopt;
    }
    friend constexpr bool operator==(Maybe, Maybe) noexcept = default;

private:
    static constexpr std::uint8_t kNothing = 0xFF;
    static constexpr std::uint8_t to_byte(T v) noexcept {
        if constexpr (std::is_enum_v<T>)
            return static_cast<std::uint8_t>(v);
        else
            return static_cast<std::uint8_t>(v.index());
    }
    static constexpr T from_byte(std::uint8_t b) noexcept {
        if constexpr (std::is_enum_v<T>)
            return static_cast<T>(b);
        else
            return T::unchecked(b);
    }
    std::uint8_t byte_ = kNothing;
};

// What a defined move did, in the concrete terms traces and SAN printing need.
struct Action {
    Equation rule;              // the equation that fired
    Square from;                // S (for castling: the king's square)
    Square to;                  // Q (for castling: the king's destination)
    PieceId piece = kEmpty;     // v
    PieceId captured = kEmpty;  // the id removed, if any
    Maybe<Square> captured_on;  // differs from `to` only for en passant
    Maybe<ast::PromotionPiece> promotion;
    Maybe<ast::CastleSide> castle;
    friend bool operator==(const Action&, const Action&) = default;
};
static_assert(sizeof(Action) == 8, "an Action is one machine word (see Maybe)");

struct Transition {
    State next;
    Action action;
    friend bool operator==(const Transition&, const Transition&) = default;
};

// A move given by its squares, as the enumeration, perft and GTSS/GCSS's legality filter see
// it: castling is the king's two-square move (e1g1), a promotion names its piece.
struct ConcreteMove {
    Square from;
    Square to;
    std::optional<ast::PromotionPiece> promotion;
    friend bool operator==(const ConcreteMove&, const ConcreteMove&) = default;
};

// The state of a position with no legal move: checkmate when in check (Laws 5.1.1), else
// stalemate (5.2.1); Ongoing when there is a legal move.
enum class Outcome : std::uint8_t { Ongoing, Checkmate, Stalemate };

// A fixed-capacity list of moves (no allocation). 218 is the most legal moves a position reached
// in a game can have, but `perft --fen` and `gen` take any placement a FEN can write, so the
// capacity is what the Laws' moves can number in any position. Two bounds hold for a mover with n
// pieces. By piece: a queen has at most 27 moves, a rook 14, a bishop 13, a king 8 and 2 castlings,
// a knight 8, a pawn 3 squares of 4 promotions each (or 4 moves: step, double step, two captures),
// so at most 27 n. By destination: a legal move (S, Q) has, seen from Q, its source S either as the
// first piece along one of the 8 rays from Q (a slider, the king's step or castling, a pawn's step,
// double step or capture) or a knight's jump away, so at most 16 per Q, on the 64 − n squares the
// mover does not hold; a promotion names 4 pieces, and at most 3 pawns reach each of the 8 squares
// of the last rank: 16 (64 − n) + 8 · 3 · 3. The larger of the two minima over n is 680 (n = 26).
// Only the Laws' reading fills a list (legal_moves; other readings only ask has_legal_move).
[[nodiscard]] constexpr std::size_t most_legal_moves() noexcept {
    std::size_t most = 0;
    for (std::size_t n = 1; n <= 64; ++n) most = std::max(most, std::min(27 * n, 16 * (64 - n) + 8 * 3 * 3));
    return most;
}
struct MoveList {
    static constexpr std::size_t kCapacity = most_legal_moves();
    static_assert(kCapacity == 680);
    std::array<ConcreteMove, kCapacity> moves{};
    std::size_t size = 0;
    void push_back(ConcreteMove m) noexcept {
        PGNSEM_ASSERT(size < kCapacity, "at most MoveList::kCapacity legal moves in any position");
        moves[size++] = m;
    }
    [[nodiscard]] const ConcreteMove* begin() const noexcept { return moves.data(); }
    [[nodiscard]] const ConcreteMove* end() const noexcept { return moves.data() + size; }
};

// T(M)(σ) = ⊤, with the transition (σ, σ') ∈ [[M]] that T accepted: σ' (`next`) and the action.
// `check` is IIC(σ', the side to move in σ'): what a `+` or `#` claims. T learns it in the same pass
// over σ' as its own king-safety condition, so the interpreter need not ask again.
struct Accepted {
    State next;
    Action action;
    bool check = false;
    friend bool operator==(const Accepted&, const Accepted&) = default;
};
// T(M)(σ) = ⊥: the move is refused, by the rule of the first condition it breaks ([[M]]σ undefined
// included: `Undefined` is [[M]]'s own ⊥, before T's conditions).
struct Refused {
    Failure rule;
    Detail detail;
    friend bool operator==(const Refused&, const Refused&) = default;
};
// T's answer (`terminates`): Accepted or Refused.
using Termination = boost::variant2::variant<Accepted, Refused>;

}  // namespace pgnsem::sem
