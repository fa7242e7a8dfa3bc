// kind_boards thirty-two squares a step, for the processors with AVX2 (boards.hpp, wide.hpp).
#include "semantics/fast/boards.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

#include "ast/mutants.hpp"

#if defined(PGNSEM_WIDE)
#include <immintrin.h>
#endif

namespace pgnsem::sem::fast {

#if defined(PGNSEM_WIDE)
namespace {

// For each kind, the places (id − base, 0–15) of that kind as 0xFF (table_by_place, boards.hpp), once
// in each 16-byte lane: the table a shuffle looks a square's place up in.
struct alignas(32) KindShuffles {
    std::array<std::array<std::uint8_t, 32>, 6> hit;
};
constexpr KindShuffles make_kind_shuffles() noexcept {
    KindShuffles t{};
    for (std::size_t k = 0; k < 6; ++k) {
        const auto kind = static_cast<PieceKind>(k);
        const std::array<std::uint8_t, 16> row =
            table_by_place([kind](PieceKind at) { return static_cast<std::uint8_t>(at == kind ? 0xFF : 0); });
        for (std::size_t i = 0; i < 32; ++i) t.hit[k][i] = row[i % 16];
    }
    return t;
}
constexpr KindShuffles kKindShuffles = make_kind_shuffles();
#if defined(PGNSEM_MUTANTS)
// Mutant fast-boards-avx2-rook-as-pawn (ast/mutants.hpp): the pawns' places taken as 7–15.
constexpr KindShuffles kRookAsPawn = [] {
    KindShuffles t = make_kind_shuffles();
    t.hit[static_cast<std::size_t>(PieceKind::Pawn)][7] = t.hit[static_cast<std::size_t>(PieceKind::Pawn)][23] = 0xFF;
    return t;
}();
#endif

}  // namespace

// kind_boards_narrow's reading at twice the width, and without a branch on the colour or the kind:
// a square's place r = id − base, read as a signed byte, is 0–15 exactly for the side's sixteen ids
// (as in the narrow body); the place is looked up in the kind's row of kKindShuffles. An index with
// its top bit set gives 0: r below 0 (the empty square, the other side below base) has it, and r
// above 15 (the other side above base) is given it by or-ing in r > 15. Two steps instead of four.
[[gnu::target("avx2")]] KindBoards kind_boards_wide(const State& s, Color c, PieceKind k) noexcept {
    KindBoards b;
    const __m256i first = _mm256_set1_epi8(static_cast<char>(1 + 16 * colour_index(c)));
    const KindShuffles& shuffles = PGNSEM_MUTATE(fast_boards_avx2_rook_as_pawn, kRookAsPawn, kKindShuffles);
    const __m256i table =
        _mm256_load_si256(reinterpret_cast<const __m256i*>(shuffles.hit[static_cast<std::size_t>(k)].data()));
    const __m256i fifteen = _mm256_set1_epi8(15);
    for (int half = 0; half < 2; ++half) {
        const __m256i ids = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.board.data() + 32 * half));
        const __m256i r = _mm256_sub_epi8(ids, first);
        const __m256i hit = _mm256_shuffle_epi8(table, _mm256_or_si256(r, _mm256_cmpgt_epi8(r, fifteen)));
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
