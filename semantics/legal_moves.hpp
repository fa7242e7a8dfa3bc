// The moves m with T(m)(σ) = ⊤, and what follows from them: checkmate and stalemate, the SAN
// the PGN standard asks for (§8.2.3.4: minimal disambiguation among legal moves), perft.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "semantics/partial.hpp"
#include "semantics/state.hpp"
#include "semantics/terminates.hpp"
#include "syntax/ast.hpp"

namespace pgnsem::sem {

// A fixed-capacity list (no allocation): 218 is the most legal moves any position has.
struct MoveList {
    std::array<ConcreteMove, 256> moves{};
    std::size_t size = 0;
    [[nodiscard]] const ConcreteMove* begin() const noexcept { return moves.data(); }
    [[nodiscard]] const ConcreteMove* end() const noexcept { return moves.data() + size; }
};

// Every m with terminates_concrete(σ, m) = ⊤.
[[nodiscard]] MoveList legal_moves(const State& sigma) noexcept;
[[nodiscard]] bool has_legal_move(const State& sigma) noexcept;

enum class Outcome : std::uint8_t { Ongoing, Checkmate, Stalemate };
[[nodiscard]] Outcome outcome(const State& sigma) noexcept;

// The canonical SAN of a defined move as an AST: minimal disambiguation among legal moves
// (§8.2.3.4), `x` exactly on captures, `+`/`#` from the position after it.
[[nodiscard]] ast::Move canonical_move(const State& sigma, const Action& action, const State& next) noexcept;

// The origin canonical SAN names for a piece move (§8.2.3.4): nothing, its file, its rank or its
// square, as canonical_move writes it; empty for pawns, kings and castling. The interpreter's
// disambiguation warnings need this part alone.
[[nodiscard]] ast::Disambiguator canonical_disambiguator(const State& sigma, const Action& action) noexcept;

// The number of leaf nodes of the legal-move tree of the given depth.
[[nodiscard]] std::uint64_t perft(const State& sigma, int depth) noexcept;

}  // namespace pgnsem::sem
