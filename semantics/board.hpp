// The plane geometry the paper's algorithms speak in ("1 square away", "on the same diagonal",
// "2 squares horizontal and 1 square vertical"), for the reference: squares reached by stepping
// along a direction, and a set of squares. Nothing is precomputed; the fast path's tables are in
// semantics/fast/geometry.hpp.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>

#include "ast/square.hpp"

namespace pgnsem::sem {

// A step on the board: files to the right, ranks up (from White's side).
struct Step {
    int df;
    int dr;
};

// The square `n` steps of d from q, if it is on the board.
[[nodiscard]] constexpr std::optional<Square> step(Square q, Step d, int n = 1) noexcept {
    return Square::from_coords(q.file().index() + n * d.df, q.rank().index() + n * d.dr);
}

// The lines of the board, in the order Algorithm 3 and Algorithms 1–2 name them: the diagonals,
// then the rank ("horizontal"), then the file ("vertical").
inline constexpr std::array<Step, 4> kDiagonals{{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}};
inline constexpr std::array<Step, 2> kHorizontal{{{1, 0}, {-1, 0}}};
inline constexpr std::array<Step, 2> kVertical{{{0, 1}, {0, -1}}};
// "2 squares horizontal and 1 square vertical or 1 square horizontal and 2 squares vertical".
inline constexpr std::array<Step, 8> kKnightJumps{
    {{2, 1}, {2, -1}, {-2, 1}, {-2, -1}, {1, 2}, {1, -2}, {-1, 2}, {-1, -2}}};
// "1 square away".
inline constexpr std::array<Step, 8> kKingSteps{{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}}};

// +1 for White (its pawns move up the board), -1 for Black.
[[nodiscard]] constexpr int forward(Color c) noexcept {
    return c == Color::White ? 1 : -1;
}
// The rank index a pawn of colour c starts on, and the one it promotes on.
[[nodiscard]] constexpr int start_rank(Color c) noexcept {
    return c == Color::White ? 1 : 6;
}
[[nodiscard]] constexpr int last_rank(Color c) noexcept {
    return c == Color::White ? 7 : 0;
}
// The rank of an en passant destination: 6 for White (index 5), 3 for Black (index 2).
[[nodiscard]] constexpr int en_passant_rank(Color c) noexcept {
    return c == Color::White ? 5 : 2;
}

// A set of squares.
class SquareSet {
public:
    constexpr SquareSet() noexcept = default;
    [[nodiscard]] static constexpr SquareSet of_bits(std::uint64_t b) noexcept { return SquareSet(b); }
    constexpr void add(Square q) noexcept { bits_ |= bit(q); }
    [[nodiscard]] constexpr bool contains(Square q) const noexcept { return (bits_ & bit(q)) != 0; }
    [[nodiscard]] constexpr bool empty() const noexcept { return bits_ == 0; }
    [[nodiscard]] constexpr int size() const noexcept { return std::popcount(bits_); }
    // The lowest square (a1 first, then b1 …), if any.
    [[nodiscard]] constexpr std::optional<Square> first() const noexcept {
        if (bits_ == 0) return std::nullopt;
        return Square::unchecked(std::countr_zero(bits_));
    }
    [[nodiscard]] constexpr std::uint64_t bits() const noexcept { return bits_; }
    // The squares of both sets, of this one and not of the other.
    [[nodiscard]] constexpr SquareSet operator|(SquareSet o) const noexcept { return SquareSet(bits_ | o.bits_); }
    [[nodiscard]] constexpr SquareSet operator&(SquareSet o) const noexcept { return SquareSet(bits_ & o.bits_); }
    [[nodiscard]] constexpr SquareSet minus(SquareSet o) const noexcept { return SquareSet(bits_ & ~o.bits_); }
    friend constexpr bool operator==(SquareSet, SquareSet) noexcept = default;

    // for (Square q : set), from a1 upwards.
    class Iterator {
    public:
        constexpr explicit Iterator(std::uint64_t b) noexcept : b_(b) {}
        constexpr Square operator*() const noexcept { return Square::unchecked(std::countr_zero(b_)); }
        constexpr Iterator& operator++() noexcept {
            b_ &= b_ - 1;
            return *this;
        }
        friend constexpr bool operator==(Iterator, Iterator) noexcept = default;

    private:
        std::uint64_t b_;
    };
    [[nodiscard]] constexpr Iterator begin() const noexcept { return Iterator(bits_); }
    [[nodiscard]] constexpr Iterator end() const noexcept { return Iterator(0); }

private:
    constexpr explicit SquareSet(std::uint64_t b) noexcept : bits_(b) {}
    [[nodiscard]] static constexpr std::uint64_t bit(Square q) noexcept { return std::uint64_t{1} << q.index(); }
    std::uint64_t bits_ = 0;
};

}  // namespace pgnsem::sem
