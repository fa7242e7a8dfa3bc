// `pgnsem perft`: the leaves of the legal-move tree below a position, and with --divide the count
// below each root move (as Stockfish's `go perft` prints them), in text or as one JSON object
// (schemas/perft.json).
#pragma once

#include <optional>
#include <string>

#include "io/contract.hpp"

namespace pgnsem::interp {

// `pgnsem perft DEPTH [--fen FEN] [--divide] [--engine fast|reference] [--format …]`: `depth` 0 to 32
// (the option's validator); `fen` as position_option reads it (app/moves_report.hpp: empty for the
// initial position, `-` for standard input). Text (no layout) or the one object as a document or a
// line. 0, or 2 when the FEN does not parse or the output could not be written. A position that
// cannot arise in a game is counted all the same, its problems said on stderr.
[[nodiscard]] int perft_command(int depth, const std::string& fen, bool divide, bool reference,
                                std::optional<JsonLayout> json);

}  // namespace pgnsem::interp
