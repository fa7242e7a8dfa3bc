// Every warning kind a verdict can carry, declared once, like the rule ids of
// semantics/rules.hpp: the interpreter's own kinds below — notation claims the position
// contradicts (§8.2.2, §8.2.3.3–§8.2.3.5, §8.1.1.7, §8.2.6), tolerated spellings of the import
// format (§8.2.3.7), the start position (§9.7), variations (§8.2.5) and the automatic draws (Laws
// 5.2.2, 9.6) — and the reader's kinds of ast/reader_warnings.hpp, which come first in
// WarningKind so that a reader's warning keeps its number. Each says whether it stays a warning
// under --strict (interpreter/strict.hpp); README.md "Warning kinds" lists them all, and a test
// holds the list and the tables together.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.hpp"
#include "ast/reader_warnings.hpp"

namespace pgnsem::interp {

// X(Enum, "kind", stays a warning under --strict, "one line: what the warning says")
#define PGNSEM_INTERPRETER_WARNINGS(X)                                                                                 \
    /* --- the claims of a defined move (§8.2.3.3–§8.2.3.5, §8.2.2) --- */                                        \
    X(CaptureMarker, "capture-marker", false,                                                                          \
      "a piece move with `x` that captures nothing, or without `x` that captures (§8.2.3.3); the move is played")      \
    X(OverDisambiguation, "over-disambiguation", false, "the origin is named more precisely than needed (§8.2.3.4)")   \
    X(Disambiguation, "disambiguation", false,                                                                         \
      "the origin is named otherwise than by the first sufficient hint of §8.2.3.4 (rank where the file suffices, …)") \
    X(CheckClaim, "check-claim", false,                                                                                \
      "`+`/`#` missing, or not what the position after the move makes good (§8.2.3.5)")                                \
    X(MoveNumber, "move-number", false,                                                                                \
      "a move number that is not the move's, or none before a White move in the export format (§8.2.2)")               \
    /* --- spellings the import format tolerates (§8.2.3.7), each reported with its export form --- */                \
    X(CastlingZero, "castling-zero", false, "castling written with the digit zero (§8.2.3.3)")                         \
    X(EnPassantSuffix, "en-passant-suffix", false, "an en passant capture marked `e.p.` (§8.2.3.3)")                   \
    X(PawnLetter, "pawn-letter", false, "a pawn move written with the letter P (§8.2.3.2)")                            \
    X(LongAlgebraic, "long-algebraic", false, "a move in long algebraic form, `e2-e4`, `Ng1xf3`")                      \
    X(CoordinateMove, "coordinate-move", false, "a move written by its squares (UCI), `e2e4`")                         \
    X(LowercasePromotion, "lowercase-promotion", false, "a promotion piece in lower case, `e8=q` (§8.2.3.3)")          \
    X(PromotionWithoutEquals, "promotion-without-equals", false, "a promotion without `=`, `e8Q` (§8.2.3.3)")          \
    X(CaptureColon, "capture-colon", false, "a capture written with `:` for `x` (§8.2.3.3)")                           \
    X(DetachedGlyph, "detached-glyph", false, "a suffix annotation apart from its move (§8.2.3.8)")                    \
    /* --- the game as a whole --- */                                                                                  \
    X(ResultMismatch, "result-mismatch", false, "the Result tag differs from the termination marker (§8.1.1.7)")       \
    X(ResultPosition, "result-position", false,                                                                        \
      "the termination marker contradicts the final position: checkmate, stalemate or an automatic draw")              \
    X(FenWithoutSetup, "fen-without-setup", false, "a FEN tag without SetUp \"1\" (§9.7.1)")                           \
    X(VariationIllegal, "variation-illegal", false,                                                                    \
      "an illegal move inside a variation (§8.2.5); the main line is still judged, and --strict makes it illegal")     \
    X(VariationNull, "variation-null", true,                                                                           \
      "a null move inside a variation: the rest of that variation is not judged")                                      \
    X(AfterAutomaticDraw, "after-automatic-draw", true,                                                                \
      "moves after a fivefold repetition, the 75-move rule or a dead position (Laws 9.6, 5.2.2); they are replayed")   \
    X(PaperStepDropped, "paper-step-dropped", true,                                                                    \
      "under the paper's [[S]] (erratum steps-in-text-order read as printed), a step whose number was used before is " \
      "not played")                                                                                                    \
    X(PaperIllFormedState, "paper-ill-formed-state", true,                                                             \
      "under a reading of the paper's own equations, a move left a state no game under the Laws reaches; the verdict " \
      "is unchanged")

// The reader's kinds first, in their own order, then the interpreter's.
enum class WarningKind : std::uint8_t {
#define PGNSEM_WARNING_ENUM(e, kind, stays, what) e,
    PGNSEM_READER_WARNINGS(PGNSEM_WARNING_ENUM) PGNSEM_INTERPRETER_WARNINGS(PGNSEM_WARNING_ENUM)
#undef PGNSEM_WARNING_ENUM
};

struct WarningInfo {
    WarningKind kind;
    std::string_view name;    // as verdicts write it
    bool stays_under_strict;  // true: still a warning under --strict; false: --strict makes it the error
    std::string_view what;
    bool from_reader;  // declared by ast/reader_warnings.hpp
};

inline constexpr WarningInfo kWarnings[] = {
#define PGNSEM_READER_WARNING_INFO(e, kind, stays, what) WarningInfo{WarningKind::e, kind, stays, what, true},
#define PGNSEM_WARNING_INFO(e, kind, stays, what) WarningInfo{WarningKind::e, kind, stays, what, false},
    PGNSEM_READER_WARNINGS(PGNSEM_READER_WARNING_INFO) PGNSEM_INTERPRETER_WARNINGS(PGNSEM_WARNING_INFO)
#undef PGNSEM_WARNING_INFO
#undef PGNSEM_READER_WARNING_INFO
};

inline constexpr std::size_t kWarningCount = sizeof(kWarnings) / sizeof(kWarnings[0]);

[[nodiscard]] constexpr const WarningInfo& info(WarningKind k) noexcept {
    return kWarnings[static_cast<std::size_t>(k)];
}
[[nodiscard]] constexpr std::string_view kind_name(WarningKind k) noexcept {
    return info(k).name;
}
[[nodiscard]] constexpr bool stays_under_strict(WarningKind k) noexcept {
    return info(k).stays_under_strict;
}

// A reader's warning as the verdict carries it: the same row, by its number.
[[nodiscard]] constexpr WarningKind warning_kind(ast::ReaderWarningKind k) noexcept {
    return static_cast<WarningKind>(static_cast<std::uint8_t>(k));
}
static_assert(
    [] {
        for (const ast::ReaderWarningInfo& r : ast::kReaderWarnings) {
            const WarningInfo& w = info(warning_kind(r.kind));
            if (!w.from_reader || w.name != r.name || w.stays_under_strict != r.stays_under_strict) return false;
        }
        return true;
    }(),
    "the reader's kinds come first in WarningKind, row for row");

struct Warning {
    WarningKind kind = WarningKind::CaptureMarker;
    std::uint32_t ply = 0;  // the main-line ply it is about, 0 when none
    ast::SourcePos pos;
    std::string written;
    std::string canonical;  // empty when there is no canonical form to offer
    std::string message;
    std::string rule;  // variation-illegal only: the rule the move broke
};

inline void add_warning(std::vector<Warning>& out, WarningKind kind, std::uint32_t ply, ast::SourcePos pos,
                        std::string written, std::string canonical, std::string message) {
    out.push_back(Warning{kind, ply, pos, std::move(written), std::move(canonical), std::move(message), {}});
}

}  // namespace pgnsem::interp
