// [[S]] — the meaning of a game's steps (§3.2.1), and where the game ends.
//
// As printed:
//   [[nil]]        = ∅
//   [[n. M :: S]]  = {(n, [[M]])} ∪ {(b, Y) | (b, Y) ∈ [[S]], n ≠ b}
// a map from step numbers to moves "executed in the associated, ascending order"; a step's move is
// M := M1 M2, the composition [[M1 M2]] = {(σ, σ″) | ∃σ′. (σ, σ′) ∈ [[M1]] & (σ′, σ″) ∈ [[M2]]}.
// So a game means [[M₁]] ; [[M₂]] ; … applied to σ₀, each move judged by T: the fold below, which
// stops at the first ⊥.
//
// Two corrections live here (proofs-notes/errata.md):
//   - steps-in-text-order: which plies are played, in which order (step_order);
//   - game-over: after checkmate or stalemate every further move is game/over (fold_steps).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "semantics/engine.hpp"
#include "semantics/errata.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"
#include "syntax/ast.hpp"

namespace pgnsem::sem {

// The plies of a line that [[S]] plays, as indices into ast::Game::plies, in the order played; and
// the plies of the steps the paper's map leaves out (a repeated step number). The vectors are
// reused from game to game (no allocation once they have grown).
struct StepOrder {
    std::vector<std::uint32_t> plies;
    std::vector<std::uint32_t> dropped;
};

// Erratum steps-in-text-order. Paper: the map keyed by the written step number, in ascending n; a
// number written again keeps only its first step, and a ply without a number belongs to the step
// before it (the first step, if unnumbered, takes the number the game starts at, `first_number`:
// the paper numbers from σ₀ only, so this is pgnsem's choice). PGN 8.2.2: every ply, in the order
// written; the numbers are the notation's claim (move-number), not keys.
void step_order(const ast::Game& g, std::uint32_t first_ply, std::uint32_t first_number, Reading r, StepOrder& out);

// Why the fold stopped at a ply: T's ⊥, and the rule [[S]] reports for it. Erratum game-over.
// Paper: [[S]] folds every step, so the move's own reason. Laws 5.1.1, 5.2.1: when σ has no legal
// move the game had already ended, and the move is game/over (its own reason kept for the message).
struct Stopped {
    Fails failure;  // T(M)(σ) = ⊥, as T says
    Rule reported;  // failure.rule, or game/over
};
[[nodiscard]] Stopped stopped(const Fails& failure, const State& sigma, const Engine& e) noexcept;

// The fold of T over the plies in `order`: σ_k is the σ′ of T(M_k)(σ_{k−1}) while T says ⊤; the
// first ⊥ stops it. `judge(ply, σ)` gives T of one ply (a value with `failure()`, null for ⊤, and
// `next()`); `defined(k, ply, σ, judged)` is told of every ply T accepts and may end the fold early
// by returning false (the interpreter's --strict). Returns the plies played, the last σ, and the
// stop, if T stopped the fold.
struct Folded {
    std::uint32_t played = 0;
    State last{};
    std::optional<Stopped> stop;  // the ply after the `played` ones failed
    bool ended_early = false;     // `defined` ended it
};
template <class Judge, class Defined>
[[nodiscard]] Folded fold_steps(const ast::Game& g, const StepOrder& order, const State& sigma0, const Engine& e,
                                Judge&& judge, Defined&& defined) {
    Folded f;
    f.last = sigma0;
    for (const std::uint32_t i : order.plies) {
        const ast::Ply& ply = g.plies[i];
        const auto judged = judge(ply, f.last);
        // T(M_k)(σ_{k−1}) = ⊥: [[S]] is undefined from here
        if (const Fails* failure = judged.failure()) {
            f.stop = stopped(*failure, f.last, e);
            return f;
        }
        ++f.played;
        if (!defined(f.played, ply, f.last, judged)) {
            f.ended_early = true;
            return f;
        }
        f.last = judged.next();
    }
    return f;
}

// [[S]]σ₀ with T alone: the plies of the game's main line in the order of `r`, each judged by e's
// T. What the interpreter computes, without the notation's claims and the draw facts.
[[nodiscard]] Folded denote_steps(const ast::Game& g, const State& sigma0, const Engine& e);

}  // namespace pgnsem::sem
