// The moves T accepts, and what follows from them, by definition: each move is tried with T.
#include "semantics/legal_moves.hpp"

#include "semantics/board.hpp"
#include "semantics/canonical.hpp"
#include "semantics/in_check.hpp"
#include "semantics/terminates.hpp"

namespace pgnsem::sem {
namespace {

constexpr std::array<std::optional<ast::PromotionPiece>, 5> kPromotionChoices{
    std::nullopt, ast::PromotionPiece::Knight, ast::PromotionPiece::Bishop, ast::PromotionPiece::Rook,
    ast::PromotionPiece::Queen};

[[nodiscard]] bool accepted(const State& s, ConcreteMove m, Reading r) noexcept {
    return boost::variant2::holds_alternative<Terminates>(terminates_concrete(s, m, r));
}

// Calls `found(m)` for every legal move m, in order, until it returns false.
template <class Found>
void each_legal_move(const State& s, Reading r, Found&& found) noexcept {
    for (int from = 0; from < 64; ++from) {
        const PieceId v = s.board[static_cast<std::size_t>(from)];
        if (v.empty() || !belongs_to(v, to_move(s))) continue;
        for (int to = 0; to < 64; ++to)
            for (const auto& t : kPromotionChoices) {
                const ConcreteMove m{Square::unchecked(from), Square::unchecked(to), t};
                if (accepted(s, m, r) && !found(m)) return;
            }
    }
}

}  // namespace

MoveList legal_moves(const State& sigma, Reading r) noexcept {
    MoveList out;
    each_legal_move(sigma, r, [&out](ConcreteMove m) {
        out.push_back(m);
        return true;
    });
    return out;
}

bool has_legal_move(const State& sigma, Reading r) noexcept {
    bool any = false;
    each_legal_move(sigma, r, [&any](ConcreteMove) {
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
    for (const ConcreteMove& m : legal_moves(sigma, r)) {
        const Termination t = terminates_concrete(sigma, m, r);
        n += perft(boost::variant2::get<Terminates>(t).next, depth - 1, r);
    }
    return n;
}

}  // namespace pgnsem::sem
