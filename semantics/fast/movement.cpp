// The movement rules of the pieces (internal; see movement.hpp).
#include "semantics/fast/movement.hpp"

#include <cstdlib>

namespace pgnsem::sem::fast {

bool reaches(PieceKind k, Color c, int from, int to, bool capture) noexcept {
    if (from == to) return false;
    const int d = geo::direction_to(from, to);
    switch (k) {
        case PieceKind::Pawn: {
            const int df = geo::file_of(to) - geo::file_of(from);
            const int dr = (geo::rank_of(to) - geo::rank_of(from)) * forward(c);
            if (capture) return (df == 1 || df == -1) && dr == 1;
            return df == 0 && (dr == 1 || (dr == 2 && geo::rank_of(from) == start_rank(c)));
        }
        case PieceKind::Knight: return (geo::knight_targets(from) & geo::bit(to)) != 0;
        case PieceKind::Bishop: return d >= 0 && !geo::is_orthogonal(d);
        case PieceKind::Rook: return d >= 0 && geo::is_orthogonal(d);
        case PieceKind::Queen: return d >= 0;
        case PieceKind::King: return (geo::king_targets(from) & geo::bit(to)) != 0;
    }
    return false;
}

int blocker(const State& s, PieceKind k, int from, int to, bool capture) noexcept {
    geo::Bits path = way(k, from, to, capture);
    // Nearest `from` first: the direction from `from` to `to` says which end that is.
    const int d = geo::direction_to(from, to);
    const bool increasing = d >= 0 && geo::is_increasing(d);
    while (path != 0) {
        const int q = increasing ? std::countr_zero(path) : 63 - std::countl_zero(path);
        if (s.board[static_cast<std::size_t>(q)] != kEmpty) return q;
        path &= ~geo::bit(q);
    }
    return -1;
}

bool is_en_passant(const State& s, int from, int to) noexcept {
    const PieceId v = s.board[static_cast<std::size_t>(from)];
    if (v == kEmpty || kind_of(v) != PieceKind::Pawn) return false;
    const Color c = color_of(v);
    if (s.board[static_cast<std::size_t>(to)] != kEmpty || geo::rank_of(to) != en_passant_rank(c)) return false;
    const int behind = to - 8 * forward(c);
    const PieceId victim = s.board[static_cast<std::size_t>(behind)];
    if (victim == kEmpty || kind_of(victim) != PieceKind::Pawn || color_of(victim) == c) return false;
    return static_cast<int>(s.two_step[static_cast<std::size_t>(stamp_index(victim))]) == static_cast<int>(s.turn) - 1;
}

std::optional<Undefined> pawn_capture_victim(const State& s, int from, int to) noexcept {
    if (s.board[static_cast<std::size_t>(to)] != kEmpty) return std::nullopt;
    if (is_en_passant(s, from, to)) return std::nullopt;
    const Color c = color_of(s.board[static_cast<std::size_t>(from)]);
    Detail d;
    d.from = Square::unchecked(from);
    d.to = Square::unchecked(to);
    d.piece = PieceKind::Pawn;
    if (geo::rank_of(to) == en_passant_rank(c)) {
        const int behind = to - 8 * forward(c);
        const PieceId victim = s.board[static_cast<std::size_t>(behind)];
        if (victim != kEmpty && kind_of(victim) == PieceKind::Pawn && color_of(victim) != c) {
            d.square = Square::unchecked(behind);
            // An enemy pawn stands behind the target: en passant is what was meant, and the
            // stamp says why it is not available.
            const bool stepped = s.two_step[static_cast<std::size_t>(stamp_index(victim))] != kNoStamp;
            return Undefined{stepped ? Failure::EpExpired : Failure::EpNoDoubleStep, d};
        }
    }
    return Undefined{Failure::CapNoVictim, d};
}

}  // namespace pgnsem::sem::fast
