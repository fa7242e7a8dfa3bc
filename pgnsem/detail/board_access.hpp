// Internal to the library (not installed): how pgnsem/board.cpp and pgnsem/api.cpp reach a
// Board's σ. The public header holds σ as bytes (Board::State) so that it needs no internal
// header; here they are σ with its kings (semantics/fast/position.hpp), copied in and out.
#pragma once

#include <cstring>
#include <type_traits>

#include "ast/ast.hpp"
#include "pgnsem/board.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "semantics/fast/position.hpp"

namespace pgnsem::api {
namespace fast = sem::fast;

// σ with its kings is the board's bytes, copied in and out (a trivially copyable value).
static_assert(std::is_trivially_copyable_v<fast::Position>);
static_assert(sizeof(fast::Position) == Board::kStateBytes, "Board::kStateBytes is sizeof(fast::Position)");
static_assert(alignof(fast::Position) <= alignof(Board::State));
// A Move's bits are the fast path's packed moves (semantics/fast/legal_moves.hpp).
static_assert(Move(Square::e7, Square::e8, PieceType::Queen).bits() ==
              fast::pack(52, 60, 1 + static_cast<int>(ast::PromotionPiece::Queen)));
static_assert(Move(Square::a7, Square::b8, PieceType::Knight).bits() ==
              fast::pack(48, 57, 1 + static_cast<int>(ast::PromotionPiece::Knight)));
static_assert(MoveList::kCapacity == sem::MoveList::kCapacity);
// The public enums follow the internal ones value for value.
static_assert(static_cast<int>(PieceType::King) == static_cast<int>(PieceKind::King) &&
              static_cast<int>(PieceType::Knight) == static_cast<int>(PieceKind::Knight));

struct BoardAccess {
    [[nodiscard]] static fast::Position position(const Board::State& b) noexcept {
        fast::Position p;
        std::memcpy(&p, b.bytes.data(), sizeof p);
        return p;
    }
    [[nodiscard]] static Board::State bytes(const fast::Position& p) noexcept {
        Board::State b;
        std::memcpy(b.bytes.data(), &p, sizeof p);
        return b;
    }
    [[nodiscard]] static fast::Position position(const Board& board) noexcept { return position(board.state_); }
    [[nodiscard]] static sem::State state(const Board& board) noexcept { return position(board.state_).sigma; }
    static void set(Board& board, const fast::Position& p) noexcept { board.state_ = bytes(p); }
    static void push(Board& board, const fast::Position& next, Move m) {
        board.history_.push_back(Board::Undo{board.state_, m});
        set(board, next);
    }
    static std::uint16_t* list(MoveList& l) noexcept { return l.bits_.data(); }
    static void set_size(MoveList& l, std::size_t n) noexcept { l.size_ = n; }
};

inline Board board_of(const sem::State& s) {
    Board b;
    BoardAccess::set(b, fast::position_from(s));
    return b;
}

}  // namespace pgnsem::api
