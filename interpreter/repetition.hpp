// Counting repetitions in constant work a ply (Laws 9.2, 9.6.1; interpreter/draws.hpp uses it): the
// hash table of the positions since the last capture or pawn move, and the main line's buffers for
// it, kept by the Interpreter from game to game.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "semantics/position.hpp"

namespace pgnsem::interp {

// How often each position has occurred since the last capture or pawn move (or the start): an
// open-addressing hash table with linear probing, so that counting one more position costs the
// same whatever the length of the window (rescanning the window would make a game of n plies
// without a capture or pawn move cost n²/4 comparisons). A position is named by a 64-bit hash and
// the side to move (the keys' own parity, so that the counts are the rescan's even were two keys of
// different sides to collide); a position of the reference is checked for equality too
// (`same`). Starting a new window forgets every entry at once: entries carry the generation they
// were made in, and only those of the current one count. The slots are the Interpreter's, reused
// from game to game: the table grows only when a window holds more positions than any before
// (at most 65,001, interpreter/README.md), never on a ply otherwise.
class RepetitionTable {
public:
    // A new window: no position counted yet. O(1), except once every 2³¹ windows.
    void restart() {
        if (slots_.empty()) slots_.resize(kInitialSlots);
        if (++generation_ == kGenerations) {
            for (Slot& slot : slots_) slot.generation = 0;
            generation_ = 1;
        }
        live_ = 0;
    }
    // One more occurrence of the position with hash `hash` and side to move `side` (0 or 1);
    // `same(first)` says whether the position counted first under this entry, whose `index` was
    // `first`, is this one. The count of the position in the window, this one included.
    template <class Same>
    [[gnu::always_inline]] std::uint32_t add(std::uint64_t hash, unsigned side, std::uint32_t index, Same&& same) {
        Slot& slot = probe(hash, side, same);
        if (slot.generation >> 1 == generation_) return ++slot.count;
        slot = Slot{hash, generation_ * 2 + side, 1, index};
        if (++live_ * 2 > slots_.size()) [[unlikely]]
            grow();
        return 1;
    }
    // The count of the position with hash `hash` and side to move `side` in the window, 0 if it has
    // not occurred; `same` as for add. Nothing is counted.
    template <class Same>
    [[nodiscard]] std::uint32_t find(std::uint64_t hash, unsigned side, Same&& same) {
        const Slot& slot = probe(hash, side, same);
        return slot.generation >> 1 == generation_ ? slot.count : 0;
    }
    // The entries looked at so far (what tests count instead of time).
    [[nodiscard]] std::uint64_t comparisons() const noexcept { return comparisons_; }
    void count_comparison() noexcept { ++comparisons_; }
    void count_comparisons(std::uint64_t n) noexcept { comparisons_ += n; }

private:
    struct Slot {
        std::uint64_t hash = 0;
        std::uint32_t generation = 0;  // generation × 2 + side to move; 0: never used
        std::uint32_t count = 0;
        std::uint32_t first = 0;  // the index the first position of this entry had
    };
    static constexpr std::size_t kInitialSlots = 256;
    static constexpr std::uint32_t kGenerations = std::uint32_t{1} << 31;
    std::vector<Slot> slots_;
    std::uint32_t generation_ = 0;
    std::size_t live_ = 0;
    std::uint64_t comparisons_ = 0;
    // The slot of that position in the window, or the free slot where it would go.
    template <class Same>
    [[gnu::always_inline]] Slot& probe(std::uint64_t hash, unsigned side, Same& same) {
        const std::uint32_t want = generation_ * 2 + side;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = static_cast<std::size_t>(hash) & mask;; i = (i + 1) & mask) {
            Slot& slot = slots_[i];
            if (slot.generation >> 1 != generation_) return slot;
            ++comparisons_;
            if (slot.generation == want && slot.hash == hash && same(slot.first)) return slot;
        }
    }
    // Twice the slots, the current window's entries moved over (rare: out of line).
    [[gnu::cold, gnu::noinline]] void grow();
};

// The main line's repetition bookkeeping, the Interpreter's buffers reused from game to game: the
// counts, and with the reference the positions of the current window themselves (to compare
// positions whose hashes are equal: the reference decides "the same position" by
// semantics/position.hpp's equality, not by a hash).
struct DrawHistory {
    RepetitionTable table;
    std::vector<sem::Position> positions;
    // The occupied squares of the positions that have occurred twice in the window, by side to
    // move (0 White, 1 Black): where a move announced under Law 9.2.1 must lead (DrawBook::announced).
    std::array<std::vector<std::uint64_t>, 2> twice_occupied;
};

}  // namespace pgnsem::interp
