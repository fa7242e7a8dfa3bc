// The moves T accepts, by definition, and what follows from them: checkmate and stalemate, the
// SAN the PGN standard asks for (8.2.3.4: the origin named only as far as needed among the legal
// moves), perft. The reference: every move is tried with T. The fast path's move generator
// (semantics/fast/legal_moves.hpp) must enumerate exactly these (proofs-notes/invariants.md).
#pragma once

#include <cstdint>

#include "ast/ast.hpp"
#include "semantics/errata.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// {m | T(m)(σ) = ⊤}: every move of a piece of the side to move from its square S to any square Q
// (with each promotion piece, or none), in the order of S, then Q, then the piece.
[[nodiscard]] MoveList legal_moves(const State& sigma, Reading r = Reading::laws()) noexcept;
[[nodiscard]] bool has_legal_move(const State& sigma, Reading r = Reading::laws()) noexcept;

// No legal move: checkmate when in check (Laws 5.1.1), else stalemate (5.2.1).
[[nodiscard]] Outcome outcome(const State& sigma, Reading r = Reading::laws()) noexcept;

// The origin canonical SAN names for a piece move (PGN 8.2.3.4): nothing when no other piece of
// its kind can legally move to the same square, else its file if that tells them apart, else its
// rank if that does, else both. Empty for pawns, kings and castling.
[[nodiscard]] ast::Disambiguator canonical_disambiguator(const State& sigma, const Action& action,
                                                         Reading r = Reading::laws()) noexcept;

// The canonical SAN of a defined move as an AST (semantics/canonical.hpp), its origin as
// canonical_disambiguator gives it and its claim `+` when σ' has the opponent in check and a legal
// move, `#` when in check without one.
[[nodiscard]] ast::Move canonical_move(const State& sigma, const Action& action, const State& next,
                                       Reading r = Reading::laws()) noexcept;

// The number of leaves of the tree of legal moves of the given depth.
[[nodiscard]] std::uint64_t perft(const State& sigma, int depth, Reading r = Reading::laws()) noexcept;

}  // namespace pgnsem::sem
