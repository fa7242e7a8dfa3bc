// IIC — IsInCheck (Algorithm 3), line by line.
//
//   Data: state σ′, color of king to check (0 for white, 1 for black)
//   Result: 1 if the color has a king in check, 0 otherwise
//   set G to be the square that color king is on;
//   if unblocked ¬color's queen on same diagonal, file or rank then return 1;
//   if ¬color's king is 1 square away then return 1;
//   if unblocked ¬color's rook on same rank or file then return 1;
//   if unblocked ¬color's bishop on same diagonal then return 1;
//   if ¬color's knight 2-squares vertical and 1-square horizontal or 2-squares horizontal and
//      1-square vertical away then return 1;
//   if ¬color's pawn 1-square up-left or up-right if white, down-left or down-right if black then
//      return 1;
//   return 0;
//
// Where the paper is silent: a side without a king (only after an invalid FEN) is never in check;
// with two kings of one colour (an ill-formed σ, which the paper's own equations can produce:
// errata.md, castle-uses-up-castling) G is each of them, and the side is in check if either is.
#include "semantics/in_check.hpp"

#include <span>

#include "ast/mutants.hpp"

namespace pgnsem::sem {
namespace {

// The first piece met walking from q along d, if any ("unblocked": nothing stands between).
[[nodiscard]] std::optional<Square> first_piece(const State& s, Square q, Step d) noexcept {
    for (std::optional<Square> x = step(q, d); x; x = step(*x, d))
        if (!at(s, *x).empty()) return x;
    return std::nullopt;
}

[[nodiscard]] bool holds(const State& s, std::optional<Square> q, Color c, PieceKind k) noexcept {
    if (!q) return false;
    const PieceId v = at(s, *q);
    return !v.empty() && color_of(v) == c && kind_of(v) == k;
}

// An unblocked piece of colour c and kind k on one of the lines through G (the lines in `ds`).
[[nodiscard]] bool unblocked_on(const State& s, Square G, Color c, PieceKind k, std::span<const Step> ds) noexcept {
    for (Step d : ds)
        if (holds(s, first_piece(s, G, d), c, k)) return true;
    return false;
}

// A piece of colour c and kind k one leap from G (a king's step, a knight's jump, a pawn's capture).
[[nodiscard]] bool leaps_from(const State& s, Square G, Color c, PieceKind k, std::span<const Step> ds) noexcept {
    for (Step d : ds)
        if (holds(s, step(G, d), c, k)) return true;
    return false;
}

// Where a pawn of colour `by` attacks G from: diagonally behind G as that pawn moves. A white king
// is attacked by a black pawn "1-square up-left or up-right" of it, a black king by a white pawn
// down-left or down-right.
[[nodiscard]] std::array<Step, 2> pawn_attacks_from(Color by) noexcept {
    const int back = -forward(by);
    return {{{-1, back}, {1, back}}};
}

// Algorithm 3 for the king on G.
[[nodiscard]] bool king_attacked(const State& sigma, Square G, Color color) noexcept {
    const Color them = opposite(color);
    const std::array<Step, 8> all_lines{{kDiagonals[0], kDiagonals[1], kDiagonals[2], kDiagonals[3], kHorizontal[0],
                                         kHorizontal[1], kVertical[0], kVertical[1]}};
    const std::array<Step, 4> rank_and_file{{kHorizontal[0], kHorizontal[1], kVertical[0], kVertical[1]}};
    // if unblocked ¬color's queen on same diagonal, file or rank then return 1
    if (unblocked_on(sigma, G, them, PieceKind::Queen, all_lines)) return true;
    // if ¬color's king is 1 square away then return 1
    if (leaps_from(sigma, G, them, PieceKind::King, kKingSteps)) return true;
    // if unblocked ¬color's rook on same rank or file then return 1
    if (unblocked_on(sigma, G, them, PieceKind::Rook, rank_and_file)) return true;
    // if unblocked ¬color's bishop on same diagonal then return 1
    if (unblocked_on(sigma, G, them, PieceKind::Bishop, kDiagonals)) return true;
    // if ¬color's knight a knight's jump away then return 1
    if (!PGNSEM_MUTANT(ref_in_check_no_knight) && leaps_from(sigma, G, them, PieceKind::Knight, kKnightJumps))
        return true;
    // if ¬color's pawn diagonally in front of G (as seen from `color`) then return 1
    if (leaps_from(sigma, G, them, PieceKind::Pawn, pawn_attacks_from(them))) return true;
    // return 0
    return false;
}

}  // namespace

// IIC(σ′, color)
bool in_check(const State& sigma, Color color) noexcept {
    // set G to be the square that color king is on (each of them, should σ′ hold two)
    for (int q = 0; q < 64; ++q) {
        const PieceId v = sigma.board[static_cast<std::size_t>(q)];
        if (v.empty() || color_of(v) != color || kind_of(v) != PieceKind::King) continue;
        if (king_attacked(sigma, Square::unchecked(q), color)) return true;
    }
    return false;
}

SquareSet attackers(const State& sigma, Square q, Color by) noexcept {
    SquareSet found;
    // Along the lines: the first piece, when it moves along that line.
    const auto line = [&](std::span<const Step> ds, PieceKind mover) {
        for (Step d : ds) {
            const std::optional<Square> x = first_piece(sigma, q, d);
            if (holds(sigma, x, by, mover) || holds(sigma, x, by, PieceKind::Queen)) found.add(*x);
        }
    };
    line(kDiagonals, PieceKind::Bishop);
    line(kHorizontal, PieceKind::Rook);
    line(kVertical, PieceKind::Rook);
    // One leap away.
    const auto leap = [&](std::span<const Step> ds, PieceKind k) {
        for (Step d : ds)
            if (const std::optional<Square> x = step(q, d); holds(sigma, x, by, k)) found.add(*x);
    };
    leap(kKingSteps, PieceKind::King);
    leap(kKnightJumps, PieceKind::Knight);
    leap(pawn_attacks_from(by), PieceKind::Pawn);
    return found;
}

bool attacked(const State& sigma, Square q, Color by) noexcept {
    return !attackers(sigma, q, by).empty();
}

std::optional<Square> king_square(const State& sigma, Color c) noexcept {
    for (int q = 0; q < 64; ++q) {
        const PieceId v = sigma.board[static_cast<std::size_t>(q)];
        if (!v.empty() && color_of(v) == c && kind_of(v) == PieceKind::King) return Square::unchecked(q);
    }
    return std::nullopt;
}

}  // namespace pgnsem::sem
