// ⊥ as an explicit value. [[M]] : St ⇀ St returns Partial<Transition>; T returns Termination.
// Undefined carries the rule that failed and the squares and piece that explain it, never a
// string: sentences are made by interpreter/explain.cpp, so the semantics allocates nothing.
#pragma once

#include <boost/variant2/variant.hpp>

#include <cstdint>
#include <optional>

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

// What a defined move did, in the concrete terms traces and SAN printing need.
struct Action {
    Rule rule;                 // the equation that fired (a `fires` rule)
    Square from;               // S (for castling: the king's square)
    Square to;                 // Q (for castling: the king's destination)
    PieceId piece = kEmpty;    // v
    PieceId captured = kEmpty; // the id removed, if any
    std::optional<Square> captured_on;  // differs from `to` only for en passant
    std::optional<ast::PromotionPiece> promotion;
    std::optional<ast::CastleSide> castle;
};

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
