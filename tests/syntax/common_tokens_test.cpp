// L18 of proofs-notes/invariants.md: the reader's common-token loops read as its general loops.
// The common tokens — in movetext, move numbers with their periods, the moves parse_common_san
// reads, spaces and line ends; in a tag section, `[Name "value"]` pairs — are read by loops that
// keep the read position in local variables (GameParser::common_tokens, syntax/pgn/movetext.cpp, and
// GameParser::common_tag_pairs, syntax/pgn/tags.cpp); they leave everything else to the general loops.
// A reader told to use the general loops alone (syntax/pgn/fast.hpp) is the reference: every text
// here is read both ways, every game must come out the same in every field
// (tests/syntax/game_difference.hpp), and the readers must halt the same way.
//
// Texts: hand-written cases at each of the loops' exits (four-digit numbers, `0.`, periods after
// white space, `e.p.`, promotions, glyphs, tabs, escape lines, a space before `%`, tag pairs spaced,
// escaped, broken, repeated or split by a blank line), each with LF, CRLF and CR line ends, read
// whole and cut at every byte (a cut text that is not final makes the readers stop where their
// input runs out, as a refill would); random sequences of PGN fragments; and the real games, read
// from the compressed file through a stream, so that the buffer refills fall inside games.
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "syntax/pgn/fast.hpp"
#include "syntax/pgn/reader.hpp"
#include "tests/shared_data.hpp"
#include "tests/syntax/game_difference.hpp"
#include "tests/syntax/syntax_test_util.hpp"

using namespace pgnsem;
using test::game_difference;
using test::with_line_ends;

namespace {

using Origin = syntax::PgnReader::Origin;
using Halt = syntax::PgnReader::Halt;

// Reads `text` with both loops and returns the first difference ("" when there is none).
std::string read_both(std::string_view text, const Origin& origin) {
    syntax::PgnReader fast(text, origin);
    syntax::PgnReader general(text, origin);
    syntax::use_general_loops_only(general);
    ast::Game a;
    ast::Game b;
    for (std::size_t n = 1;; ++n) {
        const bool more_a = fast.next(a);
        const bool more_b = general.next(b);
        if (more_a != more_b) return "the readers read a different number of games";
        if (!more_a) break;
        if (std::string d = game_difference(a, b); !d.empty()) return "game " + std::to_string(n) + ": " + d;
    }
    const Halt x = fast.halt();
    const Halt y = general.halt();
    if (x.kind != y.kind || x.offset != y.offset || x.line != y.line || x.line_start != y.line_start)
        return "the readers halted differently";
    return "";
}

std::string read_both(std::string_view text) {
    return read_both(text, Origin{});
}

const char* const kCases[] = {
    "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 1-0\n",
    "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 *\n",
    "1. e4 ... 1... e5 2 . Nf3 2 ... Nc6 3.. Bb5 3.\ta6 4.\n. Ba4 *\n",
    "1. e4 1. ... e5 2. .. Nf3 2. . Nc6 3. \t. Bb5 3.  . a6 *\n",
    "1. e4 e5 1000. Nf3 9999. Nc6 12345. Bb5 *\n",
    "0. e4 *\n",
    "00. e4 *\n",
    "1. e4 d5 2. e5 f5 3. exf6 e.p. Nxf6 4. exd6 e.p. *\n",
    "1. e4 f5 2. exf5 g5 3. fxg6 e.p. 3... e.p. *\n",
    "1. a4 b5 2. axb5 a6 3. bxa6 Nc6 4. a7 Rb8 5. axb8=Q Nf6 6. Qxc8+ Qxc8 7. h4 Qxc2 8. h5 Qxb1 9. Rxb1 "
    "Rg8 10. h6 Nd4 11. hxg7 Ne6 12. g8Q Kd8 13. gxf8=N# 1-0\n",
    "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $1 Nf6 $2 5. O-O+ Be7# 6. Re1 +- *\n",
    "1. e4\te5\t2. Nf3 \t Nc6  3.  Bb5   a6\v4. Ba4 *\n",
    "1. e4 e5\n%escape line\n2. Nf3 Nc6\n %not an escape\n3. Bb5 *\n",
    "1. e4 e5\n\n\n2. Nf3\n\nNc6 3.\nBb5\n*\n",
    "1. e4 {a comment} e5 ; to the end\n2. Nf3 (2. Nc3 Nf6 (2... d6 3. d4) 3. f4) Nc6 $14 3. Bb5 *\n",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 "
    "10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 "
    "18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 "
    "25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 "
    "32. Ra5 Nd5 33. f3 Bc8 34. Kf2 Bf5 35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 39. Kd2 Kb5 "
    "40. Rd6 Kc5 41. Ra6 Nf2 42. g4 Bd3 43. Re6 1/2-1/2\n",
    "1. e4 e5 2. Nf3 Nzz 3. Bb5 *\n[Event \"next\"]\n1. d4 *\n",
    "1. e4 e5 2. Ke2 e8 3. Kx *\n",
    "1. e4 e5 2. Nf3 -- 3. Bb5 0000 4. Z0 @@@@ 5. e2e4 *\n",
    "1. e4 e5 2. nf3 o-o 3. xe5 *\n",
    "1. e4 e5 2. Nf3 [Event \"cut short\"]\n1. d4 d5 *\n",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3\n",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10.",
    "1. e4 \xC3\xA9 2. Nf3 *\n1. e4 < 2. d4 *\n1. e4 . 2. d4 *\n",
    "[Event \"a\"]\n[Site \"b\"]\n\n[Event \"a blank line before me: a game of its own\"]\n[Round \"1\"]\n\n1. e4 *\n",
    "[Event \"a\"][Site \"b\"] [Date \"c\"]\n[ White \"d\" ]\n[Black  \"e\"]\n[Result\t\"*\"]\n1. e4 *\n",
    "[Event \"esc \\\"aped\\\" \\\\ value\"]\n[Site \"b\"]\n[Event \"repeated\"]\n[X_1 \"\"]\n[9 \"digit\"]\n\n1. d4 "
    "*\n",
    "[Event \"a\"]\n[Site \"unterminated]\n[Date \"c\"]\n1. e4 *\n",
    "[Event \"a\"]\n[Site \"control \x01 char\"]\n1. e4 *\n",
    "[Event \"a\"]\n[Site \"b\" x]\n[Date]\n1. e4 *\n",
    "[Event \"a\"]\n[ \"no name\"]\n1. e4 *\n",
    "[Event \"a\"]\n[Site=\"b\"]\n1. e4 *\n",
    "[Event \"a\"]\n[Site\n\"b\"]\n[Date\t\"c\"]\n1. e4 *\n",
    "[Event \"a\"]\n%escape line\n[Site \"b\"]\n \n[Date \"c\"]\n1. e4 *\n",
    "[Event \"a\"]\n[Site \"b\"]\n{comment}\n[Date \"c\"]\n1. e4 *\n[Event \"z\"]\n",
};

}  // namespace

TEST_CASE("L18 the common-token loops read each case as the general loops, whole and cut at every byte", "[pgn][L18]") {
    for (const char* eol : {"\n", "\r\n", "\r"}) {
        for (const char* c : kCases) {
            const std::string text = with_line_ends(c, eol);
            CAPTURE(eol, text);
            REQUIRE(read_both(text) == "");
            for (std::size_t cut = 0; cut <= text.size(); ++cut) {
                CAPTURE(cut);
                const std::string_view piece = std::string_view(text).substr(0, cut);
                REQUIRE(read_both(piece) == "");
                REQUIRE(read_both(piece, Origin{0, 0, 1, 0, 0, false, UINT64_MAX}) == "");
            }
        }
    }
}

TEST_CASE("L18 the common-token loops read random sequences of PGN fragments as the general loops", "[pgn][L18]") {
    rc::prop("both loops read the same games", [] {
        const auto parts = *rc::gen::container<std::vector<std::string>>(rc::gen::element<std::string>(
            "1.", "12.", "123.", "1234.", "0.", "1...", "1. ...", "2 .", ".", "..", " ", " ", " ", "  ", "\n", "\n",
            "\r\n", "\r", "\t", "%escape\n", "e4", "exd5", "Nf3", "Nbd7", "R1e2", "Qh4xe1", "O-O", "O-O-O", "e8=Q",
            "exd6", "e.p.", "e4!", "Nf3+", "Qh7#", "a1", "{c}", ";c\n", "(", ")", "$1", "!", "?", "*", "1-0", "1/2-1/2",
            "0-1", "[Event \"x\"]\n", "[Site \"y\"]", "[", "]", "\"", "\\", "Zz", "--", "0000", "-", "@", "\xC3\xA9",
            "<"));
        std::string text;
        for (const std::string& p : parts) text += p;
        RC_ASSERT(read_both(text) == "");
        RC_ASSERT(read_both(text, Origin{0, 0, 1, 0, 0, false, UINT64_MAX}) == "");
    });
}

TEST_CASE("L18 the common-token loops read the real games as the general loops (or the first PGNSEM_CORPUS_GAMES)",
          "[pgn][L18][corpus]") {
    const std::string path = test::real_games_path();
    std::FILE* in_fast = test::open_real_games();
    std::FILE* in_general = test::open_real_games();
    REQUIRE(in_fast != nullptr);
    REQUIRE(in_general != nullptr);
    syntax::PgnReader fast(in_fast, path);
    syntax::PgnReader general(in_general, path);
    syntax::use_general_loops_only(general);
    ast::Game a;
    ast::Game b;
    const std::size_t limit = pgnsem::test::corpus_limit();  // tests/CMakeLists.txt: 0 for the whole file
    std::size_t games = 0, plies = 0, differences = 0;
    std::string first;
    for (;;) {
        if (limit != 0 && games == limit) break;
        const bool more_a = fast.next(a);
        const bool more_b = general.next(b);
        REQUIRE(more_a == more_b);
        if (!more_a) break;
        ++games;
        plies += a.plies.size();
        if (std::string d = game_difference(a, b); !d.empty()) {
            if (differences++ == 0) first = "game " + std::to_string(games) + ": " + d;
        }
    }
    pclose(in_fast);
    pclose(in_general);
    INFO(first);
    CHECK(differences == 0);
    if (limit == 0 || limit >= 116886) {
        CHECK(games == 116886);
        CHECK(plies > 9000000);
    } else {
        CHECK(games == limit);
    }
}
