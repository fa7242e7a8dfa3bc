// The moves m with T(m)(σ) = ⊤, and what follows from them.
//
// legal_moves is the fast path of one judgement: it must enumerate a move exactly when
// terminates_concrete accepts it (properties L6 and F4 check that over every from × to × promotion of
// generated positions; perft counts check it against published numbers). It derives bit sets
// from σ once per node (boards.hpp) and computes, once per node, what makes a move illegal
// without trying it:
//   - checkers: the enemy pieces attacking the king; two of them leave only king moves, one
//     restricts every other move to capturing it or stepping between (check_mask);
//   - pinned pieces: an own piece alone between the king and an enemy slider on that line may
//     only move along the line;
//   - a king move is legal when the target is not attacked with the king lifted off the board;
//   - castling: the conditions of denote_castle and T, read off σ directly.
// En passant, the one move that removes a piece from a square other than its destination (and
// can expose the king along the rank), is judged by terminates_concrete itself, as is any move
// of a second king (possible only in positions read from invalid FEN).
//
// The same generator answers whether one move is legal (is_legal_packed, what the public board's push
// asks): asked for the moves of the piece on the move's origin only, with the code for the other
// kinds compiled out, it lists that move exactly when T accepts it, without T's reading of what the
// squares mean (F4 holds it to the reference's list for every 16 bits of a move).
#include "semantics/fast/legal_moves.hpp"

#include <bit>

#include "ast/mutants.hpp"
#include "semantics/canonical.hpp"
#include "semantics/fast/boards.hpp"
#include "semantics/fast/equations.hpp"
#include "semantics/fast/geometry.hpp"
#include "semantics/fast/in_check.hpp"
#include "semantics/fast/movement.hpp"

namespace pgnsem::sem::fast {
namespace {

using geo::Bits;

constexpr Bits kAll = ~Bits{0};

// The moves of a set of targets, one at a time, for a sink that lists them (ListSink, PerftSink:
// `Sink` gives add and add_promotions; CountSink and AnySink take a set whole).
template <class Sink>
struct OneByOne {
    void add_targets(int from, Bits targets) noexcept {
        for (; targets != 0; targets &= targets - 1) self().add(from, std::countr_zero(targets));
    }
    // Moves to each square of `targets` from the square `by` below it (pawns, all at once).
    void add_from_offset(Bits targets, int by) noexcept {
        for (; targets != 0; targets &= targets - 1) {
            const int to = std::countr_zero(targets);
            self().add(to - by, to);
        }
    }
    void add_promotions_from_offset(Bits targets, int by) noexcept {
        for (; targets != 0; targets &= targets - 1) {
            const int to = std::countr_zero(targets);
            self().add_promotions(to - by, to);
        }
    }

private:
    Sink& self() noexcept { return static_cast<Sink&>(*this); }
};

// Where generated moves go: into a MoveList, or only counted (perft's bulk counting at the
// last ply, which needs no list at all).
struct ListSink : OneByOne<ListSink> {
    explicit ListSink(MoveList& l) noexcept : list(l) {}
    MoveList& list;
    void add(int from, int to) noexcept {
        PGNSEM_EXPENSIVE_ASSERT(list.size < MoveList::kCapacity, "MoveList::kCapacity bounds the legal moves");
        list.moves[list.size++] = ConcreteMove{Square::unchecked(from), Square::unchecked(to), std::nullopt};
    }
    void add_promotions(int from, int to) noexcept {
        for (ast::PromotionPiece t : {ast::PromotionPiece::Knight, ast::PromotionPiece::Bishop,
                                      ast::PromotionPiece::Rook, ast::PromotionPiece::Queen}) {
            PGNSEM_EXPENSIVE_ASSERT(list.size < MoveList::kCapacity, "MoveList::kCapacity bounds the legal moves");
            list.moves[list.size++] = ConcreteMove{Square::unchecked(from), Square::unchecked(to), t};
        }
    }
    [[nodiscard]] static constexpr bool done() noexcept { return false; }
};
struct CountSink {
    std::uint64_t count = 0;
    void add(int, int) noexcept { ++count; }
    void add_targets(int, Bits targets) noexcept { count += static_cast<std::uint64_t>(std::popcount(targets)); }
    void add_promotions(int, int) noexcept { count += 4; }
    void add_from_offset(Bits targets, int) noexcept { count += static_cast<std::uint64_t>(std::popcount(targets)); }
    void add_promotions_from_offset(Bits targets, int) noexcept {
        count += 4 * static_cast<std::uint64_t>(std::popcount(targets));
    }
    [[nodiscard]] static constexpr bool done() noexcept { return false; }
};
// Whether there is any legal move (checkmate and stalemate, the `#` claim): the generator may
// stop at the first one.
struct AnySink {
    bool found = false;
    void add(int, int) noexcept { found = true; }
    void add_targets(int, Bits targets) noexcept { found = found || targets != 0; }
    void add_promotions(int, int) noexcept { found = true; }
    void add_from_offset(Bits targets, int) noexcept { found = found || targets != 0; }
    void add_promotions_from_offset(Bits targets, int) noexcept { found = found || targets != 0; }
    [[nodiscard]] bool done() const noexcept { return found; }
};

// What a sink asks about: the moves of every piece, or, for MatchSink (is_legal_packed), those of
// the one piece on its square `from`, of kind `kKind`. The generator's code for the other kinds is
// then not even compiled in (wants), and its masks (sources_of) fold away for the other sinks.
template <class Sink>
constexpr bool wants(PieceKind k) noexcept {
    if constexpr (requires { Sink::kKind; })
        return Sink::kKind == k;
    else
        return true;
}
template <class Sink>
constexpr Bits sources_of(const Sink& out) noexcept {
    if constexpr (requires { Sink::kKind; })
        return geo::bit(out.from);
    else
        return kAll;
}

template <class Sink>
inline void add_pawn_move(Sink& out, int from, int to) noexcept {
    // Promotion is compulsory: the four choices, never the bare move.
    if (to < 8 || to >= 56)
        out.add_promotions(from, to);
    else
        out.add(from, to);
}

// A move judged by T itself (the rare cases the fast path does not cover).
template <class Sink>
inline void add_if_legal(Sink& out, const State& s, int from, int to) noexcept {
    const ConcreteMove m{Square::unchecked(from), Square::unchecked(to), std::nullopt};
    if (legal_concrete(s, m)) out.add(from, to);
}

// Whether an enemy piece (of the side not `us`; `orth` and `diag` its rooks and queens, its bishops
// and queens) attacks q given the occupancy (attackers_on ≠ 0, the jumps and steps asked first, as
// they are the cheaper look-ups).
[[nodiscard]] inline bool attacked_by_enemy(const Boards& b, Color us, Bits orth, Bits diag, int q,
                                            Bits occupied) noexcept {
    const Color them = opposite(us);
    if (((geo::knight_targets(q) & b.of(them, PieceKind::Knight)) |
         (geo::king_targets(q) & b.of(them, PieceKind::King)) |
         (geo::pawn_attacks(colour_index(us), q) & b.of(them, PieceKind::Pawn))) != 0)
        return true;
    return ((geo::rook_attacks(q, occupied) & orth) | (geo::bishop_attacks(q, occupied) & diag)) != 0;
}

// Castling in a Chess960 game (proofs-notes/chess960.md): the king and its rook on σ's castling
// files; the squares crossed are judged in σ, the destination in σ′ (the king and the rook lifted and
// set down: the rook may be what shields it in σ); listed as the king taking its rook. Kept out of
// line, and given the attack test's data rather than the move generator's closure, so that the move
// generator of a standard game is the code it was.
template <class Sink>
[[gnu::noinline, gnu::cold]] void castling_moves_960(Sink& out, const State& s, const Boards& b, Color us, Bits orth,
                                                     Bits diag) noexcept {
    const auto attacked = [&b, us, orth, diag](int q, Bits occupied) noexcept {
        return attacked_by_enemy(b, us, orth, diag, q, occupied);
    };
    for (ast::CastleSide side : {ast::CastleSide::King, ast::CastleSide::Queen}) {
        const CastleEntry& e = castle_entry(s, us, side);
        const CastleSquares& q = e.squares;
        if ((s.rook_moved & q.corner) != 0) continue;
        if ((b.occupied & e.between) != 0) continue;
        if (s.board[static_cast<std::size_t>(q.king_from.index())] != q.king) return;
        if (s.board[static_cast<std::size_t>(q.rook_from.index())] != q.rook) continue;
        bool crossed_attacked = false;
        for (Bits x = e.crossed; x != 0 && !crossed_attacked; x &= x - 1)
            crossed_attacked = attacked(std::countr_zero(x), b.occupied);
        if (crossed_attacked) continue;
        const Bits after = (b.occupied & ~geo::bit(q.king_from.index()) & ~geo::bit(q.rook_from.index())) |
                           geo::bit(q.king_to.index()) | geo::bit(q.rook_to.index());
        if (attacked(q.king_to.index(), after)) continue;
        out.add(q.king_from.index(), q.rook_from.index());
    }
}

template <class Sink, class Attacked>
void castling_moves(Sink& out, const State& s, const Boards& b, Color us, Bits orth, Bits diag,
                    const Attacked& attacked) noexcept {
    const std::uint8_t king_flag = us == Color::White ? kWhiteKingMoved : kBlackKingMoved;
    if ((s.king_moved & king_flag) != 0) return;
    if (s.chess960) [[unlikely]] {
        castling_moves_960(out, s, b, us, orth, diag);
        return;
    }
    // (Both sides written out: as a loop over the two, GCC 12 kept the loop in the generators.)
#pragma GCC unroll 2
    for (ast::CastleSide side : {ast::CastleSide::King, ast::CastleSide::Queen}) {
        const CastleEntry& e = standard_castle_entry(us, side);
        const CastleSquares& q = e.squares;
        // The conditions on the flags and the empty squares first: they are read off the sets,
        // and they fail most often (σ's squares are read only when they hold).
        if ((s.rook_moved & q.corner) != 0) continue;
        if ((b.occupied & e.between) != 0) continue;
        if (s.board[static_cast<std::size_t>(q.king_from.index())] != q.king) return;
        if (s.board[static_cast<std::size_t>(q.rook_from.index())] != q.rook) continue;
        // Not through and not into check (not out of check: the caller knows there is no
        // checker). The king crosses one square, and its destination may be judged in σ: lifting
        // the king off e1 and the rook off its corner opens no line to g1 or c1 that the rook on
        // f1 or d1 does not close again.
        if (attacked(q.crossed[0].index(), b.occupied) || attacked(q.king_to.index(), b.occupied)) continue;
        out.add(q.king_from.index(), q.king_to.index());
    }
}

template <class Sink>
void en_passant_moves(Sink& out, const State& s, const Boards& b, Color us) noexcept {
    const int fwd = 8 * forward(us);
    // The enemy pawn that just double-stepped stands on the rank behind the en passant square, and
    // only one beside a pawn of ours can be taken (the takers below are the pawns beside it).
    constexpr Bits kFileA = 0x0101010101010101ull, kFileH = kFileA << 7;
    const Bits ours = b.of(us, PieceKind::Pawn) & sources_of(out);
    if (ours == 0) return;
    const Bits beside = ((ours & ~kFileH) << 1) | ((ours & ~kFileA) >> 1);
    const Bits victims =
        b.of(opposite(us), PieceKind::Pawn) &
        geo::rank_mask(en_passant_rank(us) - PGNSEM_MUTATE(fast_legal_moves_no_en_passant, -forward(us), forward(us))) &
        beside;
    for (Bits v = victims; v != 0; v &= v - 1) {
        const int victim = std::countr_zero(v);
        const PieceId id = s.board[static_cast<std::size_t>(victim)];
        if (static_cast<int>(s.two_step[static_cast<std::size_t>(stamp_index(id))]) != static_cast<int>(s.turn) - 1)
            continue;
        const int target = victim + fwd;
        if (s.board[static_cast<std::size_t>(target)] != kEmpty) continue;
        const Bits takers = geo::pawn_attacks(colour_index(opposite(us)), target) & ours;
        for (Bits t = takers; t != 0; t &= t - 1) add_if_legal(out, s, std::countr_zero(t), target);
    }
}

// The legal moves of σ, given σ's bit sets b (boards_of(σ), or perft's sets kept beside σ).
template <class Sink>
void generate(const State& s, const Boards& b, Sink& out) noexcept {
    if (s.turn >= kTurnLimit) return;
    const Color us = to_move(s);
    const Color them = opposite(us);
    const Bits own = b.colour[static_cast<std::size_t>(us)];
    const Bits enemy = b.colour[static_cast<std::size_t>(them)];
    // T: never onto an own piece (dest/own-piece), never onto the king (cap/of-king).
    const Bits allowed = ~own & ~(enemy & b.kind[static_cast<std::size_t>(PieceKind::King)]);
    // the king (the first in square order, were there two: only from an invalid FEN)
    const Bits kings = b.of(us, PieceKind::King);
    const int k = kings == 0 ? -1 : std::countr_zero(kings);
    const Bits src = sources_of(out);
    const bool king_wanted = wants<Sink>(PieceKind::King) && k >= 0 && (src & geo::bit(k)) != 0;

    Bits check_mask = kAll;
    Bits pinned = 0;
    if (k >= 0) {
        // Whether an enemy piece attacks q given the occupancy (attackers_on ≠ 0, the jumps and
        // steps asked first, as they are the cheaper look-ups).
        const Bits queens = b.kind[static_cast<std::size_t>(PieceKind::Queen)];
        const Bits orth = (b.kind[static_cast<std::size_t>(PieceKind::Rook)] | queens) & enemy;
        const Bits diag = (b.kind[static_cast<std::size_t>(PieceKind::Bishop)] | queens) & enemy;
        const auto attacked = [&b, us, orth, diag](int q, Bits occupied) noexcept {
            return attacked_by_enemy(b, us, orth, diag, q, occupied);
        };
        // The king steps to squares not attacked once it has left its own. (First: a search for
        // any legal move, the `#` claim's question, mostly ends here.)
        const Bits lifted = b.occupied & ~geo::bit(k);
        for (Bits t = king_wanted ? geo::king_targets(k) & allowed : 0; t != 0; t &= t - 1) {
            const int to = std::countr_zero(t);
            if (!attacked(to, lifted)) {
                out.add(k, to);
                if (out.done()) return;
            }
        }
        // The checkers (attackers_on(k)) and the pinned pieces in one look at the enemy sliders on
        // the king's lines: one with nothing between gives check, one with a single own piece
        // between pins it. The jumps and steps that reach the king are the other checkers.
        Bits checkers = (geo::knight_targets(k) & b.of(them, PieceKind::Knight)) |
                        (geo::king_targets(k) & b.of(them, PieceKind::King)) |
                        (geo::pawn_attacks(colour_index(us), k) & b.of(them, PieceKind::Pawn));
        const Bits snipers = (geo::rook_rays(k) & orth) | (geo::bishop_rays(k) & diag);
        for (Bits sn = snipers; sn != 0; sn &= sn - 1) {
            const int from = std::countr_zero(sn);
            const Bits way = geo::between(k, from) & b.occupied;
            if (way == 0)
                checkers |= geo::bit(from);
            else if ((way & (way - 1)) == 0 && (way & own) != 0 &&
                     PGNSEM_MUTATE(fast_legal_moves_diagonal_pins, (geo::rook_rays(k) & geo::bit(from)) != 0, true))
                pinned |= way;
        }
        if (std::popcount(checkers) > 1) return;
        if (checkers != 0) {
            const int c = std::countr_zero(checkers);
            check_mask = geo::between(k, c) | geo::bit(c);
        } else if (king_wanted) {
            castling_moves(out, s, b, us, orth, diag, attacked);
        }
    }
    const Bits dest = allowed & check_mask;
    // A pinned piece moves only along the line of its pin (a pinned knight never).
    const auto pin_line = [&](int from) noexcept { return geo::line(k, from); };

    for (Bits p = wants<Sink>(PieceKind::Knight) ? b.of(us, PieceKind::Knight) & ~pinned & src : 0; p != 0;
         p &= p - 1) {
        const int from = std::countr_zero(p);
        out.add_targets(from, geo::knight_targets(from) & dest);
    }
    if (out.done()) return;
    const Bits queens = b.of(us, PieceKind::Queen);
    const Bits diagonal = wants<Sink>(PieceKind::Bishop) || wants<Sink>(PieceKind::Queen)
                              ? (b.of(us, PieceKind::Bishop) | queens) & src
                              : 0;
    const Bits orthogonal =
        wants<Sink>(PieceKind::Rook) || wants<Sink>(PieceKind::Queen) ? (b.of(us, PieceKind::Rook) | queens) & src : 0;
    for (Bits p = diagonal & ~pinned; p != 0; p &= p - 1) {
        const int from = std::countr_zero(p);
        out.add_targets(from, geo::bishop_attacks(from, b.occupied) & dest);
    }
    for (Bits p = orthogonal & ~pinned; p != 0; p &= p - 1) {
        const int from = std::countr_zero(p);
        out.add_targets(from, geo::rook_attacks(from, b.occupied) & dest);
    }
    for (Bits p = diagonal & pinned; p != 0; p &= p - 1) {
        const int from = std::countr_zero(p);
        out.add_targets(from, geo::bishop_attacks(from, b.occupied) & dest & pin_line(from));
    }
    for (Bits p = orthogonal & pinned; p != 0; p &= p - 1) {
        const int from = std::countr_zero(p);
        out.add_targets(from, geo::rook_attacks(from, b.occupied) & dest & pin_line(from));
    }
    if (out.done()) return;
    const int fwd = 8 * forward(us);
    const Bits pawns = wants<Sink>(PieceKind::Pawn) ? b.of(us, PieceKind::Pawn) & src : 0;
    // The pawns no pin holds, all at once: each set below is the targets of one kind of step,
    // the sources `fwd`, 2·`fwd` or a diagonal step behind them. A move onto the first or last
    // rank is a promotion (add_pawn_move).
    if (pawns != 0) {
        constexpr Bits kLastRanks = geo::kRank1 | geo::kRank8;
        constexpr Bits kFileA = 0x0101010101010101ull, kFileH = kFileA << 7;
        const Bits free = pawns & ~pinned;
        const Bits empty = ~b.occupied;
        const auto step = [us](Bits x, int by) noexcept { return us == Color::White ? x << by : x >> by; };
        const Bits one = step(free, 8) & empty;
        const Bits two = step(one & geo::rank_mask(start_rank(us) + forward(us)), 8) & empty & dest;
        // Towards the a-file: +7 for White, −9 for Black; towards the h-file: +9, −7.
        const Bits west = step(free & ~kFileA, us == Color::White ? 7 : 9) & enemy & dest;
        const Bits east = step(free & ~kFileH, us == Color::White ? 9 : 7) & enemy & dest;
        const int west_by = us == Color::White ? 7 : -9;
        const int east_by = us == Color::White ? 9 : -7;
        out.add_from_offset((one & dest) & ~kLastRanks, fwd);
        out.add_promotions_from_offset((one & dest) & kLastRanks, fwd);
        out.add_from_offset(two, 2 * fwd);
        out.add_from_offset(west & ~kLastRanks, west_by);
        out.add_promotions_from_offset(west & kLastRanks, west_by);
        out.add_from_offset(east & ~kLastRanks, east_by);
        out.add_promotions_from_offset(east & kLastRanks, east_by);
    }
    // A pinned pawn, one at a time: it may move only along the line of its pin.
    for (Bits p = pawns & pinned; p != 0; p &= p - 1) {
        const int from = std::countr_zero(p);
        const Bits ok = dest & pin_line(from);
        const int one = from + fwd;
        if (one < 0 || one > 63) continue;
        if ((b.occupied & geo::bit(one)) == 0) {
            if ((ok & geo::bit(one)) != 0) add_pawn_move(out, from, one);
            const int two = one + fwd;
            if (geo::rank_of(from) == start_rank(us) && (b.occupied & geo::bit(two)) == 0 && (ok & geo::bit(two)) != 0)
                out.add(from, two);
        }
        for (Bits t = geo::pawn_attacks(colour_index(us), from) & enemy & ok; t != 0; t &= t - 1)
            add_pawn_move(out, from, std::countr_zero(t));
    }
    if (out.done()) return;
    if (wants<Sink>(PieceKind::Pawn)) en_passant_moves(out, s, b, us);
    // A second king (only in positions from invalid FEN) is judged move by move.
    const Bits other_kings =
        wants<Sink>(PieceKind::King) ? b.of(us, PieceKind::King) & ~(k >= 0 ? geo::bit(k) : 0) & src : 0;
    for (Bits other = other_kings; other != 0; other &= other - 1) {
        const int from = std::countr_zero(other);
        for (Bits t = geo::king_targets(from) & allowed; t != 0; t &= t - 1)
            add_if_legal(out, s, from, std::countr_zero(t));
    }
}

template <class Sink>
void generate(const State& s, Sink& out) noexcept {
    generate(s, boards_of(s), out);
}

// A move as perft lists it: the list of a node is not zeroed first (a MoveList is), and a move is
// three bytes. promotion is 0 for none, else 1 + the PromotionPiece.
struct PerftMove {
    std::uint8_t from, to, promotion;
};
struct PerftSink : OneByOne<PerftSink> {
    explicit PerftSink(PerftMove* m) noexcept : moves(m) {}
    PerftMove* moves;
    std::size_t size = 0;
    void add(int from, int to) noexcept {
        moves[size++] = PerftMove{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), 0};
    }
    void add_promotions(int from, int to) noexcept {
        for (ast::PromotionPiece t : {ast::PromotionPiece::Knight, ast::PromotionPiece::Bishop,
                                      ast::PromotionPiece::Rook, ast::PromotionPiece::Queen})
            moves[size++] = PerftMove{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to),
                                      static_cast<std::uint8_t>(1 + static_cast<int>(t))};
    }
    [[nodiscard]] static constexpr bool done() noexcept { return false; }
};
[[nodiscard]] ConcreteMove concrete(PerftMove m) noexcept {
    ConcreteMove c{Square::unchecked(m.from), Square::unchecked(m.to), std::nullopt};
    if (m.promotion != 0) c.promotion = static_cast<ast::PromotionPiece>(m.promotion - 1);
    return c;
}

// perft below σ (in its position p), with σ's bit sets b kept beside it: each child's sets are b
// updated by the move (boards_after), never derived from σ′ again; σ′ itself is the fast
// equations' (apply_concrete), and it is σ′ that the next step reads.
std::uint64_t perft_with(const Position& p, const Boards& b, int depth) noexcept {
    const State& sigma = p.sigma;
    // Bulk counting: the leaves below a node of depth 1 are its legal moves.
    if (depth == 1) {
        CountSink count;
        generate(sigma, b, count);
        return count.count;
    }
    std::array<PerftMove, MoveList::kCapacity> moves;  // NOLINT: written before read, never zeroed
    PerftSink sink{moves.data()};
    generate(sigma, b, sink);
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < sink.size; ++i) {
        const ConcreteMove m = concrete(moves[i]);
        n += perft_with(apply_concrete(p, m).next, boards_after(sigma, b, m), depth - 1);
    }
    return n;
}

}  // namespace

// The sets of σ′ = apply_concrete(σ, m).next from those of σ: the mover leaves `from` and its kind
// (or the promotion's) stands on `to`; whatever stood on `to` is gone, and so is the pawn an en
// passant capture takes behind `to`; castling moves the rook too.
Boards boards_after(const State& sigma, const Boards& b, ConcreteMove m) noexcept {
    Boards n = b;
    const int from = m.from.index();
    const int to = m.to.index();
    const PieceId v = sigma.board[static_cast<std::size_t>(from)];
    const Color c = color_of(v);
    const PieceKind k = kind_of(v);
    const auto remove = [&n](const PieceId id, int q) noexcept {
        if (id == kEmpty) return;
        n.colour[static_cast<std::size_t>(color_of(id))] &= ~geo::bit(q);
        n.kind[static_cast<std::size_t>(kind_of(id))] &= ~geo::bit(q);
    };
    const auto place = [&n](Color owner, PieceKind kind, int q) noexcept {
        n.colour[static_cast<std::size_t>(owner)] |= geo::bit(q);
        n.kind[static_cast<std::size_t>(kind)] |= geo::bit(q);
    };
    const PieceId victim = sigma.board[static_cast<std::size_t>(to)];
    // The mover (v ≠ 0) leaves `from`.
    n.colour[static_cast<std::size_t>(c)] &= ~geo::bit(from);
    n.kind[static_cast<std::size_t>(k)] &= ~geo::bit(from);
    remove(victim, to);
    place(c, m.promotion ? ast::kind_of(*m.promotion) : k, to);
    if (k == PieceKind::Pawn && victim == kEmpty && geo::file_of(from) != geo::file_of(to)) {
        const int behind = to - 8 * forward(c);
        remove(sigma.board[static_cast<std::size_t>(behind)], behind);
    } else if (k == PieceKind::King &&
               (sigma.chess960 ? victim != kEmpty && color_of(victim) == c : to - from == 2 || from - to == 2)) {
        // Castling (in a Chess960 game written as the king taking its rook): the king and the rook
        // end on the castling squares, whatever the move's `to` (made again from σ's sets less both).
        const CastleSquares& q = castle_entry(sigma, c, castle_side(sigma, c, from, to)).squares;
        n = b;
        n.colour[static_cast<std::size_t>(c)] &= ~(geo::bit(from) | geo::bit(q.rook_from.index()));
        n.kind[static_cast<std::size_t>(PieceKind::King)] &= ~geo::bit(from);
        n.kind[static_cast<std::size_t>(PieceKind::Rook)] &= ~geo::bit(q.rook_from.index());
        place(c, PieceKind::King, q.king_to.index());
        place(c, PieceKind::Rook, PGNSEM_MUTATE(fast_perft_boards_castle_rook, q.rook_from.index(), q.rook_to.index()));
    }
    n.occupied = n.colour[0] | n.colour[1];
    return n;
}

MoveList legal_moves(const State& s) noexcept {
    MoveList out;
    ListSink sink{out};
    generate(s, sink);
    return out;
}

bool has_legal_move(const State& sigma) noexcept {
    AnySink any;
    generate(sigma, any);
    return any.found;
}

Outcome outcome(const State& sigma) noexcept {
    if (has_legal_move(sigma)) return Outcome::Ongoing;
    return in_check(sigma, to_move(sigma)) ? Outcome::Checkmate : Outcome::Stalemate;
}

// §8.2.3.4: a piece names its file when another piece of the same kind could legally move to the
// same square, else its rank when the file does not tell them apart, else both.
//
// T accepted `action`, so what T asks of Q itself (not an own piece, not the king, a victim for a
// capture) holds for any other piece moving there. Another piece q of the same kind (neither king
// nor pawn) that reaches Q along a clear way, as denote_coordinate asks, is then a legal move to Q
// exactly when IIC(σ′) is false for the mover: no enemy piece but the one taken on Q attacks the
// king with q lifted and Q filled. (IIC looks at the king, the first in square order, found in σ's
// bit sets: σ caches no king square; a side without one is never in check.)
//
// That is asked along one line only. The move T accepted is neither the king's nor a pawn's, so a
// check σ holds is a single one (a double check leaves only king moves), and that move answers it on
// Q: it takes a knight, pawn or slider that gives it, or stands between the slider and the king. A
// candidate moving to Q answers it alike, and the square it lifts opens no line to the king but its
// own. So q is refused exactly when, with q lifted and Q filled, the nearest piece beyond it on the
// line from the king is an enemy rook, bishop or queen that moves along that line: q is pinned.
// (Asking IIC in full would read every enemy piece of σ, for a question about one line. F5 and
// tests/semantics/canonical_test.cpp hold it to the reference.)
ast::Disambiguator canonical_disambiguator(const State& sigma, const Action& action) noexcept {
    ast::Disambiguator d;
    if (action.castle || action.piece == kEmpty) return d;
    const PieceKind k = kind_of(action.piece);
    if (k == PieceKind::Pawn || k == PieceKind::King) return d;
    const Color c = color_of(action.piece);
    const int to = action.to.index();
    const KindBoards own = kind_boards(sigma, c, k);
    Bits reaching = 0;
    for (Bits o = own.pieces & ~geo::bit(action.from.index()); o != 0; o &= o - 1) {
        const int q = std::countr_zero(o);
        if (reaches(k, c, q, to, false) && (way(k, q, to, false) & own.occupied) == 0) reaching |= geo::bit(q);
    }
    if (reaching == 0) return d;
    const Bits kings = kind_boards(sigma, c, PieceKind::King).pieces;
    const int king = std::countr_zero(kings);
    Bits others = reaching;
    if (kings != 0) {
        for (Bits o = reaching; o != 0; o &= o - 1) {
            const int q = std::countr_zero(o);
            const int d = geo::direction_to(king, q);
            if (d < 0) continue;
            const Bits occupied = (own.occupied & ~geo::bit(q)) | geo::bit(to);
            // the nearest piece on the ray from the king through q (ray_attacks keeps it), if any
            const Bits nearest = geo::ray_attacks(d, king, occupied) & occupied;
            if (nearest == 0 || nearest == geo::bit(to)) continue;
            const PieceId id = sigma.board[static_cast<std::size_t>(std::countr_zero(nearest))];
            if (color_of(id) == c) continue;
            const PieceKind along = geo::is_orthogonal(d) ? PieceKind::Rook : PieceKind::Bishop;
            if (kind_of(id) == along || kind_of(id) == PieceKind::Queen ||
                PGNSEM_MUTATE(fast_canonical_pin_by_knight, kind_of(id) == PieceKind::Knight, false))
                others &= ~geo::bit(q);
        }
    }
    if (others == 0) return d;
    const Bits file = Bits{0x0101010101010101} << action.from.file().index();
    const Bits rank = geo::rank_mask(action.from.rank().index());
    if ((others & file) == 0 && PGNSEM_MUTATE(fast_canonical_rank_first, (others & rank) != 0, true)) {
        d.file = action.from.file();
    } else if ((others & rank) == 0) {
        d.rank = action.from.rank();
    } else {
        d.file = action.from.file();
        d.rank = action.from.rank();
    }
    return d;
}

// §8.2.3.4: a piece's origin as canonical_disambiguator gives it; pawn captures always name the
// file; `x` marks exactly the captures (en passant included); `+`/`#` describe the position after
// the move.
ast::Move canonical_move(const State& sigma, const Action& action, const State& next) noexcept {
    ast::CheckClaim claim = ast::CheckClaim::None;
    if (in_check(next, to_move(next))) claim = has_legal_move(next) ? ast::CheckClaim::Check : ast::CheckClaim::Mate;
    return canonical_san(action, canonical_disambiguator(sigma, action), claim);
}

namespace {
// A move packed in 16 bits (PackedMove): what the public board's move list holds.
struct PackedSink : OneByOne<PackedSink> {
    explicit PackedSink(PackedMove* m) noexcept : moves(m) {}
    PackedMove* moves;
    std::size_t size = 0;
    void add(int from, int to) noexcept { moves[size++] = pack(from, to, 0); }
    void add_promotions(int from, int to) noexcept {
        for (ast::PromotionPiece t : {ast::PromotionPiece::Knight, ast::PromotionPiece::Bishop,
                                      ast::PromotionPiece::Rook, ast::PromotionPiece::Queen})
            moves[size++] = pack(from, to, 1 + static_cast<int>(t));
    }
    [[nodiscard]] static constexpr bool done() noexcept { return false; }
};
}  // namespace

std::size_t legal_moves_packed(const State& sigma, const Boards& b, PackedMove* out) noexcept {
    PackedSink sink{out};
    generate(sigma, b, sink);
    return sink.size;
}

namespace {
// Whether the generator lists one move: it is asked for the moves of that move's piece only (on
// `from`, of kind `Kind`), and stops at the move.
template <PieceKind Kind>
struct MatchSink {
    static constexpr PieceKind kKind = Kind;
    int from, to, promotion;
    bool found = false;
    void add(int f, int t) noexcept {
        found = found || (f == from && t == to && PGNSEM_MUTATE(fast_is_legal_any_promotion, true, promotion == 0));
    }
    void add_promotions(int f, int t) noexcept {
        found = found || (f == from && t == to && promotion >= 1 && promotion <= 4);
    }
    void add_targets(int f, Bits targets) noexcept {
        if (f == from && promotion == 0 && (targets & geo::bit(to)) != 0) found = true;
    }
    void add_from_offset(Bits targets, int by) noexcept {
        if (to - by == from && (targets & geo::bit(to)) != 0) add(from, to);
    }
    void add_promotions_from_offset(Bits targets, int by) noexcept {
        if (to - by == from && (targets & geo::bit(to)) != 0) add_promotions(from, to);
    }
    [[nodiscard]] bool done() const noexcept { return found; }
};

template <PieceKind Kind>
bool lists(const State& sigma, const Boards& b, int from, PackedMove m) noexcept {
    MatchSink<Kind> match{from, (m >> 6) & 63, m >> 12};
    generate(sigma, b, match);
    return match.found;
}
}  // namespace

// The generator lists no move from an empty square, and asks of a piece's moves only what its kind
// asks (generate, wants).
bool is_legal_packed(const State& sigma, const Boards& b, PackedMove m) noexcept {
    const int from = m & 63;
    const PieceId v = sigma.board[static_cast<std::size_t>(from)];
    if (v == kEmpty) return false;
    switch (kind_of(v)) {
        case PieceKind::Pawn: return lists<PieceKind::Pawn>(sigma, b, from, m);
        case PieceKind::Knight: return lists<PieceKind::Knight>(sigma, b, from, m);
        case PieceKind::Bishop: return lists<PieceKind::Bishop>(sigma, b, from, m);
        case PieceKind::Rook: return lists<PieceKind::Rook>(sigma, b, from, m);
        case PieceKind::Queen: return lists<PieceKind::Queen>(sigma, b, from, m);
        case PieceKind::King: return lists<PieceKind::King>(sigma, b, from, m);
    }
    PGNSEM_UNREACHABLE("every kind is listed");
}

std::size_t count_legal_moves(const State& sigma, const Boards& b) noexcept {
    CountSink count;
    generate(sigma, b, count);
    return count.count;
}

std::uint64_t perft(const State& sigma, int depth) noexcept {
    if (depth <= 0) return 1;
    return perft_with(position_from(sigma), boards_of(sigma), depth);
}

}  // namespace pgnsem::sem::fast
