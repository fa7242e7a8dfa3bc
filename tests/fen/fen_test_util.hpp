// Helpers shared by the FEN tests: read a FEN that must parse, expect a parse error, list the
// rule ids validate() reports (the shared data
// folder and skip() are tests/shared_data.hpp's).
#pragma once

#include <boost/variant2/variant.hpp>
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "laws/setup.hpp"
#include "semantics/rules.hpp"
#include "syntax/fen.hpp"
#include "tests/shared_data.hpp"

namespace pgnsem::test {

// The placement of a FEN the test expects to parse.
inline Placement fen(std::string_view text) {
    auto r = syntax::parse_fen(text);
    if (const auto* e = boost::variant2::get_if<syntax::FenError>(&r)) {
        FAIL("FEN \"" << text << "\" does not parse: " << e->field << " at column " << e->column << ": " << e->message);
    }
    return boost::variant2::get<Placement>(r);
}

// The error of a FEN the test expects to be rejected.
inline syntax::FenError fen_error(std::string_view text) {
    auto r = syntax::parse_fen(text);
    if (boost::variant2::holds_alternative<Placement>(r)) {
        FAIL("FEN \"" << text << "\" parses, but should not");
    }
    return boost::variant2::get<syntax::FenError>(r);
}

// The rule ids validate() reports, in its order (`chess960`: the position is read as a Chess960 one).
inline std::vector<std::string> problem_ids(const Placement& p, bool chess960 = false) {
    std::vector<std::string> ids;
    for (const auto& problem : sem::validate(p, chess960)) ids.emplace_back(sem::rule_id(problem.rule));
    return ids;
}

inline std::vector<std::string> problem_ids(std::string_view text, bool chess960 = false) {
    return problem_ids(fen(text), chess960);
}

inline std::string printed(const Placement& p) {
    return std::string(syntax::print_fen(p).view());
}

// The square named by two characters, "e4".
inline Square sq(const char* name) {
    return *Square::from_chars(name[0], name[1]);
}

// A FEN's placement through σ and back (from_placement, to_placement), printed.
inline std::string through_sigma(const char* text, bool chess960 = false,
                                 sem::CastlingStyle style = sem::CastlingStyle::XFen) {
    return printed(sem::to_placement(sem::from_placement(fen(text), chess960), style));
}

}  // namespace pgnsem::test
