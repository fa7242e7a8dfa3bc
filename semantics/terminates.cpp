// T : M → (St → {⊥, ⊤}) (§3.3), as printed, with mover = mod(turn, 2) in σ (the paper writes
// mod(turn − 1, 2); read in σ′, after `turn` went up, it is the mover — the Laws' reading, which
// pgnsem takes; read in σ, as the paper's convention reads an identifier "unless otherwise
// specified", it is the opponent: erratum check-turn-reading, at `king_test` below):
//
//   T(Q)         = {(σ,⊤) | ∃σ′. (σ,σ′) ∈ [[Q]],    ¬IIC(σ′, mover), Q ≠ 0} ∪ {(σ,⊥) | otherwise}
//   T(P::Q)      = {(σ,⊤) | ∃σ′. (σ,σ′) ∈ [[P::Q]], ¬IIC(σ′, mover), Q ≠ 0} ∪ {(σ,⊥) | otherwise}
//   T(P::x::Q)   = {(σ,⊤) | ∃σ′. (σ,σ′) ∈ [[P::x::Q]], ¬IIC(σ′, mover), turn = 0, Q ∈ {17 … 32}}
//                ∪ {(σ,⊤) | ∃σ′. (σ,σ′) ∈ [[P::x::Q]], ¬IIC(σ′, mover), turn = 1, Q ∈ {1 … 16}}
//                ∪ {(σ,⊥) | otherwise}
//   T(O-O)       = {(σ,⊤) | ∃σ′. (σ,σ′) ∈ [[O-O]],   ¬IIC(σ, mover), ¬IIC(σ′, mover)} ∪ {(σ,⊥) | otherwise}
//   T(O-O-O)     = the same with [[O-O-O]]
//   T(Q=T)       = as T(Q), with [[Q=T]];   T(W::x::Q=T) = as T(P::x::Q), with [[W::x::Q=T]]
//
// Every condition is read as the paper writes it: "Q" is σ(Q). The corrections, each at its
// condition below: destination-empty (Q ≠ 0 means empty), capture-turn-parity (turn = 0 means
// mod(turn, 2) = 0), king-never-captured, en-passant-capture (its empty Q is accepted: the
// equation that fired says it was en passant), promotion-compulsory, castle-through-check.
//
// Each condition is a premise (premise.hpp): a function of σ, the transition (σ′ and what the move
// did) and the reading, returning its value. T(M) for each form is the list of them
// (TraversalPremises, CapturePremises, CastlePremises below), evaluated in order up to the first ⊥
// (`Conjunction`).
//
// When a move breaks several conditions, the first in this order is the reason (proofs-notes/
// semantics.md, "Which rule when several fail"): [[M]] undefined, the destination, compulsory
// promotion, king safety; for castling: out of, through, into check. The king-safety failure is
// split by cause: the king stepped into the attack (check/into), the mover was in check and did
// not answer it (check/unanswered), or the move uncovered an attack on its own king (check/pinned).
#include "semantics/terminates.hpp"

#include "ast/mutants.hpp"
#include "semantics/denote.hpp"
#include "semantics/in_check.hpp"
#include "semantics/overloaded.hpp"

namespace pgnsem::sem {
namespace {

[[nodiscard]] Detail detail_of(const Action& a) noexcept {
    Detail d;
    d.from = a.from;
    d.to = a.to;
    if (!a.piece.empty()) d.piece = kind_of(a.piece);
    return d;
}

// T(M)(σ) = ⊤ with σ′. Under the Laws' reading a move T accepts keeps σ well-formed (L2, L4 of
// proofs-notes/invariants.md); that it did not is a bug, never a verdict. Under a reading with a
// correction undone, the paper's equations can break it (errata.md: a pawn left on the last rank,
// two kings): what the paper produces, which the interpreter reports (paper-ill-formed-state).
[[nodiscard]] Termination accept(const State& s, const Transition& t, bool check, Reading r) noexcept {
    PGNSEM_ASSERT(!r.is_laws() || !well_formed(s) || well_formed(t.next),
                  "a move the Laws accept leaves σ well-formed (one king a side, no pawn on its last rank, "
                  "bishops on their colour)");
    return Accepted{t.next, t.action, check};
}

// Each premise of T below is a function of σ, the transition t ([[M]]σ = σ′ and what the move did)
// and the reading: its value, none when it is not one of this move.
// What its ⊥ is about, unless said otherwise: the move (`detail_of`).

// IIC(σ, c), with the pieces that attack c's king when it is ⊤.
[[nodiscard]] IicCall iic(const State& sigma, Color c, bool after, bool for_claim = false) noexcept {
    IicCall call{SquareSet{}, after, c, in_check(sigma, c), for_claim};
    if (call.answer)
        if (const std::optional<Square> k = king_square(sigma, c)) call.attackers = attackers(sigma, *k, opposite(c));
    return call;
}

// Q ≠ 0, the destination of a traversal.
[[nodiscard]] std::optional<Premise> destination_empty(const State& s, const Transition& t, Reading r) noexcept {
    const PieceId on_q = at(s, t.action.to);
    // Erratum destination-empty. Paper: "Q ≠ 0", an occupied destination. Laws 3.1 and the
    // paper's own prose ("the destination square Q is not already occupied"): σ(Q) = 0. An enemy
    // piece there is trav/occupied (the interpreter plays the capture the move must mean).
    if (!r.corrected(Erratum::DestinationEmpty))
        return tested(detail_of(t.action), Failure::PaperDestinationEmpty, !on_q.empty(), Erratum::DestinationEmpty, r);
    const Failure as = !on_q.empty() && belongs_to(on_q, to_move(s)) ? Failure::DestOwnPiece : Failure::TravOccupied;
    // (premise() returns string literals: its text is NUL-terminated.)
    return tested(detail_of(t.action), as, on_q.empty(), Erratum::DestinationEmpty, r,
                  premise(Failure::TravOccupied).data());
}

// The destination of a capture, four premises. First, a piece on Q to take: en passant takes the
// pawn behind Q, and its Q is empty (erratum en-passant-capture: under the paper's reading that
// equation never fires, and the empty Q fails here). The three after it are about the piece on Q,
// and none when en passant took the pawn behind it.
[[nodiscard]] std::optional<Premise> victim(const State& s, const Transition& t, Reading r) noexcept {
    const Action& a = t.action;
    if (!at(s, a.to).empty()) return tested(detail_of(a), Failure::CapNoVictim, true);
    return tested(detail_of(a), Failure::CapNoVictim, a.rule == Equation::CapEnPassant,
                  kind_of(a.piece) == PieceKind::Pawn ? std::optional(Erratum::EnPassantCapture) : std::nullopt, r);
}

// The piece on Q is the opponent's.
[[nodiscard]] std::optional<Premise> victim_theirs(const State& s, const Transition& t, Reading) noexcept {
    const PieceId on_q = at(s, t.action.to);
    if (on_q.empty()) return std::nullopt;
    return tested(detail_of(t.action), Failure::DestOwnPiece, !belongs_to(on_q, to_move(s)));
}

// turn = 0, Q ∈ {17 … 32}  or  turn = 1, Q ∈ {1 … 16}. Erratum capture-turn-parity. Paper: turn = 0
// (White) or turn = 1 (Black), so only the first two plies of a game could capture. Laws 3.1:
// mod(turn, 2), whoever is to move.
[[nodiscard]] std::optional<Premise> capture_turn(const State& s, const Transition& t, Reading r) noexcept {
    if (at(s, t.action.to).empty()) return std::nullopt;
    if (!r.corrected(Erratum::CaptureTurnParity))
        return tested(detail_of(t.action), Failure::PaperCaptureTurn, s.turn <= 1, Erratum::CaptureTurnParity, r);
    return tested(detail_of(t.action), Failure::PaperCaptureTurn, true, Erratum::CaptureTurnParity, r,
                  "mod(turn, 2) = 0 (White), mod(turn, 2) = 1 (Black)");
}

// Erratum king-never-captured. Paper: any enemy id, 21 (5) included. Laws 1.4.1, 3.9.2: the king is
// never captured.
[[nodiscard]] std::optional<Premise> victim_not_king(const State& s, const Transition& t, Reading r) noexcept {
    const PieceId on_q = at(s, t.action.to);
    if (on_q.empty() || !r.corrected(Erratum::KingNeverCaptured)) return std::nullopt;
    return tested(detail_of(t.action), Failure::CapOfKing, kind_of(on_q) != PieceKind::King, Erratum::KingNeverCaptured,
                  r);
}

// Erratum promotion-compulsory. Paper: nothing (the prose says "the pawn cannot remain a pawn",
// but b8 is an ordinary [[Q]]). Laws 3.7.3.3: a pawn reaching the last rank must be exchanged.
[[nodiscard]] std::optional<Premise> promotion_made(const State&, const Transition& t, Reading r) noexcept {
    const Action& a = t.action;
    if (!r.corrected(Erratum::PromotionCompulsory) || kind_of(a.piece) != PieceKind::Pawn || a.promotion)
        return std::nullopt;
    const int rank = a.to.rank().index();
    return tested(detail_of(a), Failure::PromoMissing, rank != 0 && rank != 7, Erratum::PromotionCompulsory, r);
}

// Erratum check-turn-reading. The colour whose king T's ¬IIC(σ′, mod(turn − 1, 2)) tests. Paper,
// read literally (turn in σ, as the paper reads every identifier "unless otherwise specified"):
// mod(turn − 1, 2) is the opponent of the mover, so a move may leave its own king attacked and may
// not give check. Laws 3.9.1, 3.9.2 (and the paper's prose, "the king is not in check after the
// move"): turn in σ′, i.e. the mover.
[[nodiscard]] Color king_test(const State& s, Reading r) noexcept {
    return r.corrected(PGNSEM_MUTATE(ref_terminates_check_turn_wrong_flag, Erratum::KingNeverCaptured,
                                     Erratum::CheckTurnReading))
               ? to_move(s)
               : opposite(to_move(s));
}

// The king test read literally (erratum check-turn-reading, paper): ¬IIC(σ′, opponent). Its ⊥ is
// a move that attacks the opponent's king.
[[nodiscard]] std::optional<Premise> literal_king_test(const State& s, const Transition& t, Reading r) noexcept {
    const Color them = opposite(to_move(s));
    std::optional<Premise> p = tested(detail_of(t.action), Failure::PaperCheckTurn, true, Erratum::CheckTurnReading, r);
    p->iic = iic(t.next, them, true);
    p->holds = !p->iic->answer;
    if (!p->holds) {
        p->detail.king = king_square(t.next, them);
        if (p->detail.king) p->detail.attacker = p->iic->attackers.first();
    }
    return p;
}

// Which of the three rules a ⊥ of ¬IIC(σ′, mover) breaks: the king stepped into the attack
// (check/into), the mover was in check and did not answer it (check/unanswered), or the move
// uncovered an attack on its own king (check/pinned). (IIC(σ, mover) is asked only to name the
// rule: T asks it when the premise is ⊥, `explain` for every move.)
[[nodiscard]] Failure king_safety_rule(const State& s, const Action& a) noexcept {
    if (kind_of(a.piece) == PieceKind::King) return Failure::CheckInto;
    return in_check(s, to_move(s)) ? Failure::CheckUnanswered : Failure::CheckPinned;
}

// ¬IIC(σ', mover), under the rule of the three its ⊥ breaks: the king stepped into the attack
// (check/into), the mover was in check and did not answer it (check/unanswered), or the move
// uncovered an attack on its own king (check/pinned).
[[nodiscard]] std::optional<Premise> king_safe(const State& s, const Transition& t, Reading r) noexcept {
    const Color mover = to_move(s);
    if (king_test(s, r) != mover) return literal_king_test(s, t, r);
    std::optional<Premise> p = tested(detail_of(t.action), Failure::CheckInto, true, Erratum::CheckTurnReading, r);
    p->iic = iic(t.next, mover, true);
    p->holds = !p->iic->answer;
    if (!p->holds) {
        p->as = king_safety_rule(s, t.action);
        p->detail.king = king_square(t.next, mover);
        if (p->detail.king) p->detail.attacker = p->iic->attackers.first();
    }
    return p;
}

// What a castling's ⊥ is about: the king's move from its square.
[[nodiscard]] Detail castle_detail(const Transition& t) noexcept {
    Detail d = detail_of(t.action);
    d.king = t.action.from;
    return d;
}

// ¬IIC(σ, mod(turn, 2)): not out of check.
[[nodiscard]] std::optional<Premise> not_in_check(const State& s, const Transition& t, Reading) noexcept {
    std::optional<Premise> p = tested(castle_detail(t), Failure::CastleOutOfCheck, true);
    p->iic = iic(s, to_move(s), false);
    p->holds = !p->iic->answer;
    if (!p->holds) p->detail.attacker = p->iic->attackers.first();
    return p;
}

// Erratum castle-through-check. Paper: the square the king crosses is not examined.
// Laws 3.8.2.2.1: castling is illegal if "the square which it must cross" is attacked. In Chess960
// (proofs-notes/chess960.md) every square strictly between the king's start and its destination,
// from the king on: none when the king moves one square or none; the first attacked is reported.
[[nodiscard]] std::optional<Premise> not_through_check(const State& s, const Transition& t, Reading r) noexcept {
    if (!r.corrected(Erratum::CastleThroughCheck)) return std::nullopt;
    const CastleSquares q = castle_squares(s, to_move(s), *t.action.castle);
    if (q.crossed_count == 0) return std::nullopt;
    for (int i = 0; i < q.crossed_count; ++i) {
        const Square crossed = q.crossed[static_cast<std::size_t>(i)];
        const SquareSet a = attackers(s, crossed, opposite(to_move(s)));
        if (a.empty()) continue;
        std::optional<Premise> p =
            tested(castle_detail(t), Failure::CastleThroughCheck, false, Erratum::CastleThroughCheck, r, {}, crossed);
        p->detail.square = crossed;
        p->detail.attacker = a.first();
        return p;
    }
    return tested(castle_detail(t), Failure::CastleThroughCheck, true, Erratum::CastleThroughCheck, r, {},
                  q.crossed[0]);
}

// ¬IIC(σ', mod(turn − 1, 2)): not into check; read literally, the opponent's king (erratum
// check-turn-reading).
[[nodiscard]] std::optional<Premise> not_into_check(const State& s, const Transition& t, Reading r) noexcept {
    const Color mover = to_move(s);
    if (king_test(s, r) != mover) return literal_king_test(s, t, r);
    std::optional<Premise> p = tested(castle_detail(t), Failure::CastleIntoCheck, true, Erratum::CheckTurnReading, r);
    p->iic = iic(t.next, mover, true);
    p->holds = !p->iic->answer;
    if (!p->holds) {
        p->detail.square = t.action.to;
        p->detail.attacker = attackers(t.next, t.action.to, opposite(mover)).first();
    }
    return p;
}

// T(Q), T(P::Q), T(Q=T): ∃σ′. (σ,σ′) ∈ [[M]], Q ≠ 0, [Laws] promotion compulsory, ¬IIC(σ′, mover).
using TraversalPremises = Conjunction<destination_empty, promotion_made, king_safe>;
// T(P::x::Q), T(W::x::Q=T): ∃σ′. (σ,σ′) ∈ [[M]], turn = 0, Q ∈ {17 … 32} (turn = 1, Q ∈ {1 … 16}),
// [Laws] the victim not a king, promotion compulsory, ¬IIC(σ′, mover).
using CapturePremises = Conjunction<victim, victim_theirs, capture_turn, victim_not_king, promotion_made, king_safe>;
// T(O-O), T(O-O-O): ∃σ′. (σ,σ′) ∈ [[M]], ¬IIC(σ, mover), [Laws] the crossed square not attacked,
// ¬IIC(σ′, mover).
using CastlePremises = Conjunction<not_in_check, not_through_check, not_into_check>;

// T(M)(σ)'s premises once [[M]]σ = σ′ is known, handed to `out` in the order tested (Premises or
// FirstFalse, premise.hpp). `capture`: M is one of the capture forms (P::x::Q, W::x::Q=T).
template <class Out>
void premises_of_t(Out& out, const State& s, const Transition& t, bool capture, Reading r) noexcept {
    if (t.action.castle)
        CastlePremises::walk(out, s, t, r);
    else if (capture)
        CapturePremises::walk(out, s, t, r);
    else
        TraversalPremises::walk(out, s, t, r);
}

// T(M)(σ) once [[M]]σ is known. `capture`: M is one of the capture forms (P::x::Q, W::x::Q=T).
[[nodiscard]] Termination judge(const State& s, const Partial<Transition>& meaning, bool capture, Reading r) noexcept {
    // ∃σ'. (σ, σ') ∈ [[M]]
    if (const Undefined* u = boost::variant2::get_if<Undefined>(&meaning)) return Refused{u->rule, u->detail};
    const Transition& t = boost::variant2::get<Transition>(meaning);
    if (PGNSEM_MUTANT(ref_terminates_destination_empty_everywhere) && !t.action.castle &&
        !r.corrected(Erratum::DestinationEmpty) && at(s, t.action.to).empty())
        return Refused{Failure::PaperDestinationEmpty, detail_of(t.action)};
    FirstFalse no;
    premises_of_t(no, s, t, capture, r);
    if (no.premise) return Refused{no.premise->as, no.premise->detail};
    const std::optional<IicCall> check = claim(s, t, r);
    return accept(s, t, check && check->answer, r);
}

// Whether the equation that fired is one of the capture equations: how a move written by its
// squares is read (it takes whatever enemy piece stands on Q, or the pawn behind it en passant).
[[nodiscard]] bool fired_capture(const Partial<Transition>& meaning) noexcept {
    const Transition* t = boost::variant2::get_if<Transition>(&meaning);
    if (t == nullptr) return false;
    const Equation fired = t->action.rule;
    return fired == Equation::CapPawn || fired == Equation::CapEnPassant || fired == Equation::CapPiece ||
           fired == Equation::CapKing || fired == Equation::PromoCapture;
}

}  // namespace

Premises termination_premises(const State& sigma, const Transition& t, bool capture, Reading r) noexcept {
    Premises ps;
    premises_of_t(ps, sigma, t, capture, r);
    // A king-safety premise that holds is listed under the rule its ⊥ would break.
    for (std::size_t i = 0; i < ps.size; ++i)
        if (Premise& p = ps.items[i]; p.holds && p.as == Failure::CheckInto) p.as = king_safety_rule(sigma, t.action);
    return ps;
}

std::optional<IicCall> claim(const State& sigma, const Transition& t, Reading r) noexcept {
    if (king_test(sigma, r) != to_move(sigma)) return std::nullopt;
    return iic(t.next, opposite(to_move(sigma)), true, true);
}

bool capture_form(const ast::Move& m, const Partial<Transition>& meaning) noexcept {
    return boost::variant2::visit(Overloaded{
                                      [](const ast::Capture&) { return true; },
                                      [](const ast::Promotion& b) { return b.is_capture(); },
                                      [&](const ast::Coordinate&) { return fired_capture(meaning); },
                                      [](const auto&) { return false; },
                                  },
                                  m.body);
}

// T(M)(σ): the equations at the head of this file, one per form of M (a null move is none of them:
// [[M]] is ⊥).
Termination terminates(const ast::Move& m, const State& sigma, Reading r) noexcept {
    const Partial<Transition> meaning = denote(m, sigma, r);
    return judge(sigma, meaning, capture_form(m, meaning), r);
}

Termination terminates_concrete(const State& sigma, ConcreteMove m, Reading r) noexcept {
    return terminates(ast::Move{ast::Coordinate{m.from, m.to, m.promotion}}, sigma, r);
}

}  // namespace pgnsem::sem
