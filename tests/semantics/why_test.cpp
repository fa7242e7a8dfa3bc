// W1 (proofs-notes/invariants.md): the record of T for `pgnsem explain` (semantics/why.hpp), made of
// the same functions T is made of, says what T did. On positions of random walks, for every move SAN
// can write and every move written by its squares, under the Laws' reading and the paper's: when T
// is ⊥, the record ends with it (GTSS/GCSS failed with T's rule, or the last premise is ⊥ with T's
// rule and detail and every one before it ⊤); when T is ⊤, every premise is ⊤, the equation
// recorded is the one that fired, and σ with the recorded update applied in order is σ′.
#include "semantics/why.hpp"

#include <rapidcheck/catch.h>

#include "semantics/terminates.hpp"
#include "tests/semantics/walks.hpp"

using namespace pgnsem;
using namespace pgnsem::sem;
using namespace pgnsem::sem::testing;
namespace v2 = boost::variant2;

namespace {

void check_record(const ast::Move& m, const State& s, Reading r) {
    const Why why = why_of(m, s, r);
    const Termination recorded = terminates(m, s, r);
    if (const auto* f = v2::get_if<Refused>(&recorded)) {
        if (f->rule == Failure::MoveNull) return;
        if (const Undefined* u = why.source ? v2::get_if<Undefined>(&why.source->answer) : nullptr) {
            RC_ASSERT((*u == Undefined{f->rule, f->detail}));
            RC_ASSERT(why.premises.empty());
            return;
        }
        RC_ASSERT(!why.premises.empty());
        const Premise& last = why.premises.back();
        RC_LOG() << "T is ⊥ by " << rule_id(f->rule) << ", the last premise recorded is " << rule_id(last.as) << " ("
                 << last.statement() << ")\n";
        RC_ASSERT(!last.holds);
        RC_ASSERT(last.as == f->rule);
        RC_ASSERT(last.detail == f->detail);
        for (std::size_t i = 0; i + 1 < why.premises.size; ++i) RC_ASSERT(why.premises.items[i].holds);
        return;
    }
    const Accepted& ok = v2::get<Accepted>(recorded);
    for (const Premise& p : why.premises) RC_ASSERT(p.holds);
    RC_ASSERT(why.equation.has_value());
    RC_ASSERT(*why.equation == ok.action.rule);
    if (ok.action.castle) RC_ASSERT(!why.source.has_value());
    State n = s;
    for (const UpdateEntry& u : why.update) {
        RC_ASSERT(u.was == value_of(n, u.x));
        n = update(n, {{u.x, u.value}});
    }
    RC_ASSERT(n == ok.next);
}

}  // namespace

TEST_CASE("W1 the record of T ends where T does", "[property][W1]") {
    rc::prop("W1", [](const std::vector<std::uint32_t>& choices) {
        const std::vector<WalkStep> steps = walk(choices);
        const State s = steps.empty() ? initial_state() : steps[*rc::gen::inRange<std::size_t>(0, steps.size())].before;
        std::vector<ast::Move> moves = written_moves(s);
        for (int from = 0; from < 64; ++from)
            for (int to = 0; to < 64; ++to)
                if (from != to && !at(s, Square::unchecked(from)).empty())
                    moves.push_back(
                        ast::Move{ast::Coordinate{Square::unchecked(from), Square::unchecked(to), std::nullopt}});
        for (const ast::Move& m : moves) {
            check_record(m, s, Reading::laws());
            check_record(m, s, Reading::paper());
        }
    });
}
