// The canonical SAN of a defined move as an AST (PGN 8.2.3), from what the move did, the origin to
// name and the claim to write: pawn captures name their file, `x` marks exactly the captures (en
// passant included), a promotion writes =T, castling is O-O or O-O-O. Which origin (8.2.3.4: the
// first of none, file, rank, square that sets the move apart from the other legal moves of its kind
// to the same square) and which claim (`+`, `#`) are questions of the position, answered by the
// reference (semantics/legal_moves.hpp) or the fast path (semantics/fast/legal_moves.hpp); this is
// the part both share.
#pragma once

#include "ast/ast.hpp"
#include "semantics/partial.hpp"

namespace pgnsem::sem {

[[nodiscard]] ast::Move canonical_san(const Action& action, const ast::Disambiguator& origin,
                                      ast::CheckClaim claim) noexcept;

}  // namespace pgnsem::sem
