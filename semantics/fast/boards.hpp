// Internal to semantics/: views of σ derived on the fly. σ stays the paper's map from squares to
// piece ids; the move generator (legal_moves.cpp) derives, once per node, the bit sets of the
// squares each colour and each kind occupies, so it can answer "which squares does this rook
// see" with table look-ups (geometry.hpp); `attacked` and GTSS/GCSS derive the few sets they need
// (AttackBoards, KindBoards) to look backwards from a square. Nothing derived here is stored in σ.
#pragma once

#include <array>
#include <cstdint>

#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
#include <emmintrin.h>
#endif
#if defined(__SSSE3__) && !defined(PGNSEM_NO_SIMD)
#include <tmmintrin.h>
#endif

#include "semantics/fast/geometry.hpp"
#include "semantics/fast/wide.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem::fast {

[[nodiscard]] constexpr int colour_index(Color c) noexcept {
    return static_cast<int>(c);
}

// The kind at each place r = (id − 1) mod 16 of a colour's numbering (0–7 the back rank a–h, 8–15
// the pawns), read off the one table kKindOf; both colours number alike.
[[nodiscard]] constexpr PieceKind kind_at_place(int r) noexcept {
    return kind_of(PieceId::unchecked(1 + r));
}
constexpr bool colours_number_alike() noexcept {
    for (int r = 0; r < 16; ++r)
        if (kind_at_place(r) != kind_of(PieceId::unchecked(17 + r))) return false;
    return true;
}
static_assert(colours_number_alike(), "ids 1–16 and 17–32 have the same kinds in the same order");

// A 16-byte table by place, made from kind_at_place (for the SIMD shuffles below).
template <class F>
[[nodiscard]] constexpr std::array<std::uint8_t, 16> table_by_place(F f) noexcept {
    std::array<std::uint8_t, 16> t{};
    for (int r = 0; r < 16; ++r) t[static_cast<std::size_t>(r)] = f(kind_at_place(r));
    return t;
}
// The kind of each place as a number (PieceKind's value).
alignas(16) inline constexpr std::array<std::uint8_t, 16> kKindByPlace = table_by_place([](PieceKind k) {
    return static_cast<std::uint8_t>(k);
});

struct Boards {
    // indexed by Color
    std::array<geo::Bits, 2> colour{};
    // indexed by PieceKind
    std::array<geo::Bits, 6> kind{};
    geo::Bits occupied = 0;

    [[nodiscard]] geo::Bits of(Color c, PieceKind k) const noexcept {
        return colour[static_cast<std::size_t>(c)] & kind[static_cast<std::size_t>(k)];
    }
};

// The passes over σ below have a body that reads one square at a time (…_scalar), the readable
// definition, and one that reads sixteen squares at a time with SSE2 or SSSE3, which the build takes
// where it has SIMD (PGNSEM_NO_SIMD off). Both are compiled into every build, so that F1 holds the
// SIMD body to the scalar one, and both to σ, on the same positions (proofs-notes/invariants.md).

// The bit sets of σ, one square at a time.
[[nodiscard]] inline Boards boards_of_scalar(const State& s) noexcept {
    Boards b;
    for (int q = 0; q < 64; ++q) {
        const PieceId id = s.board[static_cast<std::size_t>(q)];
        if (id == kEmpty) continue;
        b.colour[static_cast<std::size_t>(color_of(id))] |= geo::bit(q);
        b.kind[static_cast<std::size_t>(kind_of(id))] |= geo::bit(q);
    }
    b.occupied = b.colour[0] | b.colour[1];
    return b;
}

// The bit sets of σ. With SSSE3, sixteen squares at a time: the id's place in its colour's
// numbering, i = (id − 1) mod 16, is looked up in kKindByPlace with one shuffle.
[[nodiscard]] inline Boards boards_of(const State& s) noexcept {
#if defined(__SSSE3__) && !defined(PGNSEM_NO_SIMD)
    Boards b;
    const __m128i zero = _mm_setzero_si128();
    const __m128i kinds = _mm_load_si128(reinterpret_cast<const __m128i*>(kKindByPlace.data()));
    for (int chunk = 0; chunk < 4; ++chunk) {
        const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.board.data() + 16 * chunk));
        const auto mask = [chunk](__m128i m) noexcept {
            return static_cast<geo::Bits>(static_cast<std::uint32_t>(_mm_movemask_epi8(m)) & 0xFFFFu) << (16 * chunk);
        };
        const geo::Bits occupied = ~mask(_mm_cmpeq_epi8(ids, zero)) & (geo::Bits{0xFFFF} << (16 * chunk));
        const geo::Bits white = mask(_mm_cmplt_epi8(ids, _mm_set1_epi8(17))) & occupied;
        const __m128i i = _mm_and_si128(_mm_sub_epi8(ids, _mm_set1_epi8(1)), _mm_set1_epi8(15));
        const __m128i kind = _mm_shuffle_epi8(kinds, i);
        b.colour[0] |= white;
        b.colour[1] |= occupied & ~white;
        for (std::size_t k = 0; k < b.kind.size(); ++k)
            b.kind[k] |= mask(_mm_cmpeq_epi8(kind, _mm_set1_epi8(static_cast<char>(k)))) & occupied;
    }
    b.occupied = b.colour[0] | b.colour[1];
    return b;
#else
    return boards_of_scalar(s);
#endif
}

// What IIC asks of one side: where its knights, kings and pawns stand, where its pieces that
// move along ranks and files (rooks, queens) and along diagonals (bishops, queens) stand, and
// the occupancy of the whole board.
struct AttackBoards {
    geo::Bits occupied = 0;
    geo::Bits knights = 0, kings = 0, pawns = 0, rank_file = 0, diagonal = 0;
};

// The ways a piece of each place attacks, as bits (7 knight, 6 king, 5 pawn, 4 rank/file,
// 3 diagonal), for attack_boards' shuffle: shifting the wanted bit to the top of each byte lets
// movemask collect it.
alignas(16) inline constexpr std::array<std::uint8_t, 16> kAttackWaysByPlace = table_by_place([](PieceKind k) {
    switch (k) {
        case PieceKind::Knight: return std::uint8_t{0x80};
        case PieceKind::King: return std::uint8_t{0x40};
        case PieceKind::Pawn: return std::uint8_t{0x20};
        case PieceKind::Rook: return std::uint8_t{0x10};
        case PieceKind::Bishop: return std::uint8_t{0x08};
        case PieceKind::Queen: return std::uint8_t{0x18};
    }
    return std::uint8_t{0};
});

// One square at a time.
[[nodiscard]] inline AttackBoards attack_boards_scalar(const State& s, Color c) noexcept {
    AttackBoards b;
    const int base = c == Color::White ? 1 : 17;
    for (int q = 0; q < 64; ++q) {
        const PieceId id = s.board[static_cast<std::size_t>(q)];
        if (id == kEmpty) continue;
        b.occupied |= geo::bit(q);
        if (id.value() < base || id.value() >= base + 16) continue;
        switch (kind_of(id)) {
            case PieceKind::Knight: b.knights |= geo::bit(q); break;
            case PieceKind::King: b.kings |= geo::bit(q); break;
            case PieceKind::Pawn: b.pawns |= geo::bit(q); break;
            case PieceKind::Rook: b.rank_file |= geo::bit(q); break;
            case PieceKind::Bishop: b.diagonal |= geo::bit(q); break;
            case PieceKind::Queen:
                b.rank_file |= geo::bit(q);
                b.diagonal |= geo::bit(q);
                break;
        }
    }
    return b;
}

[[nodiscard]] inline AttackBoards attack_boards(const State& s, Color c) noexcept {
#if defined(__SSSE3__) && !defined(PGNSEM_NO_SIMD)
    AttackBoards b;
    const int base = c == Color::White ? 1 : 17;
    // With r = id − base in 0–15, kAttackWaysByPlace gives the way the piece attacks.
    const __m128i how = _mm_load_si128(reinterpret_cast<const __m128i*>(kAttackWaysByPlace.data()));
    const __m128i zero = _mm_setzero_si128();
    const __m128i first = _mm_set1_epi8(static_cast<char>(base));
    for (int chunk = 0; chunk < 4; ++chunk) {
        const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.board.data() + 16 * chunk));
        const auto mask = [chunk](__m128i m) noexcept {
            return static_cast<geo::Bits>(static_cast<std::uint32_t>(_mm_movemask_epi8(m)) & 0xFFFFu) << (16 * chunk);
        };
        // r = id − base modulo 256, as in kind_boards: the side's ids are exactly 0 ≤ r ≤ 15.
        const __m128i r = _mm_sub_epi8(ids, first);
        const __m128i own = _mm_and_si128(_mm_cmpgt_epi8(r, _mm_set1_epi8(-1)), _mm_cmplt_epi8(r, _mm_set1_epi8(16)));
        const __m128i ways = _mm_and_si128(_mm_shuffle_epi8(how, r), own);
        b.occupied |= mask(_mm_cmpeq_epi8(ids, zero)) ^ (geo::Bits{0xFFFF} << (16 * chunk));
        b.knights |= mask(ways);
        b.kings |= mask(_mm_slli_epi16(ways, 1));
        b.pawns |= mask(_mm_slli_epi16(ways, 2));
        b.rank_file |= mask(_mm_slli_epi16(ways, 3));
        b.diagonal |= mask(_mm_slli_epi16(ways, 4));
    }
    return b;
#else
    return attack_boards_scalar(s, c);
#endif
}

// The pieces of `by` (their sets in b) that attack q when the board's occupancy is `occupied`
// (b.occupied, or σ′'s when a move is weighed before it is made): a knight a knight's jump away,
// a king one square away, a pawn diagonally in front of q from `by`'s side (the squares a pawn of
// the other colour on q would attack), and the first piece on each of q's lines when it moves
// along that line (rook or queen on a rank or file, bishop or queen on a diagonal).
[[nodiscard]] inline geo::Bits attackers_of(const AttackBoards& b, int q, Color by, geo::Bits occupied) noexcept {
    geo::Bits found = (geo::knight_targets(q) & b.knights) | (geo::king_targets(q) & b.kings) |
                      (geo::pawn_attacks(colour_index(opposite(by)), q) & b.pawns);
    if ((geo::rook_rays(q) & b.rank_file) != 0) found |= geo::rook_attacks(q, occupied) & b.rank_file;
    if ((geo::bishop_rays(q) & b.diagonal) != 0) found |= geo::bishop_attacks(q, occupied) & b.diagonal;
    return found;
}

// The squares of colour c's pieces of kind k, and the occupancy: what GTSS/GCSS needs to look
// for the piece a move names, and canonical SAN for the other pieces that could make the move.
struct KindBoards {
    geo::Bits occupied = 0;
    geo::Bits pieces = 0;
};

// The first and last place of each kind, by PieceKind, from kind_at_place (a kind's places are its
// first and last only: no kind but the pawn has more than two places, and the pawns' are 8–15).
constexpr std::array<std::array<int, 2>, 6> make_places_of_kind() noexcept {
    std::array<std::array<int, 2>, 6> t{};
    for (auto& p : t) p = {16, -1};
    for (int r = 0; r < 16; ++r) {
        auto& p = t[static_cast<std::size_t>(kind_at_place(r))];
        if (r < p[0]) p[0] = r;
        if (r > p[1]) p[1] = r;
    }
    return t;
}
inline constexpr std::array<std::array<int, 2>, 6> kPlaces = make_places_of_kind();
static_assert(kPlaces[static_cast<std::size_t>(PieceKind::Pawn)][0] == 8 &&
                  kPlaces[static_cast<std::size_t>(PieceKind::Pawn)][1] == 15,
              "the pawns' places are 8–15, every one of them a pawn's");

// kind_boards one square at a time.
[[nodiscard]] inline KindBoards kind_boards_scalar(const State& s, Color c, PieceKind k) noexcept {
    KindBoards b;
    const int base = c == Color::White ? 1 : 17;
    // The places r = id − base of kind k (kPlaces): the pawns are 8–15; on the back rank a kind
    // stands at its first place a or its last z.
    const int a = kPlaces[static_cast<std::size_t>(k)][0];
    const int z = kPlaces[static_cast<std::size_t>(k)][1];
    for (int q = 0; q < 64; ++q) {
        const int id = s.board[static_cast<std::size_t>(q)].value();
        if (id == 0) continue;
        b.occupied |= geo::bit(q);
        if (id - base >= a && id - base <= z && (k == PieceKind::Pawn || id - base == a || id - base == z))
            b.pieces |= geo::bit(q);
    }
    return b;
}

// kind_boards in the narrow width: sixteen squares a step with SSE2 (kind_boards_scalar without SIMD).
[[nodiscard]] inline KindBoards kind_boards_narrow(const State& s, Color c, PieceKind k) noexcept {
#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
    KindBoards b;
    const int base = c == Color::White ? 1 : 17;
    // The places r = id − base of kind k, as in kind_boards_scalar.
    const int a = kPlaces[static_cast<std::size_t>(k)][0];
    const int z = kPlaces[static_cast<std::size_t>(k)][1];
    const __m128i zero = _mm_setzero_si128();
    const __m128i first = _mm_set1_epi8(static_cast<char>(base));
    const __m128i ra = _mm_set1_epi8(static_cast<char>(a));
    const __m128i rz = _mm_set1_epi8(static_cast<char>(z));
    const bool pawns = k == PieceKind::Pawn;
    for (int chunk = 0; chunk < 4; ++chunk) {
        const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.board.data() + 16 * chunk));
        const auto mask = [chunk](__m128i m) noexcept {
            return static_cast<geo::Bits>(static_cast<std::uint32_t>(_mm_movemask_epi8(m)) & 0xFFFFu) << (16 * chunk);
        };
        // r = id − base modulo 256, read as a signed byte: 0 ≤ r ≤ 15 exactly for the side's
        // sixteen ids; the empty square, the other side (and any other byte) fall outside.
        const __m128i r = _mm_sub_epi8(ids, first);
        const __m128i hit =
            pawns ? _mm_and_si128(_mm_cmpgt_epi8(r, _mm_set1_epi8(7)), _mm_cmplt_epi8(r, _mm_set1_epi8(16)))
                  : _mm_or_si128(_mm_cmpeq_epi8(r, ra), _mm_cmpeq_epi8(r, rz));
        b.occupied |= mask(_mm_cmpeq_epi8(ids, zero)) ^ (geo::Bits{0xFFFF} << (16 * chunk));
        b.pieces |= mask(hit);
    }
    return b;
#else
    return kind_boards_scalar(s, c, k);
#endif
}

// The same, thirty-two squares a step, for the processors with AVX2 (boards.cpp). Precondition:
// wide_available(): it is compiled for AVX2 and, for the sake of the per-move path, asks nothing
// itself (in a build without the wide bodies it is kind_boards_narrow).
[[nodiscard]] KindBoards kind_boards_wide(const State& s, Color c, PieceKind k) noexcept;

// kind_boards(σ, c, k) in the width chosen at start-up (wide.hpp): asked by GTSS and GCSS for every
// move of a piece but the king's (read off fast::Position's kings, semantics/fast/find_source.cpp),
// and by the canonical disambiguation. F1 holds both widths to σ.
[[nodiscard]] inline KindBoards kind_boards(const State& s, Color c, PieceKind k) noexcept {
#if defined(PGNSEM_WIDE)
    if (kWide) return kind_boards_wide(s, c, k);
#endif
    return kind_boards_narrow(s, c, k);
}

// The pieces of colour `by` attacking q, given the occupancy `occupied` (which may differ from
// b.occupied: the king's own square is left out when asking where it may step).
[[nodiscard]] inline geo::Bits attackers_on(const Boards& b, int q, Color by, geo::Bits occupied) noexcept {
    const geo::Bits them = b.colour[static_cast<std::size_t>(by)];
    const geo::Bits queens = b.kind[static_cast<std::size_t>(PieceKind::Queen)];
    const geo::Bits orth = (b.kind[static_cast<std::size_t>(PieceKind::Rook)] | queens) & them;
    const geo::Bits diag = (b.kind[static_cast<std::size_t>(PieceKind::Bishop)] | queens) & them;
    return (geo::knight_targets(q) & b.kind[static_cast<std::size_t>(PieceKind::Knight)] & them) |
           (geo::king_targets(q) & b.kind[static_cast<std::size_t>(PieceKind::King)] & them) |
           (geo::pawn_attacks(colour_index(opposite(by)), q) & b.kind[static_cast<std::size_t>(PieceKind::Pawn)] &
            them) |
           (orth != 0 ? geo::rook_attacks(q, occupied) & orth : 0) |
           (diag != 0 ? geo::bishop_attacks(q, occupied) & diag : 0);
}

}  // namespace pgnsem::sem::fast
