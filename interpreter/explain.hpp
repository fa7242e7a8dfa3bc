// Sentences in chess terms for the semantics' verdicts ("the knight on c3 is pinned by the
// bishop on b4 against the king on e1"). The semantics returns rules and squares only; words
// are made here, from the rule, its Detail and the state the move was tried in.
#pragma once

#include <string>

#include "ast/ast.hpp"
#include "semantics/errata.hpp"
#include "semantics/partial.hpp"
#include "semantics/state.hpp"

namespace pgnsem::interp {

// Why T(M)(σ) = ⊥ under the reading r, as one sentence. `written` is the move as the game wrote it.
[[nodiscard]] std::string explain_failure(const sem::Refused& f, const sem::State& sigma, std::string_view written,
                                          sem::Reading r = sem::Reading::laws());

// Every problem of an impossible start position, as one sentence each, joined by "; ".
[[nodiscard]] std::string explain_problem(sem::PositionRule rule, const sem::Detail& d, const sem::State& sigma);

// "the white knight on c3"
[[nodiscard]] std::string describe_piece(const sem::State& sigma, Square q);

}  // namespace pgnsem::interp
