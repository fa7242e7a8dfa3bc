// Deliberate bugs compiled in behind a switch read at run time: the mutants that show the tests able
// to fail (tests/README.md, "A mutation"). In the headers at the root of the layering (pgnsem_ast), as
// assert.hpp is, so that the readers, the semantics and the interpreter mark them the same way.
//
// A build configured with -DPGNSEM_MUTANTS=ON (scripts/test's checked build) compiles every mutant
// in, and the environment variable PGNSEM_MUTANT=NAME turns one of them on for a run (NAME as listed
// in tests/mutations/mutants.txt, dashes and all); an unknown NAME aborts, so that a typing error
// never passes for a mutant nobody caught. Every other build compiles
//   PGNSEM_MUTATE(name, mutated, normal)   to   (normal)
//   PGNSEM_MUTANT(name)                    to   false
// so the mutated expression is not even compiled there, and the code is the code without mutants.
// A site reads as the expression it had, with the bug beside it:
//   r.blocked_from = PGNSEM_MUTATE(fast_find_source_blocked_candidate, 63 - std::countl_zero(blocked),
//                                  std::countr_zero(blocked));
#pragma once

#if defined(PGNSEM_MUTANTS)
#include <cstdio>
#include <cstdlib>
#include <string_view>

// Every mutant, by name (tests/mutations/mutants.txt says what each breaks and which tests catch it;
// scripts/mutation-check checks that the two lists are the same).
#define PGNSEM_MUTANT_NAMES(X)                     \
    X(fast_boards_avx2_rook_as_pawn)               \
    X(fast_canonical_pin_by_knight)                \
    X(fast_canonical_rank_first)                   \
    X(fast_denote_avx2_square_twice)               \
    X(fast_denote_castle_clock)                    \
    X(fast_denote_castle_king_square)              \
    X(fast_denote_rook_flag)                       \
    X(fast_find_source_blocked_candidate)          \
    X(fast_find_source_double_step_any_rank)       \
    X(fast_find_source_king_any_disambiguator)     \
    X(fast_find_source_no_legality_filter)         \
    X(fast_in_check_avx2_colour)                   \
    X(fast_in_check_h_pawn)                        \
    X(fast_in_check_simd_colour)                   \
    X(fast_is_legal_any_promotion)                 \
    X(fast_legal_moves_diagonal_pins)              \
    X(fast_legal_moves_no_en_passant)              \
    X(fast_perft_boards_castle_rook)               \
    X(fast_position_key_en_passant)                \
    X(fast_terminates_castle_crossed)              \
    X(fast_terminates_into_pinned_swapped)         \
    X(ref_denote_promotion_file_all_captures)      \
    X(ref_terminates_check_turn_wrong_flag)        \
    X(ref_terminates_destination_empty_everywhere) \
    X(ref_denote_king_leaves_a_copy)               \
    X(ref_denote_promotion_keeps_pawn)             \
    X(ref_in_check_no_knight)                      \
    X(laws_material_rook_cannot_mate)              \
    X(interp_draws_fivefold_late)                  \
    X(interp_text_crash_on_control)                \
    X(syntax_writer_comment_any_line_start)        \
    X(syntax_tags_blank_line_first_name_only)      \
    X(check_file_field_empty)

namespace pgnsem::mutants {

enum class Mutant {
    none,
#define PGNSEM_MUTANT_ENUMERATOR(name) name,
    PGNSEM_MUTANT_NAMES(PGNSEM_MUTANT_ENUMERATOR)
#undef PGNSEM_MUTANT_ENUMERATOR
};

// The mutant PGNSEM_MUTANT names (Mutant::none when it is unset or empty).
[[nodiscard]] inline Mutant from_environment() noexcept {
    const char* const wanted = std::getenv("PGNSEM_MUTANT");
    if (wanted == nullptr || *wanted == '\0') return Mutant::none;
    // the name with its dashes read as the enumerator's underscores
    const auto same = [](std::string_view a, std::string_view b) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i] != b[i] && !(a[i] == '-' && b[i] == '_')) return false;
        return true;
    };
#define PGNSEM_MUTANT_MATCH(name) \
    if (same(wanted, #name)) return Mutant::name;
    PGNSEM_MUTANT_NAMES(PGNSEM_MUTANT_MATCH)
#undef PGNSEM_MUTANT_MATCH
    std::fprintf(stderr, "pgnsem: PGNSEM_MUTANT=%s names no mutant of this build (ast/mutants.hpp)\n", wanted);
    std::fflush(stderr);
    std::abort();
}

// The mutant this run has on, read once.
[[nodiscard]] inline Mutant active() noexcept {
    static const Mutant m = from_environment();
    return m;
}

}  // namespace pgnsem::mutants

#define PGNSEM_MUTANT(name) (::pgnsem::mutants::active() == ::pgnsem::mutants::Mutant::name)
#define PGNSEM_MUTATE(name, mutated, normal) (PGNSEM_MUTANT(name) ? (mutated) : (normal))
#else
#define PGNSEM_MUTANT(name) false
#define PGNSEM_MUTATE(name, mutated, normal) (normal)
#endif
