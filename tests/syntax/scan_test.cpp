// The PGN reader's byte scans (syntax/pgn/scan.hpp): each SIMD body gives what its scalar body gives, on
// the same bytes — random texts over alphabets that put the bytes each scan stops at (line ends,
// `}`, quotes, backslashes, control bytes, bytes from 0x80, the edges of a byte class) next to
// ordinary ones, every length up to past two SIMD steps, from every alignment within a step, and
// long runs with nothing to stop at. In a build without SIMD the two bodies are one, and the test
// checks the scalar body against the rule written here a byte at a time.
#include "syntax/pgn/scan.hpp"

#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "tests/xorshift.hpp"

namespace scan = pgnsem::syntax::scan;

namespace {

using Random = pgnsem::test::Xorshift;

// A text of `n` bytes drawn from `alphabet`, or any byte at all one time in `any`.
std::string text(Random& r, std::size_t n, const std::vector<char>& alphabet, unsigned any = 8) {
    std::string s(n, ' ');
    for (char& c : s)
        c = r.next() % any == 0 ? static_cast<char>(r.next() & 0xFF) : alphabet[r.next() % alphabet.size()];
    return s;
}

// Every start within two steps of every text: the bodies must agree on each [q, end).
template <class Both>
void each_range(const std::vector<char>& alphabet, Both both) {
    Random r;
    for (int round = 0; round < 3000; ++round) {
        const std::size_t n = r.next() % (round < 2500 ? 48 : 600);
        const std::string s = text(r, n, alphabet);
        for (std::size_t k = 0; k <= std::min<std::size_t>(s.size(), 33); ++k) {
            INFO("round " << round << ", length " << n << ", from " << k);
            both(s.data() + k, s.data() + s.size());
        }
    }
    // long runs of one ordinary byte, then a byte that stops the scan (or none)
    for (std::size_t n : {15u, 16u, 17u, 31u, 32u, 33u, 1000u})
        for (char last : alphabet) {
            const std::string s = std::string(n, alphabet.front()) + last;
            both(s.data(), s.data() + s.size());
            both(s.data(), s.data() + s.size() - 1);
        }
}

// The symbol class of the reader (§7), built as syntax/pgn/parser.hpp builds its own.
constexpr std::array<std::uint8_t, 256> kSymbols = [] {
    std::array<std::uint8_t, 256> t{};
    for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] = 1;
    for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] = 1;
    for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = 1;
    for (char c : std::string_view("_+#=:-!?.@/")) t[static_cast<unsigned char>(c)] = 1;
    return t;
}();
constexpr scan::ByteClass kSymbolClass = scan::make_byte_class(kSymbols);

}  // namespace

TEST_CASE("find_line_end: the SIMD body is the scalar one", "[pgn][scan]") {
    for (char stop : {'}', '\n'})
        each_range({'a', ' ', '}', '\n', '\r', '{', '\t', '\x7f', '\x80'}, [stop](const char* q, const char* e) {
            const char* plain = q;
            while (plain < e && *plain != '\n' && *plain != '\r' && *plain != stop) ++plain;
            REQUIRE(scan::find_line_end_scalar(q, e, stop) == plain);
            REQUIRE(scan::find_line_end(q, e, stop) == plain);
        });
}

TEST_CASE("class_run_end: the SIMD body is the scalar one", "[pgn][scan]") {
    // the class's edges: `/` and `:` beside the digits, `@` and `[` beside the capitals, `` ` `` and
    // `{` beside the small letters, and the bytes whose low nibble is a member's (0x2B `+` and 0xAB)
    each_range({'e', '4', 'N', '/', ':', '@', '[', '`', '{', ' ', '.', '\xab', '\x80', '\xff', '+', '\0'},
               [](const char* q, const char* e) {
                   const char* plain = q;
                   while (plain < e && kSymbols[static_cast<unsigned char>(*plain)] != 0) ++plain;
                   REQUIRE(scan::class_run_end_scalar(q, e, kSymbolClass) == plain);
                   REQUIRE(scan::class_run_end(q, e, kSymbolClass) == plain);
               });
}

TEST_CASE("string_run_end: the SIMD body is the scalar one", "[pgn][scan]") {
    each_range({'a', ' ', '"', '\\', '\t', '\x1f', '\x20', '\x7f', '\x80', '\xc3', '\xff', '\0', '\n'},
               [](const char* q, const char* e) {
                   const char* plain = q;
                   while (plain < e && scan::string_ordinary(*plain)) ++plain;
                   REQUIRE(scan::string_run_end_scalar(q, e) == plain);
                   REQUIRE(scan::string_run_end(q, e) == plain);
               });
    CHECK(scan::string_ordinary('\t'));
    CHECK(scan::string_ordinary('\xe9'));
    CHECK_FALSE(scan::string_ordinary('\x1f'));
    CHECK_FALSE(scan::string_ordinary('"'));
    CHECK_FALSE(scan::string_ordinary('\\'));
}
