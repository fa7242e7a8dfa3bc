// Who answers the questions [[S]] and the interpreter ask of a position: the reference at the top of
// semantics/ (the definition, under any reading of the errata) or the fast path of semantics/fast/
// (the Laws' reading only; proofs-notes/invariants.md, F1–F7, shows it gives the same answers). The
// command line chooses with `--engine reference|fast`; the fast path is the default, and a reading
// with any correction read as the paper prints it needs the reference.
//
// This is the one door to either: `Engine` below is the contract, as an interface for the callers
// that ask once in a while (a game's end, a report, the API); semantics/engines.hpp has the two
// engines that implement it, `ReferenceEngine` and `FastEngine`, for a loop that asks on every ply
// and is written once as a template on the engine (`Engine::visit` says which one it is). Nothing
// outside semantics/engine.hpp, semantics/engines.hpp, semantics/engine.cpp and semantics/fast/
// itself names the fast path's functions (tests, benchmarks and fuzz targets excepted: they hold it
// to the reference; tests/layout/layers.sh).
#pragma once

#include <cstdint>
#include <memory>
#include <variant>

#include "ast/ast.hpp"
#include "semantics/errata.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

class ReferenceEngine;
class FastEngine;

class Engine {
public:
    virtual ~Engine() = default;
    // Which corrections the answers make.
    [[nodiscard]] virtual Reading reading() const noexcept = 0;
    // T(M)(σ), for a written move and for a move given by its squares.
    [[nodiscard]] virtual Termination terminates(const ast::Move& m, const State& sigma) const noexcept = 0;
    [[nodiscard]] virtual Termination terminates_concrete(const State& sigma, ConcreteMove m) const noexcept = 0;
    // {m | T(m)(σ) = ⊤}, and whether it is empty.
    [[nodiscard]] virtual MoveList legal_moves(const State& sigma) const noexcept = 0;
    // T's ⊤ for m, a move of legal_moves(σ): get<Accepted>(terminates_concrete(σ, m)), by definition
    // (the reference's), without T's conditions asked again (the fast path's: its equation applied,
    // and IIC(σ′) for the side to move there; tests/semantics/fast_reference_test.cpp holds the two
    // equal on every legal move of its positions).
    [[nodiscard]] virtual Accepted play_legal(const State& sigma, ConcreteMove m) const noexcept;
    [[nodiscard]] virtual bool has_legal_move(const State& sigma) const noexcept = 0;
    // IIC(σ, c).
    [[nodiscard]] virtual bool in_check(const State& sigma, Color c) const noexcept = 0;
    // The origin canonical SAN names for a move T accepted (PGN 8.2.3.4).
    [[nodiscard]] virtual ast::Disambiguator canonical_disambiguator(const State& sigma,
                                                                     const Action& action) const noexcept = 0;
    // The leaves of the legal-move tree of σ, `depth` plies deep.
    [[nodiscard]] virtual std::uint64_t perft(const State& sigma, int depth) const noexcept = 0;

    // Checkmate, stalemate or neither (Laws 5.1.1, 5.2.1).
    [[nodiscard]] Outcome outcome(const State& sigma) const noexcept;
    // The canonical SAN of a move T accepted, its `+` or `#` from σ'.
    [[nodiscard]] ast::Move canonical_move(const State& sigma, const Action& action, const State& next) const noexcept;
    // The same from T's answer, whose `check` (IIC of σ' for the side to move there) T has learnt
    // already: no second pass over σ' for it.
    [[nodiscard]] ast::Move canonical_move(const State& sigma, const Accepted& played) const noexcept;

    // f(the engine as what it is): f(const ReferenceEngine&) or f(const FastEngine&), for a caller
    // whose every-ply loop is a template on the engine (semantics/engines.hpp defines it).
    template <class F>
    decltype(auto) visit(F&& f) const;

protected:
    Engine() noexcept = default;

private:
    [[nodiscard]] virtual std::variant<const ReferenceEngine*, const FastEngine*> concrete() const noexcept = 0;
};

// The fast path (the Laws' reading).
[[nodiscard]] const Engine& fast_engine() noexcept;
// The reference under a reading (the Laws' by default).
[[nodiscard]] std::unique_ptr<Engine> reference_engine(Reading r = Reading::laws());

}  // namespace pgnsem::sem
