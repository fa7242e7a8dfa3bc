// The moves T accepts, and what follows from them, by definition: each move is tried with T.
#include "semantics/legal_moves.hpp"

#include "semantics/board.hpp"
#include "semantics/canonical.hpp"
#include "semantics/in_check.hpp"
#include "semantics/moves.hpp"
#include "semantics/terminates.hpp"

namespace pgnsem::sem {
namespace {

constexpr std::array<ast::PromotionPiece, 4> kPromotionPieces{ast::PromotionPiece::Knight, ast::PromotionPiece::Bishop,
                                                              ast::PromotionPiece::Rook, ast::PromotionPiece::Queen};

[[nodiscard]] bool accepted(const State& s, ConcreteMove m, Reading r) noexcept {
    return boost::variant2::holds_alternative<Accepted>(terminates_concrete(s, m, r));
}

// The moves the notation can write for the piece v on S going to Q: for a piece, P::Q and P::x::Q
// with S named in full; for a pawn, Q or W::x::Q and, onto its last rank, their promotions; for
// the king on its square, castling when Q is where castling takes it (in a Chess960 game the
// castling rook's square: the move written by its squares is the king taking its rook,
// proofs-notes/chess960.md). Under the Laws' reading at most one of them is accepted, and it is the
// move written by its squares, S to Q (L6, L7); under the paper's, a traversal onto a piece can be
// accepted too (destination-empty read as printed).
template <class Each>
void written_moves(const State& s, PieceId v, Square S, Square Q, Each&& each) {
    const PieceKind k = kind_of(v);
    const Color c = color_of(v);
    if (k != PieceKind::Pawn) {
        const ast::Disambiguator from{S.file(), S.rank()};
        each(ast::Move{ast::Traversal{k, from, Q}}, std::nullopt);
        each(ast::Move{ast::Capture{k, from, Q}}, std::nullopt);
        if (k == PieceKind::King)
            for (ast::CastleSide side : {ast::CastleSide::King, ast::CastleSide::Queen})
                if (const CastleSquares q = castle_squares(s, c, side);
                    S == q.king_from && Q == (s.chess960 ? q.rook_from : q.king_to))
                    each(ast::Move{ast::Castle{side}}, std::nullopt);
        return;
    }
    const bool diagonal = S.file() != Q.file();
    if (diagonal)
        each(ast::Move{ast::Capture{PieceKind::Pawn, ast::Disambiguator{S.file(), std::nullopt}, Q}}, std::nullopt);
    else
        each(ast::Move{ast::Traversal{PieceKind::Pawn, ast::Disambiguator{}, Q}}, std::nullopt);
    for (ast::PromotionPiece t : kPromotionPieces)
        if (const auto p = diagonal ? ast::Promotion::make(S.file(), Q, t) : ast::Promotion::make(std::nullopt, Q, t))
            each(ast::Move{*p}, std::optional<ast::PromotionPiece>(t));
}

// Calls `found(m, ⊤)` for every legal move m, in the order of S, then Q, then the promotion piece,
// until it returns false: every move of a piece of the side to move that the notation can write
// and T accepts (T given the source S: a form that T reads as another piece's move does not count).
template <class Found>
void each_legal_move(const State& s, Reading r, Found&& found) noexcept {
    for (int from = 0; from < 64; ++from) {
        const Square S = Square::unchecked(from);
        const PieceId v = at(s, S);
        if (v.empty() || !belongs_to(v, to_move(s))) continue;
        for (int to = 0; to < 64; ++to) {
            const Square Q = Square::unchecked(to);
            if (Q == S) continue;
            // The first accepted form of each (S, Q, promotion): the same move written twice is one move.
            std::array<bool, 5> seen{};
            bool go_on = true;
            written_moves(s, v, S, Q, [&](const ast::Move& m, std::optional<ast::PromotionPiece> t) {
                const std::size_t slot = t ? 1 + static_cast<std::size_t>(*t) : 0;
                if (!go_on || seen[slot]) return;
                const Termination result = terminates(m, s, r);
                const Accepted* ok = boost::variant2::get_if<Accepted>(&result);
                if (ok == nullptr || ok->action.from != S) return;
                seen[slot] = true;
                go_on = found(ConcreteMove{S, Q, t}, *ok);
            });
            if (!go_on) return;
        }
    }
}

}  // namespace

MoveList legal_moves(const State& sigma, Reading r) noexcept {
    MoveList out;
    each_legal_move(sigma, r, [&out](ConcreteMove m, const Accepted&) {
        out.push_back(m);
        return true;
    });
    return out;
}

bool has_legal_move(const State& sigma, Reading r) noexcept {
    bool any = false;
    each_legal_move(sigma, r, [&any](ConcreteMove, const Accepted&) {
        any = true;
        return false;
    });
    return any;
}

Outcome outcome(const State& sigma, Reading r) noexcept {
    if (has_legal_move(sigma, r)) return Outcome::Ongoing;
    return in_check(sigma, to_move(sigma)) ? Outcome::Checkmate : Outcome::Stalemate;
}

ast::Disambiguator canonical_disambiguator(const State& sigma, const Action& action, Reading r) noexcept {
    if (action.castle || action.piece.empty()) return {};
    const PieceKind k = kind_of(action.piece);
    if (k == PieceKind::Pawn || k == PieceKind::King) return {};
    // The other pieces of the same kind that can legally move to the same square.
    SquareSet others;
    for (int q = 0; q < 64; ++q) {
        const Square S = Square::unchecked(q);
        const PieceId v = at(sigma, S);
        if (S == action.from || v.empty() || color_of(v) != color_of(action.piece) || kind_of(v) != k) continue;
        if (accepted(sigma, ConcreteMove{S, action.to, std::nullopt}, r)) others.add(S);
    }
    if (others.empty()) return {};
    bool same_file = false, same_rank = false;
    for (Square q : others) {
        same_file = same_file || q.file() == action.from.file();
        same_rank = same_rank || q.rank() == action.from.rank();
    }
    ast::Disambiguator d;
    if (!same_file)
        d.file = action.from.file();
    else if (!same_rank)
        d.rank = action.from.rank();
    else {
        d.file = action.from.file();
        d.rank = action.from.rank();
    }
    return d;
}

ast::Move canonical_move(const State& sigma, const Action& action, const State& next, Reading r) noexcept {
    ast::CheckClaim claim = ast::CheckClaim::None;
    if (in_check(next, to_move(next))) claim = has_legal_move(next, r) ? ast::CheckClaim::Check : ast::CheckClaim::Mate;
    return canonical_san(action, canonical_disambiguator(sigma, action, r), claim);
}

std::uint64_t perft(const State& sigma, int depth, Reading r) noexcept {
    if (depth <= 0) return 1;
    std::uint64_t n = 0;
    each_legal_move(sigma, r, [&](ConcreteMove, const Accepted& ok) {
        n += perft(ok.next, depth - 1, r);
        return true;
    });
    return n;
}

}  // namespace pgnsem::sem
