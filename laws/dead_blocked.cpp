// Law 5.2.2's dead position (laws/dead_position.hpp), part 2: the rules that need no
// search — a pawn wall neither side's pieces can get past to mate, from σ's structure (rules F, W
// and R: blocked_position, reach_bound, static_bound). proofs-notes/dead-positions.md argues each
// rule's soundness.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "ast/mutants.hpp"
#include "laws/dead_position.hpp"
#include "semantics/engines.hpp"

namespace pgnsem::sem::laws {

namespace {

// Squares a piece of `kind` standing on q attacks (or moves to) when only `pawns` block it.
[[nodiscard]] bits::Bits piece_reach(PieceKind kind, int q, bits::Bits pawns) noexcept {
    switch (kind) {
        case PieceKind::Knight: return bits::knight_targets(q);
        case PieceKind::Bishop: return bits::bishop_attacks(q, pawns);
        case PieceKind::Rook: return bits::rook_attacks(q, pawns);
        case PieceKind::Queen: return bits::bishop_attacks(q, pawns) | bits::rook_attacks(q, pawns);
        case PieceKind::King: return bits::king_targets(q);
        case PieceKind::Pawn: break;
    }
    return 0;
}

// Where a piece of `kind` can ever stand, starting from q and moving only onto `open` squares
// (its region), and every square it attacks from some square of it (its reach).
struct Flood {
    bits::Bits region = 0;
    bits::Bits reach = 0;
};

[[nodiscard]] Flood flood(PieceKind kind, int q, bits::Bits pawns, bits::Bits open) noexcept {
    Flood f{bits::bit(q), 0};
    for (bits::Bits frontier = f.region; frontier != 0;) {
        bits::Bits next = 0;
        for (bits::Bits rest = frontier; rest != 0; rest &= rest - 1) {
            const bits::Bits r = piece_reach(kind, std::countr_zero(rest), pawns);
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
MateAbility blocked_with(const State& s, const FastEngine::Boards& b, bits::Bits fixed) noexcept {
    using bits::Bits;
    MateAbility result;
    const Bits kings = b.kind[static_cast<std::size_t>(PieceKind::King)];
    const std::array<Bits, 2> own_pawns{b.of(Color::White, PieceKind::Pawn), b.of(Color::Black, PieceKind::Pawn)};
    // Every pawn blocked by one of those men right in front of it.
    if (((own_pawns[0] << 8) & ~fixed) != 0 || ((own_pawns[1] >> 8) & ~fixed) != 0) return result;
    std::array<Bits, 2> pawn_attacks{};
    for (std::size_t c = 0; c < 2; ++c)
        for (Bits rest = own_pawns[c]; rest != 0; rest &= rest - 1)
            pawn_attacks[c] |= bits::pawn_attacks(static_cast<int>(c), std::countr_zero(rest));
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
            const Bits flight = bits::king_targets(std::countr_zero(rest)) & free;
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
    std::array<bits::Bits, 64> reach{};
    int count = 0;
    std::array<int, 2> king{{-1, -1}};
    bits::Bits permanent = 0;
    bool promotes = false;
};

// A permanent man's attacks that hold whatever else stands on the board: a pawn's, a knight's, a
// king's, and a slider's on the squares next to it.
[[nodiscard]] bits::Bits certain_attacks(const Man& m) noexcept {
    using namespace bits;
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
    using bits::Bits;
    const FastEngine::Boards b = FastEngine::boards(s);
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
        m.reach[static_cast<std::size_t>(m.count)] = bits::bit(q);
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
            const Bits own = bits::bit(man.square);
            if (m.reach[static_cast<std::size_t>(i)] != own || (any[1 - man.colour] & own) != 0) clear |= own;
        }
        m.permanent = initial & ~clear;
        std::array<Bits, 2> certain{};
        for (int i = 0; i < m.count; ++i) {
            const Man& man = m.men[static_cast<std::size_t>(i)];
            if ((m.permanent & bits::bit(man.square)) != 0) certain[man.colour] |= certain_attacks(man);
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
                    (file & bits::bit(other.square)) == 0)
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
                    taken = !(taker.kind == PieceKind::Pawn && (file & bits::bit(taker.square)) != 0 &&
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
                        if (to >= 0 && to < 64 && ((~initial | clear) & bits::bit(to)) != 0 && !faces(i, to))
                            add |= bits::bit(to);
                        add |= bits::pawn_attacks(static_cast<int>(man.colour), q) & takeable[e];
                        break;
                    }
                    case PieceKind::King: add |= bits::king_targets(q) & ~certain[e]; break;
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
            if (man.kind == PieceKind::Pawn && (reach & (man.colour == 0 ? bits::kRank8 : bits::kRank1)) != 0) {
                m.promotes = true;
                return;
            }
        }
    }
}

}  // namespace

ReachSets reach_sets(const State& s) noexcept {
    ReachSets r;
    if (FastEngine::castling_rights(s) != 0 || FastEngine::en_passant_file(s) >= 0) return r;
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
    using bits::Bits;
    MateAbility result;
    // Castling and en passant are moves the rules above do not describe.
    if (FastEngine::castling_rights(s) != 0 || FastEngine::en_passant_file(s) >= 0) return result;
    Mobility m;
    solve(s, m);
    if (m.promotes || m.king[0] < 0 || m.king[1] < 0) return result;
    const Bits kings = bits::bit(m.men[static_cast<std::size_t>(m.king[0])].square) |
                       bits::bit(m.men[static_cast<std::size_t>(m.king[1])].square);
    // What each side's pieces and pawns can ever attack (through every man that may move away).
    std::array<Bits, 2> attacks{};
    for (int i = 0; i < m.count; ++i) {
        const Man& man = m.men[static_cast<std::size_t>(i)];
        if (man.kind == PieceKind::King) continue;
        for (Bits rest = m.reach[static_cast<std::size_t>(i)]; rest != 0; rest &= rest - 1) {
            const int q = std::countr_zero(rest);
            attacks[man.colour] |= man.kind == PieceKind::Pawn ? bits::pawn_attacks(static_cast<int>(man.colour), q)
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
            const Bits flight = bits::king_targets(k) & ~attacks[c] & ~m.permanent;
            int cover = 0;
            for (Bits w = own_king & ~bits::king_targets(k) & ~bits::bit(k); w != 0; w &= w - 1)
                cover = std::max(cover, std::popcount(bits::king_targets(std::countr_zero(w)) & flight));
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
    using bits::Bits;
    const FastEngine::Boards b = FastEngine::boards(s);
    const Bits pawns = b.kind[static_cast<std::size_t>(PieceKind::Pawn)];
    const Bits kings = b.kind[static_cast<std::size_t>(PieceKind::King)];
    // Both analyses below need a man right in front of every pawn: a cheap test first, as the
    // closure asks this of every position it visits.
    const Bits white_pawns = b.of(Color::White, PieceKind::Pawn), black_pawns = b.of(Color::Black, PieceKind::Pawn);
    if (pawns == 0 || ((white_pawns << 8) & ~b.occupied) != 0 || ((black_pawns >> 8) & ~b.occupied) != 0)
        return MateAbility{};
    if (FastEngine::en_passant_file(s) >= 0) return MateAbility{};
    MateAbility result = blocked_with(s, b, pawns);
    if (result.dead()) return result;
    // The men claimed never to move nor be taken: the pawns, and every piece whose every move
    // (with only these men as blockers) would land on a man of its own side among them — shut in.
    Bits fixed = pawns;
    for (bool grew = true; grew;) {
        grew = false;
        for (Bits rest = b.occupied & ~fixed & ~kings; rest != 0; rest &= rest - 1) {
            const int q = std::countr_zero(rest);
            const Bits own = b.colour[(b.colour[0] & bits::bit(q)) != 0 ? 0 : 1];
            if ((piece_reach(kind_of(s.board[static_cast<std::size_t>(q)]), q, fixed) & ~(fixed & own)) != 0) continue;
            fixed |= bits::bit(q);
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

}  // namespace pgnsem::sem::laws
