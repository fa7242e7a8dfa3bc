// [[M]] : St ⇀ St — the state-transition functions of §3.2.2, one per equation:
// traversals (pawn step, double step with its stamp, piece, king), captures (pawn, en passant,
// piece, king), castles (both sides), promotions (push, capture). Each returns σ' or ⊥ for the
// movement rules alone; T (terminates.hpp) adds the conditions of §3.3.
#pragma once

#include "semantics/partial.hpp"
#include "semantics/state.hpp"
#include "syntax/ast.hpp"

namespace pgnsem::sem::fast {

// [[M]]σ for any move of the AST (dispatches on the alternative).
[[nodiscard]] Partial<Transition> denote(const ast::Move& m, const State& sigma) noexcept;

[[nodiscard]] Partial<Transition> denote_traversal(const ast::Traversal& m, const State& sigma) noexcept;
[[nodiscard]] Partial<Transition> denote_capture(const ast::Capture& m, const State& sigma) noexcept;
[[nodiscard]] Partial<Transition> denote_castle(const ast::Castle& m, const State& sigma) noexcept;
[[nodiscard]] Partial<Transition> denote_promotion(const ast::Promotion& m, const State& sigma) noexcept;
[[nodiscard]] Partial<Transition> denote_coordinate(const ast::Coordinate& m, const State& sigma) noexcept;

}  // namespace pgnsem::sem::fast
