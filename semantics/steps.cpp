// [[S]] (§3.2.1): the order of the steps, and where the game ends.
#include "semantics/steps.hpp"

#include <algorithm>

namespace pgnsem::sem {

StepOrder step_order(const ast::Game& g, std::uint32_t first_ply, std::uint32_t first_number, Reading r) {
    StepOrder out;
    out.first = first_ply;
    out.text_order = r.corrected(Erratum::StepsInTextOrder);
    if (out.text_order) return out;
    // The paper's map: each ply with its step's number (a ply without one continues the step
    // before it); a number seen before drops its step ({(b, Y) ∈ [[S]] | n ≠ b} keeps the first).
    struct Numbered {
        std::uint32_t number;
        std::uint32_t ply;
    };
    std::vector<Numbered> kept;
    std::vector<std::uint32_t> seen;
    std::uint32_t number = first_number;
    bool dropping = false;
    std::uint32_t place = 0;
    for (std::uint32_t i = first_ply; i != ast::kNone; i = g.plies[i].next, ++place) {
        const ast::Ply& p = g.plies[i];
        if (p.number_written != 0) {
            number = p.number_written;
            dropping = std::find(seen.begin(), seen.end(), number) != seen.end();
            if (!dropping) seen.push_back(number);
        } else if (place == 0) {
            seen.push_back(number);
        }
        if (dropping)
            out.dropped.push_back({i, number});
        else
            kept.push_back({number, i});
    }
    // "executed in the associated, ascending order" (a stable sort keeps a step's plies in text order)
    std::stable_sort(kept.begin(), kept.end(),
                     [](const Numbered& a, const Numbered& b) { return a.number < b.number; });
    out.plies.reserve(kept.size());
    for (const Numbered& k : kept) out.plies.push_back(k.ply);
    return out;
}

Failure reported_rule(const Refused& failure, const State& sigma, const Engine& e) noexcept {
    if (e.reading().corrected(Erratum::GameOver) && !e.has_legal_move(sigma)) return Failure::GameOver;
    return failure.rule;
}

Folded<StepJudgement> denote_steps(const ast::Game& g, const State& sigma0, const Engine& e) {
    const StepOrder order = step_order(g, g.main_line, move_number(sigma0), e.reading());
    return fold_steps(
        g, order, sigma0,
        [&e](std::size_t, const ast::Ply& p, const State& s) {
            StepJudgement j{e.terminates(p.move, s), Failure::GameOver};
            if (const Refused* f = boost::variant2::get_if<Refused>(&j.t)) j.reported = reported_rule(*f, s, e);
            return j;
        },
        [](std::size_t, const ast::Ply&, const State&, const StepJudgement&) { return true; });
}

}  // namespace pgnsem::sem
