// Law 5.2.2's dead position, decided soundly within a budget (semantics/laws/dead_position.hpp).
// Three parts, each a section below:
//   1. material rules that prove a side can never mate (cannot_mate_by_material);
//   2. a helpmate search per side: limited discrepancy search over a move ordering that leads
//      the intended winner's pieces to the other king and that king to the edge, a transposition
//      table, pruning every line where the winner is left with material that cannot mate — it
//      proves Yes;
//   3. the closure: every position reachable from σ, breadth first; when there are finitely few
//      and all are seen within the budget (kings shuffling behind a locked pawn wall), a side that
//      mates in none of them cannot mate — it proves No.
// proofs-notes/dead-positions.md argues each part's soundness.
#include "semantics/laws/dead_position.hpp"

#include <algorithm>
#include <bit>
#include <boost/variant2/variant.hpp>
#include <cstdlib>
#include <limits>

#include "semantics/fast/boards.hpp"
#include "semantics/fast/geometry.hpp"
#include "semantics/fast/in_check.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "semantics/fast/position_key.hpp"
#include "semantics/fast/terminates.hpp"
#include "syntax/mutants.hpp"

namespace pgnsem::sem::laws {

// ---- 1. Material ------------------------------------------------------------------------------

namespace {

struct Material {
    int pawns = 0, knights = 0, bishops = 0, rooks = 0, queens = 0;
    bool light_bishop = false, dark_bishop = false;
    [[nodiscard]] int minors_and_majors() const noexcept { return knights + bishops + rooks + queens; }
};

}  // namespace

bool frozen_pawn_wall(const State& s) noexcept {
    const fast::Boards b = fast::boards_of(s);
    const std::uint64_t white = b.of(Color::White, PieceKind::Pawn);
    const std::uint64_t black = b.of(Color::Black, PieceKind::Pawn);
    const std::uint64_t kings = b.kind[static_cast<std::size_t>(PieceKind::King)];
    // Kings and pawns only, every pawn blocked by an enemy pawn right in front of it.
    if (white == 0 || (white | black | kings) != b.occupied || white << 8 != black) return false;
    constexpr std::uint64_t file_a = 0x0101010101010101ull;
    constexpr std::uint64_t file_h = file_a << 7;
    const std::uint64_t white_attacks = ((white << 7) & ~file_h) | ((white << 9) & ~file_a);
    const std::uint64_t black_attacks = ((black >> 9) & ~file_h) | ((black >> 7) & ~file_a);
    // No pawn can take another, and the player to move is not in check (a check now might be mate).
    if ((white_attacks & black) != 0 || (black_attacks & white) != 0) return false;
    const std::uint64_t kings_attacked = (kings & b.colour[0] & black_attacks) | (kings & b.colour[1] & white_attacks);
    if (kings_attacked != 0) return false;
    const auto spread = [](std::uint64_t r) {
        const std::uint64_t sideways = r | ((r << 1) & ~file_a) | ((r >> 1) & ~file_h);
        return sideways | (sideways << 8) | (sideways >> 8);
    };
    // Each king's squares: flooded from where it stands over the squares no pawn holds and no enemy
    // pawn attacks (more than it can reach: the other king is ignored). An enemy pawn next to them
    // that no other enemy pawn defends might be taken; then nothing is claimed.
    for (const Color c : {Color::White, Color::Black}) {
        const std::uint64_t enemy_pawns = c == Color::White ? black : white;
        const std::uint64_t enemy_attacks = c == Color::White ? black_attacks : white_attacks;
        const std::uint64_t open = ~(white | black) & ~enemy_attacks;
        std::uint64_t region = kings & b.colour[static_cast<std::size_t>(c)];
        for (std::uint64_t before = 0; region != before;) {
            before = region;
            region = (spread(region) & open) | region;
        }
        if ((spread(region) & enemy_pawns & ~enemy_attacks) != 0) return false;
    }
    // So no pawn ever moves or is taken, and only the kings move: no move ever gives check.
    return true;
}

namespace {

// Squares a piece of `kind` standing on q attacks (or moves to) when only `pawns` block it.
[[nodiscard]] fast::geo::Bits piece_reach(PieceKind kind, int q, fast::geo::Bits pawns) noexcept {
    switch (kind) {
        case PieceKind::Knight: return fast::geo::knight_targets(q);
        case PieceKind::Bishop: return fast::geo::bishop_attacks(q, pawns);
        case PieceKind::Rook: return fast::geo::rook_attacks(q, pawns);
        case PieceKind::Queen: return fast::geo::bishop_attacks(q, pawns) | fast::geo::rook_attacks(q, pawns);
        case PieceKind::King: return fast::geo::king_targets(q);
        case PieceKind::Pawn: break;
    }
    return 0;
}

// Where a piece of `kind` can ever stand, starting from q and moving only onto `open` squares
// (its region), and every square it attacks from some square of it (its reach).
struct Flood {
    fast::geo::Bits region = 0;
    fast::geo::Bits reach = 0;
};

[[nodiscard]] Flood flood(PieceKind kind, int q, fast::geo::Bits pawns, fast::geo::Bits open) noexcept {
    Flood f{fast::geo::bit(q), 0};
    for (fast::geo::Bits frontier = f.region; frontier != 0;) {
        fast::geo::Bits next = 0;
        for (fast::geo::Bits rest = frontier; rest != 0; rest &= rest - 1) {
            const fast::geo::Bits r = piece_reach(kind, std::countr_zero(rest), pawns);
            f.reach |= r;
            next |= r;
        }
        frontier = next & open & ~f.region;
        f.region |= frontier;
    }
    return f;
}

// Rule W with `fixed` as the men claimed never to move nor be taken (the pawns, perhaps with
// pieces shut in by them): the verdicts it proves.
MateAbility blocked_with(const State& s, const fast::Boards& b, fast::geo::Bits fixed) noexcept {
    using fast::geo::Bits;
    MateAbility result;
    const Bits kings = b.kind[static_cast<std::size_t>(PieceKind::King)];
    const std::array<Bits, 2> own_pawns{b.of(Color::White, PieceKind::Pawn), b.of(Color::Black, PieceKind::Pawn)};
    // Every pawn blocked by one of those men right in front of it.
    if (((own_pawns[0] << 8) & ~fixed) != 0 || ((own_pawns[1] >> 8) & ~fixed) != 0) return result;
    std::array<Bits, 2> pawn_attacks{};
    for (std::size_t c = 0; c < 2; ++c)
        for (Bits rest = own_pawns[c]; rest != 0; rest &= rest - 1)
            pawn_attacks[c] |= fast::geo::pawn_attacks(static_cast<int>(c), std::countr_zero(rest));
    // Nothing stands where an enemy pawn could take it (a king there would be in check now).
    if ((pawn_attacks[0] & b.colour[1]) != 0 || (pawn_attacks[1] & b.colour[0]) != 0) return result;
    std::array<Bits, 2> king_region{}, king_reach{}, piece_reach_of{}, piece_region_of{};
    // Each piece's region, by side.
    std::array<std::array<Bits, 64>, 2> regions{};
    std::array<int, 2> pieces{};
    for (std::size_t c = 0; c < 2; ++c) {
        const std::size_t e = 1 - c;
        const Bits enemy_fixed = fixed & b.colour[e];
        const Bits king = b.colour[c] & kings;
        if (king == 0) return result;
        // The king: never onto a square an enemy pawn attacks, and it must not meet an enemy man of
        // the fixed ones that no enemy pawn defends (it might take it).
        const Flood k = flood(PieceKind::King, std::countr_zero(king), fixed, ~fixed & ~pawn_attacks[e]);
        if ((k.reach & enemy_fixed & ~pawn_attacks[e]) != 0) return result;
        king_region[c] = k.region;
        king_reach[c] = k.reach | k.region;
        // The other pieces: never where an enemy pawn attacks them, never attacking a fixed enemy
        // man.
        for (Bits rest = b.colour[c] & ~fixed & ~king; rest != 0; rest &= rest - 1) {
            const int q = std::countr_zero(rest);
            const Flood f = flood(kind_of(s.board[static_cast<std::size_t>(q)]), q, fixed, ~fixed);
            if ((f.region & pawn_attacks[e]) != 0 || (f.reach & enemy_fixed) != 0) return result;
            piece_reach_of[c] |= f.reach;
            piece_region_of[c] |= f.region;
            regions[c][static_cast<std::size_t>(pieces[c]++)] = f.region;
        }
    }
    // The pawns never change: a side whose pieces never attack a square the enemy king can reach
    // never gives check (its pawns attack none of them, its king gives no check).
    if ((piece_reach_of[0] & king_region[1]) == 0) result.white = Verdict::No;
    if ((piece_reach_of[1] & king_region[0]) == 0) result.black = Verdict::No;
    // A check that is never mate: wherever the enemy king can stand in check, its neighbours
    // that no piece or pawn of the checking side ever stands on or attacks and no pawn holds
    // outnumber the enemy pieces that can ever stand on one of them: one is always empty, and the
    // king can step there.
    for (std::size_t c = 0; c < 2; ++c) {
        Verdict& v = c == 0 ? result.white : result.black;
        if (v == Verdict::No) continue;
        const std::size_t e = 1 - c;
        const Bits free = ~fixed & ~pawn_attacks[c] & ~piece_reach_of[c] & ~piece_region_of[c] & ~king_reach[c];
        bool escapes = true;
        for (Bits rest = king_region[e] & piece_reach_of[c]; rest != 0 && escapes; rest &= rest - 1) {
            const Bits flight = fast::geo::king_targets(std::countr_zero(rest)) & free;
            int blockers = 0;
            for (int i = 0; i < pieces[e]; ++i)
                blockers += (regions[e][static_cast<std::size_t>(i)] & flight) != 0 ? 1 : 0;
            escapes = std::popcount(flight) > blockers;
        }
        if (escapes) v = Verdict::No;
    }
    return result;
}

}  // namespace

// Rule R: where every man can ever stand, as the least solution of rules every legal move obeys
// (proofs-notes/dead-positions.md, rule R). reach[i] holds the squares man i can ever stand on;
// a man is "permanent" when it can neither move nor be taken: it never leaves its square.
namespace {

struct Man {
    int square = 0;
    std::size_t colour = 0;
    PieceKind kind = PieceKind::Pawn;
};

struct Mobility {
    std::array<Man, 64> men{};
    std::array<fast::geo::Bits, 64> reach{};
    int count = 0;
    std::array<int, 2> king{{-1, -1}};
    fast::geo::Bits permanent = 0;
    bool promotes = false;
};

// A permanent man's attacks that hold whatever else stands on the board: a pawn's, a knight's, a
// king's, and a slider's on the squares next to it.
[[nodiscard]] fast::geo::Bits certain_attacks(const Man& m) noexcept {
    using namespace fast::geo;
    switch (m.kind) {
        case PieceKind::Pawn: return pawn_attacks(static_cast<int>(m.colour), m.square);
        case PieceKind::Knight: return knight_targets(m.square);
        case PieceKind::King:
        case PieceKind::Queen: return king_targets(m.square);
        case PieceKind::Bishop: return king_targets(m.square) & bishop_rays(m.square);
        case PieceKind::Rook: return king_targets(m.square) & rook_rays(m.square);
    }
    return 0;
}

// Solves the rules by iterating from each man's own square until nothing grows. Every rule only
// allows more when the sets grow, so the least solution is reached and, by induction over any
// series of legal moves, contains every square each man ever stands on. Each round expands every
// square of every set, not only the squares new in the last round: what a square leads to depends
// on `clear`, `permanent`, `certain` and `faces`, which relax as other sets grow, so an old square
// may lead further than it did. (Expanding only the new squares while those stayed the same would
// save work on long walks; where `check` asks, the sets are a few squares and it is not worth it.)
void solve(const State& s, Mobility& m) noexcept {
    using fast::geo::Bits;
    const fast::Boards b = fast::boards_of(s);
    const Bits initial = b.occupied;
    const Bits kings = b.kind[static_cast<std::size_t>(PieceKind::King)];
    std::array<int, 64> at{};
    at.fill(-1);
    for (Bits rest = initial; rest != 0; rest &= rest - 1) {
        const int q = std::countr_zero(rest);
        if (m.count == 64) return;
        const PieceId id = s.board[static_cast<std::size_t>(q)];
        Man& man = m.men[static_cast<std::size_t>(m.count)];
        man = Man{q, static_cast<std::size_t>(color_of(id)), kind_of(id)};
        if (man.kind == PieceKind::King) m.king[man.colour] = m.count;
        m.reach[static_cast<std::size_t>(m.count)] = fast::geo::bit(q);
        at[static_cast<std::size_t>(q)] = m.count++;
    }
    const auto file_bits = [](int q) { return 0x0101010101010101ull << (q & 7); };
    for (bool changed = true; changed;) {
        changed = false;
        // Squares the men of each side can ever stand on (all, and the pieces' and pawns' only).
        std::array<Bits, 2> any{}, takeable{};
        for (int i = 0; i < m.count; ++i) {
            const Man& man = m.men[static_cast<std::size_t>(i)];
            any[man.colour] |= m.reach[static_cast<std::size_t>(i)];
            if (man.kind != PieceKind::King) takeable[man.colour] |= m.reach[static_cast<std::size_t>(i)];
        }
        // A man leaves its square by moving, or by being taken there (an enemy man stands on it).
        Bits clear = 0;
        for (int i = 0; i < m.count; ++i) {
            const Man& man = m.men[static_cast<std::size_t>(i)];
            const Bits own = fast::geo::bit(man.square);
            if (m.reach[static_cast<std::size_t>(i)] != own || (any[1 - man.colour] & own) != 0) clear |= own;
        }
        m.permanent = initial & ~clear;
        std::array<Bits, 2> certain{};
        for (int i = 0; i < m.count; ++i) {
            const Man& man = m.men[static_cast<std::size_t>(i)];
            if ((m.permanent & fast::geo::bit(man.square)) != 0) certain[man.colour] |= certain_attacks(man);
        }
        // A pawn bound to its file, facing an enemy pawn ahead on it that never leaves the file and
        // that no other man of the pawn's side can ever take, never reaches that pawn's square.
        const auto faces = [&](int i, int to) {
            const Man& pawn = m.men[static_cast<std::size_t>(i)];
            const Bits file = file_bits(pawn.square);
            if ((m.reach[static_cast<std::size_t>(i)] & ~file) != 0) return false;
            const int up = pawn.colour == 0 ? 1 : -1;
            for (int j = 0; j < m.count; ++j) {
                const Man& other = m.men[static_cast<std::size_t>(j)];
                if (other.kind != PieceKind::Pawn || other.colour == pawn.colour ||
                    (file & fast::geo::bit(other.square)) == 0)
                    continue;
                const int ahead = (other.square >> 3) - (pawn.square >> 3);
                if (ahead * up <= 0 || ((to >> 3) - (other.square >> 3)) * up < 0) continue;
                const Bits path = m.reach[static_cast<std::size_t>(j)];
                if ((path & ~file) != 0) continue;
                bool taken = false;
                for (int k = 0; k < m.count && !taken; ++k) {
                    const Man& taker = m.men[static_cast<std::size_t>(k)];
                    if (taker.colour != pawn.colour || (m.reach[static_cast<std::size_t>(k)] & path) == 0) continue;
                    // Another pawn of the side that never leaves this file only pushes on it.
                    taken = !(taker.kind == PieceKind::Pawn && (file & fast::geo::bit(taker.square)) != 0 &&
                              (m.reach[static_cast<std::size_t>(k)] & ~file) == 0);
                }
                if (!taken) return true;
            }
            return false;
        };
        for (int i = 0; i < m.count; ++i) {
            const Man& man = m.men[static_cast<std::size_t>(i)];
            const std::size_t e = 1 - man.colour;
            // Where it may move: a square empty at the start, or one whose man can leave it, or an
            // enemy man's that is not the king (taken).
            const Bits allowed = ~initial | clear | (b.colour[e] & ~kings);
            Bits& reach = m.reach[static_cast<std::size_t>(i)];
            Bits add = 0;
            for (Bits rest = reach; rest != 0; rest &= rest - 1) {
                const int q = std::countr_zero(rest);
                switch (man.kind) {
                    case PieceKind::Pawn: {
                        const int to = man.colour == 0 ? q + 8 : q - 8;
                        if (to >= 0 && to < 64 && ((~initial | clear) & fast::geo::bit(to)) != 0 && !faces(i, to))
                            add |= fast::geo::bit(to);
                        add |= fast::geo::pawn_attacks(static_cast<int>(man.colour), q) & takeable[e];
                        break;
                    }
                    case PieceKind::King: add |= fast::geo::king_targets(q) & ~certain[e]; break;
                    case PieceKind::Knight:
                    case PieceKind::Bishop:
                    case PieceKind::Rook:
                    case PieceKind::Queen: add |= piece_reach(man.kind, q, m.permanent & ~kings); break;
                }
            }
            add &= allowed & ~reach;
            if (add == 0) continue;
            reach |= add;
            changed = true;
            if (man.kind == PieceKind::Pawn &&
                (reach & (man.colour == 0 ? fast::geo::kRank8 : fast::geo::kRank1)) != 0) {
                m.promotes = true;
                return;
            }
        }
    }
}

}  // namespace

ReachSets reach_sets(const State& s) noexcept {
    ReachSets r;
    if (fast::detail::castling_rights(s) != 0 || fast::en_passant_file(s) >= 0) return r;
    Mobility m;
    solve(s, m);
    if (m.promotes || m.king[0] < 0 || m.king[1] < 0) return r;
    for (int i = 0; i < m.count; ++i)
        r.of[static_cast<std::size_t>(m.men[static_cast<std::size_t>(i)].square)] =
            m.reach[static_cast<std::size_t>(i)];
    r.permanent = m.permanent;
    r.decided = true;
    return r;
}

MateAbility reach_bound(const State& s) noexcept {
    using fast::geo::Bits;
    MateAbility result;
    // Castling and en passant are moves the rules above do not describe.
    if (fast::detail::castling_rights(s) != 0 || fast::en_passant_file(s) >= 0) return result;
    Mobility m;
    solve(s, m);
    if (m.promotes || m.king[0] < 0 || m.king[1] < 0) return result;
    const Bits kings = fast::geo::bit(m.men[static_cast<std::size_t>(m.king[0])].square) |
                       fast::geo::bit(m.men[static_cast<std::size_t>(m.king[1])].square);
    // What each side's pieces and pawns can ever attack (through every man that may move away).
    std::array<Bits, 2> attacks{};
    for (int i = 0; i < m.count; ++i) {
        const Man& man = m.men[static_cast<std::size_t>(i)];
        if (man.kind == PieceKind::King) continue;
        for (Bits rest = m.reach[static_cast<std::size_t>(i)]; rest != 0; rest &= rest - 1) {
            const int q = std::countr_zero(rest);
            attacks[man.colour] |= man.kind == PieceKind::Pawn
                                       ? fast::geo::pawn_attacks(static_cast<int>(man.colour), q)
                                       : piece_reach(man.kind, q, m.permanent & ~kings);
        }
    }
    for (std::size_t c = 0; c < 2; ++c) {
        const std::size_t e = 1 - c;
        const Bits region = m.reach[static_cast<std::size_t>(m.king[e])];
        const Bits own_king = m.reach[static_cast<std::size_t>(m.king[c])];
        // Never a check; or on every square k where the king can be in check, its neighbours that
        // no piece or pawn of the checking side ever attacks and no permanent man holds outnumber
        // those the checking king can cover from one square (never next to k) plus the enemy men
        // that can ever stand on one of them. A man of the checking side there can be taken unless
        // its king defends it, which the cover counts.
        bool never_mate = true;
        for (Bits rest = region & attacks[c]; rest != 0 && never_mate; rest &= rest - 1) {
            const int k = std::countr_zero(rest);
            const Bits flight = fast::geo::king_targets(k) & ~attacks[c] & ~m.permanent;
            int cover = 0;
            for (Bits w = own_king & ~fast::geo::king_targets(k) & ~fast::geo::bit(k); w != 0; w &= w - 1)
                cover = std::max(cover, std::popcount(fast::geo::king_targets(std::countr_zero(w)) & flight));
            int blockers = 0;
            for (int i = 0; i < m.count; ++i) {
                const Man& man = m.men[static_cast<std::size_t>(i)];
                if (man.colour == e && man.kind != PieceKind::King &&
                    (m.reach[static_cast<std::size_t>(i)] & flight) != 0)
                    ++blockers;
            }
            never_mate = std::popcount(flight) > cover + blockers;
        }
        if (never_mate) (c == 0 ? result.white : result.black) = Verdict::No;
    }
    return result;
}

MateAbility blocked_position(const State& s) noexcept {
    using fast::geo::Bits;
    const fast::Boards b = fast::boards_of(s);
    const Bits pawns = b.kind[static_cast<std::size_t>(PieceKind::Pawn)];
    const Bits kings = b.kind[static_cast<std::size_t>(PieceKind::King)];
    // Both analyses below need a man right in front of every pawn: a cheap test first, as the
    // closure asks this of every position it visits.
    const Bits white_pawns = b.of(Color::White, PieceKind::Pawn), black_pawns = b.of(Color::Black, PieceKind::Pawn);
    if (pawns == 0 || ((white_pawns << 8) & ~b.occupied) != 0 || ((black_pawns >> 8) & ~b.occupied) != 0)
        return MateAbility{};
    if (fast::en_passant_file(s) >= 0) return MateAbility{};
    MateAbility result = blocked_with(s, b, pawns);
    if (result.dead()) return result;
    // The men claimed never to move nor be taken: the pawns, and every piece whose every move
    // (with only these men as blockers) would land on a man of its own side among them — shut in.
    Bits fixed = pawns;
    for (bool grew = true; grew;) {
        grew = false;
        for (Bits rest = b.occupied & ~fixed & ~kings; rest != 0; rest &= rest - 1) {
            const int q = std::countr_zero(rest);
            const Bits own = b.colour[(b.colour[0] & fast::geo::bit(q)) != 0 ? 0 : 1];
            if ((piece_reach(kind_of(s.board[static_cast<std::size_t>(q)]), q, fixed) & ~(fixed & own)) != 0) continue;
            fixed |= fast::geo::bit(q);
            grew = true;
        }
    }
    // Shut-in pieces may block pawns or lines; they may also be taken where a lone pawn wall
    // would not care: both analyses are sound, each side takes the No of either.
    if (fixed == pawns) return result;
    const MateAbility more = blocked_with(s, b, fixed);
    if (more.white == Verdict::No) result.white = Verdict::No;
    if (more.black == Verdict::No) result.black = Verdict::No;
    return result;
}

MateAbility static_bound(const State& s) noexcept {
    MateAbility result;
    if (cannot_mate_by_material(s, Color::White)) result.white = Verdict::No;
    if (cannot_mate_by_material(s, Color::Black)) result.black = Verdict::No;
    if (result.dead()) return result;
    if (frozen_pawn_wall(s)) return MateAbility{Verdict::No, Verdict::No};
    for (const MateAbility& rule : {blocked_position(s), reach_bound(s)}) {
        if (rule.white == Verdict::No) result.white = Verdict::No;
        if (rule.black == Verdict::No) result.black = Verdict::No;
    }
    return result;
}

bool pawns_face_each_other(const State& s) noexcept {
    const fast::Boards b = fast::boards_of(s);
    const std::uint64_t white = b.of(Color::White, PieceKind::Pawn), black = b.of(Color::Black, PieceKind::Pawn);
    // The squares above some white pawn of their file, and below some black pawn.
    std::uint64_t above = white << 8, below = black >> 8;
    for (int i = 0; i < 3; ++i) {
        above |= above << (8 << i);
        below |= below >> (8 << i);
    }
    // At least three files locked: a white pawn right below a black one.
    return std::popcount((white << 8) & black) >= 3 && (black & ~above) == 0 && (white & ~below) == 0;
}

bool dead_by_material(const State& s) noexcept {
    return cannot_mate_by_material(s, Color::White) && cannot_mate_by_material(s, Color::Black);
}

bool cannot_mate_by_material(const State& s, Color side) noexcept {
    std::array<Material, 2> m{};
    for (int q = 0; q < 64; ++q) {
        const PieceId id = s.board[static_cast<std::size_t>(q)];
        if (id.empty()) continue;
        Material& mine = m[static_cast<std::size_t>(color_of(id))];
        switch (kind_of(id)) {
            case PieceKind::Pawn: ++mine.pawns; break;
            case PieceKind::Knight: ++mine.knights; break;
            case PieceKind::Bishop:
                ++mine.bishops;
                (Square::unchecked(q).is_light() ? mine.light_bishop : mine.dark_bishop) = true;
                break;
            case PieceKind::Rook: ++mine.rooks; break;
            case PieceKind::Queen: ++mine.queens; break;
            case PieceKind::King: break;
        }
    }
    const Material& me = m[static_cast<std::size_t>(side)];
    const Material& them = m[static_cast<std::size_t>(opposite(side))];
    // A pawn may promote, a rook or a queen mates with help: no material rule applies.
    if (me.pawns + PGNSEM_MUTATE(laws_material_rook_cannot_mate, 0, me.rooks) + me.queens > 0) return false;
    // A lone king never gives check.
    if (me.minors_and_majors() == 0) return true;
    // One knight: its check is never mate when the other side's only helpers are queens, which
    // would capture it or leave a flight square (proofs-notes/dead-positions.md, rule M2).
    if (me.knights > 0)
        return me.knights == 1 && me.bishops == 0 && them.minors_and_majors() == them.queens && them.pawns == 0;
    // Bishops only, and every bishop on the board on squares of one colour, with no pawn and no
    // knight anywhere: the checked king's orthogonal neighbours are of the other colour and can be
    // neither covered nor blocked so that the check is mate (rule M3).
    const bool one_colour = !((me.light_bishop || them.light_bishop) && (me.dark_bishop || them.dark_bishop));
    return one_colour && them.pawns == 0 && them.knights == 0;
}

// ---- Helpers -----------------------------------------------------------------------------------

namespace {

constexpr std::uint32_t kNoParent = std::numeric_limits<std::uint32_t>::max();

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

// σ with `turn` moved back to 2 or 3 (same side to move) and the pawns' stamps with it, so that a
// long search never meets the turn limit (kTurnLimit, rule game/too-long): the clocks are not part
// of the question (Law 5.2.2 asks about legal moves; the 50/75-move and repetition rules are left
// aside). Only a stamp of the last ply can still matter (en passant), and it keeps that meaning.
[[nodiscard]] State rebased(const State& s) noexcept {
    State r = s;
    const auto base = static_cast<std::uint16_t>(2 + (s.turn & 1));
    for (auto& stamp : r.two_step)
        stamp = (stamp != kNoStamp && stamp + 1u == s.turn) ? static_cast<std::uint16_t>(base - 1) : kNoStamp;
    r.turn = base;
    return r;
}

// "The same position" of Laws 9.2.3 (what fast::full_key hashes): kinds and colours on the
// squares, the side to move, the castling rights, the en passant file. Positions that are the
// same have the same legal moves, up to the ids, so the closure keeps one of them.
[[nodiscard]] bool same_position(const State& a, const State& b) noexcept {
    if (to_move(a) != to_move(b)) return false;
    for (std::size_t q = 0; q < 64; ++q)
        if (fast::detail::kKeyRow[a.board[q].value()] != fast::detail::kKeyRow[b.board[q].value()]) return false;
    return fast::detail::castling_rights(a) == fast::detail::castling_rights(b) &&
           fast::en_passant_file(a) == fast::en_passant_file(b);
}

[[nodiscard]] Terminates play(const State& s, ConcreteMove m) noexcept {
    // Every move the generator lists is one T accepts (lemma F4 of proofs-notes/invariants.md).
    return boost::variant2::get<Terminates>(fast::terminates_concrete(s, m));
}

[[nodiscard]] Verdict& verdict_of(MateAbility& r, Color c) noexcept {
    return c == Color::White ? r.white : r.black;
}

// A key per side searched, so that one table serves both helpmate searches.
[[nodiscard]] std::uint64_t search_key(const State& s, Color winner) noexcept {
    return fast::full_key(s) ^ (winner == Color::White ? 0x5DEECE66Dull : 0xA5A5A5A55A5A5A5Aull);
}

// Does m check the king of the other side with the piece it moves (a discovered check is not
// seen)? From the bit sets of σ, without playing the move: the search's ordering asks it of
// every move, and only the moves it tries are played.
[[nodiscard]] bool direct_check(const State& s, const fast::Boards& b, ConcreteMove m) noexcept {
    const Color mover = to_move(s);
    const int king = s.king_square[static_cast<std::size_t>(opposite(mover))];
    if (king == kNoSquare) return false;
    const int from = m.from.index(), to = m.to.index();
    const fast::geo::Bits occupied = (b.occupied & ~fast::geo::bit(from)) | fast::geo::bit(to);
    const PieceKind kind = m.promotion ? ast::kind_of(*m.promotion) : kind_of(at(s, m.from));
    fast::geo::Bits reach = 0;
    switch (kind) {
        case PieceKind::Pawn: reach = fast::geo::pawn_attacks(fast::colour_index(mover), to); break;
        case PieceKind::Knight: reach = fast::geo::knight_targets(to); break;
        case PieceKind::Bishop: reach = fast::geo::bishop_attacks(to, occupied); break;
        case PieceKind::Rook: reach = fast::geo::rook_attacks(to, occupied); break;
        case PieceKind::Queen:
            reach = fast::geo::bishop_attacks(to, occupied) | fast::geo::rook_attacks(to, occupied);
            break;
        case PieceKind::King: break;
    }
    return (reach & fast::geo::bit(king)) != 0;
}

// Whether the winner's pieces alone cannot mate a lone king however they stand — a knight, or
// bishops all on one colour, and no pawn — so that the loser must first give it blockers of its
// own: pawns that advance and promote to pieces that are not queens (the move ordering then
// favours those).
[[nodiscard]] bool needs_loser_blockers(const fast::Boards& b, Color winner) noexcept {
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
[[nodiscard]] std::int32_t move_score(const State& s, ConcreteMove m, bool check, Color winner,
                                      bool loser_blockers) noexcept {
    const Color mover = to_move(s);
    const int loser_king = s.king_square[static_cast<std::size_t>(opposite(winner))];
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
            const std::uint64_t attackers = fast::attackers(s, m.to, opposite(winner));
            const std::uint64_t defenders = fast::attackers(s, m.to, winner) & ~fast::geo::bit(from);
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

namespace {

// The first size of the search's table and of the closure's slots, in entries: what a short
// search or a small closure needs, and the step from which they double.
constexpr std::size_t kFirstEntries = std::size_t{1} << 12;
// The closure's positions are allocated this many at a time.
constexpr unsigned kBlockBits = 10;
constexpr std::uint32_t kBlockMask = (std::uint32_t{1} << kBlockBits) - 1;

}  // namespace

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
    f.moves = fast::legal_moves(s);
    if (f.moves.size == 0) {
        if (mover == winner || !fast::in_check(s, mover)) return false;
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

    const fast::Boards boards = fast::boards_of(s);
    const bool loser_blockers = needs_loser_blockers(boards, winner);
    for (std::size_t i = 0; i < f.moves.size; ++i) {
        f.check[i] = direct_check(s, boards, f.moves.moves[i]);
        f.score[i] = move_score(s, f.moves.moves[i], f.check[i], winner, loser_blockers);
        f.order[i] = static_cast<std::uint16_t>(i);
    }
    if (mover == winner) {
        // A mate in one among the checks (few, and cheap to test) before any longer line.
        for (std::size_t i = 0; i < f.moves.size; ++i) {
            if (!f.check[i]) continue;
            const Terminates t = play(s, f.moves.moves[i]);
            if (!t.check || fast::has_legal_move(t.next)) continue;
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

// ---- 3. Closure -------------------------------------------------------------------------------

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
        const std::uint64_t key = fast::full_key(s);
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
        const MoveList moves = fast::legal_moves(s);
        const Color mover = to_move(s);
        if (moves.size == 0) {
            const Color winner = opposite(mover);
            if (fast::in_check(s, mover) && unknown(winner)) {
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
    if (!fast::has_legal_move(root)) {
        const bool mate = fast::in_check(root, mover);
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
