// `pgnsem gen`: seeded, reproducible games for other implementations' property tests. Legal
// games walk the semantics (legal_moves → canonical SAN); a near-miss game has exactly one move
// replaced by an illegal one, and its label says at which ply and under which rule `pgnsem check`
// rejects it. The same seed gives the same bytes on every machine (integer PRNG, moves sorted by
// UCI before choosing, no floating point in the choices).
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "io/contract.hpp"

namespace pgnsem::interp {

struct GeneratedGame {
    std::string pgn;                       // export format, ends with a blank line
    std::optional<std::uint32_t> bad_ply;  // the near-miss ply, if any
    std::string rule;                      // the rule check reports there
};

// Game number `index` (1-based) of the stream for `seed`. near_miss_per_mille: 0..1000.
[[nodiscard]] GeneratedGame generate_game(std::uint64_t seed, std::uint32_t index, std::uint32_t near_miss_per_mille);

// Writes `games` games to out and, if labels_path is not empty, one `label` object per game to it
// (schemas/label.json: the verdict, and for a near-miss game the error check reports, with its
// ply), in `labels_layout`. Returns the process exit code.
int generate(std::uint64_t seed, std::uint32_t games, double near_miss, const std::string& labels_path,
             JsonLayout labels_layout, std::FILE* out);

}  // namespace pgnsem::interp
