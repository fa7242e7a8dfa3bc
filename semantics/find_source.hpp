// GTSS — GetTraversalSourceSquare (Algorithm 1) and GCSS — GetCaptureSourceSquare
// (Algorithm 2): which piece of the side to move makes the move the notation describes?
// Both return (S, v), the source square and the id of the piece on it, or ⊥ with the reason.
#pragma once

#include <boost/variant2/variant.hpp>

#include "ast/ast.hpp"
#include "semantics/board.hpp"
#include "semantics/errata.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// (S, v)
struct Source {
    Square from;
    PieceId piece;
};

// Unique source, or ⊥ with src/unreachable, src/opponent-piece, src/wrong-disambiguator,
// src/blocked, trav/pawn-blocked, src/ambiguous (detail.candidates lists them), or, for a pawn
// capture with nothing on Q, cap/no-victim, ep/expired or ep/no-double-step.
using SourceResult = boost::variant2::variant<Source, Undefined>;

// GTSS(Q, P, σ) or GCSS(Q, P, σ), as a move calls it: the piece indicator P is a kind and what the
// notation says of the origin (a file or rank, `Ndc5`, `N7c5`; a pawn's traversal names none; for
// a pawn's capture, its file W).
struct SourceQuery {
    bool capture = false;  // GCSS, else GTSS
    PieceKind kind = PieceKind::Pawn;
    ast::Disambiguator from;
    Square to = Square::unchecked(0);
};

// The algorithm run: the candidates after each of its steps, as proofs-notes/semantics.md ("GTSS
// and GCSS") numbers them, and the answer. What the algorithm computes on its way to (S, v), kept
// as named values (`pgnsem explain` prints them).
struct SourceCall {
    SourceQuery query;
    Color mover = Color::White;
    SquareSet reach;    // step 1: the pieces of kind P and colour mover whose movement reaches Q
    SquareSet matched;  // step 2: … on the file or rank written
    SquareSet clear;    // step 3: … unblocked
    // Step 4, when more than one is unblocked: those whose move T accepts (erratum
    // ambiguity-among-legal-moves; the paper counts them all). `filtered` says the step ran.
    bool filtered = false;
    SquareSet counted;
    SourceResult answer = Source{Square::unchecked(0), kEmpty};  // (S, v) or ⊥
};

// GTSS(Q, P, σ) or GCSS(Q, P, σ), with its steps.
[[nodiscard]] SourceCall find_source(const State& sigma, const SourceQuery& q, Reading r = Reading::laws()) noexcept;

// GTSS(Q, P, σ): its answer alone.
[[nodiscard]] SourceResult traversal_source(const State& sigma, PieceKind kind, const ast::Disambiguator& from,
                                            Square to, Reading r = Reading::laws()) noexcept;

// GCSS(Q, P, σ): the same for a capture onto Q; for a pawn, `from.file` is its file W.
[[nodiscard]] SourceResult capture_source(const State& sigma, PieceKind kind, const ast::Disambiguator& from, Square to,
                                          Reading r = Reading::laws()) noexcept;

// GCSS's en passant case: the pawn on S (of the side to move) captures onto the empty square Q
// on rank 6 (3 for Black), and the enemy pawn behind Q made its double step on the previous
// turn — its stamp is turn − 1 (Laws 3.7.3.1, 3.7.3.2; the paper's two-step identifiers).
[[nodiscard]] bool is_en_passant(const State& sigma, Square from, Square to) noexcept;

// A pawn of colour c two squares behind Q that the double-step rule of the reading does not let
// step to Q (not on its start rank; as printed, Q not on rank 4 or 5), if there is one.
[[nodiscard]] std::optional<Square> stranded_double_step(const State& sigma, Square to, Color c, Reading r) noexcept;
// Can a piece of kind k and colour c on S reach Q on an otherwise empty board? (The movement
// rules GTSS and GCSS look for, asked of a known source: moves written by their squares.)
[[nodiscard]] bool reaches(PieceKind k, Color c, Square from, Square to, bool capture, Reading r) noexcept;

// The first piece on the way from S to Q, nearest S, if any: the squares strictly between them
// on their line, and for a pawn's push Q itself (a pawn cannot push onto a piece).
[[nodiscard]] std::optional<Square> blocker(const State& sigma, Square from, Square to, bool pawn_push) noexcept;

// For a pawn capture from S onto Q: nothing when there is a piece on Q to take or en passant
// applies; otherwise ⊥ with ep/expired, ep/no-double-step or cap/no-victim.
[[nodiscard]] std::optional<Undefined> pawn_capture_victim(const State& sigma, Square from, Square to) noexcept;

}  // namespace pgnsem::sem
