// σ₀ and the update σ^v_Q (§3.2.2).
#include "semantics/state.hpp"

namespace pgnsem::sem {

// σ₀ (Figure 1): rank 1 holds ids 1–8 from a1 to h1, rank 2 the white pawns 9–16, rank 7 the
// black pawns 25–32, rank 8 ids 17–24; turn = 0; no stamps; no flags.
State initial_state() noexcept {
    State s;
    for (int f = 0; f < 8; ++f) {
        s.board[static_cast<std::size_t>(f)] = static_cast<PieceId>(1 + f);
        s.board[static_cast<std::size_t>(8 + f)] = static_cast<PieceId>(kWhitePawnA + f);
        s.board[static_cast<std::size_t>(48 + f)] = static_cast<PieceId>(kBlackPawnA + f);
        s.board[static_cast<std::size_t>(56 + f)] = static_cast<PieceId>(kBlackQueensideRook + f);
    }
    s.two_step.fill(kNoStamp);
    s.turn = 0;
    s.halfmove_clock = 0;
    s.number_base = 1;
    s.king_moved = 0;
    s.rook_moved = 0;
    s.king_square = {static_cast<std::uint8_t>(squares::e1.index()), static_cast<std::uint8_t>(squares::e8.index())};
    return s;
}

// σ^v_Q: the same state with Q holding v. The cached king squares follow the kings.
State update(const State& s, Square q, PieceId v) noexcept {
    State next = s;
    const auto i = static_cast<std::size_t>(q.index());
    const PieceId old = next.board[i];
    next.board[i] = v;
    if (old != kEmpty && kind_of(old) == PieceKind::King &&
        next.king_square[static_cast<std::size_t>(color_of(old))] == q.index())
        next.king_square[static_cast<std::size_t>(color_of(old))] = kNoSquare;
    if (v != kEmpty && kind_of(v) == PieceKind::King)
        next.king_square[static_cast<std::size_t>(color_of(v))] = static_cast<std::uint8_t>(q.index());
    return next;
}

std::optional<Square> king_of(const State& s, Color c) noexcept {
    const std::uint8_t k = s.king_square[static_cast<std::size_t>(c)];
    if (k == kNoSquare) return std::nullopt;
    return Square::unchecked(k);
}

}  // namespace pgnsem::sem
