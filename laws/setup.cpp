// Positions that do not start from σ₀ (proofs-notes/fen-positions.md): the canonical id
// assignment Placement → σ, its inverse σ → Placement, and validate(), which names every
// `position/…` rule a placement breaks.
//
// Names used in this file: p the placement, s σ, q a square index 0–63, c a colour, o the
// opponent of the side to move (who made the last move), k the king's square, bb a bit set of
// squares (a1 = bit 0).
#include "laws/setup.hpp"

#include <algorithm>
#include <bit>

#include "laws/retro.hpp"
#include "semantics/engines.hpp"
#include "semantics/in_check.hpp"

namespace pgnsem::sem {

namespace {

using Bits = std::uint64_t;
using bits::bit;
using bits::file_of;
using bits::rank_of;
constexpr std::size_t idx(int q) noexcept {
    return static_cast<std::size_t>(q);
}
constexpr std::size_t side_index(Color c) noexcept {
    return static_cast<std::size_t>(c);
}

// The id base of a colour: 0 for White (ids 1–16), 16 for Black (17–32).
constexpr int id_base(Color c) noexcept {
    return c == Color::White ? 0 : 16;
}
constexpr PieceId make_id(Color c, int white_id) noexcept {
    return PieceId::unchecked(id_base(c) + white_id);
}

// The square index a colour's pawn moves by: one rank up for White, down for Black.
constexpr int pawn_step_index(Color c) noexcept {
    return c == Color::White ? 8 : -8;
}

bool is_piece(const Placement& p, int q, Color c, PieceKind k) noexcept {
    const auto& x = p.squares[idx(q)];
    return x && x->color == c && x->kind == k;
}

bool empty_at(const Placement& p, int q) noexcept {
    return !p.squares[idx(q)].has_value();
}

// The first of a kind's two original ids (white numbering) not yet used, marking it used; the
// queenside one again once both are taken (the id the paper gives a promoted piece).
int take_original(bool (&used)[2], int queenside, int kingside) noexcept {
    for (int i = 0; i < 2; ++i) {
        if (used[i]) continue;
        used[i] = true;
        return i == 0 ? queenside : kingside;
    }
    return queenside;
}

// One castling right as the FEN writes it: K or Q (`letter_side`), or a file letter (`file`).
struct WrittenRight {
    std::optional<ast::CastleSide> letter_side;
    int file = -1;
};

// A colour's rights in the order the FEN writes them: K, the file letters from h to a, Q.
int written_rights(const Placement& p, Color c, std::array<WrittenRight, 10>& out) noexcept {
    int n = 0;
    const bool white = c == Color::White;
    if (white ? p.white_king_side : p.black_king_side) out[idx(n++)] = {ast::CastleSide::King, -1};
    for (int f = 7; f >= 0; --f)
        if ((p.castling_files[side_index(c)] & (1u << f)) != 0) out[idx(n++)] = {std::nullopt, f};
    if (white ? p.white_queen_side : p.black_queen_side) out[idx(n++)] = {ast::CastleSide::Queen, -1};
    return n;
}

// What a colour's rights name (proofs-notes/chess960.md): the king's file and, per side
// (ast::CastleSide), the file of the right's rook, −1 where no right stands; and the rights that
// name nothing (`missing`: the square each names, or none; `king_missing`: the colour has no king
// where its rights need it) or a side named twice (`doubled`: the square of the second).
struct ColourRights {
    int king = -1;
    std::array<int, 2> rook{{-1, -1}};
    std::array<std::optional<Square>, 10> missing{};
    // for each missing K or Q of Chess960, the edge of the first rank on its side (a1 or h1)
    std::array<std::optional<Square>, 10> missing_edge{};
    int missing_count = 0;
    bool king_missing = false;
    std::optional<Square> doubled;
    [[nodiscard]] bool any() const noexcept { return rook[0] >= 0 || rook[1] >= 0; }
};

// In standard chess: K (or h) is the rook on h1 with the king on e1, Q (or a) the rook on a1; any
// other file letter names no castling of standard chess. In Chess960: the king is the colour's one
// king on its first rank, K (Q) the outermost rook of the colour on that rank on the king's kingside
// (queenside), a file letter the rook on that file of the rank, on whichever side of the king it
// stands. A side named twice keeps its first right.
ColourRights resolve_rights(const Placement& p, Color c, bool chess960) noexcept {
    ColourRights out;
    std::array<WrittenRight, 10> written{};
    const int n = written_rights(p, c, written);
    if (n == 0) return out;
    const int base = c == Color::White ? 0 : 56;
    const auto rook_at = [&](int f) { return is_piece(p, base + f, c, PieceKind::Rook); };
    const auto name = [&](const WrittenRight& w) -> std::optional<Square> {
        if (w.file >= 0) return Square::unchecked(base + w.file);
        if (!chess960) return Square::unchecked(base + (*w.letter_side == ast::CastleSide::King ? 7 : 0));
        return std::nullopt;
    };
    int king = -1;
    if (chess960) {
        int kings = 0;
        for (int f = 0; f < 8; ++f)
            if (is_piece(p, base + f, c, PieceKind::King)) {
                king = f;
                ++kings;
            }
        if (kings != 1) king = -1;
    } else if (is_piece(p, base + 4, c, PieceKind::King)) {
        king = 4;
    }
    out.king = king;
    for (int i = 0; i < n; ++i) {
        const WrittenRight& w = written[idx(i)];
        std::optional<ast::CastleSide> side;
        int rook = -1;
        if (!chess960) {
            const bool king_side = w.file >= 0 ? w.file == 7 : *w.letter_side == ast::CastleSide::King;
            const int f = w.file >= 0 ? w.file : (king_side ? 7 : 0);
            if (king == 4 && (f == 0 || f == 7) && rook_at(f)) {
                side = king_side ? ast::CastleSide::King : ast::CastleSide::Queen;
                rook = f;
            }
        } else if (king >= 0 && w.letter_side) {
            const bool king_side = *w.letter_side == ast::CastleSide::King;
            // the outermost: from the edge toward the king
            for (int f = king_side ? 7 : 0; king_side ? f > king : f < king; f += king_side ? -1 : 1)
                if (rook_at(f)) {
                    rook = f;
                    side = w.letter_side;
                    break;
                }
        } else if (king >= 0 && w.file != king && rook_at(w.file)) {
            rook = w.file;
            side = w.file > king ? ast::CastleSide::King : ast::CastleSide::Queen;
        }
        if (!side) {
            out.king_missing = out.king_missing || king < 0;
            if (chess960 && w.letter_side)
                out.missing_edge[idx(out.missing_count)] =
                    Square::unchecked(base + (*w.letter_side == ast::CastleSide::King ? 7 : 0));
            out.missing[idx(out.missing_count++)] = name(w);
            continue;
        }
        int& slot = out.rook[static_cast<std::size_t>(*side)];
        if (slot >= 0) {
            if (!out.doubled) out.doubled = Square::unchecked(base + rook);
            continue;
        }
        slot = rook;
    }
    return out;
}

}  // namespace

State from_placement(const Placement& p) noexcept {
    return from_placement(p, p.chess960);
}

// The canonical id assignment of proofs-notes/fen-positions.md (and proofs-notes/chess960.md).
State from_placement(const Placement& p, bool chess960) noexcept {
    State s;
    s.two_step.fill(kNoStamp);
    s.chess960 = chess960;
    for (const Color c : {Color::White, Color::Black}) {
        // Original ids already taken, per kind (white numbering): rooks 1 and 8, knights 2 and 7,
        // pawns 9–16 by file.
        bool rook_used[2] = {false, false};
        bool knight_used[2] = {false, false};
        bool pawn_used[8] = {};
        const int home = c == Color::White ? 0 : 56;
        // The castling rights: σ's castling files, the king's and rooks' flags (each set unless a
        // right keeps it clear).
        const ColourRights rights = resolve_rights(p, c, chess960);
        CastlingFiles files = castling_files(s, c);
        // (w_king / b_king: a king keeps castling only with a right written and on its square.)
        if (rights.king >= 0) files.king = static_cast<std::uint8_t>(rights.king);
        for (std::size_t side = 0; side < 2; ++side)
            if (rights.rook[side] >= 0) files.rook[side] = static_cast<std::uint8_t>(rights.rook[side]);
        set_castling_files(s, c, files);
        if (rights.king < 0) s.king_moved |= c == Color::White ? kWhiteKingMoved : kBlackKingMoved;
        if (rights.rook[0] < 0) s.rook_moved |= c == Color::White ? kCornerH1 : kCornerH8;
        if (rights.rook[1] < 0) s.rook_moved |= c == Color::White ? kCornerA1 : kCornerA8;
        // The rooks of the rights keep their roles' ids (the queenside rook 1, the kingside 8), then
        // rooks on their own corners keep their corner's id.
        for (const int side : {1, 0})
            if (const int f = rights.rook[idx(side)]; f >= 0) {
                s.board[idx(home + f)] = make_id(c, side == 1 ? 1 : 8);
                rook_used[side == 1 ? 0 : 1] = true;
            }
        if (!rook_used[0] && is_piece(p, home, c, PieceKind::Rook) && s.board[idx(home)] == kEmpty) {
            s.board[idx(home)] = make_id(c, 1);
            rook_used[0] = true;
        }
        if (!rook_used[1] && is_piece(p, home + 7, c, PieceKind::Rook) && s.board[idx(home + 7)] == kEmpty) {
            s.board[idx(home + 7)] = make_id(c, 8);
            rook_used[1] = true;
        }
        // Pawns, first pass: the first pawn (in square order) of each file takes its file's id.
        for (int q = 0; q < 64; ++q) {
            if (!is_piece(p, q, c, PieceKind::Pawn)) continue;
            const int f = file_of(q);
            if (pawn_used[f]) continue;
            pawn_used[f] = true;
            s.board[idx(q)] = make_id(c, 9 + f);
        }
        for (int q = 0; q < 64; ++q) {
            const auto& x = p.squares[idx(q)];
            if (!x || x->color != c || s.board[idx(q)] != kEmpty) continue;
            int id = 0;
            switch (x->kind) {
                case PieceKind::King: id = 5; break;
                case PieceKind::Queen: id = 4; break;
                // A bishop's id is that of its square colour, as for a promoted one: White's
                // kingside bishop (6, f1) is light, Black's (22, f8) dark; 3 and 19 the other way.
                case PieceKind::Bishop: id = (Square::unchecked(q).is_light() == (c == Color::White)) ? 6 : 3; break;
                // The first unused original id of the kind (queenside before kingside), then the
                // id a promotion gives (R → queenside rook, N → queenside knight).
                case PieceKind::Rook: id = take_original(rook_used, 1, 8); break;
                case PieceKind::Knight: id = take_original(knight_used, 2, 7); break;
                case PieceKind::Pawn: {
                    // Second pass: the lowest unused pawn id, and beyond eight pawns the file's id.
                    int f = 0;
                    while (f < 8 && pawn_used[f]) ++f;
                    if (f < 8) {
                        pawn_used[f] = true;
                        id = 9 + f;
                    } else {
                        id = 9 + file_of(q);
                    }
                    break;
                }
            }
            s.board[idx(q)] = make_id(c, id);
        }
    }

    s.turn = p.side_to_move == Color::White ? 2 : 3;
    s.number_base = (p.fullmove_number == 0 ? 1u : std::min(p.fullmove_number, kMaxMoveNumber)) - 1u;
    s.halfmove_clock = std::min(p.halfmove_clock, kMaxFenHalfmoveClock);

    // §16.1.3.4: the en passant square names the pawn that just made a double step, standing in
    // front of it; that pawn's stamp is the previous turn. Without such a pawn the field is
    // ignored here (validate() reports it).
    if (p.en_passant) {
        const Color mover = opposite(p.side_to_move);
        const int e = p.en_passant->index();
        const int expected_rank = mover == Color::White ? 2 : 5;
        const int pawn_square = e + pawn_step_index(mover);
        if (rank_of(e) == expected_rank && is_piece(p, pawn_square, mover, PieceKind::Pawn)) {
            const PieceId pawn = s.board[idx(pawn_square)];
            s.two_step[static_cast<std::size_t>(stamp_index(pawn))] = static_cast<std::uint16_t>(s.turn - 1);
        }
    }
    return s;
}

namespace {
// Whether σ has a piece of colour c and kind k on q.
bool holds(const State& s, int q, Color c, PieceKind k) noexcept {
    const PieceId v = s.board[idx(q)];
    return v != kEmpty && color_of(v) == c && kind_of(v) == k;
}
}  // namespace

FenFields fen_fields(const State& s, CastlingStyle style) noexcept {
    FenFields f;
    f.side_to_move = to_move(s);
    // A right: the king and that rook never moved and stand on their start squares (σ's castling
    // files: e1, h1 and a1 in standard chess). In a Chess960 position it is written as X-FEN
    // (K or Q when its rook is the outermost of its colour on that side of the king, else its
    // file letter) or Shredder-FEN (its file letter always); proofs-notes/chess960.md.
    for (const Color c : {Color::White, Color::Black}) {
        const bool white = c == Color::White;
        const CastlingFiles files = castling_files(s, c);
        const int base = white ? 0 : 56;
        const bool king_home = (s.king_moved & (white ? kWhiteKingMoved : kBlackKingMoved)) == 0 &&
                               holds(s, base + files.king, c, PieceKind::King);
        for (const ast::CastleSide side : {ast::CastleSide::King, ast::CastleSide::Queen}) {
            const bool king_side = side == ast::CastleSide::King;
            const int rook = files.rook[static_cast<std::size_t>(side)];
            const std::uint8_t corner = king_side ? (white ? kCornerH1 : kCornerH8) : (white ? kCornerA1 : kCornerA8);
            if (!king_home || (s.rook_moved & corner) != 0 || !holds(s, base + rook, c, PieceKind::Rook)) continue;
            // (asked in a Chess960 position only: a standard right's rook is on its corner)
            const auto outermost = [&] {
                for (int g = king_side ? rook + 1 : 0; g < (king_side ? 8 : rook); ++g)
                    if (holds(s, base + g, c, PieceKind::Rook)) return false;
                return true;
            };
            if (s.chess960 && (style == CastlingStyle::Shredder || !outermost())) {
                f.castling_files[side_index(c)] =
                    static_cast<std::uint8_t>(f.castling_files[side_index(c)] | (1u << rook));
                continue;
            }
            (white ? (king_side ? f.white_king_side : f.white_queen_side)
                   : (king_side ? f.black_king_side : f.black_queen_side)) = true;
        }
    }
    // §16.1.3.4 (edge case 96): the target is given after every double step, capture possible or
    // not: the square behind the pawn whose stamp is the previous turn.
    if (s.turn > 0) {
        const Color mover = opposite(to_move(s));
        const auto previous = static_cast<std::uint16_t>(s.turn - 1);
        const int double_step_rank = mover == Color::White ? 3 : 4;
        for (int file = 0; file < 8 && !f.en_passant; ++file) {
            const int q = double_step_rank * 8 + file;
            const PieceId v = s.board[idx(q)];
            if (v == kEmpty || kind_of(v) != PieceKind::Pawn || color_of(v) != mover) continue;
            if (s.two_step[static_cast<std::size_t>(stamp_index(v))] == previous)
                f.en_passant = Square::unchecked(q - pawn_step_index(mover));
        }
    }
    f.halfmove_clock = s.halfmove_clock;
    f.fullmove_number = move_number(s);
    return f;
}

Placement to_placement(const State& s, CastlingStyle style) noexcept {
    Placement p;
    static_cast<FenFields&>(p) = fen_fields(s, style);
    p.chess960 = s.chess960;
    for (int q = 0; q < 64; ++q)
        if (const PieceId v = s.board[idx(q)]; v != kEmpty) p.squares[idx(q)] = ColoredPiece{color_of(v), kind_of(v)};
    return p;
}

namespace {

class ProblemList {
public:
    void add(PositionRule rule, const Detail& detail) noexcept {
        // 37 problems at most can arise (proofs-notes/fen-positions.md); the array has 40.
        if (out_.size < out_.items.size()) out_.items[out_.size++] = Problem{rule, detail};
    }
    [[nodiscard]] Problems take() const noexcept { return out_; }

private:
    Problems out_{};
};

Square first_square(Bits bb) noexcept {
    return Square::unchecked(std::countr_zero(bb));
}
int count(Bits bb) noexcept {
    return std::popcount(bb);
}

}  // namespace

Problems validate(const Placement& p, bool chess960) noexcept {
    return validate(p, from_placement(p, chess960));
}

Problems validate(const Placement& p) noexcept {
    return validate(p, p.chess960);
}

Problems validate(const Placement& p, const State& sigma) noexcept {
    ProblemList out;
    // the squares of each side's pieces of each kind, read in one pass
    Bits by_kind[2][6] = {};
    for (int q = 0; q < 64; ++q)
        if (const auto& x = p.squares[idx(q)]) by_kind[side_index(x->color)][static_cast<int>(x->kind)] |= bit(q);
    const auto squares = [&](Color c, PieceKind k) { return by_kind[side_index(c)][static_cast<int>(k)]; };
    const auto pieces = [&](Color c) {
        Bits all = 0;
        for (const Bits bb : by_kind[side_index(c)]) all |= bb;
        return all;
    };
    const Color us = p.side_to_move;
    const Color them = opposite(us);

    // position/missing-king and position/too-many-kings (Laws 2.2: one king a side).
    Bits kings[2] = {squares(Color::White, PieceKind::King), squares(Color::Black, PieceKind::King)};
    for (const Color c : {Color::White, Color::Black}) {
        if (kings[side_index(c)] == 0) {
            Detail d;
            d.piece = PieceKind::King;
            d.square = c == Color::White ? squares::e1 : squares::e8;
            out.add(PositionRule::PosMissingKing, d);
        }
    }
    for (const Color c : {Color::White, Color::Black}) {
        const Bits bb = kings[side_index(c)];
        if (count(bb) > 1) {
            Detail d;
            d.piece = PieceKind::King;
            d.candidates = bb;
            d.square = first_square(bb & (bb - 1));
            out.add(PositionRule::PosTooManyKings, d);
        }
    }

    // position/pawn-on-back-rank (Laws 3.7.5: a pawn on the last rank is promoted, and none
    // moves backwards to its first).
    {
        constexpr Bits back_ranks = 0xFF000000000000FFull;
        const Bits bb = (squares(Color::White, PieceKind::Pawn) | squares(Color::Black, PieceKind::Pawn)) & back_ranks;
        if (bb != 0) {
            Detail d;
            d.piece = PieceKind::Pawn;
            d.candidates = bb;
            d.square = first_square(bb);
            out.add(PositionRule::PosPawnOnBackRank, d);
        }
    }

    // position/too-many-pawns: a side starts with eight and never gains one.
    Bits pawns[2] = {squares(Color::White, PieceKind::Pawn), squares(Color::Black, PieceKind::Pawn)};
    for (const Color c : {Color::White, Color::Black}) {
        const Bits bb = pawns[side_index(c)];
        if (count(bb) > 8) {
            Detail d;
            d.piece = PieceKind::Pawn;
            d.candidates = bb;
            d.square = first_square(bb);
            out.add(PositionRule::PosTooManyPawns, d);
        }
    }

    // position/too-many-pieces: at most 16, and every piece beyond the original set was a pawn.
    for (const Color c : {Color::White, Color::Black}) {
        const Bits all = pieces(c);
        constexpr Bits light = 0x55AA55AA55AA55AAull;
        const Bits queens = squares(c, PieceKind::Queen);
        const Bits rooks = squares(c, PieceKind::Rook);
        const Bits knights = squares(c, PieceKind::Knight);
        const Bits bishops = squares(c, PieceKind::Bishop);
        Bits excess_kinds = 0;
        int promoted = 0;
        auto beyond = [&](Bits bb, int originals) {
            if (count(bb) > originals) {
                promoted += count(bb) - originals;
                excess_kinds |= bb;
            }
        };
        beyond(queens, 1);
        beyond(rooks, 2);
        beyond(knights, 2);
        beyond(bishops & light, 1);
        beyond(bishops & ~light, 1);
        const int pawn_count = count(pawns[side_index(c)]);
        const int missing_pawns = pawn_count >= 8 ? 0 : 8 - pawn_count;
        if (count(all) > 16 || promoted > missing_pawns) {
            Detail d;
            d.candidates = count(all) > 16 ? all : excess_kinds;
            d.square = first_square(d.candidates);
            out.add(PositionRule::PosTooManyPieces, d);
        }
    }

    // position/castling-rights (§16.1.3.3): a right needs the king on e1/e8 and the rook in its
    // corner; in Chess960 the colour's king on its first rank and a rook of its colour where the right
    // names one (proofs-notes/chess960.md). One problem per right, White's first, each colour's in the
    // order written.
    const bool chess960 = sigma.chess960;
    const ColourRights rights[2] = {resolve_rights(p, Color::White, chess960),
                                    resolve_rights(p, Color::Black, chess960)};
    for (const Color c : {Color::White, Color::Black}) {
        const ColourRights& r = rights[side_index(c)];
        const int base = c == Color::White ? 0 : 56;
        for (int i = 0; i < r.missing_count; ++i) {
            Detail d;
            if (!chess960)
                d.king = Square::unchecked(base + 4);
            else if (r.king >= 0)
                d.king = Square::unchecked(base + r.king);
            d.square = r.missing[idx(i)];
            d.to = r.missing_edge[idx(i)];
            out.add(PositionRule::PosCastlingRights, d);
        }
    }

    // The en passant target (§16.1.3.4): rank 6 with White to move, rank 3 with Black; the
    // pawn that double-stepped stands in front of it; it and the square behind it are empty.
    bool ep_consistent = false;
    if (p.en_passant) {
        const int e = p.en_passant->index();
        const int expected_rank = them == Color::White ? 2 : 5;
        Detail d;
        d.square = *p.en_passant;
        if (rank_of(e) != expected_rank) {
            out.add(PositionRule::PosEnPassantRank, d);
        } else {
            const int pawn_square = e + pawn_step_index(them);
            const int origin = e - pawn_step_index(them);
            bool ok = true;
            if (!is_piece(p, pawn_square, them, PieceKind::Pawn)) {
                Detail n = d;
                n.from = Square::unchecked(pawn_square);
                out.add(PositionRule::PosEnPassantNoPawn, n);
                ok = false;
            }
            const Bits occupied = (empty_at(p, e) ? 0 : bit(e)) | (empty_at(p, origin) ? 0 : bit(origin));
            if (occupied != 0) {
                Detail n = d;
                n.candidates = occupied;
                n.square = first_square(occupied);
                out.add(PositionRule::PosEnPassantOccupied, n);
                ok = false;
            }
            ep_consistent = ok;
        }
    }

    // The checks need one king on each side.
    if (count(kings[0]) == 1 && count(kings[1]) == 1) {
        const State& s = sigma;
        const int our_king = std::countr_zero(kings[side_index(us)]);
        const int their_king = std::countr_zero(kings[side_index(them)]);

        // position/opposite-check: the side that just moved cannot have left its king in check.
        const Bits opposite_checkers = attackers(s, Square::unchecked(their_king), us).bits();
        if (opposite_checkers != 0) {
            Detail d;
            d.king = Square::unchecked(their_king);
            d.attacker = first_square(opposite_checkers);
            d.candidates = opposite_checkers;
            out.add(PositionRule::PosOppositeCheck, d);
        }

        const Bits checkers = attackers(s, Square::unchecked(our_king), them).bits();
        Detail d;
        d.king = Square::unchecked(our_king);
        d.candidates = checkers;
        if (checkers != 0) d.attacker = first_square(checkers);
        // position/too-many-checkers: one move uncovers at most one line and moves one piece,
        // so no position has three checkers.
        if (count(checkers) >= 3) out.add(PositionRule::PosTooManyCheckers, d);
        // position/impossible-check (proofs-notes/fen-positions.md, "Retro-analysis"): no un-move
        // of the side that just moved leads back to a position where the side to move now was out
        // of check. Asked of positions in check only: a quiet position almost always has a quiet
        // last move, and the rule's message is about the check. A king among the checkers is
        // already an opposite check; nothing more is claimed then. Three checkers are
        // too-many-checkers; with a consistent en passant target they are also an impossible
        // check (no double step gives three), as before the retro-analysis.
        const bool king_checks = (checkers & kings[side_index(them)]) != 0;
        if (checkers != 0 && !king_checks) {
            // the un-moves are Chess960's when σ is (its castling from any start squares)
            const auto no_last_move = [&] {
                if (p.chess960 == s.chess960) return !laws::previous_position(p, ep_consistent).has_value();
                Placement as_played = p;
                as_played.chess960 = s.chess960;
                return !laws::previous_position(as_played, ep_consistent).has_value();
            };
            const bool impossible = count(checkers) >= 3 ? ep_consistent : no_last_move();
            if (impossible) {
                // With the target set, the last move is named: the double step that cannot explain
                // the check.
                if (ep_consistent) d.square = *p.en_passant;
                out.add(PositionRule::PosImpossibleCheck, d);
            }
        }
    }

    // position/clock: the fullmove number starts at 1 (§16.1.3.6); the limits of semantics/state.hpp:
    // a halfmove clock up to 65535, a fullmove number up to 999,999,999.
    if (p.halfmove_clock > kMaxFenHalfmoveClock) out.add(PositionRule::PosClock, Detail{});
    if (p.fullmove_number == 0 || p.fullmove_number > kMaxMoveNumber) out.add(PositionRule::PosClock, Detail{});

    // position/castling-sides: two rights of one colour on one side of its king (the king is not
    // between its castling rooks). position/castling-files: White's and Black's rights name different
    // files (a Chess960 start position is symmetric, and a right means that king and rook never
    // moved). proofs-notes/chess960.md.
    for (const Color c : {Color::White, Color::Black}) {
        const ColourRights& r = rights[side_index(c)];
        if (!r.doubled) continue;
        Detail d;
        if (r.king >= 0) d.king = Square::unchecked((c == Color::White ? 0 : 56) + r.king);
        d.square = r.doubled;
        out.add(PositionRule::PosCastlingSides, d);
    }
    if (rights[0].any() && rights[1].any()) {
        bool differ = rights[0].king != rights[1].king;
        for (std::size_t side = 0; side < 2; ++side)
            differ = differ || (rights[0].rook[side] >= 0 && rights[1].rook[side] >= 0 &&
                                rights[0].rook[side] != rights[1].rook[side]);
        if (differ) {
            Detail d;
            d.king = Square::unchecked(rights[0].king);
            d.square = Square::unchecked(56 + rights[1].king);
            out.add(PositionRule::PosCastlingFiles, d);
        }
    }

    return out.take();
}

}  // namespace pgnsem::sem
