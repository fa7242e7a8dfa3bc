// A PgnReader over a piece of the input (PgnReader::Origin, PgnReader::Halt), as
// `check -j N` uses it (app/check_parallel.cpp). A reader that stops before a given offset, and a
// second reader started where the first halted (its offset, line and line start), read the games
// one reader reads, at every cut of texts that exercise every path of the reader; a piece that is
// not final reads a prefix of those games, or says it ran out of text.
#include <cstdint>
#include <string>

#include "syntax/pgn/reader.hpp"
#include "syntax/pgn/scan.hpp"
#include "tests/syntax/game_difference.hpp"
#include "tests/syntax/syntax_test_util.hpp"
#include "tests/xorshift.hpp"

using namespace pgnsem;
using test::with_line_ends;

namespace {

using Origin = syntax::PgnReader::Origin;
using Halt = syntax::PgnReader::Halt;

// Reads the games of `actual`, each compared field by field (tests/syntax/game_difference.hpp) with
// the next game of `expected`, a reader of the whole text. The two are compared game by game, as they
// are read: a game's views may point into its reader's scratch (an escaped tag's value), which the
// reader's next game reuses. Returns how many games `actual` read.
std::size_t read_against(syntax::PgnReader& expected, syntax::PgnReader& actual) {
    ast::Game want, got;
    std::size_t n = 0;
    while (actual.next(got)) {
        INFO("game " << n);
        REQUIRE(expected.next(want));
        REQUIRE(test::game_difference(want, got) == "");
        ++n;
    }
    return n;
}

const char* const kPieceCases =
    "\xEF\xBB\xBF% an escape line\n"
    "; a comment before the tags\n"
    "[Event \"a\"]\n[White \"x\\\"y\"]\n\n1. e4 e5 2. Nf3 {a note\n\n[Event \"in a comment\"]\n} Nc6 1-0\n"
    "[Event \"tight\"]\n1. d4 Nz9 2. c4 {open\n\n[Event \"b\"]\n[Site \"cut\n1. e4 *\n\n"
    "[Event \"c\"]\n\n[Event \"d\"]\n\n1. c4 (1. d4 d5 (1... Nf6)) c5 0-1 trailing words\nmore\n\n"
    "1. g3 *  1. b3 * 1-0[Event \"glued\"]\n1. e4 (1. d4 1-0\n\n   \n\n[Event \"e\"]\n\n1. e4\n";

}  // namespace

TEST_CASE("a reader continued from where another halted reads the games of one reader", "[pgn][stream][parallel]") {
    for (const char* eol : {"\n", "\r\n", "\r"}) {
        const std::string text = with_line_ends(kPieceCases, eol);
        std::size_t games = 0;
        {
            syntax::PgnReader reader(text);
            ast::Game g;
            while (reader.next(g)) ++games;
        }
        REQUIRE(games >= 8);
        for (std::size_t cut = 1; cut < text.size(); ++cut) {
            CAPTURE(eol, cut);
            syntax::PgnReader whole(text);
            syntax::PgnReader first(text, Origin{0, 0, 1, 0, 0, true, cut});
            std::size_t read = read_against(whole, first);
            const Halt halt = first.halt();
            if (halt.kind == Halt::Kind::Stop) {
                REQUIRE(halt.offset >= cut);
                syntax::PgnReader second(text, Origin{0, halt.offset, halt.line, halt.line_start,
                                                      static_cast<std::uint32_t>(read), true, UINT64_MAX});
                read += read_against(whole, second);
                REQUIRE(second.halt().kind == Halt::Kind::End);
            } else {
                REQUIRE(halt.kind == Halt::Kind::End);
            }
            REQUIRE(read == games);
            // A piece that is not final: a prefix of the games (read_against requires each of its
            // games to be the next one of the whole text), and OutOfText unless it stopped.
            syntax::PgnReader again(text);
            syntax::PgnReader partial(std::string_view(text).substr(0, cut), Origin{0, 0, 1, 0, 0, false, UINT64_MAX});
            read_against(again, partial);
            REQUIRE(partial.halt().kind == Halt::Kind::OutOfText);
        }
    }
}

TEST_CASE("a reader over a piece of memory starts at its offset, line and game number", "[pgn][stream][parallel]") {
    const std::string text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    const std::size_t at = text.find("[Event \"b\"]");
    // the piece holds the file's bytes from `at` on; the second game, number 1 + 1, on line 5
    syntax::PgnReader reader(std::string_view(text).substr(at), Origin{at, at, 5, at, 1, true, UINT64_MAX});
    ast::Game g;
    REQUIRE(reader.next(g));
    CHECK(g.index == 2);
    CHECK(g.start.line == 5);
    CHECK(g.start.column == 1);
    CHECK(g.plies.at(0).pos.line == 7);
    CHECK_FALSE(reader.next(g));
    CHECK(reader.halt().kind == Halt::Kind::End);
}

// syntax::count_line_ends, which numbers `check -j N`'s blocks, against the rule written plainly
// (§4.1: LF, CRLF and a lone CR each end a line; a CR last in the text counts as lone): random texts
// of line-end bytes and others, every length up to past a SIMD step, and long runs that make its
// per-lane byte counters fill up (more than 255 steps of 16 bytes between two sums).
TEST_CASE("count_line_ends counts line ends by the reader's rule", "[pgn][parallel]") {
    const auto plainly = [](const std::string& s) {
        std::uint32_t n = 0;
        for (std::size_t i = 0; i < s.size(); ++i)
            if (s[i] == '\n' || (s[i] == '\r' && (i + 1 == s.size() || s[i + 1] != '\n'))) ++n;
        return n;
    };
    test::Xorshift random;
    const auto next = [&random] { return random.next(); };
    const char alphabet[] = {'\n', '\r', 'x', '[', '\0'};
    for (int round = 0; round < 4000; ++round) {
        std::string s(static_cast<std::size_t>(next() % (round < 2000 ? 80 : 9000)), 'x');
        for (char& c : s) c = alphabet[next() % sizeof alphabet];
        INFO("length " << s.size() << ", round " << round);
        REQUIRE(syntax::count_line_ends(s) == plainly(s));
        // the scalar body (syntax/pgn/scan.hpp), which the SIMD one ends with, alone
        REQUIRE(syntax::scan::count_line_ends_scalar(s.data(), s.data() + s.size()) == plainly(s));
        // every suffix start within a step, so that the SIMD steps meet every alignment
        for (std::size_t k = 1; k < 17 && k < s.size(); ++k)
            REQUIRE(syntax::count_line_ends(std::string_view(s).substr(k)) == plainly(s.substr(k)));
    }
    int unit_no = 0;
    for (const char* unit : {"\n", "\r", "\r\n", "\n\r", "\r\r\n"}) {
        std::string s;
        for (int i = 0; i < 20000; ++i) s += unit;
        INFO("20000 times unit " << unit_no++);
        CHECK(syntax::count_line_ends(s) == plainly(s));
    }
    CHECK(syntax::count_line_ends("") == 0);
    CHECK(syntax::count_line_ends("\r") == 1);
    CHECK(syntax::count_line_ends("a\r\nb\rc\n") == 3);
}
