// `pgnsem explain`: for one ply of a game, everything the reference semantics computed to judge it
// — the production of the grammar the move matched, the GTSS or GCSS call and its (S, v), the
// update σ^{…}_{…} in the equation's order, IIC's answers, and each premise of [[M]] and T with
// its value — as the reference itself computes them (semantics/why.hpp). Nothing here decides
// anything: the plies before are played by the interpreter's fold with the reference engine (the
// same judgement `check --engine reference` makes), and the ply itself is T of the reference and
// the record of the same functions T is made of (sem::why_of). The words are made here.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.hpp"
#include "io/contract.hpp"
#include "semantics/engine.hpp"

namespace pgnsem::interp {

struct ExplainOptions {
    // The ply to explain (1-based, in the order [[S]] plays them); none: the failing ply of a game
    // that is not legal.
    std::optional<std::uint32_t> ply;
    // The layout of the `explanation` objects (schemas/explanation.json); none: text.
    std::optional<JsonLayout> json;
    // Text as a derivation tree: T(M)(σ) at the root, [[M]] and T's premises below it, each leaf
    // with its value and the equation or erratum it comes from.
    bool tree = false;
    // A reference engine (its reading is the run's: --semantics, --erratum).
    const sem::Engine* engine = nullptr;
};

// Explains game number `game` of `file` into `out`: text, or one `explanation` object (no newline:
// the caller's JsonDocument places it) when options.json is set. Returns why
// the ply options.ply asks for cannot be explained (past the game's end, after its ⊥ ply, no
// start position to replay from), the record written saying so too; empty when it was explained
// or none was asked for (a legal game without --ply has nothing to explain, which is an answer).
[[nodiscard]] std::string explain_game(const ast::Game& g, std::string_view file, std::uint32_t game,
                                       const ExplainOptions& options, std::string& out);

// What `pgnsem explain` prints for a ply, without the game's and the ply's header lines: the move m
// (written as `written`) in σ under the reading r. (The trace page folds it under each ply.)
[[nodiscard]] std::string explain_ply_text(const ast::Move& m, const sem::State& s, sem::Reading r,
                                           std::string_view written);

// `pgnsem explain FILE…`: every game of the files (or game number `game` of each), in order.
// Status: 0, or 2 (README "Exit codes") when a file could not be read, a write failed, a file has
// no game `game`, or a game has no ply options.ply (said on stderr; the other games are explained).
[[nodiscard]] int explain_files(const std::vector<std::string>& files, std::optional<std::uint32_t> game,
                                const ExplainOptions& options, std::FILE* out);

}  // namespace pgnsem::interp
