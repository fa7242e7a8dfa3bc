// The PGN export format (§3.2, §8 of the PGN standard): ast::Game → text. The reader
// (syntax/pgn/reader.hpp) reads it back to the same moves, tags, comments, NAGs and variations
// (lemma L12, tests/syntax/pgn_writer_test.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ast/ast.hpp"

namespace pgnsem::syntax {

struct WriteOptions {
    // The full-move number and side of the game's first ply (from the FEN when the game
    // starts from a set-up position; §8.2.2.2).
    std::uint32_t first_move_number = 1;
    Color first_side = Color::White;
};

// Seven Tag Roster first in its order (missing ones as `?`, `????.??.??`, `*`), the other tags
// in ASCII order of their names, a blank line, the movetext in lines of at most 79 characters
// (a brace comment is never split, so a line holding a long one may be longer), the
// termination marker (`*` when the game has none), a blank line. Moves are printed in
// canonical SAN (syntax/san.hpp print_san); a suffix glyph is written as its NAG $1–$6 before
// the move's other NAGs (§8.2.3.8). The comments must be in source order, as the reader
// produces them.
[[nodiscard]] std::string write_game(const ast::Game& g, const WriteOptions& options = {});

// Appends the same text to `out` (no allocation once `out` has grown).
void write_game(const ast::Game& g, const WriteOptions& options, std::string& out);

}  // namespace pgnsem::syntax
