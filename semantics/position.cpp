// The position of σ in the sense of the Laws' Art. 9.2.3 (semantics/position.hpp).
#include "semantics/position.hpp"

#include "semantics/board.hpp"
#include "semantics/terminates.hpp"

namespace pgnsem::sem {

Position position_of(const State& s, Reading r) noexcept {
    Position p;
    for (std::size_t q = 0; q < 64; ++q) {
        const PieceId v = s.board[q];
        if (!v.empty())
            p.pieces[q] =
                static_cast<std::uint8_t>(1 + static_cast<int>(kind_of(v)) + 6 * static_cast<int>(color_of(v)));
    }
    p.to_move = to_move(s);
    // The right to castle is lost when the king or that rook has moved (Art. 3.8.2.1): the flags.
    const bool white_king = (s.king_moved & kWhiteKingMoved) == 0, black_king = (s.king_moved & kBlackKingMoved) == 0;
    if (white_king && (s.rook_moved & kCornerH1) == 0) p.castling |= 1u;
    if (white_king && (s.rook_moved & kCornerA1) == 0) p.castling |= 2u;
    if (black_king && (s.rook_moved & kCornerH8) == 0) p.castling |= 4u;
    if (black_king && (s.rook_moved & kCornerA8) == 0) p.castling |= 8u;
    for (std::size_t right = 0; right < 4; ++right)
        if ((p.castling & (1u << right)) != 0)
            p.castling_file[right] = castling_files(s, right < 2 ? Color::White : Color::Black).rook[right % 2];
    // En passant is possible when some pawn of the side to move may legally take the pawn that just
    // made its double step.
    for (int q = 0; q < 64; ++q) {
        const Square from = Square::unchecked(q);
        const PieceId v = at(s, from);
        if (v.empty() || kind_of(v) != PieceKind::Pawn || color_of(v) != p.to_move) continue;
        for (int df : {-1, 1}) {
            const std::optional<Square> to = step(from, {df, forward(p.to_move)});
            if (!to || !at(s, *to).empty()) continue;
            const Termination t = terminates_concrete(s, ConcreteMove{from, *to, std::nullopt}, r);
            if (const auto* ok = boost::variant2::get_if<Accepted>(&t); ok && ok->action.rule == Equation::CapEnPassant)
                p.en_passant_file = static_cast<std::int8_t>(to->file().index());
        }
    }
    return p;
}

}  // namespace pgnsem::sem
