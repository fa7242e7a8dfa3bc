// Shards (syntax/pgn/shard.hpp; syntax/README.md, "Shards"): the N shards of a file, merged as
// `pgnsem merge` merges them (a game kept when it starts at or after the largest `until` of the shards
// before and before its own shard's `until`; lines shifted by the line ends before its shard), are the
// games of one reader of the whole file, for every N up to 40 and a sample of N up to the
// file's size, on a text whose candidate boundaries lie inside tag sections (a blank line between
// tags), comments, variations and broken games, with LF, CRLF and lone CR line ends and a byte order
// mark. And a game's offset is the byte its start (line, column) names.
#include "syntax/pgn/shard.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "syntax/pgn/reader.hpp"
#include "tests/syntax/syntax_test_util.hpp"

using namespace pgnsem;
using test::with_line_ends;

namespace {

// What the merge keeps of a game, its lines the file's.
struct Seen {
    std::uint64_t offset;
    std::uint32_t line, column;
    std::string text;
    std::string error;  // kind and place, or empty
    std::size_t plies, tags;
    bool operator==(const Seen&) const = default;
};
std::ostream& operator<<(std::ostream& o, const Seen& s) {
    return o << "game at " << s.offset << " (" << s.line << ":" << s.column << ") " << s.error;
}
Seen seen(const ast::Game& g, std::uint32_t lines_before) {
    std::string error;
    if (g.error)
        error = std::string(g.error->kind) + " " + std::to_string(g.error->pos.line + lines_before) + ":" +
                std::to_string(g.error->pos.column);
    return Seen{g.offset,     g.start.line + lines_before, g.start.column, std::string(g.text), error, g.plies.size(),
                g.tags.size()};
}

const char* const kShardCases =
    "[Event \"plain\"]\n[Site \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"
    "[Event \"comment\"]\n\n1. e4 {a note\n\n[Event \"x\"]\n[Site \"y\"]\n\n1. d4 *\n\nstill the note} e5 1/2-1/2\n\n"
    "[Event \"broken\"]\n\n1. e4 Qx9 e5 {open\n\n[Event \"inside\"]\n} 2. Nf3 1-0\n\n"
    "[Event \"cut string\n1. e4 *\n\n"
    "[Event \"after\"]\n\n1. d4 d5 0-1 trailing words [not a tag\nmore words\n\n"
    "1. c4 c5 *\n1. g3 *\n"
    "%escape line\n[Event \"escaped\"]\n[White \"a\\\"b\"]\n\n1. e4 *\n\n"
    "[Event \"tags only\"]\n\n[Event \"next\"]\n\n1. e4 e5\n[Event \"no result\"]\n\n1. d4 *\n\n"
    "; a line comment\n[Event \"variations\"]\n\n1. e4 (1. d4 d5 (1... Nf6\n\n[Event \"v\"]\n)) 1-0\n\n"
    "[Event \"chessbase\"]\n\n[Site \"?\"]\n[Date \"2017.12.04\"]\n\n[Round \"1\"]\n\n1. e4 e5 0-1\n\n"
    "[Event \"tags only\"]\n[Site \"a\"]\n\n[Round \"2\"]\n[Site \"b\"]\n\n1. d4 *\n\n"
    "[Event \"variation open\"]\n\n1. e4 (1. d4 1-0\n\n\n\n   \n\n[Event \"late\"]\n\n1. e4\n";

}  // namespace

TEST_CASE("the shards of a file, merged, are the games of one reader", "[pgn][stream][shard]") {
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("pgnsem-shard-test-" + std::to_string(::getpid()) + ".pgn");
    for (const char* eol : {"\n", "\r\n", "\r"}) {
        for (const bool bom : {false, true}) {
            const std::string text = (bom ? "\xEF\xBB\xBF" : "") + with_line_ends(kShardCases, eol);
            std::ofstream(file, std::ios::binary) << text;
            std::vector<Seen> whole;
            {
                syntax::PgnReader reader(text);
                ast::Game g;
                while (reader.next(g)) {
                    whole.push_back(seen(g, 0));
                    // the offset is the byte (line, column) names
                    const std::string_view before = std::string_view(text).substr(0, g.offset);
                    const std::uint32_t line = 1 + syntax::count_line_ends(before);
                    const std::size_t last = before.find_last_of("\r\n");
                    const std::size_t line_start = last == std::string_view::npos ? (bom ? 3 : 0) : last + 1;
                    CAPTURE(eol, bom, g.offset);
                    REQUIRE(g.start.line == line);
                    REQUIRE(g.start.column == g.offset - line_start + 1);
                }
            }
            REQUIRE(whole.size() >= 12);
            for (std::uint32_t n = 1; n <= text.size() + 1; ++n) {
                CAPTURE(eol, bom, n);
                std::vector<Seen> merged;
                std::uint64_t covered = 0, lines_before = 0, previous_next = 0;
                for (std::uint32_t k = 1; k <= n; ++k) {
                    CAPTURE(k);
                    std::string error;
                    const auto shard = syntax::ShardReader::open(file.string(), syntax::ShardSpec{k, n}, error);
                    REQUIRE(shard);
                    ast::Game g;
                    std::vector<Seen> mine;
                    while (shard->next(g)) mine.push_back(seen(g, static_cast<std::uint32_t>(lines_before)));
                    REQUIRE(shard->io_error().empty());
                    const syntax::ShardEnd& end = shard->end();
                    REQUIRE(end.start == previous_next);
                    REQUIRE(end.next >= end.start);
                    REQUIRE(end.until >= end.next);
                    REQUIRE(end.size == text.size());
                    REQUIRE(end.games == mine.size());
                    REQUIRE((end.spec.index == k && end.spec.count == n));
                    if (k == n) REQUIRE(end.next == text.size());
                    REQUIRE(end.lines ==
                            syntax::count_line_ends(std::string_view(text).substr(end.start, end.next - end.start)));
                    for (const Seen& s : mine) {
                        REQUIRE(s.offset < end.until);
                        if (s.offset >= covered) merged.push_back(s);
                    }
                    covered = std::max(covered, end.until);
                    lines_before += end.lines;
                    previous_next = end.next;
                }
                REQUIRE(merged == whole);
                // beyond a hundred shards, a sample of N (every N is a new set of boundaries)
                if (n > 40) n += n / 4;
            }
        }
    }
    std::filesystem::remove(file);
}

TEST_CASE("a shard of a file that is not there, or not a regular file, says so", "[pgn][shard]") {
    std::string error;
    REQUIRE_FALSE(syntax::ShardReader::open("/nonexistent/x.pgn", syntax::ShardSpec{1, 2}, error));
    REQUIRE(error.find("/nonexistent/x.pgn: cannot open") == 0);
    error.clear();
    REQUIRE_FALSE(
        syntax::ShardReader::open(std::filesystem::temp_directory_path().string(), syntax::ShardSpec{1, 1}, error));
    REQUIRE(error.find("not one") != std::string::npos);
}
