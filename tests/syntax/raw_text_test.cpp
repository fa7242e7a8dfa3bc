// ast::Game::text: the bytes of each game as read (what normalize writes for a game it cannot
// rewrite), from memory and streamed from a FILE across the reader's refills, and what
// Game::own_strings does with it.
#include <catch2/catch.hpp>
#include <cstdio>
#include <functional>
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

TEST_CASE("Game::own_strings with the text points every view into the arena, those outside the text too",
          "[pgn][text]") {
    // A tag value with escapes is decoded outside the game's bytes; the rest of the views lie in them.
    std::string pgn = "[Event \"say \\\"hi\\\"\"]\n[Site \"here\"]\n\n1. e4 {a comment} e5 2. Nf3 *\n\n1. d4 *\n";
    syntax::PgnReader reader(pgn);
    ast::Game g;
    REQUIRE(reader.next(g));
    std::string arena;
    g.own_strings(arena, ast::Game::RawText::Copy);
    ast::Game next;
    REQUIRE(reader.next(next));   // the reader's scratch is reused
    pgn.assign(pgn.size(), '#');  // and its bytes are gone
    const auto in_arena = [&arena](std::string_view v) {
        return v.empty() || (std::less_equal<const char*>()(arena.data(), v.data()) &&
                             std::less_equal<const char*>()(v.data() + v.size(), arena.data() + arena.size()));
    };
    CHECK(g.text == "[Event \"say \\\"hi\\\"\"]\n[Site \"here\"]\n\n1. e4 {a comment} e5 2. Nf3 *");
    CHECK(g.tag("Event") == "say \"hi\"");
    CHECK(g.tag("Site") == "here");
    REQUIRE(g.plies.size() == 3);
    CHECK(g.plies[2].text == "Nf3");
    REQUIRE(g.comments.size() == 1);
    CHECK(g.comments[0].text == "a comment");
    CHECK(in_arena(g.text));
    for (const ast::Tag& t : g.tags) CHECK((in_arena(t.name) && in_arena(t.value)));
    for (const ast::Ply& p : g.plies) CHECK(in_arena(p.text));
    CHECK(in_arena(g.comments[0].text));
    // the text once, and the decoded value beside it
    CHECK(arena.size() == g.text.size() + std::string_view("say \"hi\"").size());
}
