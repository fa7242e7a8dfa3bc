// A tiny FEN → σ helper for the semantics tests, which link the
// semantics only (the real FEN reader and the canonical id assignment of proofs-notes/numbering.md
// belong to syntax/ and semantics/setup.cpp). Ids: kings 5/21; rooks on a1/h1 (a8/h8) take the
// queenside/kingside rook ids, other rooks the first free rook id; bishops the id of their square
// colour (White 3 dark / 6 light, Black 22 dark / 19 light); knights 2/7 (18/23); queens 4 (20);
// pawns their file's id when free, else any free pawn id. turn = 2 with White to move, 3 with
// Black, so the pawn in front of the en passant square gets the stamp turn − 1. A missing
// castling right sets the rook's corner flag, and both missing set the king's flag.
#pragma once

#include <initializer_list>
#include <optional>
#include <string_view>

#include "semantics/state.hpp"

namespace pgnsem::sem::testing {

[[nodiscard]] inline std::optional<State> sigma_from_fen(std::string_view fen) {
    State s;
    s.two_step.fill(kNoStamp);
    bool used[33] = {};
    const auto take = [&used](std::initializer_list<PieceId> prefer) -> PieceId {
        for (PieceId id : prefer)
            if (!used[id]) {
                used[id] = true;
                return id;
            }
        return *prefer.begin();
    };
    std::size_t i = 0;
    int rank = 7, file = 0;
    for (; i < fen.size() && fen[i] != ' '; ++i) {
        const char ch = fen[i];
        if (ch == '/') {
            --rank;
            file = 0;
            continue;
        }
        if (ch >= '1' && ch <= '8') {
            file += ch - '0';
            continue;
        }
        if (rank < 0 || file > 7) return std::nullopt;
        const bool white = ch >= 'A' && ch <= 'Z';
        const PieceId base = white ? 0 : 16;
        const int q = rank * 8 + file;
        const bool light = Square::unchecked(q).is_light();
        PieceId id = kEmpty;
        switch (white ? static_cast<char>(ch - 'A' + 'a') : ch) {
            case 'k': id = static_cast<PieceId>(base + 5); break;
            case 'q': id = take({static_cast<PieceId>(base + 4)}); break;
            case 'r':
                if (q == (white ? 0 : 56))
                    id = take({static_cast<PieceId>(base + 1)});
                else if (q == (white ? 7 : 63))
                    id = take({static_cast<PieceId>(base + 8)});
                else
                    id = take({static_cast<PieceId>(base + 1), static_cast<PieceId>(base + 8)});
                break;
            case 'b':
                if (white)
                    id = take({light ? kWhiteKingsideBishop : kWhiteQueensideBishop});
                else
                    id = take({light ? kBlackQueensideBishop : kBlackKingsideBishop});
                break;
            case 'n': id = take({static_cast<PieceId>(base + 2), static_cast<PieceId>(base + 7)}); break;
            case 'p': {
                const PieceId first = static_cast<PieceId>(base + 9);
                id = take({static_cast<PieceId>(first + file), first, static_cast<PieceId>(first + 1),
                           static_cast<PieceId>(first + 2), static_cast<PieceId>(first + 3),
                           static_cast<PieceId>(first + 4), static_cast<PieceId>(first + 5),
                           static_cast<PieceId>(first + 6), static_cast<PieceId>(first + 7)});
                break;
            }
            default: return std::nullopt;
        }
        s = update(s, Square::unchecked(q), id);
        ++file;
    }
    if (++i >= fen.size()) return std::nullopt;
    const bool white_to_move = fen[i] == 'w';
    s.turn = white_to_move ? 2 : 3;
    i += 2;
    bool K = false, Q = false, k = false, q = false;
    for (; i < fen.size() && fen[i] != ' '; ++i) {
        K = K || fen[i] == 'K';
        Q = Q || fen[i] == 'Q';
        k = k || fen[i] == 'k';
        q = q || fen[i] == 'q';
    }
    s.king_moved = static_cast<std::uint8_t>((!K && !Q ? kWhiteKingMoved : 0) | (!k && !q ? kBlackKingMoved : 0));
    s.rook_moved = static_cast<std::uint8_t>((K ? 0 : kCornerH1) | (Q ? 0 : kCornerA1) | (k ? 0 : kCornerH8) |
                                             (q ? 0 : kCornerA8));
    ++i;
    if (i + 1 < fen.size() && fen[i] != '-') {
        const auto ep = Square::from_chars(fen[i], fen[i + 1]);
        if (!ep) return std::nullopt;
        const int pawn_sq = ep->index() + (white_to_move ? -8 : 8);
        const PieceId p = s.board[static_cast<std::size_t>(pawn_sq)];
        if (p != kEmpty && kind_of(p) == PieceKind::Pawn)
            s.two_step[static_cast<std::size_t>(stamp_index(p))] = static_cast<std::uint16_t>(s.turn - 1);
    }
    s.number_base = 0;
    return s;
}

}  // namespace pgnsem::sem::testing
