// The fast path's T (the reference is semantics/terminates.hpp): the same judgement under the
// Laws' reading, on σ's bit sets and with SIMD where it pays (semantics/fast/README.md). Property
// F-T of proofs-notes/invariants.md checks that it gives what the reference gives.
#pragma once

#include <optional>

#include "ast/ast.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

// T(M)(σ): Accepted{σ', action} or Refused{rule, detail}.
[[nodiscard]] Termination terminates(const ast::Move& m, const State& sigma) noexcept;

// T for a move whose source is known: the one judgement shared by GTSS/GCSS (which candidates
// count), the legal-move enumeration and perft, so they cannot drift apart.
[[nodiscard]] Termination terminates_concrete(const State& sigma, ConcreteMove m) noexcept;

}  // namespace pgnsem::sem::fast
