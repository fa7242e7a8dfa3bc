// The tests' one source of reproducible pseudo-random numbers where a property framework is not
// wanted (byte-for-byte comparisons of a SIMD body with its scalar one, chunked readers): Marsaglia's
// xorshift64 (13, 7, 17), started from a fixed odd seed so that every run draws the same inputs.
#pragma once

#include <cstdint>

namespace pgnsem::test {

struct Xorshift {
    std::uint64_t state = 0x9e3779b97f4a7c15ULL;
    std::uint64_t next() noexcept {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    }
};

}  // namespace pgnsem::test
