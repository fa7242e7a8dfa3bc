// Internal to semantics/: the passes over σ that read thirty-two squares at a time, for the
// processors with AVX2.
//
// The build targets x86-64-v2 (SSSE3, SSE4.2, popcount), so that the binary runs on any such
// processor. Three passes over σ that T makes for a move have a second body for AVX2, chosen
// once at start-up (kWide): IIC for both kings (`checks`, in_check.cpp), the sets GTSS and GCSS look
// for a piece in (`kind_boards`, boards.hpp and boards.cpp) and σ′'s board (`write_move`,
// equations.hpp and denote.cpp).
// GCC and Clang compile each as a function of its own with the avx2 target. Each is exported in both
// widths, `…_narrow` and `…_wide`, and in its scalar body, `…_scalar`, so that the tests hold all
// three to the reference, whichever the processor running them would choose
// (proofs-notes/invariants.md, F1 and F3).
#pragma once

// Whether this build has the wide bodies: x86-64 with SIMD, compiled by GCC or Clang.
#if defined(__x86_64__) && defined(__SSSE3__) && !defined(PGNSEM_NO_SIMD) && defined(__GNUC__)
#define PGNSEM_WIDE 1
#endif

namespace pgnsem::sem::fast {

// True when this build has the wide bodies and the processor has AVX2.
[[nodiscard]] bool wide_available() noexcept;

#if defined(PGNSEM_WIDE)
// wide_available(), asked once at start-up: what the passes test on every call. Read before its
// initialisation (from another translation unit's static initialiser) it is false, and the passes
// take their narrow bodies, which answer the same.
extern const bool kWide;
#endif

}  // namespace pgnsem::sem::fast
