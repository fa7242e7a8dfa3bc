// Which reading a run makes and who answers it: `--semantics` / `--erratum` / `--engine` of the
// command line, the readings of `--compare A,B` and `errata --find --base`, the `reading` member of a
// serve request and JudgeOptions of pgnsem/api.hpp, all read here into a sem::Reading
// (semantics/errata.hpp) and the engine that runs it (semantics/engine.hpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "semantics/engine.hpp"

namespace pgnsem::interp {

// What a run asked for: `--semantics paper|laws`, each `--erratum SLUG=paper|laws` (in order, the
// later winning), and `--engine reference|fast` (empty: not given).
struct ReadingRequest {
    std::string semantics = "laws";
    std::vector<std::string> errata;
    std::string engine;
};

// The engine a run uses (never null when choose_engine gives it), and the one it owns when that is a
// reference engine.
struct EngineChoice {
    const sem::Engine* engine = nullptr;
    std::unique_ptr<sem::Engine> owned;
};

// The reading and the engine, or why the request is not one (an unknown slug, an erratum of the
// prose only, the fast engine asked for a reading other than the Laws'). Without --engine, the
// fast path runs the Laws' reading and the reference any other.
[[nodiscard]] std::variant<EngineChoice, std::string> choose_engine(const ReadingRequest& request);

// The engine choose_engine gives a reading when no --engine is asked for: the fast path for the
// Laws' reading, the reference for any other.
[[nodiscard]] EngineChoice default_engine(sem::Reading r);

// A reading written as one word, as `check --compare A,B` takes two: `laws` or `paper`, then any
// number of `+SLUG=paper` or `+SLUG=laws`, read as --semantics and then each --erratum in order
// (`laws+castle-through-check=paper`). The request (no engine named), or why the word is not one;
// the slugs are checked by choose_engine, as --erratum's are.
[[nodiscard]] std::variant<ReadingRequest, std::string> reading_request(std::string_view word);

}  // namespace pgnsem::interp
