// Positions that do not start from σ₀: a Placement (read from FEN) becomes a σ with the
// canonical id assignment of proofs-notes/numbering.md, and σ becomes a Placement for printing.
// validate() names every reason the position cannot arise in a game (rules `position/…`).
#pragma once

#include <array>
#include <cstddef>

#include "ast/placement.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// σ from a placement: canonical piece ids, turn = 2 or 3, stamps for the en passant square,
// moved flags from the castling availability. Defined for every placement (perft counts any
// FEN that parses); validate() says whether it is a position of a game.
[[nodiscard]] State from_placement(const Placement& p) noexcept;

// The placement σ describes. The en passant field is set after every double step (the PGN
// standard's "if and only if the last move was a pawn advance of two squares").
[[nodiscard]] Placement to_placement(const State& sigma) noexcept;
// Its five fields after the placement (side to move, castling, en passant, clocks), alone.
[[nodiscard]] FenFields fen_fields(const State& sigma) noexcept;

struct Problem {
    PositionRule rule;
    Detail detail;
};
struct Problems {
    std::array<Problem, 24> items{};
    std::size_t size = 0;
    [[nodiscard]] bool empty() const noexcept { return size == 0; }
    [[nodiscard]] const Problem* begin() const noexcept { return items.data(); }
    [[nodiscard]] const Problem* end() const noexcept { return items.data() + size; }
};

// Every `position/…` rule the placement breaks, in the order of rules.hpp.
[[nodiscard]] Problems validate(const Placement& p) noexcept;
// The same, given σ = from_placement(p), which the caller has already.
[[nodiscard]] Problems validate(const Placement& p, const State& sigma) noexcept;

}  // namespace pgnsem::sem
