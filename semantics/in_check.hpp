// IIC — IsInCheck (Algorithm 3 of the paper): is the king of colour c attacked in σ?
#pragma once

#include <cstdint>

#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// IIC(σ, c). A side without a king (only from an invalid FEN) is never in check.
[[nodiscard]] bool in_check(const State& sigma, Color c) noexcept;

// Is square q attacked by a piece of colour `by` in σ? (The castling erratum needs it for the
// squares the king crosses.)
[[nodiscard]] bool attacked(const State& sigma, Square q, Color by) noexcept;

// The squares of the pieces of colour `by` that attack q, as a bit set (a1 = bit 0).
[[nodiscard]] std::uint64_t attackers(const State& sigma, Square q, Color by) noexcept;

// IIC(σ', c) for σ' = [[M]](σ), the move having done `a`, when IIC(σ, c) is known to be `was`.
// The same answer as in_check(after, c) (Lemma L13, proofs-notes/invariants.md), found from the
// squares the move changed instead of the whole board: when c was not in check, its king did not
// move and only S and Q changed, c is in check in σ' exactly when the piece now on Q attacks the
// king or a line from the king through the emptied S ends at a slider of the other side.
// Otherwise (c was in check, c's king moved, castling, en passant) it is in_check(after, c).
[[nodiscard]] bool in_check_after(const State& before, const Action& a, const State& after, Color c,
                                  bool was) noexcept;

}  // namespace pgnsem::sem
