// canonical_move: the SAN the PGN standard asks for (§8.2.3.4), as an AST: minimal
// disambiguation among legal moves, `x` on captures (en passant too), `+`/`#` from σ'.
#include "semantics/fast/legal_moves.hpp"
#include "tests/semantics/helpers.hpp"

using namespace pgnsem;
using namespace pgnsem::sem;
using namespace pgnsem::sem::testing;

namespace {

// T's answer to the move `uci` in σ, which must be legal.
Accepted accepted(const State& s, std::string_view uci) {
    const Termination t = terminates_concrete(s, concrete(uci));
    REQUIRE(boost::variant2::holds_alternative<Accepted>(t));
    return boost::variant2::get<Accepted>(t);
}

ast::Move canonical(const State& s, std::string_view uci) {
    const Accepted ok = accepted(s, uci);
    return canonical_move(s, ok.action, ok.next);
}

// The same from the fast path (semantics/fast/legal_moves.hpp), which asks the other piece's move
// along the line from its king only.
ast::Move canonical_fast(const State& s, std::string_view uci) {
    const Accepted ok = accepted(s, uci);
    return fast::canonical_move(s, ok.action, ok.next);
}

ast::Move with_claim(ast::Move m, ast::CheckClaim c) {
    m.claim = c;
    return m;
}

}  // namespace

TEST_CASE("canonical: file, else rank, else square, among legal moves only", "[canonical]") {
    const State kn = fen("4k3/8/8/8/8/2N5/8/4K1N1 w - -");
    CHECK(canonical(kn, "g1e2") == trav(PieceKind::Knight, "e2", "g"));
    const State pinned = fen("4k3/8/8/8/1b6/2N5/8/4K1N1 w - -");
    CHECK(canonical(pinned, "g1e2") == trav(PieceKind::Knight, "e2"));
    const State rooks = fen("4k3/8/8/R7/8/8/8/R3K3 w - -");
    CHECK(canonical(rooks, "a1a3") == trav(PieceKind::Rook, "a3", "1"));
    const State queens = fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - -");
    CHECK(canonical(queens, "a1b2") == trav(PieceKind::Queen, "b2", "a1"));
    CHECK(canonical(queens, "a3b2") == trav(PieceKind::Queen, "b2", "3"));
    CHECK(canonical(queens, "c1b2") == trav(PieceKind::Queen, "b2", "c"));
}

// The other piece counts when its own move to Q is legal: a pinned piece moving along the pin
// (or taking the pinner), or answering the check as the moving piece does; it does not when its
// move would leave the king attacked.
TEST_CASE("canonical: the other piece's move is judged as T judges it (pins, checks)", "[canonical]") {
    struct Case {
        const char* fen;
        const char* uci;
        ast::Move expected;
    };
    const Case cases[] = {
        // a rook pinned on the e-file moves along it, so both rooks reach e4
        {"4k3/4r3/8/8/R7/8/4R3/4K3 w - -", "a4e4", trav(PieceKind::Rook, "e4", "a")},
        {"4k3/4r3/8/8/R7/8/4R3/4K3 w - -", "e2e4", trav(PieceKind::Rook, "e4", "e")},
        // the pinned rook may take its pinner
        {"4k3/8/R3r3/8/8/4R3/8/4K3 w - -", "a6e6", with_claim(cap(PieceKind::Rook, "e6", "a"), ast::CheckClaim::Check)},
        // the pinned rook may not leave the e-file
        {"4k3/4r3/8/8/8/8/4R3/R3K3 w - -", "a1a2", trav(PieceKind::Rook, "a2")},
        // in check, both knights can take the checker, both rooks can block
        {"4k3/8/8/8/1N6/3n4/5N2/4K3 w - -", "f2d3", cap(PieceKind::Knight, "d3", "f")},
        {"4r1k1/8/8/8/R6R/8/8/4K3 w - -", "a4e4", trav(PieceKind::Rook, "e4", "a")},
        // the knight on f2 is free, then pinned on the diagonal e1–h4
        {"4k3/8/8/8/8/8/3N1N2/4K3 w - -", "d2e4", trav(PieceKind::Knight, "e4", "d")},
        {"4k3/8/8/8/7q/8/3N1N2/4K3 w - -", "d2e4", trav(PieceKind::Knight, "e4")},
        // on the king's diagonal but shielded by a piece of its own, or facing a rook there (a rook
        // does not move along a diagonal), or a bishop on a file: free
        {"4k3/8/8/8/7q/6P1/3N1N2/4K3 w - -", "d2e4", trav(PieceKind::Knight, "e4", "d")},
        {"4k3/8/8/8/7r/8/3N1N2/4K3 w - -", "d2e4", trav(PieceKind::Knight, "e4", "d")},
        {"4b1k1/8/8/4N3/8/8/8/2N1K3 w - -", "c1d3", trav(PieceKind::Knight, "d3", "c")},
        // pinned on the file by a queen; and in check by a knight, which both rooks reach, but the
        // rook on the file is pinned by the queen behind it
        {"4q1k1/8/8/4N3/8/8/8/2N1K3 w - -", "c1d3", trav(PieceKind::Knight, "d3")},
        {"4q1k1/8/8/8/8/R2nR3/8/4K3 w - -", "a3d3", cap(PieceKind::Rook, "d3")},
        // a pinned bishop may take its pinner, so another bishop taking it is told apart from it,
        // and it from the other
        {"4k3/4B3/8/8/7q/8/5B2/4K3 w - -", "e7h4", cap(PieceKind::Bishop, "h4", "e")},
        {"4k3/4B3/8/8/7q/8/5B2/4K3 w - -", "f2h4", cap(PieceKind::Bishop, "h4", "f")},
    };
    for (const Case& c : cases) {
        INFO(c.fen << "  " << c.uci);
        CHECK(canonical(fen(c.fen), c.uci) == c.expected);
        CHECK(canonical_fast(fen(c.fen), c.uci) == c.expected);
    }
}

TEST_CASE("canonical: pawn captures carry the file, x exactly on captures", "[canonical]") {
    const State ep = play(initial_state(), {trav(PieceKind::Pawn, "e4"), trav(PieceKind::Pawn, "a6"),
                                            trav(PieceKind::Pawn, "e5"), trav(PieceKind::Pawn, "d5")});
    CHECK(canonical(ep, "e5d6") == cap(PieceKind::Pawn, "d6", "e"));
    CHECK(canonical(initial_state(), "e2e4") == trav(PieceKind::Pawn, "e4"));
    CHECK(canonical(fen("4k3/8/8/3p4/8/8/8/3RK3 w - -"), "d1d5") == cap(PieceKind::Rook, "d5"));
}

TEST_CASE("canonical: check and mate claims, castling, promotion", "[canonical]") {
    CHECK(canonical(fen("5k2/8/8/8/8/8/8/4K2R w K -"), "e1g1") == with_claim(oo(), ast::CheckClaim::Check));
    const State fool =
        play(initial_state(), {trav(PieceKind::Pawn, "f3"), trav(PieceKind::Pawn, "e5"), trav(PieceKind::Pawn, "g4")});
    CHECK(canonical(fool, "d8h4") == with_claim(trav(PieceKind::Queen, "h4"), ast::CheckClaim::Mate));
    const State pr = fen("4k3/1P6/8/8/8/8/8/4K3 w - -");
    CHECK(canonical(pr, "b7b8q") == with_claim(promo("b8", ast::PromotionPiece::Queen), ast::CheckClaim::Check));
    CHECK(canonical(pr, "b7b8n") == promo("b8", ast::PromotionPiece::Knight));
    CHECK(canonical(fen("r3k3/1P6/8/8/8/8/8/4K3 w - -"), "b7a8r") ==
          with_claim(promo("a8", ast::PromotionPiece::Rook, 'b'), ast::CheckClaim::Check));
}
