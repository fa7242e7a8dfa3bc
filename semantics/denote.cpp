// [[M]] : St ⇀ St (§3.2.2), one function per equation, with the errata of proofs-notes/errata.md.
//
// Notation (the paper's): σ^{v,0,…}_{Q,S,…} is σ with Q ↦ v, S ↦ 0, … (`update`, state.hpp); every
// value is read in σ; (S, v) = GTSS(Q, P, σ) or GCSS(Q, P, σ) finds the source square S and the id
// v that moves.
//
// Every equation also keeps the identifiers the FIDE Laws need beyond the paper (errata.md,
// "Additions the Laws need"; they change no verdict of the paper): a piece leaving or landing on
// a1, h1, a8 or h8 sets that corner's rook flag (Art. 3.8.2.1: a rook that moved, or was captured,
// never castles), and the halfmove clock (Art. 9.3) restarts on pawn moves and captures, else
// counts up. That is `with_laws_identifiers`, called by each equation.
//
// An equation is written as its update: the list x ↦ v that σ^{…}_{…} writes, read in σ (`Update`,
// applied by `apply`). A side condition is a premise (premise.hpp): a function of the move, σ and
// the reading that returns its value; the conditions of an equation are a list of them
// (`Conjunction`), and ⊥ is the first that fails.
//
// Names: `s` is σ, `from` is S, `to` is Q, `v` the moving id.
#include "semantics/denote.hpp"

#include <cstdlib>

#include "ast/mutants.hpp"
#include "semantics/board.hpp"
#include "semantics/find_source.hpp"
#include "semantics/overloaded.hpp"

namespace pgnsem::sem {
namespace {

const Ide kTurn = Ide::turn();

// σ^{v₁,…}_{x₁,…}: the paper's update of an equation whose move did `a`.
[[nodiscard]] Update assign(const Action& a, std::initializer_list<Assignment> xs) noexcept {
    Update u{a, {}};
    for (const Assignment& x : xs) u.items.push_back(UpdateItem{x, UpdateOrigin::Paper, std::nullopt});
    return u;
}

// The paper's σ' with the Laws' identifiers kept: the rook flags of the corners the move touched
// (each set, set again when it was set), then the halfmove clock. `extra_corner`: the rook's corner
// when castling.
[[nodiscard]] Update with_laws_identifiers(const State& s, Update u, std::uint8_t extra_corner = 0) noexcept {
    const Action& a = u.action;
    const auto touched = static_cast<std::uint8_t>(rook_corner(s, a.from) | rook_corner(s, a.to) | extra_corner);
    for (const std::uint8_t c : {kCornerA1, kCornerH1, kCornerA8, kCornerH8})
        if ((touched & c) != 0)
            u.items.push_back(
                UpdateItem{{Ide::rook_moved(c), 1}, UpdateOrigin::LawsAddition, Erratum::CastleRookMoved});
    const bool resets = kind_of(a.piece) == PieceKind::Pawn || !a.captured.empty();
    u.items.push_back(UpdateItem{
        {Ide::halfmove_clock(), resets ? 0u : s.halfmove_clock + 1}, UpdateOrigin::LawsAddition, std::nullopt});
    return u;
}

// What a move of v from S to Q that takes whatever stands on Q did.
[[nodiscard]] Action action(Equation r, const State& s, Square from, Square to) noexcept {
    Action a{r, from, to, at(s, from), at(s, to), std::nullopt, std::nullopt, std::nullopt};
    if (!at(s, to).empty()) a.captured_on = to;
    return a;
}

[[nodiscard]] PieceId mover(const State& s, Square from) noexcept {
    const PieceId v = at(s, from);
    PGNSEM_ASSERT(!v.empty() && belongs_to(v, to_move(s)), "an equation moves a piece of the side to move");
    return v;
}

}  // namespace

State apply(const State& sigma, const Update& u) noexcept {
    State next = sigma;
    for (const UpdateItem& i : u.items) assign_in_place(next, i.xv);
    return next;
}

// [[Q]] (one step) = {(σ, σ') | σ' = σ^{v,0,turn+1}_{Q,S,turn}, (S, v) = GTSS(Q, file(Q), σ)}   — trav/pawn
Update pawn_step(const State& s, Square from, Square to) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(
        s, assign(action(Equation::TravPawn, s, from, to), {{to, v}, {from, kEmpty}, {kTurn, s.turn + 1u}}));
}

// [[Q]], |rank(S) − rank(Q)| = 2:
//   {(σ, σ') | σ' = σ^{v,0,turn,turn+1}_{Q,S,S_2step,turn}, (S, v) = GTSS(Q, file(Q), σ)}        — trav/pawn-double
// The stamp S_2step of the pawn that moves takes the value of turn in σ.
Update pawn_double_step(const State& s, Square from, Square to) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(s,
                                 assign(action(Equation::TravPawnDouble, s, from, to),
                                        {{to, v}, {from, kEmpty}, {Ide::two_step(v), s.turn}, {kTurn, s.turn + 1u}}));
}

// [[P::Q]], P ∉ Pking = {(σ, σ') | σ' = σ^{v,0,turn+1}_{Q,S,turn}, (S, v) = GTSS(Q, P, σ)}     — trav/piece
Update piece_traversal(const State& s, Square from, Square to) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(
        s, assign(action(Equation::TravPiece, s, from, to), {{to, v}, {from, kEmpty}, {kTurn, s.turn + 1u}}));
}

// [[P::Q]], P ∈ Pking = {(σ, σ') | σ' = σ^{v,0,1,turn+1}_{Q,S,w_king,turn}, (S, v) = GTSS(Q, P, σ)}
//   if mod(turn, 2) = 0; b_king if mod(turn, 2) = 1                                            — trav/king
Update king_traversal(const State& s, Square from, Square to) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(s, assign(action(Equation::TravKing, s, from, to),
                                           {{to, v},
                                            {from, PGNSEM_MUTATE(ref_denote_king_leaves_a_copy, v, kEmpty)},
                                            {Ide::king_moved(to_move(s)), 1},
                                            {kTurn, s.turn + 1u}}));
}

// [[W::x::Q]] = {(σ, σ') | σ' = σ^{v,0,turn+1}_{Q,S,turn}, (S, v) = GCSS(Q, W, σ)}             — cap/pawn
Update pawn_capture(const State& s, Square from, Square to) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(
        s, assign(action(Equation::CapPawn, s, from, to), {{to, v}, {from, kEmpty}, {kTurn, s.turn + 1u}}));
}

// [[W::x::Q]] en passant (GCSS's second case) = σ^{v,0,0,turn+1}_{Q,S,B,turn}, where B is the
// square behind Q (rank 5 for White, 4 for Black) holding the pawn that just made its double step.
// Erratum en-passant-capture: the paper has no equation of its own for it (its capture equation
// would leave the pawn on B).                                                                  — cap/en-passant
Update en_passant(const State& s, Square from, Square to) noexcept {
    const PieceId v = mover(s, from);
    const Square B = *step(to, {0, -forward(color_of(v))});
    Action a = action(Equation::CapEnPassant, s, from, to);
    a.captured = at(s, B);
    a.captured_on = B;
    return with_laws_identifiers(s, assign(a, {{to, v}, {from, kEmpty}, {B, kEmpty}, {kTurn, s.turn + 1u}}));
}

// [[P::x::Q]], P ∉ Pking = {(σ, σ') | σ' = σ^{v,0,turn+1}_{Q,S,turn}, (S, v) = GCSS(Q, P, σ)}  — cap/piece
Update piece_capture(const State& s, Square from, Square to) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(
        s, assign(action(Equation::CapPiece, s, from, to), {{to, v}, {from, kEmpty}, {kTurn, s.turn + 1u}}));
}

// [[P::x::Q]], P ∈ Pking = {(σ, σ') | σ' = σ^{v,0,1,turn+1}_{Q,S,w_king,turn}, …} (b_king for
// Black)                                                                                       — cap/king
Update king_capture(const State& s, Square from, Square to) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(
        s, assign(action(Equation::CapKing, s, from, to),
                  {{to, v}, {from, kEmpty}, {Ide::king_moved(to_move(s)), 1}, {kTurn, s.turn + 1u}}));
}

// [[O-O]]   = σ^{5,8,0,0,turn+1}_{g1,f1,e1,h1,turn}       (White; Black: σ^{21,24,0,0,turn+1}_{g8,f8,e8,h8,turn})
// [[O-O-O]] = σ^{5,1,0,0,turn+1}_{c1,d1,e1,a1,turn}       (White; Black: σ^{21,17,0,0,turn+1}_{c8,d8,e8,a8,turn})
// Erratum castle-uses-up-castling. Paper: the king's flag stays as it was. Laws 3.8.2.1.1:
// castling is a move of the king, so it sets w_king (b_king): σ^{…,1,turn+1}_{…,w_king,turn}.
// Chess960 (proofs-notes/chess960.md): the king and the rook start on their castling files, k1 and
// r1, and end on g1 and f1 (c1 and d1) as above; a start square that is also a destination (the
// king already on g1, the rook on f1, or each on the other's) is not emptied after it was written:
// σ^{5,8,0…,turn+1}_{g1,f1,({k1,r1} ∖ {g1,f1}),turn}. In standard chess none is, and this is the
// update above. The conditions are `castle_conditions`; this is the update alone.
//                                                                    — castle/king-side, castle/queen-side
Update castle(const State& s, ast::CastleSide side, Reading r) noexcept {
    const Color c = to_move(s);
    const CastleSquares q = castle_squares(s, c, side);
    const Action a{side == ast::CastleSide::King ? Equation::CastleKingSide : Equation::CastleQueenSide,
                   q.king_from,
                   q.king_to,
                   q.king,
                   kEmpty,
                   std::nullopt,
                   std::nullopt,
                   side};
    Update u = assign(a, {{q.king_to, q.king}, {q.rook_to, q.rook}});
    for (const Square from : {q.king_from, q.rook_from})
        if (from != q.king_to && from != q.rook_to)
            u.items.push_back(UpdateItem{{from, kEmpty}, UpdateOrigin::Paper, std::nullopt});
    u.items.push_back(UpdateItem{{kTurn, s.turn + 1u}, UpdateOrigin::Paper, std::nullopt});
    if (r.corrected(Erratum::CastleUsesUpCastling))
        u.items.push_back(UpdateItem{{Ide::king_moved(c), 1}, UpdateOrigin::Erratum, Erratum::CastleUsesUpCastling});
    return with_laws_identifiers(s, u, q.corner);
}

// The paper's ten cases of [[Q::=::T]] and [[W::x::Q::=::T]]: the id the new piece takes on Q.
//   White: T = N → 2; T = B, file(Q) ∈ {a,c,e,g} → 6, file(Q) ∈ {b,d,f,h} → 3; T = R → 1; T = Q → 4
//   Black: T = N → 18; T = B, file(Q) ∈ {a,c,e,g} → 22, file(Q) ∈ {b,d,f,h} → 19; T = R → 17; T = Q → 20
// (The files stand for the square's colour: a promotion is on rank 8 or 1 only, so a bishop takes
// the id of the bishop of its square colour, and L4 of proofs-notes/invariants.md holds.)
PieceId promoted_id(Color c, ast::PromotionPiece t, Square to) noexcept {
    const bool white = c == Color::White;
    const bool a_c_e_g = to.file().index() % 2 == 0;
    switch (t) {
        case ast::PromotionPiece::Knight: return white ? kWhiteQueensideKnight : kBlackQueensideKnight;
        case ast::PromotionPiece::Bishop:
            if (white) return a_c_e_g ? kWhiteKingsideBishop : kWhiteQueensideBishop;
            return a_c_e_g ? kBlackKingsideBishop : kBlackQueensideBishop;
        case ast::PromotionPiece::Rook: return white ? kWhiteQueensideRook : kBlackQueensideRook;
        case ast::PromotionPiece::Queen: return white ? kWhiteQueen : kBlackQueen;
    }
    PGNSEM_UNREACHABLE("T ∈ Pmajor = {Q, N, B, R}");
}

// [[Q::=::T]]       = {(σ, σ') | σ' = σ^{id,0,turn+1}_{Q,S,turn}, (S, v) = GTSS(Q, file(Q), σ)}  — promo/push
// [[W::x::Q::=::T]] = {(σ, σ') | σ' = σ^{id,0,turn+1}_{Q,S,turn}, (S, v) = GCSS(Q, W, σ)}        — promo/capture
// with id = promoted_id(mover, T, Q).
Update promotion(const State& s, Square from, Square to, ast::PromotionPiece t) noexcept {
    const PieceId v = mover(s, from);
    const bool capture = from.file() != to.file();
    Action a = action(capture ? Equation::PromoCapture : Equation::PromoPush, s, from, to);
    a.promotion = t;
    return with_laws_identifiers(
        s, assign(a, {{to, PGNSEM_MUTATE(ref_denote_promotion_keeps_pawn, v, promoted_id(color_of(v), t, to))},
                      {from, kEmpty},
                      {kTurn, s.turn + 1u}}));
}

namespace {

// turn + 1 fits the turn counter (pgnsem's bound, not a premise of the paper: listed only when it
// fails).
[[nodiscard]] std::optional<Premise> turn_limit(const State& s) noexcept {
    if (s.turn < kTurnLimit) return std::nullopt;
    return tested(too_long().detail, Failure::TurnLimit, false);
}

// The conditions of [[O-O]], [[O-O-O]], in this order (proofs-notes/semantics.md):
//   mod(turn, 2) = 0, w_king = 0 (b_king for Black)          else castle/king-moved
//   [Laws] the king on e1 (e8)                               else castle/king-moved
//   [Laws] the rook never left its corner                    else castle/rook-moved
//   h1 = 8 (a1 = 1; Black h8 = 24, a8 = 17)                  else castle/no-rook
//   f1 = g1 = 0 (b1 = c1 = d1 = 0; Black the same on rank 8)  else castle/blocked
// In Chess960 (proofs-notes/chess960.md) the king's and the rook's start squares are their castling
// files' (k1, r1), and the squares that must be empty are those from k1 to g1 and from r1 to f1
// (c1, d1), both ends included, but k1 and r1 (castle_squares, semantics/moves.hpp).
// Attacks on the king's path are T's.
// Each a function of σ, the side and the reading.

// What a castling's ⊥ is about: the king's move, and `square`.
[[nodiscard]] Detail castle_detail(const CastleSquares& q, std::optional<Square> square = std::nullopt) noexcept {
    Detail d;
    d.from = q.king_from;
    d.to = q.king_to;
    d.king = q.king_from;
    d.piece = PieceKind::King;
    d.square = square;
    return d;
}

// w_king = 0 (b_king = 0)
[[nodiscard]] std::optional<Premise> king_never_moved(const State& s, ast::CastleSide side, Reading r) noexcept {
    const Color c = to_move(s);
    const bool flag = (s.king_moved & (c == Color::White ? kWhiteKingMoved : kBlackKingMoved)) != 0;
    return tested(castle_detail(castle_squares(s, c, side)), Failure::CastleKingMoved, !flag, std::nullopt, r,
                  "w_king = 0 (b_king = 0)");
}

// Erratum castle-uses-up-castling. Paper: w_king = 0 alone. Laws 3.8.2: castling is a move of the
// king itself, which must stand on e1 (e8) (in Chess960 on its start square, k1).
[[nodiscard]] std::optional<Premise> king_at_home(const State& s, ast::CastleSide side, Reading r) noexcept {
    if (!r.corrected(Erratum::CastleUsesUpCastling)) return std::nullopt;
    const CastleSquares q = castle_squares(s, to_move(s), side);
    return tested(castle_detail(q), Failure::CastleKingMoved, at(s, q.king_from) == q.king,
                  Erratum::CastleUsesUpCastling, r, s.chess960 ? "the king on its start square" : "the king on e1 (e8)",
                  q.king_from);
}

// Erratum castle-rook-moved. Paper: no such condition. Laws 3.8.2.1.2: the rook must never have
// moved (a flag per corner, set by any move from or onto it; in Chess960 the rook's start square).
[[nodiscard]] std::optional<Premise> rook_never_moved(const State& s, ast::CastleSide side, Reading r) noexcept {
    if (!r.corrected(Erratum::CastleRookMoved)) return std::nullopt;
    const CastleSquares q = castle_squares(s, to_move(s), side);
    const bool moved = (s.rook_moved & q.corner) != 0;
    return tested(castle_detail(q, q.rook_from), Failure::CastleRookMoved, !moved, Erratum::CastleRookMoved, r, {},
                  q.rook_from);
}

}  // namespace

// h1 = 8 (a1 = 1; h8 = 24, a8 = 17) and f1 = g1 = 0 (b1 = c1 = d1 = 0), as the reading reads them.
// Errata castle-black-kingside-rook and castle-black-queenside-rook. Paper: Black's O-O requires
// h1 = 24, its O-O-O a1 = 17. Laws 3.8.2: the rook on its own corner, h8 or a8. Erratum
// castle-black-queenside-squares. Paper: Black's O-O-O requires b8 = c8 = f8 = 0. Laws 3.8.2.2.2:
// the squares between king and rook, d8, c8, b8. The three are typos of the standard squares, with
// no Chess960 form: a Chess960 castling reads them corrected (proofs-notes/chess960.md).
CastleTest castle_test(const State& s, Color c, ast::CastleSide side, Reading r) noexcept {
    const CastleSquares q = castle_squares(s, c, side);
    CastleTest t{q.rook_from, q.rook, q.between, q.between_count, std::nullopt, std::nullopt};
    if (c == Color::Black && !s.chess960) {
        t.rook_erratum =
            side == ast::CastleSide::King ? Erratum::CastleBlackKingsideRook : Erratum::CastleBlackQueensideRook;
        if (!r.corrected(*t.rook_erratum)) t.rook_square = side == ast::CastleSide::King ? squares::h1 : squares::a1;
        if (side == ast::CastleSide::Queen) {
            t.between_erratum = Erratum::CastleBlackQueensideSquares;
            if (!r.corrected(*t.between_erratum)) t.between[0] = squares::f8;
        }
    }
    return t;
}

namespace {

// The rook's id on the square castle_test names.
[[nodiscard]] std::optional<Premise> rook_at_home(const State& s, ast::CastleSide side, Reading r) noexcept {
    const CastleTest t = castle_test(s, to_move(s), side, r);
    return tested(castle_detail(castle_squares(s, to_move(s), side), t.rook_square), Failure::CastleNoRook,
                  at(s, t.rook_square) == t.rook, t.rook_erratum, r, {}, t.rook_square);
}

// The squares castle_test names are empty, and the first that is not.
[[nodiscard]] std::optional<Premise> way_empty(const State& s, ast::CastleSide side, Reading r) noexcept {
    const CastleSquares q = castle_squares(s, to_move(s), side);
    const CastleTest t = castle_test(s, to_move(s), side, r);
    for (int i = 0; i < t.between_count; ++i) {
        const Square x = t.between[static_cast<std::size_t>(i)];
        if (!at(s, x).empty())
            return tested(castle_detail(q, x), Failure::CastleBlocked, false, t.between_erratum, r, {}, x);
    }
    return tested(castle_detail(q), Failure::CastleBlocked, true, t.between_erratum, r);
}

using CastleConditions = Conjunction<king_never_moved, king_at_home, rook_never_moved, rook_at_home, way_empty>;

// The conditions of a move written by its squares (an extension, proofs-notes/semantics.md): the
// piece is σ(S), and its movement rules are checked here. Those about the piece come first; then,
// unless it is castling (`castling`, below: castling's conditions), those about its movement. Each a function of the
// move, σ and the reading.

// What a ⊥ of these is about: the move, and the piece on S when there is one.
[[nodiscard]] Detail coordinate_detail(const ast::Coordinate& m, const State& s) noexcept {
    Detail d;
    d.from = m.from;
    d.to = m.to;
    if (const PieceId v = at(s, m.from); !v.empty()) d.piece = kind_of(v);
    return d;
}

// σ(S) ≠ 0
[[nodiscard]] std::optional<Premise> source_occupied(const ast::Coordinate& m, const State& s, Reading) noexcept {
    return tested(coordinate_detail(m, s), Failure::SrcEmptySquare, !at(s, m.from).empty());
}

// σ(S) is a piece of mover
[[nodiscard]] std::optional<Premise> source_ours(const ast::Coordinate& m, const State& s, Reading r) noexcept {
    return tested(coordinate_detail(m, s), Failure::SrcOpponentPiece, belongs_to(at(s, m.from), to_move(s)),
                  std::nullopt, r, "σ(S) is a piece of mover");
}

// A promotion names its piece for a pawn.
[[nodiscard]] std::optional<Premise> promotes_a_pawn(const ast::Coordinate& m, const State& s, Reading) noexcept {
    if (!m.promotion) return std::nullopt;
    return tested(coordinate_detail(m, s), Failure::PromoNotPawn, kind_of(at(s, m.from)) == PieceKind::Pawn);
}

[[nodiscard]] bool diagonal_pawn(const ast::Coordinate& m, const State& s) noexcept {
    return kind_of(at(s, m.from)) == PieceKind::Pawn && m.from.file() != m.to.file();
}

// The piece on S reaches Q by its movement.
[[nodiscard]] std::optional<Premise> movement_reaches(const ast::Coordinate& m, const State& s, Reading r) noexcept {
    return tested(coordinate_detail(m, s), Failure::SrcUnreachable,
                  reaches(kind_of(at(s, m.from)), to_move(s), m.from, m.to, diagonal_pawn(m, s), r), std::nullopt, r,
                  "the piece on S reaches Q by its movement");
}

// A promotion is a pawn move onto the last rank; naming a piece for any other pawn move describes
// no move of chess.
[[nodiscard]] std::optional<Premise> promotes_on_last_rank(const ast::Coordinate& m, const State& s,
                                                           Reading r) noexcept {
    if (!m.promotion) return std::nullopt;
    return tested(coordinate_detail(m, s), Failure::SrcUnreachable, m.to.rank().index() == last_rank(to_move(s)),
                  std::nullopt, r, "a promotion is a move onto the last rank");
}

// Nothing stands between S and Q (nor, for a pawn's push, on Q, under the Laws' reading of T(Q):
// find_source.cpp's pawn_pushes says why).
[[nodiscard]] std::optional<Premise> way_clear(const ast::Coordinate& m, const State& s, Reading r) noexcept {
    const bool pawn = kind_of(at(s, m.from)) == PieceKind::Pawn;
    const std::optional<Square> b =
        blocker(s, m.from, m.to, pawn && !diagonal_pawn(m, s) && r.corrected(Erratum::DestinationEmpty));
    std::optional<Premise> p =
        tested(coordinate_detail(m, s), pawn ? Failure::TravPawnBlocked : Failure::SrcBlocked, !b);
    p->detail.square = b;
    return p;
}

// A pawn's diagonal move takes a piece on Q, or the pawn behind it en passant.
[[nodiscard]] std::optional<Premise> pawn_takes(const ast::Coordinate& m, const State& s, Reading) noexcept {
    if (!diagonal_pawn(m, s)) return std::nullopt;
    const std::optional<Undefined> u = pawn_capture_victim(s, m.from, m.to);
    if (!u) return tested(Detail{}, Failure::CapNoVictim, true);
    return tested(u->detail, u->rule, false);
}

using PieceConditions = Conjunction<source_occupied, source_ours, promotes_a_pawn>;
using MovementConditions = Conjunction<movement_reaches, promotes_on_last_rank, way_clear, pawn_takes>;

// The castling a move written by its squares is: the king on e1 (e8) moving two files along the
// rank; in a Chess960 game (proofs-notes/chess960.md) the king on its start square moving onto the
// start square of one of its castling rooks, onto a piece of its own (UCI's "king takes rook").
[[nodiscard]] std::optional<ast::CastleSide> castling(const ast::Coordinate& m, const State& s) noexcept {
    const Color c = to_move(s);
    if (kind_of(at(s, m.from)) != PieceKind::King) return std::nullopt;
    if (s.chess960) {
        const PieceId on_q = at(s, m.to);
        if (on_q.empty() || !belongs_to(on_q, c)) return std::nullopt;
        for (const ast::CastleSide side : {ast::CastleSide::King, ast::CastleSide::Queen})
            if (const CastleSquares q = castle_squares(s, c, side); m.from == q.king_from && m.to == q.rook_from)
                return side;
        return std::nullopt;
    }
    if (m.from != castle_squares(s, c, ast::CastleSide::King).king_from || m.from.rank() != m.to.rank())
        return std::nullopt;
    const int df = m.to.file().index() - m.from.file().index();
    if (df == 2) return ast::CastleSide::King;
    if (df == -2) return ast::CastleSide::Queen;
    return std::nullopt;
}

// The GTSS/GCSS call of each form of M.
[[nodiscard]] SourceQuery query(const ast::Traversal& m, Reading) noexcept {
    return SourceQuery{false, m.piece, m.from, m.to};
}
[[nodiscard]] SourceQuery query(const ast::Capture& m, [[maybe_unused]] Reading r) noexcept {
    return SourceQuery{true, m.piece,
                       PGNSEM_MUTATE(ref_denote_promotion_file_all_captures,
                                     (m.piece == PieceKind::Pawn && !r.corrected(Erratum::PromotionCaptureFile)
                                          ? ast::Disambiguator{m.to.file(), std::nullopt}
                                          : m.from),
                                     m.from),
                       m.to};
}
// Erratum promotion-capture-file. Paper: GCSS(Q, file(Q), σ), a pawn of Q's own file.
// Laws 3.7.3: GCSS(Q, W, σ), the pawn of file W, as in any pawn capture.
[[nodiscard]] SourceQuery query(const ast::Promotion& m, Reading r) noexcept {
    if (!m.is_capture()) return SourceQuery{false, PieceKind::Pawn, ast::Disambiguator{}, m.to()};
    const File W = r.corrected(Erratum::PromotionCaptureFile) ? *m.capture_from() : m.to().file();
    return SourceQuery{true, PieceKind::Pawn, ast::Disambiguator{W, std::nullopt}, m.to()};
}

// The traversal equation for the kind of v, (S, v) = GTSS(Q, P, σ) found: [[Q]] and [[P::Q]].
[[nodiscard]] Update fire_traversal(const ast::Traversal& m, const State& sigma, Square S) noexcept {
    switch (m.piece) {
        case PieceKind::Pawn:
            if (std::abs(m.to.rank().index() - S.rank().index()) == 2) return pawn_double_step(sigma, S, m.to);
            return pawn_step(sigma, S, m.to);
        case PieceKind::King: return king_traversal(sigma, S, m.to);
        case PieceKind::Knight:
        case PieceKind::Bishop:
        case PieceKind::Rook:
        case PieceKind::Queen: return piece_traversal(sigma, S, m.to);
    }
    PGNSEM_UNREACHABLE("every kind of piece is listed");
}

// The capture equation for the kind of v, (S, v) = GCSS(Q, P, σ) found: [[P::x::Q]] and [[W::x::Q]].
[[nodiscard]] Update fire_capture(const ast::Capture& m, const State& sigma, Square S, Reading r) noexcept {
    switch (m.piece) {
        case PieceKind::Pawn:
            // GCSS accepted a pawn capture onto an empty Q only as en passant. Erratum
            // en-passant-capture. Paper: the one capture equation, which leaves the pawn behind Q
            // (and T then refuses the empty Q). Laws 3.7.3.1: the en passant equation.
            if (at(sigma, m.to).empty() && r.corrected(Erratum::EnPassantCapture)) return en_passant(sigma, S, m.to);
            return pawn_capture(sigma, S, m.to);
        case PieceKind::King: return king_capture(sigma, S, m.to);
        case PieceKind::Knight:
        case PieceKind::Bishop:
        case PieceKind::Rook:
        case PieceKind::Queen: return piece_capture(sigma, S, m.to);
    }
    PGNSEM_UNREACHABLE("every kind of piece is listed");
}

// A move written by its squares, its conditions met: the equation for what it does — castling
// when it is one; en passant when a pawn moves diagonally onto an empty square; a promotion when
// it names its piece.
[[nodiscard]] Update fire_coordinate(const ast::Coordinate& m, const State& sigma, Reading r) noexcept {
    if (const std::optional<ast::CastleSide> side = castling(m, sigma)) return castle(sigma, *side, r);
    const bool occupied = !at(sigma, m.to).empty();
    switch (kind_of(at(sigma, m.from))) {
        case PieceKind::Pawn:
            if (m.promotion) return promotion(sigma, m.from, m.to, *m.promotion);
            if (diagonal_pawn(m, sigma))
                return occupied || !r.corrected(Erratum::EnPassantCapture) ? pawn_capture(sigma, m.from, m.to)
                                                                           : en_passant(sigma, m.from, m.to);
            if (std::abs(m.to.rank().index() - m.from.rank().index()) == 2)
                return pawn_double_step(sigma, m.from, m.to);
            return pawn_step(sigma, m.from, m.to);
        case PieceKind::King: return occupied ? king_capture(sigma, m.from, m.to) : king_traversal(sigma, m.from, m.to);
        case PieceKind::Knight:
        case PieceKind::Bishop:
        case PieceKind::Rook:
        case PieceKind::Queen:
            return occupied ? piece_capture(sigma, m.from, m.to) : piece_traversal(sigma, m.from, m.to);
    }
    PGNSEM_UNREACHABLE("every kind of piece is listed");
}

// [[M]]'s own conditions in σ, handed to `out` in the order tested (Premises or FirstFalse,
// premise.hpp): the turn limit, then castling's, or those of a move written by its squares (those
// about the piece, then castling's or those about its movement). One list for T and `explain`.
template <class Out>
void own_conditions(Out& out, const ast::Move& m, const State& sigma, Reading r) noexcept {
    if (!out.take(turn_limit(sigma))) return;
    if (const auto* c = boost::variant2::get_if<ast::Castle>(&m.body)) {
        CastleConditions::walk(out, sigma, c->side, r);
    } else if (const auto* c = boost::variant2::get_if<ast::Coordinate>(&m.body)) {
        if (!PieceConditions::walk(out, *c, sigma, r)) return;
        if (const std::optional<ast::CastleSide> side = castling(*c, sigma))
            CastleConditions::walk(out, sigma, *side, r);
        else
            MovementConditions::walk(out, *c, sigma, r);
    }
}

}  // namespace

Update fire(const ast::Move& m, const State& sigma, std::optional<Square> source, Reading r) noexcept {
    const auto from = [&source] {
        PGNSEM_ASSERT(source.has_value(), "GTSS/GCSS found the source of a written move");
        return *source;
    };
    return boost::variant2::visit(
        Overloaded{
            [&](const ast::Traversal& b) { return fire_traversal(b, sigma, from()); },
            [&](const ast::Capture& b) { return fire_capture(b, sigma, from(), r); },
            [&](const ast::Castle& b) { return castle(sigma, b.side, r); },
            [&](const ast::Promotion& b) { return promotion(sigma, from(), b.to(), b.piece()); },
            [&](const ast::Coordinate& b) { return fire_coordinate(b, sigma, r); },
            [](const ast::NullMove&) -> Update { PGNSEM_UNREACHABLE("a null move fires no equation"); },
        },
        m.body);
}

// The equation M fires: [[M]]'s own conditions, then (S, v) = GTSS(Q, P, σ) or GCSS(Q, P, σ) for a
// written move, then the equation for the kind of v. A null move is no move of chess; no move has a
// successor at the turn limit.
Partial<Update> equation(const ast::Move& m, const State& sigma, Reading r) noexcept {
    if (boost::variant2::holds_alternative<ast::NullMove>(m.body)) return Undefined{Failure::MoveNull, Detail{}};
    FirstFalse no;
    own_conditions(no, m, sigma, r);
    if (no.premise) return Undefined{no.premise->as, no.premise->detail};
    std::optional<Square> source;
    if (const std::optional<SourceQuery> q = source_query(m, r)) {
        const SourceResult src = find_source(sigma, *q, r).answer;
        if (const Undefined* u = boost::variant2::get_if<Undefined>(&src)) return *u;
        source = boost::variant2::get<Source>(src).from;
    }
    return fire(m, sigma, source, r);
}

// [[M]]σ: σ′ from the update of the equation M fires.
Partial<Transition> denote(const ast::Move& m, const State& sigma, Reading r) noexcept {
    const Partial<Update> u = equation(m, sigma, r);
    if (const Undefined* x = boost::variant2::get_if<Undefined>(&u)) return *x;
    const Update& fired = boost::variant2::get<Update>(u);
    return Transition{apply(sigma, fired), fired.action};
}

std::optional<SourceQuery> source_query(const ast::Move& m, Reading r) noexcept {
    return boost::variant2::visit(Overloaded{
                                      [&](const ast::Traversal& b) { return std::optional(query(b, r)); },
                                      [&](const ast::Capture& b) { return std::optional(query(b, r)); },
                                      [&](const ast::Promotion& b) { return std::optional(query(b, r)); },
                                      [](const auto&) { return std::optional<SourceQuery>(); },
                                  },
                                  m.body);
}

Premises conditions(const ast::Move& m, const State& sigma, Reading r) noexcept {
    Premises ps;
    if (!boost::variant2::holds_alternative<ast::NullMove>(m.body)) own_conditions(ps, m, sigma, r);
    return ps;
}

}  // namespace pgnsem::sem
