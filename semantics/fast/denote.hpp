// [[M]] : St ⇀ St — the state-transition functions of §3.2.2, one per equation:
// traversals (pawn step, double step with its stamp, piece, king), captures (pawn, en passant,
// piece, king), castles (both sides), promotions (push, capture). Each gives σ' or ⊥ for the
// movement rules alone; T (terminates.hpp) adds the conditions of §3.3.
//
// Each answers in T's own type, Termination, for T is their one caller (terminates.cpp): ⊤ holding
// σ' and the action, its check flag not yet asked, or ⊥ with [[M]]'s rule and detail (the
// reference's Undefined as a Refused). T asks its conditions of σ' where these wrote it, in the
// answer T's caller receives, so σ' is never copied on its way out (were they to return
// Partial<Accepted> as the reference's do, T would copy σ' out of it). F3 holds them, through T,
// to the reference.
#pragma once

#include "ast/ast.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

[[nodiscard]] Termination denote_traversal(const ast::Traversal& m, const State& sigma) noexcept;
[[nodiscard]] Termination denote_capture(const ast::Capture& m, const State& sigma) noexcept;
[[nodiscard]] Termination denote_castle(const ast::Castle& m, const State& sigma) noexcept;
[[nodiscard]] Termination denote_promotion(const ast::Promotion& m, const State& sigma) noexcept;
[[nodiscard]] Termination denote_coordinate(const ast::Coordinate& m, const State& sigma) noexcept;

}  // namespace pgnsem::sem::fast
