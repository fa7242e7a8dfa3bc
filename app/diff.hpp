// `pgnsem diff`: another move generator held to pgnsem's, position by position, and, where the two
// part, the divide tree walked down to the shallowest position and the moves where they differ, with
// the rule pgnsem applies to each (README, "pgnsem diff").
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/contract.hpp"

namespace pgnsem::interp {

struct DiffOptions {
    // The other program, run with /bin/sh -c: a UCI engine (`position fen … moves …`, `go perft N`
    // answered with divide lines `e2e4: 20` and `Nodes searched: N`, as Stockfish prints them), or
    // a program that speaks `pgnsem serve`'s protocol, asked its `moves` operation. One of the two.
    std::string uci, serve;
    int depth = 3;                             // perft depth at each position given
    std::chrono::milliseconds timeout{10000};  // for each answer of the other program
    std::uint64_t max_nodes = UINT64_MAX;      // stop before the leaves compared would pass it
    // Leave out the positions that cannot arise in a game (engines may assume one and crash). They
    // are compared by default, and their reports say that they cannot arise.
    bool skip_impossible = false;
    // Every position of the files is a Chess960 one (proofs-notes/chess960.md; X-FEN's K and Q read as
    // the outermost rooks). Without it, those whose castling field names a file and `chess960:N`
    // lines are. A UCI engine is told `setoption name UCI_Chess960 value true` before a Chess960
    // position (and `false` before a standard one after it) and given Shredder-FEN and castling as the
    // king taking its rook; a serve-protocol program is asked with `"chess960": true`.
    bool chess960 = false;
    std::optional<std::uint64_t> gen_seed;  // positions of `pgnsem gen` games too
    std::uint32_t gen_games = 0;
    std::optional<JsonLayout> json;  // text when nothing
};

// Walks the positions of `files` (FEN or EPD a line, or the .perft format: `id`, `epd`, `perft`
// lines, `#` comments) and of the generated games, writing one report (text) or `diff` object
// (schemas/diff.json) for each to `out`, and a summary to stderr. 0 when the programs agree on every
// position, 1 when they differ somewhere, 2 when the other program failed (crashed, hung, wrote what
// cannot be read: the position is reported with the reason, and the program started again for the
// next), a file cannot be read, or a write failed.
[[nodiscard]] int diff_command(const DiffOptions& options, const std::vector<std::string>& files);

}  // namespace pgnsem::interp
