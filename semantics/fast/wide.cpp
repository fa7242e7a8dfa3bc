// Whether the passes over σ read thirty-two squares at a time (semantics/fast/wide.hpp).
#include "semantics/fast/wide.hpp"

namespace pgnsem::sem::fast {

#if defined(PGNSEM_WIDE)
extern const bool kWide = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
}();

bool wide_available() noexcept {
    return kWide;
}
#else
bool wide_available() noexcept {
    return false;
}
#endif

}  // namespace pgnsem::sem::fast
