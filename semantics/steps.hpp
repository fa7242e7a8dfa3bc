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

#include "ast/ast.hpp"
#include "semantics/engine.hpp"
#include "semantics/errata.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// The plies of a line that [[S]] plays, in the order played: in text order, the line itself (from
// `first`, each ply's `next`, no list built); in the paper's, `plies` (indices into
// ast::Game::plies); and the plies of the steps the paper's map leaves out (a repeated step
// number), with that number. In text order both lists are empty, so the order of a game under the
// Laws' reading allocates nothing; the paper's order allocates as its lists grow, once a game
// or a few times, never per move.
struct DroppedPly {
    std::uint32_t ply;
    std::uint32_t step;
};
struct StepOrder {
    bool text_order = true;
    std::uint32_t first = ast::kNone;
    std::vector<std::uint32_t> plies;
    std::vector<DroppedPly> dropped;
    // In the paper's order, the k-th ply played (0-based); kNone past the last.
    [[nodiscard]] std::uint32_t nth(std::size_t k) const noexcept { return k < plies.size() ? plies[k] : ast::kNone; }
    // The ply played after `ply`, the k-th (0-based); kNone for none.
    [[nodiscard]] std::uint32_t after(const ast::Ply& ply, std::size_t k) const noexcept {
        return text_order ? ply.next : nth(k + 1);
    }
};

// Erratum steps-in-text-order. Paper: the map keyed by the written step number, in ascending n; a
// number written again keeps only its first step, and a ply without a number belongs to the step
// before it (the first step, if unnumbered, takes the number the game starts at, `first_number`:
// the paper numbers from σ₀ only, so this is pgnsem's choice). PGN 8.2.2: every ply, in the order
// written; the numbers are the notation's claim (move-number), not keys.
[[nodiscard]] StepOrder step_order(const ast::Game& g, std::uint32_t first_ply, std::uint32_t first_number, Reading r);

// The rule [[S]] reports when T refuses a move M in σ. Erratum game-over. Paper: [[S]] folds every
// step, so the move's own reason. Laws 5.1.1, 5.2.1: when σ has no legal move the game had already
// ended, and the move is game/over (T's own reason stays, for the message).
[[nodiscard]] Failure reported_rule(const Refused& failure, const State& sigma, const Engine& e) noexcept;

// The fold of T over the plies in `order`: σ_k is the σ′ of T(M_k)(σ_{k−1}) while T says ⊤; the
// first ⊥ stops it. `judge(k, ply, σ)` is T of the k-th ply of the order (0-based), a value with
// `defined()` and, when defined, `next()`; `defined(k, ply, σ, judged)` is told of every ply T
// accepts and may end the fold early by returning false (the interpreter's --strict). σ is held
// as an engine's position (semantics/engines.hpp: σ itself, or the fast path's σ with its kings),
// P, which `next()` gives too. The result: how many plies were played, the last σ, and the
// judgement that stopped the fold, if one did.
template <class J, class P = State>
struct Folded {
    std::uint32_t played = 0;
    P last{};
    std::optional<J> refused;                // T's ⊥ for ply `played` (0-based) of the order …
    std::uint32_t refused_ply = ast::kNone;  // … which is this ply of the game
    bool ended_early = false;                // `defined` ended it
};
template <class P, class Judge, class Defined>
[[nodiscard]] auto fold_steps(const ast::Game& g, const StepOrder& order, const P& sigma0, Judge&& judge,
                              Defined&& defined) {
    using J = decltype(judge(std::size_t{0}, g.plies[0], sigma0));
    Folded<J, P> f;
    f.last = sigma0;
    std::size_t k = 0;
    for (std::uint32_t i = order.text_order ? order.first : order.nth(0); i != ast::kNone;
         i = order.after(g.plies[i], k++)) {
        const ast::Ply& ply = g.plies[i];
        const J judged = judge(k, ply, f.last);
        // T(M_k)(σ_{k−1}) = ⊥: [[S]] is undefined from here on
        if (!judged.defined()) {
            f.refused.emplace(judged);
            f.refused_ply = i;
            return f;
        }
        ++f.played;
        if (!defined(k, ply, f.last, judged)) {
            f.ended_early = true;
            return f;
        }
        f.last = judged.next();
    }
    return f;
}

// T of one ply as [[S]] sees it: T's answer and, when refused, the rule reported (reported_rule).
struct StepJudgement {
    Termination t;
    Failure reported = Failure::GameOver;
    [[nodiscard]] bool defined() const noexcept { return t.index() == 0; }
    [[nodiscard]] const State& next() const noexcept { return boost::variant2::get<Accepted>(t).next; }
};

// [[S]]σ₀ with T alone: the plies of the game's main line in the order e's reading gives, each
// judged by e's T. What the interpreter computes, without the notation's claims and the draw facts.
[[nodiscard]] Folded<StepJudgement> denote_steps(const ast::Game& g, const State& sigma0, const Engine& e);

}  // namespace pgnsem::sem
