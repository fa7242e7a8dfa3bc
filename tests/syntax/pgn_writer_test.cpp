// The PGN export format (§3.2, §8.1.1, §8.2.1, §8.2.2.2 of the PGN standard): syntax/pgn_writer.
#include <catch2/catch.hpp>
#include <sstream>

#include "syntax/pgn/writer.hpp"
#include "tests/syntax/syntax_test_util.hpp"

using namespace pgnsem;
using test::read_games;

namespace {

std::string rewrite(std::string_view text, const syntax::WriteOptions& o = {}) {
    const auto games = read_games(text);
    REQUIRE(games.size() == 1);
    REQUIRE_FALSE(games[0].error);
    return syntax::write_game(games[0], o);
}

std::string movetext_of(const std::string& exported) {
    return exported.substr(exported.find("\n\n") + 2);
}

}  // namespace

TEST_CASE("§8.1.1 export tags: the Seven Tag Roster in order, defaults, then others in ASCII order",
          "[writer][8.1.1]") {
    const std::string out = rewrite("[White \"Tal\"] [ECO \"B20\"] [Annotator \"x\"] [Event \"E\"]\n1. e4 1-0");
    CHECK(out ==
          "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Tal\"]\n[Black \"?\"]\n"
          "[Result \"1-0\"]\n[Annotator \"x\"]\n[ECO \"B20\"]\n\n1. e4 1-0\n\n");
    // §7 escapes are written back
    syntax::PgnReader reader("[Event \"a \\\"b\\\" \\\\\"]\n*");
    ast::Game g;
    REQUIRE(reader.next(g));
    CHECK(syntax::write_game(g).substr(0, 20) == "[Event \"a \\\"b\\\" \\\\\"]");
}

TEST_CASE("§8.2.2.2 export move numbers", "[writer][8.2.2.2]") {
    CHECK(movetext_of(rewrite("e4 e5 Nf3 Nc6 *")) == "1. e4 e5 2. Nf3 Nc6 *\n\n");
    // after a comment or a variation, a Black move gets `N...`
    CHECK(movetext_of(rewrite("1. e4 {best} e5 2. Nf3 (2. d4 exd4) Nc6 *")) ==
          "1. e4 {best} 1... e5 2. Nf3 (2. d4 exd4) 2... Nc6 *\n\n");
    // a variation of a Black move starts with `N...`
    CHECK(movetext_of(rewrite("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *")) == "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n\n");
    // a game that starts with Black to move (from a FEN)
    syntax::WriteOptions black;
    black.first_move_number = 12;
    black.first_side = Color::Black;
    CHECK(movetext_of(rewrite("Nf6 d4 e6 *", black)) == "12... Nf6 13. d4 e6 *\n\n");
}

TEST_CASE("§8.2.3.8 export: glyphs become NAGs, canonical SAN, NAGs and comments kept", "[writer][8.2.3.8]") {
    CHECK(movetext_of(rewrite("1. e4! $14 e5?? 2. 0-0 Pd5 3. Ng1-f3 exd6 e.p. *")) ==
          "1. e4 $1 $14 e5 $4 2. O-O d5 3. Ng1f3 exd6 *\n\n");
    CHECK(movetext_of(rewrite("1. e4 1/2-1/2")) == "1. e4 1/2-1/2\n\n");
    // no marker: `*`
    const auto games = read_games("1. e4");
    CHECK(movetext_of(syntax::write_game(games.at(0))) == "1. e4 *\n\n");
}

TEST_CASE("§8.2.1 export lines hold fewer than 80 characters", "[writer][8.2.1]") {
    std::string text;
    for (int i = 1; i <= 60; ++i)
        text += std::to_string(i) + ". Nf3 Nf6 " + std::to_string(i) + "... Ng1 {a short comment} Ng8 ";
    text += "*";
    const std::string out = rewrite(text);
    std::istringstream lines(out);
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        INFO(line);
        CHECK(line.size() < 80);
        CHECK((line.empty() || (line.front() != ' ' && line.back() != ' ')));
        ++count;
    }
    CHECK(count > 20);
    // and it reads back to the same moves
    CHECK(test::main_line(read_games(out).at(0)) == test::main_line(read_games(text).at(0)));
}
