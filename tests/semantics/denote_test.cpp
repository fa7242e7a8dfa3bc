// [[M]] on its own: the movement rules give σ' (or ⊥); destination, promotion and king safety
// are T's (terminates.cpp). The Laws' bookkeeping every equation does.
#include "tests/semantics/helpers.hpp"

using namespace pgnsem;
using namespace pgnsem::sem;
using namespace pgnsem::sem::testing;

TEST_CASE("denote: the movement rules alone, T adds the destination condition", "[denote]") {
    const State s = fen("4k3/8/8/3p4/8/8/8/3RK3 w - -");
    const Partial<Transition> d = denote(trav(PieceKind::Rook, "d5"), s);
    REQUIRE(boost::variant2::holds_alternative<Transition>(d));
    CHECK(boost::variant2::get<Transition>(d).action.rule == Equation::TravPiece);
    rejects(s, trav(PieceKind::Rook, "d5"), Failure::TravOccupied);
    const Partial<Transition> blocked = denote(trav(PieceKind::Rook, "d6"), s);
    REQUIRE(boost::variant2::holds_alternative<Undefined>(blocked));
    const Undefined& u = boost::variant2::get<Undefined>(blocked);
    CHECK(u.rule == Failure::SrcBlocked);
    REQUIRE(u.detail.square.has_value());
    CHECK(*u.detail.square == sq("d5"));
    REQUIRE(u.detail.from.has_value());
    CHECK(*u.detail.from == sq("d1"));
}

TEST_CASE("denote: the halfmove clock counts past 65535, the move number follows turn", "[denote]") {
    State s = fen("4k3/8/8/8/8/8/8/3RK3 w - -");
    s.halfmove_clock = 0xFFFF;
    const Partial<Transition> d = denote(trav(PieceKind::Rook, "d4"), s);
    REQUIRE(boost::variant2::holds_alternative<Transition>(d));
    const State& n = boost::variant2::get<Transition>(d).next;
    CHECK(n.halfmove_clock == 0x10000);  // 32 bits: a FEN's 65535 plus a game's plies (semantics/state.hpp)
    CHECK(n.number_base == s.number_base);
    CHECK(move_number(play(n, {trav(PieceKind::King, "e7")})) == move_number(s) + 1);
}

TEST_CASE("denote: the action of a castling names the king's move and the side", "[denote]") {
    const Partial<Transition> d = denote(oo(), fen("4k3/8/8/8/8/8/8/4K2R w K -"));
    REQUIRE(boost::variant2::holds_alternative<Transition>(d));
    const Action& a = boost::variant2::get<Transition>(d).action;
    CHECK(a.from == sq("e1"));
    CHECK(a.to == sq("g1"));
    CHECK(a.piece == kWhiteKing);
    REQUIRE(a.castle.has_value());
    CHECK(*a.castle == ast::CastleSide::King);
    CHECK(a.captured == kEmpty);
}
