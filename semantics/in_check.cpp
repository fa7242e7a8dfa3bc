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
// (Boards) and the property test L6 checks that the two agree.
#include "semantics/in_check.hpp"

#include <array>
#include <bit>
#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif

#include "semantics/boards.hpp"
#include "semantics/geometry.hpp"

namespace pgnsem::sem {
namespace {

using geo::Bits;

// The pieces of `by` (their sets in b) that attack q: a knight a knight's jump away, a king one
// square away, a pawn diagonally in front of q from `by`'s side (the squares a pawn of the other
// colour on q would attack), and the first piece on each of q's lines when it moves along that
// line (rook or queen on a rank or file, bishop or queen on a diagonal).
[[nodiscard]] Bits attackers_of(const AttackBoards& b, int q, Color by) noexcept {
    Bits found = (geo::knight_targets(q) & b.knights) | (geo::king_targets(q) & b.kings) |
                 (geo::pawn_attacks(colour_index(opposite(by)), q) & b.pawns);
    if ((geo::rook_rays(q) & b.rank_file) != 0) found |= geo::rook_attacks(q, b.occupied) & b.rank_file;
    if ((geo::bishop_rays(q) & b.diagonal) != 0) found |= geo::bishop_attacks(q, b.occupied) & b.diagonal;
    return found;
}

}  // namespace

std::uint64_t attackers(const State& sigma, Square q, Color by) noexcept {
    return attackers_of(attack_boards(sigma, by), q.index(), by);
}

bool attacked(const State& sigma, Square q, Color by) noexcept {
    return attackers_of(attack_boards(sigma, by), q.index(), by) != 0;
}

namespace {

// The ways a piece can attack, one bit each, as bytes (see kReach and kHow).
enum Way : std::uint8_t {
    kByKnight = 0x01,
    kByKing = 0x02,
    kByWhitePawn = 0x04,
    kByBlackPawn = 0x08,
    kByRankFile = 0x10,  // rook, queen
    kByDiagonal = 0x20,  // bishop, queen
};

// kReach[k][x]: the ways in which a piece on x attacks k on an otherwise empty board — Algorithm 3
// read from the king's side: a knight's jump, a king's step, a pawn diagonally in front of the
// king (from the pawn's side), a shared rank or file, a shared diagonal.
constexpr std::array<std::array<std::uint8_t, 64>, 64> make_reach() noexcept {
    std::array<std::array<std::uint8_t, 64>, 64> t{};
    for (int k = 0; k < 64; ++k)
        for (int x = 0; x < 64; ++x) {
            std::uint8_t w = 0;
            if (geo::knight_targets(x) & geo::bit(k)) w |= kByKnight;
            if (geo::king_targets(x) & geo::bit(k)) w |= kByKing;
            if (geo::pawn_attacks(0, x) & geo::bit(k)) w |= kByWhitePawn;
            if (geo::pawn_attacks(1, x) & geo::bit(k)) w |= kByBlackPawn;
            if (geo::rook_rays(x) & geo::bit(k)) w |= kByRankFile;
            if (geo::bishop_rays(x) & geo::bit(k)) w |= kByDiagonal;
            t[static_cast<std::size_t>(k)][static_cast<std::size_t>(x)] = w;
        }
    return t;
}
alignas(64) constexpr std::array<std::array<std::uint8_t, 64>, 64> kReach = make_reach();

// kHow[by][r]: the ways a piece of colour `by` attacks, by its place r = id − base in its
// colour's numbering (0–7 the back rank R N B Q K B N R, 8–15 the pawns). A constant table, so
// it is loaded as a whole rather than assembled on the stack first.
constexpr std::array<std::uint8_t, 16> make_how(std::uint8_t pawn) noexcept {
    return {kByRankFile, kByKnight, kByDiagonal, kByRankFile | kByDiagonal, kByKing, kByDiagonal, kByKnight,
            kByRankFile, pawn, pawn, pawn, pawn, pawn, pawn, pawn, pawn};
}
alignas(16) constexpr std::array<std::array<std::uint8_t, 16>, 2> kHow{make_how(kByWhitePawn), make_how(kByBlackPawn)};

}  // namespace

// IIC(σ, c): c's king is attacked by ¬c. A side without a king is never in check.
//
// Asked in one pass over σ without deriving bit sets: every square gets the ways its piece
// attacks (none for an empty square or one of c's pieces), which are matched against the ways a
// piece on that square would reach the king (kReach). A knight, king or pawn that matches
// attacks; a rook, bishop or queen that matches attacks when the squares between are empty.
// The property test L6 checks the answer against `attacked` on the king's square.
bool in_check(const State& sigma, Color c) noexcept {
    const std::uint8_t k = sigma.king_square[static_cast<std::size_t>(c)];
    if (k == kNoSquare) return false;
    const Color by = opposite(c);
    const std::array<std::uint8_t, 64>& reach = kReach[k];
#if defined(__SSSE3__)
    const __m128i table =
        _mm_load_si128(reinterpret_cast<const __m128i*>(kHow[static_cast<std::size_t>(by)].data()));
    const __m128i first = _mm_set1_epi8(static_cast<char>(by == Color::White ? 1 : 17));
    const __m128i zero = _mm_setzero_si128();
    __m128i leapers = zero;
    Bits sliders = 0, occupied = 0;
    for (int chunk = 0; chunk < 4; ++chunk) {
        const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sigma.board.data() + 16 * chunk));
        const __m128i r = _mm_sub_epi8(ids, first);
        const __m128i theirs = _mm_and_si128(_mm_cmpgt_epi8(r, _mm_set1_epi8(-1)), _mm_cmplt_epi8(r, _mm_set1_epi8(16)));
        const __m128i hit = _mm_and_si128(_mm_and_si128(_mm_shuffle_epi8(table, r), theirs),
                                          _mm_load_si128(reinterpret_cast<const __m128i*>(reach.data() + 16 * chunk)));
        leapers = _mm_or_si128(leapers, _mm_and_si128(hit, _mm_set1_epi8(0x0F)));
        const auto mask = [chunk](__m128i m) noexcept {
            return static_cast<Bits>(static_cast<std::uint32_t>(_mm_movemask_epi8(m)) & 0xFFFFu) << (16 * chunk);
        };
        sliders |= mask(_mm_cmpeq_epi8(_mm_and_si128(hit, _mm_set1_epi8(0x30)), zero)) ^ (Bits{0xFFFF} << (16 * chunk));
        occupied |= mask(_mm_cmpeq_epi8(ids, zero)) ^ (Bits{0xFFFF} << (16 * chunk));
    }
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(leapers, zero)) != 0xFFFF) return true;
#else
    const std::array<std::uint8_t, 16>& ways = kHow[static_cast<std::size_t>(by)];
    const int base = by == Color::White ? 1 : 17;
    Bits sliders = 0, occupied = 0;
    for (int q = 0; q < 64; ++q) {
        const int id = sigma.board[static_cast<std::size_t>(q)];
        if (id == kEmpty) continue;
        occupied |= geo::bit(q);
        if (id < base || id >= base + 16) continue;
        const std::uint8_t hit = ways[static_cast<std::size_t>(id - base)] & reach[static_cast<std::size_t>(q)];
        if (hit & 0x0F) return true;
        if (hit & 0x30) sliders |= geo::bit(q);
    }
#endif
    for (; sliders != 0; sliders &= sliders - 1)
        if ((geo::between(std::countr_zero(sliders), k) & occupied) == 0) return true;
    return false;
}

Checks checks(const State& sigma) noexcept {
#if defined(__SSSE3__)
    // in_check for both kings in the same pass: the board is loaded once, and each square's
    // piece is matched against the ways it could reach the king of the other colour.
    const std::uint8_t kw = sigma.king_square[0], kb = sigma.king_square[1];
    if (kw == kNoSquare || kb == kNoSquare) return {in_check(sigma, Color::White), in_check(sigma, Color::Black)};
    const __m128i by_black = _mm_load_si128(reinterpret_cast<const __m128i*>(kHow[1].data()));
    const __m128i by_white = _mm_load_si128(reinterpret_cast<const __m128i*>(kHow[0].data()));
    const __m128i zero = _mm_setzero_si128();
    const __m128i low4 = _mm_set1_epi8(0x0F), high2 = _mm_set1_epi8(0x30);
    __m128i leap_w = zero, leap_b = zero;  // attacks on the white king, on the black king
    Bits slide_w = 0, slide_b = 0, occupied = 0;
    for (int chunk = 0; chunk < 4; ++chunk) {
        const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sigma.board.data() + 16 * chunk));
        const auto mask = [chunk](__m128i m) noexcept {
            return static_cast<Bits>(static_cast<std::uint32_t>(_mm_movemask_epi8(m)) & 0xFFFFu) << (16 * chunk);
        };
        const Bits all = Bits{0xFFFF} << (16 * chunk);
        const __m128i rw = _mm_sub_epi8(ids, _mm_set1_epi8(1));
        const __m128i rb = _mm_sub_epi8(ids, _mm_set1_epi8(17));
        const __m128i white = _mm_and_si128(_mm_cmpgt_epi8(rw, _mm_set1_epi8(-1)), _mm_cmplt_epi8(rw, _mm_set1_epi8(16)));
        const __m128i black = _mm_and_si128(_mm_cmpgt_epi8(rb, _mm_set1_epi8(-1)), _mm_cmplt_epi8(rb, _mm_set1_epi8(16)));
        const __m128i on_w = _mm_and_si128(_mm_and_si128(_mm_shuffle_epi8(by_black, rb), black),
                                           _mm_load_si128(reinterpret_cast<const __m128i*>(kReach[kw].data() + 16 * chunk)));
        const __m128i on_b = _mm_and_si128(_mm_and_si128(_mm_shuffle_epi8(by_white, rw), white),
                                           _mm_load_si128(reinterpret_cast<const __m128i*>(kReach[kb].data() + 16 * chunk)));
        leap_w = _mm_or_si128(leap_w, _mm_and_si128(on_w, low4));
        leap_b = _mm_or_si128(leap_b, _mm_and_si128(on_b, low4));
        slide_w |= mask(_mm_cmpeq_epi8(_mm_and_si128(on_w, high2), zero)) ^ all;
        slide_b |= mask(_mm_cmpeq_epi8(_mm_and_si128(on_b, high2), zero)) ^ all;
        occupied |= mask(_mm_cmpeq_epi8(ids, zero)) ^ all;
    }
    const auto attacked_by_slider = [occupied](Bits sliders, int k) noexcept {
        for (; sliders != 0; sliders &= sliders - 1)
            if ((geo::between(std::countr_zero(sliders), k) & occupied) == 0) return true;
        return false;
    };
    return {_mm_movemask_epi8(_mm_cmpeq_epi8(leap_w, zero)) != 0xFFFF || attacked_by_slider(slide_w, kw),
            _mm_movemask_epi8(_mm_cmpeq_epi8(leap_b, zero)) != 0xFFFF || attacked_by_slider(slide_b, kb)};
#else
    return {in_check(sigma, Color::White), in_check(sigma, Color::Black)};
#endif
}

}  // namespace pgnsem::sem
