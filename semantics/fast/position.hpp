// Internal to semantics/: the fast path's position and T's answer in it. σ (`State`) is the
// paper's map from squares to ids and no more; the fast path's IIC matches σ's pieces against the
// ways they could reach a king's square (in_check.cpp), so it needs that square before it reads σ.
// A `Position` carries it beside σ: made once where a position enters the fast path
// (position_from), and written by the fast equations (denote.cpp) into σ′'s position with σ′ itself,
// so that neither T nor a loop over plies ever looks for a king. The fast T answers in positions
// (`fast::Accepted`, `fast::Termination`); what leaves the fast path through the engine interface
// is the reference's answer (`answer_of`). F1 and F3 (proofs-notes/invariants.md) hold what T
// answers to the reference, which looks for the king as Algorithm 3 says.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

// Where each king stands, by Color; kNoSquare for a side without one (only a FEN that fails
// validation, or a perft of one, has no king; with two, the first in square order a1 … h8).
using KingSquares = std::array<std::uint8_t, 2>;

// The kings of σ, one square at a time: the readable body kings_of must equal.
[[nodiscard]] inline KingSquares kings_of_scalar(const State& s) noexcept {
    KingSquares k{{kNoSquare, kNoSquare}};
    for (int q = 63; q >= 0; --q) {
        const PieceId v = s.board[static_cast<std::size_t>(q)];
        if (v != kEmpty && kind_of(v) == PieceKind::King)
            k[static_cast<std::size_t>(color_of(v))] = static_cast<std::uint8_t>(q);
    }
    return k;
}

// The kings of σ, sixteen squares a step where the build has SIMD (in_check.cpp).
[[nodiscard]] KingSquares kings_of(const State& s) noexcept;

// σ and where its kings stand: king[c] == kings_of(sigma)[c] always (F1). The kings follow σ's
// fields, so that an equation copies them with the fields it does not write (denote.cpp).
struct Position {
    State sigma;
    KingSquares king{{kNoSquare, kNoSquare}};
    friend bool operator==(const Position&, const Position&) = default;
};

[[nodiscard]] inline Position position_from(const State& s) noexcept {
    return Position{s, kings_of(s)};
}

// T(M) = ⊤ in the fast path: σ′ as a position, the action, and IIC(σ′, the side to move in σ′).
struct Accepted {
    Position next;
    Action action;
    bool check = false;
    friend bool operator==(const Accepted&, const Accepted&) = default;
};
// The fast T's answer: ⊤ in a position, or the reference's ⊥ (a Refused carries no σ).
using Termination = boost::variant2::variant<Accepted, Refused>;

// The same answer as the reference writes it (σ′ without its kings): what the engine interface
// returns (semantics/engines.hpp).
[[nodiscard]] inline sem::Termination answer_of(const Termination& t) noexcept {
    if (const Accepted* a = boost::variant2::get_if<Accepted>(&t))
        return sem::Accepted{a->next.sigma, a->action, a->check};
    return boost::variant2::get<Refused>(t);
}
// And back, for an answer the reference gave in σ (the kings of σ′ looked for).
[[nodiscard]] inline Termination answer_in_positions(const sem::Termination& t) noexcept {
    if (const sem::Accepted* a = boost::variant2::get_if<sem::Accepted>(&t))
        return Accepted{position_from(a->next), a->action, a->check};
    return boost::variant2::get<Refused>(t);
}

}  // namespace pgnsem::sem::fast
