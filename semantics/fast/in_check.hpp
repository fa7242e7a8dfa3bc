// IIC — IsInCheck (Algorithm 3 of the paper): is the king of colour c attacked in σ?
#pragma once

#include <cstdint>

#include "semantics/fast/position.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

// IIC(σ, c). A side without a king (only from an invalid FEN) is never in check.
[[nodiscard]] bool in_check(const State& sigma, Color c) noexcept;
// The same with c's king on `king` (a KingSquares entry: kNoSquare for none), as T knows it.
[[nodiscard]] bool in_check(const State& sigma, Color c, std::uint8_t king) noexcept;

// IIC(σ, White) and IIC(σ, Black), asked in one pass over σ: T asks one of σ′ (the mover's king
// safety) and the check claim the other.
struct Checks {
    // Bit c (Color's value) says whether c's king is attacked. A shift, not a look-up in an array
    // of two bools, and no branch: the colour alternates move by move. (As an array the answer
    // went through the stack on every ply: stored as one 16-bit word, read back a byte at a time.)
    std::uint8_t bits = 0;
    constexpr Checks() noexcept = default;
    constexpr Checks(bool white, bool black) noexcept
        : bits(static_cast<std::uint8_t>(static_cast<unsigned>(white) | static_cast<unsigned>(black) << 1)) {}
    [[nodiscard]] bool of(Color c) const noexcept { return ((bits >> static_cast<unsigned>(c)) & 1u) != 0; }
    friend bool operator==(Checks, Checks) = default;
};
static_assert(static_cast<unsigned>(Color::White) == 0 && static_cast<unsigned>(Color::Black) == 1);
[[nodiscard]] Checks checks(const State& sigma) noexcept;
// The same in σ's position, whose kings T knows (semantics/fast/position.hpp).
[[nodiscard]] Checks checks(const Position& p) noexcept;
// checks() reads σ in one of two widths, with the same answer: sixteen squares a step with SSSE3
// (one at a time in a build without SIMD), or thirty-two where the processor has AVX2, chosen once
// at start-up (semantics/fast/wide.hpp). Both are here so that F1 holds each of them to the
// reference, whichever the processor running the tests would choose.
[[nodiscard]] Checks checks_narrow(const State& sigma) noexcept;
[[nodiscard]] Checks checks_narrow(const State& sigma, KingSquares king) noexcept;
// Precondition: wide_available() (it aborts on a processor without AVX2; in a build without the
// wide bodies it is checks_narrow).
[[nodiscard]] Checks checks_wide(const State& sigma) noexcept;
// in_check and checks reading σ one square at a time: the readable body the SIMD ones must equal,
// and, in a build without SIMD (PGNSEM_NO_SIMD), what in_check and checks_narrow are.
[[nodiscard]] bool in_check_scalar(const State& sigma, Color c) noexcept;
[[nodiscard]] Checks checks_scalar(const State& sigma) noexcept;

// Is square q attacked by a piece of colour `by` in σ? (The castling erratum needs it for the
// squares the king crosses.)
[[nodiscard]] bool attacked(const State& sigma, Square q, Color by) noexcept;

// The squares of the pieces of colour `by` that attack q, as a bit set (a1 = bit 0).
[[nodiscard]] std::uint64_t attackers(const State& sigma, Square q, Color by) noexcept;

}  // namespace pgnsem::sem::fast
