// GTSS (Algorithm 1) and GCSS (Algorithm 2): the source square S and id v of a move.
//
// Algorithm 1, GetTraversalSourceSquare, as printed:
//   Data: target square that the piece moves to, piece id (K, N7, Ra), state σ
//   Result: source square of the piece, piece number as per the numbering scheme
//   if turn is even then set color to white else set color to black
//   if piece id is king: check if there is a color king 1 square away from target square
//   if piece id is queen: check if there is an unblocked color queen on the same
//      diagonal/horizontal/vertical as target square
//   if piece id is rook: … an unblocked color rook on the same horizontal/vertical …
//   if piece id is bishop: … an unblocked color bishop on the same diagonal …
//   if piece id is knight: check if there is a color knight 2 squares horizontal and 1 square
//      vertical or 1 square horizontal and 2 squares vertical from target square
//   if piece id is pawn: check if there is an unblocked color pawn 1 square (down if white, up if
//      black) from target square or 2 squares (down if white, up if black) from target square if
//      target square is on rank 4 or 5
//   return the piece's source square and number
// Algorithm 2, GetCaptureSourceSquare, is the same but for pawns: "an unblocked color pawn 1 square
// (down-left or down-right if white, up-left or up-right if black) from target square (normal
// capture), or … a pawn … which moved in the previous turn (en passant)". A file or rank in the
// piece id keeps only the pieces on it; "if the return set has more than one piece, the AN is
// malformed".
//
// How the algorithms are walked here: from the target square Q outwards, along the lines (or
// leaps) the kind moves on, in the order the algorithm names them. Every piece of the colour and
// kind met is one the movement would bring to Q on an empty board (`reach`); the first piece met
// on a line is "unblocked" (`clear`). The corrections (proofs-notes/errata.md):
//   - pawn-double-step-start-rank: the double step only from the start rank (the paper: onto any
//     target on rank 4 or 5, whichever the colour);
//   - ambiguity-among-legal-moves: among several candidates only those whose move T accepts count
//     (PGN 8.2.3.4; the paper counts every piece the walk finds);
//   - en-passant-timing (prose only): the en passant victim stands behind Q and its stamp is
//     turn − 1, as the paper's own two-step identifiers say.
// When no piece qualifies, the failure says which part of the description is wrong; the order of
// the tests is that of proofs-notes/semantics.md, "GTSS and GCSS".
#include "semantics/find_source.hpp"

#include <cstdlib>
#include <span>

#include "semantics/board.hpp"
#include "semantics/terminates.hpp"

namespace pgnsem::sem {
namespace {

[[nodiscard]] bool holds(const State& s, Square q, Color c, PieceKind k) noexcept {
    const PieceId v = at(s, q);
    return !v.empty() && color_of(v) == c && kind_of(v) == k;
}

// What the walk finds for one colour and kind.
struct Found {
    SquareSet reach;  // the movement would bring it to Q on an empty board
    SquareSet clear;  // … and nothing stands between ("unblocked")
};

// Along each line from Q: every piece of colour c and kind k is in reach; the first piece met is
// clear when it is one.
void pieces_on_lines(const State& s, Square Q, std::span<const Step> lines, Color c, PieceKind k, Found& f) noexcept {
    for (Step d : lines) {
        bool first = true;
        for (std::optional<Square> x = step(Q, d); x; x = step(*x, d)) {
            if (holds(s, *x, c, k)) {
                f.reach.add(*x);
                if (first) f.clear.add(*x);
            }
            if (!at(s, *x).empty()) first = false;
        }
    }
}

// One leap from Q: nothing can stand between.
void pieces_a_leap_away(const State& s, Square Q, std::span<const Step> jumps, Color c, PieceKind k,
                        Found& f) noexcept {
    for (Step d : jumps)
        if (const std::optional<Square> x = step(Q, d); x && holds(s, *x, c, k)) {
            f.reach.add(*x);
            f.clear.add(*x);
        }
}

// The pawn of Algorithm 1: one square behind Q (down for White, up for Black), or two.
void pawn_pushes(const State& s, Square Q, Color c, Reading r, Found& f) noexcept {
    const Step back{0, -forward(c)};
    const std::optional<Square> one = step(Q, back);
    if (!one) return;
    // Erratum destination-empty. Under the Laws' reading of T(Q), σ(Q) = 0 (Laws 3.7.1: a pawn
    // moves forward to the unoccupied square), and the push onto a piece is reported here, as
    // blocked (trav/pawn-blocked), not left to T's premise. As printed, T(Q) requires Q ≠ 0, and
    // "unblocked" asks nothing of Q itself (only of the square between, for the double step): the
    // paper's GTSS finds the pawn, and [[Q]] puts it on the piece there.
    const bool onto_ok = at(s, Q).empty() || !r.corrected(Erratum::DestinationEmpty);
    if (holds(s, *one, c, PieceKind::Pawn)) {
        f.reach.add(*one);
        if (onto_ok) f.clear.add(*one);
    }
    const std::optional<Square> two = step(Q, back, 2);
    if (!two) return;
    // Erratum pawn-double-step-start-rank. Paper: two squares behind "if target square is on
    // rank 4 or 5". Laws 3.7.2: only from the pawn's start rank (rank 2 to 4, rank 7 to 5).
    const bool double_step = r.corrected(Erratum::PawnDoubleStepStartRank)
                                 ? two->rank().index() == start_rank(c)
                                 : Q.rank().index() == 3 || Q.rank().index() == 4;
    if (double_step && holds(s, *two, c, PieceKind::Pawn)) {
        f.reach.add(*two);
        if (at(s, *one).empty() && onto_ok) f.clear.add(*two);
    }
}

// The pawn of Algorithm 2: one square diagonally behind Q.
void pawn_captures(const State& s, Square Q, Color c, Found& f) noexcept {
    const std::array<Step, 2> diagonally_behind{{{-1, -forward(c)}, {1, -forward(c)}}};
    pieces_a_leap_away(s, Q, diagonally_behind, c, PieceKind::Pawn, f);
}

// The pieces of colour c and kind k the algorithm looks for, for a traversal or a capture onto Q.
[[nodiscard]] Found pieces_reaching(const State& s, Square Q, Color c, PieceKind k, bool capture, Reading r) noexcept {
    Found f;
    switch (k) {
        case PieceKind::King: pieces_a_leap_away(s, Q, kKingSteps, c, k, f); break;
        case PieceKind::Queen:
            pieces_on_lines(s, Q, kDiagonals, c, k, f);
            pieces_on_lines(s, Q, kHorizontal, c, k, f);
            pieces_on_lines(s, Q, kVertical, c, k, f);
            break;
        case PieceKind::Rook:
            pieces_on_lines(s, Q, kHorizontal, c, k, f);
            pieces_on_lines(s, Q, kVertical, c, k, f);
            break;
        case PieceKind::Bishop: pieces_on_lines(s, Q, kDiagonals, c, k, f); break;
        case PieceKind::Knight: pieces_a_leap_away(s, Q, kKnightJumps, c, k, f); break;
        case PieceKind::Pawn:
            if (capture)
                pawn_captures(s, Q, c, f);
            else
                pawn_pushes(s, Q, c, r, f);
            break;
    }
    return f;
}

// The squares a disambiguator admits: its file, its rank, both, or (none given) every square.
[[nodiscard]] SquareSet admitted(const ast::Disambiguator& d) noexcept {
    SquareSet all;
    for (int q = 0; q < 64; ++q) {
        const Square sq = Square::unchecked(q);
        if ((!d.file || sq.file() == *d.file) && (!d.rank || sq.rank() == *d.rank)) all.add(sq);
    }
    return all;
}

// (S, v) once S is chosen; a pawn capture onto an empty square still needs its victim.
[[nodiscard]] SourceResult source_at(const State& s, const SourceQuery& q, Square S) noexcept {
    if (q.kind == PieceKind::Pawn && q.capture)
        if (auto u = pawn_capture_victim(s, S, q.to)) return *u;
    return Source{S, at(s, S)};
}

// No unblocked piece of the side to move: which part of the description is wrong.
[[nodiscard]] Undefined no_source(const State& s, const SourceCall& c, Reading r) noexcept {
    const SourceQuery& q = c.query;
    Detail detail;
    detail.to = q.to;
    detail.piece = q.kind;
    if (c.reach.empty()) {
        // A pawn of ours two squares behind Q that may not step twice from where it stands: that
        // is what is wrong, not the side to move.
        if (q.kind == PieceKind::Pawn && !q.capture)
            if (const std::optional<Square> S = stranded_double_step(s, q.to, c.mover, r)) {
                detail.from = S;
                return Undefined{Failure::SrcUnreachable, detail};
            }
        // No piece of ours could ever get there; if the opponent's piece could make exactly this
        // move, the notation most likely has the wrong side to move.
        const Found theirs = pieces_reaching(s, q.to, opposite(c.mover), q.kind, q.capture, r);
        if (const SquareSet could = theirs.clear & admitted(q.from); !could.empty()) {
            detail.from = could.first();
            return Undefined{Failure::SrcOpponentPiece, detail};
        }
        return Undefined{Failure::SrcUnreachable, detail};
    }
    if (c.matched.empty()) {
        detail.candidates = c.reach.bits();
        return Undefined{Failure::SrcWrongDisambiguator, detail};
    }
    const Square S = *c.matched.first();
    const bool pawn_push = q.kind == PieceKind::Pawn && !q.capture;
    detail.from = S;
    detail.square = blocker(s, S, q.to, pawn_push);
    return Undefined{pawn_push ? Failure::TravPawnBlocked : Failure::SrcBlocked, detail};
}

// The candidates whose move T accepts.
[[nodiscard]] SquareSet legal_among(const State& s, SquareSet candidates, Square Q, Reading r) noexcept {
    SquareSet legal;
    for (Square S : candidates)
        if (boost::variant2::holds_alternative<Accepted>(terminates_concrete(s, ConcreteMove{S, Q, std::nullopt}, r)))
            legal.add(S);
    return legal;
}

// The answer once the steps are taken: the one piece left, or ⊥.
[[nodiscard]] SourceResult unique_source(const State& s, const SourceCall& c, Reading r) noexcept {
    if (c.clear.size() == 1) return source_at(s, c.query, *c.clear.first());
    if (c.clear.empty()) return no_source(s, c, r);
    if (c.counted.size() > 1) {
        Undefined ambiguous{Failure::SrcAmbiguous, Detail{}};
        ambiguous.detail.to = c.query.to;
        ambiguous.detail.piece = c.query.kind;
        ambiguous.detail.candidates = c.counted.bits();
        return ambiguous;
    }
    // One legal candidate is the source; none: the first, and T says why it may not move.
    return source_at(s, c.query, c.counted.empty() ? *c.clear.first() : *c.counted.first());
}

}  // namespace

SourceCall find_source(const State& s, const SourceQuery& q, Reading r) noexcept {
    SourceCall c;
    c.query = q;
    // if turn is even then set color to white else set color to black
    c.mover = to_move(s);
    const Found own = pieces_reaching(s, q.to, c.mover, q.kind, q.capture, r);
    c.reach = own.reach;
    c.matched = own.reach & admitted(q.from);
    c.clear = own.clear & c.matched;
    c.counted = c.clear;
    // Several candidates. Erratum ambiguity-among-legal-moves. Paper: "if the return set has more
    // than one piece, the AN is malformed". PGN 8.2.3.4: only the pieces whose move is legal count.
    if (c.clear.size() > 1 && r.corrected(Erratum::AmbiguityAmongLegalMoves)) {
        c.filtered = true;
        c.counted = legal_among(s, c.clear, q.to, r);
    }
    c.answer = unique_source(s, c, r);
    return c;
}

// GTSS(Q, P, σ)
SourceResult traversal_source(const State& sigma, PieceKind kind, const ast::Disambiguator& from, Square to,
                              Reading r) noexcept {
    return find_source(sigma, SourceQuery{false, kind, from, to}, r).answer;
}

// GCSS(Q, P, σ)
SourceResult capture_source(const State& sigma, PieceKind kind, const ast::Disambiguator& from, Square to,
                            Reading r) noexcept {
    return find_source(sigma, SourceQuery{true, kind, from, to}, r).answer;
}

std::optional<Square> stranded_double_step(const State& s, Square to, Color c, Reading r) noexcept {
    const std::optional<Square> two = step(to, {0, -forward(c)}, 2);
    if (!two || !holds(s, *two, c, PieceKind::Pawn)) return std::nullopt;
    Found f;
    pawn_pushes(s, to, c, r, f);
    if (f.reach.contains(*two)) return std::nullopt;
    return two;
}

bool is_en_passant(const State& s, Square from, Square to) noexcept {
    const PieceId v = at(s, from);
    if (v.empty() || kind_of(v) != PieceKind::Pawn) return false;
    const Color c = color_of(v);
    if (!at(s, to).empty() || to.rank().index() != en_passant_rank(c)) return false;
    const std::optional<Square> behind = step(to, {0, -forward(c)});
    if (!behind || !holds(s, *behind, opposite(c), PieceKind::Pawn)) return false;
    return static_cast<int>(s.two_step[static_cast<std::size_t>(stamp_index(at(s, *behind)))]) == s.turn - 1;
}

std::optional<Undefined> pawn_capture_victim(const State& s, Square from, Square to) noexcept {
    if (!at(s, to).empty() || is_en_passant(s, from, to)) return std::nullopt;
    const Color c = color_of(at(s, from));
    Detail d;
    d.from = from;
    d.to = to;
    d.piece = PieceKind::Pawn;
    if (to.rank().index() == en_passant_rank(c)) {
        const Square behind = *step(to, {0, -forward(c)});
        if (holds(s, behind, opposite(c), PieceKind::Pawn)) {
            // An enemy pawn stands behind the target: en passant is what was meant, and its stamp
            // says why it is not available.
            d.square = behind;
            const bool stepped = s.two_step[static_cast<std::size_t>(stamp_index(at(s, behind)))] != kNoStamp;
            return Undefined{stepped ? Failure::EpExpired : Failure::EpNoDoubleStep, d};
        }
    }
    return Undefined{Failure::CapNoVictim, d};
}

bool reaches(PieceKind k, Color c, Square from, Square to, bool capture, Reading r) noexcept {
    const int df = to.file().index() - from.file().index();
    const int dr = to.rank().index() - from.rank().index();
    const int adf = std::abs(df), adr = std::abs(dr);
    if (adf == 0 && adr == 0) return false;
    switch (k) {
        case PieceKind::Pawn: {
            const int ahead = dr * forward(c);
            if (capture) return adf == 1 && ahead == 1;
            if (df != 0) return false;
            if (ahead == 1) return true;
            // Erratum pawn-double-step-start-rank, as in GTSS above.
            const bool double_step = r.corrected(Erratum::PawnDoubleStepStartRank)
                                         ? from.rank().index() == start_rank(c)
                                         : to.rank().index() == 3 || to.rank().index() == 4;
            return ahead == 2 && double_step;
        }
        case PieceKind::Knight: return (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
        case PieceKind::Bishop: return adf == adr;
        case PieceKind::Rook: return adf == 0 || adr == 0;
        case PieceKind::Queen: return adf == adr || adf == 0 || adr == 0;
        case PieceKind::King: return adf <= 1 && adr <= 1;
    }
    PGNSEM_UNREACHABLE("every kind of piece is listed");
}

std::optional<Square> blocker(const State& s, Square from, Square to, bool pawn_push) noexcept {
    const int df = to.file().index() - from.file().index();
    const int dr = to.rank().index() - from.rank().index();
    const bool aligned = df == 0 || dr == 0 || std::abs(df) == std::abs(dr);
    if (aligned) {
        const Step d{(df > 0) - (df < 0), (dr > 0) - (dr < 0)};
        for (std::optional<Square> x = step(from, d); x && *x != to; x = step(*x, d))
            if (!at(s, *x).empty()) return x;
    }
    if (pawn_push && !at(s, to).empty()) return to;
    return std::nullopt;
}

}  // namespace pgnsem::sem
