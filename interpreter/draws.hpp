// The draw rules of the FIDE Laws as facts about a game: the first ply at which each held. The
// game is not stopped by them (the written moves are replayed, and moves after an automatic draw
// get an `after-automatic-draw` warning); a verdict reports them, and the result claims check the
// termination marker against the automatic ones.
//   - Law 9.3 (claimable) and 9.6.2 (automatic): 50 and 75 moves of each side without a capture
//     or pawn move, read off σ's halfmove clock;
//   - Law 9.2 (claimable) and 9.6.1 (automatic): the same position for the third and fifth time
//     (Law 9.2.3's "same position"): with the fast engine compared by the 64-bit keys of
//     semantics/fast/position_key.hpp, kept move by move; with the reference, position by position
//     (sem::position_of, semantics/position.hpp; F7 of proofs-notes/invariants.md: the same answer);
//   - Law 5.2.2 / 9.6 (automatic): a dead position, of the kinds easy to prove: K v K, K+N v K,
//     K+B v K, and kings with bishops only, all on squares of one colour.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/warnings.hpp"
#include "semantics/engine.hpp"
#include "semantics/fast/position_key.hpp"
#include "semantics/partial.hpp"
#include "semantics/position.hpp"
#include "semantics/state.hpp"
#include "syntax/ast.hpp"

namespace pgnsem::interp {

// The first ply at which each became true, 0 when it never did.
struct DrawFacts {
    std::uint32_t fifty_moves = 0;         // claimable (9.3)
    std::uint32_t threefold = 0;           // claimable (9.2)
    std::uint32_t seventy_five_moves = 0;  // automatic (9.6.2)
    std::uint32_t fivefold = 0;            // automatic (9.6.1)
    std::uint32_t dead_position = 0;       // automatic (5.2.2): insufficient material
    [[nodiscard]] std::uint32_t claimable_at() const noexcept {
        std::uint32_t best = 0;
        for (std::uint32_t p : {fifty_moves, threefold})
            if (p != 0 && (best == 0 || p < best)) best = p;
        return best;
    }
    [[nodiscard]] std::uint32_t automatic_at() const noexcept {
        std::uint32_t best = 0;
        for (std::uint32_t p : {seventy_five_moves, fivefold, dead_position})
            if (p != 0 && (best == 0 || p < best)) best = p;
        return best;
    }
};

namespace draws_detail {

// Pawns, rooks and queens: while one is on the board, no position is one of the dead positions
// above.
constexpr bool is_heavy(PieceKind k) noexcept {
    return k == PieceKind::Pawn || k == PieceKind::Rook || k == PieceKind::Queen;
}

// 1 for the ids of pawns, rooks and queens, 0 for the others and the empty square (a look-up:
// whether a move captures, and what, changes from move to move).
inline constexpr auto kHeavyIds = sem::table_by_id<std::uint8_t>(
    [](sem::PieceId v) { return static_cast<std::uint8_t>(!v.empty() && is_heavy(sem::kind_of(v)) ? 1 : 0); });

}  // namespace draws_detail

// Law 5.2.2: whether σ is one of the dead positions above. (Out of line: asked only once no pawn,
// rook or queen is left; inlined, it made the main line's loop longer.)
[[gnu::cold, gnu::noinline]] bool dead_position(const sem::State& s) noexcept;

// The positions of the main line so far, one per ply: the keys (fast engine) or the positions
// themselves (reference). The Interpreter's buffers, reused from game to game.
struct DrawHistory {
    std::vector<std::uint64_t> keys;
    std::vector<sem::Position> positions;
};

// The bookkeeping along the main line: the repetition history, the fast engine's key and the en
// passant file the key depends on, and the count of heavy pieces (counted once per game, then
// followed through captures and promotions, so that dead_position runs only once there are none,
// rather than a scan of σ on every capture).
class DrawBook {
public:
    // `keys`: whether `e` is the fast engine (the caller may know it at compile time).
    DrawBook(DrawHistory& history, DrawFacts& facts, const sem::Engine& e, bool keys)
        : history_(history), facts_(facts), engine_(e), keys_(keys) {}

    // The start position: the first entry of the history.
    void start(const sem::State& s) {
        history_.keys.clear();
        history_.positions.clear();
        if (keys_) {
            key_ = sem::fast::full_key(s);
            ep_file_ = sem::fast::en_passant_file(s);
            history_.keys.push_back(key_);
        } else {
            history_.positions.push_back(sem::position_of(s, engine_.reading()));
        }
        heavy_ = 0;
        for (const sem::PieceId id : s.board) heavy_ += draws_detail::kHeavyIds[id.value()];
    }

    // Ply `ply` took σ to σ′ by action `a`: the facts that became true in σ′. (Always inlined: the
    // main line calls it on every ply, and GCC made it a call of its own, some 20 instructions more
    // a ply.)
    [[gnu::always_inline]] void record(const sem::State& s, const sem::State& next, const sem::Action& a,
                                       std::uint32_t ply) {
        heavy_ -= draws_detail::kHeavyIds[a.captured.value()];
        // a pawn that became a knight or bishop
        if (a.promotion && !draws_detail::is_heavy(ast::kind_of(*a.promotion))) --heavy_;
        DrawFacts& d = facts_;
        if (next.halfmove_clock >= 100 && d.fifty_moves == 0) d.fifty_moves = ply;
        if (next.halfmove_clock >= 150 && d.seventy_five_moves == 0) {
            d.seventy_five_moves = ply;
            arose();
        }
        // Only the positions since the last capture or pawn move can repeat this one (the clock
        // counts the plies since; the history holds the whole game, so nothing is cleared on such a
        // move), and of those only every second, with the same side to move. A third occurrence
        // needs at least five.
        int same = 0;
        if (keys_) {
            key_ = sem::fast::next_key(key_, s, next, a, ep_file_);
            history_.keys.push_back(key_);
            const std::size_t size = history_.keys.size();
            const std::size_t window = std::min<std::size_t>(std::size_t{next.halfmove_clock} + 1, size);
            if (window >= 5)
                for (std::size_t back = 0; back < window; back += 2)
                    if (history_.keys[size - 1 - back] == key_) ++same;
        } else {
            same = same_positions(next);
        }
        if (same >= 3 && d.threefold == 0) d.threefold = ply;
        if (same >= 5 && d.fivefold == 0) {
            d.fivefold = ply;
            arose();
        }
        // Only a move that captured or promoted can make a dead position arise. (Whether the move
        // captured is asked only once no heavy piece is left: it changes from move to move at random,
        // and asked on every ply, the processor often guessed it wrong.)
        if (heavy_ == 0 && (a.captured != sem::kEmpty || a.promotion) && d.dead_position == 0 && dead_position(next)) {
            d.dead_position = ply;
            arose();
        }
    }

    // Before ply `ply`: once an automatic draw has arisen, the first move after it gets the
    // `after-automatic-draw` warning (Laws 9.6, 5.2.2: the game ended there); the later ones do not
    // repeat it.
    void warn_after_automatic(std::vector<Warning>& out, std::uint32_t ply, const ast::Ply& written) {
        if (automatic_ != Automatic::Arisen) [[likely]]
            return;
        automatic_ = Automatic::Warned;
        after_automatic_draw(out, ply, written, facts_.automatic_at());
    }

private:
    DrawHistory& history_;
    DrawFacts& facts_;
    const sem::Engine& engine_;
    const bool keys_;  // keys (fast engine) or positions (reference)
    std::uint64_t key_ = 0;
    int ep_file_ = -1;
    int heavy_ = 0;  // pawns, rooks and queens on the board
    // Whether an automatic draw has arisen, and whether the move after it was warned about (a flag
    // set where the facts become true, rather than the facts asked before every ply).
    enum class Automatic : std::uint8_t { None, Arisen, Warned };
    Automatic automatic_ = Automatic::None;
    void arose() noexcept {
        if (automatic_ == Automatic::None) automatic_ = Automatic::Arisen;
    }

    // The reference's count: σ′'s position and the earlier ones in the window above equal to it.
    [[gnu::noinline]] int same_positions(const sem::State& next);

    [[gnu::cold, gnu::noinline]] static void after_automatic_draw(std::vector<Warning>& out, std::uint32_t ply,
                                                                  const ast::Ply& written, std::uint32_t at);
};

}  // namespace pgnsem::interp
