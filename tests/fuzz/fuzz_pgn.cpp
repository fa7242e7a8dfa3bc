// libFuzzer target for the PGN reader (L11, and L12 on whatever it reads without error): the
// reader never crashes or hangs, its indices stay inside the game, and a game read without
// error is written and read back to the same number of moves, comments, NAGs and variations.
// L18: a second reader, told to read movetext with its general loop alone, reads every game the
// same in every field (the first reader's common-token loop is an optimisation of that loop).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "syntax/pgn/fast.hpp"
#include "syntax/pgn/reader.hpp"
#include "syntax/pgn/writer.hpp"
#include "tests/syntax/game_difference.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pgnsem;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    syntax::PgnReader reader(text);
    syntax::PgnReader general(text);
    syntax::use_general_loops_only(general);
    ast::Game g;
    ast::Game reference;
    ast::Game back;
    std::string written;
    std::size_t games = 0;
    for (;;) {
        const bool more = reader.next(g);
        if (general.next(reference) != more) __builtin_trap();
        if (!more) break;
        if (!test::game_difference(g, reference).empty()) __builtin_trap();
        if (++games > size + 1) __builtin_trap();
        for (const ast::Ply& p : g.plies) {
            if (p.next != ast::kNone && p.next >= g.plies.size()) __builtin_trap();
            if (p.first_variation != ast::kNone && p.first_variation >= g.variations.size()) __builtin_trap();
            if (p.nags_begin + p.nags_count > g.nags.size()) __builtin_trap();
        }
        if (g.error) continue;
        written.clear();
        syntax::write_game(g, {}, written);
        syntax::PgnReader again(written);
        if (!again.next(back)) __builtin_trap();
        if (back.error) __builtin_trap();
        if (back.plies.size() != g.plies.size() || back.variations.size() != g.variations.size() ||
            back.comments.size() != g.comments.size())
            __builtin_trap();
        if (again.next(back)) __builtin_trap();
    }
    return 0;
}
