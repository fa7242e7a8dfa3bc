// IIC — IsInCheck (Algorithm 3) and the attack questions built on it.
//
// Algorithm 3, in legible form:
//   IIC(σ', c) = 1  iff, with G the square of c's king, one of the following holds:
//     an unblocked ¬c queen on G's diagonal, file or rank;  a ¬c king one square from G;
//     an unblocked ¬c rook on G's rank or file;  an unblocked ¬c bishop on G's diagonal;
//     a ¬c knight a knight's jump from G;  a ¬c pawn diagonally in front of G (from c's side).
// `attacked` asks the same of any square; the castling erratum needs it for the squares the
// king crosses. The question is asked backwards from the square: which squares would a knight,
// a king or a pawn of `by` attack it from, and which is the first piece on each of its eight
// lines (the "unblocked" slider). One side's pieces and the occupancy are bit sets derived from
// σ on the spot (boards.hpp, AttackBoards); the move generator (legal_moves.cpp) derives its own
// (Boards) and the property test L6 checks that the two agree.
#include "semantics/in_check.hpp"

#include "semantics/boards.hpp"
#include "semantics/geometry.hpp"

namespace pgnsem::sem {
namespace {

using geo::Bits;

// The pieces of `by` (their sets in b) that attack q: a knight a knight's jump away, a king one
// square away, a pawn diagonally in front of q from `by`'s side (the squares a pawn of the other
// colour on q would attack), and the first piece on each of q's lines when it moves along that
// line (rook or queen on a rank or file, bishop or queen on a diagonal).
[[nodiscard]] Bits attackers_of(const AttackBoards& b, int q, Color by) noexcept {
    Bits found = (geo::knight_targets(q) & b.knights) | (geo::king_targets(q) & b.kings) |
                 (geo::pawn_attacks(colour_index(opposite(by)), q) & b.pawns);
    if ((geo::rook_rays(q) & b.rank_file) != 0) found |= geo::rook_attacks(q, b.occupied) & b.rank_file;
    if ((geo::bishop_rays(q) & b.diagonal) != 0) found |= geo::bishop_attacks(q, b.occupied) & b.diagonal;
    return found;
}

}  // namespace

std::uint64_t attackers(const State& sigma, Square q, Color by) noexcept {
    return attackers_of(attack_boards(sigma, by), q.index(), by);
}

bool attacked(const State& sigma, Square q, Color by) noexcept {
    return attackers_of(attack_boards(sigma, by), q.index(), by) != 0;
}

// IIC(σ, c): c's king is attacked by ¬c. A side without a king is never in check.
bool in_check(const State& sigma, Color c) noexcept {
    const std::uint8_t k = sigma.king_square[static_cast<std::size_t>(c)];
    if (k == kNoSquare) return false;
    return attacked(sigma, Square::unchecked(k), opposite(c));
}

}  // namespace pgnsem::sem
