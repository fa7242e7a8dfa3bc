// σ from a FEN for the semantics tests, which link the semantics only (not the FEN reader of
// syntax/): a small reader of the six fields (the last two may be left out, as in EPD) into a
// Placement, turned into σ by the project's own `from_placement` (laws/setup.hpp), so tests
// see exactly the ids a game from that FEN gets (proofs-notes/fen-positions.md).
#pragma once

#include <optional>
#include <string_view>

#include "laws/setup.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::testing {

[[nodiscard]] inline std::optional<Placement> placement_from_fen(std::string_view fen) {
    Placement p;
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
        PieceKind k = PieceKind::Pawn;
        switch (white ? static_cast<char>(ch - 'A' + 'a') : ch) {
            case 'k': k = PieceKind::King; break;
            case 'q': k = PieceKind::Queen; break;
            case 'r': k = PieceKind::Rook; break;
            case 'b': k = PieceKind::Bishop; break;
            case 'n': k = PieceKind::Knight; break;
            case 'p': k = PieceKind::Pawn; break;
            default: return std::nullopt;
        }
        p.squares[static_cast<std::size_t>(rank * 8 + file)] = ColoredPiece{white ? Color::White : Color::Black, k};
        ++file;
    }
    if (++i >= fen.size()) return std::nullopt;
    p.side_to_move = fen[i] == 'w' ? Color::White : Color::Black;
    i += 2;
    for (; i < fen.size() && fen[i] != ' '; ++i) {
        p.white_king_side = p.white_king_side || fen[i] == 'K';
        p.white_queen_side = p.white_queen_side || fen[i] == 'Q';
        p.black_king_side = p.black_king_side || fen[i] == 'k';
        p.black_queen_side = p.black_queen_side || fen[i] == 'q';
        // Chess960's file letters (Shredder-FEN, X-FEN)
        if (fen[i] >= 'A' && fen[i] <= 'H') p.castling_files[0] |= static_cast<std::uint8_t>(1u << (fen[i] - 'A'));
        if (fen[i] >= 'a' && fen[i] <= 'h') p.castling_files[1] |= static_cast<std::uint8_t>(1u << (fen[i] - 'a'));
    }
    ++i;
    if (i + 1 < fen.size() && fen[i] != '-') {
        p.en_passant = Square::from_chars(fen[i], fen[i + 1]);
        if (!p.en_passant) return std::nullopt;
    }
    // The clocks, when given.
    while (i < fen.size() && fen[i] != ' ') ++i;
    unsigned clocks[2] = {0, 1};
    for (unsigned& c : clocks) {
        if (++i >= fen.size()) break;
        unsigned v = 0;
        for (; i < fen.size() && fen[i] >= '0' && fen[i] <= '9'; ++i) v = v * 10 + static_cast<unsigned>(fen[i] - '0');
        c = v;
    }
    p.halfmove_clock = clocks[0];
    p.fullmove_number = clocks[1];
    return p;
}

// `chess960`: read as a Chess960 position (proofs-notes/chess960.md); so is any whose castling field
// has a file letter.
[[nodiscard]] inline std::optional<State> sigma_from_fen(std::string_view fen, bool chess960 = false) {
    const std::optional<Placement> p = placement_from_fen(fen);
    if (!p) return std::nullopt;
    return from_placement(*p, chess960 || p->castling_files[0] != 0 || p->castling_files[1] != 0);
}

}  // namespace pgnsem::sem::testing
