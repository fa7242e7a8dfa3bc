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

#include <bit>

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

namespace {

// The first occupied square of σ on the ray from k in direction d, or −1.
[[nodiscard]] int first_on_ray(const State& sigma, int d, int k) noexcept {
    for (Bits r = geo::ray(d, k); r != 0;) {
        const int q = geo::is_increasing(d) ? std::countr_zero(r) : 63 - std::countl_zero(r);
        if (sigma.board[static_cast<std::size_t>(q)] != kEmpty) return q;
        r &= ~geo::bit(q);
    }
    return -1;
}

// Whether the piece id, standing at the end of a clear line in direction d, attacks along it.
[[nodiscard]] bool slides_along(PieceId id, int d) noexcept {
    const PieceKind k = kind_of(id);
    return k == PieceKind::Queen || k == (geo::is_orthogonal(d) ? PieceKind::Rook : PieceKind::Bishop);
}

// Whether the piece id on q attacks k in σ (its move pattern reaches k, the way clear).
[[nodiscard]] bool attacks_square(const State& sigma, PieceId id, int q, int k) noexcept {
    switch (kind_of(id)) {
        case PieceKind::Pawn: return (geo::pawn_attacks(colour_index(color_of(id)), q) & geo::bit(k)) != 0;
        case PieceKind::Knight: return (geo::knight_targets(q) & geo::bit(k)) != 0;
        case PieceKind::King: return (geo::king_targets(q) & geo::bit(k)) != 0;
        case PieceKind::Bishop:
        case PieceKind::Rook:
        case PieceKind::Queen: {
            const int d = geo::direction_to(q, k);
            if (d < 0 || !slides_along(id, d)) return false;
            for (Bits b = geo::between(q, k); b != 0; b &= b - 1)
                if (sigma.board[static_cast<std::size_t>(std::countr_zero(b))] != kEmpty) return false;
            return true;
        }
    }
    return false;
}

}  // namespace

// Lemma L13. With ¬IIC(σ, c), c's king on the same square k in σ and σ', and σ' differing from σ
// only on S (now empty) and Q: a piece of ¬c attacking k in σ' either stands on Q, or stood
// where it stands in σ without attacking k, so its way to k (a line) changed — and the only
// square of a line that emptied is S. Such a piece is the first one on the ray from k through S.
bool in_check_after(const State& before, const Action& a, const State& after, Color c, bool was) noexcept {
    const std::uint8_t k = after.king_square[static_cast<std::size_t>(c)];
    if (k == kNoSquare) return false;
    const bool only_s_and_q = !a.castle && (!a.captured_on || *a.captured_on == a.to);
    if (was || !only_s_and_q || before.king_square[static_cast<std::size_t>(c)] != k)
        return in_check(after, c);
    const int q = a.to.index();
    const PieceId on_q = after.board[static_cast<std::size_t>(q)];
    if (on_q != kEmpty && !belongs_to(on_q, c) && attacks_square(after, on_q, q, k)) return true;
    const int d = geo::direction_to(k, a.from.index());
    if (d < 0) return false;
    const int first = first_on_ray(after, d, k);
    if (first < 0) return false;
    const PieceId id = after.board[static_cast<std::size_t>(first)];
    return !belongs_to(id, c) && slides_along(id, d);
}

}  // namespace pgnsem::sem
