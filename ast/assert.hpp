// A bug is never a verdict (docs/ARCHITECTURE.md, "⊥ is a value, a bug aborts"). In the headers at
// the root of the layering (pgnsem_ast), so that the AST, the readers, the semantics and the
// interpreter all assert the same way.
//
// PGNSEM_ASSERT(condition, "what must hold") checks an internal invariant in every build; when it
// does not hold, pgnsem prints where and what, and aborts. It is for invariants whose test is
// cheap next to the work around it (a comparison, a table look-up), never for the answer to a
// user's input: a move that breaks a rule is ⊥ (Undefined, Refused), a text that does not parse is a
// syntax error. PGNSEM_UNREACHABLE("why") marks a path that a correct program never takes, such as
// the end of a switch that covers every enumerator.
//
// PGNSEM_EXPENSIVE_ASSERT is the same for checks that cost as much as the work they check (a scan
// of σ after every move on the fast path). It is compiled in Debug builds (NDEBUG not defined) and
// whenever PGNSEM_CHECKED is defined; scripts/test runs such a build.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace pgnsem::detail {

// Where a bug was caught, just before aborting: the one thing the semantics ever prints.
[[noreturn]] inline void assertion_failed(const char* file, int line, const char* condition,
                                          const char* what) noexcept {
    std::fprintf(stderr, "pgnsem: internal error at %s:%d: %s (%s)\npgnsem: this is a bug; please report it\n", file,
                 line, what, condition);
    std::fflush(stderr);
    std::abort();
}

}  // namespace pgnsem::detail

#define PGNSEM_ASSERT(condition, what)                                                              \
    do {                                                                                            \
        if (!(condition)) ::pgnsem::detail::assertion_failed(__FILE__, __LINE__, #condition, what); \
    } while (false)

#define PGNSEM_UNREACHABLE(what) ::pgnsem::detail::assertion_failed(__FILE__, __LINE__, "unreachable", what)

#if !defined(NDEBUG) || defined(PGNSEM_CHECKED)
#define PGNSEM_EXPENSIVE_ASSERT(condition, what) PGNSEM_ASSERT(condition, what)
#else
// (The condition is named but not evaluated, so that what it mentions counts as used.)
#define PGNSEM_EXPENSIVE_ASSERT(condition, what) \
    do {                                         \
        (void)sizeof(!(condition));              \
    } while (false)
#endif
