// Each erratum of proofs-notes/errata.md, run both ways on a σ where the two readings part: the
// Laws' reading (every correction made) and the paper's form of that one correction
// (Reading::laws().with_paper(e), what `--erratum SLUG=paper` runs). The games that tell them apart
// in whole games are conformance cases (tests/conformance/errata.pgn and others, run both ways by
// tests/cli/conformance.sh); these tests pin the σ-level difference, and cover the corrections no
// game from a valid start can show (king-never-captured).
#include "tests/semantics/helpers.hpp"

using namespace pgnsem;
using namespace pgnsem::sem;
using namespace pgnsem::sem::testing;

namespace {

Reading paper_form(Erratum e) {
    return Reading::laws().with_paper(e);
}

}  // namespace

TEST_CASE("readings: the Laws make every correction, the paper none that can be run", "[erratum]") {
    for (const ErratumInfo& e : kErrata) {
        INFO(e.slug);
        CHECK(Reading::laws().corrected(e.erratum));
        CHECK(Reading::paper().corrected(e.erratum) == !e.executable);
        CHECK_FALSE(paper_form(e.erratum).corrected(e.erratum));
        CHECK(erratum_of(e.slug) == e.erratum);
    }
    CHECK(Reading::laws().is_laws());
    CHECK_FALSE(Reading::paper().is_laws());
    CHECK_FALSE(erratum_of("no-such-erratum").has_value());
}

TEST_CASE("erratum castle-black-kingside-rook: the paper tests h1 = 24", "[erratum][castle/no-rook][reject]") {
    const State s = fen("rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4");
    accepts(s, oo(), Equation::CastleKingSide);
    const Detail d = rejects(s, oo(), Failure::CastleNoRook, paper_form(Erratum::CastleBlackKingsideRook));
    CHECK(d.square == sq("h1"));
}

TEST_CASE("erratum castle-black-queenside-squares: the paper tests f8, and castles over the queen", "[erratum]") {
    const State s = fen("r2qk3/8/8/8/8/8/8/4K3 b q - 0 1");
    const Detail d = rejects(s, ooo(), Failure::CastleBlocked);
    CHECK(d.square == sq("d8"));
    const State n = accepts(s, ooo(), Equation::CastleQueenSide, paper_form(Erratum::CastleBlackQueensideSquares));
    // σ^{21,17,0,0,turn+1}_{c8,d8,e8,a8,turn}: the rook lands on d8, where the queen stood.
    CHECK(at(n, "d8") == kBlackQueensideRook);
    CHECK(at(n, "c8") == kBlackKing);
    // a f8 piece blocks the paper's castling and not the Laws'
    const State f8 = fen("r3kb2/8/8/8/8/8/8/4K3 b q - 0 1");
    accepts(f8, ooo(), Equation::CastleQueenSide);
    CHECK(rejects(f8, ooo(), Failure::CastleBlocked, paper_form(Erratum::CastleBlackQueensideSquares)).square ==
          sq("f8"));
}

TEST_CASE("erratum castle-black-queenside-rook: the paper tests a1 = 17", "[erratum]") {
    const State s = fen("r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    accepts(s, ooo(), Equation::CastleQueenSide);
    CHECK(rejects(s, ooo(), Failure::CastleNoRook, paper_form(Erratum::CastleBlackQueensideRook)).square == sq("a1"));
}

TEST_CASE("erratum castle-rook-moved: the paper castles with a rook that moved and came back", "[erratum]") {
    State s = fen("4k3/8/8/8/8/8/8/4K2R w K -");
    s.rook_moved |= kCornerH1;
    rejects(s, oo(), Failure::CastleRookMoved);
    accepts(s, oo(), Equation::CastleKingSide, paper_form(Erratum::CastleRookMoved));
}

TEST_CASE("erratum castle-uses-up-castling: the paper castles twice and puts a second king on the board", "[erratum]") {
    const State s = fen("4k3/8/8/8/8/8/8/R3K2R w KQ -");
    const State after_laws = play(s, {oo(), trav(PieceKind::King, "e7")});
    rejects(after_laws, ooo(), Failure::CastleKingMoved);
    const Reading r = paper_form(Erratum::CastleUsesUpCastling);
    const State after = play(s, {oo(), trav(PieceKind::King, "e7")}, r);
    CHECK((after.king_moved & kWhiteKingMoved) == 0);
    const State twice = accepts(after, ooo(), Equation::CastleQueenSide, r);
    CHECK(at(twice, "g1") == kWhiteKing);
    CHECK(at(twice, "c1") == kWhiteKing);
    CHECK_FALSE(well_formed(twice));
}

TEST_CASE("erratum castle-through-check: the paper does not look at the square the king crosses", "[erratum]") {
    const State s = fen("4k3/8/8/8/8/8/5r2/4K2R w K -");
    CHECK(rejects(s, oo(), Failure::CastleThroughCheck).square == sq("f1"));
    accepts(s, oo(), Equation::CastleKingSide, paper_form(Erratum::CastleThroughCheck));
}

TEST_CASE("erratum pawn-double-step-start-rank: the paper's double step onto rank 4 or 5 from anywhere", "[erratum]") {
    const State white = fen("4k3/8/8/8/8/4P3/8/4K3 w - -");
    rejects(white, trav(PieceKind::Pawn, "e5"), Failure::SrcUnreachable);
    const State n = accepts(white, trav(PieceKind::Pawn, "e5"), Equation::TravPawnDouble,
                            paper_form(Erratum::PawnDoubleStepStartRank));
    CHECK(n.two_step[static_cast<std::size_t>(stamp_index(at(n, "e5")))] == white.turn);
    const State black = fen("4k3/8/3p4/8/8/8/8/4K3 b - -");
    rejects(black, trav(PieceKind::Pawn, "d4"), Failure::SrcUnreachable);
    accepts(black, trav(PieceKind::Pawn, "d4"), Equation::TravPawnDouble, paper_form(Erratum::PawnDoubleStepStartRank));
    // the same reading for a move written by its squares
    accepts(white, coord("e3e5"), Equation::TravPawnDouble, paper_form(Erratum::PawnDoubleStepStartRank));
}

TEST_CASE("erratum en-passant-capture: the paper's T refuses the empty Q of en passant", "[erratum]") {
    const State s = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6");
    accepts(s, cap(PieceKind::Pawn, "d6", "e"), Equation::CapEnPassant);
    rejects(s, cap(PieceKind::Pawn, "d6", "e"), Failure::CapNoVictim, paper_form(Erratum::EnPassantCapture));
    rejects(s, coord("e5d6"), Failure::CapNoVictim, paper_form(Erratum::EnPassantCapture));
}

TEST_CASE("erratum promotion-compulsory: the paper leaves a pawn on the last rank", "[erratum]") {
    const State s = fen("4k3/1P6/8/8/8/8/8/4K3 w - -");
    rejects(s, trav(PieceKind::Pawn, "b8"), Failure::PromoMissing);
    const State n =
        accepts(s, trav(PieceKind::Pawn, "b8"), Equation::TravPawn, paper_form(Erratum::PromotionCompulsory));
    CHECK(kind_of(at(n, "b8")) == PieceKind::Pawn);
    CHECK_FALSE(well_formed(n));
}

TEST_CASE("erratum promotion-capture-file: the paper looks for the pawn on Q's own file", "[erratum]") {
    const State s = fen("rn2k3/1P6/8/8/8/8/8/4K3 w - -");
    const ast::Move bxa8 = promo("a8", ast::PromotionPiece::Queen, 'b');
    const State n = accepts(s, bxa8, Equation::PromoCapture);
    CHECK(at(n, "a8") == kWhiteQueen);
    rejects(s, bxa8, Failure::SrcWrongDisambiguator, paper_form(Erratum::PromotionCaptureFile));
}

TEST_CASE("erratum destination-empty: the paper's T(Q) wants Q occupied",
          "[erratum][paper/destination-empty][reject]") {
    const State s0 = initial_state();
    accepts(s0, trav(PieceKind::Pawn, "e4"), Equation::TravPawnDouble);
    const Detail d =
        rejects(s0, trav(PieceKind::Pawn, "e4"), Failure::PaperDestinationEmpty, paper_form(Erratum::DestinationEmpty));
    CHECK(d.to == sq("e4"));
    // the whole paper: its first move already fails (errata.md, entry 13)
    rejects(s0, trav(PieceKind::Pawn, "e4"), Failure::PaperDestinationEmpty, Reading::paper());
    rejects(s0, trav(PieceKind::Knight, "f3"), Failure::PaperDestinationEmpty, Reading::paper());
}

TEST_CASE("erratum destination-empty: the paper's T(P::Q) takes what stands on Q",
          "[erratum][paper/destination-empty][accept]") {
    const State s = fen("4k3/8/8/8/8/5p2/8/4K1N1 w - -");
    rejects(s, trav(PieceKind::Knight, "f3"), Failure::TravOccupied);
    const State n =
        accepts(s, trav(PieceKind::Knight, "f3"), Equation::TravPiece, paper_form(Erratum::DestinationEmpty));
    CHECK(at(n, "f3") == at(s, "g1"));
}

TEST_CASE("erratum capture-turn-parity: the paper captures at turn 0 and 1 only",
          "[erratum][paper/capture-turn][reject]") {
    const State s = play(initial_state(), {trav(PieceKind::Pawn, "e4"), trav(PieceKind::Pawn, "d5")});
    accepts(s, cap(PieceKind::Pawn, "d5", "e"), Equation::CapPawn);
    const Detail d =
        rejects(s, cap(PieceKind::Pawn, "d5", "e"), Failure::PaperCaptureTurn, paper_form(Erratum::CaptureTurnParity));
    CHECK(d.to == sq("d5"));
}

TEST_CASE("erratum capture-turn-parity: at turn 0 the paper's capture is defined",
          "[erratum][paper/capture-turn][accept]") {
    // Built directly: no game reaches a capture at turn 0, and a FEN start has turn 2 or 3.
    State s = fen("4k3/8/8/3p4/4P3/8/8/4K3 w - -");
    s.turn = 0;
    accepts(s, cap(PieceKind::Pawn, "d5", "e"), Equation::CapPawn, paper_form(Erratum::CaptureTurnParity));
}

TEST_CASE("erratum king-never-captured: the paper's T(P::x::Q) takes the king", "[erratum]") {
    // Built directly (a valid FEN cannot leave the side not to move in check): White to move, the
    // black king on h8 in the h1 rook's line.
    const State s = fen("7k/8/8/8/8/8/8/4K2R w - -");
    rejects(s, cap(PieceKind::Rook, "h8"), Failure::CapOfKing);
    const State n = accepts(s, cap(PieceKind::Rook, "h8"), Equation::CapPiece, paper_form(Erratum::KingNeverCaptured));
    CHECK(at(n, "h8") == at(s, "h1"));
    CHECK_FALSE(well_formed(n));
}

TEST_CASE("erratum ambiguity-among-legal-moves: the paper counts the pinned knight", "[erratum]") {
    const State s = play(initial_state(),
                         {trav(PieceKind::Pawn, "e4"), trav(PieceKind::Pawn, "e5"), trav(PieceKind::Knight, "c3"),
                          trav(PieceKind::Bishop, "b4"), trav(PieceKind::Pawn, "d3"), trav(PieceKind::Knight, "c6")});
    const State n = accepts(s, trav(PieceKind::Knight, "e2"), Equation::TravPiece);
    CHECK(at(n, "e2") == kWhiteKingsideKnight);
    const Detail d =
        rejects(s, trav(PieceKind::Knight, "e2"), Failure::SrcAmbiguous, paper_form(Erratum::AmbiguityAmongLegalMoves));
    CHECK(d.candidates == ((std::uint64_t{1} << sq("c3").index()) | (std::uint64_t{1} << sq("g1").index())));
}

TEST_CASE("erratum check-turn-reading: read literally, T refuses a move that gives check",
          "[erratum][paper/check-turn][reject]") {
    // Scholar's mate: 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6, then 4. Qxf7#.
    const State s = fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    accepts(s, cap(PieceKind::Queen, "f7"), Equation::CapPiece);
    const Detail d =
        rejects(s, cap(PieceKind::Queen, "f7"), Failure::PaperCheckTurn, paper_form(Erratum::CheckTurnReading));
    CHECK(d.king == sq("e8"));
    // castling that gives check, the same
    const State c = fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    accepts(c, oo(), Equation::CastleKingSide);
    rejects(c, oo(), Failure::PaperCheckTurn, paper_form(Erratum::CheckTurnReading));
}

TEST_CASE("erratum check-turn-reading: read literally, T lets a move leave its own king attacked",
          "[erratum][paper/check-turn][accept]") {
    // the e2 bishop is pinned against the e1 king by the e7 rook
    const State s = fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    rejects(s, trav(PieceKind::Bishop, "d3"), Failure::CheckPinned);
    const State n =
        accepts(s, trav(PieceKind::Bishop, "d3"), Equation::TravPiece, paper_form(Erratum::CheckTurnReading));
    CHECK(in_check(n, Color::White));
    // and the opponent may then take the king, when king-never-captured is read as printed too
    const Reading both = paper_form(Erratum::CheckTurnReading).with_paper(Erratum::KingNeverCaptured);
    rejects(n, cap(PieceKind::Rook, "e1"), Failure::CapOfKing, paper_form(Erratum::CheckTurnReading));
    const State k = accepts(n, cap(PieceKind::Rook, "e1"), Equation::CapPiece, both);
    CHECK_FALSE(king_square(k, Color::White).has_value());
}
