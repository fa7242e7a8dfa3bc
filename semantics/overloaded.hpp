// Internal to semantics/: one handler per alternative for boost::variant2::visit (the house
// rule: exhaustive dispatch, no catch-all lambdas; a missing alternative does not compile).
#pragma once

namespace pgnsem::sem {

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace pgnsem::sem
