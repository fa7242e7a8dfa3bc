// The PGN reader's common-token loop (internal to syntax/ and its tests): the movetext's common
// tokens — move numbers with their periods, the moves parse_common_san reads (syntax/san_fast.hpp),
// spaces and line feeds — are read by a loop that keeps the read position and the line in local
// variables, and everything else by the reader's general loop (GameParser::common_tokens and
// GameParser::movetext, syntax/pgn.cpp). The general loop reads every token itself, the common
// ones included, so it is the definition and the common-token loop an optimisation of it: both
// read every text into the same games (L18 of proofs-notes/invariants.md,
// tests/syntax/common_tokens_test.cpp, tests/fuzz/fuzz_pgn.cpp).
#pragma once

#include "syntax/pgn.hpp"

namespace pgnsem::syntax {

// From the next game on, `reader` reads movetext with its general loop alone.
void use_general_movetext_only(PgnReader& reader) noexcept;

}  // namespace pgnsem::syntax
