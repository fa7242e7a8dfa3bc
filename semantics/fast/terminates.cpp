// T : M → (St → {⊥, ⊤}) (§3.3), corrected by the FIDE Laws.
//
// The paper's conditions, legibly (mover = mod(turn, 2) in σ; the paper's mod(turn − 1, 2) is the
// same colour read in σ'):
//   T(Q), T(P::Q)         = ⊤ iff ∃σ'. (σ, σ') ∈ [[M]], ¬IIC(σ', mover), and Q ≠ 0
//   T(P::x::Q)            = ⊤ iff ∃σ'. (σ, σ') ∈ [[M]], ¬IIC(σ', mover), Q holds an enemy piece
//   T(O-O), T(O-O-O)      = ⊤ iff ∃σ'. (σ, σ') ∈ [[M]], ¬IIC(σ, mover), ¬IIC(σ', mover)
//   T(Q=T), T(W::x::Q=T)  as the traversal and capture above.
// Errata (proofs-notes/errata.md):
//   - "Q ≠ 0" is meant as "Q is empty" (σ(Q) = 0) for traversals: an enemy piece there is
//     trav/occupied (the interpreter may read the move as a capture without x), an own piece
//     dest/own-piece;
//   - the paper's captures test `turn = 0` / `turn = 1` where mod(turn, 2) is meant; and the king
//     is never captured (cap/of-king);
//   - a pawn that reaches the last rank must promote (promo/missing);
//   - castling is also forbidden through an attacked square (Laws 3.8.2.2), not only out of and
//     into check;
//   - the king-safety failure is split by cause: the king stepped into the attack (check/into),
//     the mover was in check and did not answer it (check/unanswered), or the move uncovered an
//     attack on its own king (check/pinned, en passant along the rank included).
#include "semantics/fast/terminates.hpp"

#include <bit>

#include "ast/mutants.hpp"
#include "semantics/fast/boards.hpp"
#include "semantics/fast/denote.hpp"
#include "semantics/fast/equations.hpp"
#include "semantics/fast/in_check.hpp"
#include "semantics/overloaded.hpp"

namespace pgnsem::sem::fast {
namespace {

// The squares and piece of a refused move.
[[nodiscard]] Detail detail_of(const Action& a) noexcept {
    Detail d;
    d.from = a.from;
    d.to = a.to;
    if (a.piece != kEmpty) d.piece = kind_of(a.piece);
    return d;
}

// The refusals are kept out of line (cold): the moves of real games are nearly all accepted, and
// the accepting path of T then needs fewer registers saved and restored per move.
[[nodiscard, gnu::cold, gnu::noinline]] Termination fail(Failure r, const Action& a) noexcept {
    return Refused{r, detail_of(a)};
}

[[nodiscard]] std::optional<Square> first_square(std::uint64_t bits) noexcept {
    if (bits == 0) return std::nullopt;
    return Square::unchecked(std::countr_zero(bits));
}

// T(M)(σ) = ⊤: [[M]] wrote σ' and the action into T's answer already (judge, below); what is left
// is the check flag. As in the reference, a move the Laws accept keeps σ well-formed; checked in
// the builds with expensive assertions (a scan of σ and σ′ per move would cost the fast path what
// it saves).
void accept(const State& s, Accepted& t, bool check) noexcept {
    PGNSEM_EXPENSIVE_ASSERT(!well_formed(s) || well_formed(t.next.sigma),
                            "a move the Laws accept leaves σ well-formed");
    // (With two kings of a side, only from a FEN that fails validation, the position follows the one
    // it started with, which need not stay the first in square order.)
    PGNSEM_EXPENSIVE_ASSERT(!well_formed(s) || t.next.king == kings_of(t.next.sigma), "σ′'s position has σ′'s kings");
    PGNSEM_EXPENSIVE_ASSERT(t.next.corner_table == corner_table_of(t.next.sigma),
                            "σ′'s position has the rook flags' table of σ′'s castling files");
    t.check = check;
}

// Which of the three king-safety rules a move that leaves its king attacked breaks.
[[nodiscard, gnu::cold, gnu::noinline]] Termination king_unsafe(const State& s, const Accepted& t) noexcept {
    const Color mover = to_move(s);
    const Square king = Square::unchecked(t.next.king[static_cast<std::size_t>(mover)]);
    Detail d = detail_of(t.action);
    d.king = king;
    d.attacker = first_square(attackers(t.next.sigma, king, opposite(mover)));
    Failure r = PGNSEM_MUTATE(fast_terminates_into_pinned_swapped, Failure::CheckInto, Failure::CheckPinned);
    if (t.action.piece != kEmpty && kind_of(t.action.piece) == PieceKind::King)
        r = PGNSEM_MUTATE(fast_terminates_into_pinned_swapped, Failure::CheckPinned, Failure::CheckInto);
    else if (in_check(s, mover))
        r = Failure::CheckUnanswered;
    return Refused{r, d};
}

// ¬IIC(σ', mover): the move must not leave the mover's king attacked. (The opponent's king is
// looked at in the same pass, for Accepted::check.)
void king_safe(const State& s, Accepted& t, Termination& r) noexcept {
    const Color mover = to_move(s);
    const Checks c = checks(t.next);
    if (!c.of(mover)) {
        accept(s, t, c.of(opposite(mover)));
        return;
    }
    r = king_unsafe(s, t);
}

// A pawn on the last rank must have promoted. (The rank is asked first: a move rarely ends on
// rank 1 or 8, while whether a pawn moved differs from move to move, a branch the processor
// would often guess wrong.)
[[nodiscard]] bool promotion_missing(const Accepted& t) noexcept {
    const int r = t.action.to.rank().index();
    if (r != 0 && r != 7) return false;
    return !t.action.promotion && t.action.piece != kEmpty && kind_of(t.action.piece) == PieceKind::Pawn;
}

// The destination of a move that may take: not an own piece, never the king.
[[nodiscard]] std::optional<Failure> capture_destination(const State& s, const Accepted& t) noexcept {
    const PieceId victim = s.board[static_cast<std::size_t>(t.action.to.index())];
    if (victim == kEmpty) return std::nullopt;
    if (belongs_to(victim, to_move(s))) return Failure::DestOwnPiece;
    if (kind_of(victim) == PieceKind::King) return Failure::CapOfKing;
    return std::nullopt;
}

// The conditions T adds to a defined move: destination, compulsory promotion, king safety. `t` is
// the ⊤ that `r` holds; a condition that fails replaces it with ⊥. `capture`: the move takes (or,
// written by its squares, may take) what stands on Q.
void conclude(const State& s, Accepted& t, Termination& r, bool capture) noexcept {
    const PieceId victim = s.board[static_cast<std::size_t>(t.action.to.index())];
    if (!capture && victim != kEmpty) {
        r = fail(belongs_to(victim, to_move(s)) ? Failure::DestOwnPiece : Failure::TravOccupied, t.action);
        return;
    }
    if (capture && victim == kEmpty && t.action.rule != Equation::CapEnPassant) {
        r = fail(Failure::CapNoVictim, t.action);
        return;
    }
    if (auto rule = capture_destination(s, t)) {
        r = fail(*rule, t.action);
        return;
    }
    if (promotion_missing(t)) {
        r = fail(Failure::PromoMissing, t.action);
        return;
    }
    king_safe(s, t, r);
}

// T(O-O), T(O-O-O): not out of check, not through an attacked square, not into check. Castling
// takes nothing, so the enemy pieces are the same in σ and σ′: where they stand is read once,
// and their attacks are asked against σ's occupancy for the square the king leaves and those it
// crosses (one in standard chess; in Chess960 none to four, from the king on), and against σ′'s for
// the one it lands on (proofs-notes/chess960.md: in Chess960 the rook may shield it in σ).
void conclude_castle(const State& s, Accepted& t, Termination& r) noexcept {
    const Color mover = to_move(s);
    const Color them = opposite(mover);
    const CastleSquares& q = castle_entry(s, mover, *t.action.castle).squares;
    const AttackBoards enemy = attack_boards(s, them);
    // σ′'s occupancy: the king and the rook lifted off their squares and set down on the new ones.
    const std::uint64_t after = (enemy.occupied & ~geo::bit(q.king_from.index()) & ~geo::bit(q.rook_from.index())) |
                                geo::bit(q.king_to.index()) | geo::bit(q.rook_to.index());
    Refused f{Failure::CastleOutOfCheck, detail_of(t.action)};
    f.detail.king = q.king_from;
    if (const std::uint64_t a = attackers_of(enemy, q.king_from.index(), them, enemy.occupied); a != 0) {
        f.detail.attacker = first_square(a);
        r = f;
        return;
    }
    for (int i = 0; i < q.crossed_count; ++i) {
        const Square crossed = q.crossed[static_cast<std::size_t>(i)];
        if (const std::uint64_t a =
                attackers_of(enemy, PGNSEM_MUTATE(fast_terminates_castle_crossed, q.king_to.index(), crossed.index()),
                             them, enemy.occupied);
            a != 0) {
            f.rule = Failure::CastleThroughCheck;
            f.detail.square = crossed;
            f.detail.attacker = first_square(a);
            r = f;
            return;
        }
    }
    if (const std::uint64_t a = attackers_of(enemy, q.king_to.index(), them, after); a != 0) {
        f.rule = Failure::CastleIntoCheck;
        f.detail.square = q.king_to;
        f.detail.attacker = first_square(a);
        r = f;
        return;
    }
    accept(s, t, in_check(t.next.sigma, them, t.next.king[static_cast<std::size_t>(them)]));
}

// Inlined into each kind of move (below), so that each calls its own [[M]] directly and knows
// whether it captures: as one shared function it called [[M]] through a pointer, a jump whose
// target changed with the kind of move and was often mispredicted. [[M]] answers in T's own type
// (denote.hpp): ⊤ with σ' and the action, written where the caller of T receives its answer, or
// ⊥; T's conditions read σ' there and, when one fails, replace the answer with ⊥.
template <class Body, class Denote>
[[nodiscard, gnu::always_inline]] inline Termination judge(const Position& p, const Body& body, Denote denote_fn,
                                                           bool capture) noexcept {
    Termination r = denote_fn(body, p);
    if (Accepted* t = boost::variant2::get_if<Accepted>(&r)) {
        if (t->action.castle)
            conclude_castle(p.sigma, *t, r);
        else
            conclude(p.sigma, *t, r, capture);
    }
    return r;
}

[[nodiscard]] Termination judge_coordinate(const Position& p, const ast::Coordinate& m) noexcept {
    // A move written by its squares takes whatever enemy piece stands on Q: it is a capture
    // exactly when Q is occupied (or it is en passant).
    const bool capture = p.sigma.board[static_cast<std::size_t>(m.to.index())] != kEmpty;
    return judge(p, m, denote_coordinate, capture);
}

// T(M) in the position p.
[[nodiscard, gnu::always_inline]] inline Termination judge_move(const ast::Move& m, const Position& p) noexcept {
    return boost::variant2::visit(
        Overloaded{
            [&](const ast::Traversal& b) { return judge(p, b, denote_traversal, false); },
            [&](const ast::Capture& b) { return judge(p, b, denote_capture, true); },
            [&](const ast::Castle& b) { return judge(p, b, denote_castle, false); },
            [&](const ast::Promotion& b) { return judge(p, b, denote_promotion, b.is_capture()); },
            [&](const ast::Coordinate& b) { return judge_coordinate(p, b); },
            [](const ast::NullMove&) {
                return Termination{Refused{Failure::MoveNull, Detail{}}};
            },
        },
        m.body);
}

}  // namespace

Termination terminates(const ast::Move& m, const Position& p) noexcept {
    return judge_move(m, p);
}

Termination terminates_concrete(const Position& p, ConcreteMove m) noexcept {
    return judge_coordinate(p, ast::Coordinate{m.from, m.to, m.promotion});
}

bool legal_concrete(const State& sigma, ConcreteMove m) noexcept {
    return boost::variant2::holds_alternative<Accepted>(terminates_concrete(position_from(sigma), m));
}

}  // namespace pgnsem::sem::fast
