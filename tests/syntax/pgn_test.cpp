// The PGN reader (§4–§8 of the PGN standard), one test per section, and the reader's cases
// of the edge-case catalogue (§4a–§4g), each asserting pgnsem's decision (syntax/README.md).
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <string>

#include "tests/shared_data.hpp"
#include "tests/syntax/syntax_test_util.hpp"

using namespace pgnsem;
using test::error_kind;
using test::main_line;
using test::only;
using test::read_games;
using test::strings;
using test::warning_kinds;

TEST_CASE("§4.1 characters: HT VT LF CR allowed, other control characters are errors", "[pgn][4.1]") {
    const auto crlf = read_games("[Event \"x\"]\r\n\r\n1. e4\te5\v2. Nf3 *\r\n");
    CHECK(main_line(only(crlf)) == strings({"e4", "e5", "Nf3"}));
    CHECK_FALSE(crlf[0].error);
    // a lone CR ends a line as well
    const auto cr = read_games("[Event \"x\"]\r1. e4\r2. d4 *");
    CHECK(only(cr).plies[1].pos.line == 3);
    const auto ctl = read_games("1. e4 \x01 e5 *");
    CHECK(error_kind(only(ctl)) == "syntax/token");
    CHECK(ctl[0].error->pos.column == 7);
    CHECK(ctl[0].error->ply_index == 1);
    // non-ASCII bytes outside strings and comments
    CHECK(error_kind(only(read_games("1. e4 \xE9 *"))) == "syntax/token");
    // Latin-1 in strings and comments passes through untouched
    const auto latin = read_games("[White \"M\xFCller\"]\n1. e4 {\xE9t\xE9} *");
    CHECK(only(latin).tag("White") == std::string_view("M\xFCller"));
    CHECK(latin[0].comments.at(0).text == "\xE9t\xE9");
}

TEST_CASE("§4.3 positions: 1-based lines and byte columns", "[pgn][4.3]") {
    const auto games = read_games("[Event \"x\"]\n\n1. e4 e5\n  2. Nf3 $1 {c} (2. d4) *");
    const ast::Game& g = only(games);
    CHECK(g.start.line == 1);
    CHECK(g.start.column == 1);
    CHECK(g.tags[0].pos.column == 1);
    CHECK(g.plies[0].pos.line == 3);
    CHECK(g.plies[0].pos.column == 4);
    CHECK(g.plies[0].number_written == 1);
    CHECK(g.plies[0].number_pos.column == 1);
    CHECK(g.plies[2].pos.line == 4);
    CHECK(g.plies[2].pos.column == 6);
    CHECK(g.nags[0].pos.column == 10);
    CHECK(g.comments[0].pos.column == 13);
    CHECK(g.variations[0].pos.column == 17);
    CHECK(g.result_pos.line == 4);
    CHECK(g.result_pos.column == 25);
}

TEST_CASE("§5 comments: braces do not nest, ; to end of line", "[pgn][5]") {
    // edge case 12
    const auto nested = read_games("1. e4 { outer { inner } e5 *");
    CHECK(only(nested).comments.at(0).text == " outer { inner ");
    CHECK(main_line(nested[0]) == strings({"e4", "e5"}));
    // edge case 13
    const auto mixed = read_games("1. e4 {a ; b} e5 ; c { d\n2. Nf3 *");
    CHECK(only(mixed).comments.size() == 2);
    CHECK(mixed[0].comments[0].text == "a ; b");
    CHECK(mixed[0].comments[1].text == " c { d");
    CHECK(mixed[0].comments[1].after_ply == 1);
    CHECK(main_line(mixed[0]) == strings({"e4", "e5", "Nf3"}));
    // a comment before the first move
    CHECK(only(read_games("{start} 1. e4 *")).comments.at(0).after_ply == ast::kNone);
}

TEST_CASE("every comment records its place: game start, variation start, after a move or a variation", "[pgn][5]") {
    // plies: 0 e4, 1 e5, 2 Nf3, 3 f4 (variation 0), 4 c4 (variation 1), 5 d4 (variation 2, in 1),
    // 6 Nc6
    const auto games = read_games(
        "{g} 1. e4 e5 2. Nf3 {m} ({v0} 2. f4 {f}) {after0} ({v1} 2. c4 ({v2} 2. d4) {in1}) "
        "{after1} 2... Nc6 ( {empty} ) {end} *");
    const ast::Game& g = only(games);
    REQUIRE(g.comments.size() == 11);
    const auto number = [](std::uint32_t i) { return i == ast::kNone ? std::string("-") : std::to_string(i); };
    const auto place = [&](std::size_t i) {
        const ast::Comment& c = g.comments[i];
        return std::string(c.text) + "@" + number(c.after_ply) + "/" + number(c.after_variation) + "/" + number(c.line);
    };
    CHECK(place(0) == "g@-/-/-");
    CHECK(place(1) == "m@2/-/-");
    CHECK(place(2) == "v0@-/-/0");
    CHECK(place(3) == "f@3/-/-");
    CHECK(place(4) == "after0@2/0/-");
    CHECK(place(5) == "v1@-/-/1");
    CHECK(place(6) == "v2@-/-/2");
    CHECK(place(7) == "in1@4/2/-");
    CHECK(place(8) == "after1@2/1/-");
    CHECK(place(9) == "empty@-/-/3");
    CHECK(place(10) == "end@6/3/-");  // after Nc6's variation, before the marker
}

TEST_CASE("§6 escape: % in column 1 only", "[pgn][6]") {
    // edge case 14
    const auto escaped = read_games("%private data\n1. e4\n%more ( { \n e5 *");
    CHECK(main_line(only(escaped)) == strings({"e4", "e5"}));
    CHECK_FALSE(escaped[0].error);
    // edge case 15: not in column 1 it is not a token
    const auto stray = read_games("1. e4 e5 % 2. Nf3 *");
    CHECK(error_kind(only(stray)) == "syntax/token");
    CHECK(stray[0].error->pos.column == 10);
    CHECK(stray[0].error->ply_index == 2);
}

TEST_CASE("§7 tokens: strings with escapes, symbols, reserved < >", "[pgn][7]") {
    // edge case 18
    // (decoded values live in the reader, so this one is read with the reader in scope)
    syntax::PgnReader reader("[Event \"A \\\"quoted\\\" \\\\ event\"]\n[Site \"plain\"]\n*");
    ast::Game g;
    REQUIRE(reader.next(g));
    CHECK(g.tag("Event") == std::string_view("A \"quoted\" \\ event"));
    CHECK(g.tag("Site") == std::string_view("plain"));
    CHECK_FALSE(reader.next(g));
    CHECK(error_kind(only(read_games("1. e4 <e5> *"))) == "syntax/token");
    CHECK(error_kind(only(read_games("1. e4 . e5 *"))) == "syntax/token");
}

TEST_CASE("§8 games: zero or more, an empty file is zero games", "[pgn][8]") {
    // edge case 16
    CHECK(read_games("").empty());
    CHECK(read_games(" \n\r\n\t ").empty());
    CHECK(read_games("%only an escape line\n").empty());
    // edge case 17: movetext without tags
    const auto tagless = read_games("1. e4 e5 *");
    CHECK(only(tagless).tags.empty());
    CHECK(main_line(tagless[0]) == strings({"e4", "e5"}));
    // games and indices
    const auto three = read_games("[Event \"1\"]\n*\n\n[Event \"2\"]\n1. d4 *\n\n[Event \"3\"]\n1. c4 1-0\n");
    REQUIRE(three.size() == 3);
    CHECK(three[2].index == 3);
    CHECK(three[1].start.line == 4);
}

TEST_CASE("§8.1 tag pairs: spacing, several per line, spanning lines, names", "[pgn][8.1]") {
    // edge case 20: several on one line
    const auto one_line = read_games("[Event \"x\"] [Site \"y\"] [Result \"*\"]\n*");
    CHECK(only(one_line).tags.size() == 3);
    CHECK(one_line[0].tag("Site") == std::string_view("y"));
    // edge case 22: no space between name and value; a tag pair spanning lines
    const auto tight = read_games("[Event\"x\"][Site\n  \"y\"\n]\n*");
    CHECK(only(tight).tag("Event") == std::string_view("x"));
    CHECK(tight[0].tag("Site") == std::string_view("y"));
    // edge case 21: letters, digits, underscore
    CHECK(only(read_games("[My_Tag2 \"x\"]\n*")).tag("My_Tag2") == std::string_view("x"));
    // edge case 24: names are case-sensitive
    const auto lower = read_games("[event \"x\"]\n*");
    CHECK(only(lower).tag("event") == std::string_view("x"));
    CHECK_FALSE(lower[0].tag("Event"));
    // edge case 23: a repeated name is warned about; the last value counts
    const auto dup = read_games("[Event \"x\"] [Event \"y\"]\n*");
    CHECK(only(dup).tag("Event") == std::string_view("y"));
    CHECK(warning_kinds(dup[0]) == strings({"duplicate-tag"}));
    CHECK(dup[0].warnings[0].pos.column == 13);
    // malformed tag pairs
    for (const char* bad :
         {"[Event]\n*", "[ \"x\"]\n*", "[Ev-ent \"x\"]\n*", "[Event \"x\" junk]\n*", "[Event x]\n*"}) {
        INFO(bad);
        CHECK(error_kind(only(read_games(bad))) == "syntax/tag");
    }
    // edge case 19: an unterminated string ends at its line and does not swallow the next game
    const auto broken = read_games("[Event \"broken]\n[Site \"s\"]\n\n1. e4 *\n\n[Event \"next\"]\n1. d4 *");
    REQUIRE(broken.size() == 2);
    CHECK(error_kind(broken[0]) == "syntax/unterminated-string");
    CHECK(broken[0].error->pos.column == 8);
    CHECK(broken[1].tag("Event") == std::string_view("next"));
    CHECK(main_line(broken[1]) == strings({"d4"}));
}

TEST_CASE("§8.1 blank lines never split a game (edge cases 4-6)", "[pgn][8.1]") {
    CHECK(main_line(only(read_games("[Event \"x\"]\n1. e4 e5 *"))) == strings({"e4", "e5"}));
    CHECK(main_line(only(read_games("[Event \"x\"]\n\n\n1. e4 e5 *"))) == strings({"e4", "e5"}));
    const auto blank = read_games("[Event \"x\"]\n\n1. e4 e5\n\n2. Nf3 Nc6 *");
    CHECK(main_line(only(blank)) == strings({"e4", "e5", "Nf3", "Nc6"}));
}

namespace {

// The AlphaZero – Stockfish game of 2017 as ChessBase exported it: a blank line after `[Event]`.
const char* const kChessBaseGame =
    "[Event \"AlphaZero vs. Stockfish\"]\n"
    "\n"
    "[Date \"2017.12.04\"]\n"
    "[Round \"1\"]\n"
    "[White \"Stockfish 8\"]\n"
    "[Black \"AlphaZero\"]\n"
    "[Result \"0-1\"]\n"
    "\n"
    "1. e4 e5 2. Nf3 Nc6 0-1\n";

std::vector<std::string> tag_names(const ast::Game& g) {
    std::vector<std::string> out;
    for (const ast::Tag& t : g.tags) out.emplace_back(t.name);
    return out;
}

}  // namespace

TEST_CASE("§8 a blank line between tag pairs whose tags after it are new keeps one tag section", "[pgn][8][8.1]") {
    for (const char* eol : {"\n", "\r\n", "\r"}) {
        INFO("line end " << (eol[0] == '\n' ? "LF" : eol[1] != '\0' ? "CRLF" : "CR"));
        const std::string text = test::with_line_ends(kChessBaseGame, eol);
        const auto games = read_games(text);
        const ast::Game& g = only(games);
        CHECK(tag_names(g) == strings({"Event", "Date", "Round", "White", "Black", "Result"}));
        CHECK(main_line(g) == strings({"e4", "e5", "Nf3", "Nc6"}));
        CHECK_FALSE(g.error);
        REQUIRE(warning_kinds(g) == strings({"blank-line-in-tags"}));
        // at the `[` that continues the section
        CHECK(g.warnings[0].pos.line == 3);
        CHECK(g.warnings[0].pos.column == 1);
        CHECK(g.tags[1].pos.line == 3);
        CHECK(g.plies[0].pos.line == 9);
    }
    // several blank lines, blank lines of white space, an escape line, several sections
    const auto many = read_games("[Event \"e\"]\n\n \t\n%x\n\n[Site \"s\"] [Date \"d\"]\n\n\n[Round \"r\"]\n1. d4 *");
    CHECK(tag_names(only(many)) == strings({"Event", "Site", "Date", "Round"}));
    CHECK(warning_kinds(many[0]) == strings({"blank-line-in-tags", "blank-line-in-tags"}));
    CHECK(many[0].warnings[0].pos.line == 6);
    CHECK(many[0].warnings[1].pos.line == 9);
    CHECK(main_line(many[0]) == strings({"d4"}));
    // a tag-only game at the end of input: one game without moves
    const auto tags_only = read_games("[Event \"e\"]\n\n[Site \"s\"]\n");
    CHECK(tag_names(only(tags_only)) == strings({"Event", "Site"}));
    CHECK(warning_kinds(tags_only[0]) == strings({"blank-line-in-tags", "missing-result"}));
    // a name repeated within the later section alone is a repeat in the one section
    const auto dup = read_games("[Event \"e\"]\n\n[Site \"s\"]\n[Site \"t\"]\n1. d4 *");
    CHECK(only(dup).tag("Site") == std::string_view("t"));
    CHECK(warning_kinds(dup[0]) == strings({"blank-line-in-tags", "duplicate-tag"}));
    // after comments before the tag section, the same
    const auto commented = read_games("{c}\n[Event \"e\"]\n\n[Site \"s\"]\n1. d4 *");
    CHECK(tag_names(only(commented)) == strings({"Event", "Site"}));
    CHECK(warning_kinds(commented[0]) == strings({"comment-before-tags", "blank-line-in-tags"}));
    // a malformed pair after the blank line: one game, broken there (its name repeats nothing)
    const auto broken = read_games("[Event \"e\"]\n\n[Site s]\n1. d4 *\n\n[Event \"n\"]\n1. c4 *");
    REQUIRE(broken.size() == 2);
    CHECK(error_kind(broken[0]) == "syntax/tag");
    CHECK(broken[0].error->pos.line == 3);
    CHECK(broken[1].tag("Event") == std::string_view("n"));
}

TEST_CASE("§8 a blank line between tag pairs still ends the tag section when a tag name comes again", "[pgn][8][8.1]") {
    // a tag of the first section named again, first or late in the next one: the `[` after the
    // blank line starts the next game, and the first has no moves
    for (const char* text : {"[Event \"a\"]\n[Site \"x\"]\n\n[Site \"y\"]\n[Round \"2\"]\n\n1. e4 *",
                             "[Event \"a\"]\n[Site \"x\"]\n\n[Round \"2\"]\n[Date \"d\"] [Site \"y\"]\n\n1. e4 *",
                             "[Event \"a\"]\r\n[Site \"x\"]\r\n\r\n[Round \"2\"]\r\n[Site \"y\"]\r\n\r\n1. e4 *"}) {
        INFO(text);
        const auto games = read_games(text);
        REQUIRE(games.size() == 2);
        CHECK(tag_names(games[0]) == strings({"Event", "Site"}));
        CHECK(games[0].plies.empty());
        CHECK(warning_kinds(games[0]) == strings({"missing-result"}));
        CHECK(games[1].tag("Site") == std::string_view("y"));
        CHECK(games[1].tag("Round") == std::string_view("2"));
        CHECK(main_line(games[1]) == strings({"e4"}));
        CHECK(games[1].warnings.empty());
    }
    // a malformed pair whose name repeats one: two games, the second broken
    const auto broken = read_games("[Event \"e\"]\n\n[Event e]\n1. d4 *");
    REQUIRE(broken.size() == 2);
    CHECK(warning_kinds(broken[0]) == strings({"missing-result"}));
    CHECK(error_kind(broken[1]) == "syntax/tag");
    // the rule looks only past a blank line between tag pairs: a comment after it ends the section
    const auto comment = read_games("[Event \"e\"]\n\n{c}\n[Site \"s\"]\n1. d4 *");
    REQUIRE(comment.size() == 2);
    CHECK(warning_kinds(comment[0]) == strings({"missing-result"}));
    CHECK(tag_names(comment[1]) == strings({"Site"}));
    // and tags, a blank line, movetext stay one game without a warning
    const auto plain = read_games("[Event \"e\"]\n\n1. d4 *");
    CHECK(only(plain).warnings.empty());
    // a section after a merged one is compared with both
    const auto third = read_games("[Event \"e\"]\n\n[Site \"s\"]\n\n[Site \"t\"]\n1. d4 *");
    REQUIRE(third.size() == 2);
    CHECK(tag_names(third[0]) == strings({"Event", "Site"}));
    CHECK(warning_kinds(third[0]) == strings({"blank-line-in-tags", "missing-result"}));
    CHECK(tag_names(third[1]) == strings({"Site"}));
}

TEST_CASE("a blank line between tag pairs is decided the same when a read of the input ends anywhere in it",
          "[pgn][8][stream]") {
    // The reader's first read (PgnReader::kChunkBytes) ends before byte j of `text`, for every j:
    // the look past the blank line meets the end of the buffered bytes in each of its states.
    const std::string text =
        "[Event \"e\"]\r\n\r\n\r\n[Site \"s\"] [Date \"d\\\"q\"]\r\n\r\n[Round \"r\"]\r\n\r\n1. e4 *\r\n\r\n"
        "[Event \"a\"]\n\n[Site \"x\"]\n[Event \"b\"]\n\n1. d4 *\n";
    // tag names, moves, warnings and the error of a game (the views die with the reader's buffer)
    const auto summary = [](const ast::Game& g) {
        std::string out;
        for (const ast::Tag& t : g.tags) out += std::string(t.name) + " ";
        for (const std::string& m : main_line(g)) out += m + " ";
        for (const ast::ReaderWarning& w : g.warnings)
            out += std::string(kind_name(w.kind)) + "@" + std::to_string(w.pos.line) + ":" +
                   std::to_string(w.pos.column) + " ";
        out += error_kind(g);
        return out + "|";
    };
    std::string in_memory;
    for (const ast::Game& g : read_games(text)) in_memory += summary(g);
    CHECK(in_memory ==
          "Event Site Date Round e4 blank-line-in-tags@4:1 blank-line-in-tags@6:1 |"
          "Event missing-result@12:1 |Site Event d4 |");
    const std::size_t chunk = syntax::PgnReader::kChunkBytes;
    for (std::size_t j = 0; j <= text.size(); ++j) {
        INFO("the second read starts at byte " << j);
        // a game without tags that fills the first read up to byte j of the text
        std::string file = "{" + std::string(chunk - j - 4, 'x') + "}*\n" + text;
        REQUIRE(file.size() == chunk - j + text.size());
        std::FILE* f = fmemopen(file.data(), file.size(), "r");
        REQUIRE(f != nullptr);
        syntax::PgnReader reader(f, "tmp");
        std::string read;
        ast::Game g;
        for (int n = 0; reader.next(g); ++n)
            if (n > 0) read += summary(g);
        std::fclose(f);
        // the same, one line further down the file
        CHECK(read ==
              "Event Site Date Round e4 blank-line-in-tags@5:1 blank-line-in-tags@7:1 |"
              "Event missing-result@13:1 |Site Event d4 |");
    }
}

TEST_CASE("§8.2.2.1 move number indications", "[pgn][8.2.2.1]") {
    // edge cases 29, 30
    const std::vector<std::pair<const char*, std::vector<std::uint32_t>>> table = {
        {"1.e4 1...e5 *", {1, 1}},        {"1. e4 1.. e5 *", {1, 1}},
        {"1 . e4 1 ... e5 *", {1, 1}},    {"e4 e5 *", {0, 0}},
        {"1 e4 e5 2 Nf3 *", {1, 0, 2}},   {"1.e4 e5 2.Nf3 *", {1, 0, 2}},
        {"12... Nf6 13. d4 *", {12, 13}}, {"1.\ne4 *", {1}},
    };
    for (const auto& [text, numbers] : table) {
        INFO(text);
        const auto games = read_games(text);
        const ast::Game& g = only(games);
        CHECK_FALSE(g.error);
        std::vector<std::uint32_t> got;
        for (std::uint32_t p = g.main_line; p != ast::kNone; p = g.plies[p].next)
            got.push_back(g.plies[p].number_written);
        CHECK(got == numbers);
    }
    CHECK(error_kind(only(read_games("0. e4 *"))) == "syntax/token");
    CHECK(error_kind(only(read_games("1e4 *"))) == "syntax/san");
}

TEST_CASE("§8.2.3 SAN in movetext: tolerated spellings are recorded on the move", "[pgn][8.2.3]") {
    const auto games = read_games("1. e4 e5 2. Ng1-f3 Nc6 3. Bb5 a6 4. O-O Nf6 5. 0-0-0 *");
    const ast::Game& g = only(games);
    REQUIRE(g.plies.size() == 9);
    CHECK(g.plies[2].move.spelling == ast::kLongAlgebraic);
    CHECK(g.plies[2].text == "Ng1-f3");
    CHECK(g.plies[8].move.spelling == ast::kZeroCastle);
    // edge case 44: `exd6 e.p.` as its own token sets the same bit
    const auto ep = read_games("1. e4 Nf6 2. e5 d5 3. exd6 e.p. *");
    CHECK(only(ep).plies.size() == 5);
    CHECK((ep[0].plies[4].move.spelling & ast::kEnPassantSuffix) != 0);
    CHECK(error_kind(only(read_games("1. e4 e.p. *"))) == "syntax/san");
    // SAN errors carry the file column of the offending character
    const auto bad = read_games("1. e4 e5\n2. Nf3xyz *");
    CHECK(error_kind(only(bad)) == "syntax/san");
    CHECK(bad[0].error->pos.line == 2);
    CHECK(bad[0].error->pos.column == 8);
    CHECK(bad[0].error->token == "Nf3xyz");
    CHECK(bad[0].error->ply_index == 2);
    // edge case 55: `nf3` is an error, never the pawn move f3
    CHECK(error_kind(only(read_games("1. e4 e5 2. nf3 *"))) == "syntax/san");
    // edge case 54: UCI moves in movetext
    const auto uci = read_games("1. e2e4 e7e5 2. g1f3 *");
    CHECK(only(uci).plies.size() == 3);
    CHECK(uci[0].plies[2].move.spelling == ast::kCoordinate);
}

TEST_CASE("§8.2.3.8 detached suffix annotations (edge cases 82-86)", "[pgn][8.2.3.8]") {
    const auto attached = read_games("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *");
    CHECK(only(attached).plies.size() == 6);
    CHECK(attached[0].plies[5].move.suffix == ast::Suffix::Dubious);
    const auto detached = read_games("1. e4 ! e5 ?? *");
    const ast::Game& g = only(detached);
    CHECK(g.plies[0].move.suffix == ast::Suffix::Good);
    CHECK(g.plies[0].move.spelling == ast::kDetachedSuffix);
    CHECK(g.plies[1].move.suffix == ast::Suffix::Blunder);
    CHECK(error_kind(only(read_games("1. e4! ! *"))) == "syntax/suffix");
    CHECK(error_kind(only(read_games("! 1. e4 *"))) == "syntax/suffix");
    CHECK(error_kind(only(read_games("1. e4 !!! *"))) == "syntax/suffix");
    CHECK(error_kind(only(read_games("1. Qh5!+ *"))) == "syntax/suffix");
}

TEST_CASE("§8.2.4 NAGs $0-$255 (edge case 87)", "[pgn][8.2.4]") {
    const auto games = read_games("1. e4 $1 $14 e5 $0 $255 *");
    const ast::Game& g = only(games);
    REQUIRE(g.nags.size() == 4);
    CHECK(g.plies[0].nags_count == 2);
    CHECK(g.nags[g.plies[0].nags_begin + 1].value == 14);
    CHECK(g.nags[g.plies[1].nags_begin + 1].value == 255);
    const auto big = read_games("1. e4 $256 *");
    CHECK(error_kind(only(big)) == "syntax/nag");
    CHECK(big[0].error->token == "$256");
    CHECK(error_kind(only(read_games("1. e4 $ *"))) == "syntax/nag");
    CHECK(error_kind(only(read_games("$1 1. e4 *"))) == "syntax/nag");
    // NAGs of a ply stay together around a variation that has its own
    const auto split = read_games("1. e4 $1 (1. d4 $2) $3 *");
    const ast::Game& s = only(split);
    CHECK_FALSE(s.error);
    REQUIRE(s.plies[0].nags_count == 2);
    CHECK(s.nags[s.plies[0].nags_begin].value == 1);
    CHECK(s.nags[s.plies[0].nags_begin + 1].value == 3);
}

TEST_CASE("§8.2.5 RAV: nesting, siblings, errors (edge cases 88-91, 36)", "[pgn][8.2.5]") {
    // edge case 88
    const auto nested = read_games("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 *");
    const ast::Game& g = only(nested);
    CHECK_FALSE(g.error);
    CHECK(main_line(g) == strings({"e4", "e5", "Nf3"}));
    const ast::Ply& e5 = g.plies[g.plies[g.main_line].next];
    REQUIRE(e5.first_variation != ast::kNone);
    const ast::Variation& v = g.variations[e5.first_variation];
    CHECK(test::printed(g.plies[v.first_ply].move) == "c5");
    const ast::Ply& nf3 = g.plies[g.plies[v.first_ply].next];
    REQUIRE(nf3.first_variation != ast::kNone);
    CHECK(test::printed(g.plies[g.variations[nf3.first_variation].first_ply].move) == "c3");
    // siblings replace the same ply; an empty variation is kept
    const auto siblings = read_games("1. e4 (1. d4) (1. c4) () e5 *");
    const ast::Game& s = only(siblings);
    REQUIRE(s.variations.size() == 3);
    CHECK(s.variations[0].next_sibling == 1);
    CHECK(s.variations[1].next_sibling == 2);
    CHECK(s.variations[2].first_ply == ast::kNone);
    CHECK(main_line(s) == strings({"e4", "e5"}));
    // deep nesting needs no recursion
    std::string deep = "1. e4 ";
    for (int i = 0; i < 100000; ++i) deep += "( d4 ";
    for (int i = 0; i < 100000; ++i) deep += ") ";
    deep += "*";
    const auto deep_games = read_games(deep);
    CHECK_FALSE(only(deep_games).error);
    CHECK(deep_games[0].variations.size() == 100000);
    // edge case 89
    const auto before = read_games("(1. d4) 1. e4 e5 *");
    CHECK(error_kind(only(before)) == "syntax/variation-start");
    CHECK(before[0].error->ply_index == 0);
    // edge case 90
    const auto unclosed = read_games("1. e4 (1. d4 *");
    CHECK(error_kind(only(unclosed)) == "syntax/unclosed-variation");
    CHECK(unclosed[0].error->pos.column == 7);
    CHECK(error_kind(only(read_games("1. e4 (1. d4"))) == "syntax/unclosed-variation");
    // edge case 91
    const auto extra = read_games("1. e4 ) e5 *");
    CHECK(error_kind(only(extra)) == "syntax/unmatched-paren");
    CHECK(extra[0].error->pos.column == 7);
    // edge case 36
    const auto marker = read_games("1. e4 (1. d4 1-0) e5 *");
    CHECK(error_kind(only(marker)) == "syntax/result-in-variation");
    CHECK(marker[0].error->pos.column == 14);
    // edge case 95: a null move inside a variation is read (the interpreter judges it)
    const auto null_rav = read_games("1. e4 (1. -- d5) e5 *");
    CHECK_FALSE(only(null_rav).error);
}

TEST_CASE("§8.2.6 termination markers", "[pgn][8.2.6]") {
    const std::vector<std::pair<const char*, ast::Result>> table = {
        {"1. e4 1-0", ast::Result::WhiteWins},
        {"1. e4 0-1", ast::Result::BlackWins},
        {"1. e4 1/2-1/2", ast::Result::Draw},
        {"1. e4 *", ast::Result::Unknown},
    };
    for (const auto& [text, result] : table) {
        INFO(text);
        const auto games = read_games(text);
        CHECK(only(games).result == result);
        CHECK(games[0].warnings.empty());
    }
    // edge case 8: no marker at the end of input
    const auto eof = read_games("[Event \"x\"]\n1. e4 e5");
    CHECK_FALSE(only(eof).result);
    CHECK(warning_kinds(eof[0]) == strings({"missing-result"}));
    // edge case 9: no marker before the next game
    const auto next = read_games("[Event \"a\"]\n1. e4 e5\n\n[Event \"b\"]\n1. d4 *");
    REQUIRE(next.size() == 2);
    CHECK(warning_kinds(next[0]) == strings({"missing-result"}));
    CHECK(main_line(next[0]) == strings({"e4", "e5"}));
    CHECK(main_line(next[1]) == strings({"d4"}));
    // edge case 10: text after the marker is not played (movetext there starts a new game,
    // tests/syntax/hostile_input_test.cpp)
    const auto after = read_games("1. e4 e5 1-0 White resigned. 2. Nf3 Nc6\n\n[Event \"b\"]\n*");
    REQUIRE(after.size() == 2);
    CHECK(main_line(after[0]) == strings({"e4", "e5"}));
    CHECK(warning_kinds(after[0]) == strings({"text-after-result"}));
    CHECK(after[0].warnings[0].pos.column == 14);
    CHECK(after[0].warnings[0].found == "White resigned. 2. Nf3 Nc6");
    // NUL bytes after the marker (seen in real files)
    const std::string nul("1. e4 1-0\0\0\n[Event \"b\"]\n*", 26);
    const auto nuls = read_games(nul);
    REQUIRE(nuls.size() == 2);
    CHECK(warning_kinds(nuls[0]) == strings({"text-after-result"}));
    CHECK(nuls[0].warnings[0].found == std::string_view("\0\0", 2));
    // edge case 35: other spellings of results are not markers
    for (const char* bad : {"1. e4 \xBD-\xBD",
                            "1. e4 1\xE2\x80\x93"
                            "0",
                            "1. e4 1/2"}) {
        INFO(bad);
        const auto g = read_games(bad);
        CHECK(only(g).error);
        CHECK_FALSE(g[0].result);
    }
}

TEST_CASE("edge case 1-3: byte order mark, CRLF, tabs", "[pgn][edge]") {
    const auto bom = read_games("\xEF\xBB\xBF[Event \"x\"]\n1. e4 *");
    CHECK(only(bom).tag("Event") == std::string_view("x"));
    CHECK(bom[0].tags[0].pos.column == 1);
    CHECK(main_line(only(read_games("[Event \"x\"]\r\n\r\n1.\te4\te5 *\r\n"))) == strings({"e4", "e5"}));
}

TEST_CASE("edge case 7: games glued without blank lines", "[pgn][edge]") {
    const auto glued = read_games("[Event \"G1\"]\n1. e4 e5 1-0\n[Event \"G2\"]\n[Site \"?\"]\n1. d4 d5 0-1\n");
    REQUIRE(glued.size() == 2);
    CHECK(glued[0].nags.empty());
    CHECK(glued[1].tag("Event") == std::string_view("G2"));
    CHECK(glued[1].tags.size() == 2);
    CHECK(main_line(glued[1]) == strings({"d4", "d5"}));
    const auto same_line = read_games("1. e4 1-0[Event \"G2\"]1. d4 *");
    REQUIRE(same_line.size() == 2);
    CHECK(same_line[0].warnings.empty());
}

TEST_CASE("edge case 11: an unterminated comment does not swallow the next games", "[pgn][edge]") {
    const auto games = read_games("[Event \"a\"]\n1. e4 {never closed\n2. Nf3 *\n\n[Event \"b\"]\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    CHECK(error_kind(games[0]) == "syntax/unterminated-comment");
    CHECK(games[0].error->pos.column == 7);
    CHECK(games[0].error->ply_index == 1);
    CHECK(games[1].tag("Event") == std::string_view("b"));
    CHECK_FALSE(games[1].error);
    // `[Event ` at the start of a line ends it even without a blank line
    const auto tight = read_games("1. e4 {open\n[Event \"b\"]\n1. d4 *");
    REQUIRE(tight.size() == 2);
    CHECK(main_line(tight[1]) == strings({"d4"}));
    // at the end of input
    CHECK(error_kind(only(read_games("1. e4 {open"))) == "syntax/unterminated-comment");
}

TEST_CASE("resynchronisation: a broken game never hides the games after it", "[pgn][resync]") {
    const auto games = read_games(
        "[Event \"1\"]\n1. e4 Nz9 e5 *\n\n"
        "[Event \"2\"]\n[Bad tag]\n[Site \"s\"]\n\n1. e4 *\n\n"
        "[Event \"3\"]\n1. e4 $999 *\n[Event \"4\"]\n1. d4 *\n");
    REQUIRE(games.size() == 4);
    CHECK(error_kind(games[0]) == "syntax/san");
    CHECK(games[0].error->ply_index == 1);
    CHECK(error_kind(games[1]) == "syntax/tag");
    CHECK(error_kind(games[2]) == "syntax/nag");
    CHECK(games[3].tag("Event") == std::string_view("4"));
    CHECK_FALSE(games[3].error);
    CHECK(games[3].start.line == 12);
}

TEST_CASE("edge cases 92-94: null moves in movetext", "[pgn][edge]") {
    const auto games = read_games("1. e4 -- 2. d4 Z0 3. c4 0000 4. Nf3 @@@@ *");
    const ast::Game& g = only(games);
    CHECK_FALSE(g.error);
    REQUIRE(g.plies.size() == 8);
    for (std::uint32_t i : {1u, 3u, 5u, 7u})
        CHECK(boost::variant2::holds_alternative<ast::NullMove>(g.plies[i].move.body));
    // edge case 94: `1. 0000 *` is one game with one (null) move
    CHECK(only(read_games("1. 0000 *")).plies.size() == 1);
}

TEST_CASE("the reader streams from a FILE and reuses the game", "[pgn][stream]") {
    std::FILE* f = std::tmpfile();
    REQUIRE(f != nullptr);
    std::string text;
    for (int i = 0; i < 3000; ++i) {
        text += "[Event \"game " + std::to_string(i) + "\"]\n[Site \"?\"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 ";
        // a few big games, so that some span the reader's chunks
        if (i % 1000 == 7) text += "{" + std::string(3u << 20, 'x') + "} ";
        text += "3. Bb5 a6 1-0\n\n";
    }
    REQUIRE(std::fwrite(text.data(), 1, text.size(), f) == text.size());
    std::rewind(f);
    syntax::PgnReader reader(f, "tmp");
    ast::Game g;
    int n = 0;
    while (reader.next(g)) {
        INFO("game " << n);
        REQUIRE_FALSE(g.error);
        CHECK(g.tag("Event") == "game " + std::to_string(n));
        CHECK(main_line(g) == strings({"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}));
        CHECK(g.start.line == static_cast<std::uint32_t>(5 * n + 1));
        ++n;
    }
    CHECK(n == 3000);
    CHECK(reader.io_error().empty());
    std::fclose(f);
}

TEST_CASE("the reader reads all 116,886 real games (or the first PGNSEM_CORPUS_GAMES)", "[pgn][corpus]") {
    const std::string path = test::real_games_path();
    std::FILE* in = test::open_real_games();
    REQUIRE(in != nullptr);
    syntax::PgnReader reader(in, path);
    ast::Game g;
    // PGNSEM_CORPUS_GAMES (test::corpus_limit): 0 for the whole file, else its first games.
    const std::size_t limit = pgnsem::test::corpus_limit();
    std::size_t games = 0, errors = 0, plies = 0;
    while ((limit == 0 || games < limit) && reader.next(g)) {
        ++games;
        plies += g.plies.size();
        if (g.error) ++errors;
    }
    pclose(in);
    CHECK(errors == 0);
    if (limit == 0 || limit >= 116886) {
        CHECK(games == 116886);
        CHECK(plies > 9000000);
    } else {
        // the file's games have 82 plies on average
        CHECK(games == limit);
        CHECK(plies > 40 * limit);
    }
}

TEST_CASE("a game longer than 64 MiB is an error and is skipped to the next tag section", "[pgn][stream]") {
    std::FILE* f = std::tmpfile();
    REQUIRE(f != nullptr);
    const std::string head = "[Event \"big\"]\n[Site \"?\"]\n\n1. e4 {";
    REQUIRE(std::fwrite(head.data(), 1, head.size(), f) == head.size());
    const std::string line(1023, 'x');
    for (int i = 0; i < 65 * 1024; ++i) {
        REQUIRE(std::fwrite(line.data(), 1, line.size(), f) == line.size());
        REQUIRE(std::fputc('\n', f) == '\n');
    }
    const std::string tail = "} e5 *\n\n[Event \"after\"]\n1. d4 *\n";
    REQUIRE(std::fwrite(tail.data(), 1, tail.size(), f) == tail.size());
    std::rewind(f);
    syntax::PgnReader reader(f, "big");
    ast::Game g;
    REQUIRE(reader.next(g));
    CHECK(error_kind(g) == "syntax/game-too-long");
    CHECK(g.index == 1);
    REQUIRE(reader.next(g));
    CHECK(g.tag("Event") == std::string_view("after"));
    CHECK(main_line(g) == strings({"d4"}));
    CHECK(g.start.line == 65 * 1024 + 6);
    CHECK(g.index == 2);
    CHECK_FALSE(reader.next(g));
    std::fclose(f);
}

TEST_CASE("the reader stays linear on adversarial input (many siblings, tags, scattered NAGs)", "[pgn][stream]") {
    // Quadratic work on any of these (200,000 items) would take minutes; linear work takes
    // milliseconds. The bound is loose so that a loaded machine never fails it.
    const auto t0 = std::chrono::steady_clock::now();
    std::string siblings = "1. e4 ";
    for (int i = 0; i < 200000; ++i) siblings += "() ";
    siblings += "*";
    const auto s = read_games(siblings);
    CHECK(only(s).variations.size() == 200000);
    CHECK(s[0].variations[199998].next_sibling == 199999);

    std::string tags;
    for (int i = 0; i < 100000; ++i) {
        tags += "[T";
        tags += std::to_string(i);
        tags += " \"v\"][Same \"x\"]\n";
    }
    tags += "*";
    const auto t = read_games(tags);
    CHECK(only(t).tags.size() == 200000);
    CHECK(t[0].warnings.size() == 99999);

    // blank lines between tag pairs: each section after one is looked at once before it is read,
    // and a name repeated at the end of a long section is found there
    std::string sections;
    for (int i = 0; i < 100000; ++i) sections += "[T" + std::to_string(i) + " \"v\"]\n\n";
    for (int i = 0; i < 100000; ++i) sections += "[U" + std::to_string(i) + " \"v\"]\n";
    sections += "[T0 \"w\"]\n\n1. e4 *";
    const auto b = read_games(sections);
    REQUIRE(b.size() == 2);
    CHECK(b[0].tags.size() == 100000);
    CHECK(b[0].warnings.size() == 100000);  // 99,999 blank-line-in-tags, missing-result
    CHECK(b[1].tags.size() == 100001);
    CHECK(b[1].warnings.empty());

    std::string nags = "1. e4 ";
    // (a ply holds at most 65,535 NAGs: Ply::nags_count is 16 bits)
    for (int i = 0; i < 60000; ++i) {
        nags += "$";
        nags += std::to_string(i % 200);
        nags += " (d4 $7) ";
    }
    nags += "*";
    const auto n = read_games(nags);
    const ast::Game& g = only(n);
    REQUIRE_FALSE(g.error);
    REQUIRE(g.plies[0].nags_count == 60000);
    for (std::uint32_t i = 0; i < 60000; ++i) REQUIRE(g.nags[g.plies[0].nags_begin + i].value == i % 200);
    for (std::uint32_t v = g.plies[0].first_variation; v != ast::kNone; v = g.variations[v].next_sibling) {
        const ast::Ply& d4 = g.plies[g.variations[v].first_ply];
        REQUIRE(d4.nags_count == 1);
        REQUIRE(g.nags[d4.nags_begin].value == 7);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(seconds < 20.0);
}
