// The PGN export format (§3.2, §8 of the PGN standard): ast::Game → text. The reader
// (syntax/pgn.hpp) reads it back to the same moves, tags, comments, NAGs and variations
// (lemma L12, tests/syntax/pgn_writer_test.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "syntax/ast.hpp"

namespace pgnsem::syntax {

struct WriteOptions {
    // The full-move number and side of the game's first ply (from the FEN when the game
    // starts from a set-up position; §8.2.2.2).
    std::uint32_t first_move_number = 1;
    Color first_side = Color::White;
    // Where the text was cut (normalize: a syntax error, so that the output reads back with the
    // same error): when `cut`, the walk stops after the last ply read (the last of Game::plies),
    // goes to variation depth `tail_depth` (closing or opening parentheses) and writes `tail` as
    // it is; then the termination marker. A game with no ply gets them at the end of its movetext.
    bool cut = false;
    std::uint32_t tail_depth = 0;
    std::string_view tail;
    // The next move's number indication goes before `tail` (at the same depth): a glyph after a move
    // number is an error (syntax/suffix), after a move it is that move's. (Not for every tail: a
    // stray `.` after a number is read as part of it.)
    bool tail_after_number = false;
    // Written as it is, on a line of its own after the tag pairs (normalize: a malformed tag pair,
    // SyntaxError::tag_pair, so that the output reads back with the same error).
    std::string_view tag_tail;
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
