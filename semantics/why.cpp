// The record of T(M)(σ) for `pgnsem explain`: the answers of the functions T and [[M]] are made
// of, asked in the order T asks them, each once (denote.cpp: the turn limit and the equation's
// conditions, GTSS/GCSS, the equation's update; terminates.cpp: T's premises, then the claim).
#include "semantics/why.hpp"

#include "semantics/terminates.hpp"

namespace pgnsem::sem {

Why why_of(const ast::Move& m, const State& sigma, Reading r) noexcept {
    Why why;
    if (boost::variant2::holds_alternative<ast::NullMove>(m.body)) return why;
    const Premises own = conditions(m, sigma, r);
    for (const Premise& p : own) why.premises.push_back(p);
    why.own_premises = own.size;
    if (!own.hold()) return why;
    std::optional<Square> source;
    if (const std::optional<SourceQuery> q = source_query(m, r)) {
        why.source = find_source(sigma, *q, r);
        const Source* found = boost::variant2::get_if<Source>(&why.source->answer);
        if (found == nullptr) return why;
        source = found->from;
    }
    const Update u = fire(m, sigma, source, r);
    why.equation = u.action.rule;
    State next = sigma;
    for (const UpdateItem& i : u.items) {
        why.update.push_back(UpdateEntry{i.xv.x, i.xv.value, value_of(next, i.xv.x), i.origin, i.erratum});
        assign_in_place(next, i.xv);
    }
    if (const Action& a = u.action; a.promotion) {
        const Color c = color_of(a.piece);
        why.promotion = PromotionCase{c, *a.promotion, a.to, promoted_id(c, *a.promotion, a.to)};
    }
    const Transition t{next, u.action};
    const Premises premises = termination_premises(sigma, t, capture_form(m, Partial<Transition>{t}), r);
    for (const Premise& p : premises) {
        why.premises.push_back(p);
        if (p.iic) why.iic.push_back(*p.iic);
    }
    if (premises.hold())
        if (const std::optional<IicCall> c = claim(sigma, t, r)) why.iic.push_back(*c);
    return why;
}

}  // namespace pgnsem::sem
