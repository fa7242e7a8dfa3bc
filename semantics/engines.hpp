// The two engines of the contract semantics/engine.hpp states: the reference (semantics/*.cpp, any
// reading) and the fast path (semantics/fast/, the Laws' reading). Each is a final class that
// implements `Engine`, so that a loop written as a template on the engine (the interpreter's main
// line, interpreter/interpret.cpp) calls its functions directly, and `EngineContract` below is what
// such a loop may ask of either.
//
// The fast path also answers a few questions the reference asks another way, which the Laws'
// analyses (laws/) and the draw bookkeeping (interpreter/draws.hpp) ask of it: σ's bit
// sets, the pieces attacking a square, and the position keys of "the same position" (Laws 9.2.3),
// kept move by move. They are static members of `FastEngine`, inline where a ply asks them; and
// `bits` names the bit-set geometry they are written in (a1 = bit 0).
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>
#include <variant>

#include "semantics/engine.hpp"
#include "semantics/fast/boards.hpp"
#include "semantics/fast/equations.hpp"
#include "semantics/fast/geometry.hpp"
#include "semantics/fast/in_check.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "semantics/fast/position.hpp"
#include "semantics/fast/position_key.hpp"
#include "semantics/fast/terminates.hpp"

namespace pgnsem::sem {

// The fast path's geometry on bit sets: the squares a knight, king, pawn, bishop or rook reaches
// from a square, the lines, ranks and files (semantics/fast/geometry.hpp).
namespace bits = fast::geo;

// The reference under a reading.
class ReferenceEngine final : public Engine {
public:
    // The reference reads any erratum either way, and decides "the same position" by comparing
    // positions (semantics/position.hpp), not by keys.
    static constexpr bool kLawsOnly = false;
    static constexpr bool kPositionKeys = false;

    // Its positions are σ itself, and T answers in them (EngineContract below).
    using Position = State;
    using Answer = Termination;
    [[nodiscard]] static Position position(const State& sigma) noexcept { return sigma; }
    [[nodiscard]] static const State& state(const Position& p) noexcept { return p; }
    [[nodiscard]] static const Termination& answer_of(const Answer& t) noexcept { return t; }
    [[nodiscard]] static const Answer& answer_in_positions(const Termination& t) noexcept { return t; }

    explicit ReferenceEngine(Reading r) noexcept : r_(r) {}
    [[nodiscard]] Reading reading() const noexcept override { return r_; }
    [[nodiscard]] Termination terminates(const ast::Move& m, const State& sigma) const noexcept override;
    [[nodiscard]] Termination terminates_concrete(const State& sigma, ConcreteMove m) const noexcept override;
    [[nodiscard]] MoveList legal_moves(const State& sigma) const noexcept override;
    [[nodiscard]] bool has_legal_move(const State& sigma) const noexcept override;
    [[nodiscard]] bool in_check(const State& sigma, Color c) const noexcept override;
    [[nodiscard]] ast::Disambiguator canonical_disambiguator(const State& sigma,
                                                             const Action& action) const noexcept override;
    [[nodiscard]] std::uint64_t perft(const State& sigma, int depth) const noexcept override;

private:
    [[nodiscard]] std::variant<const ReferenceEngine*, const FastEngine*> concrete() const noexcept override {
        return this;
    }
    Reading r_;
};

// The fast path: the Laws' reading.
class FastEngine final : public Engine {
public:
    static constexpr bool kLawsOnly = true;
    static constexpr bool kPositionKeys = true;

    // The one fast engine (it holds nothing).
    [[nodiscard]] static const FastEngine& instance() noexcept;

    // Its positions are σ with where its kings stand, which the fast T reads instead of looking for
    // them (semantics/fast/position.hpp): made once from σ, and then written by the equations with
    // σ′, in T's answer in positions.
    using Position = fast::Position;
    using Answer = fast::Termination;
    [[nodiscard]] static Position position(const State& sigma) noexcept { return fast::position_from(sigma); }
    [[nodiscard]] static const State& state(const Position& p) noexcept { return p.sigma; }
    [[nodiscard]] static Termination answer_of(const Answer& t) noexcept { return fast::answer_of(t); }
    [[nodiscard]] static Answer answer_in_positions(const Termination& t) noexcept {
        return fast::answer_in_positions(t);
    }
    // T(M) in a position.
    [[nodiscard]] Answer terminates(const ast::Move& m, const Position& p) const noexcept {
        return fast::terminates(m, p);
    }

    // (Defined here, each a call of the fast path's function: the main line calls T on every ply,
    // and a call through a function of engine.cpp would be a second call.)
    [[nodiscard]] Reading reading() const noexcept override { return Reading::laws(); }
    [[nodiscard]] Termination terminates(const ast::Move& m, const State& sigma) const noexcept override {
        return fast::answer_of(fast::terminates(m, fast::position_from(sigma)));
    }
    [[nodiscard]] Termination terminates_concrete(const State& sigma, ConcreteMove m) const noexcept override {
        return fast::answer_of(fast::terminates_concrete(fast::position_from(sigma), m));
    }
    [[nodiscard]] MoveList legal_moves(const State& sigma) const noexcept override { return fast::legal_moves(sigma); }
    [[nodiscard]] Accepted play_legal(const State& sigma, ConcreteMove m) const noexcept override {
        const fast::Position p = fast::position_from(sigma);
        const fast::Accepted a = fast::apply_concrete(p, m);
        const Color them = opposite(to_move(sigma));
        const Accepted played{a.next.sigma, a.action,
                              fast::in_check(a.next.sigma, them, a.next.king[static_cast<std::size_t>(them)])};
        PGNSEM_EXPENSIVE_ASSERT(boost::variant2::get<Accepted>(terminates_concrete(sigma, m)) == played,
                                "play_legal is T's answer");
        return played;
    }
    [[nodiscard]] bool has_legal_move(const State& sigma) const noexcept override {
        return fast::has_legal_move(sigma);
    }
    [[nodiscard]] bool in_check(const State& sigma, Color c) const noexcept override {
        return fast::in_check(sigma, c);
    }
    [[nodiscard]] ast::Disambiguator canonical_disambiguator(const State& sigma,
                                                             const Action& action) const noexcept override {
        return fast::canonical_disambiguator(sigma, action);
    }
    [[nodiscard]] std::uint64_t perft(const State& sigma, int depth) const noexcept override {
        return fast::perft(sigma, depth);
    }

    // What the public board (pgnsem/board.hpp) holds and asks, all of the fast path: T in positions
    // for a move given by its squares; IIC for a king whose square is known; the legal moves packed
    // in 16 bits (fast::PackedMove) or only counted, from σ and its bit sets kept beside it, which
    // boards_after updates move by move as perft does (F8).
    [[nodiscard]] static Answer terminates_concrete(const Position& p, ConcreteMove m) noexcept {
        return fast::terminates_concrete(p, m);
    }
    // The position after m, a move T accepts in p, without asking T again: the fast equations'
    // σ′ alone (what perft plays its generator's moves with; F5 of proofs-notes/invariants.md).
    [[nodiscard]] static Position apply_legal(const Position& p, ConcreteMove m) noexcept {
        const fast::Accepted a = fast::apply_concrete(p, m);
        PGNSEM_EXPENSIVE_ASSERT(boost::variant2::get<fast::Accepted>(fast::terminates_concrete(p, m)).next == a.next,
                                "apply_legal is given a move T accepts, and gives T's σ′");
        return a.next;
    }
    [[nodiscard]] static bool in_check(const Position& p, Color c) noexcept {
        return fast::in_check(p.sigma, c, p.king[static_cast<std::size_t>(c)]);
    }
    using PackedMove = fast::PackedMove;
    [[nodiscard]] static constexpr PackedMove pack(int from, int to, int promotion) noexcept {
        return fast::pack(from, to, promotion);
    }
    [[nodiscard]] static std::size_t legal_moves_packed(const State& sigma, const fast::Boards& b,
                                                        PackedMove* out) noexcept {
        return fast::legal_moves_packed(sigma, b, out);
    }
    [[nodiscard]] static std::size_t count_legal_moves(const State& sigma, const fast::Boards& b) noexcept {
        return fast::count_legal_moves(sigma, b);
    }
    // T's ⊤ for m, a move given by its 16 bits: whether the generator lists it (F4).
    [[nodiscard]] static bool is_legal_packed(const State& sigma, const fast::Boards& b, PackedMove m) noexcept {
        return fast::is_legal_packed(sigma, b, m);
    }
    [[nodiscard]] static fast::Boards boards_after(const State& sigma, const fast::Boards& b, ConcreteMove m) noexcept {
        return fast::boards_after(sigma, b, m);
    }

    // σ's bit sets by colour and kind, and the occupied squares (semantics/fast/boards.hpp; F1).
    using Boards = fast::Boards;
    [[nodiscard]] static Boards boards(const State& sigma) noexcept { return fast::boards_of(sigma); }
    // The squares of the pieces of colour `by` that attack q (F1).
    [[nodiscard]] static std::uint64_t attackers(const State& sigma, Square q, Color by) noexcept {
        return fast::attackers(sigma, q, by);
    }

    // Position keys (semantics/fast/position_key.hpp; F7, L13): the key of σ, its castling rights
    // and en passant file as the key reads them, and the window keys the main line keeps.
    [[nodiscard]] static std::uint64_t full_key(const State& sigma) noexcept { return fast::full_key(sigma); }
    [[nodiscard]] static unsigned castling_rights(const State& sigma) noexcept {
        return fast::detail::castling_rights(sigma);
    }
    [[nodiscard]] static int en_passant_file(const State& sigma) noexcept { return fast::en_passant_file(sigma); }
    [[nodiscard]] static int en_passant_file_after(const State& next, const Action& a) noexcept {
        return fast::en_passant_file_after(next, a);
    }
    [[nodiscard]] static std::uint64_t window_start_key(int ep_file) noexcept {
        return fast::window_start_key(ep_file);
    }
    // (`ep_file`: σ's en passant file, which becomes σ′'s.)
    [[nodiscard]] static std::uint64_t next_key_quiet(std::uint64_t key, const State& sigma, const State& next,
                                                      const Action& a, int& ep_file) noexcept {
        return fast::next_key_quiet(key, sigma, next, a, ep_file);
    }
    // Whether two positions have the same kinds and colours on every square (what the keys hash).
    [[nodiscard]] static bool same_key_row(PieceId a, PieceId b) noexcept {
        return fast::detail::kKeyRow[a.value()] == fast::detail::kKeyRow[b.value()];
    }

private:
    [[nodiscard]] std::variant<const ReferenceEngine*, const FastEngine*> concrete() const noexcept override {
        return this;
    }
};

// What a loop written once for both engines asks of its engine E: the interface, implemented by a
// final class (so that E's functions are called directly), and whether E reads the Laws only and
// names positions by keys, known at compile time; and E's positions, E::Position: what a loop over
// plies holds between them, made from σ where the loop starts (position) and read as σ (state).
// E's T takes a position and answers in positions (E::Answer: ⊤ holds σ′'s position as `next`, ⊥
// is a Refused), which answer_of writes as the interface's Termination and answer_in_positions
// reads back.
template <class E>
concept EngineContract = std::derived_from<E, Engine> && std::is_final_v<E> &&
    requires(const E& e, const State& s, const typename E::Position& p, const typename E::Answer& a,
             const Termination& t, const ast::Move& m) {
    { E::kLawsOnly } -> std::convertible_to<bool>;
    { E::kPositionKeys } -> std::convertible_to<bool>;
    { E::position(s) } -> std::same_as<typename E::Position>;
    { E::state(p) } -> std::same_as<const State&>;
    { e.terminates(m, p) } -> std::same_as<typename E::Answer>;
    { boost::variant2::get<0>(a).next } -> std::convertible_to<const typename E::Position&>;
    { boost::variant2::get<1>(a) } -> std::convertible_to<const Refused&>;
    { E::answer_of(a) } -> std::convertible_to<Termination>;
    { E::answer_in_positions(t) } -> std::convertible_to<typename E::Answer>;
};
static_assert(EngineContract<ReferenceEngine> && EngineContract<FastEngine>);

template <class F>
decltype(auto) Engine::visit(F&& f) const {
    return std::visit([&f](const auto* e) -> decltype(auto) { return f(*e); }, concrete());
}

}  // namespace pgnsem::sem
