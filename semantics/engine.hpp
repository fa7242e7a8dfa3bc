// Who answers the questions [[S]] and the interpreter ask of a position: the reference at the top of
// semantics/ (the definition, under any reading of the errata) or the fast path of semantics/fast/
// (the Laws' reading only; proofs-notes/invariants.md, F1–F7, shows it gives the same answers). The
// command line chooses with `--engine reference|fast`; the fast path is the default, and a reading
// with any correction read as the paper prints it needs the reference.
#pragma once

#include <cstdint>
#include <memory>

#include "semantics/errata.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"
#include "syntax/ast.hpp"

namespace pgnsem::sem {

class Engine {
public:
    virtual ~Engine() = default;
    // Whether this is the fast path. (Not virtual: the interpreter's per-ply T calls
    // sem::fast::terminates directly when it is, the same function without the indirect call.)
    [[nodiscard]] bool is_fast() const noexcept { return fast_; }
    // Which corrections the answers make.
    [[nodiscard]] virtual Reading reading() const noexcept = 0;
    // T(M)(σ), for a written move and for a move given by its squares.
    [[nodiscard]] virtual Termination terminates(const ast::Move& m, const State& sigma) const noexcept = 0;
    [[nodiscard]] virtual Termination terminates_concrete(const State& sigma, ConcreteMove m) const noexcept = 0;
    // {m | T(m)(σ) = ⊤}, and whether it is empty.
    [[nodiscard]] virtual MoveList legal_moves(const State& sigma) const noexcept = 0;
    [[nodiscard]] virtual bool has_legal_move(const State& sigma) const noexcept = 0;
    // IIC(σ, c).
    [[nodiscard]] virtual bool in_check(const State& sigma, Color c) const noexcept = 0;
    // The origin canonical SAN names for a move T accepted (PGN 8.2.3.4).
    [[nodiscard]] virtual ast::Disambiguator canonical_disambiguator(const State& sigma,
                                                                     const Action& action) const noexcept = 0;

    // Checkmate, stalemate or neither (Laws 5.1.1, 5.2.1).
    [[nodiscard]] Outcome outcome(const State& sigma) const noexcept;
    // The canonical SAN of a move T accepted, its `+` or `#` from σ'.
    [[nodiscard]] ast::Move canonical_move(const State& sigma, const Action& action, const State& next) const noexcept;

protected:
    explicit Engine(bool fast) noexcept : fast_(fast) {}

private:
    bool fast_;
};

// The fast path (the Laws' reading).
[[nodiscard]] const Engine& fast_engine() noexcept;
// The reference under a reading (the Laws' by default).
[[nodiscard]] std::unique_ptr<Engine> reference_engine(Reading r = Reading::laws());

}  // namespace pgnsem::sem
