// Internal to syntax/: the byte scans of the PGN reader (syntax/pgn/parser.hpp), each with two bodies that
// give the same answer. The scalar body (…_scalar) reads a byte at a time, or eight bytes a step
// without a branch per byte, and is the definition; the other reads sixteen bytes a step with SSE2 or
// SSSE3 where the build has SIMD (PGNSEM_NO_SIMD off) and ends with the scalar body on what is left.
// Both are compiled into every build, so that tests/syntax/scan_test.cpp holds the SIMD body to the
// scalar one on the same bytes. Each looks at [q, end) only and returns `end` when it finds nothing;
// the reader decides what the end of its buffered bytes means (syntax/pgn/parser.hpp, NeedMore).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
#include <emmintrin.h>
#endif
#if defined(__SSSE3__) && !defined(PGNSEM_NO_SIMD)
#include <tmmintrin.h>
#endif

namespace pgnsem::syntax::scan {

// A byte class for the token scanner: the 256-entry table, and the same class as two 16-entry
// tables indexed by the byte's low and high nibble — c is in the class when
// lo[c & 15] & hi[c >> 4] ≠ 0. Each high nibble 0–7 has its own bit, so the pair is exact for a
// class of ASCII bytes (checked where it is built); bytes from 0x80 have no bit. With SSSE3 the
// pair classifies sixteen bytes with two shuffles.
struct ByteClass {
    const std::array<std::uint8_t, 256>& table;
    alignas(16) std::array<std::uint8_t, 16> lo{};
    alignas(16) std::array<std::uint8_t, 16> hi{};
};
constexpr ByteClass make_byte_class(const std::array<std::uint8_t, 256>& table) {
    ByteClass b{table};
    for (int h = 0; h < 8; ++h) b.hi[static_cast<std::size_t>(h)] = static_cast<std::uint8_t>(1u << h);
    for (int c = 0; c < 256; ++c) {
        if (table[static_cast<std::size_t>(c)] == 0) continue;
        if (c >= 128) throw "a byte class for the scanner holds ASCII bytes only";
        b.lo[static_cast<std::size_t>(c & 15)] |= static_cast<std::uint8_t>(1u << (c >> 4));
    }
    return b;
}

// The first byte in [q, end) that is LF, CR or `stop`: line ends of every convention (§4.1), and
// the `}` of a comment.
[[nodiscard]] inline const char* find_line_end_scalar(const char* q, const char* end, char stop) noexcept {
    while (q < end && *q != '\n' && *q != '\r' && *q != stop) ++q;
    return q;
}
[[nodiscard]] inline const char* find_line_end(const char* q, const char* end, char stop) noexcept {
#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
    const __m128i lf = _mm_set1_epi8('\n');
    const __m128i cr = _mm_set1_epi8('\r');
    const __m128i st = _mm_set1_epi8(stop);
    while (end - q >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        const __m128i hit =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)), _mm_cmpeq_epi8(v, st));
        if (const auto m = static_cast<unsigned>(_mm_movemask_epi8(hit)); m != 0) return q + std::countr_zero(m);
        q += 16;
    }
#endif
    return find_line_end_scalar(q, end, stop);
}

// The end of the run of bytes from q in the class `cls`. Eight (or sixteen) bytes are tested at
// once without a branch per byte: the length of a move or a number varies from token to token, so
// a byte loop pays a mispredicted branch at nearly every token end.
[[nodiscard]] inline const char* class_run_end_scalar(const char* q, const char* end, const ByteClass& cls) noexcept {
    const std::array<std::uint8_t, 256>& table = cls.table;
    while (end - q >= 8) {
        unsigned stop = 0;
        for (unsigned i = 0; i < 8; ++i) stop |= (table[static_cast<unsigned char>(q[i])] ^ 1u) << i;
        if (stop != 0) return q + std::countr_zero(stop);
        q += 8;
    }
    while (q < end && table[static_cast<unsigned char>(*q)] != 0) ++q;
    return q;
}
[[nodiscard]] inline const char* class_run_end(const char* q, const char* end, const ByteClass& cls) noexcept {
#if defined(__SSSE3__) && !defined(PGNSEM_NO_SIMD)
    const __m128i lo = _mm_load_si128(reinterpret_cast<const __m128i*>(cls.lo.data()));
    const __m128i hi = _mm_load_si128(reinterpret_cast<const __m128i*>(cls.hi.data()));
    const __m128i low_nibble = _mm_set1_epi8(0x0F);
    while (end - q >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        const __m128i in = _mm_and_si128(_mm_shuffle_epi8(lo, _mm_and_si128(v, low_nibble)),
                                         _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(v, 4), low_nibble)));
        const auto stop = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(in, _mm_setzero_si128())));
        if (stop != 0) return q + std::countr_zero(stop);
        q += 16;
    }
#endif
    return class_run_end_scalar(q, end, cls);
}

// The end of the ordinary bytes of a string from q (§7): anything but `"`, `\` and the control
// characters other than HT (Latin-1 and UTF-8 bytes included). Tag values are most of a game's
// bytes outside the movetext.
[[nodiscard]] constexpr bool string_ordinary(char b) noexcept {
    return b != '"' && b != '\\' && (static_cast<unsigned char>(b) >= 0x20 || b == '\t');
}
[[nodiscard]] inline const char* string_run_end_scalar(const char* q, const char* end) noexcept {
    while (q < end && string_ordinary(*q)) ++q;
    return q;
}
[[nodiscard]] inline const char* string_run_end(const char* q, const char* end) noexcept {
#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
    while (end - q >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        const __m128i control = _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')),
                                                 _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v));
        const __m128i stop = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))), control);
        if (const auto m = static_cast<unsigned>(_mm_movemask_epi8(stop)); m != 0) return q + std::countr_zero(m);
        q += 16;
    }
#endif
    return string_run_end_scalar(q, end);
}

// syntax::count_line_ends (pgn.hpp) a byte at a time: an LF, or a CR whose next byte is not an LF
// (a CR as the text's last byte counted).
[[nodiscard]] inline std::size_t count_line_ends_scalar(const char* q, const char* e) noexcept {
    std::size_t lines = 0;
    for (; q < e; ++q)
        if (*q == '\n' || (*q == '\r' && (q + 1 == e || q[1] != '\n'))) ++lines;
    return lines;
}

}  // namespace pgnsem::syntax::scan
