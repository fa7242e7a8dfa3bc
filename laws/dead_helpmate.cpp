// Law 5.2.2's dead position (laws/dead_position.hpp), part 3: a helpmate search per side —
// limited discrepancy search over a move ordering that leads the intended winner's pieces to the
// other king and that king to the edge, a transposition table, pruning every line where the winner
// is left with material that cannot mate. It proves Yes. proofs-notes/dead-positions.md argues its
// soundness.
#include <algorithm>
#include <bit>
#include <boost/variant2/variant.hpp>
#include <cstdlib>
#include <limits>

#include "ast/mutants.hpp"
#include "laws/dead_position.hpp"
#include "laws/dead_position_search.hpp"
#include "semantics/engines.hpp"

namespace pgnsem::sem::laws {

using detail::engine;
using detail::kFirstEntries;
using detail::play;

namespace {

[[nodiscard]] int file_of(int q) noexcept {
    return q & 7;
}
[[nodiscard]] int rank_of(int q) noexcept {
    return q >> 3;
}
[[nodiscard]] int distance(int a, int b) noexcept {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}
// How far a square is from the nearest edge (0 on the edge, 3 in the centre).
[[nodiscard]] int edge_distance(int q) noexcept {
    return std::min({file_of(q), 7 - file_of(q), rank_of(q), 7 - rank_of(q)});
}
[[nodiscard]] int corner_distance(int q) noexcept {
    return std::min({distance(q, 0), distance(q, 7), distance(q, 56), distance(q, 63)});
}

// Where the king of colour c stands in the bit sets b (the first in square order), kNoSquare for none.
[[nodiscard]] int king_in(const FastEngine::Boards& b, Color c) noexcept {
    const std::uint64_t kings = b.of(c, PieceKind::King);
    return kings == 0 ? kNoSquare : std::countr_zero(kings);
}

// A key per side searched, so that one table serves both helpmate searches.
[[nodiscard]] std::uint64_t search_key(const State& s, Color winner) noexcept {
    return FastEngine::full_key(s) ^ (winner == Color::White ? 0x5DEECE66Dull : 0xA5A5A5A55A5A5A5Aull);
}

// Does m check the king of the other side with the piece it moves (a discovered check is not
// seen)? From the bit sets of σ, without playing the move: the search's ordering asks it of
// every move, and only the moves it tries are played.
[[nodiscard]] bool direct_check(const State& s, const FastEngine::Boards& b, ConcreteMove m) noexcept {
    const Color mover = to_move(s);
    const int king = king_in(b, opposite(mover));
    if (king == kNoSquare) return false;
    const int from = m.from.index(), to = m.to.index();
    const bits::Bits occupied = (b.occupied & ~bits::bit(from)) | bits::bit(to);
    const PieceKind kind = m.promotion ? ast::kind_of(*m.promotion) : kind_of(at(s, m.from));
    bits::Bits reach = 0;
    switch (kind) {
        case PieceKind::Pawn: reach = bits::pawn_attacks(static_cast<int>(mover), to); break;
        case PieceKind::Knight: reach = bits::knight_targets(to); break;
        case PieceKind::Bishop: reach = bits::bishop_attacks(to, occupied); break;
        case PieceKind::Rook: reach = bits::rook_attacks(to, occupied); break;
        case PieceKind::Queen: reach = bits::bishop_attacks(to, occupied) | bits::rook_attacks(to, occupied); break;
        case PieceKind::King: break;
    }
    return (reach & bits::bit(king)) != 0;
}

// Whether the winner's pieces alone cannot mate a lone king however they stand — a knight, or
// bishops all on one colour, and no pawn — so that the loser must first give it blockers of its
// own: pawns that advance and promote to pieces that are not queens (the move ordering then
// favours those).
[[nodiscard]] bool needs_loser_blockers(const FastEngine::Boards& b, Color winner) noexcept {
    const auto w = static_cast<std::size_t>(winner);
    const std::uint64_t mine = b.colour[w] & ~b.kind[static_cast<std::size_t>(PieceKind::King)];
    const std::uint64_t knights = b.kind[static_cast<std::size_t>(PieceKind::Knight)] & mine;
    const std::uint64_t bishops = b.kind[static_cast<std::size_t>(PieceKind::Bishop)] & mine;
    constexpr std::uint64_t kDark = 0xAA55AA55AA55AA55ull;
    if (mine == 0) return false;
    if (mine == knights) return std::popcount(knights) == 1;
    return mine == bishops && ((bishops & kDark) == 0 || (bishops & ~kDark) == 0);
}

// The order in which the helpmate search tries a move: higher first. Only which mates are found
// within the budget depends on it, never a verdict's soundness.
[[nodiscard]] std::int32_t move_score(const State& s, const FastEngine::Boards& b, ConcreteMove m, bool check,
                                      Color winner, bool loser_blockers) noexcept {
    const Color mover = to_move(s);
    const int loser_king = king_in(b, opposite(winner));
    const int from = m.from.index(), to = m.to.index();
    const PieceKind kind = kind_of(at(s, m.from));
    const PieceId taken = at(s, m.to);
    const bool capture = !taken.empty();
    std::int32_t score = 0;
    if (m.promotion) score += *m.promotion == ast::PromotionPiece::Queen ? 300 : 100;
    if (mover == winner) {
        // The winner's pieces close in on the loser's king, its own king to two squares from it
        // (where it takes flight squares), without leaving a piece where the loser's pieces
        // capture it for nothing. A check counts a little: the mate itself is looked for apart.
        if (check) score += 48;
        if (loser_king != kNoSquare) {
            if (kind == PieceKind::King)
                score += 64 * (std::abs(distance(from, loser_king) - 2) - std::abs(distance(to, loser_king) - 2));
            else
                score += 64 * (distance(from, loser_king) - distance(to, loser_king));
        }
        if (kind != PieceKind::King) {
            const std::uint64_t attackers = FastEngine::attackers(s, m.to, opposite(winner));
            const std::uint64_t defenders = FastEngine::attackers(s, m.to, winner) & ~bits::bit(from);
            if (attackers != 0 && defenders == 0) score -= 5000;
        }
        // The loser's pieces are the blockers that make a helpmate possible: keep them; its pawns
        // stand in the way of the winner's (take them).
        if (capture) score += kind_of(taken) == PieceKind::Pawn ? 40 : -48;
        // The winner's pawns advance: more material to mate with.
        if (kind == PieceKind::Pawn) {
            const int rank = mover == Color::White ? rank_of(to) : 7 - rank_of(to);
            score += 8 * rank;
        }
    } else {
        // The loser keeps the winner's material and does not check the winner's king...
        if (capture) score -= 4000;
        if (check) score -= 500;
        // ...walks its king to the edge and the corner, and brings its pieces next to it, where
        // they take the king's flight squares; its pawns advance (to be promoted to blockers).
        if (kind == PieceKind::King)
            score +=
                64 * (edge_distance(from) - edge_distance(to)) + 32 * (corner_distance(from) - corner_distance(to));
        else if (loser_king != kNoSquare)
            score += 32 * (distance(from, loser_king) - distance(to, loser_king));
        if (kind == PieceKind::Pawn) score += loser_blockers ? 200 : 16;
        if (loser_blockers && m.promotion && *m.promotion != ast::PromotionPiece::Queen) score += 300;
    }
    return score;
}

}  // namespace

// One ply of the depth-first search: the legal moves, what each does, the order to try them.
struct DeadPositionAnalyser::Frame {
    MoveList moves;
    std::array<bool, MoveList::kCapacity> check;
    std::array<std::int32_t, MoveList::kCapacity> score;
    std::array<std::uint16_t, MoveList::kCapacity> order;
};

DeadPositionAnalyser::DeadPositionAnalyser() {
    for (auto& w : witness_) w.reserve(kMaxPly);
}

DeadPositionAnalyser::~DeadPositionAnalyser() = default;
DeadPositionAnalyser::DeadPositionAnalyser(DeadPositionAnalyser&&) noexcept = default;
DeadPositionAnalyser& DeadPositionAnalyser::operator=(DeadPositionAnalyser&&) noexcept = default;

std::span<const ConcreteMove> DeadPositionAnalyser::witness(Color winner) const noexcept {
    const auto& w = witness_[static_cast<std::size_t>(winner)];
    return {w.data(), w.size()};
}

// The entry of key's place in the direct-mapped table of tt_span_ entries the search acts as,
// whatever key it holds; null when nothing was stored there in this call.
const DeadPositionAnalyser::TtEntry* DeadPositionAnalyser::tt_find(std::uint64_t key) const noexcept {
    if (tt_.empty()) return nullptr;
    const std::size_t place = static_cast<std::size_t>(key) & (tt_span_ - 1);
    if (tt_dense_) return tt_[place].generation == generation_ ? &tt_[place] : nullptr;
    const std::size_t mask = tt_.size() - 1;
    for (std::size_t i = place & mask; tt_[i].generation == generation_; i = (i + 1) & mask)
        if ((static_cast<std::size_t>(tt_[i].key) & (tt_span_ - 1)) == place) return &tt_[i];
    return nullptr;
}

bool DeadPositionAnalyser::tt_hit(std::uint64_t key, int depth_left, int discrepancies) const noexcept {
    const TtEntry* e = tt_find(key);
    return e != nullptr && e->key == key && e->depth >= depth_left && e->discrepancies >= discrepancies;
}

void DeadPositionAnalyser::tt_store(std::uint64_t key, int depth_left, int discrepancies) {
    const TtEntry entry{key, generation_, static_cast<std::int16_t>(depth_left),
                        static_cast<std::int16_t>(discrepancies)};
    const std::size_t place = static_cast<std::size_t>(key) & (tt_span_ - 1);
    if (!tt_dense_ && 2 * (tt_used_ + 1) > tt_.size()) tt_grow();
    if (tt_dense_) {
        tt_[place] = entry;
        return;
    }
    const std::size_t mask = tt_.size() - 1;
    std::size_t i = place & mask;
    for (; tt_[i].generation == generation_; i = (i + 1) & mask) {
        if ((static_cast<std::size_t>(tt_[i].key) & (tt_span_ - 1)) == place) {
            tt_[i] = entry;
            return;
        }
    }
    tt_[i] = entry;
    ++tt_used_;
}

// Twice the entries, or the direct-mapped table once that is no larger; this call's entries move
// over (no two share a place, so none is lost).
void DeadPositionAnalyser::tt_grow() {
    const std::size_t size = std::max(kFirstEntries, 2 * tt_.size());
    std::vector<TtEntry> old = std::move(tt_);
    tt_dense_ = size >= tt_span_;
    tt_.assign(tt_dense_ ? tt_span_ : size, TtEntry{});
    const std::size_t mask = tt_.size() - 1;
    for (const TtEntry& e : old) {
        if (e.generation != generation_) continue;
        std::size_t i = static_cast<std::size_t>(e.key) & (tt_span_ - 1) & mask;
        while (!tt_dense_ && tt_[i].generation == generation_) i = (i + 1) & mask;
        tt_[i] = e;
    }
}

// ---- 2. Helpmate search -----------------------------------------------------------------------

// Limited discrepancy search for a helpmate of at most depth_left plies from σ: the moves are
// tried best first (move_score), and taking the k-th best costs k of the `discrepancies` the line
// may spend, so the first lines tried are the ordering's own choices and wider ones follow as the
// caller raises the allowance. Incomplete by design — it only ever proves Yes: a true answer
// comes with line_[0, found_), every move of which was played by T; a table hit only skips a
// search that found nothing with at least as much depth and allowance.
bool DeadPositionAnalyser::helpmate(const State& s, int ply, int depth_left, int discrepancies, Color winner) {
    if (nodes_ >= limit_) {
        aborted_ = true;
        return false;
    }
    ++nodes_;
    const Color mover = to_move(s);
    Frame& f = frames_[static_cast<std::size_t>(ply)];
    f.moves = engine().legal_moves(s);
    if (f.moves.size == 0) {
        if (mover == winner || !engine().in_check(s, mover)) return false;
        found_ = ply;
        return true;
    }
    if (depth_left == 0 || cannot_mate_by_material(s, winner)) return false;
    const std::uint64_t key = search_key(s, winner);
    // A shortest helpmate never comes back to a position of its own line.
    for (int i = 0; i < ply; ++i)
        if (path_[static_cast<std::size_t>(i)] == key) return false;
    if (tt_hit(key, depth_left, discrepancies)) return false;
    path_[static_cast<std::size_t>(ply)] = key;

    const FastEngine::Boards boards = FastEngine::boards(s);
    const bool loser_blockers = needs_loser_blockers(boards, winner);
    for (std::size_t i = 0; i < f.moves.size; ++i) {
        f.check[i] = direct_check(s, boards, f.moves.moves[i]);
        f.score[i] = move_score(s, boards, f.moves.moves[i], f.check[i], winner, loser_blockers);
        f.order[i] = static_cast<std::uint16_t>(i);
    }
    if (mover == winner) {
        // A mate in one among the checks (few, and cheap to test) before any longer line.
        for (std::size_t i = 0; i < f.moves.size; ++i) {
            if (!f.check[i]) continue;
            const Accepted t = play(s, f.moves.moves[i]);
            if (!t.check || engine().has_legal_move(t.next)) continue;
            line_[static_cast<std::size_t>(ply)] = f.moves.moves[i];
            found_ = ply + 1;
            return true;
        }
        if (depth_left == 1) {
            tt_store(key, depth_left, discrepancies);
            return false;
        }
    }
    const auto n = static_cast<std::ptrdiff_t>(f.moves.size);
    std::stable_sort(f.order.begin(), f.order.begin() + n,
                     [&f](std::uint16_t a, std::uint16_t b) { return f.score[a] > f.score[b]; });
    for (std::size_t k = 0; k < f.moves.size && static_cast<int>(k) <= discrepancies; ++k) {
        const ConcreteMove m = f.moves.moves[f.order[k]];
        const State next = play(s, m).next;
        line_[static_cast<std::size_t>(ply)] = m;
        if (helpmate(next, ply + 1, depth_left - 1, discrepancies - static_cast<int>(k), winner)) return true;
        if (aborted_) return false;
    }
    tt_store(key, depth_left, discrepancies);
    return false;
}

// Ever wider searches until a helpmate is found or the node limit is met: first with a short
// horizon (most mates in real positions are short), then the full kMaxPly.
bool DeadPositionAnalyser::search_side(const State& root, Color winner, std::uint32_t limit) {
    if (frames_.empty()) frames_.resize(kMaxPly + 1);
    limit_ = limit;
    aborted_ = false;
    constexpr int kAllowances[] = {0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512};
    for (int allowance : kAllowances) {
        for (int depth : {8, kMaxPly}) {
            if (helpmate(root, 0, depth, allowance, winner)) {
                auto& w = witness_[static_cast<std::size_t>(winner)];
                w.assign(line_.begin(), line_.begin() + found_);
                return true;
            }
            if (aborted_) return false;
        }
    }
    return false;
}

}  // namespace pgnsem::sem::laws
