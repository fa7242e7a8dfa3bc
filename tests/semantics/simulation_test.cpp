// S1, the simulation lemma (proofs-notes/invariants.md): the paper's semantics and the Laws' agree on
// every move no erratum touches. Each erratum of T's has a scope here — the moves its correction is
// about, decided from the move and σ alone, without asking T — and on positions of random walks,
// for every move SAN can write and every move written by its squares: when T with one correction
// read as the paper prints it answers otherwise than T under the Laws, the move is in that
// erratum's scope; when T with every correction undone (the paper as printed) answers otherwise,
// the move is in the scope of some erratum. ([[S]]'s two errata, steps-in-text-order and game-over,
// do not touch T; the conformance cases show them.)
#include <rapidcheck/catch.h>

#include "semantics/denote.hpp"
#include "semantics/find_source.hpp"
#include "semantics/in_check.hpp"
#include "tests/semantics/walks.hpp"

using namespace pgnsem;
using namespace pgnsem::sem;
using namespace pgnsem::sem::testing;
namespace v2 = boost::variant2;

namespace {

// What a written move is, read off its form and σ (not off T's answer).
struct Shape {
    bool castle = false;
    std::optional<ast::CastleSide> side;
    bool pawn = false;
    bool capture_form = false;  // x, or by its squares onto a piece or diagonally for a pawn
    bool promotion = false;
    Square to;
    PieceKind kind = PieceKind::Pawn;
};

std::optional<Shape> shape_of(const ast::Move& m, const State& s) {
    Shape sh;
    if (const auto* t = v2::get_if<ast::Traversal>(&m.body)) {
        sh.kind = t->piece;
        sh.to = t->to;
    } else if (const auto* c = v2::get_if<ast::Capture>(&m.body)) {
        sh.kind = c->piece;
        sh.to = c->to;
        sh.capture_form = true;
    } else if (const auto* k = v2::get_if<ast::Castle>(&m.body)) {
        sh.castle = true;
        sh.side = k->side;
        sh.kind = PieceKind::King;
    } else if (const auto* p = v2::get_if<ast::Promotion>(&m.body)) {
        sh.to = p->to();
        sh.capture_form = p->is_capture();
        sh.promotion = true;
    } else if (const auto* c = v2::get_if<ast::Coordinate>(&m.body)) {
        const PieceId v = at(s, c->from);
        if (v == kEmpty) return std::nullopt;
        sh.kind = kind_of(v);
        sh.to = c->to;
        sh.promotion = c->promotion.has_value();
        const int df = c->to.file().index() - c->from.file().index();
        if (sh.kind == PieceKind::King && (df == 2 || df == -2) && c->from.rank() == c->to.rank() && !s.chess960) {
            sh.castle = true;
            sh.side = df > 0 ? ast::CastleSide::King : ast::CastleSide::Queen;
        }
        // Chess960: the king onto a piece of its own is castling's form (proofs-notes/chess960.md)
        if (sh.kind == PieceKind::King && s.chess960 && at(s, c->to) != kEmpty &&
            belongs_to(at(s, c->to), color_of(v))) {
            sh.castle = true;
            sh.side = df > 0 ? ast::CastleSide::King : ast::CastleSide::Queen;
        }
        // a pawn captures diagonally and only so; a piece captures what stands on Q
        sh.capture_form = sh.kind == PieceKind::Pawn ? df != 0 : at(s, c->to) != kEmpty;
    } else {
        return std::nullopt;
    }
    sh.pawn = sh.kind == PieceKind::Pawn && !sh.castle;
    return sh;
}

// The pieces of the mover's kind that the written move's geometry admits, with a free way (what
// GTSS/GCSS would count before asking T): more than one is what ambiguity-among-legal-moves is about.
std::vector<Square> free_candidates(const ast::Move& m, const State& s, const Shape& sh) {
    const ast::Disambiguator* d = nullptr;
    if (const auto* t = v2::get_if<ast::Traversal>(&m.body)) d = &t->from;
    if (const auto* c = v2::get_if<ast::Capture>(&m.body)) d = &c->from;
    std::vector<Square> found;
    if (d == nullptr) return found;
    for (int q = 0; q < 64; ++q) {
        const Square S = Square::unchecked(q);
        const PieceId v = at(s, S);
        if (v == kEmpty || color_of(v) != to_move(s) || kind_of(v) != sh.kind) continue;
        if ((d->file && S.file() != *d->file) || (d->rank && S.rank() != *d->rank)) continue;
        for (const Reading r : {Reading::laws(), Reading::paper()})
            if (reaches(sh.kind, to_move(s), S, sh.to, sh.capture_form, r) &&
                !blocker(s, S, sh.to, sh.pawn && !sh.capture_form)) {
                found.push_back(S);
                break;
            }
    }
    return found;
}

// Whether the move's σ′ (the equation's, under the Laws' or the paper's reading: not T's answer) has
// a king attacked: what check-turn-reading's two readings of T's king test look at.
bool attacks_a_king(const ast::Move& m, const State& s) {
    for (const Reading r : {Reading::laws(), Reading::paper()}) {
        const Partial<Transition> t = denote(m, s, r);
        if (const Transition* n = v2::get_if<Transition>(&t))
            if (in_check(n->next, Color::White) || in_check(n->next, Color::Black)) return true;
    }
    return false;
}

// Whether erratum e is about the written move m in σ, by m's own form.
bool touches_itself(Erratum e, const ast::Move& m, const State& s) {
    const std::optional<Shape> sh = shape_of(m, s);
    if (!sh) return false;
    const bool black = to_move(s) == Color::Black;
    const int rank = sh->to.rank().index();
    switch (e) {
        case Erratum::CastleBlackKingsideRook: return sh->castle && black && sh->side == ast::CastleSide::King;
        case Erratum::CastleBlackQueensideSquares:
        case Erratum::CastleBlackQueensideRook: return sh->castle && black && sh->side == ast::CastleSide::Queen;
        case Erratum::CastleRookMoved:
        case Erratum::CastleUsesUpCastling:
        case Erratum::CastleThroughCheck: return sh->castle;
        case Erratum::PawnDoubleStepStartRank: return sh->pawn && !sh->capture_form && (rank == 3 || rank == 4);
        case Erratum::EnPassantCapture: return sh->pawn && sh->capture_form && at(s, sh->to) == kEmpty;
        case Erratum::PromotionCompulsory: return sh->pawn && !sh->promotion && (rank == 0 || rank == 7);
        case Erratum::PromotionCaptureFile: return sh->promotion && sh->capture_form;
        case Erratum::DestinationEmpty: return !sh->castle && !sh->capture_form;
        case Erratum::CaptureTurnParity: return sh->capture_form && s.turn > 1;
        case Erratum::KingNeverCaptured: return at(s, sh->to) != kEmpty && kind_of(at(s, sh->to)) == PieceKind::King;
        case Erratum::AmbiguityAmongLegalMoves: return free_candidates(m, s, *sh).size() > 1;
        case Erratum::CheckTurnReading: return attacks_a_king(m, s);
        case Erratum::CastleSideNames:
        case Erratum::EnPassantTiming:
        case Erratum::PromotionLetters:
        case Erratum::GameOver:
        case Erratum::StepsInTextOrder:
        case Erratum::PromotionLastRank:
        case Erratum::EnPassantExampleFile:
        case Erratum::CaptureMarkerClaim:
        case Erratum::AutomaticDrawEndsGame:
        case Erratum::PromotedRookId: return false;
    }
    return false;
}

// Whether erratum e is about m: by its own form, or — when several pieces could make it, so that
// GTSS/GCSS asks T whether each one's move to Q (written by its squares) is legal (PGN 8.2.3.4) — by
// the form of one of those moves.
bool touches(Erratum e, const ast::Move& m, const State& s) {
    if (touches_itself(e, m, s)) return true;
    const std::optional<Shape> sh = shape_of(m, s);
    if (!sh) return false;
    const std::vector<Square> candidates = free_candidates(m, s, *sh);
    if (candidates.size() < 2) return false;
    for (const Square S : candidates)
        if (touches_itself(e, ast::Move{ast::Coordinate{S, sh->to, std::nullopt}}, s)) return true;
    return false;
}

// Every written move of σ and every move written by its squares.
std::vector<ast::Move> moves_of(const State& s) {
    std::vector<ast::Move> out = written_moves(s);
    for (int from = 0; from < 64; ++from) {
        if (s.board[static_cast<std::size_t>(from)] == kEmpty) continue;
        for (int to = 0; to < 64; ++to)
            for (const auto& t : kPromotions)
                out.push_back(ast::Move{ast::Coordinate{Square::unchecked(from), Square::unchecked(to), t}});
    }
    return out;
}

}  // namespace

TEST_CASE("S1 the paper's reading and the Laws' agree on every move no erratum touches", "[property][S1]") {
    rc::prop("S1", [](const std::vector<std::uint32_t>& choices) {
        const std::vector<WalkStep> steps = walk(choices);
        const State s = steps.empty() ? initial_state() : steps[*rc::gen::inRange<std::size_t>(0, steps.size())].before;
        for (const ast::Move& m : moves_of(s)) {
            const Termination laws = terminates(m, s, Reading::laws());
            bool some = false;
            for (const ErratumInfo& e : kErrata) {
                const bool in_scope = touches(e.erratum, m, s);
                some = some || in_scope;
                if (!e.executable || in_scope) continue;
                if (const Termination paper = terminates(m, s, Reading::laws().with_paper(e.erratum));
                    !(paper == laws)) {
                    RC_LOG() << "erratum " << e.slug << " changed T of " << move_text(m) << " (" << describe(laws)
                             << " under the Laws, " << describe(paper) << " under its paper form), outside its scope\n";
                    RC_FAIL("a correction changed a move it is not about");
                }
            }
            if (!some) RC_ASSERT(terminates(m, s, Reading::paper()) == laws);
        }
    });
}
