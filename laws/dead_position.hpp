// FIDE Laws 5.2.2 (and 6.9, 9.6): a position is dead when "neither player can checkmate the
// opponent's king by any series of legal moves". Not an equation of the paper but a Law the
// interpreter answers to; it asks the fast engine (sem::FastEngine, semantics/engines.hpp) for the
// moves, T and IIC, and is written in its bit sets. proofs-notes/dead-positions.md states the Law, what each
// verdict means and why every rule used here is sound.
//
// The question is a helpmate question: both sides cooperate. For each side the analyser answers
//   Yes      — a series of legal moves that ends with that side checkmating the other was found
//              (witness() gives it);
//   No       — no such series exists, proven by a sound material rule or by exploring every
//              position reachable from σ (the clocks, hence the 50/75-move and repetition rules,
//              ignored);
//   Unknown  — the budget ran out first.
// It is sound: No only with a proof, Yes only with a mate found by playing the moves.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::laws {

// Can this side checkmate?
enum class Verdict : std::uint8_t { No, Yes, Unknown };

struct MateAbility {
    Verdict white = Verdict::Unknown;  // can White checkmate Black by some series of legal moves
    Verdict black = Verdict::Unknown;
    // Law 5.2.2's dead position: neither side can.
    [[nodiscard]] bool dead() const noexcept { return white == Verdict::No && black == Verdict::No; }
};

// How much one call may search: positions visited (each a call of the move generator), summed
// over both sides and every phase.
struct Budget {
    std::uint32_t nodes = 100000;
};

// True only when `side` certainly cannot checkmate from σ whatever both sides play, by material
// alone: a lone king; a king and one knight against a king with nothing but queens; kings and
// bishops all on squares of one colour with no pawn or knight on the board (the proofs of each
// rule are in proofs-notes/dead-positions.md). Each rule's conditions can only stay true after any
// move (no pawn can promote, material only shrinks), so the answer holds for every position
// reachable from σ — what lets the searches below prune with it.
[[nodiscard]] bool cannot_mate_by_material(const State& s, Color side) noexcept;
// Neither side can, by material alone: kings alone, a king and a minor piece against a king, kings
// with bishops only all on squares of one colour (the classic dead positions).
[[nodiscard]] bool dead_by_material(const State& s) noexcept;

// True only when σ holds kings and pawns alone, every pawn blocked by an enemy pawn right in front
// of it, no pawn able to take another, the player to move not in check, and neither king able to
// reach an enemy pawn that no other enemy pawn defends (each king's squares flooded over those no
// pawn holds or enemy pawn attacks): then no pawn ever moves or is taken, only the kings move,
// and no move ever gives check — a dead position (proofs-notes/dead-positions.md). A few
// operations on bit sets: `check` asks it where a full analysis would cost too much.
[[nodiscard]] bool frozen_pawn_wall(const State& s) noexcept;

// Rule W, a blocked position with pieces: every pawn has a pawn right in front of it, no en
// passant capture is open, and — each piece's squares flooded over those no pawn holds (a king's
// also over none an enemy pawn attacks; sliders stopped by pawns, bishops on their colour) — no
// piece can ever stand where an enemy pawn attacks it, attack an enemy pawn (a king: one no other
// enemy pawn defends), and no king is in check by a pawn now. Then the pawns never change, and a
// side none of whose pieces can ever attack a square the enemy king can reach never gives check:
// that side's verdict is No (proofs-notes/dead-positions.md, rule W), as is a side whose every
// check leaves the king a neighbour square that is never attacked nor filled; every other verdict
// is Unknown. Pieces shut in by the wall (each of their moves onto a man of their own side that
// never moves) may count as part of it. A few flood fills over bit sets; frozen_pawn_wall's
// answers are not changed by it.
[[nodiscard]] MateAbility blocked_position(const State& s) noexcept;

// Rule R, the positions where pawns still move: every man's squares (where it can ever stand) as
// the least solution of rules every legal move obeys — a move lands on a square empty at the
// start, or on one whose man can leave it, or takes an enemy man; a slider passes only squares
// whose man can leave; a pawn takes only where an enemy man can stand and never passes an enemy
// pawn that can neither leave their file nor be taken; a king never steps where a man that never
// leaves its square attacks. A side none of whose pieces and pawns can ever attack a square the
// enemy king can stand on, or whose every check leaves the king more free neighbours than enemy
// men that can ever block them, is No; everything else Unknown, and all Unknown when a pawn may
// promote or a castling or en passant right is open. Some tens of microseconds.
[[nodiscard]] MateAbility reach_bound(const State& s) noexcept;

// Every rule above that needs no search (material, F, W, R), each side's No taken from any of
// them; the rest Unknown. Tens of microseconds at most: what `check` asks (interpreter/draws.hpp).
[[nodiscard]] MateAbility static_bound(const State& s) noexcept;

// Every pawn has an enemy pawn ahead of it on its file, and at least three files are locked (a
// white pawn right below a black one): a few shifts. Rules W and R decide a position with pawns
// only when no pawn can promote and a wall keeps the pieces apart, which nearly always needs this;
// `check` asks it before static_bound (a filter for speed: false says nothing about the position).
[[nodiscard]] bool pawns_face_each_other(const State& s) noexcept;

// Rule R's solution, for tests and teaching: for each square occupied in σ, the squares its man
// can ever stand on (0 for an empty square), and the squares whose man never leaves. Not decided
// (all empty) when a castling or en passant right is open, a pawn may promote, or a king is
// missing.
struct ReachSets {
    std::array<std::uint64_t, 64> of{};
    std::uint64_t permanent = 0;
    bool decided = false;
};
[[nodiscard]] ReachSets reach_sets(const State& s) noexcept;

// The analyser's scratch memory (the search's per-ply move lists, a transposition table, the
// closure's table of positions) grows with the positions a call visits, never with its budget
// alone: a position the rules decide without a search allocates nothing, so a large budget costs
// memory only where the search uses it. What is allocated is kept from call to call.
class DeadPositionAnalyser {
public:
    DeadPositionAnalyser();
    // Out of line: the per-ply frames are a type of the .cpp file.
    ~DeadPositionAnalyser();
    DeadPositionAnalyser(DeadPositionAnalyser&&) noexcept;
    DeadPositionAnalyser& operator=(DeadPositionAnalyser&&) noexcept;
    // Megabytes of scratch: copied by mistake, never on purpose.
    DeadPositionAnalyser(const DeadPositionAnalyser&) = delete;
    DeadPositionAnalyser& operator=(const DeadPositionAnalyser&) = delete;

    [[nodiscard]] MateAbility analyse(const State& s, Budget b = {});

    // The mating line of the last analyse() for a side whose verdict was Yes: moves from the σ
    // given, the last of which checkmates; empty when σ itself is the mate (or the verdict not Yes).
    [[nodiscard]] std::span<const ConcreteMove> witness(Color winner) const noexcept;

    // Positions visited by the last analyse().
    [[nodiscard]] std::uint32_t nodes() const noexcept { return nodes_; }

    // The longest helpmate the depth-first search looks for, in plies.
    static constexpr int kMaxPly = 64;

private:
    struct Frame;
    struct TtEntry {
        std::uint64_t key = 0;
        std::uint32_t generation = 0;
        std::int16_t depth = -1;
        std::int16_t discrepancies = -1;
    };
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t generation = 0;
        std::uint32_t index = 0;
    };
    // One position of the closure: σ, the position it was first reached from and by which move.
    struct Node {
        State state;
        std::uint32_t parent;
        ConcreteMove move;
    };

    bool helpmate(const State& s, int ply, int depth_left, int discrepancies, Color winner);
    bool search_side(const State& root, Color winner, std::uint32_t limit);
    // Explores every position reachable from the root (for the sides still Unknown); true when
    // it ran to the end within the limit.
    bool closure(const State& root, MateAbility& result, std::uint32_t limit);
    void witness_from_closure(Color winner, std::uint32_t index);
    bool tt_hit(std::uint64_t key, int depth_left, int discrepancies) const noexcept;
    void tt_store(std::uint64_t key, int depth_left, int discrepancies);
    [[nodiscard]] const TtEntry* tt_find(std::uint64_t key) const noexcept;
    void tt_grow();
    void grow_slots();
    [[nodiscard]] std::size_t make_room(std::uint64_t key, std::uint32_t count, std::size_t slot);
    [[nodiscard]] Node& closure_node(std::uint32_t index) noexcept;

    std::vector<Frame> frames_;
    // The search acts as if its table were direct-mapped with tt_span_ entries (a key's entry at
    // key mod tt_span_, the last one stored there kept): a span fixed by the call's budget, so
    // what the search finds depends on the budget alone. tt_ holds only the entries stored — open
    // addressing by that place, tt_used_ of them this call — until it would be as large as the
    // span, and is then the direct-mapped table itself (tt_dense_).
    std::vector<TtEntry> tt_;
    std::size_t tt_span_ = 0;
    std::size_t tt_used_ = 0;
    bool tt_dense_ = false;
    // The closure's positions: a table of slots at most half full, and the positions in blocks
    // added as they fill (a block never moves).
    std::vector<Slot> slots_;
    std::vector<std::unique_ptr<Node[]>> closure_blocks_;
    std::uint32_t closure_limit_ = 0;
    std::uint32_t generation_ = 0;
    std::uint32_t nodes_ = 0;
    std::uint32_t limit_ = 0;
    bool aborted_ = false;
    // The length of the line the depth-first search found.
    int found_ = 0;
    std::array<ConcreteMove, kMaxPly> line_{};
    // The keys of the positions on the line being searched (a helpmate never repeats one).
    std::array<std::uint64_t, kMaxPly + 1> path_{};
    std::array<std::vector<ConcreteMove>, 2> witness_;
};

}  // namespace pgnsem::sem::laws
