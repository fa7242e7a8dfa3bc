// The two engines (semantics/engines.hpp): the reference's functions forward to semantics/*.hpp (the
// fast path's are defined in semantics/engines.hpp).
#include "semantics/engine.hpp"

#include "semantics/canonical.hpp"
#include "semantics/engines.hpp"
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

Accepted Engine::play_legal(const State& sigma, ConcreteMove m) const noexcept {
    const Termination t = terminates_concrete(sigma, m);
    PGNSEM_ASSERT(boost::variant2::holds_alternative<Accepted>(t), "play_legal is given a legal move");
    return boost::variant2::get<Accepted>(t);
}

ast::Move Engine::canonical_move(const State& sigma, const Accepted& played) const noexcept {
    PGNSEM_EXPENSIVE_ASSERT(played.check == in_check(played.next, to_move(played.next)),
                            "T's check is IIC(σ', to move)");
    ast::CheckClaim claim = ast::CheckClaim::None;
    if (played.check) claim = has_legal_move(played.next) ? ast::CheckClaim::Check : ast::CheckClaim::Mate;
    return canonical_san(played.action, canonical_disambiguator(sigma, played.action), claim);
}

// ---- the reference ------------------------------------------------------------------------------

Termination ReferenceEngine::terminates(const ast::Move& m, const State& sigma) const noexcept {
    return sem::terminates(m, sigma, r_);
}
Termination ReferenceEngine::terminates_concrete(const State& sigma, ConcreteMove m) const noexcept {
    return sem::terminates_concrete(sigma, m, r_);
}
MoveList ReferenceEngine::legal_moves(const State& sigma) const noexcept {
    return sem::legal_moves(sigma, r_);
}
bool ReferenceEngine::has_legal_move(const State& sigma) const noexcept {
    return sem::has_legal_move(sigma, r_);
}
bool ReferenceEngine::in_check(const State& sigma, Color c) const noexcept {
    return sem::in_check(sigma, c);
}
ast::Disambiguator ReferenceEngine::canonical_disambiguator(const State& sigma, const Action& action) const noexcept {
    return sem::canonical_disambiguator(sigma, action, r_);
}
std::uint64_t ReferenceEngine::perft(const State& sigma, int depth) const noexcept {
    return sem::perft(sigma, depth, r_);
}

// ---- the fast path ------------------------------------------------------------------------------

const FastEngine& FastEngine::instance() noexcept {
    static const FastEngine engine;
    return engine;
}
const Engine& fast_engine() noexcept {
    return FastEngine::instance();
}

std::unique_ptr<Engine> reference_engine(Reading r) {
    return std::make_unique<ReferenceEngine>(r);
}

}  // namespace pgnsem::sem
