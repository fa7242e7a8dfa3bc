// `pgnsem errata --find SLUG`: a short game on which a reading A (the Laws', or --base) and A with
// the erratum SLUG read as the paper prints it part, as `check --compare` defines parting
// (interpreter/compare.hpp).
//
// 1. Exhaustive: breadth first over the games whose every ply both readings play, from σ₀ (or the
//    FEN of the erratum's own game, when it has one), one pair of positions per node (transpositions
//    reached once). The texts tried at a node are the canonical SAN, under its own reading, of every
//    move either reading accepts there (and, where neither has a legal move, every move T refuses
//    only for its own king: what a move after mate is), each judged under both readings by the
//    interpreter's judge_move, so that the notation counts (`Ne2` ambiguous under the paper when the
//    other knight is pinned). The first text on which the two differ ends a shortest game: no game
//    of fewer plies, each written in either reading's canonical SAN, parts them.
// 2. Otherwise (nothing within --max-plies), the erratum's own game, shrunk: cut after the ply where
//    the readings part, then plies deleted, one or two at a time, and a move rewritten to another
//    legal one when a deletion follows, for as long as the readings still part. Not proven shortest.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "interpreter/compare.hpp"
#include "io/contract.hpp"
#include "semantics/errata.hpp"

namespace pgnsem::interp {

struct FindOptions {
    std::string slug;
    // The reading A as one word (interpreter/reading.hpp, reading_request); B is it with +SLUG=paper.
    std::string base = "laws";
    // The deepest exhaustive search (plies); never deeper than one ply short of the erratum's game.
    std::uint32_t max_plies = 4;
    // The shrinker's games judged after the deletions alone stop shortening (the rewrites).
    std::uint32_t rewrite_budget = 4000;
    std::optional<JsonLayout> json;
};

// Runs the search and writes what it found to `out`: 0 a game found, 1 none, 2 a usage error (an
// unknown slug, one with no paper form to run, a base that is no reading), said on stderr.
[[nodiscard]] int find_parting_game(const FindOptions& options, std::FILE* out);

}  // namespace pgnsem::interp
