// The fast path's T (the reference is semantics/terminates.hpp): the same judgement under the
// Laws' reading, on σ's bit sets and with SIMD where it pays (semantics/fast/README.md), in the
// fast path's positions and answering in them (semantics/fast/position.hpp). Property F-T of
// proofs-notes/invariants.md checks that it gives what the reference gives.
#pragma once

#include "ast/ast.hpp"
#include "semantics/fast/position.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

// T(M)(σ), σ in the position p: Accepted{σ′'s position, action} or Refused{rule, detail}.
[[nodiscard]] Termination terminates(const ast::Move& m, const Position& p) noexcept;

// T for a move whose source is known: the one judgement shared by GTSS/GCSS (which candidates
// count), the legal-move enumeration and perft, so they cannot drift apart.
[[nodiscard]] Termination terminates_concrete(const Position& p, ConcreteMove m) noexcept;
// Whether T accepts it in σ (its kings looked for): what the enumeration and GTSS/GCSS ask.
[[nodiscard]] bool legal_concrete(const State& sigma, ConcreteMove m) noexcept;

}  // namespace pgnsem::sem::fast
