// --strict: only the PGN export format (§8, §8.2.3.7) is accepted. A warning whose kind does not
// stay a warning under --strict (the tables of interpreter/warnings.hpp and
// ast/reader_warnings.hpp) becomes the game's error: `malformed`, rule `notation/<kind>`, with
// the export form in the message — except `variation-illegal`, an illegal move inside a variation,
// which makes the game `illegal` under the rule the move broke. The first such warning in text
// order stops the replay: `plies` and `fen_after` are those before the ply it is about. Warnings
// are looked at three times: before the first move (the reader's warnings about the tags and the
// FEN tag), after each ply of the main line (its claims and its variations), and at the end (the
// result claims, and the reader's warnings after the movetext: a missing or trailing termination
// marker).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ast/ast.hpp"
#include "interpreter/interpret.hpp"
#include "semantics/state.hpp"

namespace pgnsem::interp {

// The first warning of `v` from index `since` on that does not stay a warning, made its error;
// whether there was one. `ply_no` and `s` are the ply it is about and the state that ply was tried
// in (the last position replayed): the verdict's final position.
bool strict_violation(Verdict& v, std::size_t since, std::uint32_t ply_no, const sem::State& s);

// Before any move is replayed: the warnings that stand before the first move of the main line
// decide a strict run in σ, the start position. Whether one did.
bool strict_before_moves(const ast::Game& g, Verdict& v, const sem::State& s);

// After the last move, in the final position σ: the warnings from `mark` on (the result claims)
// first, then all of them (what is left is the reader's warnings after the movetext).
void strict_at_end(Verdict& v, std::size_t mark, const sem::State& s);

}  // namespace pgnsem::interp
