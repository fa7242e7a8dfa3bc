// Law 5.2.2's dead position (laws/dead_position.hpp), part 4: the closure — every position
// reachable from σ, breadth first; when there are finitely few and all are seen within the budget
// (kings shuffling behind a locked pawn wall), a side that mates in none of them cannot mate: it
// proves No. Then the analysis, which asks the parts in turn. proofs-notes/dead-positions.md argues
// their soundness.
#include <algorithm>
#include <bit>
#include <boost/variant2/variant.hpp>
#include <cstdlib>
#include <limits>
#include <memory>
#include <vector>

#include "laws/dead_position.hpp"
#include "laws/dead_position_search.hpp"
#include "semantics/engines.hpp"

namespace pgnsem::sem::laws {

using detail::engine;
using detail::kBlockBits;
using detail::kBlockMask;
using detail::kFirstEntries;
using detail::kNoParent;
using detail::play;
using detail::rebased;
using detail::same_position;
using detail::verdict_of;

DeadPositionAnalyser::Node& DeadPositionAnalyser::closure_node(std::uint32_t index) noexcept {
    return closure_blocks_[index >> kBlockBits][index & kBlockMask];
}

// Room for the closure's position number `count`, whose key has the free slot `slot`: a block for
// it when it begins one, and twice the slots when it would leave them more than half full (then
// its free slot is another, which is returned).
std::size_t DeadPositionAnalyser::make_room(std::uint64_t key, std::uint32_t count, std::size_t slot) {
    if ((count >> kBlockBits) == closure_blocks_.size())
        closure_blocks_.push_back(std::unique_ptr<Node[]>(new Node[std::size_t{kBlockMask} + 1]));
    if (2 * (std::size_t{count} + 1) <= slots_.size()) return slot;
    grow_slots();
    const std::size_t mask = slots_.size() - 1;
    slot = static_cast<std::size_t>(key) & mask;
    while (slots_[slot].generation == generation_) slot = (slot + 1) & mask;
    return slot;
}

// Twice the slots, this call's moved over by their keys.
void DeadPositionAnalyser::grow_slots() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(std::max(kFirstEntries, 2 * old.size()), Slot{});
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
        if (slot.generation != generation_) continue;
        std::size_t i = static_cast<std::size_t>(slot.key) & mask;
        while (slots_[i].generation == generation_) i = (i + 1) & mask;
        slots_[i] = slot;
    }
}

void DeadPositionAnalyser::witness_from_closure(Color winner, std::uint32_t index) {
    auto& w = witness_[static_cast<std::size_t>(winner)];
    w.clear();
    for (std::uint32_t i = index; closure_node(i).parent != kNoParent; i = closure_node(i).parent)
        w.push_back(closure_node(i).move);
    std::reverse(w.begin(), w.end());
}

// Breadth first over the positions reachable from the root, each kept once (same_position, not
// only the key, so a hash collision cannot hide a position). A position is expanded unless every
// side still Unknown cannot mate from it by material or by rule W (then none below it is a mate by
// that side).
// A mate met decides its winner Yes; when the queue empties within the limit, every position
// reachable was seen, and a side still Unknown mates in none of them.
bool DeadPositionAnalyser::closure(const State& root, MateAbility& result, std::uint32_t limit) {
    const auto unknown = [&result](Color c) { return verdict_of(result, c) == Verdict::Unknown; };
    std::uint32_t count = 0;
    if (slots_.empty()) grow_slots();
    const auto insert = [&](const State& s, std::uint32_t parent, ConcreteMove move) {
        const std::size_t mask = slots_.size() - 1;
        const std::uint64_t key = FastEngine::full_key(s);
        std::size_t i = static_cast<std::size_t>(key) & mask;
        for (; slots_[i].generation == generation_; i = (i + 1) & mask) {
            if (slots_[i].key == key && same_position(closure_node(slots_[i].index).state, s)) return true;
        }
        if (count == closure_limit_) return false;
        i = make_room(key, count, i);
        slots_[i] = Slot{key, generation_, count};
        closure_node(count) = Node{s, parent, move};
        ++count;
        return true;
    };
    insert(root, kNoParent, ConcreteMove{});
    for (std::uint32_t head = 0; head < count; ++head) {
        if (nodes_ >= limit) return false;
        ++nodes_;
        const State s = closure_node(head).state;
        const MoveList moves = engine().legal_moves(s);
        const Color mover = to_move(s);
        if (moves.size == 0) {
            const Color winner = opposite(mover);
            if (engine().in_check(s, mover) && unknown(winner)) {
                verdict_of(result, winner) = Verdict::Yes;
                witness_from_closure(winner, head);
                if (!unknown(mover)) return true;
            }
            continue;
        }
        // Rule W holds for every position reachable from s as the material rules do: a side it
        // calls No mates in none of them either.
        const MateAbility blocked = blocked_position(s);
        const bool needed =
            (unknown(Color::White) && blocked.white != Verdict::No && !cannot_mate_by_material(s, Color::White)) ||
            (unknown(Color::Black) && blocked.black != Verdict::No && !cannot_mate_by_material(s, Color::Black));
        if (!needed) continue;
        for (const ConcreteMove& m : moves) {
            State next = play(s, m).next;
            if (next.turn > kTurnLimit / 2) next = rebased(next);
            if (!insert(next, head, m)) return false;
        }
    }
    return true;
}

// ---- The analysis -----------------------------------------------------------------------------

MateAbility DeadPositionAnalyser::analyse(const State& s, Budget b) {
    ++generation_;
    nodes_ = 0;
    for (auto& w : witness_) w.clear();
    // Sized by the budget, allocated by the work: the table and the closure's positions grow as
    // the search and the closure reach them.
    closure_limit_ = std::max<std::uint32_t>(b.nodes, 1);
    tt_span_ = std::min(std::bit_ceil(std::size_t{2} * closure_limit_ + 2), std::size_t{1} << 22);
    tt_used_ = 0;
    if (tt_dense_ && tt_.size() != tt_span_) tt_dense_ = false;
    MateAbility result;
    const State root = rebased(s);
    const Color mover = to_move(root);

    // σ itself ends the game: checkmate (the winner has mated, by the empty series) or stalemate.
    if (!engine().has_legal_move(root)) {
        const bool mate = engine().in_check(root, mover);
        verdict_of(result, opposite(mover)) = mate ? Verdict::Yes : Verdict::No;
        verdict_of(result, mover) = Verdict::No;
        return result;
    }
    if (frozen_pawn_wall(root)) return MateAbility{Verdict::No, Verdict::No};
    result = blocked_position(root);
    if (result.dead()) return result;
    const MateAbility reach = reach_bound(root);
    if (reach.white == Verdict::No) result.white = Verdict::No;
    if (reach.black == Verdict::No) result.black = Verdict::No;
    if (result.dead()) return result;
    for (Color c : {Color::White, Color::Black})
        if (verdict_of(result, c) == Verdict::Unknown && cannot_mate_by_material(root, c))
            verdict_of(result, c) = Verdict::No;

    const auto unknown = [&result](Color c) { return verdict_of(result, c) == Verdict::Unknown; };
    const auto search = [&](std::uint32_t share) {
        for (Color c : {Color::White, Color::Black}) {
            if (!unknown(c) || nodes_ >= b.nodes) continue;
            const std::uint32_t limit = std::min(b.nodes, nodes_ + share);
            if (search_side(root, c, limit)) verdict_of(result, c) = Verdict::Yes;
        }
    };

    // Short helpmates first: most positions of real games have one for each side with pieces.
    search(b.nodes / 8);
    // Then the closure, on up to three quarters of what is left: it decides positions with few
    // moves (walls that rule W cannot settle from σ but settles a few moves on).
    if (unknown(Color::White) || unknown(Color::Black)) {
        const std::uint32_t limit = nodes_ + (b.nodes - std::min(b.nodes, nodes_)) / 4 * 3;
        if (closure(root, result, limit)) {
            for (Color c : {Color::White, Color::Black})
                if (unknown(c)) verdict_of(result, c) = Verdict::No;
        }
    }
    // Then longer helpmates with the rest, shared by the sides still Unknown.
    const int open = (unknown(Color::White) ? 1 : 0) + (unknown(Color::Black) ? 1 : 0);
    if (open > 0) search((b.nodes - std::min(b.nodes, nodes_)) / static_cast<std::uint32_t>(open));
    return result;
}

}  // namespace pgnsem::sem::laws
