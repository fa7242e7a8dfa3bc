// The move tree of the public interface (pgnsem/api.hpp: Game::plies, comments_before,
// comments_after): a small game with nested variations, comments and NAGs, whose every place is
// checked against its text, numbering from a FEN, and a game nested deeper than the tree keeps.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "pgnsem/api.hpp"

namespace api = pgnsem::api;

namespace {

// The text at a place of `text`: from line `line`, column `column` (both 1-based, columns in bytes) to
// the end of that line.
std::string at(const std::string& text, std::uint32_t line, std::uint32_t column) {
    std::size_t begin = 0;
    for (std::uint32_t l = 1; l < line; ++l) {
        begin = text.find('\n', begin);
        REQUIRE(begin != std::string::npos);
        ++begin;
    }
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    REQUIRE(column >= 1);
    REQUIRE(begin + column - 1 <= end);
    return text.substr(begin + column - 1, end - (begin + column - 1));
}

bool starts(const std::string& s, const std::string& prefix) {
    return s.compare(0, prefix.size(), prefix) == 0;
}

// Every place of a line of plies, and of its variations, checked against the text: a ply's text
// stands where it says, a NAG's `$N`, a comment's `{text}` or `;text`, a variation's `(`. Counts them.
struct Places {
    std::size_t plies = 0, nags = 0, comments = 0, variations = 0;
};
void check_comments(const std::string& text, const std::vector<api::Comment>& comments, Places& n) {
    for (const api::Comment& c : comments) {
        INFO("comment " << c.text << " at " << c.line << ":" << c.column);
        const std::string there = at(text, c.line, c.column);
        CHECK((starts(there, "{" + c.text + "}") || there == ";" + c.text));
        ++n.comments;
    }
}
void check_places(const std::string& text, const std::vector<api::Ply>& line, Places& n) {
    for (const api::Ply& p : line) {
        INFO("ply " << p.ply << " " << p.text << " at " << p.line << ":" << p.column);
        CHECK(starts(at(text, p.line, p.column), p.text));
        ++n.plies;
        for (const api::Nag& g : p.nags) {
            CHECK(starts(at(text, g.line, g.column), "$" + std::to_string(g.value)));
            ++n.nags;
        }
        check_comments(text, p.comments_after, n);
        for (const api::Variation& v : p.variations) {
            CHECK(starts(at(text, v.line, v.column), "("));
            ++n.variations;
            check_comments(text, v.comments_before, n);
            check_places(text, v.plies, n);
            check_comments(text, v.comments_after, n);
        }
    }
}

std::vector<std::string> texts(const std::vector<api::Ply>& line) {
    std::vector<std::string> out;
    for (const api::Ply& p : line) out.push_back(p.text);
    return out;
}

}  // namespace

TEST_CASE("api: a game's move tree: variations, comments and NAGs at their places", "[api]") {
    const std::string text =
        "[Event \"tree\"]\n"
        "\n"
        "{before} 1. e4 $1 {best by test} (1. d4 {queen's pawn} d5 (1... Nf6 $14\n"
        "2. c4) {after Nf6} 2. c4) (1. c4 ; English\n"
        ") {after the c4 line} 1... e5 2. Nf3!? $36 (2. f4 {gambit} exf4 ( {empty} ) 3. Nf3 ?) Nc6 {the end} 1-0\n"
        "\n"
        "[SetUp \"1\"]\n"
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 20\"]\n"
        "\n"
        "20... Kd7 21. e4 (21. e3 Kc6) *\n";
    const auto games = api::read_games(text, "tree.pgn");
    REQUIRE(games.size() == 2);
    const api::Game& g = games[0];
    CHECK(api::judge(g).verdict == api::Status::Legal);
    const std::vector<api::Ply> main = g.plies();
    CHECK(texts(main) == std::vector<std::string>{"e4", "e5", "Nf3!?", "Nc6"});

    // 1. e4 $1 {best by test}, two variations
    const api::Ply& e4 = main[0];
    CHECK(e4.ply == 1);
    CHECK(e4.move_number == 1);
    CHECK(e4.side == api::Side::White);
    CHECK((e4.line == 3 && e4.column == 13));
    REQUIRE(e4.nags.size() == 1);
    CHECK(e4.nags[0].value == 1);
    CHECK((e4.nags[0].line == 3 && e4.nags[0].column == 16));
    REQUIRE(e4.comments_after.size() == 1);
    CHECK(e4.comments_after[0].text == "best by test");
    CHECK((e4.comments_after[0].line == 3 && e4.comments_after[0].column == 19));
    CHECK(e4.suffix.empty());
    REQUIRE(e4.variations.size() == 2);
    // (1. d4 {queen's pawn} d5 (1... Nf6 $14 2. c4) {after Nf6} 2. c4)
    const api::Variation& d4 = e4.variations[0];
    CHECK((d4.line == 3 && d4.column == 34));
    CHECK(d4.comments_before.empty());
    CHECK(!d4.cut);
    CHECK(texts(d4.plies) == std::vector<std::string>{"d4", "d5", "c4"});
    CHECK(d4.plies[0].ply == 1);
    CHECK(d4.plies[1].ply == 2);
    CHECK(d4.plies[1].move_number == 1);
    CHECK(d4.plies[1].side == api::Side::Black);
    CHECK(d4.plies[2].move_number == 2);
    REQUIRE(d4.plies[0].comments_after.size() == 1);
    CHECK(d4.plies[0].comments_after[0].text == "queen's pawn");
    REQUIRE(d4.plies[1].variations.size() == 1);
    const api::Variation& nf6 = d4.plies[1].variations[0];
    CHECK(texts(nf6.plies) == std::vector<std::string>{"Nf6", "c4"});
    CHECK(nf6.plies[0].ply == 2);
    CHECK(nf6.plies[0].side == api::Side::Black);
    CHECK(nf6.plies[1].side == api::Side::White);
    CHECK(nf6.plies[1].move_number == 2);
    REQUIRE(nf6.plies[0].nags.size() == 1);
    CHECK(nf6.plies[0].nags[0].value == 14);
    CHECK((nf6.plies[1].line == 4 && nf6.plies[1].column == 4));
    REQUIRE(nf6.comments_after.size() == 1);
    CHECK(nf6.comments_after[0].text == "after Nf6");
    CHECK((nf6.comments_after[0].line == 4 && nf6.comments_after[0].column == 8));
    CHECK(d4.comments_after.empty());
    // (1. c4 ; English
    // ) {after the c4 line}
    const api::Variation& c4 = e4.variations[1];
    CHECK(texts(c4.plies) == std::vector<std::string>{"c4"});
    REQUIRE(c4.plies[0].comments_after.size() == 1);
    CHECK(c4.plies[0].comments_after[0].text == " English");
    CHECK((c4.plies[0].comments_after[0].line == 4 && c4.plies[0].comments_after[0].column == 34));
    REQUIRE(c4.comments_after.size() == 1);
    CHECK(c4.comments_after[0].text == "after the c4 line");
    CHECK((c4.comments_after[0].line == 5 && c4.comments_after[0].column == 3));
    // 2. Nf3!? $36: the glyph in the text and as the suffix, the NAG beside it
    const api::Ply& nf3 = main[2];
    CHECK(nf3.suffix == "!?");
    REQUIRE(nf3.nags.size() == 1);
    CHECK(nf3.nags[0].value == 36);
    // (2. f4 {gambit} exf4 ( {empty} ) 3. Nf3 ?): an empty variation with its comment, a glyph apart
    REQUIRE(nf3.variations.size() == 1);
    const api::Variation& f4 = nf3.variations[0];
    CHECK(texts(f4.plies) == std::vector<std::string>{"f4", "exf4", "Nf3"});
    REQUIRE(f4.plies[1].variations.size() == 1);
    const api::Variation& empty = f4.plies[1].variations[0];
    CHECK(empty.plies.empty());
    REQUIRE(empty.comments_before.size() == 1);
    CHECK(empty.comments_before[0].text == "empty");
    CHECK(f4.plies[2].text == "Nf3");
    CHECK(f4.plies[2].suffix == "?");
    CHECK(f4.plies[2].ply == 5);
    CHECK(f4.plies[2].move_number == 3);
    // the comments before the first move and after the last
    const std::vector<api::Comment> before = g.comments_before();
    REQUIRE(before.size() == 1);
    CHECK(before[0].text == "before");
    CHECK((before[0].line == 3 && before[0].column == 1));
    const std::vector<api::Comment> after = g.comments_after();
    REQUIRE(after.size() == 1);
    CHECK(after[0].text == "the end");
    REQUIRE(main[3].comments_after.size() == 1);
    CHECK(main[3].comments_after[0].text == "the end");

    // Every place against the text, and every one counted: 13 plies, 3 NAGs, 9 comments (8 in the
    // tree, and the game's before the first move), 5 variations.
    Places n;
    check_places(text, main, n);
    check_comments(text, before, n);
    CHECK(n.plies == 13);
    CHECK(n.nags == 3);
    CHECK(n.comments == 9);
    CHECK(n.variations == 5);

    // From a FEN with Black to move at move 20: the numbers counted from it.
    const std::vector<api::Ply> fen = games[1].plies();
    REQUIRE(fen.size() == 2);
    CHECK((fen[0].ply == 1 && fen[0].move_number == 20 && fen[0].side == api::Side::Black));
    CHECK((fen[1].ply == 2 && fen[1].move_number == 21 && fen[1].side == api::Side::White));
    REQUIRE(fen[1].variations.size() == 1);
    const std::vector<api::Ply>& e3 = fen[1].variations[0].plies;
    REQUIRE(e3.size() == 2);
    CHECK((e3[0].ply == 2 && e3[0].move_number == 21 && e3[0].side == api::Side::White));
    CHECK((e3[1].ply == 3 && e3[1].move_number == 21 && e3[1].side == api::Side::Black));
    check_places(text, fen, n);
    CHECK(games[1].comments_before().empty());
    CHECK(games[1].comments_after().empty());
}

TEST_CASE("api: a move tree nested deeper than kMaxNesting is cut there, and the verdict replays it all", "[api]") {
    // 1. e4 (1. d4 (1. d4 (… 20,000 deep: each variation replaces the move before it
    constexpr std::size_t kDepth = 20'000;
    std::string text = "1. e4 ";
    for (std::size_t i = 0; i < kDepth; ++i) text += "(1. d4 ";
    text += std::string(kDepth, ')') + " *\n";
    const auto games = api::read_games(text);
    REQUIRE(games.size() == 1);
    const api::Verdict v = api::judge(games[0]);
    CHECK(v.verdict == api::Status::Legal);
    const std::vector<api::Ply> main = games[0].plies();
    REQUIRE(main.size() == 1);
    const api::Ply* p = &main[0];
    std::uint32_t depth = 0;
    while (!p->variations.empty() && !p->variations[0].cut) {
        REQUIRE(p->variations.size() == 1);
        REQUIRE(p->variations[0].plies.size() == 1);
        p = &p->variations[0].plies[0];
        ++depth;
        CHECK(p->text == "d4");
    }
    CHECK(depth == api::Game::kMaxNesting);
    REQUIRE(p->variations.size() == 1);
    CHECK(p->variations[0].cut);
    CHECK(p->variations[0].plies.empty());
    // a copy is as deep, and no deeper
    const std::vector<api::Ply> copy = main;
    CHECK(copy.size() == 1);
}
