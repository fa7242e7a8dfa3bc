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
// counts up (to 65,535 at most). That is `with_laws_identifiers`, called by each equation.
//
// Names: `s` is σ, `from` is S, `to` is Q, `v` the moving id.
#include "semantics/denote.hpp"

#include <cstdlib>

#include "semantics/board.hpp"
#include "semantics/find_source.hpp"
#include "semantics/overloaded.hpp"
#include "semantics/why.hpp"
#include "syntax/mutants.hpp"

namespace pgnsem::sem {
namespace {

const Ide kTurn = Ide::turn();

// The corner flag a square carries (a1, h1, a8, h8), 0 elsewhere.
[[nodiscard]] std::uint8_t corner(Square q) noexcept {
    switch (q.index()) {
        case 0: return kCornerA1;
        case 7: return kCornerH1;
        case 56: return kCornerA8;
        case 63: return kCornerH8;
        default: return 0;
    }
}

// σ^{v₁,…}_{x₁,…} = update(σ, …), each x ↦ v recorded in `why` (in the equation's order, with
// what x held in σ) when there is one.
[[nodiscard]] State assign(const State& s, std::initializer_list<Assignment> xs, Why* why,
                           UpdateOrigin origin = UpdateOrigin::Paper,
                           std::optional<Erratum> erratum = std::nullopt) noexcept {
    if (why != nullptr)
        for (const Assignment& x : xs)
            why->update.push_back(UpdateEntry{x.x, x.value, value_of(s, x.x), origin, erratum});
    return update(s, xs);
}

// The paper's σ' with the Laws' identifiers kept: the rook flags of the corners the move touched,
// the halfmove clock. `extra_corner`: the rook's corner when castling. Recorded in `why` as the
// Laws' additions, each flag the move touches (set again when it was set), then the clock.
[[nodiscard]] Transition with_laws_identifiers(const State& s, const State& paper_next, const Action& a, Why* why,
                                               std::uint8_t extra_corner = 0) noexcept {
    State n = paper_next;
    const auto touched = static_cast<std::uint8_t>(corner(a.from) | corner(a.to) | extra_corner);
    n.rook_moved = static_cast<std::uint8_t>(n.rook_moved | touched);
    const bool resets = kind_of(a.piece) == PieceKind::Pawn || !a.captured.empty();
    n.halfmove_clock = resets ? 0u : s.halfmove_clock + 1;
    if (why != nullptr) {
        for (const std::uint8_t c : {kCornerA1, kCornerH1, kCornerA8, kCornerH8})
            if ((touched & c) != 0)
                why->update.push_back(UpdateEntry{Ide::rook_moved(c), 1, value_of(s, Ide::rook_moved(c)),
                                                  UpdateOrigin::LawsAddition, Erratum::CastleRookMoved});
        why->update.push_back(UpdateEntry{Ide::halfmove_clock(), n.halfmove_clock, s.halfmove_clock,
                                          UpdateOrigin::LawsAddition, std::nullopt});
        why->equation = a.rule;
    }
    return Transition{n, a};
}

// What a move of v from S to Q that takes whatever stands on Q did.
[[nodiscard]] Action action(Equation r, const State& s, Square from, Square to) noexcept {
    Action a{r, from, to, at(s, from), at(s, to), std::nullopt, std::nullopt, std::nullopt};
    if (!at(s, to).empty()) a.captured_on = to;
    return a;
}

// turn + 1 fits the turn counter (pgnsem's bound, not a premise of the paper: recorded only when it
// fails).
[[nodiscard]] bool turn_fits(const State& s, Why* why) noexcept {
    if (s.turn < kTurnLimit) return true;
    note_premise(why, Failure::TurnLimit, false);
    return false;
}

[[nodiscard]] PieceId mover(const State& s, Square from) noexcept {
    const PieceId v = at(s, from);
    PGNSEM_ASSERT(!v.empty() && belongs_to(v, to_move(s)), "an equation moves a piece of the side to move");
    return v;
}

}  // namespace

// [[Q]] (one step) = {(σ, σ') | σ' = σ^{v,0,turn+1}_{Q,S,turn}, (S, v) = GTSS(Q, file(Q), σ)}   — trav/pawn
Transition pawn_step(const State& s, Square from, Square to, Why* why) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(s, assign(s, {{to, v}, {from, kEmpty}, {kTurn, s.turn + 1u}}, why),
                                 action(Equation::TravPawn, s, from, to), why);
}

// [[Q]], |rank(S) − rank(Q)| = 2:
//   {(σ, σ') | σ' = σ^{v,0,turn,turn+1}_{Q,S,S_2step,turn}, (S, v) = GTSS(Q, file(Q), σ)}        — trav/pawn-double
// The stamp S_2step of the pawn that moves takes the value of turn in σ.
Transition pawn_double_step(const State& s, Square from, Square to, Why* why) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(
        s, assign(s, {{to, v}, {from, kEmpty}, {Ide::two_step(v), s.turn}, {kTurn, s.turn + 1u}}, why),
        action(Equation::TravPawnDouble, s, from, to), why);
}

// [[P::Q]], P ∉ Pking = {(σ, σ') | σ' = σ^{v,0,turn+1}_{Q,S,turn}, (S, v) = GTSS(Q, P, σ)}     — trav/piece
Transition piece_traversal(const State& s, Square from, Square to, Why* why) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(s, assign(s, {{to, v}, {from, kEmpty}, {kTurn, s.turn + 1u}}, why),
                                 action(Equation::TravPiece, s, from, to), why);
}

// [[P::Q]], P ∈ Pking = {(σ, σ') | σ' = σ^{v,0,1,turn+1}_{Q,S,w_king,turn}, (S, v) = GTSS(Q, P, σ)}
//   if mod(turn, 2) = 0; b_king if mod(turn, 2) = 1                                            — trav/king
Transition king_traversal(const State& s, Square from, Square to, Why* why) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(s,
                                 assign(s,
                                        {{to, v},
                                         {from, PGNSEM_MUTATE(ref_denote_king_leaves_a_copy, v, kEmpty)},
                                         {Ide::king_moved(to_move(s)), 1},
                                         {kTurn, s.turn + 1u}},
                                        why),
                                 action(Equation::TravKing, s, from, to), why);
}

// [[W::x::Q]] = {(σ, σ') | σ' = σ^{v,0,turn+1}_{Q,S,turn}, (S, v) = GCSS(Q, W, σ)}             — cap/pawn
Transition pawn_capture(const State& s, Square from, Square to, Why* why) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(s, assign(s, {{to, v}, {from, kEmpty}, {kTurn, s.turn + 1u}}, why),
                                 action(Equation::CapPawn, s, from, to), why);
}

// [[W::x::Q]] en passant (GCSS's second case) = σ^{v,0,0,turn+1}_{Q,S,B,turn}, where B is the
// square behind Q (rank 5 for White, 4 for Black) holding the pawn that just made its double step.
// Erratum en-passant-capture: the paper has no equation of its own for it (its capture equation
// would leave the pawn on B).                                                                  — cap/en-passant
Transition en_passant(const State& s, Square from, Square to, Why* why) noexcept {
    const PieceId v = mover(s, from);
    const Square B = *step(to, {0, -forward(color_of(v))});
    Action a = action(Equation::CapEnPassant, s, from, to);
    a.captured = at(s, B);
    a.captured_on = B;
    return with_laws_identifiers(s, assign(s, {{to, v}, {from, kEmpty}, {B, kEmpty}, {kTurn, s.turn + 1u}}, why), a,
                                 why);
}

// [[P::x::Q]], P ∉ Pking = {(σ, σ') | σ' = σ^{v,0,turn+1}_{Q,S,turn}, (S, v) = GCSS(Q, P, σ)}  — cap/piece
Transition piece_capture(const State& s, Square from, Square to, Why* why) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(s, assign(s, {{to, v}, {from, kEmpty}, {kTurn, s.turn + 1u}}, why),
                                 action(Equation::CapPiece, s, from, to), why);
}

// [[P::x::Q]], P ∈ Pking = {(σ, σ') | σ' = σ^{v,0,1,turn+1}_{Q,S,w_king,turn}, …} (b_king for
// Black)                                                                                       — cap/king
Transition king_capture(const State& s, Square from, Square to, Why* why) noexcept {
    const PieceId v = mover(s, from);
    return with_laws_identifiers(
        s, assign(s, {{to, v}, {from, kEmpty}, {Ide::king_moved(to_move(s)), 1}, {kTurn, s.turn + 1u}}, why),
        action(Equation::CapKing, s, from, to), why);
}

// [[O-O]]   = σ^{5,8,0,0,turn+1}_{g1,f1,e1,h1,turn}       (White; Black: σ^{21,24,0,0,turn+1}_{g8,f8,e8,h8,turn})
// [[O-O-O]] = σ^{5,1,0,0,turn+1}_{c1,d1,e1,a1,turn}       (White; Black: σ^{21,17,0,0,turn+1}_{c8,d8,e8,a8,turn})
// Erratum castle-uses-up-castling. Paper: the king's flag stays as it was. Laws 3.8.2.1.1:
// castling is a move of the king, so it sets w_king (b_king): σ^{…,1,turn+1}_{…,w_king,turn}.
// The conditions are denote_castle's; this is the update alone.               — castle/king-side, castle/queen-side
Transition castle(const State& s, ast::CastleSide side, Reading r, Why* why) noexcept {
    const Color c = to_move(s);
    const CastleSquares q = castle_squares(c, side);
    State n = assign(
        s,
        {{q.king_to, q.king}, {q.rook_to, q.rook}, {q.king_from, kEmpty}, {q.rook_from, kEmpty}, {kTurn, s.turn + 1u}},
        why);
    if (r.corrected(Erratum::CastleUsesUpCastling))
        n = assign(n, {{Ide::king_moved(c), 1}}, why, UpdateOrigin::Erratum, Erratum::CastleUsesUpCastling);
    const Action a{side == ast::CastleSide::King ? Equation::CastleKingSide : Equation::CastleQueenSide,
                   q.king_from,
                   q.king_to,
                   q.king,
                   kEmpty,
                   std::nullopt,
                   std::nullopt,
                   side};
    return with_laws_identifiers(s, n, a, why, q.corner);
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
Transition promotion(const State& s, Square from, Square to, ast::PromotionPiece t, Why* why) noexcept {
    const PieceId v = mover(s, from);
    const bool capture = from.file() != to.file();
    Action a = action(capture ? Equation::PromoCapture : Equation::PromoPush, s, from, to);
    a.promotion = t;
    if (why != nullptr) why->promotion = PromotionCase{color_of(v), t, to, promoted_id(color_of(v), t, to)};
    return with_laws_identifiers(
        s,
        assign(s,
               {{to, PGNSEM_MUTATE(ref_denote_promotion_keeps_pawn, v, promoted_id(color_of(v), t, to))},
                {from, kEmpty},
                {kTurn, s.turn + 1u}},
               why),
        a, why);
}

// [[Q]] and [[P::Q]]: (S, v) = GTSS(Q, P, σ), then the traversal equation for the kind of v.
Partial<Transition> denote_traversal(const ast::Traversal& m, const State& sigma, Reading r, Why* why) noexcept {
    if (!turn_fits(sigma, why)) return too_long();
    const SourceResult src = traversal_source(sigma, m.piece, m.from, m.to, r, why);
    if (const Undefined* u = boost::variant2::get_if<Undefined>(&src)) return *u;
    const Square S = boost::variant2::get<Source>(src).from;
    switch (m.piece) {
        case PieceKind::Pawn:
            if (std::abs(m.to.rank().index() - S.rank().index()) == 2) return pawn_double_step(sigma, S, m.to, why);
            return pawn_step(sigma, S, m.to, why);
        case PieceKind::King: return king_traversal(sigma, S, m.to, why);
        case PieceKind::Knight:
        case PieceKind::Bishop:
        case PieceKind::Rook:
        case PieceKind::Queen: return piece_traversal(sigma, S, m.to, why);
    }
    PGNSEM_UNREACHABLE("every kind of piece is listed");
}

// [[P::x::Q]] and [[W::x::Q]]: (S, v) = GCSS(Q, P, σ), then the capture equation for the kind of v.
Partial<Transition> denote_capture(const ast::Capture& m, const State& sigma, Reading r, Why* why) noexcept {
    if (!turn_fits(sigma, why)) return too_long();
    const SourceResult src =
        capture_source(sigma, m.piece,
                       PGNSEM_MUTATE(ref_denote_promotion_file_all_captures,
                                     (m.piece == PieceKind::Pawn && !r.corrected(Erratum::PromotionCaptureFile)
                                          ? ast::Disambiguator{m.to.file(), std::nullopt}
                                          : m.from),
                                     m.from),
                       m.to, r, why);
    if (const Undefined* u = boost::variant2::get_if<Undefined>(&src)) return *u;
    const Square S = boost::variant2::get<Source>(src).from;
    switch (m.piece) {
        case PieceKind::Pawn:
            // GCSS accepted a pawn capture onto an empty Q only as en passant. Erratum
            // en-passant-capture. Paper: the one capture equation, which leaves the pawn behind Q
            // (and T then refuses the empty Q). Laws 3.7.3.1: the en passant equation.
            if (at(sigma, m.to).empty() && r.corrected(Erratum::EnPassantCapture))
                return en_passant(sigma, S, m.to, why);
            return pawn_capture(sigma, S, m.to, why);
        case PieceKind::King: return king_capture(sigma, S, m.to, why);
        case PieceKind::Knight:
        case PieceKind::Bishop:
        case PieceKind::Rook:
        case PieceKind::Queen: return piece_capture(sigma, S, m.to, why);
    }
    PGNSEM_UNREACHABLE("every kind of piece is listed");
}

// [[O-O]], [[O-O-O]]: the equation's conditions, in this order (proofs-notes/semantics.md):
//   mod(turn, 2) = 0, w_king = 0 (b_king for Black)          else castle/king-moved
//   [Laws] the rook never left its corner                    else castle/rook-moved
//   h1 = 8 (a1 = 1; Black h8 = 24, a8 = 17)                  else castle/no-rook
//   f1 = g1 = 0 (b1 = c1 = d1 = 0; Black the same on rank 8)  else castle/blocked
// then the update (`castle`). Attacks on the king's path are T's.
Partial<Transition> denote_castle(const ast::Castle& m, const State& sigma, Reading r, Why* why) noexcept {
    if (!turn_fits(sigma, why)) return too_long();
    const Color c = to_move(sigma);
    const CastleSquares q = castle_squares(c, m.side);
    Detail d;
    d.from = q.king_from;
    d.to = q.king_to;
    d.king = q.king_from;
    d.piece = PieceKind::King;
    const bool king_flag = (sigma.king_moved & (c == Color::White ? kWhiteKingMoved : kBlackKingMoved)) != 0;
    // Erratum castle-uses-up-castling. Paper: w_king = 0 alone. Laws 3.8.2: castling is a move of
    // the king itself, which must stand on e1 (e8).
    const bool king_home = !r.corrected(Erratum::CastleUsesUpCastling) || at(sigma, q.king_from) == q.king;
    note_premise(why, Failure::CastleKingMoved, !king_flag, std::nullopt, r, "w_king = 0 (b_king = 0)");
    if (!king_flag && r.corrected(Erratum::CastleUsesUpCastling))
        note_premise(why, Failure::CastleKingMoved, king_home, Erratum::CastleUsesUpCastling, r, "the king on e1 (e8)",
                     q.king_from);
    if (king_flag || !king_home) return Undefined{Failure::CastleKingMoved, d};
    // Erratum castle-rook-moved. Paper: no such condition. Laws 3.8.2.1.2: the rook must never have
    // moved (a flag per corner, set by any move from or onto it).
    Square rook_square = q.rook_from;
    d.square = rook_square;
    if (r.corrected(Erratum::CastleRookMoved)) {
        const bool moved = (sigma.rook_moved & q.corner) != 0;
        note_premise(why, Failure::CastleRookMoved, !moved, Erratum::CastleRookMoved, r, {}, rook_square);
        if (moved) return Undefined{Failure::CastleRookMoved, d};
    }
    // Errata castle-black-kingside-rook and castle-black-queenside-rook. Paper: Black's O-O
    // requires h1 = 24, its O-O-O a1 = 17. Laws 3.8.2: the rook on its own corner, h8 or a8.
    if (c == Color::Black && m.side == ast::CastleSide::King && !r.corrected(Erratum::CastleBlackKingsideRook))
        rook_square = squares::h1;
    if (c == Color::Black && m.side == ast::CastleSide::Queen && !r.corrected(Erratum::CastleBlackQueensideRook))
        rook_square = squares::a1;
    d.square = rook_square;
    std::optional<Erratum> rook_erratum;
    if (c == Color::Black)
        rook_erratum =
            m.side == ast::CastleSide::King ? Erratum::CastleBlackKingsideRook : Erratum::CastleBlackQueensideRook;
    note_premise(why, Failure::CastleNoRook, at(sigma, rook_square) == q.rook, rook_erratum, r, {}, rook_square);
    if (at(sigma, rook_square) != q.rook) return Undefined{Failure::CastleNoRook, d};
    // Erratum castle-black-queenside-squares. Paper: Black's O-O-O requires b8 = c8 = f8 = 0.
    // Laws 3.8.2.2.2: the squares between king and rook, d8, c8, b8.
    const std::optional<Erratum> black_long = c == Color::Black && m.side == ast::CastleSide::Queen
                                                  ? std::optional(Erratum::CastleBlackQueensideSquares)
                                                  : std::nullopt;
    std::array<Square, 3> between = q.between;
    if (c == Color::Black && m.side == ast::CastleSide::Queen && !r.corrected(Erratum::CastleBlackQueensideSquares))
        between[0] = squares::f8;
    for (int i = 0; i < q.between_count; ++i) {
        const Square e = between[static_cast<std::size_t>(i)];
        if (!at(sigma, e).empty()) {
            d.square = e;
            note_premise(why, Failure::CastleBlocked, false, black_long, r, {}, e);
            return Undefined{Failure::CastleBlocked, d};
        }
    }
    note_premise(why, Failure::CastleBlocked, true, black_long, r);
    return castle(sigma, m.side, r, why);
}

// [[Q::=::T]], [[W::x::Q::=::T]]: GTSS (push) or GCSS (capture) finds the pawn.
Partial<Transition> denote_promotion(const ast::Promotion& m, const State& sigma, Reading r, Why* why) noexcept {
    if (!turn_fits(sigma, why)) return too_long();
    // Erratum promotion-capture-file. Paper: GCSS(Q, file(Q), σ), a pawn of Q's own file.
    // Laws 3.7.3: GCSS(Q, W, σ), the pawn of file W, as in any pawn capture.
    const auto W = [&] { return r.corrected(Erratum::PromotionCaptureFile) ? *m.capture_from() : m.to().file(); };
    const SourceResult src =
        m.is_capture() ? capture_source(sigma, PieceKind::Pawn, ast::Disambiguator{W(), std::nullopt}, m.to(), r, why)
                       : traversal_source(sigma, PieceKind::Pawn, ast::Disambiguator{}, m.to(), r, why);
    if (const Undefined* u = boost::variant2::get_if<Undefined>(&src)) return *u;
    return promotion(sigma, boost::variant2::get<Source>(src).from, m.to(), m.piece(), why);
}

// A move written by its squares (an extension, proofs-notes/semantics.md): the piece is σ(S); its
// movement rules are checked here, then the equation for what it does — castling when the king
// stands on e1 (e8) and moves two files along the rank; en passant when a pawn moves diagonally
// onto an empty square; a promotion when it names its piece.
Partial<Transition> denote_coordinate(const ast::Coordinate& m, const State& sigma, Reading r, Why* why) noexcept {
    if (!turn_fits(sigma, why)) return too_long();
    const PieceId v = at(sigma, m.from);
    note_premise(why, Failure::SrcEmptySquare, !v.empty());
    if (v.empty()) return undefined(Failure::SrcEmptySquare, m.from, m.to);
    const Color c = to_move(sigma);
    const PieceKind k = kind_of(v);
    note_premise(why, Failure::SrcOpponentPiece, belongs_to(v, c), std::nullopt, r, "σ(S) is a piece of mover");
    if (!belongs_to(v, c)) return undefined(Failure::SrcOpponentPiece, m.from, m.to, k);
    if (m.promotion) note_premise(why, Failure::PromoNotPawn, k == PieceKind::Pawn);
    if (m.promotion && k != PieceKind::Pawn) return undefined(Failure::PromoNotPawn, m.from, m.to, k);
    if (k == PieceKind::King && m.from == castle_squares(c, ast::CastleSide::King).king_from &&
        m.from.rank() == m.to.rank()) {
        const int df = m.to.file().index() - m.from.file().index();
        if (df == 2) return denote_castle(ast::Castle{ast::CastleSide::King}, sigma, r, why);
        if (df == -2) return denote_castle(ast::Castle{ast::CastleSide::Queen}, sigma, r, why);
    }
    const bool diagonal_pawn = k == PieceKind::Pawn && m.from.file() != m.to.file();
    note_premise(why, Failure::SrcUnreachable, reaches(k, c, m.from, m.to, diagonal_pawn, r), std::nullopt, r,
                 "the piece on S reaches Q by its movement");
    if (!reaches(k, c, m.from, m.to, diagonal_pawn, r)) return undefined(Failure::SrcUnreachable, m.from, m.to, k);
    // A promotion is a pawn move onto the last rank; naming a piece for any other pawn move
    // describes no move of chess.
    if (m.promotion && m.to.rank().index() != last_rank(c)) return undefined(Failure::SrcUnreachable, m.from, m.to, k);
    const bool pawn_push = k == PieceKind::Pawn && !diagonal_pawn;
    note_premise(why, k == PieceKind::Pawn ? Failure::TravPawnBlocked : Failure::SrcBlocked,
                 !blocker(sigma, m.from, m.to, pawn_push).has_value());
    if (const std::optional<Square> b = blocker(sigma, m.from, m.to, pawn_push)) {
        Undefined u = undefined(k == PieceKind::Pawn ? Failure::TravPawnBlocked : Failure::SrcBlocked, m.from, m.to, k);
        u.detail.square = b;
        return u;
    }
    if (diagonal_pawn) {
        const std::optional<Undefined> u = pawn_capture_victim(sigma, m.from, m.to);
        note_premise(why, u ? u->rule : Failure::CapNoVictim, !u);
        if (u) return *u;
    }
    const bool occupied = !at(sigma, m.to).empty();
    switch (k) {
        case PieceKind::Pawn:
            if (m.promotion) return promotion(sigma, m.from, m.to, *m.promotion, why);
            if (diagonal_pawn)
                return occupied || !r.corrected(Erratum::EnPassantCapture) ? pawn_capture(sigma, m.from, m.to, why)
                                                                           : en_passant(sigma, m.from, m.to, why);
            if (std::abs(m.to.rank().index() - m.from.rank().index()) == 2)
                return pawn_double_step(sigma, m.from, m.to, why);
            return pawn_step(sigma, m.from, m.to, why);
        case PieceKind::King:
            return occupied ? king_capture(sigma, m.from, m.to, why) : king_traversal(sigma, m.from, m.to, why);
        case PieceKind::Knight:
        case PieceKind::Bishop:
        case PieceKind::Rook:
        case PieceKind::Queen:
            return occupied ? piece_capture(sigma, m.from, m.to, why) : piece_traversal(sigma, m.from, m.to, why);
    }
    PGNSEM_UNREACHABLE("every kind of piece is listed");
}

// [[M]] for any move. A null move is no move of chess.
Partial<Transition> denote(const ast::Move& m, const State& sigma, Reading r, Why* why) noexcept {
    return boost::variant2::visit(Overloaded{
                                      [&](const ast::Traversal& b) { return denote_traversal(b, sigma, r, why); },
                                      [&](const ast::Capture& b) { return denote_capture(b, sigma, r, why); },
                                      [&](const ast::Castle& b) { return denote_castle(b, sigma, r, why); },
                                      [&](const ast::Promotion& b) { return denote_promotion(b, sigma, r, why); },
                                      [&](const ast::Coordinate& b) { return denote_coordinate(b, sigma, r, why); },
                                      [](const ast::NullMove&) {
                                          return Partial<Transition>{Undefined{Failure::MoveNull, Detail{}}};
                                      },
                                  },
                                  m.body);
}

}  // namespace pgnsem::sem
