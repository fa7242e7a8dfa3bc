// T : M → (St → {⊥, ⊤}) of §3.3, corrected by the FIDE Laws (proofs-notes/errata.md): the
// destination condition (empty for traversals, an enemy piece other than the king for captures),
// ¬IIC(σ', mover), castling not out of, through or into check, promotion compulsory.
#pragma once

#include "semantics/errata.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"
#include "syntax/ast.hpp"

namespace pgnsem::sem {

// T(M)(σ): Terminates{σ', action, check} or Fails{rule, detail}.
// With `why` (semantics/why.hpp), everything it computed on the way is recorded there: what
// `pgnsem explain` prints.
struct Why;
[[nodiscard]] Termination terminates(const ast::Move& m, const State& sigma, Reading r = Reading::laws(),
                                     Why* why = nullptr) noexcept;

// T for a move given by its squares (castling as the king's two-square move, a promotion naming
// its piece): the judgement GTSS/GCSS's legality filter and the legal moves are made of.
[[nodiscard]] Termination terminates_concrete(const State& sigma, ConcreteMove m, Reading r = Reading::laws()) noexcept;

}  // namespace pgnsem::sem
