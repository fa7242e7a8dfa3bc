// Internal to semantics/: views of σ derived on the fly. σ stays the paper's map from squares to
// piece ids; the move generator (legal_moves.cpp) derives, once per node, the bit sets of the
// squares each colour and each kind occupies, so it can answer "which squares does this rook
// see" with table look-ups (geometry.hpp). Nothing derived here is stored in σ.
#pragma once

#include <array>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "semantics/geometry.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

// kind_of and colour as tables indexed by id (0 = empty), for the hot paths.
namespace detail {
constexpr std::array<std::uint8_t, 33> make_kind_table() noexcept {
    std::array<std::uint8_t, 33> t{};
    for (int id = 1; id <= 32; ++id)
        t[static_cast<std::size_t>(id)] = static_cast<std::uint8_t>(kind_of(static_cast<PieceId>(id)));
    return t;
}
}  // namespace detail
inline constexpr std::array<std::uint8_t, 33> kKindIndex = detail::make_kind_table();

[[nodiscard]] constexpr int kind_index(PieceId id) noexcept {
    return kKindIndex[id];
}
[[nodiscard]] constexpr int colour_index(Color c) noexcept {
    return static_cast<int>(c);
}

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

// The bit sets of σ. With SSE2 (every x86-64) sixteen squares at a time: the id's place in its
// colour's numbering, i = (id − 1) mod 16, gives the kind (8–15 pawns; on the back rank
// min(i, 7 − i) is 0 rook, 1 knight, 2 bishop, 3 queen or king, and i = 3 is the queen).
[[nodiscard]] inline Boards boards_of(const State& s) noexcept {
    Boards b;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i one = _mm_set1_epi8(1);
    const __m128i fifteen = _mm_set1_epi8(15);
    const __m128i seven = _mm_set1_epi8(7);
    for (int chunk = 0; chunk < 4; ++chunk) {
        const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.board.data() + 16 * chunk));
        const auto mask = [chunk](__m128i m) noexcept {
            return static_cast<geo::Bits>(static_cast<std::uint32_t>(_mm_movemask_epi8(m)) & 0xFFFFu) << (16 * chunk);
        };
        const geo::Bits occupied = ~mask(_mm_cmpeq_epi8(ids, zero)) & (geo::Bits{0xFFFF} << (16 * chunk));
        const geo::Bits white = mask(_mm_cmplt_epi8(ids, _mm_set1_epi8(17))) & occupied;
        const __m128i i = _mm_and_si128(_mm_sub_epi8(ids, one), fifteen);
        const __m128i m = _mm_min_epu8(i, _mm_sub_epi8(seven, i));
        b.colour[0] |= white;
        b.colour[1] |= occupied & ~white;
        b.kind[static_cast<std::size_t>(PieceKind::Pawn)] |= mask(_mm_cmpgt_epi8(i, seven)) & occupied;
        b.kind[static_cast<std::size_t>(PieceKind::Rook)] |= mask(_mm_cmpeq_epi8(m, zero)) & occupied;
        b.kind[static_cast<std::size_t>(PieceKind::Knight)] |= mask(_mm_cmpeq_epi8(m, one)) & occupied;
        b.kind[static_cast<std::size_t>(PieceKind::Bishop)] |= mask(_mm_cmpeq_epi8(m, _mm_set1_epi8(2))) & occupied;
        b.kind[static_cast<std::size_t>(PieceKind::Queen)] |= mask(_mm_cmpeq_epi8(i, _mm_set1_epi8(3))) & occupied;
        b.kind[static_cast<std::size_t>(PieceKind::King)] |= mask(_mm_cmpeq_epi8(i, _mm_set1_epi8(4))) & occupied;
    }
#else
    for (int q = 0; q < 64; ++q) {
        const PieceId id = s.board[static_cast<std::size_t>(q)];
        if (id == kEmpty) continue;
        b.colour[id <= 16 ? 0u : 1u] |= geo::bit(q);
        b.kind[kKindIndex[id]] |= geo::bit(q);
    }
#endif
    b.occupied = b.colour[0] | b.colour[1];
    return b;
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

}  // namespace pgnsem::sem
