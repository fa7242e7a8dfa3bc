// kind_boards thirty-two squares a step, for the processors with AVX2 (boards.hpp, wide.hpp).
#include "semantics/fast/boards.hpp"

#include <cstddef>
#include <cstdint>

#if defined(PGNSEM_WIDE)
#include <immintrin.h>
#endif

namespace pgnsem::sem::fast {

#if defined(PGNSEM_WIDE)
// kind_boards_narrow's pass at twice the width: the same places r = id − base, read as signed
// bytes, the same matches (8 ≤ r ≤ 15 for the pawns, r = a or r = z for the other kinds), two steps
// instead of four. (The movemasks are written out: a lambda would not inherit the avx2 target.)
[[gnu::target("avx2")]] KindBoards kind_boards_wide(const State& s, Color c, PieceKind k) noexcept {
    KindBoards b;
    const int base = c == Color::White ? 1 : 17;
    const __m256i first = _mm256_set1_epi8(static_cast<char>(base));
    const __m256i ra = _mm256_set1_epi8(static_cast<char>(kPlaces[static_cast<std::size_t>(k)][0]));
    const __m256i rz = _mm256_set1_epi8(static_cast<char>(kPlaces[static_cast<std::size_t>(k)][1]));
    const bool pawns = k == PieceKind::Pawn;
    for (int half = 0; half < 2; ++half) {
        const __m256i ids = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.board.data() + 32 * half));
        const __m256i r = _mm256_sub_epi8(ids, first);
        const __m256i hit = pawns ? _mm256_and_si256(_mm256_cmpgt_epi8(r, _mm256_set1_epi8(7)),
                                                     _mm256_cmpgt_epi8(_mm256_set1_epi8(16), r))
                                  : _mm256_or_si256(_mm256_cmpeq_epi8(r, ra), _mm256_cmpeq_epi8(r, rz));
        const auto empty =
            static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(ids, _mm256_setzero_si256())));
        const int shift = 32 * half;
        b.occupied |= geo::Bits{~empty} << shift;
        b.pieces |= geo::Bits{static_cast<std::uint32_t>(_mm256_movemask_epi8(hit))} << shift;
    }
    return b;
}
#else
KindBoards kind_boards_wide(const State& s, Color c, PieceKind k) noexcept {
    return kind_boards_narrow(s, c, k);
}
#endif

}  // namespace pgnsem::sem::fast
