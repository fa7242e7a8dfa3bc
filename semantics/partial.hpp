// ⊥ as an explicit value. [[M]] : St ⇀ St returns Partial<Transition>; T returns Termination.
// Undefined carries the rule that failed and the squares and piece that explain it, never a
// string: sentences are made by interpreter/explain.cpp, so the semantics allocates nothing.
#pragma once

#include <boost/variant2/variant.hpp>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "semantics/rules.hpp"
#include "semantics/state.hpp"
#include "syntax/ast.hpp"
#include "syntax/square.hpp"

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
};

struct Undefined {
    Rule rule;
    Detail detail;
};

template <class T>
using Partial = boost::variant2::variant<T, Undefined>;

// A T or nothing, in one byte, for the fields of Action below: squares, promotion pieces and
// castling sides are small numbers, so 0xFF can stand for nothing. (std::optional takes two bytes
// and made Action 11 bytes long; GCC built it byte by byte on the stack and copied it by words,
// and each such copy waited for the byte stores to reach the cache — a store-forwarding stall
// that perf found in [[M]] on every move. At eight bytes an Action is one machine word.)
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
    Rule rule;                  // the equation that fired (a `fires` rule)
    Square from;                // S (for castling: the king's square)
    Square to;                  // Q (for castling: the king's destination)
    PieceId piece = kEmpty;     // v
    PieceId captured = kEmpty;  // the id removed, if any
    Maybe<Square> captured_on;  // differs from `to` only for en passant
    Maybe<ast::PromotionPiece> promotion;
    Maybe<ast::CastleSide> castle;
};
static_assert(sizeof(Action) == 8, "an Action is one machine word (see Maybe)");

struct Transition {
    State next;
    Action action;
};

// T(M)(σ) = ⊤, with the σ' that [[M]] gives. `check` is IIC(σ', the side to move in σ'): what a
// `+` or `#` claims. T learns it in the same pass over σ' as its own king-safety condition, so the
// interpreter need not ask again.
struct Terminates {
    State next;
    Action action;
    bool check = false;
};
// T(M)(σ) = ⊥.
struct Fails {
    Rule rule;
    Detail detail;
};
using Termination = boost::variant2::variant<Terminates, Fails>;

}  // namespace pgnsem::sem
