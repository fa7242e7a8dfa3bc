// What the dead-position analyser's helpmate search (laws/dead_helpmate.cpp) and closure
// (laws/dead_closure.cpp) share: the engine they ask (the fast one, semantics/engines.hpp;
// the Laws' reading), the positions as they keep them, and the sizes of their tables. Not part of
// the interface of laws/dead_position.hpp.
#pragma once

#include <boost/variant2/variant.hpp>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "laws/dead_position.hpp"
#include "semantics/engines.hpp"

namespace pgnsem::sem::laws::detail {

// The engine every question of the analysis goes to.
[[nodiscard]] inline const FastEngine& engine() noexcept {
    return FastEngine::instance();
}

inline constexpr std::uint32_t kNoParent = std::numeric_limits<std::uint32_t>::max();

// The first size of the search's table and of the closure's slots, in entries: what a short
// search or a small closure needs, and the step from which they double.
inline constexpr std::size_t kFirstEntries = std::size_t{1} << 12;
// The closure's positions are allocated this many at a time.
inline constexpr unsigned kBlockBits = 10;
inline constexpr std::uint32_t kBlockMask = (std::uint32_t{1} << kBlockBits) - 1;

// σ with `turn` moved back to 2 or 3 (same side to move) and the pawns' stamps with it, so that a
// long search never meets the turn limit (kTurnLimit, rule game/too-long): the clocks are not part
// of the question (Law 5.2.2 asks about legal moves; the 50/75-move and repetition rules are left
// aside). Only a stamp of the last ply can still matter (en passant), and it keeps that meaning.
[[nodiscard]] inline State rebased(const State& s) noexcept {
    State r = s;
    const auto base = static_cast<std::uint16_t>(2 + (s.turn & 1));
    for (auto& stamp : r.two_step)
        stamp = (stamp != kNoStamp && stamp + 1u == s.turn) ? static_cast<std::uint16_t>(base - 1) : kNoStamp;
    r.turn = base;
    return r;
}

// "The same position" of Laws 9.2.3 (what FastEngine::full_key hashes): kinds and colours on the
// squares, the side to move, the castling rights, the en passant file. Positions that are the
// same have the same legal moves, up to the ids, so the closure keeps one of them. The same
// question as comparing position_of (semantics/position.hpp), asked of the fast engine's tables
// and stopping at the first square that differs: the closure asks it of every key that collides
// in its table, and position_of would build both positions (the reference's en passant file asks
// T of each capture) to compare them once.
[[nodiscard]] inline bool same_position(const State& a, const State& b) noexcept {
    if (to_move(a) != to_move(b)) return false;
    for (std::size_t q = 0; q < 64; ++q)
        if (!FastEngine::same_key_row(a.board[q], b.board[q])) return false;
    return FastEngine::castling_rights(a) == FastEngine::castling_rights(b) &&
           FastEngine::en_passant_file(a) == FastEngine::en_passant_file(b);
}

[[nodiscard]] inline Accepted play(const State& s, ConcreteMove m) noexcept {
    // Every move the generator lists is one T accepts (lemma F4 of proofs-notes/invariants.md).
    return boost::variant2::get<Accepted>(engine().terminates_concrete(s, m));
}

[[nodiscard]] inline Verdict& verdict_of(MateAbility& r, Color c) noexcept {
    return c == Color::White ? r.white : r.black;
}

}  // namespace pgnsem::sem::laws::detail
