// `pgnsem errata`: the paper's errata as the reference runs them (semantics/errata.hpp), and
// `--semantics` / `--erratum` / `--engine`: which reading a run makes and who answers it.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "semantics/engine.hpp"
#include "semantics/errata.hpp"

namespace pgnsem::interp {

// Every erratum (number, slug, whether it can be read as the paper prints it, title, the Law, the
// paper's form, the correction, the game that tells them apart), then where the paper is silent
// and what pgnsem chooses. Text for people, or the JSON objects: one `erratum` each
// (schemas/erratum.json), then one `silence` each (schemas/silence.json), no newline in any.
[[nodiscard]] std::string errata_text();
[[nodiscard]] std::vector<std::string> errata_json();

// What a run asked for: `--semantics paper|laws`, each `--erratum SLUG=paper|laws` (in order, the
// later winning), and `--engine reference|fast` (empty: not given).
struct ReadingRequest {
    std::string semantics = "laws";
    std::vector<std::string> errata;
    std::string engine;
};

// The engine a run uses, and the one it owns when that is a reference engine.
struct EngineChoice {
    const sem::Engine* engine = nullptr;
    std::unique_ptr<sem::Engine> owned;
};

// The reading and the engine, or why the request is not one (an unknown slug, an erratum of the
// prose only, the fast engine asked for a reading other than the Laws'). Without --engine, the
// fast path runs the Laws' reading and the reference any other.
[[nodiscard]] std::variant<EngineChoice, std::string> choose_engine(const ReadingRequest& request);

}  // namespace pgnsem::interp
