// The one thing semantics/ ever prints: where a bug was caught, just before aborting.
#include "semantics/assert.hpp"

#include <cstdio>
#include <cstdlib>

namespace pgnsem::detail {

void assertion_failed(const char* file, int line, const char* condition, const char* what) noexcept {
    std::fprintf(stderr, "pgnsem: internal error at %s:%d: %s (%s)\npgnsem: this is a bug; please report it\n", file,
                 line, what, condition);
    std::fflush(stderr);
    std::abort();
}

}  // namespace pgnsem::detail
