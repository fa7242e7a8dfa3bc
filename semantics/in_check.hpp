// IIC — IsInCheck (Algorithm 3 of the paper): is the king of colour c attacked in σ?
// And the attack question it is made of, asked of any square: which pieces attack it.
#pragma once

#include "semantics/board.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// IIC(σ, c).
[[nodiscard]] bool in_check(const State& sigma, Color c) noexcept;

// The squares of the pieces of colour `by` that attack q in σ: every piece that could capture on q
// if an enemy piece stood there (Algorithm 3's six tests, asked of q). The castling erratum asks it
// of the square the king crosses; failures name the lowest of them as the attacker.
[[nodiscard]] SquareSet attackers(const State& sigma, Square q, Color by) noexcept;

// Is q attacked by a piece of colour `by`?
[[nodiscard]] bool attacked(const State& sigma, Square q, Color by) noexcept;

// The square of a king of colour c in σ, read off the board (a1 first); none in a position from
// an invalid FEN. A well-formed σ has exactly one.
[[nodiscard]] std::optional<Square> king_square(const State& sigma, Color c) noexcept;

}  // namespace pgnsem::sem
