// One ply of retro-analysis: the un-moves of the side that just moved, each judged by whether the
// side to move now was out of check before it (proofs-notes/fen-positions.md, "Retro-analysis").
//
// Names used in this file: p the current placement, prev a candidate previous one, them the side
// that just moved, us the side to move, t the square a piece of them stands on now (where its last
// move ended), o the square it came from, q any square index 0–63 (a1 = 0).
#include "laws/retro.hpp"

#include <utility>

#include "laws/setup.hpp"
#include "semantics/engines.hpp"
#include "semantics/in_check.hpp"
#include "semantics/moves.hpp"

namespace pgnsem::sem::laws {

namespace {

constexpr std::size_t idx(int q) noexcept {
    return static_cast<std::size_t>(q);
}
using bits::file_of;
using bits::on_board;
using bits::rank_of;

// The rank of colour c's pieces counted from its own side: 0 = its first rank.
constexpr int relative_rank(Color c, int q) noexcept {
    return c == Color::White ? rank_of(q) : 7 - rank_of(q);
}

class Retro {
public:
    Retro(const Placement& p, int our_king) noexcept
        : p_(p), us_(p.side_to_move), them_(opposite(p.side_to_move)), our_king_(our_king) {}

    // The first un-move (in square order of the piece that moved) whose previous position leaves
    // us out of check.
    std::optional<Placement> any(bool en_passant_consistent) const noexcept {
        if (en_passant_consistent) return double_step_named_by_target();
        for (int t = 0; t < 64; ++t) {
            const auto& x = p_.squares[idx(t)];
            if (!x || x->color != them_) continue;
            if (auto prev = unmoves_of(t, x->kind)) return prev;
        }
        return std::nullopt;
    }

private:
    const Placement& p_;
    Color us_;
    Color them_;
    int our_king_;

    bool empty(int q) const noexcept { return !p_.squares[idx(q)].has_value(); }
    int forward() const noexcept { return them_ == Color::White ? 8 : -8; }

    // The previous position's fields: them to move, no en passant target, our castling rights as
    // now (their move cannot have given us any), theirs none (a king or rook of theirs that can
    // still castle did not make the last move; castling is the one un-move that gives them one).
    Placement base() const noexcept {
        Placement prev = p_;
        prev.side_to_move = them_;
        prev.en_passant.reset();
        if (them_ == Color::White) {
            prev.white_king_side = prev.white_queen_side = false;
        } else {
            prev.black_king_side = prev.black_queen_side = false;
            if (prev.fullmove_number > 1) --prev.fullmove_number;
        }
        prev.castling_files[them_ == Color::White ? 0 : 1] = 0;
        prev.halfmove_clock = 0;
        return prev;
    }

    // Laws 3.9.2: in the previous position them was to move, so we were not in check there (our
    // move before it would have left our king in check). Our king never moves in an un-move of
    // theirs, and no un-capture puts a king back, so it is tested on the square it stands on now.
    std::optional<Placement> if_safe(const Placement& prev) const noexcept {
        if (attacked(from_placement(prev), Square::unchecked(our_king_), them_)) return std::nullopt;
        return prev;
    }

    // A piece of ours put back on the square their piece captured it on. Its kind does not change
    // whether our king was attacked (our pieces never attack it; any piece blocks a line), and a
    // knight is a kind every square allows (a pawn is never on ranks 1 and 8, a king never taken).
    ColoredPiece victim() const noexcept { return ColoredPiece{us_, PieceKind::Knight}; }

    // The piece of kind k (which now stands on t) on o instead; t empty, or holding a victim.
    std::optional<Placement> try_move(int o, int t, PieceKind k, bool capture) const noexcept {
        Placement prev = base();
        prev.squares[idx(o)] = ColoredPiece{them_, k};
        prev.squares[idx(t)].reset();
        if (capture) prev.squares[idx(t)] = victim();
        return if_safe(prev);
    }

    // The un-moves of the piece of kind k on t.
    std::optional<Placement> unmoves_of(int t, PieceKind k) const noexcept {
        switch (k) {
            case PieceKind::Pawn: return pawn_unmoves(t);
            case PieceKind::King:
                if (auto prev = castling_unmoves(t)) return prev;
                return piece_unmoves(t, k);
            case PieceKind::Knight:
            case PieceKind::Bishop:
            case PieceKind::Rook:
            case PieceKind::Queen:
                if (auto prev = piece_unmoves(t, k)) return prev;
                return promotion_unmoves(t, k);
        }
        return std::nullopt;
    }

    // A piece (not a pawn) moved from o to t, capturing or not. Only the capture is tried: a
    // victim on t only adds a blocker, so if the quiet move left us out of check the capture did
    // too (and the victim is any piece, so the capture is always available as an un-move).
    // Origins are squares empty now from which the piece reaches t: a slider over squares empty
    // now, since the move changed no square between o and t.
    std::optional<Placement> piece_unmoves(int t, PieceKind k) const noexcept {
        const int tf = file_of(t);
        const int tr = rank_of(t);
        std::optional<Placement> found;
        auto step = [&](int df, int dr) {
            if (found || !on_board(tf + df, tr + dr)) return;
            const int o = (tr + dr) * 8 + tf + df;
            if (empty(o)) found = try_move(o, t, k, true);
        };
        auto slide = [&](int df, int dr) {
            for (int f = tf + df, r = tr + dr; !found && on_board(f, r); f += df, r += dr) {
                const int o = r * 8 + f;
                if (!empty(o)) break;
                found = try_move(o, t, k, true);
            }
        };
        constexpr std::pair<int, int> kKnight[] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                                   {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        constexpr std::pair<int, int> kDiagonal[] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
        constexpr std::pair<int, int> kStraight[] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        switch (k) {
            case PieceKind::Knight:
                for (const auto& [df, dr] : kKnight) step(df, dr);
                break;
            case PieceKind::King:
                for (const auto& [df, dr] : kDiagonal) step(df, dr);
                for (const auto& [df, dr] : kStraight) step(df, dr);
                break;
            case PieceKind::Bishop:
                for (const auto& [df, dr] : kDiagonal) slide(df, dr);
                break;
            case PieceKind::Rook:
                for (const auto& [df, dr] : kStraight) slide(df, dr);
                break;
            case PieceKind::Queen:
                for (const auto& [df, dr] : kDiagonal) slide(df, dr);
                for (const auto& [df, dr] : kStraight) slide(df, dr);
                break;
            case PieceKind::Pawn: break;
        }
        return found;
    }

    // Laws 3.7.3.3: a piece on their last rank may be a pawn just promoted, from the seventh rank by
    // a push (t was empty) or a capture (t held a victim: not a pawn there, so a knight will do).
    std::optional<Placement> promotion_unmoves(int t, PieceKind) const noexcept {
        if (relative_rank(them_, t) != 7) return std::nullopt;
        const int o = t - forward();
        if (empty(o))
            if (auto prev = try_move(o, t, PieceKind::Pawn, false)) return prev;
        for (const int df : {-1, 1}) {
            if (!on_board(file_of(o) + df, rank_of(o))) continue;
            if (empty(o + df))
                if (auto prev = try_move(o + df, t, PieceKind::Pawn, true)) return prev;
        }
        return std::nullopt;
    }

    // Laws 3.7.1–3.7.3: a push (one square; two from the second rank over an empty square), a
    // diagonal capture, and the en passant capture (3.7.3.1). A pawn never stands on its first
    // rank, so it never came from there; a pawn on rank 1 or 8 has no un-move (and is already
    // position/pawn-on-back-rank).
    std::optional<Placement> pawn_unmoves(int t) const noexcept {
        const int rr = relative_rank(them_, t);
        if (rr == 0 || rr == 7) return std::nullopt;
        const int o = t - forward();
        if (rr >= 2 && empty(o))
            if (auto prev = try_move(o, t, PieceKind::Pawn, false)) return prev;
        if (rr == 3 && empty(o) && empty(o - forward()))
            if (auto prev = try_move(o - forward(), t, PieceKind::Pawn, false)) return prev;
        for (const int df : {-1, 1}) {
            if (rr < 2 || !on_board(file_of(o) + df, rank_of(o))) continue;
            if (empty(o + df))
                if (auto prev = try_move(o + df, t, PieceKind::Pawn, true)) return prev;
        }
        if (rr == 5) return en_passant_unmoves(t);
        return std::nullopt;
    }

    // En passant onto t (their sixth rank): our pawn stood on c behind t, having just come from
    // the square in front of t over t itself (so both are empty, now as before: the capture
    // changes neither); their pawn came from a square beside c.
    std::optional<Placement> en_passant_unmoves(int t) const noexcept {
        const int c = t - forward();
        const int start = t + forward();
        if (!empty(c) || !empty(start)) return std::nullopt;
        for (const int df : {-1, 1}) {
            if (!on_board(file_of(c) + df, rank_of(c))) continue;
            const int o = c + df;
            if (!empty(o)) continue;
            Placement prev = base();
            prev.squares[idx(o)] = ColoredPiece{them_, PieceKind::Pawn};
            prev.squares[idx(t)].reset();
            prev.squares[idx(c)] = ColoredPiece{us_, PieceKind::Pawn};
            prev.en_passant = Square::unchecked(t);
            if (auto ok = if_safe(prev)) return ok;
        }
        return std::nullopt;
    }

    // Laws 3.8.2: the king on g1 with a rook on f1 (c1 with d1 for the long castling) may have
    // castled from e1 with the rook from the corner, both squares empty now, and for the long
    // castling b1 too (it had to be empty, and castling does not touch it). In a Chess960 position
    // from any start squares: chess960_castling_unmoves.
    std::optional<Placement> castling_unmoves(int t) const noexcept {
        if (p_.chess960) return chess960_castling_unmoves(t);
        const int home = them_ == Color::White ? 0 : 56;
        const int e = home + 4;
        struct Side {
            int king_to, rook_to, rook_from, also_empty;
        };
        const Side sides[2] = {{home + 6, home + 5, home + 7, home + 7}, {home + 2, home + 3, home + 0, home + 1}};
        for (const Side& side : sides) {
            if (t != side.king_to) continue;
            const auto& rook = p_.squares[idx(side.rook_to)];
            if (!rook || rook->color != them_ || rook->kind != PieceKind::Rook) continue;
            if (!empty(e) || !empty(side.rook_from) || !empty(side.also_empty)) continue;
            Placement prev = base();
            prev.squares[idx(t)].reset();
            prev.squares[idx(side.rook_to)].reset();
            prev.squares[idx(e)] = ColoredPiece{them_, PieceKind::King};
            prev.squares[idx(side.rook_from)] = ColoredPiece{them_, PieceKind::Rook};
            const bool king_side = side.rook_from == home + 7;
            (them_ == Color::White ? (king_side ? prev.white_king_side : prev.white_queen_side)
                                   : (king_side ? prev.black_king_side : prev.black_queen_side)) = true;
            if (auto ok = if_safe(prev)) return ok;
        }
        return std::nullopt;
    }

    // Chess960 (proofs-notes/chess960.md): the king on g1 with a rook on f1 (c1 with d1) may have
    // castled from any king square k1 of b1 … g1 with a rook from any r1 on that side of it, the
    // king or the rook possibly not moving, or the two swapping. Which files their pieces started on
    // is not known here (the right is gone once used), so every pair is tried. P has the king on
    // k1, the rook on r1, and every other square castle_squares names empty, now as then (castling
    // changes no square but the four); a start square that is a destination holds the other piece
    // now and is not required empty.
    std::optional<Placement> chess960_castling_unmoves(int t) const noexcept {
        const int home = them_ == Color::White ? 0 : 56;
        for (const ast::CastleSide side : {ast::CastleSide::King, ast::CastleSide::Queen}) {
            const bool king_side = side == ast::CastleSide::King;
            const int king_to = home + (king_side ? 6 : 2), rook_to = home + (king_side ? 5 : 3);
            if (t != king_to) continue;
            const auto& rook = p_.squares[idx(rook_to)];
            if (!rook || rook->color != them_ || rook->kind != PieceKind::Rook) continue;
            const auto vacant_now = [&](int q) { return q == king_to || q == rook_to || empty(q); };
            for (int k = 1; k <= 6; ++k) {
                for (int r = king_side ? k + 1 : 0; r < (king_side ? 8 : k); ++r) {
                    CastlingFiles files;
                    files.king = static_cast<std::uint8_t>(k);
                    files.rook[king_side ? 0 : 1] = static_cast<std::uint8_t>(r);
                    const CastleSquares q = castle_squares(them_, side, files);
                    if (!vacant_now(q.king_from.index()) || !vacant_now(q.rook_from.index())) continue;
                    bool clear = true;
                    for (int i = 0; i < q.between_count; ++i)
                        clear = clear && vacant_now(q.between[static_cast<std::size_t>(i)].index());
                    if (!clear) continue;
                    Placement prev = base();
                    prev.squares[idx(king_to)].reset();
                    prev.squares[idx(rook_to)].reset();
                    prev.squares[idx(q.king_from.index())] = ColoredPiece{them_, PieceKind::King};
                    prev.squares[idx(q.rook_from.index())] = ColoredPiece{them_, PieceKind::Rook};
                    // the right by its rook's file (Shredder-FEN), which names that rook whatever
                    // stands beside it
                    prev.castling_files[them_ == Color::White ? 0 : 1] |= static_cast<std::uint8_t>(1u << r);
                    if (auto ok = if_safe(prev)) return ok;
                }
            }
        }
        return std::nullopt;
    }

    // §16.1.3.4: with a consistent en passant target the last move was the double step over it.
    std::optional<Placement> double_step_named_by_target() const noexcept {
        const int target = p_.en_passant->index();
        return try_move(target - forward(), target + forward(), PieceKind::Pawn, false);
    }
};

}  // namespace

std::optional<Placement> previous_position(const Placement& p, bool en_passant_consistent) noexcept {
    int our_king = -1;
    for (int q = 0; q < 64; ++q) {
        const auto& x = p.squares[idx(q)];
        if (x && x->color == p.side_to_move && x->kind == PieceKind::King) our_king = q;
    }
    if (our_king < 0) return std::nullopt;
    return Retro(p, our_king).any(en_passant_consistent && p.en_passant.has_value());
}

}  // namespace pgnsem::sem::laws
