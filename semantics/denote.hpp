// [[M]] : St ⇀ St — the state-transition functions of §3.2.2, one per equation: traversals
// (pawn step, double step with its stamp, piece, king), captures (pawn, en passant, piece, king),
// castles (both sides), promotions (push, capture). [[M]] finds (S, v) with GTSS or GCSS, checks
// what the equation's own side conditions require, and returns σ' or ⊥; T (terminates.hpp) adds
// the conditions of §3.3.
//
// An equation is written as data: its update σ^{v₁,…}_{x₁,…} is the list x ↦ v in the order the
// paper writes it (`Update`), which `apply` makes σ′ and `pgnsem explain` prints. The side
// conditions are premises (premise.hpp), each a small function; `conditions` lists them.
#pragma once

#include <array>
#include <optional>

#include "ast/ast.hpp"
#include "semantics/errata.hpp"
#include "semantics/find_source.hpp"
#include "semantics/moves.hpp"
#include "semantics/partial.hpp"
#include "semantics/premise.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// Where x ↦ v of an update comes from: the paper's equation; an erratum's correction (the
// castling king's flag); or an identifier the Laws need beyond the paper (a corner's rook flag,
// the halfmove clock: errata.md, "Additions the Laws need").
enum class UpdateOrigin : std::uint8_t { Paper, Erratum, LawsAddition };

// x ↦ v of an equation's update.
struct UpdateItem {
    Assignment xv = Assignment(Ide::turn(), 0);
    UpdateOrigin origin = UpdateOrigin::Paper;
    std::optional<Erratum> erratum;
};

// An equation as it fired: what the move did, and σ^{v₁,…}_{x₁,…} as the list x₁ ↦ v₁, … in the
// equation's order, then the Laws' additions. (Castling with every flag writes 8.)
struct Update {
    Action action;
    Few<UpdateItem, 8> items;
};

// σ′: σ with each x ↦ v of the update, in order.
[[nodiscard]] State apply(const State& sigma, const Update& u) noexcept;

// [[M]]σ for any move of the AST.
[[nodiscard]] Partial<Transition> denote(const ast::Move& m, const State& sigma, Reading r = Reading::laws()) noexcept;

// The equation [[M]] fires in σ, with its update (⊥ as `denote`).
[[nodiscard]] Partial<Update> equation(const ast::Move& m, const State& sigma, Reading r = Reading::laws()) noexcept;

// The update of the equation M fires once [[M]]'s own conditions hold and GTSS/GCSS found its source
// S (`source`: none for a castling or a move written by its squares). `equation` is the three
// steps in order: `conditions`, `find_source`, `fire`.
[[nodiscard]] Update fire(const ast::Move& m, const State& sigma, std::optional<Square> source,
                          Reading r = Reading::laws()) noexcept;

// The GTSS or GCSS call [[M]] makes (none for a castling or a move written by its squares).
[[nodiscard]] std::optional<SourceQuery> source_query(const ast::Move& m, Reading r = Reading::laws()) noexcept;

// What castling tests in σ, as the reading reads it: the square whose id must be the rook's (h1 = 8,
// a1 = 1; h8 = 24, a8 = 17, or the paper's h1 = 24, a1 = 17 for Black; in Chess960 the rook's start
// square) and the squares that must be 0, each with the erratum that makes the paper's form differ
// (none for White, nor in Chess960).
struct CastleTest {
    Square rook_square;
    PieceId rook;
    std::array<Square, 6> between;
    int between_count;
    std::optional<Erratum> rook_erratum, between_erratum;
};
[[nodiscard]] CastleTest castle_test(const State& s, Color c, ast::CastleSide side, Reading r) noexcept;

// [[M]]'s own conditions in σ, in the order tested, up to the first ⊥: the turn limit (pgnsem's
// bound, listed only when it fails), castling's (proofs-notes/semantics.md) and those of a move
// written by its squares. (What GTSS and GCSS decide is theirs: `find_source`.)
[[nodiscard]] Premises conditions(const ast::Move& m, const State& sigma, Reading r = Reading::laws()) noexcept;

// The equations themselves, for a source already found: each returns its update (σ' as the
// paper's update gives it, with the Laws' identifiers kept, see `with_laws_identifiers`) and what
// the move did.
// trav/pawn, trav/pawn-double, trav/piece, trav/king
[[nodiscard]] Update pawn_step(const State& s, Square from, Square to) noexcept;
[[nodiscard]] Update pawn_double_step(const State& s, Square from, Square to) noexcept;
[[nodiscard]] Update piece_traversal(const State& s, Square from, Square to) noexcept;
[[nodiscard]] Update king_traversal(const State& s, Square from, Square to) noexcept;
// cap/pawn, cap/en-passant, cap/piece, cap/king
[[nodiscard]] Update pawn_capture(const State& s, Square from, Square to) noexcept;
[[nodiscard]] Update en_passant(const State& s, Square from, Square to) noexcept;
[[nodiscard]] Update piece_capture(const State& s, Square from, Square to) noexcept;
[[nodiscard]] Update king_capture(const State& s, Square from, Square to) noexcept;
// castle/king-side, castle/queen-side (the side to move's)
[[nodiscard]] Update castle(const State& s, ast::CastleSide side, Reading r) noexcept;
// promo/push, promo/capture
[[nodiscard]] Update promotion(const State& s, Square from, Square to, ast::PromotionPiece t) noexcept;

}  // namespace pgnsem::sem
