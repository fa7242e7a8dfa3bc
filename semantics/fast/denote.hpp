// [[M]] : St ⇀ St — the state-transition functions of §3.2.2, one per equation:
// traversals (pawn step, double step with its stamp, piece, king), captures (pawn, en passant,
// piece, king), castles (both sides), promotions (push, capture). Each gives σ' or ⊥ for the
// movement rules alone; T (terminates.hpp) adds the conditions of §3.3.
//
// Each answers in T's own type, the fast path's Termination (semantics/fast/position.hpp), for T is
// their one caller (terminates.cpp): ⊤ holding σ' as a position and the action, its check flag not
// yet asked, or ⊥ with [[M]]'s rule and detail (the
// reference's Undefined as a Refused). T asks its conditions of σ' where these wrote it, in the
// answer T's caller receives, so σ' is never copied on its way out (were they to return
// Partial<Accepted> as the reference's do, T would copy σ' out of it). F3 holds them, through T,
// to the reference. Each reads σ in its position, from whose kings GTSS and GCSS read the king's
// square instead of looking for it, and writes σ′'s kings with σ′.
#pragma once

#include "ast/ast.hpp"
#include "semantics/fast/position.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

[[nodiscard]] Termination denote_traversal(const ast::Traversal& m, const Position& p) noexcept;
[[nodiscard]] Termination denote_capture(const ast::Capture& m, const Position& p) noexcept;
[[nodiscard]] Termination denote_castle(const ast::Castle& m, const Position& p) noexcept;
[[nodiscard]] Termination denote_promotion(const ast::Promotion& m, const Position& p) noexcept;
[[nodiscard]] Termination denote_coordinate(const ast::Coordinate& m, const Position& p) noexcept;

}  // namespace pgnsem::sem::fast
