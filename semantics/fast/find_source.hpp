// GTSS — GetTraversalSourceSquare (Algorithm 1) and GCSS — GetCaptureSourceSquare
// (Algorithm 2): which piece of the side to move makes the move the notation describes?
//
// Erratum (proofs-notes/errata.md): the paper calls the AN malformed when more than one piece
// qualifies; the PGN standard (§8.2.3.4) counts only pieces whose move is *legal*. So when the
// geometry leaves several candidates, those whose move T rejects (a pinned knight) drop out;
// when it leaves one, that one is the source even if its move is illegal, and T says why.
#pragma once

#include <boost/variant2/variant.hpp>
#include <cstdint>

#include "ast/ast.hpp"
#include "semantics/fast/position.hpp"
#include "semantics/find_source.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

// GTSS(Q, P, σ): a traversal (with its disambiguator) to `to`, of a pawn (P is the paper's bare Q)
// or of a piece of `kind` (not a pawn).
[[nodiscard]] SourceResult find_pawn_traversal_source(const State& sigma, const ast::Disambiguator& from,
                                                      Square to) noexcept;
// σ in its position p (semantics/fast/position.hpp), from whose kings a king's move is read off.
[[nodiscard]] SourceResult find_piece_traversal_source(const Position& p, PieceKind kind,
                                                       const ast::Disambiguator& from, Square to) noexcept;

// GCSS(Q, P, σ): a capture to `to`, of a pawn (diagonally from file W, en passant included) or of
// a piece of `kind` (not a pawn).
[[nodiscard]] SourceResult find_pawn_capture_source(const State& sigma, const ast::Disambiguator& from,
                                                    Square to) noexcept;
[[nodiscard]] SourceResult find_piece_capture_source(const Position& p, PieceKind kind, const ast::Disambiguator& from,
                                                     Square to) noexcept;

}  // namespace pgnsem::sem::fast
