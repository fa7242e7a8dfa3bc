// The PGN reader's common-token loops (internal to syntax/ and its tests). The common tokens are
// read by loops that decide each from its first byte and keep the read position in local
// variables: in movetext, move numbers with their periods, the moves parse_common_san reads
// (syntax/san_fast.hpp), spaces and line ends (GameParser::common_tokens, syntax/pgn/movetext.cpp);
// in a tag section, tag pairs written `[Name "value"]`, one to a line or run together
// (GameParser::common_tag_pairs, syntax/pgn/tags.cpp). Everything else is read by the reader's
// general loops (GameParser::movetext, GameParser::tag_section), which read every token themselves,
// the common ones included: they are the definition, and the common-token loops an optimisation of them.
// Both read every text into the same games (L18 of proofs-notes/invariants.md,
// tests/syntax/common_tokens_test.cpp, tests/fuzz/fuzz_pgn.cpp).
#pragma once

#include "syntax/pgn/reader.hpp"

namespace pgnsem::syntax {

// From the next game on, `reader` reads with its general loops alone.
void use_general_loops_only(PgnReader& reader) noexcept;

}  // namespace pgnsem::syntax
