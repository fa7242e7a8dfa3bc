// Internal to semantics/: the board's geometry as constexpr tables, so that "is q attacked",
// "can a knight on s reach q" and "is the way from s to q free" are table look-ups on the
// 64-byte mailbox σ.board. Nothing here knows about pieces ids or the state; it is the plane
// geometry the paper's algorithms (GTSS, GCSS, IIC) describe in words ("2 squares horizontal and
// 1 square vertical", "unblocked … on the same diagonal").
//
// Names used in this file: `s`, `q` squares as indices 0–63 (a1 = 0), `d` a direction index,
// bit sets of squares as std::uint64_t with a1 = bit 0.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace pgnsem::sem::fast::geo {

using Bits = std::uint64_t;

[[nodiscard]] constexpr Bits bit(int q) noexcept {
    return Bits{1} << q;
}
[[nodiscard]] constexpr int file_of(int q) noexcept {
    return q & 7;
}
[[nodiscard]] constexpr int rank_of(int q) noexcept {
    return q >> 3;
}
[[nodiscard]] constexpr bool on_board(int f, int r) noexcept {
    return f >= 0 && f < 8 && r >= 0 && r < 8;
}

// The eight directions of the queen: the first four are the rook's, the last four the bishop's.
// Directions 0–3 and 4–7 alternate increasing and decreasing square index, which fixes which end
// of a ray holds the nearest square (least or most significant bit).
struct Direction {
    int df;
    int dr;
};
// north, south, east, west, north-east, south-west, north-west, south-east
inline constexpr std::array<Direction, 8> kDirections{
    {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}, {-1, 1}, {1, -1}}};
[[nodiscard]] constexpr bool is_orthogonal(int d) noexcept {
    return d < 4;
}
// Whether squares along direction d have increasing indices (nearest square = lowest bit).
[[nodiscard]] constexpr bool is_increasing(int d) noexcept {
    return kDirections[static_cast<std::size_t>(d)].dr > 0 ||
           (kDirections[static_cast<std::size_t>(d)].dr == 0 && kDirections[static_cast<std::size_t>(d)].df > 0);
}

namespace detail {

constexpr Bits leaper(int q, const std::array<Direction, 8>& jumps) noexcept {
    Bits b = 0;
    for (const Direction& j : jumps) {
        const int f = file_of(q) + j.df;
        const int r = rank_of(q) + j.dr;
        if (on_board(f, r)) b |= bit(r * 8 + f);
    }
    return b;
}

inline constexpr std::array<Direction, 8> kKnightJumps{
    {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};

constexpr std::array<Bits, 64> make_knight() noexcept {
    std::array<Bits, 64> t{};
    for (int q = 0; q < 64; ++q) t[static_cast<std::size_t>(q)] = leaper(q, kKnightJumps);
    return t;
}
constexpr std::array<Bits, 64> make_king() noexcept {
    std::array<Bits, 64> t{};
    for (int q = 0; q < 64; ++q) t[static_cast<std::size_t>(q)] = leaper(q, kDirections);
    return t;
}
// kPawnAttacks[c][s]: the squares a pawn of colour c on s attacks (White = 0 captures upwards).
constexpr std::array<std::array<Bits, 64>, 2> make_pawn_attacks() noexcept {
    std::array<std::array<Bits, 64>, 2> t{};
    for (int q = 0; q < 64; ++q) {
        for (int df : {-1, 1}) {
            if (on_board(file_of(q) + df, rank_of(q) + 1)) t[0][static_cast<std::size_t>(q)] |= bit(q + 8 + df);
            if (on_board(file_of(q) + df, rank_of(q) - 1)) t[1][static_cast<std::size_t>(q)] |= bit(q - 8 + df);
        }
    }
    return t;
}
constexpr std::array<std::array<Bits, 64>, 8> make_rays() noexcept {
    std::array<std::array<Bits, 64>, 8> t{};
    for (int d = 0; d < 8; ++d)
        for (int q = 0; q < 64; ++q) {
            int f = file_of(q) + kDirections[static_cast<std::size_t>(d)].df;
            int r = rank_of(q) + kDirections[static_cast<std::size_t>(d)].dr;
            while (on_board(f, r)) {
                t[static_cast<std::size_t>(d)][static_cast<std::size_t>(q)] |= bit(r * 8 + f);
                f += kDirections[static_cast<std::size_t>(d)].df;
                r += kDirections[static_cast<std::size_t>(d)].dr;
            }
        }
    return t;
}
}  // namespace detail

inline constexpr std::array<Bits, 64> kKnight = detail::make_knight();
inline constexpr std::array<Bits, 64> kKing = detail::make_king();
inline constexpr std::array<std::array<Bits, 64>, 2> kPawnAttacks = detail::make_pawn_attacks();
// kRays[d][s]: every square from s (exclusive) to the edge in direction d.
inline constexpr std::array<std::array<Bits, 64>, 8> kRays = detail::make_rays();
namespace detail {
// kDirectionOrNone[a][b]: the direction from a to b, or 8 when they share no line; kRaysOrNone has
// two empty directions 8 and 9 after the eight real ones, so that `between` needs no branch.
constexpr std::array<std::array<std::uint8_t, 64>, 64> make_direction_or_none() noexcept {
    std::array<std::array<std::uint8_t, 64>, 64> t{};
    for (std::size_t a = 0; a < 64; ++a)
        for (std::size_t b = 0; b < 64; ++b) {
            t[a][b] = 8;
            for (std::size_t d = 0; d < 8; ++d)
                if (kRays[d][a] & bit(static_cast<int>(b))) t[a][b] = static_cast<std::uint8_t>(d);
        }
    return t;
}
constexpr std::array<std::array<Bits, 64>, 10> make_rays_or_none() noexcept {
    std::array<std::array<Bits, 64>, 10> t{};
    for (std::size_t d = 0; d < 8; ++d) t[d] = kRays[d];
    return t;
}
}  // namespace detail
inline constexpr std::array<std::array<std::uint8_t, 64>, 64> kDirectionOrNone = detail::make_direction_or_none();
inline constexpr std::array<std::array<Bits, 64>, 10> kRaysOrNone = detail::make_rays_or_none();

// The direction from a to b if they share a rank, file or diagonal, else -1.
[[nodiscard]] constexpr int direction_to(int a, int b) noexcept {
    const int d = kDirectionOrNone[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
    return d == 8 ? -1 : d;
}

namespace detail {
constexpr std::array<std::array<Bits, 64>, 64> make_line() noexcept {
    std::array<std::array<Bits, 64>, 64> t{};
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            const int d = direction_to(a, b);
            if (d < 0) continue;
            t[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
                kRays[static_cast<std::size_t>(d)][static_cast<std::size_t>(a)] |
                kRays[static_cast<std::size_t>(d ^ 1)][static_cast<std::size_t>(a)] | bit(a);
        }
    return t;
}
}  // namespace detail

// kLine[a][b]: the whole line (edge to edge) through aligned a and b, else empty.
inline constexpr std::array<std::array<Bits, 64>, 64> kLine = detail::make_line();

// The squares strictly between a and b when they are aligned, else none: the ray from a toward b
// cut by the ray from b toward a. (Two rays and a byte of direction rather than a 64 × 64 table of
// sets: 9 KB of tables instead of 32 KB, next to the other tables the hot path reads.)
[[nodiscard]] constexpr Bits between(int a, int b) noexcept {
    const std::size_t d = kDirectionOrNone[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
    return kRaysOrNone[d][static_cast<std::size_t>(a)] & kRaysOrNone[d ^ 1][static_cast<std::size_t>(b)];
}
[[nodiscard]] constexpr Bits line(int a, int b) noexcept {
    return kLine[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
}
[[nodiscard]] constexpr Bits knight_targets(int q) noexcept {
    return kKnight[static_cast<std::size_t>(q)];
}
[[nodiscard]] constexpr Bits king_targets(int q) noexcept {
    return kKing[static_cast<std::size_t>(q)];
}
[[nodiscard]] constexpr Bits pawn_attacks(int colour, int q) noexcept {
    return kPawnAttacks[static_cast<std::size_t>(colour)][static_cast<std::size_t>(q)];
}
[[nodiscard]] constexpr Bits ray(int d, int q) noexcept {
    return kRays[static_cast<std::size_t>(d)][static_cast<std::size_t>(q)];
}

// The squares a slider on q sees in direction d, the first occupied square included
// (the "classical" ray look-up: cut the ray behind its nearest blocker). The readable statement
// of what rook_attacks and bishop_attacks compute without walking rays (tests compare them).
[[nodiscard]] constexpr Bits ray_attacks(int d, int q, Bits occupied) noexcept {
    Bits a = ray(d, q);
    const Bits blockers = a & occupied;
    if (blockers != 0) {
        const int first = is_increasing(d) ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers);
        a ^= ray(d, first);
    }
    return a;
}

namespace detail {
// The lines through each square, the square itself left out: its file, its two diagonals, its
// rank (what a rook and a bishop may see on an empty board, line by line).
// With them the two bits line_sight subtracts (a shift by a variable count costs more than a load):
// the square above q, and the square above q with the ranks reversed (0 past h8).
struct Lines {
    Bits file, diagonal, antidiagonal, rank;
    Bits above, above_reversed;
};
constexpr std::array<Lines, 64> make_lines() noexcept {
    std::array<Lines, 64> t{};
    for (std::size_t q = 0; q < 64; ++q)
        t[q] = Lines{kRays[0][q] | kRays[1][q], kRays[4][q] | kRays[5][q],     kRays[6][q] | kRays[7][q],
                     kRays[2][q] | kRays[3][q], bit(static_cast<int>(q)) << 1, bit(static_cast<int>(q) ^ 56) << 1};
    return t;
}
// kRankSight[f][o]: what a slider on file f of a rank sees along it, as a byte of files, when the
// six inner squares (files b–g) are occupied as the bits of o say. The outer squares need no bit:
// a slider sees them whether they are occupied or not.
constexpr std::array<std::array<std::uint8_t, 64>, 8> make_rank_sight() noexcept {
    std::array<std::array<std::uint8_t, 64>, 8> t{};
    for (int f = 0; f < 8; ++f)
        for (int o = 0; o < 64; ++o) {
            const int occupied = o << 1;
            int seen = 0;
            for (int x = f + 1; x < 8; ++x) {
                seen |= 1 << x;
                if ((occupied >> x) & 1) break;
            }
            for (int x = f - 1; x >= 0; --x) {
                seen |= 1 << x;
                if ((occupied >> x) & 1) break;
            }
            t[static_cast<std::size_t>(f)][static_cast<std::size_t>(o)] = static_cast<std::uint8_t>(seen);
        }
    return t;
}
}  // namespace detail
inline constexpr std::array<detail::Lines, 64> kLines = detail::make_lines();
inline constexpr std::array<std::array<std::uint8_t, 64>, 8> kRankSight = detail::make_rank_sight();

// What a slider on q sees along `line` (one of q's file or diagonals in l = kLines[q]), without a
// branch: the nearest blocker above q is where subtracting 2·bit(q) from the line's occupancy stops
// borrowing, and the nearest below is the same subtraction with the ranks reversed (a byte swap,
// which reverses the order of the squares of any line with at most one square per rank). The
// borrow's trail, above and below, is what the slider sees.
[[nodiscard]] constexpr Bits line_sight(Bits line, const detail::Lines& l, Bits occupied) noexcept {
    const Bits o = occupied & line;
    const Bits up = o - l.above;
    const Bits down = __builtin_bswap64(__builtin_bswap64(o) - l.above_reversed);
    return (up ^ down) & line;
}
[[nodiscard]] constexpr Bits rank_sight(int q, Bits occupied) noexcept {
    const int r8 = q & 56;
    const auto inner = static_cast<std::size_t>((occupied >> (r8 + 1)) & 63);
    return Bits{kRankSight[static_cast<std::size_t>(q & 7)][inner]} << r8;
}
// The union of ray_attacks over the rook's four directions, and over the bishop's.
[[nodiscard]] constexpr Bits rook_attacks(int q, Bits occupied) noexcept {
    const detail::Lines& l = kLines[static_cast<std::size_t>(q)];
    return line_sight(l.file, l, occupied) | rank_sight(q, occupied);
}
[[nodiscard]] constexpr Bits bishop_attacks(int q, Bits occupied) noexcept {
    const detail::Lines& l = kLines[static_cast<std::size_t>(q)];
    return line_sight(l.diagonal, l, occupied) | line_sight(l.antidiagonal, l, occupied);
}
[[nodiscard]] constexpr Bits rook_rays(int q) noexcept {
    return kLines[static_cast<std::size_t>(q)].file | kLines[static_cast<std::size_t>(q)].rank;
}
[[nodiscard]] constexpr Bits bishop_rays(int q) noexcept {
    return kLines[static_cast<std::size_t>(q)].diagonal | kLines[static_cast<std::size_t>(q)].antidiagonal;
}
namespace detail {
// Every square, on an empty board, a full board and a pattern in between, as a compile-time check
// (tests/semantics/geometry_test.cpp compares random occupancies, F1).
constexpr bool sliders_agree_with_rays(Bits occupied) noexcept {
    for (int q = 0; q < 64; ++q) {
        Bits rook = 0, bishop = 0;
        for (int d = 0; d < 4; ++d) rook |= ray_attacks(d, q, occupied);
        for (int d = 4; d < 8; ++d) bishop |= ray_attacks(d, q, occupied);
        if (rook != rook_attacks(q, occupied) || bishop != bishop_attacks(q, occupied)) return false;
    }
    return true;
}
static_assert(sliders_agree_with_rays(0) && sliders_agree_with_rays(~Bits{0}) &&
              sliders_agree_with_rays(0x8142241818244281ull) && sliders_agree_with_rays(0x00FF00000000FF00ull) &&
              sliders_agree_with_rays(0x5A3C66E7811999A5ull));
}  // namespace detail

inline constexpr Bits kRank1 = 0xFFull, kRank8 = 0xFFull << 56;
[[nodiscard]] constexpr Bits rank_mask(int r) noexcept {
    return Bits{0xFF} << (8 * r);
}

static_assert(std::popcount(kKnight[0]) == 2 && std::popcount(kKnight[27]) == 8);
static_assert(std::popcount(kKing[0]) == 3 && std::popcount(kKing[27]) == 8);
static_assert(between(0, 63) == 0x0040201008040200ull && between(63, 0) == 0x0040201008040200ull);
static_assert(between(4, 7) == (bit(5) | bit(6)) && between(0, 56) == 0x0001010101010100ull);
static_assert(between(0, 17) == 0 && between(4, 5) == 0 && between(9, 9) == 0);

}  // namespace pgnsem::sem::fast::geo
