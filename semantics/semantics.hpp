// The semantics' public surface, one header to include. Each function is defined in the file
// named after it, headed by the equation it implements (proofs-notes/semantics.md maps every
// equation and rule id to its function).
#pragma once

#include "semantics/denote.hpp"
#include "semantics/engine.hpp"
#include "semantics/errata.hpp"
#include "semantics/find_source.hpp"
#include "semantics/in_check.hpp"
#include "semantics/legal_moves.hpp"
#include "semantics/partial.hpp"
#include "semantics/position.hpp"
#include "semantics/rules.hpp"
#include "semantics/state.hpp"
#include "semantics/steps.hpp"
#include "semantics/terminates.hpp"
