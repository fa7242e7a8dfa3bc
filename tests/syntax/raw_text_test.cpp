// ast::Game::text: the bytes of each game as read (what normalize writes for a game it cannot
// rewrite), from memory and streamed from a FILE across the reader's refills, and what
// Game::own_strings does with it.
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "ast/ast.hpp"
#include "syntax/pgn/reader.hpp"

using namespace pgnsem;

namespace {

// The text of every game, copied while it is valid (until the next call of next()).
std::vector<std::string> texts(syntax::PgnReader& reader) {
    std::vector<std::string> out;
    ast::Game g;
    while (reader.next(g)) out.emplace_back(g.text);
    return out;
}

std::vector<std::string> texts(std::string_view pgn) {
    syntax::PgnReader reader(pgn);
    return texts(reader);
}

}  // namespace

TEST_CASE("Game::text is each game's bytes, from its first byte to where the reader ended it", "[pgn][text]") {
    const std::string a = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 *";
    const std::string b = "[Event \"b\"]\n\n1. e4 Nz9 2. Nf3 {kept} Nc6 *";  // an error mid-game
    const std::string c = "[Ev-ent \"c\"]\n\n1. d4 *";                       // a broken tag
    const std::string d = "1. e4 {no tags} e5 1-0";                          // movetext first
    const std::string e = "[Event \"e\"]\n\n1. e4 (1. d4 d5\n\n";            // ends at the next tag section
    const std::string f = "[Event \"f\"]\r\n\r\n1. e4 e5 2. Nf3 {never closed\r\n";
    // blank lines and escape lines between games belong to no game; text after a marker neither
    const std::string pgn = "\n\n% escape\n" + a + "\n\n" + b + " text after\n\n" + c + "\n" + d + "\n\n" + e + f;
    const std::vector<std::string> got = texts(pgn);
    CHECK(got == std::vector<std::string>{a, b, c, d, e, f});
    // a UTF-8 byte order mark is not part of the first game
    CHECK(texts("\xEF\xBB\xBF" + a) == std::vector<std::string>{a});
}

TEST_CASE("Game::text spans the reader's refills when streamed from a FILE", "[pgn][text][stream]") {
    std::FILE* file = std::tmpfile();
    REQUIRE(file != nullptr);
    std::vector<std::string> games;
    std::string all;
    for (int i = 0; i < 14; ++i) {
        std::string g = "[Event \"" + std::to_string(i) + "\"]\n\n1. e4 e5 ";
        // games of 0.5 to 4 MiB: many fall across the reader's chunks (PgnReader::kChunkBytes, 1 MiB), most grow the
        // buffer
        g += '{';
        g.append(std::size_t{1} << (19 + i % 4), static_cast<char>('a' + i));
        g += "} ";
        g += i % 5 == 3 ? "2. Nz9 Nc6 *" : "2. Nf3 Nc6 1-0";
        games.push_back(g);
        all += g + (i % 2 == 0 ? " garbage after the marker\n\n" : "\n\n");
    }
    REQUIRE(std::fwrite(all.data(), 1, all.size(), file) == all.size());
    std::rewind(file);
    syntax::PgnReader reader(file, "tmp");
    const std::vector<std::string> got = texts(reader);
    REQUIRE(got.size() == games.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
        INFO("game " << i + 1);
        CHECK(got[i] == games[i]);
    }
    std::fclose(file);
}

TEST_CASE("Game::own_strings copies the text only when asked, and leaves no view behind", "[pgn][text]") {
    std::string pgn = "[Event \"x\"]\n\n1. e4 e5 *\n";
    syntax::PgnReader reader(pgn);
    ast::Game g;
    REQUIRE(reader.next(g));
    ast::Game copied = g, dropped = g;
    std::string arena1, arena2;
    copied.own_strings(arena1, ast::Game::RawText::Copy);
    dropped.own_strings(arena2, ast::Game::RawText::Drop);
    pgn.assign(pgn.size(), '#');  // the reader's bytes are gone
    CHECK(copied.text == "[Event \"x\"]\n\n1. e4 e5 *");
    CHECK(copied.tag("Event") == "x");
    CHECK(dropped.text.empty());
    CHECK(dropped.tag("Event") == "x");
    CHECK(arena2.size() < arena1.size());
}
