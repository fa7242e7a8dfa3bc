// T : M → (St → {⊥, ⊤}) of §3.3, corrected by the FIDE Laws (proofs-notes/errata.md):
// the destination condition (empty for traversals, an enemy piece other than the king for
// captures), ¬IIC(σ', mover), castling not out of, through or into check, promotion compulsory.
#pragma once

#include <optional>

#include "semantics/partial.hpp"
#include "semantics/state.hpp"
#include "syntax/ast.hpp"

namespace pgnsem::sem {

// T(M)(σ): Terminates{σ', action} or Fails{rule, detail}.
[[nodiscard]] Termination terminates(const ast::Move& m, const State& sigma) noexcept;

// A move given by its squares, as the enumeration, perft and GTSS/GCSS's legality filter see
// it: castling is the king's two-square move (e1g1), a promotion names its piece.
struct ConcreteMove {
    Square from;
    Square to;
    std::optional<ast::PromotionPiece> promotion;
    friend bool operator==(const ConcreteMove&, const ConcreteMove&) = default;
};

// T for a move whose source is known: the one judgement shared by GTSS/GCSS (which candidates
// count), the legal-move enumeration and perft, so they cannot drift apart.
[[nodiscard]] Termination terminates_concrete(const State& sigma, ConcreteMove m) noexcept;

}  // namespace pgnsem::sem
