// One accepting and one rejecting TEST_CASE per rule of the move equations and of GTSS/GCSS
// (tags: the rule id, and [accept] or [reject]). ASTs are built directly, never parsed.
#include "tests/semantics/helpers.hpp"

using namespace pgnsem;
using namespace pgnsem::sem;
using namespace pgnsem::sem::testing;
using PP = ast::PromotionPiece;

// --- traversals -------------------------------------------------------------------------------

TEST_CASE("trav/pawn: e3 moves the e-pawn one square and restarts the halfmove clock", "[trav/pawn][accept]") {
    State s0 = initial_state();
    s0.halfmove_clock = 7;
    const State s1 = accepts(s0, trav(P, "e3"), Equation::TravPawn);
    CHECK(at(s1, "e3") == id(13));
    CHECK(at(s1, "e2") == kEmpty);
    CHECK(s1.turn == 1);
    CHECK(s1.halfmove_clock == 0);
    CHECK(s1.two_step[static_cast<std::size_t>(stamp_index(id(13)))] == kNoStamp);
}

TEST_CASE("trav/pawn: a pawn does not move three squares", "[trav/pawn][reject]") {
    rejects(fen("4k3/8/8/8/8/8/4P3/4K3 w - -"), trav(P, "e5"), Failure::SrcUnreachable);
}

TEST_CASE("trav/pawn-double: e4 stamps the pawn with the turn of σ", "[trav/pawn-double][accept]") {
    const State s1 = play(initial_state(), {trav(P, "e3"), trav(P, "a6")});
    const State s2 = accepts(s1, trav(P, "d4"), Equation::TravPawnDouble);
    CHECK(at(s2, "d4") == id(12));
    CHECK(s2.two_step[static_cast<std::size_t>(stamp_index(id(12)))] == 2);
}

TEST_CASE("trav/pawn-double: only from the start rank", "[trav/pawn-double][reject]") {
    rejects(fen("4k3/8/8/8/8/4P3/8/4K3 w - -"), trav(P, "e5"), Failure::SrcUnreachable);
}

TEST_CASE("trav/pawn-blocked: no double step through or onto a piece", "[trav/pawn-blocked][reject]") {
    const Detail through = rejects(fen("4k3/8/8/8/8/4n3/4P3/4K3 w - -"), trav(P, "e4"), Failure::TravPawnBlocked);
    REQUIRE(through.square.has_value());
    CHECK(*through.square == sq("e3"));
    const Detail onto = rejects(fen("4k3/8/8/8/4n3/8/4P3/4K3 w - -"), trav(P, "e4"), Failure::TravPawnBlocked);
    REQUIRE(onto.square.has_value());
    CHECK(*onto.square == sq("e4"));
    rejects(fen("4k3/8/8/8/8/4n3/4P3/4K3 w - -"), trav(P, "e3"), Failure::TravPawnBlocked);
}

TEST_CASE("trav/pawn-blocked: the double step with both squares empty", "[trav/pawn-blocked][accept]") {
    accepts(fen("4k3/8/8/8/8/n7/4P3/4K3 w - -"), trav(P, "e4"), Equation::TravPawnDouble);
}

TEST_CASE("trav/piece: Nf3 moves the kingside knight", "[trav/piece][accept]") {
    State s0 = initial_state();
    s0.halfmove_clock = 3;
    const State s1 = accepts(s0, trav(N, "f3"), Equation::TravPiece);
    CHECK(at(s1, "f3") == kWhiteKingsideKnight);
    CHECK(at(s1, "g1") == kEmpty);
    CHECK(s1.halfmove_clock == 4);
}

TEST_CASE("trav/piece: a knight does not move like a bishop", "[trav/piece][reject][src/unreachable]") {
    rejects(initial_state(), trav(N, "d5"), Failure::SrcUnreachable);
}

TEST_CASE("trav/king: Kd2 moves the king and sets w_king", "[trav/king][accept]") {
    const State s1 = accepts(fen("4k3/8/8/8/8/8/8/4K3 w - -"), trav(K, "d2"), Equation::TravKing);
    CHECK(at(s1, "d2") == kWhiteKing);
    CHECK((s1.king_moved & kWhiteKingMoved) != 0);
}

TEST_CASE("trav/king: the king moves one square", "[trav/king][reject]") {
    rejects(fen("4k3/8/8/8/8/8/8/4K3 w - -"), trav(K, "e3"), Failure::SrcUnreachable);
}

TEST_CASE("trav/occupied: a traversal needs an empty destination (Q ≠ 0 means empty)", "[trav/occupied][reject]") {
    rejects(fen("4k3/8/8/3p4/8/8/8/3RK3 w - -"), trav(R, "d5"), Failure::TravOccupied);
}

TEST_CASE("trav/occupied: the same rook moves to an empty square", "[trav/occupied][accept]") {
    accepts(fen("4k3/8/8/3p4/8/8/8/3RK3 w - -"), trav(R, "d4"), Equation::TravPiece);
}

TEST_CASE("dest/own-piece: no move onto an own piece", "[dest/own-piece][reject]") {
    rejects(initial_state(), trav(N, "d2"), Failure::DestOwnPiece);
    rejects(fen("4k3/8/8/8/8/8/3P4/3RK3 w - -"), cap(R, "d2"), Failure::DestOwnPiece);
    rejects(initial_state(), coord("d1d2"), Failure::DestOwnPiece);
}

TEST_CASE("dest/own-piece: onto a square the own side does not occupy", "[dest/own-piece][accept]") {
    accepts(initial_state(), trav(N, "c3"), Equation::TravPiece);
}

// --- captures ---------------------------------------------------------------------------------

TEST_CASE("cap/pawn: exd5 takes the pawn on d5", "[cap/pawn][accept]") {
    const State s1 = accepts(fen("4k3/8/8/3p4/4P3/8/8/4K3 w - -"), cap(P, "d5", "e"), Equation::CapPawn);
    CHECK(at(s1, "d5") == id(13));
    CHECK(at(s1, "e4") == kEmpty);
}

TEST_CASE("cap/pawn: the pawn captures only diagonally forward", "[cap/pawn][reject]") {
    rejects(fen("4k3/8/8/8/4p3/3P4/8/4K3 w - -"), cap(P, "d3", "e"), Failure::SrcOpponentPiece);
    rejects(fen("4k3/8/8/3p4/4P3/8/8/4K3 w - -"), cap(P, "d5", "c"), Failure::SrcWrongDisambiguator);
    rejects(fen("4k3/8/8/3p4/8/4P3/8/4K3 w - -"), cap(P, "d5", "e"), Failure::SrcUnreachable);
}

TEST_CASE("cap/no-victim: a capture needs a piece to take", "[cap/no-victim][reject]") {
    rejects(fen("4k3/8/8/3p4/4P3/8/8/4K3 w - -"), cap(P, "f5", "e"), Failure::CapNoVictim);
    rejects(fen("4k3/8/8/3p4/8/8/8/3RK3 w - -"), cap(R, "d4"), Failure::CapNoVictim);
}

TEST_CASE("cap/no-victim: the rook takes what stands there", "[cap/no-victim][accept][cap/piece]") {
    const State s1 = accepts(fen("4k3/8/8/3p4/8/8/8/3RK3 w - -"), cap(R, "d5"), Equation::CapPiece);
    CHECK(at(s1, "d5") == kWhiteQueensideRook);
}

TEST_CASE("cap/piece: Rxd5 replaces the pawn and restarts the clock", "[cap/piece][accept]") {
    State s = fen("4k3/8/8/3p4/8/8/8/3RK3 w - -");
    s.halfmove_clock = 20;
    const Termination t = terminates(cap(R, "d5"), s);
    REQUIRE(boost::variant2::holds_alternative<Accepted>(t));
    const Accepted& ok = boost::variant2::get<Accepted>(t);
    CHECK(ok.action.rule == Equation::CapPiece);
    CHECK(ok.action.captured == id(28));
    CHECK(ok.next.halfmove_clock == 0);
}

TEST_CASE("cap/piece: a bishop does not capture along a file", "[cap/piece][reject]") {
    rejects(fen("4k3/8/8/3p4/8/8/8/3BK3 w - -"), cap(B, "d5"), Failure::SrcUnreachable);
}

TEST_CASE("cap/king: Kxd2 takes and sets the king's flag", "[cap/king][accept]") {
    const State s1 = accepts(fen("4k3/8/8/8/8/8/3p4/4K3 w - -"), cap(K, "d2"), Equation::CapKing);
    CHECK((s1.king_moved & kWhiteKingMoved) != 0);
    CHECK(at(s1, "d2") == kWhiteKing);
}

TEST_CASE("cap/king: not a protected piece", "[cap/king][reject][check/into]") {
    rejects(fen("4k3/8/8/8/8/4p3/3p4/4K3 w - -"), cap(K, "d2"), Failure::CheckInto);
}

TEST_CASE("cap/of-king: the king is never captured", "[cap/of-king][reject]") {
    rejects(fen("4k3/8/8/8/8/8/8/4RK2 w - -"), cap(R, "e8"), Failure::CapOfKing);
    rejects(fen("4k3/8/8/8/8/8/8/4RK2 w - -"), coord("e1e8"), Failure::CapOfKing);
}

TEST_CASE("cap/of-king: the piece in front of the king may be taken", "[cap/of-king][accept]") {
    accepts(fen("4k3/4p3/8/8/8/8/8/4RK2 w - -"), cap(R, "e7"), Equation::CapPiece);
}

// --- en passant -------------------------------------------------------------------------------

TEST_CASE("cap/en-passant: exd6 right after d5 removes the pawn behind d6", "[cap/en-passant][accept]") {
    const State s = play(initial_state(), {trav(P, "e4"), trav(P, "a6"), trav(P, "e5"), trav(P, "d5")});
    const Termination t = terminates(cap(P, "d6", "e"), s);
    REQUIRE(boost::variant2::holds_alternative<Accepted>(t));
    const Accepted& ok = boost::variant2::get<Accepted>(t);
    CHECK(ok.action.rule == Equation::CapEnPassant);
    CHECK(ok.action.captured == id(28));
    REQUIRE(ok.action.captured_on.has_value());
    CHECK(*ok.action.captured_on == sq("d5"));
    CHECK(at(ok.next, "d5") == kEmpty);
    CHECK(at(ok.next, "d6") == id(13));
    CHECK(enumerated(s, "e5d6"));
}

TEST_CASE("cap/en-passant: the target must be empty, with a piece on it it is an ordinary capture",
          "[cap/en-passant][reject]") {
    // d6 holds a knight although the d-pawn has just double-stepped (a hand-made σ): exd6 takes
    // the knight and leaves the pawn.
    const State s = fen("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6");
    const State s1 = accepts(s, cap(P, "d6", "e"), Equation::CapPawn);
    CHECK(at(s1, "d5") == id(28));
}

TEST_CASE("ep/expired: en passant only on the move right after the double step", "[ep/expired][reject]") {
    const State s = play(initial_state(),
                         {trav(P, "e4"), trav(P, "a6"), trav(P, "e5"), trav(P, "d5"), trav(N, "f3"), trav(P, "h6")});
    rejects(s, cap(P, "d6", "e"), Failure::EpExpired);
    CHECK_FALSE(enumerated(s, "e5d6"));
}

TEST_CASE("ep/expired: the move right after is in time", "[ep/expired][accept]") {
    const State s = play(initial_state(), {trav(P, "e4"), trav(P, "a6"), trav(P, "e5"), trav(P, "d5")});
    accepts(s, cap(P, "d6", "e"), Equation::CapEnPassant);
}

TEST_CASE("ep/no-double-step: a pawn that came by single steps is not taken en passant",
          "[ep/no-double-step][reject]") {
    const State s = play(initial_state(), {trav(P, "e4"), trav(P, "d6"), trav(P, "e5"), trav(P, "d5")});
    rejects(s, cap(P, "d6", "e"), Failure::EpNoDoubleStep);
    CHECK_FALSE(enumerated(s, "e5d6"));
}

TEST_CASE("ep/no-double-step: with the stamp of the FEN's en passant square it is", "[ep/no-double-step][accept]") {
    accepts(fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6"), cap(P, "d6", "e"), Equation::CapEnPassant);
}

TEST_CASE("check/pinned: en passant that exposes the king along the rank", "[check/pinned][cap/en-passant][reject]") {
    // 8/8/8/KPp4r/8/8/8/4k3 w - c6, built by hand: the c-pawn made its double step on turn 3.
    State s;
    s.two_step.fill(kNoStamp);
    s = update(s, sq("a5"), kWhiteKing);
    s = update(s, sq("b5"), id(kWhitePawnA.value() + 1));
    s = update(s, sq("c5"), id(kBlackPawnA.value() + 2));
    s = update(s, sq("h5"), kBlackKingsideRook);
    s = update(s, sq("e1"), kBlackKing);
    s.turn = 4;
    s.two_step[static_cast<std::size_t>(stamp_index(id(kBlackPawnA.value() + 2)))] = 3;
    s.king_moved = kWhiteKingMoved | kBlackKingMoved;
    s.rook_moved = 0xF;
    const Detail d = rejects(s, cap(P, "c6", "b"), Failure::CheckPinned);
    REQUIRE(d.attacker.has_value());
    CHECK(*d.attacker == sq("h5"));
    REQUIRE(d.king.has_value());
    CHECK(*d.king == sq("a5"));
    CHECK_FALSE(enumerated(s, "b5c6"));
    // The other pawn move is fine, and the same capture without the rook is en passant.
    accepts(s, trav(P, "b6"), Equation::TravPawn);
    accepts(update(s, sq("h5"), kEmpty), cap(P, "c6", "b"), Equation::CapEnPassant);
}

// --- promotions -------------------------------------------------------------------------------

TEST_CASE("promo/push: e8=Q puts the queen id 4 on e8, bishops by square colour", "[promo/push][accept]") {
    const State s = fen("k7/3PP3/8/8/8/8/8/4K3 w - -");
    const State q = accepts(s, promo("e8", PP::Queen), Equation::PromoPush);
    CHECK(at(q, "e8") == kWhiteQueen);
    CHECK(at(q, "e7") == kEmpty);
    CHECK(at(accepts(s, promo("e8", PP::Bishop), Equation::PromoPush), "e8") == kWhiteKingsideBishop);
    CHECK(at(accepts(s, promo("d8", PP::Bishop), Equation::PromoPush), "d8") == kWhiteQueensideBishop);
    CHECK(at(accepts(s, promo("e8", PP::Knight), Equation::PromoPush), "e8") == kWhiteQueensideKnight);
    CHECK(at(accepts(s, promo("e8", PP::Rook), Equation::PromoPush), "e8") == kWhiteQueensideRook);
    const State b = fen("4k3/8/8/8/8/8/3pp3/K7 b - -");
    CHECK(at(accepts(b, promo("d1", PP::Bishop), Equation::PromoPush), "d1") == kBlackQueensideBishop);
    CHECK(at(accepts(b, promo("e1", PP::Bishop), Equation::PromoPush), "e1") == kBlackKingsideBishop);
    CHECK(at(accepts(b, promo("e1", PP::Knight), Equation::PromoPush), "e1") == kBlackQueensideKnight);
    CHECK(at(accepts(b, promo("e1", PP::Rook), Equation::PromoPush), "e1") == kBlackQueensideRook);
    CHECK(at(accepts(b, promo("e1", PP::Queen), Equation::PromoPush), "e1") == kBlackQueen);
}

TEST_CASE("promo/push: not onto an occupied square", "[promo/push][reject]") {
    rejects(fen("k3n3/4P3/8/8/8/8/8/4K3 w - -"), promo("e8", PP::Queen), Failure::TravPawnBlocked);
}

TEST_CASE("promo/capture: exd8=N takes the knight and becomes id 2", "[promo/capture][accept]") {
    const State s = fen("k2n4/4P3/8/8/8/8/8/4K3 w - -");
    CHECK(at(accepts(s, promo("d8", PP::Knight, 'e'), Equation::PromoCapture), "d8") == kWhiteQueensideKnight);
    const Termination t = terminates(promo("d8", PP::Knight, 'e'), s);
    REQUIRE(boost::variant2::holds_alternative<Accepted>(t));
    CHECK(boost::variant2::get<Accepted>(t).action.captured == kBlackQueensideKnight);
}

TEST_CASE("promo/capture: needs a victim", "[promo/capture][reject]") {
    rejects(fen("k2n4/4P3/8/8/8/8/8/4K3 w - -"), promo("f8", PP::Queen, 'e'), Failure::CapNoVictim);
}

TEST_CASE("promo/missing: promotion is compulsory", "[promo/missing][reject]") {
    const State s = fen("k2n4/4P3/8/8/8/8/8/4K3 w - -");
    rejects(s, trav(P, "e8"), Failure::PromoMissing);
    rejects(s, cap(P, "d8", "e"), Failure::PromoMissing);
    rejects(s, coord("e7e8"), Failure::PromoMissing);
    CHECK_FALSE(enumerated(s, "e7e8"));
    CHECK(enumerated(s, "e7e8q"));
}

TEST_CASE("promo/missing: with the piece named it is a promotion", "[promo/missing][accept]") {
    accepts(fen("k2n4/4P3/8/8/8/8/8/4K3 w - -"), coord("e7e8r"), Equation::PromoPush);
}

TEST_CASE("promo/not-pawn: only a pawn promotes", "[promo/not-pawn][reject]") {
    rejects(initial_state(), coord("g1f3q"), Failure::PromoNotPawn);
}

TEST_CASE("promo/not-pawn: a pawn written by its squares promotes", "[promo/not-pawn][accept]") {
    accepts(fen("k7/4P3/8/8/8/8/8/4K3 w - -"), coord("e7e8q"), Equation::PromoPush);
}

// --- GTSS / GCSS ------------------------------------------------------------------------------

TEST_CASE("src/unreachable: no knight can reach d5", "[src/unreachable][reject]") {
    const Detail d = rejects(initial_state(), trav(N, "d5"), Failure::SrcUnreachable);
    CHECK(d.piece == PieceKind::Knight);
    rejects(initial_state(), coord("g1g3"), Failure::SrcUnreachable);
}

TEST_CASE("src/unreachable: a knight reaches f3", "[src/unreachable][accept]") {
    accepts(initial_state(), trav(N, "f3"), Equation::TravPiece);
    accepts(initial_state(), coord("g1f3"), Equation::TravPiece);
}

TEST_CASE("src/blocked: Bc4 with e2 still in the way", "[src/blocked][reject]") {
    const Detail d = rejects(initial_state(), trav(B, "c4"), Failure::SrcBlocked);
    REQUIRE(d.square.has_value());
    CHECK(*d.square == sq("e2"));
    rejects(initial_state(), coord("f1c4"), Failure::SrcBlocked);
}

TEST_CASE("src/blocked: Bc4 once e2 has moved", "[src/blocked][accept]") {
    accepts(play(initial_state(), {trav(P, "e4"), trav(P, "e5")}), trav(B, "c4"), Equation::TravPiece);
}

TEST_CASE("src/opponent-piece: only Black's pawn could go to e5", "[src/opponent-piece][reject]") {
    const Detail d = rejects(initial_state(), trav(P, "e5"), Failure::SrcOpponentPiece);
    REQUIRE(d.from.has_value());
    CHECK(*d.from == sq("e7"));
    rejects(initial_state(), coord("e7e5"), Failure::SrcOpponentPiece);
}

TEST_CASE("src/opponent-piece: after 1. e4 it is Black's move", "[src/opponent-piece][accept]") {
    accepts(play(initial_state(), {trav(P, "e4")}), trav(P, "e5"), Equation::TravPawnDouble);
}

TEST_CASE("src/empty-square: a move written by its squares from an empty square", "[src/empty-square][reject]") {
    rejects(initial_state(), coord("e3e4"), Failure::SrcEmptySquare);
}

TEST_CASE("src/empty-square: from an occupied square", "[src/empty-square][accept]") {
    accepts(initial_state(), coord("e2e4"), Equation::TravPawnDouble);
}

TEST_CASE("src/ambiguous: Ne2 with knights on c3 and g1 (PGN §8.2.3.4)", "[src/ambiguous][reject]") {
    const Detail d = rejects(fen("4k3/8/8/8/8/2N5/8/4K1N1 w - -"), trav(N, "e2"), Failure::SrcAmbiguous);
    CHECK(d.candidates == ((1ull << sq("c3").index()) | (1ull << sq("g1").index())));
    // Three knights, one pinned: the candidates are the two whose move is legal.
    const Detail legal = rejects(fen("4k3/8/8/8/1b6/2N5/8/2N1K1N1 w - -"), trav(N, "e2"), Failure::SrcAmbiguous);
    CHECK(legal.candidates == ((1ull << sq("c1").index()) | (1ull << sq("g1").index())));
    // Two rooks on the a-file: the file does not tell them apart.
    rejects(fen("4k3/8/8/R7/8/8/8/R3K3 w - -"), trav(R, "a3", "a"), Failure::SrcAmbiguous);
}

TEST_CASE("src/ambiguous: a pinned knight does not make Ne2 ambiguous (the standard's example)",
          "[src/ambiguous][accept]") {
    const State s = fen("4k3/8/8/8/1b6/2N5/8/4K1N1 w - -");
    const Termination t = terminates(trav(N, "e2"), s);
    REQUIRE(boost::variant2::holds_alternative<Accepted>(t));
    CHECK(boost::variant2::get<Accepted>(t).action.from == sq("g1"));
    accepts(fen("4k3/8/8/8/8/2N5/8/4K1N1 w - -"), trav(N, "e2", "g"), Equation::TravPiece);
}

TEST_CASE("src/wrong-disambiguator: Nde2 names no knight", "[src/wrong-disambiguator][reject]") {
    rejects(fen("4k3/8/8/8/8/2N5/8/4K1N1 w - -"), trav(N, "e2", "d"), Failure::SrcWrongDisambiguator);
    rejects(fen("4k3/8/8/8/8/2N5/8/4K1N1 w - -"), trav(N, "e2", "2"), Failure::SrcWrongDisambiguator);
}

TEST_CASE("src/wrong-disambiguator: N1e2 and Nc3e2 name one", "[src/wrong-disambiguator][accept]") {
    accepts(fen("4k3/8/8/8/8/2N5/8/4K1N1 w - -"), trav(N, "e2", "1"), Equation::TravPiece);
    accepts(fen("4k3/8/8/8/8/2N5/8/4K1N1 w - -"), trav(N, "e2", "c3"), Equation::TravPiece);
}

// --- king safety ------------------------------------------------------------------------------

TEST_CASE("check/pinned: Nce2 with the knight pinned by Bb4", "[check/pinned][reject]") {
    const Detail d = rejects(fen("4k3/8/8/8/1b6/2N5/8/4K1N1 w - -"), trav(N, "e2", "c"), Failure::CheckPinned);
    REQUIRE(d.attacker.has_value());
    CHECK(*d.attacker == sq("b4"));
    REQUIRE(d.from.has_value());
    CHECK(*d.from == sq("c3"));
}

TEST_CASE("check/pinned: the knight on g1 is free", "[check/pinned][accept]") {
    accepts(fen("4k3/8/8/8/1b6/2N5/8/4K1N1 w - -"), trav(N, "e2", "g"), Equation::TravPiece);
}

TEST_CASE("check/into: the king may not step onto an attacked square", "[check/into][reject]") {
    const Detail d = rejects(fen("4k3/8/8/8/8/8/3r4/4K3 w - -"), trav(K, "e2"), Failure::CheckInto);
    REQUIRE(d.attacker.has_value());
    CHECK(*d.attacker == sq("d2"));
}

TEST_CASE("check/into: onto a free square it may", "[check/into][accept]") {
    accepts(fen("4k3/8/8/8/8/8/3r4/4K3 w - -"), trav(K, "f1"), Equation::TravKing);
    accepts(fen("4k3/8/8/8/8/8/3r4/4K3 w - -"), cap(K, "d2"), Equation::CapKing);
}

TEST_CASE("check/unanswered: in check, a move elsewhere is illegal", "[check/unanswered][reject]") {
    rejects(fen("4k3/8/8/8/8/8/P7/r3K3 w - -"), trav(P, "a3"), Failure::CheckUnanswered);
}

TEST_CASE("check/unanswered: stepping out of check answers it", "[check/unanswered][accept]") {
    accepts(fen("4k3/8/8/8/8/8/P7/r3K3 w - -"), trav(K, "e2"), Equation::TravKing);
}
