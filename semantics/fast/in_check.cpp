// IIC — IsInCheck (Algorithm 3) and the attack questions built on it.
//
// Algorithm 3, in legible form:
//   IIC(σ', c) = 1  iff, with G the square of c's king, one of the following holds:
//     an unblocked ¬c queen on G's diagonal, file or rank;  a ¬c king one square from G;
//     an unblocked ¬c rook on G's rank or file;  an unblocked ¬c bishop on G's diagonal;
//     a ¬c knight a knight's jump from G;  a ¬c pawn diagonally in front of G (from c's side).
// `attacked` asks the same of any square; the castling erratum needs it for the squares the
// king crosses. The question is asked backwards from the square: which squares would a knight,
// a king or a pawn of `by` attack it from, and which is the first piece on each of its eight
// lines (the "unblocked" slider). One side's pieces and the occupancy are bit sets derived from
// σ on the spot (boards.hpp, AttackBoards); the move generator (legal_moves.cpp) derives its own
// (Boards) and the property test F1 (proofs-notes/invariants.md) checks that both describe σ exactly. IIC itself
// (in_check, checks) reads σ once and matches each square's piece against the ways it could reach the king (a watch);
// `checks`, asked after every move, reads thirty-two squares at a time where the processor has AVX2
// (read_wide, chosen once at start-up) and sixteen otherwise (checks_narrow); the readable body,
// one square at a time (checks_scalar, in_check_scalar), is what a build without SIMD runs. F1 tests
// all three.
#include "semantics/fast/in_check.hpp"

#include <array>
#include <bit>
#if defined(__SSSE3__) && !defined(PGNSEM_NO_SIMD)
#include <tmmintrin.h>
#endif

#include "ast/mutants.hpp"
#include "semantics/fast/boards.hpp"
#include "semantics/fast/geometry.hpp"
#include "semantics/fast/wide.hpp"
#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
#include <emmintrin.h>
#endif
// checks()'s reading thirty-two squares at a time (PGNSEM_WIDE, wide.hpp)
#if defined(PGNSEM_WIDE)
#include <immintrin.h>
#endif

namespace pgnsem::sem::fast {
namespace {

using geo::Bits;

}  // namespace

std::uint64_t attackers(const State& sigma, Square q, Color by) noexcept {
    const AttackBoards b = attack_boards(sigma, by);
    return attackers_of(b, q.index(), by, b.occupied);
}

bool attacked(const State& sigma, Square q, Color by) noexcept {
    return attackers(sigma, q, by) != 0;
}

namespace {

// The ways a piece can attack, one bit each, as bytes (see kReach and kHow). The leapers' bits
// lie below 0x10 and the sliders' above, so "a slider matched" is one comparison.
enum Way : std::uint8_t {
    kByKnight = 0x01,
    kByKing = 0x02,
    kByPawn = 0x04,
    kByRankFile = 0x10,  // rook, queen
    kByDiagonal = 0x20,  // bishop, queen
};

// kReach[by][k][x]: the ways in which a piece of colour `by` on x attacks k on an otherwise empty
// board — Algorithm 3 read from the king's side: a knight's jump, a king's step, a pawn
// diagonally in front of the king (from the pawn's side: the only way that depends on `by`), a
// shared rank or file, a shared diagonal.
using ReachTable = std::array<std::array<std::uint8_t, 64>, 64>;
constexpr ReachTable make_reach(int by) noexcept {
    ReachTable t{};
    for (int k = 0; k < 64; ++k)
        for (int x = 0; x < 64; ++x) {
            std::uint8_t w = 0;
            if (geo::knight_targets(x) & geo::bit(k)) w |= kByKnight;
            if (geo::king_targets(x) & geo::bit(k)) w |= kByKing;
            if (geo::pawn_attacks(by, x) & geo::bit(k)) w |= kByPawn;
            if (geo::rook_rays(x) & geo::bit(k)) w |= kByRankFile;
            if (geo::bishop_rays(x) & geo::bit(k)) w |= kByDiagonal;
            t[static_cast<std::size_t>(k)][static_cast<std::size_t>(x)] = w;
        }
    return t;
}
// Two constants, not one array of two: clang bounds the steps of one constant's evaluation.
alignas(64) constexpr ReachTable kReachOfWhite = make_reach(0);
alignas(64) constexpr ReachTable kReachOfBlack = make_reach(1);
constexpr std::array<const ReachTable*, 2> kReach{&kReachOfWhite, &kReachOfBlack};
#if defined(PGNSEM_MUTANTS)
// Mutant fast-in-check-h-pawn (ast/mutants.hpp): a pawn on the h-file reaches no king.
constexpr ReachTable without_h_pawns(ReachTable t) noexcept {
    for (auto& row : t)
        for (std::size_t x = 7; x < 64; x += 8) row[x] = static_cast<std::uint8_t>(row[x] & ~kByPawn);
    return t;
}
alignas(64) constexpr ReachTable kReachOfWhiteNoHPawn = without_h_pawns(kReachOfWhite);
alignas(64) constexpr ReachTable kReachOfBlackNoHPawn = without_h_pawns(kReachOfBlack);
constexpr std::array<const ReachTable*, 2> kReachNoHPawn{&kReachOfWhiteNoHPawn, &kReachOfBlackNoHPawn};
#endif

// kHow[i]: the ways a piece attacks, by its place i = (id − 1) mod 16 in its colour's numbering
// (kind_at_place, from the one table kKindOf); the same for both colours. A constant table, so it
// is loaded as a whole rather than assembled on the stack first.
alignas(16) constexpr std::array<std::uint8_t, 16> kHow = table_by_place([](PieceKind k) {
    switch (k) {
        case PieceKind::Knight: return std::uint8_t{kByKnight};
        case PieceKind::King: return std::uint8_t{kByKing};
        case PieceKind::Pawn: return std::uint8_t{kByPawn};
        case PieceKind::Rook: return std::uint8_t{kByRankFile};
        case PieceKind::Bishop: return std::uint8_t{kByDiagonal};
        case PieceKind::Queen: return std::uint8_t{kByRankFile | kByDiagonal};
    }
    return std::uint8_t{0};
});

// IIC asked without deriving bit sets: every square gets the ways its piece attacks, kept only
// for the attacking colour's pieces and matched against the ways a piece of that colour on that
// square would reach the king (kReach). A knight, king or pawn that matches attacks; a rook,
// bishop or queen that matches attacks when the squares between are empty. The board is read
// once (a watch's `read`) and each watch, one king's side of the question, looks at what was read.
// Two readings give the same answer: ScalarWatch one square at a time, the readable one, and
// SimdWatch sixteen squares at a time with SSSE3, which the build takes where it has SIMD; F1 holds
// each to the reference.

// Whether one of the rooks, bishops and queens on the king's lines (`sliders`, those that matched)
// has nothing between it and the king.
[[nodiscard]] bool slider_attacks(Bits sliders, int king, Bits occupied) noexcept {
    for (Bits b = sliders; b != 0; b &= b - 1)
        if ((geo::between(std::countr_zero(b), king) & occupied) == 0) return true;
    return false;
}

// kReach of the attacking colour and the king's square.
[[nodiscard]] const std::array<std::uint8_t, 64>& reach_of(int king, Color attacker) noexcept {
    return (*PGNSEM_MUTATE(fast_in_check_h_pawn, kReachNoHPawn,
                           kReach)[static_cast<std::size_t>(attacker)])[static_cast<std::size_t>(king)];
}

struct ScalarWatch {
    const std::array<std::uint8_t, 64>& reach;  // kReach of the attacking colour and the king's square
    std::size_t by;                             // the attacking colour
    bool leaper = false;                        // a knight, king or pawn matched
    Bits sliders = 0;                           // the rooks, bishops and queens that matched

    ScalarWatch(int king, Color attacker) noexcept
        : reach(reach_of(king, attacker)), by(static_cast<std::size_t>(attacker)) {}

    // Square q, holding id (not empty), of colour `colour`.
    void look(int q, PieceId id, std::size_t colour) noexcept {
        if (colour != by) return;
        const std::uint8_t hit =
            kHow[static_cast<std::size_t>((id.value() - 1) & 15)] & reach[static_cast<std::size_t>(q)];
        leaper = leaper || (hit & 0x0F) != 0;
        if (hit > 0x0F) sliders |= geo::bit(q);
    }

    // After every square was looked at: is the king (on `king`) attacked?
    [[nodiscard]] bool attacked(int king, Bits occupied) const noexcept {
        return leaper || slider_attacks(sliders, king, occupied);
    }

    // Reads σ once, a square at a time, showing every square to each watch; σ's occupancy.
    template <class... Watches>
    [[nodiscard]] static Bits read(const State& sigma, Watches&... watches) noexcept {
        Bits occupied = 0;
        for (int q = 0; q < 64; ++q) {
            const PieceId id = sigma.board[static_cast<std::size_t>(q)];
            if (id == kEmpty) continue;
            occupied |= geo::bit(q);
            (watches.look(q, id, static_cast<std::size_t>(color_of(id))), ...);
        }
        return occupied;
    }
};

#if defined(__SSSE3__) && !defined(PGNSEM_NO_SIMD)
// Sixteen squares as read: the ways each square's piece attacks, kept for White's pieces in
// ways[0] and for Black's in ways[1] (0 on the other squares).
struct Chunk {
    __m128i ways[2];  // NOLINT: a C array, as std::array would drop __m128i's alignment attribute
    int index;        // squares 16·index to 16·index + 15
};

struct SimdWatch {
    const std::array<std::uint8_t, 64>& reach;  // kReach of the attacking colour and the king's square
    std::size_t by;                             // the attacking colour
    __m128i leapers = _mm_setzero_si128();      // every match, as bytes; the leapers' bits are tested
    Bits sliders = 0;                           // the rooks, bishops and queens that matched

    SimdWatch(int king, Color attacker) noexcept
        : reach(reach_of(king, attacker)), by(static_cast<std::size_t>(attacker)) {}

    void look(const Chunk& c) noexcept {
        const __m128i hit =
            _mm_and_si128(c.ways[by], _mm_load_si128(reinterpret_cast<const __m128i*>(reach.data() + 16 * c.index)));
        leapers = _mm_or_si128(leapers, hit);
        const auto matched = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(hit, _mm_set1_epi8(0x0F))));
        sliders |= static_cast<Bits>(matched) << (16 * c.index);
    }
    [[nodiscard]] bool leaper() const noexcept {
        return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(leapers, _mm_set1_epi8(0x0F)), _mm_setzero_si128())) !=
               0xFFFF;
    }

    [[nodiscard]] bool attacked(int king, Bits occupied) const noexcept {
        if (leaper()) return true;
        return slider_attacks(sliders, king, occupied);
    }

    // Reads σ once, sixteen squares at a time, showing every chunk to each watch; σ's occupancy.
    template <class... Watches>
    [[nodiscard]] static Bits read(const State& sigma, Watches&... watches) noexcept {
        Bits occupied = 0;
        const __m128i table = _mm_load_si128(reinterpret_cast<const __m128i*>(kHow.data()));
        for (int chunk = 0; chunk < 4; ++chunk) {
            const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sigma.board.data() + 16 * chunk));
            const __m128i empty = _mm_cmpeq_epi8(ids, _mm_setzero_si128());
            // One shuffle gives every square's ways, whatever its colour. Ids 1–16 are White's, 17–32
            // Black's, so the index id − 1 is a White piece's place (0–15) or a Black one's plus 16
            // (16–31: the shuffle reads only the low four bits), and 0xFF on an empty square (the top
            // bit set: the shuffle's 0). One comparison (id > 16) then tells the colours apart.
            const __m128i ways = _mm_shuffle_epi8(table, _mm_sub_epi8(ids, _mm_set1_epi8(1)));
            const __m128i black = _mm_cmpgt_epi8(ids, _mm_set1_epi8(PGNSEM_MUTATE(fast_in_check_simd_colour, 15, 16)));
            const Chunk c{{_mm_andnot_si128(black, ways), _mm_and_si128(black, ways)}, chunk};
            (watches.look(c), ...);
            occupied |= static_cast<Bits>(~static_cast<std::uint32_t>(_mm_movemask_epi8(empty)) & 0xFFFFu)
                        << (16 * chunk);
        }
        return occupied;
    }
};
using NarrowWatch = SimdWatch;
#else
using NarrowWatch = ScalarWatch;
#endif

// IIC(σ, c) with watches of type W.
template <class W>
[[nodiscard]] bool in_check_read(const State& sigma, Color c, std::uint8_t k) noexcept {
    if (k == kNoSquare) return false;
    W w(k, opposite(c));
    const Bits occupied = W::read(sigma, w);
    return w.attacked(k, occupied);
}

// Both kings over one reading of σ, with watches of type W.
template <class W>
[[nodiscard]] Checks checks_read(const State& sigma, std::uint8_t kw, std::uint8_t kb) noexcept {
    if (kw == kNoSquare || kb == kNoSquare)
        return {in_check_read<W>(sigma, Color::White, kw), in_check_read<W>(sigma, Color::Black, kb)};
    W white(kw, Color::Black), black(kb, Color::White);
    const Bits occupied = W::read(sigma, white, black);
    return {white.attacked(kw, occupied), black.attacked(kb, occupied)};
}

}  // namespace

// IIC(σ, c): c's king is attacked by ¬c. A side without a king is never in check.
// F1 checks the answer against the reference's `in_check` (Algorithm 3).
bool in_check(const State& sigma, Color c, std::uint8_t king) noexcept {
    return in_check_read<NarrowWatch>(sigma, c, king);
}
bool in_check(const State& sigma, Color c) noexcept {
    return in_check(sigma, c, kings_of(sigma)[static_cast<std::size_t>(c)]);
}
bool in_check_scalar(const State& sigma, Color c) noexcept {
    return in_check_read<ScalarWatch>(sigma, c, kings_of_scalar(sigma)[static_cast<std::size_t>(c)]);
}

Checks checks_narrow(const State& sigma, KingSquares king) noexcept {
    return checks_read<NarrowWatch>(sigma, king[0], king[1]);
}
Checks checks_narrow(const State& sigma) noexcept {
    return checks_narrow(sigma, kings_of(sigma));
}
Checks checks_scalar(const State& sigma) noexcept {
    const KingSquares king = kings_of_scalar(sigma);
    return checks_read<ScalarWatch>(sigma, king[0], king[1]);
}

// The kings of σ: where ids 5 and 21 stand (the first of each in square order).
KingSquares kings_of(const State& s) noexcept {
#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
    Bits white = 0, black = 0;
    for (int chunk = 0; chunk < 4; ++chunk) {
        const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.board.data() + 16 * chunk));
        const auto mask = [chunk](__m128i m) noexcept {
            return static_cast<Bits>(static_cast<std::uint32_t>(_mm_movemask_epi8(m)) & 0xFFFFu) << (16 * chunk);
        };
        white |= mask(_mm_cmpeq_epi8(ids, _mm_set1_epi8(static_cast<char>(kWhiteKing.value()))));
        black |= mask(_mm_cmpeq_epi8(ids, _mm_set1_epi8(static_cast<char>(kBlackKing.value()))));
    }
    const auto first = [](Bits b) noexcept {
        return b == 0 ? kNoSquare : static_cast<std::uint8_t>(std::countr_zero(b));
    };
    return {{first(white), first(black)}};
#else
    return kings_of_scalar(s);
#endif
}

#if defined(PGNSEM_WIDE)
namespace {

// SimdWatch's reading (checks_narrow), thirty-two squares at a time: the same one shuffle of id − 1
// and comparison with 16 per step, the same matches against the kings' rows of kReach, two steps
// instead of four. White's king is watched for Black's pieces, Black's for White's.
struct alignas(32) WideConstants {
    std::array<std::uint8_t, 32> how;      // kHow, once in each 16-byte lane (the shuffle looks up within its lane)
    std::array<std::uint8_t, 32> sixteen;  // 16: ids above it are Black's
    std::array<std::uint8_t, 32> leapers;  // 0x0F: the leapers' ways, as in Watch
};
constexpr WideConstants make_wide_constants() noexcept {
    WideConstants c{};
    for (std::size_t i = 0; i < 32; ++i) {
        c.how[i] = kHow[i % 16];
        c.sixteen[i] = 16;
        c.leapers[i] = 0x0F;
    }
    return c;
}
// (Read from memory: built from immediates, each would be built again on every call.)
constexpr WideConstants kWideConstants = make_wide_constants();
#if defined(PGNSEM_MUTANTS)
// Mutant fast-in-check-avx2-colour (ast/mutants.hpp): ids above 15, not 16, read as Black's.
constexpr WideConstants kWideColour = [] {
    WideConstants c = make_wide_constants();
    for (auto& v : c.sixteen) v = 15;
    return c;
}();
#endif

[[gnu::target("avx2")]] Checks read_wide(const State& sigma, int kw, int kb) noexcept {
    // The constants' address passed through an empty asm, so that GCC no longer knows their values
    // and reads them from memory rather than building them again. (Loads written out: a lambda
    // would not inherit the avx2 target.)
    const WideConstants* k = PGNSEM_MUTATE(fast_in_check_avx2_colour, &kWideColour, &kWideConstants);
    asm("" : "+r"(k));
    const __m256i table = _mm256_load_si256(reinterpret_cast<const __m256i*>(k->how.data()));
    const __m256i sixteen = _mm256_load_si256(reinterpret_cast<const __m256i*>(k->sixteen.data()));
    const __m256i leaper_ways = _mm256_load_si256(reinterpret_cast<const __m256i*>(k->leapers.data()));
    const ReachTable& of_black = PGNSEM_MUTATE(fast_in_check_h_pawn, kReachOfBlackNoHPawn, kReachOfBlack);
    const ReachTable& of_white = PGNSEM_MUTATE(fast_in_check_h_pawn, kReachOfWhiteNoHPawn, kReachOfWhite);
    const std::uint8_t* const to_white_king = of_black[static_cast<std::size_t>(kw)].data();
    const std::uint8_t* const to_black_king = of_white[static_cast<std::size_t>(kb)].data();
    __m256i leapers_w = _mm256_setzero_si256(), leapers_b = _mm256_setzero_si256();
    Bits sliders_w = 0, sliders_b = 0, occupied = 0;
    for (int half = 0; half < 2; ++half) {
        const __m256i ids = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sigma.board.data() + 32 * half));
        const __m256i ways = _mm256_shuffle_epi8(table, _mm256_add_epi8(ids, _mm256_set1_epi8(-1)));
        const __m256i black = _mm256_cmpgt_epi8(ids, sixteen);
        const __m256i hit_w =
            _mm256_and_si256(_mm256_and_si256(ways, black),
                             _mm256_load_si256(reinterpret_cast<const __m256i*>(to_white_king + 32 * half)));
        const __m256i hit_b =
            _mm256_and_si256(_mm256_andnot_si256(black, ways),
                             _mm256_load_si256(reinterpret_cast<const __m256i*>(to_black_king + 32 * half)));
        leapers_w = _mm256_or_si256(leapers_w, hit_w);
        leapers_b = _mm256_or_si256(leapers_b, hit_b);
        // (movemask written out three times: a lambda would not inherit the avx2 target)
        const int shift = 32 * half;
        sliders_w |= Bits{static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpgt_epi8(hit_w, leaper_ways)))}
                     << shift;
        sliders_b |= Bits{static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpgt_epi8(hit_b, leaper_ways)))}
                     << shift;
        const auto empty =
            static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(ids, _mm256_setzero_si256())));
        occupied |= Bits{~empty} << shift;
    }
    return {!_mm256_testz_si256(leapers_w, leaper_ways) || slider_attacks(sliders_w, kw, occupied),
            !_mm256_testz_si256(leapers_b, leaper_ways) || slider_attacks(sliders_b, kb, occupied)};
}

}  // namespace

Checks checks_wide(const State& sigma) noexcept {
    PGNSEM_ASSERT(kWide, "checks_wide needs AVX2");
    const KingSquares king = kings_of(sigma);
    if (king[0] == kNoSquare || king[1] == kNoSquare) return checks_narrow(sigma, king);
    return read_wide(sigma, king[0], king[1]);
}

namespace {
// Both kings, on kw and kb, in the width chosen at start-up (inlined into both `checks`; the narrow
// reading out of line, so that the wide one is a jump with nothing to save or restore).
[[nodiscard, gnu::noinline]] Checks checks_narrow_at(const State& sigma, std::uint8_t kw, std::uint8_t kb) noexcept {
    return checks_read<NarrowWatch>(sigma, kw, kb);
}
[[nodiscard, gnu::always_inline]] inline Checks checks_at(const State& sigma, std::uint8_t kw,
                                                          std::uint8_t kb) noexcept {
    if (kWide && kw != kNoSquare && kb != kNoSquare) return read_wide(sigma, kw, kb);
    return checks_narrow_at(sigma, kw, kb);
}
}  // namespace
#else
Checks checks_wide(const State& sigma) noexcept {
    return checks_narrow(sigma);
}
namespace {
[[nodiscard, gnu::always_inline]] inline Checks checks_at(const State& sigma, std::uint8_t kw,
                                                          std::uint8_t kb) noexcept {
    return checks_read<NarrowWatch>(sigma, kw, kb);
}
}  // namespace
#endif
// (The kings are read where they are kept, one byte each: passed as one KingSquares value they
// cost two more instructions each to take apart, on every move.)
Checks checks(const Position& p) noexcept {
    return checks_at(p.sigma, p.king[0], p.king[1]);
}
Checks checks(const State& sigma) noexcept {
    const KingSquares k = kings_of(sigma);
    return checks_at(sigma, k[0], k[1]);
}

}  // namespace pgnsem::sem::fast
