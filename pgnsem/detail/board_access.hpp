// Internal to the library (not installed): how pgnsem/board.cpp and pgnsem/api.cpp reach a
// Board's σ, and the internal rule ids and warnings as the public types. The public header holds σ as bytes
// (Board::State) so that it needs no internal header; here they are σ with its kings (semantics/fast/position.hpp) and
// its bit sets (semantics/fast/boards.hpp), copied in and out. The bit sets are kept move by move as perft keeps them
// (fast::boards_after, lemma F8 of proofs-notes/invariants.md), so that listing or counting the moves of a board does
// not derive them from σ again.
#pragma once

#include <cstddef>
#include <cstring>
#include <new>
#include <type_traits>

#include "ast/assert.hpp"
#include "ast/ast.hpp"
#include "interpreter/warnings.hpp"
#include "pgnsem/board.hpp"
#include "semantics/engines.hpp"

namespace pgnsem::api {
namespace fast = sem::fast;

// What a board holds: σ with its kings, and σ's bit sets (boards == fast::boards_of(position.sigma)).
struct Held {
    fast::Position position;
    fast::Boards boards;
};
// They are the board's bytes, copied in and out (a trivially copyable value).
static_assert(std::is_trivially_copyable_v<Held>);
static_assert(sizeof(Held) == Board::kStateBytes, "Board::kStateBytes is sizeof(Held)");
static_assert(alignof(Held) <= alignof(Board::State));
// A Move's bits are the fast path's packed moves (semantics/fast/legal_moves.hpp).
static_assert(Move(Square::e7, Square::e8, PieceType::Queen).bits() ==
              sem::FastEngine::pack(52, 60, 1 + static_cast<int>(ast::PromotionPiece::Queen)));
static_assert(Move(Square::a7, Square::b8, PieceType::Knight).bits() ==
              sem::FastEngine::pack(48, 57, 1 + static_cast<int>(ast::PromotionPiece::Knight)));
static_assert(MoveList::kCapacity == sem::MoveList::kCapacity);
// The public enums follow the internal ones value for value.
static_assert(static_cast<int>(PieceType::King) == static_cast<int>(PieceKind::King) &&
              static_cast<int>(PieceType::Knight) == static_cast<int>(PieceKind::Knight));

// The bytes hold a Held: it is made in them (Board's constructor) and copied with them, and read
// and written in place (a trivially copyable type in an array of unsigned char, which provides
// storage for it).
struct BoardAccess {
    [[nodiscard]] static const Held& held(const Board& board) noexcept {
        return *std::launder(reinterpret_cast<const Held*>(board.state_.bytes.data()));
    }
    [[nodiscard]] static Held& held(Board& board) noexcept {
        return *std::launder(reinterpret_cast<Held*>(board.state_.bytes.data()));
    }
    [[nodiscard]] static const fast::Position& position(const Board& board) noexcept { return held(board).position; }
    [[nodiscard]] static const sem::State& state(const Board& board) noexcept { return held(board).position.sigma; }
    static void set(Board& board, const Held& h) noexcept { held(board) = h; }
    // σ′ = next, reached from the board's position by m, a legal move: its bit sets from σ's.
    static void push(Board& board, const fast::Position& next, sem::ConcreteMove m, Move move) {
        board.history_.push_back(Board::Undo{board.state_, move});
        Held& h = held(board);
        h.boards = sem::FastEngine::boards_after(h.position.sigma, h.boards, m);
        h.position = next;
    }
    static std::uint16_t* list(MoveList& l) noexcept { return l.bits_.data(); }
    static void set_size(MoveList& l, std::size_t n) noexcept { l.size_ = n; }
};

// The public rule of an internal id: every id the semantics and the readers write is in the
// contract's list (schemas/common.json), which pgnsem/rules.hpp holds.
inline Rule rule_of(std::string_view id) noexcept {
    const std::optional<Rule> r = rule_from_id(id);
    PGNSEM_ASSERT(r.has_value(), "every rule id is in pgnsem/rules.hpp");
    return r.value_or(Rule::SyntaxToken);
}

inline WarningKind warning_kind_of(interp::WarningKind k) noexcept {
    const std::optional<WarningKind> kind = warning_kind_from_name(interp::kind_name(k));
    PGNSEM_ASSERT(kind.has_value(), "every warning kind is in pgnsem/rules.hpp");
    return kind.value_or(WarningKind::CaptureMarker);
}

inline Warning warning_of(const interp::Warning& w) {
    std::optional<Rule> rule;
    if (!w.rule.empty()) rule = rule_of(w.rule);
    return Warning{warning_kind_of(w.kind), w.ply, w.pos.line, w.pos.column, w.written, w.canonical, rule, w.message};
}

inline Held held_of(const sem::State& s) noexcept {
    return Held{sem::FastEngine::position(s), sem::FastEngine::boards(s)};
}

inline Board board_of(const sem::State& s) {
    Board b;
    BoardAccess::set(b, held_of(s));
    return b;
}

}  // namespace pgnsem::api
