// The PGN reader's fast path into SAN (internal to syntax/): the canonical forms that make up
// nearly all real movetext, read straight into a move that already lives in the game's ply
// vector, so no ast::Move is built on the stack and copied per move.
#pragma once

#include <string_view>

#include "ast/ast.hpp"
#include "syntax/san.hpp"

namespace pgnsem::syntax {

// Reads `e4`, `exd5`, `Nf3`, `Nxe5`, `Nbd7`, `R1e2`, `Nbxd7`, `O-O`, `O-O-O`, each with an
// optional `+` or `#`, into `m` (all of its fields are overwritten) and returns true; returns
// false, leaving `m` unspecified, for every other token. parse_san gives the same move for
// every token accepted here (L14 of proofs-notes/invariants.md).
[[nodiscard]] bool parse_common_san(std::string_view t, ast::Move& m) noexcept;

// The general reader alone, which reads every token, the common ones included: parse_san is
// parse_common_san where that accepts, and this otherwise. Apart so that the two can be compared
// (L14 of proofs-notes/invariants.md, tests/syntax/san_fast_test.cpp).
[[nodiscard]] SanResult parse_general_san(std::string_view t) noexcept;

}  // namespace pgnsem::syntax
