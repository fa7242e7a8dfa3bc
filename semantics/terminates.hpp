// T : M → (St → {⊥, ⊤}) of §3.3, corrected by the FIDE Laws (proofs-notes/errata.md): the
// destination condition (empty for traversals, an enemy piece other than the king for captures),
// ¬IIC(σ', mover), castling not out of, through or into check, promotion compulsory.
#pragma once

#include <optional>

#include "ast/ast.hpp"
#include "semantics/errata.hpp"
#include "semantics/partial.hpp"
#include "semantics/premise.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// T(M)(σ): Accepted{σ', action, check} or Refused{rule, detail}.
[[nodiscard]] Termination terminates(const ast::Move& m, const State& sigma, Reading r = Reading::laws()) noexcept;

// T for a move given by its squares (castling as the king's two-square move, a promotion naming
// its piece): the judgement GTSS/GCSS's legality filter and the legal moves are made of.
[[nodiscard]] Termination terminates_concrete(const State& sigma, ConcreteMove m, Reading r = Reading::laws()) noexcept;

// The premises of T(M)(σ) once [[M]]σ = σ′ is known (`t`), in the order tested, up to the first ⊥.
// `capture`: M is one of the capture forms (`capture_form`).
[[nodiscard]] Premises termination_premises(const State& sigma, const Transition& t, bool capture,
                                            Reading r = Reading::laws()) noexcept;

// IIC(σ′, the opponent), what a `+` or `#` claims, when T asks it: T's `check` once its premises
// hold. (Read literally, T tests the opponent's king and asks nothing more: erratum
// check-turn-reading.)
[[nodiscard]] std::optional<IicCall> claim(const State& sigma, const Transition& t,
                                           Reading r = Reading::laws()) noexcept;

// Whether T reads M as one of the capture forms (P::x::Q, W::x::Q=T; a move written by its squares
// when the equation that fired is a capture).
[[nodiscard]] bool capture_form(const ast::Move& m, const Partial<Transition>& meaning) noexcept;

}  // namespace pgnsem::sem
