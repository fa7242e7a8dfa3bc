// [[M]] : St ⇀ St — the state-transition functions of §3.2.2, one per equation: traversals
// (pawn step, double step with its stamp, piece, king), captures (pawn, en passant, piece, king),
// castles (both sides), promotions (push, capture). Each denote_* finds (S, v) with GTSS or GCSS,
// checks what the equation's own side conditions require, and returns σ' or ⊥; T (terminates.hpp)
// adds the conditions of §3.3.
#pragma once

#include "semantics/errata.hpp"
#include "semantics/find_source.hpp"
#include "semantics/moves.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"
#include "syntax/ast.hpp"

namespace pgnsem::sem {

// With `why` (semantics/why.hpp), each function records the GTSS/GCSS call, the premises it tests
// and the update, in the equation's order.

// [[M]]σ for any move of the AST.
[[nodiscard]] Partial<Transition> denote(const ast::Move& m, const State& sigma, Reading r = Reading::laws(),
                                         Why* why = nullptr) noexcept;

[[nodiscard]] Partial<Transition> denote_traversal(const ast::Traversal& m, const State& sigma, Reading r,
                                                   Why* why = nullptr) noexcept;
[[nodiscard]] Partial<Transition> denote_capture(const ast::Capture& m, const State& sigma, Reading r,
                                                 Why* why = nullptr) noexcept;
[[nodiscard]] Partial<Transition> denote_castle(const ast::Castle& m, const State& sigma, Reading r,
                                                Why* why = nullptr) noexcept;
[[nodiscard]] Partial<Transition> denote_promotion(const ast::Promotion& m, const State& sigma, Reading r,
                                                   Why* why = nullptr) noexcept;
// A move written by its squares (an extension: UCI `g1f3`, long algebraic): the piece is σ(S).
[[nodiscard]] Partial<Transition> denote_coordinate(const ast::Coordinate& m, const State& sigma, Reading r,
                                                    Why* why = nullptr) noexcept;

// The equations themselves, for a source already found: each returns σ' as the paper's update
// gives it (with the Laws' identifiers kept, see `with_laws_identifiers`) and what the move did.
// trav/pawn, trav/pawn-double, trav/piece, trav/king
[[nodiscard]] Transition pawn_step(const State& s, Square from, Square to, Why* why = nullptr) noexcept;
[[nodiscard]] Transition pawn_double_step(const State& s, Square from, Square to, Why* why = nullptr) noexcept;
[[nodiscard]] Transition piece_traversal(const State& s, Square from, Square to, Why* why = nullptr) noexcept;
[[nodiscard]] Transition king_traversal(const State& s, Square from, Square to, Why* why = nullptr) noexcept;
// cap/pawn, cap/en-passant, cap/piece, cap/king
[[nodiscard]] Transition pawn_capture(const State& s, Square from, Square to, Why* why = nullptr) noexcept;
[[nodiscard]] Transition en_passant(const State& s, Square from, Square to, Why* why = nullptr) noexcept;
[[nodiscard]] Transition piece_capture(const State& s, Square from, Square to, Why* why = nullptr) noexcept;
[[nodiscard]] Transition king_capture(const State& s, Square from, Square to, Why* why = nullptr) noexcept;
// castle/king-side, castle/queen-side (the side to move's)
[[nodiscard]] Transition castle(const State& s, ast::CastleSide side, Reading r, Why* why = nullptr) noexcept;
// promo/push, promo/capture
[[nodiscard]] Transition promotion(const State& s, Square from, Square to, ast::PromotionPiece t,
                                   Why* why = nullptr) noexcept;

}  // namespace pgnsem::sem
