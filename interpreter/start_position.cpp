// The start position of a game: the Variant tag, σ₀, or the FEN tag with SetUp (§9.7) and the
// validation of laws/setup.hpp (interpreter/start_position.hpp).
#include "interpreter/start_position.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include "interpreter/explain.hpp"
#include "laws/setup.hpp"
#include "semantics/rules.hpp"
#include "syntax/fen.hpp"

namespace pgnsem::interp {
namespace v2 = boost::variant2;

namespace {

std::string lower_case(std::string_view v) {
    std::string lower;
    for (char c : v) lower.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
    return lower;
}

// The values of the Variant tag read as standard chess (any case): absent or empty, `Standard`,
// `Standard chess`, `Chess`, `Normal`, `From Position`.
bool standard_variant(std::string_view v) noexcept {
    const std::string lower = lower_case(v);
    return lower.empty() || lower == "standard" || lower == "chess" || lower == "normal" || lower == "from position" ||
           lower == "standard chess";
}

}  // namespace

// The values of the Variant tag read as Chess960 (any case, spaces, hyphens and underscores
// ignored): `Chess960`, `Chess 960`, `960`, `Fischerandom`, `Fischer Random (Chess)`, `FRC`,
// `Freestyle (Chess)` (proofs-notes/chess960.md).
bool chess960_variant(std::string_view v) noexcept {
    std::string word;
    for (const char c : lower_case(v))
        if (c != ' ' && c != '-' && c != '_') word.push_back(c);
    return word == "chess960" || word == "960" || word == "fischerandom" || word == "fischerrandom" ||
           word == "fischerrandomchess" || word == "fischerandomchess" || word == "frc" || word == "freestyle" ||
           word == "freestylechess";
}

namespace {

// The game is not replayed: its verdict, at ply 0 in σ.
void refuse(Verdict& v, const sem::State& s, VerdictKind kind, std::string rule, std::string message,
            ast::SourcePos pos) {
    v.final_state = s;
    v.fen_after = fen_of(s);
    v.set_error(kind, 0, s, "", std::move(rule), std::move(message), pos);
}

}  // namespace

std::optional<sem::State> start_position(const ast::Game& g, Verdict& v) {
    const auto variant = g.tag("Variant");
    const bool chess960 = variant && chess960_variant(*variant);
    if (variant && !chess960 && !standard_variant(*variant)) {
        refuse(v, sem::initial_state(), VerdictKind::Unsupported,
               std::string(sem::rule_id(sem::Failure::VariantUnsupported)),
               "the variant \"" + std::string(*variant) + "\" is not supported (only standard chess and Chess960 are)",
               g.tag_pos("Variant"));
        return std::nullopt;
    }
    const auto fen = g.tag("FEN");
    const auto setup = g.tag("SetUp");
    if (!fen) {
        // A Chess960 game without its FEN starts from position 518, the standard arrangement.
        const sem::State s0 = chess960 ? sem::initial_state_960(518) : sem::initial_state();
        if (setup && *setup == "1") {
            refuse(v, s0, VerdictKind::Malformed, "syntax/setup-without-fen",
                   "the SetUp tag announces a start position, but there is no FEN tag", g.tag_pos("SetUp"));
            return std::nullopt;
        }
        return s0;
    }
    const ast::SourcePos fen_pos = g.tag_pos("FEN");
    auto parsed = syntax::parse_fen(*fen);
    if (auto* err = v2::get_if<syntax::FenError>(&parsed)) {
        refuse(v, sem::initial_state(), VerdictKind::Malformed, "syntax/fen",
               "the FEN tag does not parse: " + std::string(err->field) + " field, column " +
                   std::to_string(err->column + 1) + ": " + err->message,
               fen_pos);
        return std::nullopt;
    }
    const Placement& p = v2::get<Placement>(parsed);
    if (!setup || *setup != "1")
        add_warning(v.warnings, WarningKind::FenWithoutSetup, 0, fen_pos, "[FEN \"" + std::string(*fen) + "\"]",
                    "[SetUp \"1\"]", "a FEN tag needs SetUp \"1\" (§9.7.1)");
    // A Chess960 game's FEN is X-FEN or Shredder-FEN (proofs-notes/chess960.md).
    const sem::State s = sem::from_placement(p, chess960);
    const sem::Problems problems = sem::validate(p, s);
    if (!problems.empty()) {
        // Every problem, each in one sentence; the first one's rule is the verdict's.
        std::string message = "the start position cannot arise in a game: ";
        bool first = true;
        for (const sem::Problem& pr : problems) {
            if (!first) message += "; ";
            first = false;
            message += explain_problem(pr.rule, pr.detail, s);
        }
        refuse(v, s, VerdictKind::Illegal, std::string(sem::rule_id(problems.items[0].rule)), message, fen_pos);
        // σ cannot hold a clock past pgnsem's limits (semantics/state.hpp; it keeps the largest it
        // can), so the FEN reported is the one read, not σ's with its numbers changed.
        if (std::any_of(problems.begin(), problems.end(),
                        [](const sem::Problem& pr) { return pr.rule == sem::PositionRule::PosClock; }))
            v.fen_after = std::string(syntax::print_fen(p).view());
        return std::nullopt;
    }
    return s;
}

}  // namespace pgnsem::interp
