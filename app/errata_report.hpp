// `pgnsem errata`: the paper's errata as the reference runs them (semantics/errata.hpp). Which
// reading a run makes and who answers it: interpreter/reading.hpp.
#pragma once

#include <string>
#include <vector>

#include "semantics/errata.hpp"

namespace pgnsem::interp {

// Every erratum (number, slug, whether it can be read as the paper prints it, title, the Law, the
// paper's form, the correction, the game that tells them apart), then where the paper is silent
// and what pgnsem chooses. Text for people, or the JSON objects: one `erratum` each
// (schemas/erratum.json), then one `silence` each (schemas/silence.json), no newline in any.
[[nodiscard]] std::string errata_text();
[[nodiscard]] std::vector<std::string> errata_json();

}  // namespace pgnsem::interp
