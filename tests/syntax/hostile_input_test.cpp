// Hostile input for the PGN reader: line ends in every path, padding between games,
// the comment scan's work, how games split after a marker, encodings and excerpts.
#include <algorithm>
#include <cstdio>
#include <string>

#include "syntax/pgn/reader.hpp"
#include "syntax_test_util.hpp"

using namespace pgnsem;
using namespace pgnsem::test;

namespace {

// What a game looks like to a test that compares line-end conventions: tags, moves, error kind
// and position, warning kinds and positions, the game's start.
std::string describe(const ast::Game& g) {
    std::string d = std::to_string(g.start.line) + ":" + std::to_string(g.start.column) + " [";
    for (const ast::Tag& t : g.tags) d += std::string(t.name) + "=" + std::string(t.value) + " ";
    d += "] ";
    for (const std::string& m : main_line(g)) d += m + " ";
    for (const ast::Ply& p : g.plies) d += std::to_string(p.pos.line) + "." + std::to_string(p.pos.column) + " ";
    if (g.error)
        d += std::string(g.error->kind) + "@" + std::to_string(g.error->pos.line) + ":" +
             std::to_string(g.error->pos.column) + " ";
    for (const ast::ReaderWarning& w : g.warnings)
        d += std::string(kind_name(w.kind)) + "@" + std::to_string(w.pos.line) + ":" + std::to_string(w.pos.column) +
             " ";
    for (const ast::Comment& c : g.comments) {
        d += '{';
        d += std::to_string(c.pos.line);
        d += '}';
    }
    return d;
}

std::vector<std::string> describe_all(std::string_view text) {
    std::vector<std::string> out;
    syntax::PgnReader reader(text);
    ast::Game g;
    while (reader.next(g)) out.push_back(describe(g));
    return out;
}

// Reads a FILE written with `text` (the streaming path: chunks, refills, the skip of a long game).
std::vector<std::string> describe_file(const std::string& text) {
    std::FILE* f = std::tmpfile();
    REQUIRE(f != nullptr);
    REQUIRE(std::fwrite(text.data(), 1, text.size(), f) == text.size());
    std::rewind(f);
    std::vector<std::string> out;
    syntax::PgnReader reader(f, "tmp");
    ast::Game g;
    while (reader.next(g)) out.push_back(describe(g));
    std::fclose(f);
    return out;
}

// Every game read from the FILE `f`, which it closes.
std::vector<std::string> describe_all_file(std::FILE* f) {
    std::vector<std::string> out;
    syntax::PgnReader reader(f, "tmp");
    ast::Game g;
    while (reader.next(g)) out.push_back(describe(g));
    std::fclose(f);
    return out;
}

// Every path of the reader that meets a line end: resynchronisation after an error in movetext
// and in a tag section, the end of an unterminated `{`, a tag string cut by its line end, `%`
// escape lines, `;` comments, text after the marker, blank lines between tag sections.
const char* const kLineEndCases =
    "% an escape line\n"
    "[Event \"1\"]\n[Site \"a\"]\n\n1. e4 Nz9 e5 *\n2. d4 *\n\n"
    "[Event \"2\"]\n[Bad tag]\n[Site \"s\"]\n\n1. e4 *\n\n"
    "[Event \"3\"]\n1. e4 {never closed\n2. Nf3 *\n\n"
    "[Event \"4\"]\n1. d4 ; a line comment\nd5 {closed\nover lines} 2. c4 *\n"
    "junk after the marker\nmore junk\n\n"
    "[Event \"5\"]\n[Site \"cut\n1. e4 *\n\n"
    "[Event \"6\"]\n1. e4 {open\n[Event \"7\"]\n1. c4 1-0\n\n"
    "%escape [Event \"no\"]\n"
    "[Event \"8\"]\n1. e4 (1. d4\n\n[Event \"9\"]\n1. e4 *\n";

}  // namespace

TEST_CASE("LF, CRLF and CR alone: every path of the reader reads the same games", "[pgn][4.1][hostile]") {
    const std::vector<std::string> lf = describe_all(kLineEndCases);
    REQUIRE(lf.size() == 10);
    for (const char* eol : {"\r\n", "\r"}) {
        INFO("line end " << (eol[1] ? "CRLF" : "CR"));
        CHECK(describe_all(with_line_ends(kLineEndCases, eol)) == lf);
        CHECK(describe_file(with_line_ends(kLineEndCases, eol)) == lf);
    }
}

TEST_CASE("CR alone: the skip of a game longer than 64 MiB stops at the next game", "[pgn][hostile][stream]") {
    std::string text = "[Event \"big\"]\r[Site \"?\"]\r\r1. e4 {";
    const std::string line = std::string(1023, 'x') + "\r";
    text.reserve(66u << 20);
    for (int i = 0; i < 65 * 1024; ++i) text += line;
    text += "} e5 *\r\r[Event \"after\"]\r1. d4 *\r";
    const std::vector<std::string> games = describe_file(text);
    REQUIRE(games.size() == 2);
    CHECK(games[0].find("syntax/game-too-long") != std::string::npos);
    CHECK(games[1].rfind(std::to_string(65 * 1024 + 6) + ":1 [Event=after ] d4 ", 0) == 0);
}

namespace {

// A file of `head`, `bytes` of `fill` and `tail`, written in pieces (memory stays flat).
std::FILE* padded_file(std::string_view head, char fill, std::size_t bytes, std::string_view tail) {
    std::FILE* f = std::tmpfile();
    REQUIRE(f != nullptr);
    REQUIRE(std::fwrite(head.data(), 1, head.size(), f) == head.size());
    const std::string piece(std::size_t{1} << 20, fill);
    for (std::size_t left = bytes; left > 0;) {
        const std::size_t n = std::min(left, piece.size());
        REQUIRE(std::fwrite(piece.data(), 1, n, f) == n);
        left -= n;
    }
    REQUIRE(std::fwrite(tail.data(), 1, tail.size(), f) == tail.size());
    std::rewind(f);
    return f;
}

}  // namespace

TEST_CASE("a game longer than 64 MiB on one line: the games after it start where they would after it under the limit",
          "[pgn][hostile][stream]") {
    // The game's first line is movetext (or NUL bytes), so the `[` line after it starts a game, and
    // so does movetext after its marker. 70 MB, written by the test.
    const std::size_t bytes = std::size_t{70} << 20;
    const std::string after = "[Event \"after\"]\n\n1. e4 e5 *\n";
    const std::string after_described = "2:1 [Event=after ] e4 e5 4.4 4.7 ";
    SECTION("a comment") {
        std::FILE* f = padded_file("1. e4 {", 'x', bytes, "} e5 *\n" + after);
        const std::vector<std::string> games = describe_all_file(f);
        REQUIRE(games.size() == 2);
        CHECK(games[0] == "1:1 [] syntax/game-too-long@1:1 ");
        CHECK(games[1] == after_described);
    }
    SECTION("NUL bytes") {
        std::FILE* f = padded_file("", '\0', bytes, "\n" + after);
        const std::vector<std::string> games = describe_all_file(f);
        REQUIRE(games.size() == 2);
        CHECK(games[0] == "1:1 [] syntax/game-too-long@1:1 ");
        CHECK(games[1] == after_described);
    }
    SECTION("a comment, then a game without tags on the same line") {
        std::FILE* f = padded_file("1. e4 {", 'x', bytes, "} e5 * 1. d4 *\n" + after);
        const std::vector<std::string> games = describe_all_file(f);
        REQUIRE(games.size() == 3);
        CHECK(games[0] == "1:1 [] syntax/game-too-long@1:1 ");
        const std::string column = std::to_string(bytes + 15);
        CHECK(games[1] == "1:" + column + " [] d4 1." + std::to_string(bytes + 18) + " ");
        CHECK(games[2] == after_described);
    }
}

namespace {

// Every game of `text` read from a FILE whose games may hold `limit` bytes (syntax::set_game_limit):
// a game that fills more than half of the reader's first read (PgnReader::kChunkBytes) is too long.
std::vector<std::string> describe_limited(std::string& text, std::size_t limit) {
    std::FILE* f = fmemopen(text.data(), text.size(), "r");
    REQUIRE(f != nullptr);
    std::vector<std::string> out;
    syntax::PgnReader reader(f, "tmp");
    set_game_limit(reader, limit);
    ast::Game g;
    while (reader.next(g)) out.push_back(describe(g));
    std::fclose(f);
    return out;
}

struct SkipCase {
    std::string_view head;  // the game's first bytes, before a comment that fills the first read
    std::string_view tail;  // after that comment: the rest of the game and the games after it
};

// Games broken at their first byte: `<` starts no token; `[ {` is a tag without a name, whose line
// is a tag line. Every state of the skip (syntax/pgn/resync.cpp, skip_long_game) is in a tail.
const SkipCase kBrokenAtFirstByte[] = {
    {"<", "\n[Event \"b\"]\n1. d4 *\n"},
    {"<", " 1-0 1. e4 *\n"},
    {"<", " 1/2-1/2\r\n[Site \"s\"]\r\n1. c4 *\r\n"},
    {"<", " (1. d4 0-1 \r\n ) e4 1-0\n1. e4 *\n"},
    {"<", " (1. d4 0-1 \n\n1. e4 *\n"},
    {"<", " \"s 1-0 \\\" \\\\\" 1-0 junk\n[Round \"r\"]\n1. e4 *\n"},
    {"<", " ; 1-0\n%1-0 x\n{1-0\n} 12a.1-0 12.1-0 e4 *\n"},
    {"<", "\r[Event \"b\"]\r1. d4 *\r"},
    {"<", " {open\n\n[Round \"r\"]\n1. e4 *"},
    {"<", " (1. e4 1-0"},
    {"[ {", "\n[Site \"a\"]\n[Event \"b\"]\n1. e4 *\n"},
    {"[ {", "\r\n[Site \"a\"]\r\n[Event\t\"b\"]\r\n1. e4 *\r\n"},
    {"[ {", "\n[Site \"a\"]\n[Eventx \"b\"]\n\n[Round \"c\"]\n1. e4 *\n"},
    {"[ {", "\n[Site \"a\"]\n[Eve"},
};

// Games that are well-formed but for their length, and tails where the reader ends them at their
// marker or at a tag line (syntax/README.md, "Streaming": where the skip and a game under the limit
// part, they are not here).
const SkipCase kWellFormed[] = {
    {"1. e4 {", " e5 *\n[Event \"after\"]\n\n1. e4 e5 *\n"},
    {"1. e4 {", " e5 * 1. d4 *\n"},
    {"1. e4 {", " e5 1-0 junk\n[Event \"b\"]\n1. d4 *\n"},
    {"1. e4 {", " e5\n[Event \"b\"]\n1. d4 *\n"},
    {"1. e4 {", " e5 (1... c5 *\n1. d4 *\n"},
};

// A game's description without its error (the first word after its tags, for a game without
// moves): the error of the game read whole and the skip's syntax/game-too-long differ, nothing else may.
std::string without_error(std::string d) {
    const std::size_t from = d.find("] ") + 2;
    return d.erase(from, d.find(' ', from) + 1 - from);
}

// The text of a case whose tail's byte j is the first byte of the reader's second read.
std::string skip_text(const SkipCase& c, std::size_t j) {
    std::string text(c.head);
    text.append(syntax::PgnReader::kChunkBytes - c.head.size() - 1 - j, 'x');
    text += '}';
    text += c.tail;
    return text;
}

}  // namespace

TEST_CASE("a game too long is skipped as resynchronisation skips a game broken at its first byte",
          "[pgn][hostile][stream]") {
    // Read from memory, a game is under any limit, and the resynchronisation after its error at
    // its first byte ends it; read from a FILE with a limit of 1 byte, it is too long and skipped.
    // The tail is cut by the end of the first read at each of its bytes, so that every state of
    // the skip meets a refill. The games after it, and its own warnings, must be the same.
    std::size_t skipped = 0, cases = 0;
    for (const SkipCase& c : kBrokenAtFirstByte) {
        for (std::size_t j = 0; j <= c.tail.size(); ++j) {
            INFO("head " << c.head << ", tail " << c.tail << ", cut before its byte " << j);
            std::string text = skip_text(c, j);
            std::vector<std::string> want = describe_all(text);
            std::vector<std::string> got = describe_limited(text, 1);
            REQUIRE(!got.empty());
            REQUIRE(!want.empty());
            if (got[0].find("syntax/game-too-long@1:1") != std::string::npos) ++skipped;
            got[0] = without_error(got[0]);
            want[0] = without_error(want[0]);
            CHECK(got == want);
            ++cases;
        }
    }
    // most cuts fall inside the game (the others end it within the first read, without a skip)
    CHECK(skipped * 2 > cases);
}

TEST_CASE("a game too long but well-formed: the next game is where it is after the game under the limit",
          "[pgn][hostile][stream]") {
    // As above, with the game's first bytes well-formed: the games after it are compared.
    for (const SkipCase& c : kWellFormed) {
        std::size_t skipped = 0;
        for (std::size_t j = 0; j <= c.tail.size(); ++j) {
            INFO("tail " << c.tail << ", cut before its byte " << j);
            std::string text = skip_text(c, j);
            const std::vector<std::string> want = describe_all(text);
            const std::vector<std::string> got = describe_limited(text, 1);
            REQUIRE(!got.empty());
            REQUIRE(got.size() == want.size());
            if (got[0].find("syntax/game-too-long@1:1") != std::string::npos) ++skipped;
            CHECK(std::vector<std::string>(got.begin() + 1, got.end()) ==
                  std::vector<std::string>(want.begin() + 1, want.end()));
        }
        // at least the cuts before " e5 " is whole are inside the game
        CHECK(skipped >= 5);
    }
}

using test::only;

namespace {

struct FileRead {
    std::vector<ast::Game> games;  // views into the reader's buffer are not kept: only counts below
    std::vector<std::string> described;
    std::vector<std::string> found;
    syntax::PgnReader::Stats stats;
};

FileRead read_file_text(const std::string& text) {
    std::FILE* f = std::tmpfile();
    REQUIRE(f != nullptr);
    REQUIRE(std::fwrite(text.data(), 1, text.size(), f) == text.size());
    std::rewind(f);
    FileRead r;
    syntax::PgnReader reader(f, "tmp");
    ast::Game g;
    while (reader.next(g)) {
        r.described.push_back(describe(g));
        for (const ast::ReaderWarning& w : g.warnings) r.found.emplace_back(w.found);
        r.stats = reader.stats();
    }
    r.stats = reader.stats();
    std::fclose(f);
    return r;
}

constexpr std::size_t kPadding = std::size_t{70} << 20;

}  // namespace

TEST_CASE("padding after a game is no part of its budget, and is not buffered", "[pgn][hostile][stream]") {
    const std::string game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n";
    // what the reader answers on the same text in memory (no chunks, no budget)
    const auto expected = [](const std::string& text) { return describe_all(text); };
    SECTION("70 MB of NUL bytes after the marker") {
        const std::string text = game + std::string(kPadding, '\0');
        const FileRead r = read_file_text(text);
        REQUIRE(r.described.size() == 1);
        CHECK(r.described == expected(text));
        CHECK(r.described[0] == describe_all(game)[0] + "text-after-result@4:1 ");
        REQUIRE(r.found.size() == 1);
        CHECK(r.found[0] == std::string(40, '\0'));
        CHECK(r.stats.buffer_bytes <= std::size_t{16} << 20);
    }
    SECTION("70 MB of NUL bytes, then the next game") {
        const std::string text = game + std::string(kPadding, '\0') + "\n[Event \"y\"]\n1. d4 *\n";
        const FileRead r = read_file_text(text);
        REQUIRE(r.described.size() == 2);
        CHECK(r.described == expected(text));
        CHECK(r.described[1] == "5:1 [Event=y ] d4 6.4 ");
        CHECK(r.stats.buffer_bytes <= std::size_t{16} << 20);
    }
    SECTION("70 MB of blank lines before a game") {
        const std::string text = std::string(kPadding, '\n') + game;
        const FileRead r = read_file_text(text);
        REQUIRE(r.described.size() == 1);
        CHECK(r.described == expected(text));
        CHECK(r.described[0].rfind(std::to_string(kPadding + 1) + ":1 [Event=x ] e4 e5 Nf3 Nc6 ", 0) == 0);
        CHECK(r.stats.buffer_bytes <= std::size_t{16} << 20);
    }
    SECTION("70 MB of blank lines (CRLF) and spaces between two games, and after the last") {
        std::string pad;
        while (pad.size() < kPadding) pad += "  \t\r\n";
        const std::string text = game + pad + game + pad;
        const FileRead r = read_file_text(text);
        REQUIRE(r.described.size() == 2);
        CHECK(r.described == expected(text));
        CHECK(r.described[0] == describe_all(game)[0]);
        CHECK(r.stats.buffer_bytes <= std::size_t{16} << 20);
    }
    SECTION("text after the marker whose excerpt spans the reader's chunks") {
        // the excerpt starts a few bytes before the end of the first chunk
        const std::size_t chunk = syntax::PgnReader::kChunkBytes;
        std::string text = "[Event \"x\"]\n{" + std::string(chunk - 40, 'c') + "} 1-0 ";
        text += "garbage text that goes on for many bytes ...";
        text += std::string(kPadding, '\0');
        const FileRead r = read_file_text(text);
        REQUIRE(r.described.size() == 1);
        REQUIRE(r.found.size() == 1);
        CHECK(r.found[0] == "garbage text that goes on for many bytes");
    }
}

TEST_CASE("the reader's buffers shrink back after a large game", "[pgn][hostile][stream]") {
    // One game of about 50 MB grows the read buffer to hold it; the ordinary games after it must
    // find the buffers back at their default size (syntax::PgnReader::kChunkBytes to read into, as much
    // for the text after a marker), whether the game is followed by many games (refills) or by a few (end of input).
    const std::size_t chunk = syntax::PgnReader::kChunkBytes;
    std::string big = "[Event \"big\"]\n\n1. e4 {";
    const std::string line = std::string(999, 'x') + "\n";
    big.reserve(std::size_t{51} << 20);
    while (big.size() < std::size_t{50} << 20) big += line;
    big += "} e5 *\n\n";
    std::string small;
    for (int i = 0; i < 20; ++i) small += "[Event \"s\"]\n\n1. d4 d5 2. c4 e6 1/2-1/2\n\n";
    std::string tail;
    while (tail.size() < std::size_t{30} << 20) tail += small;
    for (const std::string* after : {&tail, &small}) {
        INFO((after == &tail ? "30 MB of games after it" : "20 games after it"));
        std::FILE* f = std::tmpfile();
        REQUIRE(f != nullptr);
        REQUIRE(std::fwrite(big.data(), 1, big.size(), f) == big.size());
        REQUIRE(std::fwrite(after->data(), 1, after->size(), f) == after->size());
        std::rewind(f);
        syntax::PgnReader reader(f, "tmp");
        ast::Game g;
        std::size_t games = 0;
        std::size_t peak = 0;
        std::size_t after_big = 0;  // the largest size seen from the 2nd game after the big one on
        while (reader.next(g)) {
            ++games;
            const std::size_t bytes = reader.stats().buffer_bytes;
            peak = std::max(peak, bytes);
            if (games >= 3) after_big = std::max(after_big, bytes);
            CHECK((games == 1 ? std::string_view("big") : std::string_view("s")) == g.tag("Event"));
            CHECK(!g.error);
        }
        std::fclose(f);
        CHECK(games == 1 + after->size() / (small.size() / 20));
        CHECK(peak >= std::size_t{50} << 20);  // the big game was buffered whole
        const std::size_t last = reader.stats().buffer_bytes;
        CHECK(last <= 2 * chunk);
        if (after == &small) CHECK(after_big <= 2 * chunk);
    }
}

TEST_CASE("the comment scan is linear: each `{` scans no further than what ends it", "[pgn][5][hostile]") {
    // Unterminated comments, each ended by the next game; the work is counted, not timed.
    const auto scanned = [](int games) {
        std::string text;
        for (int i = 0; i < games; ++i) text += "[Event \"x\"]\n1. e4 {never closed\n\n";
        syntax::PgnReader reader(text);
        ast::Game g;
        int n = 0;
        while (reader.next(g)) {
            REQUIRE(error_kind(g) == "syntax/unterminated-comment");
            ++n;
        }
        REQUIRE(n == games);
        return reader.stats().comment_bytes_scanned;
    };
    const std::uint64_t small = scanned(5000);
    const std::uint64_t large = scanned(20000);
    INFO("bytes scanned for comments: " << small << " for 5,000 games, " << large << " for 20,000");
    CHECK(small > 0);
    CHECK(large <= 4 * small + 4 * small / 10);
    // closed comments: the same bound
    std::string closed;
    for (int i = 0; i < 1000; ++i) closed += "1. e4 {a comment} e5 *\n";
    syntax::PgnReader reader(closed);
    ast::Game g;
    while (reader.next(g)) REQUIRE_FALSE(g.error);
    CHECK(reader.stats().comment_bytes_scanned <= 1000 * 32);
}

TEST_CASE("games split as §8 says: movetext after a marker is a new game", "[pgn][8][hostile]") {
    const auto two = read_games("1. e4 e5 *  1. Ke3 Nz9 *");
    REQUIRE(two.size() == 2);
    CHECK(main_line(two[0]) == strings({"e4", "e5"}));
    CHECK(two[0].warnings.empty());
    CHECK(error_kind(two[1]) == "syntax/san");
    CHECK(two[1].start.column == 13);
    CHECK(main_line(two[1]) == strings({"Ke3"}));
    // a SAN or coordinate move starts one too, on a later line as well
    CHECK(read_games("1. e4 1-0 e4 *").size() == 2);
    CHECK(read_games("1. e4 1-0\n\ne2e4 *").size() == 2);
    CHECK(read_games("1. e4 1-0\n\n1...e5 *").size() == 2);
    // anything else up to the next tag section is text after the marker: NUL bytes, words,
    // a comment, a second marker, a bad move; movetext after it does not start a game
    for (std::string_view after :
         {std::string_view("\0\0 1. e4 *", 10), std::string_view("resigned 1. d4 *"), std::string_view("{c} 1. d4 *"),
          std::string_view("1-0 1. d4 *"), std::string_view("Nz9 1. d4"), std::string_view("0 1. d4")}) {
        INFO(after);
        // The games' tags are views into the text, so the text outlives them.
        const std::string text = std::string("1. e4 1-0 ") + std::string(after) + "\n[Event \"n\"]\n1. c4 *";
        const auto g = read_games(text);
        REQUIRE(g.size() == 2);
        CHECK(warning_kinds(g[0]) == strings({"text-after-result"}));
        CHECK(g[1].tag("Event") == std::string_view("n"));
    }
}

// Recovery after a syntax error ends the broken game at its own termination marker (or at the next
// tag section, or at the end of input), so tag-less games after it keep their verdicts.
const char* const kRecoveryCases =
    // 1, 2: a syntax error in a move, then a tag-less game
    "1. d4 Nz9 2. c4 *\n\n1. e4 e5 *\n\n"
    // 3, 4: a marker inside a comment (brace, line, escape line) or a string does not end the
    // broken game; `1-0-0` is one token and no marker
    "1. e4 Nz9 {1-0} ; 0-1\n% 1/2-1/2\n\"1-0\" 1-0-0 2. c4 1-0\n1. d4 d5 1-0\n"
    // 5, 6: an error inside a variation: its markers followed by `)` are in the variation
    "1. e4 (1. d4 Nz9 1-0) (1. c4 *) e5 0-1 1. Nf3 *\n"
    // 7, 8, 9: a broken tag section: the rest of it and its movetext belong to the broken game
    "[White \"A\" junk]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n1. c4 *\n\n1. d4 *\n"
    // 10, 11: a marker with an unclosed variation ends the game at it
    "1. e4 (1. d4 1-0\n1. f4 *\n"
    // 12, 13: garbage after the broken game's marker is text after the result (to the next `[`)
    "1. e4 <x> 2. d4 * words 1. c4 *\n[Event \"y\"]\n1. g3 *\n"
    // 14, 15: an unterminated `{` in a broken game ends at the next tag section
    "1. e4 Nz9 {open 1-0\n\n[Event \"x\"]\n1. e4 *\n";

TEST_CASE("recovery: a broken game ends at its own marker, tag-less games after it survive", "[pgn][hostile]") {
    const std::vector<std::string> lf = describe_all(kRecoveryCases);
    for (const std::string& d : lf) INFO(d);
    REQUIRE(lf.size() == 15);
    const auto g = read_games(kRecoveryCases);
    REQUIRE(g.size() == 15);
    CHECK(error_kind(g[0]) == "syntax/san");
    CHECK(main_line(g[0]) == strings({"d4"}));
    CHECK(g[0].error->ply_index == 1);
    CHECK(g[0].warnings.empty());
    CHECK(!g[1].error);
    CHECK(main_line(g[1]) == strings({"e4", "e5"}));
    CHECK(error_kind(g[2]) == "syntax/san");
    CHECK(main_line(g[3]) == strings({"d4", "d5"}));
    CHECK(g[3].result == ast::Result::WhiteWins);
    CHECK(error_kind(g[4]) == "syntax/san");
    CHECK(g[4].error->pos.column == 15);  // the `z` of Nz9
    CHECK(main_line(g[5]) == strings({"Nf3"}));
    CHECK(error_kind(g[6]) == "syntax/tag");
    CHECK(g[6].plies.empty());
    CHECK(main_line(g[7]) == strings({"c4"}));
    CHECK(main_line(g[8]) == strings({"d4"}));
    CHECK(error_kind(g[9]) == "syntax/unclosed-variation");
    CHECK(main_line(g[10]) == strings({"f4"}));
    CHECK(error_kind(g[11]) == "syntax/token");
    CHECK(warning_kinds(g[11]) == strings({"text-after-result"}));
    CHECK(g[12].tag("Event") == std::string_view("y"));
    CHECK(main_line(g[12]) == strings({"g3"}));
    CHECK(error_kind(g[13]) == "syntax/san");
    CHECK(g[14].tag("Event") == std::string_view("x"));
    // a control byte inside a tag string: the skip starts after the string, whose `1-0` ends nothing
    const auto control = read_games("[Event \"a\x01 1-0\"]\n1. e4 *\n1. d4 *\n");
    REQUIRE(control.size() == 2);
    CHECK(error_kind(control[0]) == "syntax/token");
    CHECK(main_line(control[1]) == strings({"d4"}));
    for (const char* eol : {"\r\n", "\r"}) {
        INFO("line end " << (eol[1] ? "CRLF" : "CR"));
        CHECK(describe_all(with_line_ends(kRecoveryCases, eol)) == lf);
        CHECK(describe_file(with_line_ends(kRecoveryCases, eol)) == lf);
    }
}

// Found by fuzz_pipeline (property (c): normalize writes each game as read, and reading that back
// gave one game more). Game 2 begins after the `*` that ends the broken game 1, on a line that game
// 1's tag opened. After game 2's own error, that line's `[` is not game 2's: the tag section on the
// next line starts game 3, as it does when game 2 stands alone, written from column 1.
TEST_CASE("recovery: a game that begins mid-line splits as it would from column 1", "[pgn][hostile]") {
    const auto g = read_games("[Event x]\n[Site \"b\" * 1. e4 3nt\n[Result \"*\"]\n\n1. Nf3 *\n");
    REQUIRE(g.size() == 3);
    CHECK(error_kind(g[0]) == "syntax/tag");
    CHECK(error_kind(g[1]) == "syntax/san");
    CHECK(main_line(g[1]) == strings({"e4"}));
    CHECK(!g[2].error);
    CHECK(g[2].tag("Result") == std::string_view("*"));
    CHECK(main_line(g[2]) == strings({"Nf3"}));
    const auto alone = read_games("1. e4 3nt\n[Result \"*\"]\n\n1. Nf3 *\n");
    REQUIRE(alone.size() == 2);
    CHECK(error_kind(alone[0]) == "syntax/san");
    CHECK(main_line(alone[1]) == strings({"Nf3"}));
    CHECK(main_line(alone[0]) == main_line(g[1]));
    CHECK(alone[1].tag("Result") == g[2].tag("Result"));
}

TEST_CASE("games split as §8 says: a tag section without movetext is a game", "[pgn][8][hostile]") {
    const auto games = read_games("[White \"Alice\"]\n\n[White \"Bob\"]\n\n1. e4 *");
    REQUIRE(games.size() == 2);
    CHECK(games[0].tag("White") == std::string_view("Alice"));
    CHECK(games[0].plies.empty());
    CHECK(warning_kinds(games[0]) == strings({"missing-result"}));
    CHECK(games[1].tag("White") == std::string_view("Bob"));
    CHECK(main_line(games[1]) == strings({"e4"}));
    CHECK(games[1].warnings.empty());
    // at the end of input
    const auto last = read_games("[White \"Alice\"]\n[Black \"Carol\"]\n");
    CHECK(only(last).tags.size() == 2);
    CHECK(warning_kinds(last[0]) == strings({"missing-result"}));
    // tags on several lines, even with a `%` line between them, are one section
    CHECK(only(read_games("[White \"A\"]\n%x\n[Black \"B\"]\n\n1. e4 *")).tags.size() == 2);
    CHECK(only(read_games("[White \"A\"]  [Black \"B\"]\n1. e4 *")).tags.size() == 2);
}

namespace {
// `pgn` (ASCII) in code units of `width` bytes, each character at byte `at` of its unit, NUL bytes
// around it: UTF-16 or UTF-32, little-endian when `at` is 0.
std::string code_units(std::string_view pgn, std::size_t width, std::size_t at) {
    std::string text;
    for (char ch : pgn) {
        std::string unit(width, '\0');
        unit[at] = ch;
        text.append(unit);
    }
    return text;
}
}  // namespace

TEST_CASE("UTF-16 and UTF-32 input is refused with its encoding named", "[pgn][hostile]") {
    struct Case {
        std::string_view bom;
        std::string_view name;
    };
    for (const Case& c : {Case{std::string_view("\xFF\xFE", 2), "UTF-16LE"}, Case{"\xFE\xFF", "UTF-16BE"},
                          Case{std::string_view("\xFF\xFE\0\0", 4), "UTF-32LE"},
                          Case{std::string_view("\0\0\xFE\xFF", 4), "UTF-32BE"}}) {
        INFO(c.name);
        const std::size_t width = c.name.substr(0, 6) == "UTF-16" ? 2 : 4;
        const bool little = c.name.back() == 'E' && c.name[c.name.size() - 2] == 'L';
        const std::string text =
            std::string(c.bom) + code_units("[Event \"x\"]\n1. e4 *\n", width, little ? 0 : width - 1);
        const auto games = read_games(text);
        REQUIRE(games.size() == 1);
        CHECK(error_kind(games[0]) == "syntax/encoding");
        CHECK(games[0].error->pos.line == 1);
        CHECK(games[0].error->pos.column == 1);
        CHECK(std::string(games[0].error->message).find(c.name) != std::string::npos);
        CHECK(describe_file(text).size() == 1);
    }
    // a UTF-8 BOM is skipped (edge case 1)
    CHECK_FALSE(only(read_games("\xEF\xBB\xBF[Event \"x\"]\n1. e4 *")).error);
}

TEST_CASE("UTF-16 and UTF-32 input without a byte order mark is refused with its encoding named", "[pgn][hostile]") {
    struct Case {
        std::string_view name;
        std::size_t width, at;  // a code unit's bytes, and where its ASCII byte stands
    };
    for (const Case& c :
         {Case{"UTF-16LE", 2, 0}, Case{"UTF-16BE", 2, 1}, Case{"UTF-32LE", 4, 0}, Case{"UTF-32BE", 4, 3}}) {
        INFO(c.name);
        // a game, and a movetext-only one (the first bytes are what tells)
        for (std::string_view pgn : {std::string_view("[Event \"x\"]\r\n1. e4 *\n"), std::string_view("1. e4\t*")}) {
            const std::string text = code_units(pgn, c.width, c.at);
            const auto games = read_games(text);
            REQUIRE(games.size() == 1);
            CHECK(error_kind(games[0]) == "syntax/encoding");
            CHECK(games[0].error->pos.line == 1);
            CHECK(games[0].error->pos.column == 1);
            CHECK(std::string(games[0].error->message).find(std::string(c.name) + " without a byte order mark") !=
                  std::string::npos);
        }
    }
    // NUL bytes elsewhere, too few bytes to tell, or a byte that is not ASCII text: read as before
    const auto refused = [](const std::string& text) {
        const auto games = read_games(text);
        return std::any_of(games.begin(), games.end(),
                           [](const ast::Game& g) { return error_kind(g) == "syntax/encoding"; });
    };
    CHECK_FALSE(refused(std::string("1.\0e4 *", 7)));
    CHECK_FALSE(refused(std::string("[\0", 2)));
    CHECK_FALSE(refused(std::string("1. e4 *\0\0\0\0", 11)));
    CHECK_FALSE(refused(std::string("\xE9\0\x31\0", 4) + "1. e4 *"));
    CHECK_FALSE(refused(std::string("[\0E\0v\0\x01\0", 8) + "1. e4 *"));
}

TEST_CASE("excerpts are cut on UTF-8 character boundaries", "[pgn][hostile]") {
    // text after the marker: 39 ASCII bytes, then `é` (2 bytes) across the 40-byte cut
    const std::string utf8 = "1. e4 * " + std::string(39, 'a') + "\xC3\xA9 and more\n";
    const auto g = read_games(utf8);
    REQUIRE(only(g).warnings.size() == 1);
    CHECK(g[0].warnings[0].found == std::string(39, 'a'));
    // Latin-1 bytes are not UTF-8: the excerpt keeps 40 bytes
    const std::string latin1 = "1. e4 * " + std::string(39, 'a') + "\xE9\xE9 and more\n";
    const auto latin = read_games(latin1);
    CHECK(only(latin).warnings[0].found.size() == 40);
    // a non-ASCII character that starts no token is the error's whole token
    const auto e = read_games("1. e4 \xE2\x80\x93 *");
    CHECK(error_kind(only(e)) == "syntax/token");
    CHECK(e[0].error->token == "\xE2\x80\x93");
    CHECK(error_kind(only(read_games("1. e4 \xE9 *"))) == "syntax/token");
    CHECK(read_games("1. e4 \xE9 *")[0].error->token == "\xE9");
}
