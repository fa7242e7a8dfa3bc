// One test per reader-level case of the edge-case catalogue (shared reference edge-cases.md,
// §4a–§4g), named by its number, each asserting pgnsem's outcome. The decisions where the other
// systems disagree are in syntax/README.md. Cases that are the semantics' or the interpreter's
// business (25–28, 31–34, 40–43, 56–57, 62–79, 81) are tested there; here only their reading is.
#include <catch2/catch.hpp>

#include "tests/syntax/syntax_test_util.hpp"

using namespace pgnsem;
using test::error_kind;
using test::main_line;
using test::read_games;
using test::strings;

namespace {

// One game, read without error, with this main line and these warnings.
void expect_game(std::string_view text, std::vector<std::string> moves, std::vector<std::string> warnings = {}) {
    const auto games = read_games(text);
    REQUIRE(games.size() == 1);
    if (games[0].error) FAIL("unexpected " << games[0].error->kind << ": " << games[0].error->message);
    CHECK(main_line(games[0]) == moves);
    CHECK(test::warning_kinds(games[0]) == warnings);
}

// One game whose first error is `kind` at line:column.
void expect_error(std::string_view text, std::string_view kind, std::uint32_t line, std::uint32_t column) {
    const auto games = read_games(text);
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].error);
    CHECK(games[0].error->kind == kind);
    CHECK(games[0].error->pos.line == line);
    CHECK(games[0].error->pos.column == column);
}

void expect_san(std::string_view token, std::string_view canonical, std::uint16_t spelling) {
    const ast::Move m = test::san(token);
    CHECK(test::printed(m) == canonical);
    CHECK(m.spelling == spelling);
}

}  // namespace

TEST_CASE("edge case 1: UTF-8 BOM before the first tag", "[edge][4a]") {
    expect_game("\xEF\xBB\xBF[Event \"x\"]\n1. e4 *", {"e4"});
}
TEST_CASE("edge case 2: CRLF line ends", "[edge][4a]") {
    expect_game("[Event \"x\"]\r\n\r\n1. e4 e5 *\r\n", {"e4", "e5"});
}
TEST_CASE("edge case 3: tabs between tokens", "[edge][4a]") {
    expect_game("[Event\t\"x\"]\n1.\te4\te5\t*", {"e4", "e5"});
}
TEST_CASE("edge case 4: no blank line after the tags", "[edge][4a]") {
    expect_game("[Event \"x\"]\n1. e4 *", {"e4"});
}
TEST_CASE("edge case 5: two blank lines after the tags: one game", "[edge][4a]") {
    const auto games = read_games("[Event \"x\"]\n\n\n1. e4 *");
    REQUIRE(games.size() == 1);
    CHECK(games[0].tags.size() == 1);
    CHECK(main_line(games[0]) == strings({"e4"}));
}
TEST_CASE("edge case 6: a blank line inside the movetext does not split the game", "[edge][4a]") {
    expect_game("1. e4 e5\n\n2. Nf3 Nc6 *", {"e4", "e5", "Nf3", "Nc6"});
}
TEST_CASE("edge case 7: no blank line between games", "[edge][4a]") {
    const auto games = read_games("[Event \"G1\"]\n1. e4 ?? 1-0\n[Event \"G2\"]\n[Result \"?\"]\n1. d4 0-1");
    REQUIRE(games.size() == 2);
    CHECK(games[0].nags.empty());
    CHECK(games[0].plies[0].move.suffix == ast::Suffix::Blunder);
    CHECK(games[1].tag("Event") == std::string_view("G2"));
}
TEST_CASE("edge case 8: no termination marker at the end of input", "[edge][4a]") {
    expect_game("[Event \"x\"]\n1. e4 e5", {"e4", "e5"}, {"missing-result"});
}
TEST_CASE("edge case 9: no termination marker before the next game", "[edge][4a]") {
    const auto games = read_games("1. e4 e5\n[Event \"b\"]\n1. d4 *");
    REQUIRE(games.size() == 2);
    CHECK(main_line(games[0]) == strings({"e4", "e5"}));
    CHECK(test::warning_kinds(games[0]) == strings({"missing-result"}));
}
TEST_CASE("edge case 10: moves after the marker are not played in its game: they start a new one", "[edge][4a]") {
    // §8: a game's tag section may be empty, so movetext after a marker is the next game
    const auto games = read_games("1. e4 e5 1-0 2. Nf3 Nc6");
    REQUIRE(games.size() == 2);
    CHECK(main_line(games[0]) == strings({"e4", "e5"}));
    CHECK(games[0].warnings.empty());
    CHECK(main_line(games[1]) == strings({"Nf3", "Nc6"}));
    CHECK(test::warning_kinds(games[1]) == strings({"missing-result"}));
    // other text after the marker is not played, and said so
    expect_game("1. e4 e5 1-0 White resigned", {"e4", "e5"}, {"text-after-result"});
}
TEST_CASE("edge case 11: unterminated comment", "[edge][4a]") {
    expect_error("1. e4 {open\n2. Nf3 *", "syntax/unterminated-comment", 1, 7);
}
TEST_CASE("edge case 12: braces do not nest", "[edge][4a]") {
    const auto games = read_games("1. e4 { outer { inner } *");
    REQUIRE(games.size() == 1);
    CHECK(games[0].comments.at(0).text == " outer { inner ");
}
TEST_CASE("edge case 13: ; inside braces and { inside a ; comment", "[edge][4a]") {
    expect_game("1. e4 {a ; b} e5 ; c { d\n2. Nf3 *", {"e4", "e5", "Nf3"});
}
TEST_CASE("edge case 14: % in column 1 is an escape line", "[edge][4a]") {
    expect_game("1. e4\n% ignored ( {\ne5 *", {"e4", "e5"});
}
TEST_CASE("edge case 15: % elsewhere is an error", "[edge][4a]") {
    expect_error("1. e4 e5 % 2. Nf3 *", "syntax/token", 1, 10);
}
TEST_CASE("edge case 16: empty input is zero games", "[edge][4a]") {
    CHECK(read_games("").empty());
}
TEST_CASE("edge case 17: movetext without tags", "[edge][4a]") {
    expect_game("1. e4 e5 *", {"e4", "e5"});
}
TEST_CASE("edge case 18: escapes in strings are decoded", "[edge][4b]") {
    syntax::PgnReader reader("[Event \"A \\\"quoted\\\" \\\\ event\"]\n*");
    ast::Game g;
    REQUIRE(reader.next(g));
    CHECK(g.tag("Event") == std::string_view("A \"quoted\" \\ event"));
}
TEST_CASE("edge case 19: unterminated string", "[edge][4b]") {
    const auto games = read_games("[Event \"broken]\n[Site \"?\"]\n\n1. e4 *\n\n[Event \"b\"]\n*");
    REQUIRE(games.size() == 2);
    CHECK(error_kind(games[0]) == "syntax/unterminated-string");
    CHECK_FALSE(games[1].error);
}
TEST_CASE("edge case 20: several tag pairs on one line", "[edge][4b]") {
    const auto games = read_games("[Event \"x\"] [Site \"y\"] [Result \"*\"]\n*");
    REQUIRE(games.size() == 1);
    CHECK(games[0].tags.size() == 3);
    CHECK(games[0].tag("Event") == std::string_view("x"));
}
TEST_CASE("edge case 21: tag names with digits and underscore", "[edge][4b]") {
    CHECK(read_games("[My_Tag2 \"x\"]\n*").at(0).tag("My_Tag2") == std::string_view("x"));
}
TEST_CASE("edge case 22: no space between tag name and value", "[edge][4b]") {
    const auto games = read_games("[Event\"x\"][Result\"*\"]\n*");
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag("Result") == std::string_view("*"));
}
TEST_CASE("edge case 23: duplicate tag: last value, warning", "[edge][4b]") {
    const auto games = read_games("[Event \"x\"] [Event \"y\"]\n*");
    REQUIRE(games.size() == 1);
    CHECK(games[0].tag("Event") == std::string_view("y"));
    CHECK(test::warning_kinds(games[0]) == strings({"duplicate-tag"}));
}
TEST_CASE("edge case 24: tag names are case-sensitive", "[edge][4b]") {
    const auto games = read_games("[event \"x\"]\n*");
    CHECK(games.at(0).tag("event") == std::string_view("x"));
    CHECK_FALSE(games[0].tag("Event"));
}
TEST_CASE("edge case 29: 1.e4, 1...e5, 1.. e5, no numbers", "[edge][4c]") {
    expect_game("1.e4 1...e5 2.. Nf3 Nc6 *", {"e4", "e5", "Nf3", "Nc6"});
}
TEST_CASE("edge case 30: white space before the periods", "[edge][4c]") {
    expect_game("1 . e4 1 ... e5 *", {"e4", "e5"});
}
TEST_CASE("edge case 35: other result spellings are not markers", "[edge][4c]") {
    expect_error("1. e4 \xC2\xBD-\xC2\xBD", "syntax/token", 1, 7);
    expect_error(
        "1. e4 1\xE2\x80\x93"
        "0",
        "syntax/token", 1, 8);
    expect_error("1. e4 1/2", "syntax/san", 1, 7);
}
TEST_CASE("edge case 36: a marker inside a variation", "[edge][4c]") {
    expect_error("1. e4 (1. d4 1-0) e5 *", "syntax/result-in-variation", 1, 14);
}
TEST_CASE("edge case 37: O-O", "[edge][4d]") {
    expect_san("O-O", "O-O", ast::kCanonical);
}
TEST_CASE("edge case 38: 0-0", "[edge][4d]") {
    expect_san("0-0", "O-O", ast::kZeroCastle);
}
TEST_CASE("edge case 39: o-o", "[edge][4d]") {
    CHECK(test::san_error("o-o").kind == "syntax/san");
}
TEST_CASE("edge case 41: e1g1 is read as a coordinate move", "[edge][4d]") {
    expect_san("e1g1", "e1g1", ast::kCoordinate);
}
TEST_CASE("edge case 42: O-O+ keeps its check claim", "[edge][4d]") {
    CHECK(test::san("O-O+").claim == ast::CheckClaim::Check);
}
TEST_CASE("edge case 44: exd6e.p., exd6ep, exd6 e.p.", "[edge][4d]") {
    expect_san("exd6e.p.", "exd6", ast::kEnPassantSuffix);
    expect_san("exd6ep", "exd6", ast::kEnPassantSuffix);
    const auto games = read_games("1. e4 d5 2. exd5 e.p. *");
    REQUIRE(games.size() == 1);
    CHECK(games[0].plies.at(2).move.spelling == ast::kEnPassantSuffix);
}
TEST_CASE("edge case 45: b8=Q+", "[edge][4d]") {
    expect_san("b8=Q+", "b8=Q+", ast::kCanonical);
}
TEST_CASE("edge case 46: b8Q", "[edge][4d]") {
    expect_san("b8Q", "b8=Q", ast::kPromotionWithoutEquals);
}
TEST_CASE("edge case 47: b8=q, b8q", "[edge][4d]") {
    expect_san("b8=q", "b8=Q", ast::kLowercasePromotion);
    expect_san("b8q", "b8=Q", ast::kLowercasePromotion | ast::kPromotionWithoutEquals);
}
TEST_CASE("edge case 48: b8 parses as a pawn advance (the semantics rejects it)", "[edge][4d]") {
    expect_san("b8", "b8", ast::kCanonical);
}
TEST_CASE("edge case 49: b8(Q), b8/Q", "[edge][4d]") {
    expect_error("1. b8(Q) *", "syntax/san", 1, 8);
    CHECK(test::san_error("b8/Q").kind == "syntax/san");
}
TEST_CASE("edge case 50: b8=K, b8=P", "[edge][4d]") {
    CHECK(test::san_error("b8=K").kind == "syntax/promotion-piece");
    CHECK(test::san_error("b8=P").kind == "syntax/promotion-piece");
}
TEST_CASE("edge case 51: Pe4", "[edge][4d]") {
    expect_san("Pe4", "e4", ast::kPawnLetter);
}
TEST_CASE("edge case 52: e2e4", "[edge][4d]") {
    expect_san("e2e4", "e2e4", ast::kCoordinate);
}
TEST_CASE("edge case 53: e2-e4, Ng1-f3", "[edge][4d]") {
    expect_san("e2-e4", "e2e4", ast::kLongAlgebraic);
    expect_san("Ng1-f3", "Ng1f3", ast::kLongAlgebraic);
    expect_game("1. e2-e4 e7-e5 *", {"e2e4", "e7e5"});
}
TEST_CASE("edge case 54: UCI tokens in PGN", "[edge][4d]") {
    expect_game("1. e2e4 e7e5 2. g1f3 *", {"e2e4", "e7e5", "g1f3"});
}
TEST_CASE("edge case 55: nf3 is an error, never the pawn move f3", "[edge][4d]") {
    expect_error("1. e4 e5 2. nf3 *", "syntax/san", 1, 13);
}
TEST_CASE("edge case 56-57: the capture sign is read as written (the semantics checks it)", "[edge][4d]") {
    CHECK(boost::variant2::holds_alternative<ast::Traversal>(test::san("Nf3").body));
    CHECK(boost::variant2::holds_alternative<ast::Capture>(test::san("Nxf3").body));
}
TEST_CASE("edge case 58: ed5", "[edge][4d]") {
    CHECK(test::san_error("ed5").kind == "syntax/san");
}
TEST_CASE("edge case 59: ed, xd5, d5", "[edge][4d]") {
    CHECK(test::san_error("ed").kind == "syntax/san");
    CHECK(test::san_error("xd5").kind == "syntax/pawn-capture-file");
    expect_san("d5", "d5", ast::kCanonical);
}
TEST_CASE("edge case 60: N:f3, the colon for x, is a tolerated spelling", "[edge][4d]") {
    expect_san("N:f3", "Nxf3", ast::kCaptureColon);
    expect_san("Nb:d7", "Nbxd7", ast::kCaptureColon);
    expect_san("e:d5", "exd5", ast::kCaptureColon);
    expect_san("e:d8=Q", "exd8=Q", ast::kCaptureColon);
    expect_san("e4:d5", "exd5", ast::kLongAlgebraic | ast::kCaptureColon);
    expect_san("Ng1:f3", "Ng1xf3", ast::kCaptureColon);
    // the colon stands only where `x` would: not after the square, not alone, not on a far file
    CHECK(test::san_error("Nf3:").kind == "syntax/san");
    CHECK(test::san_error("N:").kind == "syntax/san");
    CHECK(test::san_error("e:").kind == "syntax/san");
    CHECK(test::san_error(":d5").kind == "syntax/san");
    CHECK(test::san_error("e:g5").kind == "syntax/pawn-capture-file");
}
TEST_CASE("edge case 61: trailing garbage, empty token", "[edge][4d]") {
    CHECK(test::san_error("Nf3xyz").kind == "syntax/san");
    CHECK(test::san_error("").kind == "syntax/san");
}
TEST_CASE("edge case 80: e4+, e4#, e4++", "[edge][4e]") {
    CHECK(test::san("e4+").claim == ast::CheckClaim::Check);
    CHECK(test::san("e4#").claim == ast::CheckClaim::Mate);
    CHECK(test::san_error("e4++").kind == "syntax/suffix");
}
TEST_CASE("edge case 81: a variation is read as one (the interpreter judges its moves)", "[edge][4e]") {
    const auto games = read_games("1. e4 (1. Ke2 e5) e5 2. Nf3 *");
    REQUIRE(games.size() == 1);
    CHECK(main_line(games[0]) == strings({"e4", "e5", "Nf3"}));
    CHECK(games[0].variations.size() == 1);
}
TEST_CASE("edge case 82: the six glyphs", "[edge][4f]") {
    expect_game("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *", {"e4!", "e5?", "Nf3!!", "Nc6??", "Bb5!?", "a6?!"});
}
TEST_CASE("edge case 83: detached glyphs", "[edge][4f]") {
    const auto games = read_games("1. e4 ! e5 ?? *");
    REQUIRE(games.size() == 1);
    CHECK(games[0].plies[1].move.suffix == ast::Suffix::Blunder);
    CHECK(games[0].plies[1].move.spelling == ast::kDetachedSuffix);
}
TEST_CASE("edge case 84: Qh5+!", "[edge][4f]") {
    CHECK(test::san("Qh5+!").suffix == ast::Suffix::Good);
}
TEST_CASE("edge case 85: Qh5!+", "[edge][4f]") {
    expect_error("1. e4 e5 2. Qh5!+ *", "syntax/suffix", 1, 17);
}
TEST_CASE("edge case 86: e4!!!", "[edge][4f]") {
    expect_error("1. e4!!! *", "syntax/suffix", 1, 8);
}
TEST_CASE("edge case 87: $256", "[edge][4f]") {
    expect_error("1. e4 $256 *", "syntax/nag", 1, 7);
}
TEST_CASE("edge case 88: nested variations", "[edge][4f]") {
    expect_game("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 *", {"e4", "e5", "Nf3"});
}
TEST_CASE("edge case 89: a variation before any move", "[edge][4f]") {
    expect_error("(1. d4) 1. e4 e5 *", "syntax/variation-start", 1, 1);
}
TEST_CASE("edge case 90: an unclosed variation", "[edge][4f]") {
    expect_error("1. e4 (1. d4 *", "syntax/unclosed-variation", 1, 7);
}
TEST_CASE("edge case 91: an extra )", "[edge][4f]") {
    expect_error("1. e4 e5) *", "syntax/unmatched-paren", 1, 9);
}
TEST_CASE("edge case 92: -- in the main line is read (the interpreter rejects it)", "[edge][4g]") {
    expect_game("1. e4 -- 2. d4 *", {"e4", "--", "d4"});
}
TEST_CASE("edge case 93: Z0", "[edge][4g]") {
    expect_game("1. e4 Z0 2. d4 *", {"e4", "--", "d4"});
}
TEST_CASE("edge case 94: 0000 and @@@@: one game", "[edge][4g]") {
    expect_game("1. 0000 *", {"--"});
    expect_game("1. e4 @@@@ *", {"e4", "--"});
}
TEST_CASE("edge case 95: -- inside a variation", "[edge][4g]") {
    expect_game("1. e4 (1. -- d5) e5 *", {"e4", "e5"});
}
