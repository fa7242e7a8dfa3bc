// How the interpreter judges one written move M in σ: T(M)(σ) of §3.3, with two readings around
// it that the PGN standard and the FIDE Laws ask for —
//   - the capture-marker tolerance: a piece move refused only for its `x` (`Nf3` onto a piece,
//     `Nxf3` onto an empty square) is read again with the `x` flipped and played, since the
//     capture indicator is a claim of the notation (§8.2.3.3), not part of which move is meant;
//     the claim is reported as a `capture-marker` warning. Pawns are left out: their `x` names a
//     different pawn and square (`exd5`, `d5`).
//   - game/over: a move refused in a position with no legal move is reported as `game/over`
//     (Laws 5.1.1, 5.2.1: checkmate and stalemate end the game), with T's own reason kept for the
//     message: after the game has ended every move fails, and the first thing wrong is the end.
//     Which rule is reported is [[S]]'s (sem::reported_rule, semantics/steps.hpp, erratum game-over).
// T itself is the engine's: the reference under the run's reading, or the fast path.
// One function for the main line, the variations, `gen` and `normalize`, so that the generator's
// labels are the checker's verdicts by construction of one function, not two.
//
// Short names: s = σ, m = the written move, j = the Judged.
#pragma once

#include <string>
#include <string_view>
#include <type_traits>

#include "ast/ast.hpp"
#include "semantics/engine.hpp"
#include "semantics/engines.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::interp {

// A defined move as the interpreter sees it: σ', the action that fired, IIC(σ', the side to move
// in σ') as T found it, and whether the move was read with its `x` flipped. It refers to the
// Termination of a Judged (σ' is not copied again).
struct Played {
    const sem::State& next;
    const sem::Action& action;
    bool check = false;
    bool capture_marker_flipped = false;
};

// What judge_move found, in the positions of the engine E that judged it (semantics/engines.hpp:
// σ itself for the reference and the interface, σ with its kings for the fast path). The two bytes
// stand before T's answer: were the flag right after Accepted::check, the compiler would read both
// bytes with one 16-bit load, which cannot take its value from the two separate byte stores that
// wrote them a moment before and waits for them.
template <sem::EngineContract E>
struct JudgedBy {
    bool capture_marker_flipped = false;
    // When refused, the rule the move is reported under: T's, game/over, or move/null for a null
    // move (whether or not the game had ended: a null move is no chess move at all).
    sem::Failure rule = sem::Failure::GameOver;
    // T's answer: σ′'s position, the action and the check flag, or T's own failure (its rule and
    // Detail, which the message explains even when the move is reported as game/over).
    typename E::Answer t;

    [[nodiscard]] bool defined() const noexcept { return t.index() == 0; }
    [[nodiscard]] Played played() const noexcept {
        const auto& ok = boost::variant2::get<0>(t);
        return Played{E::state(ok.next), ok.action, ok.check, capture_marker_flipped};
    }
    // σ′'s position.
    [[nodiscard]] const typename E::Position& next() const noexcept { return boost::variant2::get<0>(t).next; }
    [[nodiscard]] const sem::Refused& failure() const noexcept { return boost::variant2::get<sem::Refused>(t); }
    // The failure as reported: T's when the rule is T's, else the reported rule alone.
    [[nodiscard]] sem::Refused reported() const noexcept {
        return rule == failure().rule ? failure() : sem::Refused{rule, {}};
    }
};
// A judgement as the engine interface gives it (its answer is the reference's: σ itself).
using Judged = JudgedBy<sem::ReferenceEngine>;
static_assert(std::is_same_v<sem::ReferenceEngine::Answer, sem::Termination>);

// A judgement in E's positions as the interface gives it, and back.
template <sem::EngineContract E>
[[nodiscard]] Judged as_judged(const JudgedBy<E>& j) noexcept {
    return Judged{j.capture_marker_flipped, j.rule, E::answer_of(j.t)};
}
template <sem::EngineContract E>
[[nodiscard]] JudgedBy<E> judged_by(const Judged& j) noexcept {
    return JudgedBy<E>{j.capture_marker_flipped, j.rule, E::answer_in_positions(j.t)};
}

// The rare part of judge_move, out of line: T refused m in σ with `failed`; m read again with its
// `x` flipped, else the rule to report. (It returns a new Judged rather than filling in the one
// judge_move holds, and takes T's failure by value: with that one's address, or its part's, passed
// to another translation unit, GCC clears all of it before every T, on every ply.)
[[nodiscard]] Judged judge_refused(const sem::Engine& e, const ast::Move& m, const sem::State& s, sem::Refused failed);

// T for one written move, with the capture-marker tolerance and game/over, asked of the engine E
// (semantics/engines.hpp: called directly, not through the interface) in E's position p. (Inline:
// the main line asks it of nearly every ply, and T itself already returns through memory.)
template <sem::EngineContract E>
[[nodiscard]] inline JudgedBy<E> judge_move(const E& e, const ast::Move& m, const typename E::Position& p) {
    JudgedBy<E> j{false, sem::Failure::GameOver, e.terminates(m, p)};
    if (!j.defined()) [[unlikely]]
        j = judged_by<E>(judge_refused(e, m, E::state(p), j.failure()));
    return j;
}
// The same through the interface, for an engine known only at run time (the variations).
[[nodiscard]] inline Judged judge_move(const sem::Engine& e, const ast::Move& m, const sem::State& s) {
    return e.visit([&](const auto& engine) { return as_judged(judge_move(engine, m, engine.position(s))); });
}

// A refused move in words: the reported rule and the sentence that explains it (for game/over,
// the position's end first, then the move's own reason). `written` is the move as the game wrote it.
struct Refusal {
    sem::Failure rule;
    std::string message;
};
[[nodiscard]] Refusal refusal(const sem::Engine& e, const Judged& j, const sem::State& s, std::string_view written);

}  // namespace pgnsem::interp
