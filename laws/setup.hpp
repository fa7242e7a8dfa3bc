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
// FEN that parses); validate() says whether it is a position of a game. `chess960`: the position
// is a Chess960 one (proofs-notes/chess960.md): its castling rights are read as X-FEN and
// Shredder-FEN's, σ's castling files are theirs, and σ plays by the Chess960 rules.
[[nodiscard]] State from_placement(const Placement& p, bool chess960) noexcept;
// The same, Chess960 when the placement says so (Placement::chess960).
[[nodiscard]] State from_placement(const Placement& p) noexcept;

// How a Chess960 position's castling rights are written (proofs-notes/chess960.md): X-FEN (K Q k q
// for the outermost rooks, file letters for the others) or Shredder-FEN (file letters always). A
// standard position is written K Q k q either way.
enum class CastlingStyle : std::uint8_t { XFen, Shredder };

// The placement σ describes (Chess960 when σ is). The en passant field is set after every double
// step (the PGN standard's "if and only if the last move was a pawn advance of two squares").
[[nodiscard]] Placement to_placement(const State& sigma, CastlingStyle style = CastlingStyle::XFen) noexcept;
// Its five fields after the placement (side to move, castling, en passant, clocks), alone.
[[nodiscard]] FenFields fen_fields(const State& sigma, CastlingStyle style = CastlingStyle::XFen) noexcept;

struct Problem {
    PositionRule rule;
    Detail detail;
};
struct Problems {
    std::array<Problem, 40> items{};
    std::size_t size = 0;
    [[nodiscard]] bool empty() const noexcept { return size == 0; }
    [[nodiscard]] const Problem* begin() const noexcept { return items.data(); }
    [[nodiscard]] const Problem* end() const noexcept { return items.data() + size; }
};

// Every `position/…` rule the placement breaks, in the order of rules.hpp; `chess960` as for
// from_placement.
[[nodiscard]] Problems validate(const Placement& p, bool chess960) noexcept;
// The same, Chess960 when the placement says so (Placement::chess960).
[[nodiscard]] Problems validate(const Placement& p) noexcept;
// The same, given σ = from_placement(p, chess960), which the caller has already (σ says which).
[[nodiscard]] Problems validate(const Placement& p, const State& sigma) noexcept;

}  // namespace pgnsem::sem
