// The rare parts of the draw bookkeeping (interpreter/draws.hpp): occupied squares, announced
// claims, the reference's repetition count, and the warning for moves after an automatic draw.
#include "interpreter/draws.hpp"

#include <bit>
#include <boost/variant2/variant.hpp>
#include <string>

#include "semantics/engines.hpp"

namespace pgnsem::interp {

// The occupied squares are the set the fast engine already derives from σ (its bit sets, held to σ
// square by square by F1), not computed a second way here.
std::uint64_t occupied_squares(const sem::State& s) noexcept {
    return sem::FastEngine::boards(s).occupied;
}

bool dead_by_structure(const sem::State& s) noexcept {
    return sem::laws::pawns_face_each_other(s) && sem::laws::static_bound(s).dead();
}

void RepetitionTable::grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
        if (slot.generation >> 1 != generation_) continue;
        std::size_t i = static_cast<std::size_t>(slot.hash) & mask;
        while (slots_[i].generation >> 1 == generation_) i = (i + 1) & mask;
        slots_[i] = slot;
    }
}

namespace {

// A hash of the Laws' position (semantics/position.hpp), for the reference's table: its bytes, eight
// at a time, mixed (the table compares the positions themselves when two hashes are equal).
std::uint64_t position_hash(const sem::Position& p) noexcept {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    const auto mix = [&h](std::uint64_t v) {
        h = (h ^ v) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    };
    for (std::size_t q = 0; q < 64; q += 8) {
        std::uint64_t v = 0;
        for (std::size_t b = 0; b < 8; ++b) v |= std::uint64_t{p.pieces[q + b]} << (8 * b);
        mix(v);
    }
    mix(static_cast<std::uint64_t>(p.to_move) | std::uint64_t{p.castling} << 8 |
        std::uint64_t{static_cast<std::uint8_t>(p.en_passant_file)} << 16);
    return h ^ (h >> 29);
}

}  // namespace

std::uint32_t DrawBook::same_positions(const sem::State& next) {
    if (next.halfmove_clock == 0) {
        history_.table.restart();
        history_.positions.clear();
    }
    history_.positions.push_back(sem::position_of(next, engine_.reading()));
    const sem::Position& p = history_.positions.back();
    const auto index = static_cast<std::uint32_t>(history_.positions.size() - 1);
    return history_.table.add(position_hash(p), static_cast<unsigned>(p.to_move), index, [&](std::uint32_t first) {
        history_.table.count_comparison();
        return history_.positions[first] == p;
    });
}

bool DrawBook::announces_fifty(const sem::State& s) {
    for (const sem::ConcreteMove m : engine_.legal_moves(s)) {
        const sem::Termination t = engine_.terminates_concrete(s, m);
        const auto* played = boost::variant2::get_if<sem::Accepted>(&t);
        if (played != nullptr && played->next.halfmove_clock >= 100) return true;
    }
    return false;
}

bool DrawBook::announces_repetition(const sem::State& s) {
    const std::uint64_t here = occupied_squares(s);
    for (const std::uint64_t there : history_.twice_occupied[black_to_move(s) ^ 1u]) {
        const std::uint64_t left = here & ~there;
        const std::uint64_t filled = there & ~here;
        if (std::popcount(left) != 1 || std::popcount(filled) != 1) continue;
        const sem::ConcreteMove m{Square::unchecked(std::countr_zero(left)),
                                  Square::unchecked(std::countr_zero(filled)), std::nullopt};
        const sem::Termination t = engine_.terminates_concrete(s, m);
        const auto* played = boost::variant2::get_if<sem::Accepted>(&t);
        // a pawn move opens a new window: nothing before it can recur
        if (played == nullptr || played->next.halfmove_clock == 0) continue;
        if (occurrences(s, *played) >= 2) return true;
    }
    return false;
}

std::uint32_t DrawBook::occurrences(const sem::State& s, const sem::Accepted& played) {
    const sem::State& next = played.next;
    if (keys_) {
        int ep_file = ep_file_;
        const std::uint64_t key = sem::FastEngine::next_key_quiet(key_, s, next, played.action, ep_file);
        const auto first = [](std::uint32_t) { return true; };  // a key stands for its position
        if (tabled_) return history_.table.find(key, next.turn & 1u, first);
        std::uint32_t same = 0;
        for (std::uint32_t i = 0; i < in_window_; ++i) same += window_[i] == key ? 1 : 0;
        return same;
    }
    const sem::Position p = sem::position_of(next, engine_.reading());
    return history_.table.find(position_hash(p), static_cast<unsigned>(p.to_move),
                               [&](std::uint32_t first) { return history_.positions[first] == p; });
}

void DrawBook::after_automatic_draw(std::vector<Warning>& out, std::uint32_t ply, const ast::Ply& written,
                                    std::uint32_t at) {
    add_warning(out, WarningKind::AfterAutomaticDraw, ply, written.pos, std::string(written.text), "",
                "the game was drawn automatically at ply " + std::to_string(at) +
                    " (Laws 5.2.2 / 9.6); this and later moves are replayed but do not count");
}

}  // namespace pgnsem::interp
