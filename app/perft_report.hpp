// `pgnsem perft`: the leaves of the legal-move tree below a position, and with --divide the count
// below each root move (as Stockfish's `go perft` prints them), in text or as one JSON object
// (schemas/perft.json).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ast/placement.hpp"
#include "io/contract.hpp"
#include "laws/setup.hpp"

namespace pgnsem::sem {
class Engine;
}  // namespace pgnsem::sem

namespace pgnsem::interp {

// A count of perft: the leaves `depth` plies below a position, and with `divide` the count below
// each root move (UCI, SAN), sorted by UCI. `complete` is false when the count passed `budget` and
// was stopped: the counts are then partial. The count is taken subtree by subtree (the subtrees three
// plies deep), so that a stopped count has run past its budget by one such subtree at most.
struct PerftCount {
    struct Root {
        std::string uci, san;
        std::uint64_t nodes = 0;
    };
    std::uint64_t nodes = 0;
    std::vector<Root> roots;
    bool complete = true;
};
[[nodiscard]] PerftCount perft_count(const sem::Engine& e, const Placement& p, int depth, bool divide,
                                     std::uint64_t budget = UINT64_MAX);

// The `perft` object of a count (schemas/perft.json, no newline).
[[nodiscard]] std::string perft_object(const Placement& p, int depth, bool divide, const PerftCount& count);

// `pgnsem perft DEPTH [--fen FEN] [--divide] [--engine fast|reference] [--format …]`: `depth` 0 to 32
// (the option's validator); `fen` as position_option reads it (app/moves_report.hpp: empty for the
// initial position, `-` for standard input). Text (no layout) or the one object as a document or a
// line. 0, or 2 when the FEN does not parse or the output could not be written. A position that
// cannot arise in a game is counted all the same, its problems said on stderr. `chess960` and `style`
// as moves_command's.
[[nodiscard]] int perft_command(int depth, const std::string& fen, bool divide, bool reference,
                                std::optional<JsonLayout> json, bool chess960 = false,
                                sem::CastlingStyle style = sem::CastlingStyle::XFen);

}  // namespace pgnsem::interp
