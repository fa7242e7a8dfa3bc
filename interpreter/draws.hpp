// The draw rules of the FIDE Laws as facts about a game: the first ply at which each held
// (proofs-notes/laws.md states them with their articles). The game is not stopped by them (the
// written moves are replayed, and moves after an automatic draw get an `after-automatic-draw`
// warning); a verdict reports them, and the result claims check the termination marker against the
// automatic ones.
//   - Law 9.3 (claimable) and 9.6.2 (automatic): 50 and 75 moves of each side without a capture
//     or pawn move, read off σ's halfmove clock; a claim may also announce the move that completes
//     the 50 (9.3.1);
//   - Law 9.2 (claimable) and 9.6.1 (automatic): the same position for the third and fifth time
//     (Law 9.2.3's "same position"), or, for the claim, a move announced that would make the third
//     (9.2.1): with the fast engine compared by its 64-bit window keys (sem::FastEngine,
//     semantics/engines.hpp), kept move by move; with the reference, position by position
//     (sem::position_of, semantics/position.hpp; F7 of proofs-notes/invariants.md: the same answer);
//     either counted in a hash table of the positions since the last capture or pawn move, so that
//     a ply costs the same however long the window (RepetitionTable, interpreter/repetition.hpp);
//   - Law 5.2.2 / 9.6 (automatic): a dead position, of the kinds proven without a search: K v K,
//     K+N v K, K+B v K, kings with bishops only, all on squares of one colour, and — with pawns,
//     no rook or queen, every pawn facing an enemy pawn on its file — a pawn wall neither side's
//     pieces can get past to mate (rules F, W and R of laws/dead_position.hpp, asked at
//     the start and after each move that cannot be undone; `pgnsem fen` runs the whole analysis).
// Every fact may hold at ply 0, the start position; none is kept at a checkmate or stalemate.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ast/ast.hpp"
#include "ast/mutants.hpp"
#include "interpreter/repetition.hpp"
#include "interpreter/warnings.hpp"
#include "laws/dead_position.hpp"
#include "semantics/engine.hpp"
#include "semantics/engines.hpp"
#include "semantics/partial.hpp"
#include "semantics/position.hpp"
#include "semantics/state.hpp"

namespace pgnsem::interp {

// The first ply at which each held, DrawFacts::kNever when none did. Ply N names the position after
// N plies, 0 the start position (the verdict contract's numbering). A claim (Laws 9.2, 9.3) holds
// at N when the player to move there may claim: that position qualifies (9.2.2, 9.3.2), or some
// legal move of theirs would make the next one qualify, and can be written on the scoresheet and
// announced (9.2.1, 9.3.1). An automatic draw holds at N when that position is one (9.6, 5.2.2).
// Neither is kept at a ply whose position is checkmate or stalemate (5.1.1, 5.2.1 and 9.6.2: the
// mate ends the game first), nor after one (the game is over).
struct DrawFacts {
    static constexpr std::uint32_t kNever = 0xFFFFFFFFu;
    std::uint32_t fifty_moves = kNever;         // claimable (9.3)
    std::uint32_t threefold = kNever;           // claimable (9.2)
    std::uint32_t seventy_five_moves = kNever;  // automatic (9.6.2)
    std::uint32_t fivefold = kNever;            // automatic (9.6.1)
    std::uint32_t dead_position = kNever;       // automatic (5.2.2)
    [[nodiscard]] static constexpr bool held(std::uint32_t ply) noexcept { return ply != kNever; }
    [[nodiscard]] std::uint32_t claimable_at() const noexcept { return std::min(fifty_moves, threefold); }
    [[nodiscard]] std::uint32_t automatic_at() const noexcept {
        return std::min({seventy_five_moves, fivefold, dead_position});
    }
    // Whether some fact first held at `ply`.
    [[nodiscard]] bool held_at(std::uint32_t ply) const noexcept {
        return fifty_moves == ply || threefold == ply || seventy_five_moves == ply || fivefold == ply ||
               dead_position == ply;
    }
    // The position after `ply` plies is checkmate or stalemate: what held there is forgotten.
    void end_at(std::uint32_t ply) noexcept {
        for (std::uint32_t* f : {&fifty_moves, &threefold, &seventy_five_moves, &fivefold, &dead_position})
            if (*f >= ply) *f = kNever;
    }
};

namespace draws_detail {

// Pawns, rooks and queens: while one is on the board, no position is one of the dead positions
// above.
constexpr bool is_heavy(PieceKind k) noexcept {
    return k == PieceKind::Pawn || k == PieceKind::Rook || k == PieceKind::Queen;
}

// For each id, what it adds to DrawBook's two counts in one word: 1 for a pawn, rook or queen (the
// heavy pieces, the low 16 bits) and 1 << 16 for a rook or queen (the high 16 bits); 0 for the
// others and the empty square. A look-up, not a test: whether a move captures, and what, changes
// from move to move; one subtraction a ply then follows both counts.
inline constexpr std::uint32_t kMajorUnit = std::uint32_t{1} << 16;
// The heavy count is kept plus kHeavyBias, so that the low half never borrows from the high one:
// under the Laws both counts are those of σ's pieces (0 to 32), but under a reading of the paper
// whose σ′ is not the Laws' (a promoted piece's id of another kind) a count may go below 0, as the
// two ints this word replaced could; it moves by one per capture or promotion, so by far less than
// kHeavyBias in a game, and each half still says whether its count is 0, the only question asked.
inline constexpr std::uint32_t kHeavyBias = 0x8000;
inline constexpr auto kCountsOfId = sem::table_by_id<std::uint32_t>([](sem::PieceId v) {
    if (v.empty() || !is_heavy(sem::kind_of(v))) return std::uint32_t{0};
    return sem::kind_of(v) == PieceKind::Pawn ? std::uint32_t{1} : std::uint32_t{1} + kMajorUnit;
});

}  // namespace draws_detail

// Whether σ, which has pawns and no rook or queen, is dead by a rule that needs no search (rules
// F, W and R of laws/dead_position.hpp), asked only when every pawn faces an enemy pawn
// on its file. Out of line: asked after captures and pawn moves in endgames only.
[[gnu::cold]] bool dead_by_structure(const sem::State& s) noexcept;

// The squares σ occupies, as a bit set (a1 = bit 0). (Asked only when a position occurs for the
// second time and when a claim may be announced: out of line.)
[[gnu::cold]] std::uint64_t occupied_squares(const sem::State& s) noexcept;

// The bookkeeping along the main line: the repetition history, the fast engine's key and the en
// passant file the key depends on, and the count of heavy pieces (counted once per game, then
// followed through captures and promotions, so that dead_by_material runs only once there are none,
// rather than a scan of σ on every capture).
class DrawBook {
public:
    // `keys`: whether `e` names positions by keys (`kPositionKeys` of semantics/engines.hpp; the
    // caller knows it at compile time).
    DrawBook(DrawHistory& history, DrawFacts& facts, const sem::Engine& e, bool keys)
        : history_(history), facts_(facts), engine_(e), keys_(keys) {}

    // The start position, ply 0: the first entry of the history, and what already holds there (a
    // FEN may start at any clock, and in a dead position).
    void start(const sem::State& s) {
        history_.table.restart();
        history_.positions.clear();
        forget_twice();
        if (keys_) {
            ep_file_ = sem::FastEngine::en_passant_file(s);
            open_window(sem::FastEngine::window_start_key(ep_file_));
        } else {
            (void)same_positions(s);
        }
        counts_ = draws_detail::kHeavyBias;
        for (const sem::PieceId id : s.board) counts_ += draws_detail::kCountsOfId[id.value()];
        DrawFacts& d = facts_;
        if (s.halfmove_clock >= 100) d.fifty_moves = 0;
        if (s.halfmove_clock >= 150) {
            d.seventy_five_moves = 0;
            arose();
        }
        // A FEN's en passant field: the move before σ was a double step.
        after_double_step_ = std::any_of(s.two_step.begin(), s.two_step.end(),
                                         [&s](std::uint16_t stamp) { return stamp + 1u == s.turn; });
        if (no_heavy() ? sem::laws::dead_by_material(s) : no_majors() && dead_by_structure(s)) {
            d.dead_position = 0;
            arose();
        }
        if (s.halfmove_clock == 99) announced(s, 0);
    }

    // Ply `ply` took σ to σ′ by action `a`: the facts that became true in σ′. (Always inlined: the
    // main line calls it on every ply, and GCC would otherwise make it a call of its own.) A ply
    // either captures or moves a pawn (σ′'s clock is 0) or does neither, and each kind has its own
    // facts to ask, so the two are apart: one test of the clock a ply, not one in each rule.
    [[gnu::always_inline]] void record(const sem::State& s, const sem::State& next, const sem::Action& a,
                                       std::uint32_t ply) {
        DrawFacts& d = facts_;
        if (next.halfmove_clock == 0) {
            // A capture or pawn move. It cannot be undone (Law 9.2.3), so σ′ opens a new window of
            // the repetition rules and occurs there for the first time (no repetition fact, and no
            // position has occurred twice); no clock fact can hold at a clock of 0.
            counts_ -= draws_detail::kCountsOfId[a.captured.value()];
            // a pawn that became a knight or bishop (no longer heavy), or a rook or queen
            if (a.promotion) {
                if (draws_detail::is_heavy(ast::kind_of(*a.promotion)))
                    counts_ += draws_detail::kMajorUnit;
                else
                    --counts_;
            }
            if (watching_) [[unlikely]]
                forget_twice();
            if (keys_) {
                ep_file_ = sem::FastEngine::en_passant_file_after(next, a);
                open_window(sem::FastEngine::window_start_key(ep_file_));
            } else {
                (void)same_positions(next);
            }
            // Only a move that captured or promoted can make a dead position arise. (Whether the
            // move captured is asked only once no heavy piece is left: it changes from move to move
            // at random, and asked on every ply, the processor often guessed it wrong.)
            if (no_heavy() && (a.captured != sem::kEmpty || a.promotion) && !DrawFacts::held(d.dead_position) &&
                sem::laws::dead_by_material(next)) {
                d.dead_position = ply;
                arose();
            }
        } else {
            if (next.halfmove_clock >= 100) [[unlikely]]
                clock_facts(next, ply);
            // Only the positions since the last capture or pawn move can repeat this one, and of
            // those only the ones with the same side to move. The window counts them.
            std::uint32_t same = 0;
            if (keys_) {
                key_ = sem::FastEngine::next_key_quiet(key_, s, next, a, ep_file_);
                same = count_key(key_, next.turn & 1u);
            } else {
                same = same_positions(next);
            }
            if (same >= 2) [[unlikely]]
                repeated(next, same, ply);
        }
        // With pawns on the board and no rook or queen, a position can be dead behind a pawn wall
        // (rules F, W and R of laws/dead_position.hpp). It is asked after a move that
        // cannot be undone: a capture or pawn move (the clock is 0), one that loses a castling
        // right or an en passant possibility (after a move that can be undone, the position is
        // much the one before it, and the rules were asked there). The last rook or queen leaves
        // by a capture, so a double step just before is only followed from then on. Only the
        // rules that need no search are asked, and only when every pawn faces an enemy pawn on its
        // file: the helpmate search and the closure of DeadPositionAnalyser, tens of milliseconds,
        // are `pgnsem fen`'s; run after every capture or pawn move of the real games, they cost
        // several times the rest of `check`.
        if (no_majors() && !no_heavy()) [[unlikely]] {
            const bool irreversible = next.halfmove_clock == 0 || after_double_step_ ||
                                      s.king_moved != next.king_moved || s.rook_moved != next.rook_moved;
            after_double_step_ = a.rule == sem::Equation::TravPawnDouble;
            if (irreversible && !DrawFacts::held(d.dead_position) && dead_by_structure(next)) {
                d.dead_position = ply;
                arose();
            }
        }
        if (next.halfmove_clock == 99 || watching_) [[unlikely]]
            announced(next, ply);
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
    // The fast engine's window key of the last position (sem::FastEngine::next_key_quiet: equal for
    // two positions of one window exactly when they are the same position) and its en passant file.
    std::uint64_t key_ = 0;
    int ep_file_ = -1;
    // The pawns, rooks and queens on the board plus kHeavyBias (the low 16 bits) and the rooks and
    // queens (the high 16 bits): draws_detail::kCountsOfId.
    std::uint32_t counts_ = draws_detail::kHeavyBias;
    [[nodiscard]] bool no_heavy() const noexcept {
        return (counts_ & (draws_detail::kMajorUnit - 1)) == draws_detail::kHeavyBias;
    }
    [[nodiscard]] bool no_majors() const noexcept { return (counts_ >> 16) == 0; }
    bool after_double_step_ = false;  // the last move was a double step (σ may take en passant)

    // The positions of the current window that have occurred twice (history_.twice_occupied, by
    // side to move): one more occurrence of any of them is a threefold repetition. While none has
    // the opponent to move, no move of the player to move can announce one (Law 9.2.1), and nothing
    // is searched. `watching_`: some position has occurred twice and no claim of 9.2 has held yet
    // (one test a ply instead of three).
    bool watching_ = false;
    static unsigned black_to_move(const sem::State& s) noexcept { return sem::to_move(s) == Color::Black ? 1u : 0u; }
    // Laws 9.3 and 9.6.2: σ′'s clock reached 100 or 150 (out of line: a clock of 100 is rare).
    [[gnu::cold, gnu::noinline]] void clock_facts(const sem::State& next, std::uint32_t ply) {
        DrawFacts& d = facts_;
        if (!DrawFacts::held(d.fifty_moves)) d.fifty_moves = ply;
        if (next.halfmove_clock >= 150 && !DrawFacts::held(d.seventy_five_moves)) {
            d.seventy_five_moves = ply;
            arose();
        }
    }
    // Laws 9.2 and 9.6.1: σ′'s position has occurred `same` times in the window, σ′ included, and
    // `same` is 2 or more (out of line: a repetition is rare).
    [[gnu::cold, gnu::noinline]] void repeated(const sem::State& next, std::uint32_t same, std::uint32_t ply) {
        DrawFacts& d = facts_;
        if (same == 2) twice(next);
        if (same >= 3 && !DrawFacts::held(d.threefold)) {
            d.threefold = ply;
            watching_ = false;
        }
        if (same >= PGNSEM_MUTATE(interp_draws_fivefold_late, 6u, 5u) && !DrawFacts::held(d.fivefold)) {
            d.fivefold = ply;
            arose();
        }
    }
    // σ′'s position has just occurred for the second time (nothing more to announce once a claim
    // of 9.2 has held).
    void twice(const sem::State& next) {
        if (DrawFacts::held(facts_.threefold)) return;
        history_.twice_occupied[black_to_move(next)].push_back(occupied_squares(next));
        watching_ = true;
    }
    // A new window: no position has occurred twice.
    void forget_twice() noexcept {
        watching_ = false;
        history_.twice_occupied[0].clear();
        history_.twice_occupied[1].clear();
    }

    // Laws 9.2.1 and 9.3.1 in the position after `ply` plies: the player to move may claim by
    // writing a move on the scoresheet that would complete 50 moves without a capture or pawn move
    // (the clock stands at 99), or that would repeat a position for the third time (one with the
    // opponent to move has occurred twice in the window). Both are rare, so the moves are tried
    // only then, out of line.
    [[gnu::cold, gnu::noinline]] void announced(const sem::State& s, std::uint32_t ply) {
        DrawFacts& d = facts_;
        if (s.halfmove_clock == 99 && !DrawFacts::held(d.fifty_moves))
            if (announces_fifty(s)) d.fifty_moves = ply;
        if (!history_.twice_occupied[black_to_move(s) ^ 1u].empty() && !DrawFacts::held(d.threefold))
            if (announces_repetition(s)) {
                d.threefold = ply;
                watching_ = false;
            }
    }
    // Whether some legal move in σ leads to a clock of 100 (9.3.1).
    [[gnu::cold, gnu::noinline]] bool announces_fifty(const sem::State& s);
    // Whether some legal move in σ leads to a position that has occurred twice in the window
    // (9.2.1). Only a move that can be undone can lead back into the window (not a capture, a pawn
    // move or castling: they close it, or lose a right for good); such a move empties one square
    // and fills another, so the positions it can reach are those whose occupied squares differ from
    // σ's in exactly two, and the move is the one from the square only σ occupies to the square
    // only that position occupies: each is tried with T, and σ′ looked up.
    [[gnu::cold, gnu::noinline]] bool announces_repetition(const sem::State& s);
    // How often the position σ′, reached from the window's last position σ by a move `played` that
    // keeps it in the window, has occurred in the current window (not counting it).
    [[gnu::cold, gnu::noinline]] std::uint32_t occurrences(const sem::State& s, const sem::Accepted& played);

    // Whether an automatic draw has arisen, and whether the move after it was warned about (a flag
    // set where the facts become true, rather than the facts asked before every ply).
    enum class Automatic : std::uint8_t { None, Arisen, Warned };
    Automatic automatic_ = Automatic::None;
    void arose() noexcept {
        if (automatic_ == Automatic::None) automatic_ = Automatic::Arisen;
    }

    // The fast engine's count of σ′'s position (window key `key`, side to move `side`) and the
    // earlier ones in the window equal to it. A short window, as in nearly every real game (a
    // capture or pawn move soon closes it), is scanned, every other key (the same side to move);
    // once it holds more than kScanned keys it moves into the table, which counts each later key in
    // O(1), so a window costs linear time whatever its length. The short window's keys are kept
    // here, in `window_` (at most kScanned + 1: the key that makes it too long moves it over).
    static constexpr std::size_t kScanned = 32;
    std::array<std::uint64_t, kScanned + 1> window_;
    std::uint32_t in_window_ = 0;  // the keys in window_
    bool tabled_ = false;          // the current window is in the table, not in window_
    // A filter of the short window's keys: bit (key >> 58) is set for each key in window_. A key
    // whose bit is clear is in none of them, so it occurs for the first time: count 1 with no scan.
    // That is nearly every ply of a real game (a repetition is rare), so most plies skip the scan. A
    // set bit may be another key's (a false hit): then the scan decides, as before.
    std::uint64_t seen_ = 0;
    [[nodiscard]] static std::uint64_t filter_bit(std::uint64_t key) noexcept {
        return std::uint64_t{1} << (key >> 58);
    }
    // A new window, whose first position has window key `key` (it occurs there once).
    void open_window(std::uint64_t key) noexcept {
        key_ = key;
        window_[0] = key;
        in_window_ = 1;
        seen_ = filter_bit(key);
        tabled_ = false;
    }
    [[gnu::always_inline]] std::uint32_t count_key(std::uint64_t key, unsigned side) {
        if (!tabled_) {
            const std::uint64_t bit = filter_bit(key);
            const bool first_time = (seen_ & bit) == 0;
            seen_ |= bit;
            window_[in_window_++] = key;
            if (first_time && in_window_ <= kScanned) return 1;
        }
        return same_keys(key, side);
    }
    // The count when the filter cannot tell: the window, whose last key is now `key`, holds another
    // key with its bit, or has grown past kScanned keys; or the window is in the table.
    [[gnu::noinline]] std::uint32_t same_keys(std::uint64_t key, unsigned side) {
        const auto first = [](std::uint32_t) { return true; };  // a key stands for its position
        if (tabled_) return history_.table.add(key, side, 0, first);
        const std::size_t n = in_window_;
        // A position recurs 4 plies later at the earliest (each side moves away and back).
        if (n < 5) return 1;
        if (n <= kScanned) {
            std::uint32_t same = 0;
            for (std::size_t back = 0; back < n; back += 2) same += window_[n - 1 - back] == key ? 1 : 0;
            history_.table.count_comparisons((n + 1) / 2);
            return same;
        }
        // The window moves into the table, each key with its side to move (they alternate, and the
        // last is `side`'s); the last one's count is σ′'s.
        tabled_ = true;
        history_.table.restart();
        std::uint32_t same = 0;
        for (std::size_t i = 0; i < n; ++i)
            same = history_.table.add(window_[i], side ^ static_cast<unsigned>((n - 1 - i) & 1u), 0, first);
        return same;
    }

    // The reference's count: σ′'s position and the earlier ones in the window above equal to it.
    [[gnu::noinline]] std::uint32_t same_positions(const sem::State& next);

    [[gnu::cold, gnu::noinline]] static void after_automatic_draw(std::vector<Warning>& out, std::uint32_t ply,
                                                                  const ast::Ply& written, std::uint32_t at);
};

}  // namespace pgnsem::interp
