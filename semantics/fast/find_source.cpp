// GTSS (Algorithm 1) and GCSS (Algorithm 2): the source square S and id v of the move.
//
// Algorithm 1 (GTSS(Q, P, σ)), legibly: with colour = White if turn is even else Black, look for
// a piece of that colour and of P's kind that can move to Q: a king one square away; an
// unblocked queen on Q's diagonal, rank or file; an unblocked rook on its rank or file; an
// unblocked bishop on its diagonal; a knight a knight's jump away; a pawn one square behind Q,
// or two when Q is on rank 4 (White) / 5 (Black). A file or rank in P (Ndc5, N7c5) keeps only
// the pieces on it. Algorithm 2 (GCSS) is the same for captures, except that pawns capture
// diagonally from file W, or en passant.
//
// Errata (proofs-notes/errata.md):
//   - double step only from the start rank and with both squares empty;
//   - en passant only onto the empty square on rank 6 (3) right after the double step
//     (two_step = turn − 1), capturing the pawn behind it;
//   - among several candidates only those whose move is legal count (PGN §8.2.3.4): a pinned
//     knight does not make Ne2 ambiguous. With one geometric candidate it is returned even if
//     its move is illegal, so T can say why.
//
// When no piece qualifies, the failure says which part of the description is wrong: no piece
// of that kind could ever get there (src/unreachable), or only the opponent's could
// (src/opponent-piece), the way is blocked (src/blocked, trav/pawn-blocked), the disambiguator
// names none of the candidates (src/wrong-disambiguator), or a pawn has nothing to capture
// (cap/no-victim, ep/expired, ep/no-double-step).
#include "semantics/fast/find_source.hpp"

#include <array>
#include <bit>

#include "ast/mutants.hpp"
#include "semantics/fast/boards.hpp"
#include "semantics/fast/geometry.hpp"
#include "semantics/fast/movement.hpp"
#include "semantics/fast/terminates.hpp"
#include "semantics/find_source.hpp"

namespace pgnsem::sem::fast {
namespace {

using geo::Bits;

// The squares a disambiguator admits: its file, its rank, both, or (none given) every square.
[[nodiscard]] Bits admitted(const ast::Disambiguator& d) noexcept {
    Bits b = ~Bits{0};
    if (d.file) b &= Bits{0x0101010101010101} << d.file->index();
    if (d.rank) b &= geo::rank_mask(d.rank->index());
    return b;
}

// `reaches` read backwards: the squares from which a piece of kind k and colour c reaches `to`
// on an otherwise empty board. A king or a knight one jump away; a slider on one of `to`'s
// lines (rank or file for the rook, diagonal for the bishop, both for the queen); a pawn one
// square behind `to`, or two when that square is on its start rank, or, capturing, diagonally
// behind it. For the pieces a table by kind and `to` (a switch over the kinds was an indirect
// jump per move).
constexpr std::array<std::array<Bits, 64>, 6> make_piece_reach() noexcept {
    std::array<std::array<Bits, 64>, 6> t{};
    for (int q = 0; q < 64; ++q) {
        const auto i = static_cast<std::size_t>(q);
        t[static_cast<std::size_t>(PieceKind::Knight)][i] = geo::knight_targets(q);
        t[static_cast<std::size_t>(PieceKind::Bishop)][i] = geo::bishop_rays(q);
        t[static_cast<std::size_t>(PieceKind::Rook)][i] = geo::rook_rays(q);
        t[static_cast<std::size_t>(PieceKind::Queen)][i] = geo::rook_rays(q) | geo::bishop_rays(q);
        t[static_cast<std::size_t>(PieceKind::King)][i] = geo::king_targets(q);
    }
    return t;
}
constexpr std::array<std::array<Bits, 64>, 6> kPieceReach = make_piece_reach();

[[nodiscard]] Bits reached_from(PieceKind k, Color c, int to, bool capture) noexcept {
    if (k != PieceKind::Pawn) return kPieceReach[static_cast<std::size_t>(k)][static_cast<std::size_t>(to)];
    if (capture) return geo::pawn_attacks(colour_index(opposite(c)), to);
    const int one = to - 8 * forward(c);
    if (one < 0 || one > 63) return 0;
    const int two = one - 8 * forward(c);
    const bool double_step = two >= 0 && two <= 63 && geo::rank_of(two) == start_rank(c);
    return geo::bit(one) | (double_step ? geo::bit(two) : 0);
}

// The pieces of colour c and kind k that could move to `to`: ignoring every other piece
// (reach), also honouring the disambiguator (matched), and with a free way (clear). They are
// found by looking backwards from `to` (the squares a piece of that kind could come from,
// against the squares where c's pieces of that kind stand), not by walking the board.
struct Candidates {
    Bits reach = 0;
    Bits matched = 0;
    Bits clear = 0;
    int blocked_from = -1;
    int blocked_by = -1;
};

// Inlined into find_source: called as a function, its prologue and returned struct cost more than
// its body for a move with one candidate.
[[nodiscard, gnu::always_inline]] inline Candidates candidates(const State& s, Color c, PieceKind k,
                                                               const ast::Disambiguator& d, int to,
                                                               bool capture) noexcept {
    const KindBoards b = kind_boards(s, c, k);
    Candidates r;
    r.reach = reached_from(k, c, to, capture) & b.pieces;
    r.matched = r.reach & admitted(d);
    // A candidate's way is free when nothing stands between it and `to` (and, for a pawn push,
    // on `to`). There are rarely more than two candidates, so each is looked at on its own.
    for (Bits m = r.matched; m != 0; m &= m - 1)
        if ((way(k, std::countr_zero(m), to, capture) & b.occupied) == 0) r.clear |= m & (~m + 1);
    if (const Bits blocked = r.matched & ~r.clear; blocked != 0) {
        // The lowest-numbered blocked candidate, and the first piece on its way.
        r.blocked_from = PGNSEM_MUTATE(fast_find_source_blocked_candidate, 63 - std::countl_zero(blocked),
                                       std::countr_zero(blocked));
        r.blocked_by = blocker(s, k, r.blocked_from, to, capture);
    }
    return r;
}

// The source, once chosen: a pawn capture onto an empty square still needs its victim (en
// passant, or the reason there is none).
[[nodiscard]] SourceResult source_at(const State& s, PieceKind k, bool capture, int from, int to) noexcept {
    if (k == PieceKind::Pawn && capture)
        if (auto u = pawn_capture_victim(s, from, to)) return *u;
    return Source{Square::unchecked(from), s.board[static_cast<std::size_t>(from)]};
}

// The pawn a plain pawn move names, read off σ without a search: for a push, Q is empty and the
// square behind it holds a pawn of the side to move, or (a double step) is empty while the square
// behind that, on the pawns' start rank, holds one; for a capture from file W, the square on W
// diagonally behind Q holds one. That pawn is then the only candidate the search below would
// find, with a free way, so the answer is the same; every other case (blocked pushes, no pawn
// there) is left to the search, which also says what is wrong.
[[nodiscard]] std::optional<SourceResult> plain_pawn_source(const State& s, Color us, const ast::Disambiguator& d,
                                                            int to, bool capture) noexcept {
    const int behind = to - 8 * forward(us);
    if (behind < 0 || behind > 63) return std::nullopt;
    int from = behind;
    if (capture) {
        if (!d.file || d.rank) return std::nullopt;
        const int df = d.file->index() - geo::file_of(to);
        if (df != 1 && df != -1) return std::nullopt;
        from = behind + df;
    } else {
        if (s.board[static_cast<std::size_t>(to)] != kEmpty) return std::nullopt;
        if (s.board[static_cast<std::size_t>(behind)] == kEmpty) {
            // A double step: the square behind Q is empty (the way), the one behind it holds the pawn.
            const int two = behind - 8 * forward(us);
            if (two < 0 || two > 63 ||
                PGNSEM_MUTATE(fast_find_source_double_step_any_rank, false, geo::rank_of(two) != start_rank(us)))
                return std::nullopt;
            from = two;
        }
        if ((admitted(d) & geo::bit(from)) == 0) return std::nullopt;
    }
    const PieceId v = s.board[static_cast<std::size_t>(from)];
    if (!is_pawn_of(v, us)) return std::nullopt;
    return source_at(s, PieceKind::Pawn, capture, from, to);
}

// find_source for every move but the common one (one piece admitted, with a free way): the
// candidates looked at in full. Exactly one with a free way: the source; none: why not; several:
// which of them may legally move. Out of line and cold: a move of a real game nearly always is
// the common one.
[[nodiscard, gnu::cold, gnu::noinline]] SourceResult other_than_one(const State& s, PieceKind k,
                                                                    const ast::Disambiguator& d, Square to_sq,
                                                                    bool capture) noexcept {
    const int to = to_sq.index();
    const Color us = to_move(s);
    const Candidates own = candidates(s, us, k, d, to, capture);
    if (own.clear != 0 && (own.clear & (own.clear - 1)) == 0)
        return source_at(s, k, capture, std::countr_zero(own.clear), to);
    Detail detail;
    detail.to = to_sq;
    detail.piece = k;
    if (own.reach == 0) {
        // A pawn of ours that may not step twice from where it stands (the reference's words,
        // asked on this cold path)
        if (k == PieceKind::Pawn && !capture)
            if (const std::optional<Square> S = sem::stranded_double_step(s, to_sq, us, Reading::laws())) {
                detail.from = S;
                return Undefined{Failure::SrcUnreachable, detail};
            }
        // Nothing of ours could ever get there; if the opponent's piece could make exactly
        // this move, the notation most likely has the wrong side to move.
        const Candidates theirs = candidates(s, opposite(us), k, d, to, capture);
        if (theirs.clear != 0) {
            detail.from = Square::unchecked(std::countr_zero(theirs.clear));
            return Undefined{Failure::SrcOpponentPiece, detail};
        }
        return Undefined{Failure::SrcUnreachable, detail};
    }
    if (own.matched == 0) {
        detail.candidates = own.reach;
        return Undefined{Failure::SrcWrongDisambiguator, detail};
    }
    if (own.clear == 0) {
        detail.from = Square::unchecked(own.blocked_from);
        detail.square = Square::unchecked(own.blocked_by);
        const bool pawn_push = k == PieceKind::Pawn && !capture;
        return Undefined{pawn_push ? Failure::TravPawnBlocked : Failure::SrcBlocked, detail};
    }
    // §8.2.3.4: only the candidates whose move is legal count.
    Bits legal = PGNSEM_MUTATE(fast_find_source_no_legality_filter, own.clear, Bits{0});
    for (Bits b = own.clear; b != 0; b &= b - 1) {
        const int q = std::countr_zero(b);
        if (legal_concrete(s, ConcreteMove{Square::unchecked(q), to_sq, std::nullopt})) legal |= geo::bit(q);
    }
    if (std::popcount(legal) > 1) {
        detail.candidates = legal;
        return Undefined{Failure::SrcAmbiguous, detail};
    }
    // One legal candidate is the source; none: the first, and T says why it may not move.
    return source_at(s, k, capture, std::countr_zero(legal != 0 ? legal : own.clear), to);
}

// Inlined into GTSS and GCSS below, for the same reason as candidates.
// `kings`: where σ's kings stand (semantics/fast/position.hpp); a pawn's search, which reads no
// king, is told none.
[[nodiscard, gnu::always_inline]] inline SourceResult find_source(const State& s, PieceKind k,
                                                                  const ast::Disambiguator& d, Square to_sq,
                                                                  bool capture, const KingSquares& kings) noexcept {
    const int to = to_sq.index();
    const Color us = to_move(s);
    // The king: where it stands the caller knows (fast::Position), and a king's way is one step,
    // never blocked; so when it can step to Q and the disambiguator admits its square it is the
    // one candidate the search below would find (the fast path takes one king a side as given).
    if (k == PieceKind::King) {
        const int ks = kings[static_cast<std::size_t>(us)];
        const Bits admits = PGNSEM_MUTATE(fast_find_source_king_any_disambiguator, ~Bits{0}, admitted(d));
        if (ks != kNoSquare && ((geo::king_targets(to) & admits) >> ks & 1) != 0)
            return source_at(s, k, capture, ks, to);
    }
    // The common case, read off without the candidates' record: the one piece of that kind the
    // disambiguator admits among those that reach Q, with a free way, is the source (candidates()
    // would find it the one candidate with a free way). Anything else is looked at in full.
    const KindBoards b = kind_boards(s, us, k);
    const Bits matched = reached_from(k, us, to, capture) & b.pieces & admitted(d);
    if (matched != 0 && (matched & (matched - 1)) == 0) {
        const int from = std::countr_zero(matched);
        if ((way(k, from, to, capture) & b.occupied) == 0) return source_at(s, k, capture, from, to);
    }
    return other_than_one(s, k, d, to_sq, capture);
}

// A pawn move that is not plain, searched for like a piece's. Out of line and cold: kept in GTSS's
// and GCSS's functions for a pawn, its search (and the call into kind_boards) made them save and
// restore registers on every pawn move, nearly all of which are plain (double steps included).
[[nodiscard, gnu::cold, gnu::noinline]] SourceResult pawn_source_searched(const State& s, const ast::Disambiguator& d,
                                                                          Square to, bool capture) noexcept {
    return find_source(s, PieceKind::Pawn, d, to, capture, KingSquares{{kNoSquare, kNoSquare}});
}

}  // namespace

// GTSS and GCSS for a pawn: a plain pawn move is read off σ (plain_pawn_source), anything else
// is searched for like a piece.
SourceResult find_pawn_traversal_source(const State& sigma, const ast::Disambiguator& from, Square to) noexcept {
    if (auto plain = plain_pawn_source(sigma, to_move(sigma), from, to.index(), false)) return *plain;
    return pawn_source_searched(sigma, from, to, false);
}
SourceResult find_pawn_capture_source(const State& sigma, const ast::Disambiguator& from, Square to) noexcept {
    if (auto plain = plain_pawn_source(sigma, to_move(sigma), from, to.index(), true)) return *plain;
    return pawn_source_searched(sigma, from, to, true);
}

// GTSS and GCSS for a piece (kind ≠ pawn).
SourceResult find_piece_traversal_source(const Position& p, PieceKind kind, const ast::Disambiguator& from,
                                         Square to) noexcept {
    return find_source(p.sigma, kind, from, to, false, p.king);
}
SourceResult find_piece_capture_source(const Position& p, PieceKind kind, const ast::Disambiguator& from,
                                       Square to) noexcept {
    return find_source(p.sigma, kind, from, to, true, p.king);
}

}  // namespace pgnsem::sem::fast
