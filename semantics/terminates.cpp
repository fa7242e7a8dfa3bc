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
// When a move breaks several conditions, the first in this order is the reason (proofs-notes/
// semantics.md, "Which rule when several fail"): [[M]] undefined, the destination, compulsory
// promotion, king safety; for castling: out of, through, into check. The king-safety failure is
// split by cause: the king stepped into the attack (check/into), the mover was in check and did
// not answer it (check/unanswered), or the move uncovered an attack on its own king (check/pinned).
#include "semantics/terminates.hpp"

#include "semantics/denote.hpp"
#include "semantics/in_check.hpp"
#include "semantics/overloaded.hpp"
#include "semantics/why.hpp"
#include "syntax/mutants.hpp"

namespace pgnsem::sem {
namespace {

[[nodiscard]] Detail detail_of(const Action& a) noexcept {
    Detail d;
    d.from = a.from;
    d.to = a.to;
    if (!a.piece.empty()) d.piece = kind_of(a.piece);
    return d;
}

[[nodiscard]] Termination fail(Failure r, const Action& a) noexcept {
    return Fails{r, detail_of(a)};
}

// T(M)(σ) = ⊤ with σ′. Under the Laws' reading a move T accepts keeps σ well-formed (L2, L4 of
// proofs-notes/invariants.md); that it did not is a bug, never a verdict. Under a reading with a
// correction undone, the paper's equations can break it (errata.md: a pawn left on the last rank,
// two kings): what the paper produces, which the interpreter reports (paper-ill-formed-state).
[[nodiscard]] Termination accept(const State& s, const Transition& t, bool check, Reading r) noexcept {
    PGNSEM_ASSERT(!r.is_laws() || !well_formed(s) || well_formed(t.next),
                  "a move the Laws accept leaves σ well-formed (one king a side, no pawn on its last rank, "
                  "bishops on their colour)");
    return Terminates{t, check};
}

// Q ≠ 0, the destination of a traversal.
[[nodiscard]] std::optional<Failure> traversal_destination(const State& s, const Action& a, Reading r,
                                                           Why* why) noexcept {
    const PieceId on_q = at(s, a.to);
    // Erratum destination-empty. Paper: "Q ≠ 0", an occupied destination. Laws 3.1 and the
    // paper's own prose ("the destination square Q is not already occupied"): σ(Q) = 0. An enemy
    // piece there is trav/occupied (the interpreter plays the capture the move must mean).
    if (!r.corrected(Erratum::DestinationEmpty)) {
        note_premise(why, Failure::PaperDestinationEmpty, !on_q.empty(), Erratum::DestinationEmpty, r);
        return on_q.empty() ? std::optional(Failure::PaperDestinationEmpty) : std::nullopt;
    }
    const Failure as = !on_q.empty() && belongs_to(on_q, to_move(s)) ? Failure::DestOwnPiece : Failure::TravOccupied;
    note_premise(why, as, on_q.empty(), Erratum::DestinationEmpty, r, premise(Failure::TravOccupied));
    if (on_q.empty()) return std::nullopt;
    return as;
}

// turn = 0, Q ∈ {17 … 32}  or  turn = 1, Q ∈ {1 … 16}: the destination of a capture.
[[nodiscard]] std::optional<Failure> capture_destination(const State& s, const Action& a, Reading r,
                                                         Why* why) noexcept {
    const PieceId on_q = at(s, a.to);
    // En passant takes the pawn behind Q; its Q is empty (erratum en-passant-capture: under the
    // paper's reading that equation never fires, and the empty Q fails here).
    if (on_q.empty()) {
        const bool en_passant = a.rule == Equation::CapEnPassant;
        note_premise(why, Failure::CapNoVictim, en_passant,
                     kind_of(a.piece) == PieceKind::Pawn ? std::optional(Erratum::EnPassantCapture) : std::nullopt, r);
        return en_passant ? std::nullopt : std::optional(Failure::CapNoVictim);
    }
    note_premise(why, Failure::CapNoVictim, true);
    note_premise(why, Failure::DestOwnPiece, !belongs_to(on_q, to_move(s)));
    if (belongs_to(on_q, to_move(s))) return Failure::DestOwnPiece;
    // Erratum capture-turn-parity. Paper: turn = 0 (White) or turn = 1 (Black), so only the first
    // two plies of a game could capture. Laws 3.1: mod(turn, 2), whoever is to move.
    if (!r.corrected(Erratum::CaptureTurnParity)) {
        note_premise(why, Failure::PaperCaptureTurn, s.turn <= 1, Erratum::CaptureTurnParity, r);
        if (s.turn > 1) return Failure::PaperCaptureTurn;
    } else {
        note_premise(why, Failure::PaperCaptureTurn, true, Erratum::CaptureTurnParity, r,
                     "mod(turn, 2) = 0 (White), mod(turn, 2) = 1 (Black)");
    }
    // Erratum king-never-captured. Paper: any enemy id, 21 (5) included. Laws 1.4.1, 3.9.2: the
    // king is never captured.
    if (r.corrected(Erratum::KingNeverCaptured)) {
        const bool king = kind_of(on_q) == PieceKind::King;
        note_premise(why, Failure::CapOfKing, !king, Erratum::KingNeverCaptured, r);
        if (king) return Failure::CapOfKing;
    }
    return std::nullopt;
}

// Erratum promotion-compulsory. Paper: nothing (the prose says "the pawn cannot remain a pawn",
// but b8 is an ordinary [[Q]]). Laws 3.7.3.3: a pawn reaching the last rank must be exchanged.
[[nodiscard]] bool promotion_missing(const Action& a, Reading r, Why* why) noexcept {
    if (!r.corrected(Erratum::PromotionCompulsory)) return false;
    const int rank = a.to.rank().index();
    const bool missing = (rank == 0 || rank == 7) && !a.promotion && kind_of(a.piece) == PieceKind::Pawn;
    if (kind_of(a.piece) == PieceKind::Pawn && !a.promotion)
        note_premise(why, Failure::PromoMissing, !missing, Erratum::PromotionCompulsory, r);
    return missing;
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

// IIC(σ, c), recorded in `why` with the attackers of c's king when there is one.
[[nodiscard]] bool iic(const State& sigma, Color c, bool after, Why* why, bool for_claim = false) noexcept {
    const bool answer = in_check(sigma, c);
    if (why != nullptr) {
        const std::optional<Square> k = king_square(sigma, c);
        note_iic(why, after, c, answer, k ? attackers(sigma, *k, opposite(c)) : SquareSet{}, for_claim);
    }
    return answer;
}

// The paper's literal reading of T's king test failed: the move attacks the opponent's king.
[[nodiscard]] Termination gives_check(const Transition& t) noexcept {
    Detail d = detail_of(t.action);
    d.king = king_square(t.next, to_move(t.next));
    if (d.king) d.attacker = attackers(t.next, *d.king, opposite(to_move(t.next))).first();
    return Fails{Failure::PaperCheckTurn, d};
}

// The king test read literally (erratum check-turn-reading, paper): ¬IIC(σ′, opponent).
[[nodiscard]] Termination literal_king_test(const State& s, const Transition& t, Reading r, Why* why) noexcept {
    const bool attacked = iic(t.next, opposite(to_move(s)), true, why);
    note_premise(why, Failure::PaperCheckTurn, !attacked, Erratum::CheckTurnReading, r);
    if (attacked) return gives_check(t);
    return accept(s, t, false, r);
}

// ¬IIC(σ', mover), and which of the three king-safety rules a move that leaves its king attacked
// breaks. `check` of the result is IIC(σ', the opponent): what a `+` or `#` claims.
[[nodiscard]] Termination king_safe(const State& s, const Transition& t, Reading r, Why* why) noexcept {
    const Color mover = to_move(s);
    if (king_test(s, r) != mover) return literal_king_test(s, t, r, why);
    const bool attacked = iic(t.next, mover, true, why);
    // Which rule a ⊥ is reported under (asked only when it is, or when recording).
    Failure rule = Failure::CheckPinned;
    if (attacked || why != nullptr) {
        if (kind_of(t.action.piece) == PieceKind::King)
            rule = Failure::CheckInto;
        else if (in_check(s, mover))
            rule = Failure::CheckUnanswered;
    }
    note_premise(why, rule, !attacked, Erratum::CheckTurnReading, r);
    if (!attacked) return accept(s, t, iic(t.next, opposite(mover), true, why, true), r);
    Detail d = detail_of(t.action);
    d.king = king_square(t.next, mover);
    if (d.king) d.attacker = attackers(t.next, *d.king, opposite(mover)).first();
    return Fails{rule, d};
}

// T(O-O), T(O-O-O): ¬IIC(σ, mover); the crossed square not attacked (erratum castle-through-check);
// ¬IIC(σ', mover).
[[nodiscard]] Termination judge_castle(const State& s, const Transition& t, Reading r, Why* why) noexcept {
    const Color mover = to_move(s);
    const Color them = opposite(mover);
    const CastleSquares q = castle_squares(mover, *t.action.castle);
    Fails f{Failure::CastleOutOfCheck, detail_of(t.action)};
    f.detail.king = q.king_from;
    // ¬IIC(σ, mod(turn, 2))
    const bool in_check_before = iic(s, mover, false, why);
    note_premise(why, Failure::CastleOutOfCheck, !in_check_before);
    if (in_check_before) {
        f.detail.attacker = attackers(s, king_square(s, mover).value_or(q.king_from), them).first();
        return f;
    }
    // Erratum castle-through-check. Paper: the square the king crosses is not examined.
    // Laws 3.8.2.2.1: castling is illegal if "the square which it must cross" is attacked.
    if (r.corrected(Erratum::CastleThroughCheck)) {
        const SquareSet a = attackers(s, q.crossed, them);
        note_premise(why, Failure::CastleThroughCheck, a.empty(), Erratum::CastleThroughCheck, r, {}, q.crossed);
        if (!a.empty()) {
            f.rule = Failure::CastleThroughCheck;
            f.detail.square = q.crossed;
            f.detail.attacker = a.first();
            return f;
        }
    }
    // ¬IIC(σ', mod(turn − 1, 2)); read literally, the opponent's king (erratum check-turn-reading)
    if (king_test(s, r) != mover) return literal_king_test(s, t, r, why);
    const bool into = iic(t.next, mover, true, why);
    note_premise(why, Failure::CastleIntoCheck, !into, Erratum::CheckTurnReading, r);
    if (into) {
        f.rule = Failure::CastleIntoCheck;
        f.detail.square = q.king_to;
        f.detail.attacker = attackers(t.next, q.king_to, them).first();
        return f;
    }
    return accept(s, t, iic(t.next, them, true, why, true), r);
}

// T(M)(σ) once [[M]]σ is known. `capture`: M is one of the capture forms (P::x::Q, W::x::Q=T).
[[nodiscard]] Termination judge(const State& s, const Partial<Transition>& meaning, bool capture, Reading r,
                                Why* why) noexcept {
    // ∃σ'. (σ, σ') ∈ [[M]]
    if (const Undefined* u = boost::variant2::get_if<Undefined>(&meaning)) return Fails{u->rule, u->detail};
    const Transition& t = boost::variant2::get<Transition>(meaning);
    if (t.action.castle) return judge_castle(s, t, r, why);
    if (PGNSEM_MUTANT(ref_terminates_destination_empty_everywhere) && !r.corrected(Erratum::DestinationEmpty) &&
        at(s, t.action.to).empty())
        return fail(Failure::PaperDestinationEmpty, t.action);
    if (const auto rule =
            capture ? capture_destination(s, t.action, r, why) : traversal_destination(s, t.action, r, why))
        return fail(*rule, t.action);
    if (promotion_missing(t.action, r, why)) return fail(Failure::PromoMissing, t.action);
    return king_safe(s, t, r, why);
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

// T(M)(σ): the equations at the head of this file, one per form of M (a null move is none of them).
Termination terminates(const ast::Move& m, const State& sigma, Reading r, Why* why) noexcept {
    return boost::variant2::visit(
        Overloaded{
            [&](const ast::Traversal& b) { return judge(sigma, denote_traversal(b, sigma, r, why), false, r, why); },
            [&](const ast::Capture& b) { return judge(sigma, denote_capture(b, sigma, r, why), true, r, why); },
            [&](const ast::Castle& b) { return judge(sigma, denote_castle(b, sigma, r, why), false, r, why); },
            [&](const ast::Promotion& b) {
                return judge(sigma, denote_promotion(b, sigma, r, why), b.is_capture(), r, why);
            },
            [&](const ast::Coordinate& b) {
                const Partial<Transition> meaning = denote_coordinate(b, sigma, r, why);
                return judge(sigma, meaning, fired_capture(meaning), r, why);
            },
            [](const ast::NullMove&) {
                return Termination{Fails{Failure::MoveNull, Detail{}}};
            },
        },
        m.body);
}

Termination terminates_concrete(const State& sigma, ConcreteMove m, Reading r) noexcept {
    return terminates(ast::Move{ast::Coordinate{m.from, m.to, m.promotion}}, sigma, r);
}

}  // namespace pgnsem::sem
