// The paper's square indicators Q = {f :: r | f ∈ F, r ∈ R}, F = {a..h}, R = {1..8},
// and the colours and piece kinds both syntax and semantics speak of.
//
// Squares are numbered a1 = 0, b1 = 1, …, h8 = 63 (python-chess and Stockfish do the same).
// Bad values cannot be built: File, Rank and Square have only checked constructors; the
// `unchecked` factories exist for loops whose bounds prove the value, and assert it.
#pragma once

#include <cassert>
#include <cstdint>
#include <optional>

#include "ast/assert.hpp"

namespace pgnsem {

enum class Color : std::uint8_t { White, Black };

[[nodiscard]] constexpr Color opposite(Color c) noexcept {
    return c == Color::White ? Color::Black : Color::White;
}

[[nodiscard]] constexpr const char* color_name(Color c) noexcept {
    return c == Color::White ? "white" : "black";
}

// The kinds of pieces. The paper's piece indicators P = Pking ∪ Pmajor ∪ Ppawns name a kind
// (and, for pawns, a file); which *piece* (id) is meant is the semantics' business.
enum class PieceKind : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King };

// SAN letter of a kind; pawns have none in SAN ('P' is only an import-format tolerance).
[[nodiscard]] constexpr char piece_letter(PieceKind k) noexcept {
    switch (k) {
        case PieceKind::Pawn: return 'P';
        case PieceKind::Knight: return 'N';
        case PieceKind::Bishop: return 'B';
        case PieceKind::Rook: return 'R';
        case PieceKind::Queen: return 'Q';
        case PieceKind::King: return 'K';
    }
    PGNSEM_UNREACHABLE("every kind of piece is listed");
}

[[nodiscard]] constexpr const char* piece_name(PieceKind k) noexcept {
    switch (k) {
        case PieceKind::Pawn: return "pawn";
        case PieceKind::Knight: return "knight";
        case PieceKind::Bishop: return "bishop";
        case PieceKind::Rook: return "rook";
        case PieceKind::Queen: return "queen";
        case PieceKind::King: return "king";
    }
    PGNSEM_UNREACHABLE("every kind of piece is listed");
}

// F = {a, …, h}
class File {
public:
    [[nodiscard]] static constexpr std::optional<File> from_index(int i) noexcept {
        if (i < 0 || i > 7) return std::nullopt;
        return File(static_cast<std::uint8_t>(i));
    }
    [[nodiscard]] static constexpr std::optional<File> from_char(char c) noexcept {
        if (c < 'a' || c > 'h') return std::nullopt;
        return File(static_cast<std::uint8_t>(c - 'a'));
    }
    [[nodiscard]] static constexpr File unchecked(int i) noexcept {
        assert(i >= 0 && i <= 7);
        return File(static_cast<std::uint8_t>(i));
    }
    [[nodiscard]] constexpr int index() const noexcept { return index_; }
    [[nodiscard]] constexpr char to_char() const noexcept { return static_cast<char>('a' + index_); }
    friend constexpr bool operator==(File, File) noexcept = default;

private:
    constexpr explicit File(std::uint8_t i) noexcept : index_(i) {}
    std::uint8_t index_;
};

// R = {1, …, 8}; index() is 0 for rank 1.
class Rank {
public:
    [[nodiscard]] static constexpr std::optional<Rank> from_index(int i) noexcept {
        if (i < 0 || i > 7) return std::nullopt;
        return Rank(static_cast<std::uint8_t>(i));
    }
    [[nodiscard]] static constexpr std::optional<Rank> from_char(char c) noexcept {
        if (c < '1' || c > '8') return std::nullopt;
        return Rank(static_cast<std::uint8_t>(c - '1'));
    }
    [[nodiscard]] static constexpr Rank unchecked(int i) noexcept {
        assert(i >= 0 && i <= 7);
        return Rank(static_cast<std::uint8_t>(i));
    }
    [[nodiscard]] constexpr int index() const noexcept { return index_; }
    [[nodiscard]] constexpr int number() const noexcept { return index_ + 1; }
    [[nodiscard]] constexpr char to_char() const noexcept { return static_cast<char>('1' + index_); }
    friend constexpr bool operator==(Rank, Rank) noexcept = default;

private:
    constexpr explicit Rank(std::uint8_t i) noexcept : index_(i) {}
    std::uint8_t index_;
};

// Q = {f :: r}
class Square {
public:
    // a1: a valid square, so fixed-capacity arrays of moves need no "no square" value.
    constexpr Square() noexcept : index_(0) {}
    constexpr Square(File f, Rank r) noexcept : index_(static_cast<std::uint8_t>(r.index() * 8 + f.index())) {}
    [[nodiscard]] static constexpr std::optional<Square> from_index(int i) noexcept {
        if (i < 0 || i > 63) return std::nullopt;
        return Square(static_cast<std::uint8_t>(i));
    }
    [[nodiscard]] static constexpr std::optional<Square> from_coords(int file, int rank) noexcept {
        if (file < 0 || file > 7 || rank < 0 || rank > 7) return std::nullopt;
        return Square(static_cast<std::uint8_t>(rank * 8 + file));
    }
    [[nodiscard]] static constexpr Square unchecked(int i) noexcept {
        assert(i >= 0 && i <= 63);
        return Square(static_cast<std::uint8_t>(i));
    }
    // "e4" → e4; anything else → nullopt.
    [[nodiscard]] static constexpr std::optional<Square> from_chars(char f, char r) noexcept {
        auto ff = File::from_char(f);
        auto rr = Rank::from_char(r);
        if (!ff || !rr) return std::nullopt;
        return Square(*ff, *rr);
    }
    [[nodiscard]] constexpr int index() const noexcept { return index_; }
    [[nodiscard]] constexpr File file() const noexcept { return File::unchecked(index_ & 7); }
    [[nodiscard]] constexpr Rank rank() const noexcept { return Rank::unchecked(index_ >> 3); }
    // true for the light squares (h1, a8, …).
    [[nodiscard]] constexpr bool is_light() const noexcept { return ((index_ & 7) + (index_ >> 3)) % 2 == 1; }
    friend constexpr bool operator==(Square, Square) noexcept = default;

private:
    constexpr explicit Square(std::uint8_t i) noexcept : index_(i) {}
    std::uint8_t index_;
};

// Writes the two characters of a square ("e4") to out; returns out + 2.
inline char* write_square(char* out, Square s) noexcept {
    out[0] = s.file().to_char();
    out[1] = s.rank().to_char();
    return out + 2;
}

namespace squares {
// Named squares used by the castling equations and tests.
inline constexpr Square a1 = Square::unchecked(0), b1 = Square::unchecked(1), c1 = Square::unchecked(2),
                        d1 = Square::unchecked(3), e1 = Square::unchecked(4), f1 = Square::unchecked(5),
                        g1 = Square::unchecked(6), h1 = Square::unchecked(7);
inline constexpr Square a8 = Square::unchecked(56), b8 = Square::unchecked(57), c8 = Square::unchecked(58),
                        d8 = Square::unchecked(59), e8 = Square::unchecked(60), f8 = Square::unchecked(61),
                        g8 = Square::unchecked(62), h8 = Square::unchecked(63);
}  // namespace squares

}  // namespace pgnsem
