// `pgnsem normalize`: rewrite games in the PGN export format (§3.2, §8): Seven Tag Roster first,
// canonical SAN with correct `+`/`#`, move numbers, one blank line between games. Meaning is
// never changed: the result is kept as written (a contradiction stays for `check --strict` to
// report), moves after an illegal one are kept as read, and text the reader did not play (after
// the termination marker) is reported on stderr, not silently dropped. A game that cannot be
// rewritten — malformed (a syntax error in its text, a FEN tag that does not parse, SetUp without
// FEN), unsupported, or starting from a position that cannot arise — is written as read, byte for
// byte (ast::Game::text), with a line on stderr saying why; it is never cut or changed. Only a
// game whose bytes the reader does not keep (longer than 64 MiB, or a UTF-16/UTF-32 input) is not
// written at all, and stderr says so, naming the file, the game and its line.
//
// With an accepted and/or a rejected file the games are split as pgn-extract's -o/-n split them:
// the legal ones, normalised, go to the accepted file (stdout when none is named), the others,
// exactly as read so that the original can be corrected, to the rejected file (stdout when none).
//
// With a report file, one `normalization` object per game (schemas/normalization.json) says what
// was done with it: normalised, written as read or not written, where to, why (the words of the
// note on stderr), the other notes, and how many plies' SAN the rewrite changed.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "io/contract.hpp"

namespace pgnsem::interp {

struct NormalizeOptions {
    // Where the legal games go, normalised (empty: `out`).
    std::string accepted;
    // Where the other games go, as read (empty: `out`).
    std::string rejected;
    // Where the report goes (empty: none; "-": `out`, which only both files above leave free).
    std::string report;
    JsonLayout report_layout = JsonLayout::Lines;
};

// Normalises the games of `paths` in order ("-" is standard input) into `out` and the files of
// `options`. Returns the exit code: 0 when every game was legal, 1 otherwise, 2 on usage errors
// (an output named twice, or also an input, or "-" where standard output carries games), on a file that could not be
// read (the other files are still normalised) and on write errors (the messages name the file).
int normalize_files(const std::vector<std::string>& paths, const NormalizeOptions& options, std::FILE* out);

// One file into `out` (normalize_files without accepted or rejected files).
int normalize_file(const std::string& path, std::FILE* out);

}  // namespace pgnsem::interp
