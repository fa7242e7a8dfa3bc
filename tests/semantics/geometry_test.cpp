// The sliders' look-ups of semantics/fast/geometry.hpp (a byte-swapped subtraction on files and
// diagonals, a table for ranks) against the rays walked square by square (ray_attacks), on random
// occupancies and every square; part of F1 (the attack questions), which compares the rest with the
// reference. geometry.hpp checks five fixed occupancies at compile time as well.
#include "semantics/fast/geometry.hpp"

#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <cstdint>

namespace geo = pgnsem::sem::fast::geo;

namespace {

geo::Bits walked(int q, geo::Bits occupied, int first_direction) {
    geo::Bits seen = 0;
    for (int d = first_direction; d < first_direction + 4; ++d) seen |= geo::ray_attacks(d, q, occupied);
    return seen;
}

}  // namespace

TEST_CASE("F1 the sliders' look-ups = the rays walked, on random occupancies", "[property][F1]") {
    rc::prop("F1 sliders", [](std::uint64_t occupied, std::uint64_t sparse) {
        // Dense and sparse boards alike (the sparse one keeps about one square in four), and each
        // with its ranks reversed, since small generated numbers occupy only the low squares.
        const geo::Bits thin = occupied & sparse & (sparse >> 1);
        for (const geo::Bits o : {occupied, thin, __builtin_bswap64(occupied), __builtin_bswap64(thin)}) {
            for (int q = 0; q < 64; ++q) {
                RC_ASSERT(geo::rook_attacks(q, o) == walked(q, o, 0));
                RC_ASSERT(geo::bishop_attacks(q, o) == walked(q, o, 4));
                RC_ASSERT(geo::rook_attacks(q, o & ~geo::bit(q)) == geo::rook_attacks(q, o));
                RC_ASSERT(geo::bishop_attacks(q, o & ~geo::bit(q)) == geo::bishop_attacks(q, o));
            }
        }
    });
}
