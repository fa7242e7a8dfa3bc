// The FEN cases of the edge-case catalogue (reference/edge-cases.md §4h, 96–115, and §4b 28),
// one test each, asserting pgnsem's outcome: a parse error naming its field, or the exact list of
// validity problems. Cases 25–27 of §4b (SetUp and FEN tags) are the PGN reader's and the
// interpreter's business, not the FEN reader's.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "laws/setup.hpp"
#include "syntax/fen.hpp"
#include "tests/fen/fen_test_util.hpp"

namespace {

namespace sem = pgnsem::sem;
using pgnsem::test::fen;
using pgnsem::test::fen_error;
using pgnsem::test::printed;
using pgnsem::test::problem_ids;
using pgnsem::test::through_sigma;
using Ids = std::vector<std::string>;

}  // namespace

TEST_CASE("edge case 96: the en passant target is given after every double step", "[fen][edge-case]") {
    // After 1.e4 no black pawn can take on e3; §16.1.3.4 gives the target anyway, and so does
    // pgnsem, on input and output.
    const char* after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    CHECK(problem_ids(after_e4).empty());
    CHECK(through_sigma(after_e4) == after_e4);
}

TEST_CASE("edge case 97: en passant on the wrong rank, or without its pawn", "[fen][edge-case]") {
    CHECK(problem_ids("4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1") == Ids{"position/en-passant-rank"});
    CHECK(problem_ids("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1") == Ids{"position/en-passant-rank"});
    CHECK(problem_ids("4k3/8/8/8/8/8/8/4K3 b - e3 0 1") == Ids{"position/en-passant-no-pawn"});
    // σ cannot hold such a target: printing the position read drops it
    CHECK(through_sigma("4k3/8/8/8/8/8/8/4K3 b - e3 0 1") == "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST_CASE("edge case 98: the pawn's square named as the en passant target", "[fen][edge-case]") {
    // also shakmaty#71 (§3 #26 of the catalogue): e5 where e6 is meant
    CHECK(problem_ids("rnbqkbnr/pppp2pp/5p2/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e5 0 1") ==
          Ids{"position/en-passant-rank"});
    CHECK(problem_ids("rnbqkbnr/pppp2pp/5p2/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 1").empty());
}

TEST_CASE("edge case 99: a target whose capture is pinned is valid and printed", "[fen][edge-case]") {
    const char* pinned = "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1";
    CHECK(problem_ids(pinned).empty());
    CHECK(through_sigma(pinned) == pinned);
}

TEST_CASE("edge case 100: castling rights without rooks", "[fen][edge-case]") {
    CHECK(problem_ids("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1") == Ids(4, "position/castling-rights"));
    CHECK(through_sigma("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1") == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST_CASE("edge case 101: castling rights with the king on f1", "[fen][edge-case]") {
    CHECK(problem_ids("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1") ==
          Ids{"position/castling-rights", "position/castling-rights"});
    CHECK(through_sigma("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1") == "r3k2r/8/8/8/8/8/8/R4K1R w kq - 0 1");
}

TEST_CASE("edge case 102: castling letters out of order or repeated", "[fen][edge-case]") {
    CHECK(fen_error("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1").field == "castling");
    CHECK(fen_error("r3k2r/8/8/8/8/8/8/R3K2R w KKkq - 0 1").field == "castling");
}

TEST_CASE("edge case 103: Shredder-FEN and X-FEN castling are Chess960", "[fen][edge-case]") {
    // In standard chess a right by file letter means K or Q when it names a corner, and is Chess960
    // notation otherwise; in a Chess960 position the letters name their rooks (proofs-notes/chess960.md).
    CHECK(problem_ids("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").empty());
    CHECK(through_sigma("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1") == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const char* chess960 = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1";
    CHECK(problem_ids(chess960) == Ids(4, "position/castling-rights"));
    CHECK(problem_ids(chess960, true).empty());
    CHECK(through_sigma(chess960, true) == "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1");
    CHECK(through_sigma(chess960, true, sem::CastlingStyle::Shredder) == chess960);
}

TEST_CASE("edge case 104: the side not to move in check", "[fen][edge-case]") {
    CHECK(problem_ids("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1") == Ids{"position/opposite-check"});
}

TEST_CASE("edge case 105: triple (here quadruple) check", "[fen][edge-case]") {
    CHECK(problem_ids("4k3/8/3N1N2/1B6/8/8/8/4RK2 b - - 0 1") == Ids{"position/too-many-checkers"});
}

TEST_CASE("edge case 106: the aligned double rook check no library flags", "[fen][edge-case]") {
    CHECK(problem_ids("R3k3/8/8/8/8/8/8/4RK2 b - - 0 1") == Ids{"position/impossible-check"});
}

TEST_CASE("edge case 107: no kings, two white kings, a pawn on rank 8", "[fen][edge-case]") {
    CHECK(problem_ids("8/8/8/8/8/8/8/8 w - - 0 1") == Ids{"position/missing-king", "position/missing-king"});
    CHECK(problem_ids("4k3/8/8/8/8/8/8/K3K3 w - - 0 1") == Ids{"position/too-many-kings"});
    CHECK(problem_ids("4k2P/8/8/8/8/8/8/4K3 w - - 0 1") == Ids{"position/pawn-on-back-rank"});
}

TEST_CASE("edge case 108: nine white pawns, seventeen white pieces", "[fen][edge-case]") {
    CHECK(problem_ids("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1") == Ids{"position/too-many-pawns"});
    CHECK(problem_ids("4k3/8/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQ - 0 1") == Ids{"position/too-many-pieces"});
}

TEST_CASE("edge case 109 and §4b 28: seven ranks, a rank overflowing, the digit 9", "[fen][edge-case]") {
    CHECK(fen_error("8/8/8/8/8/8/4K2k w - - 0 1").field == "placement");
    CHECK(fen_error("4k4/8/8/8/8/8/8/4K3 w - - 0 1").field == "placement");
    CHECK(fen_error("4k3/8/8/8/8/8/8/4K2k9 w - - 0 1").field == "placement");
    CHECK(fen_error("9/8/8/8/8/8/8/4K2k w - - 0 1").field == "placement");
}

TEST_CASE("edge case 110: consecutive digits are rejected", "[fen][edge-case]") {
    // syntax/fen-decisions.md: a digit counts the whole run, so K34 is not FEN (K7 is).
    const auto e = fen_error("4k3/8/8/8/8/8/8/K34 w - - 0 1");
    CHECK(e.field == "placement");
    CHECK(e.column == 18);
    CHECK_THAT(e.message, Catch::Contains("write 7"));
    CHECK(problem_ids("4k3/8/8/8/8/8/8/K7 w - - 0 1").empty());
}

TEST_CASE("edge case 111: board only, four fields", "[fen][edge-case]") {
    // a FEN (a PGN [FEN] tag) has six fields
    CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").field == "fields");
    CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").field == "fields");
    // a position on the command line may be four-field EPD, the clocks 0 1; the board alone is not
    const auto epd = pgnsem::syntax::parse_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    REQUIRE(boost::variant2::holds_alternative<pgnsem::Placement>(epd));
    CHECK(pgnsem::syntax::print_fen(boost::variant2::get<pgnsem::Placement>(epd)).view() ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const auto board = pgnsem::syntax::parse_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    REQUIRE(boost::variant2::holds_alternative<pgnsem::syntax::FenError>(board));
    CHECK(boost::variant2::get<pgnsem::syntax::FenError>(board).field == "fields");
}

TEST_CASE("edge case 112: side x, halfmove -1, fullmove 0, halfmove 150", "[fen][edge-case]") {
    CHECK(fen_error("4k3/8/8/8/8/8/8/4K3 x - - 0 1").field == "side");
    CHECK(fen_error("4k3/8/8/8/8/8/8/4K3 w - - -1 1").field == "halfmove");
    CHECK(problem_ids("4k3/8/8/8/8/8/8/4K3 w - - 0 0") == Ids{"position/clock"});
    CHECK(problem_ids("4k3/8/8/8/8/8/8/4K3 w - - 150 1").empty());
    // On the command line (parse_position, where four-field EPD is read too) a signed number after
    // the four fields is the halfmove clock, reported as such, not an EPD operation.
    for (const char* text : {"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "4k3/8/8/8/8/8/8/4K3 w - - +1 1"}) {
        INFO(text);
        const auto r = pgnsem::syntax::parse_position(text);
        REQUIRE(boost::variant2::holds_alternative<pgnsem::syntax::FenError>(r));
        const auto& e = boost::variant2::get<pgnsem::syntax::FenError>(r);
        INFO(e.message);
        CHECK(e.field == "halfmove");
        CHECK(e.column == 26);
        CHECK_THAT(e.message, Catch::Contains("the halfmove clock is a non-negative decimal number"));
    }
}

TEST_CASE("edge case 113: two spaces between fields", "[fen][edge-case]") {
    CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  KQkq - 0 1").field == "fields");
}

TEST_CASE("edge case 114: a seventh field", "[fen][edge-case]") {
    CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra").field == "fields");
}

TEST_CASE("edge case 115: the empty string", "[fen][edge-case]") {
    const auto e = fen_error("");
    CHECK(e.field == "fields");
    CHECK(e.column == 0);
}
