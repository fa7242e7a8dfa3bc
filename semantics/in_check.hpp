// IIC — IsInCheck (Algorithm 3 of the paper): is the king of colour c attacked in σ?
#pragma once

#include <cstdint>

#include "semantics/state.hpp"

namespace pgnsem::sem {

// IIC(σ, c). A side without a king (only from an invalid FEN) is never in check.
[[nodiscard]] bool in_check(const State& sigma, Color c) noexcept;

// Is square q attacked by a piece of colour `by` in σ? (The castling erratum needs it for the
// squares the king crosses.)
[[nodiscard]] bool attacked(const State& sigma, Square q, Color by) noexcept;

// The squares of the pieces of colour `by` that attack q, as a bit set (a1 = bit 0).
[[nodiscard]] std::uint64_t attackers(const State& sigma, Square q, Color by) noexcept;

}  // namespace pgnsem::sem
