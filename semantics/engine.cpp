// The two engines: each forwards to its implementation (semantics/*.hpp, semantics/fast/*.hpp).
#include "semantics/engine.hpp"

#include "semantics/canonical.hpp"
#include "semantics/fast/in_check.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "semantics/fast/terminates.hpp"
#include "semantics/in_check.hpp"
#include "semantics/legal_moves.hpp"
#include "semantics/terminates.hpp"

namespace pgnsem::sem {

Outcome Engine::outcome(const State& sigma) const noexcept {
    if (has_legal_move(sigma)) return Outcome::Ongoing;
    return in_check(sigma, to_move(sigma)) ? Outcome::Checkmate : Outcome::Stalemate;
}

ast::Move Engine::canonical_move(const State& sigma, const Action& action, const State& next) const noexcept {
    ast::CheckClaim claim = ast::CheckClaim::None;
    if (in_check(next, to_move(next))) claim = has_legal_move(next) ? ast::CheckClaim::Check : ast::CheckClaim::Mate;
    return canonical_san(action, canonical_disambiguator(sigma, action), claim);
}

namespace {

class FastEngine final : public Engine {
public:
    FastEngine() noexcept : Engine(true) {}
    [[nodiscard]] Reading reading() const noexcept override { return Reading::laws(); }
    [[nodiscard]] Termination terminates(const ast::Move& m, const State& sigma) const noexcept override {
        return fast::terminates(m, sigma);
    }
    [[nodiscard]] Termination terminates_concrete(const State& sigma, ConcreteMove m) const noexcept override {
        return fast::terminates_concrete(sigma, m);
    }
    [[nodiscard]] MoveList legal_moves(const State& sigma) const noexcept override { return fast::legal_moves(sigma); }
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
};

class ReferenceEngine final : public Engine {
public:
    explicit ReferenceEngine(Reading r) noexcept : Engine(false), r_(r) {}
    [[nodiscard]] Reading reading() const noexcept override { return r_; }
    [[nodiscard]] Termination terminates(const ast::Move& m, const State& sigma) const noexcept override {
        return sem::terminates(m, sigma, r_);
    }
    [[nodiscard]] Termination terminates_concrete(const State& sigma, ConcreteMove m) const noexcept override {
        return sem::terminates_concrete(sigma, m, r_);
    }
    [[nodiscard]] MoveList legal_moves(const State& sigma) const noexcept override {
        return sem::legal_moves(sigma, r_);
    }
    [[nodiscard]] bool has_legal_move(const State& sigma) const noexcept override {
        return sem::has_legal_move(sigma, r_);
    }
    [[nodiscard]] bool in_check(const State& sigma, Color c) const noexcept override { return sem::in_check(sigma, c); }
    [[nodiscard]] ast::Disambiguator canonical_disambiguator(const State& sigma,
                                                             const Action& action) const noexcept override {
        return sem::canonical_disambiguator(sigma, action, r_);
    }

private:
    Reading r_;
};

}  // namespace

const Engine& fast_engine() noexcept {
    static const FastEngine engine;
    return engine;
}

std::unique_ptr<Engine> reference_engine(Reading r) {
    return std::make_unique<ReferenceEngine>(r);
}

}  // namespace pgnsem::sem
