// The fast path's move generator (the reference is semantics/legal_moves.hpp, every move tried
// with T): the moves fast::terminates_concrete accepts, enumerated from bit sets with checkers,
// pins and a check mask; checkmate and stalemate; the disambiguation shortcut; perft.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "ast/ast.hpp"
#include "semantics/fast/terminates.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

// Every m with terminates_concrete(σ, m) = ⊤.
[[nodiscard]] MoveList legal_moves(const State& sigma) noexcept;
[[nodiscard]] bool has_legal_move(const State& sigma) noexcept;

[[nodiscard]] Outcome outcome(const State& sigma) noexcept;

// The canonical SAN of a defined move as an AST: minimal disambiguation among legal moves
// (§8.2.3.4), `x` exactly on captures, `+`/`#` from the position after it.
[[nodiscard]] ast::Move canonical_move(const State& sigma, const Action& action, const State& next) noexcept;

// The origin canonical SAN names for a piece move (§8.2.3.4): nothing, its file, its rank or its
// square, as canonical_move writes it; empty for pawns, kings and castling. The interpreter's
// disambiguation warnings need this part alone.
[[nodiscard]] ast::Disambiguator canonical_disambiguator(const State& sigma, const Action& action) noexcept;

// A legal move in 16 bits: from (bits 0–5) and to (6–11) as square indices a1 = 0 … h8 = 63, and
// the promotion (12–14): 0 for none, else 1 + the ast::PromotionPiece (so 1 = knight … 4 = queen).
// The public board's moves (pgnsem/board.hpp) are these bits.
using PackedMove = std::uint16_t;
[[nodiscard]] constexpr PackedMove pack(int from, int to, int promotion) noexcept {
    return static_cast<PackedMove>(from | (to << 6) | (promotion << 12));
}
// The moves legal_moves lists, in the same order, packed into out (room for MoveList::kCapacity),
// without a MoveList's zeroing; and only their number, counted a set at a time as perft counts
// its last ply. Both return the number of moves.
// The board of pgnsem/board.hpp keeps σ's bit sets beside σ as perft does (boards_after, below),
// and passes them.
struct Boards;
[[nodiscard]] std::size_t legal_moves_packed(const State& sigma, const Boards& b, PackedMove* out) noexcept;
[[nodiscard]] std::size_t count_legal_moves(const State& sigma, const Boards& b) noexcept;
// Whether legal_moves_packed lists m: the same generator, asked for the moves of m's piece alone.
// So it is exactly T's ⊤ for m (F4), for any 16 bits, without T's reading of the move.
[[nodiscard]] bool is_legal_packed(const State& sigma, const Boards& b, PackedMove m) noexcept;

// The number of leaf nodes of the legal-move tree of the given depth.
[[nodiscard]] std::uint64_t perft(const State& sigma, int depth) noexcept;

// perft keeps σ's bit sets (boards.hpp) beside σ, move by move: the sets of
// apply_concrete(σ, m).next made from those of σ and the move m, a legal move of σ. They equal
// boards_of(σ′) (lemma F8 of proofs-notes/invariants.md, tests/semantics/perft_boards_test.cpp).
[[nodiscard]] Boards boards_after(const State& sigma, const Boards& b, ConcreteMove m) noexcept;

}  // namespace pgnsem::sem::fast
