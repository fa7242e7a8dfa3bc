// IIC — IsInCheck (Algorithm 3) and the attack questions built on it.
//
// Algorithm 3, in legible form:
//   IIC(σ', c) = 1  iff, with G the square of c's king, one of the following holds:
//     an unblocked ¬c queen on G's diagonal, file or rank;  a ¬c king one square from G;
//     an unblocked ¬c rook on G's rank or file;  an unblocked ¬c bishop on G's diagonal;
//     a ¬c knight a knight's jump from G;  a ¬c pawn diagonally in front of G (from c's side).
// `attacked` asks the same of any square; the castling erratum needs it for the squares the
// king crosses. This is a walk over the mailbox σ.board, as the paper describes it: the move
// generator (legal_moves.cpp) answers the same question with bit sets, and the property test
// L6 checks that the two agree.
#include "semantics/in_check.hpp"

#include "semantics/boards.hpp"
#include "semantics/geometry.hpp"

namespace pgnsem::sem {
namespace {

using geo::Bits;

constexpr std::array<int, 8> kDelta = [] {
    std::array<int, 8> d{};
    for (std::size_t i = 0; i < 8; ++i) d[i] = geo::kDirections[i].dr * 8 + geo::kDirections[i].df;
    return d;
}();

[[nodiscard]] bool is_piece(PieceId id, Color by, PieceKind k) noexcept {
    return id != kEmpty && belongs_to(id, by) && kind_of(id) == k;
}

// "an unblocked ¬c slider": walk from q in direction d to the first occupied square; it attacks
// q when it belongs to `by` and moves along that line (rook or queen orthogonally, bishop or
// queen diagonally). Returns its square, or -1.
[[nodiscard]] int slider_on_ray(const State& s, int q, int d, Color by) noexcept {
    const int steps = std::popcount(geo::ray(d, q));
    int at_q = q;
    for (int i = 0; i < steps; ++i) {
        at_q += kDelta[static_cast<std::size_t>(d)];
        const PieceId id = s.board[static_cast<std::size_t>(at_q)];
        if (id == kEmpty) continue;
        if (!belongs_to(id, by)) return -1;
        const PieceKind k = kind_of(id);
        const bool moves_so =
            k == PieceKind::Queen || (geo::is_orthogonal(d) ? k == PieceKind::Rook : k == PieceKind::Bishop);
        return moves_so ? at_q : -1;
    }
    return -1;
}

// The leapers (king, knight, pawn) of `by` that attack q.
[[nodiscard]] Bits leapers_attacking(const State& s, int q, Color by) noexcept {
    Bits found = 0;
    for (Bits b = geo::knight_targets(q); b != 0; b &= b - 1) {
        const int from = std::countr_zero(b);
        if (is_piece(s.board[static_cast<std::size_t>(from)], by, PieceKind::Knight)) found |= geo::bit(from);
    }
    for (Bits b = geo::king_targets(q); b != 0; b &= b - 1) {
        const int from = std::countr_zero(b);
        if (is_piece(s.board[static_cast<std::size_t>(from)], by, PieceKind::King)) found |= geo::bit(from);
    }
    // A pawn of `by` attacks q from the squares a pawn of the other colour on q would attack.
    for (Bits b = geo::pawn_attacks(colour_index(opposite(by)), q); b != 0; b &= b - 1) {
        const int from = std::countr_zero(b);
        if (is_piece(s.board[static_cast<std::size_t>(from)], by, PieceKind::Pawn)) found |= geo::bit(from);
    }
    return found;
}

}  // namespace

std::uint64_t attackers(const State& sigma, Square q, Color by) noexcept {
    Bits found = leapers_attacking(sigma, q.index(), by);
    for (int d = 0; d < 8; ++d) {
        const int from = slider_on_ray(sigma, q.index(), d, by);
        if (from >= 0) found |= geo::bit(from);
    }
    return found;
}

bool attacked(const State& sigma, Square q, Color by) noexcept {
    for (int d = 0; d < 8; ++d)
        if (slider_on_ray(sigma, q.index(), d, by) >= 0) return true;
    return leapers_attacking(sigma, q.index(), by) != 0;
}

// IIC(σ, c): c's king is attacked by ¬c. A side without a king is never in check.
bool in_check(const State& sigma, Color c) noexcept {
    const std::uint8_t k = sigma.king_square[static_cast<std::size_t>(c)];
    if (k == kNoSquare) return false;
    return attacked(sigma, Square::unchecked(k), opposite(c));
}

}  // namespace pgnsem::sem
