// The warnings the PGN reader writes (`ast::ReaderWarning`), declared once: the kind as verdicts
// spell it, whether it stays a warning under --strict (none does: each is text the export format
// of §8 does not allow), and one line on when the reader writes it. syntax/README.md lists them
// ("Warning kinds the reader writes"); a test holds the list and this table together. The
// interpreter's own kinds are in interpreter/warnings.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace pgnsem::ast {

// X(Enum, "kind", stays a warning under --strict, "one line: when the reader writes it")
#define PGNSEM_READER_WARNINGS(X)                                                               \
    X(DuplicateTag, "duplicate-tag", false,                                                     \
      "a tag name appears again in the same tag section (§8.1); the last value counts")         \
    X(TextAfterResult, "text-after-result", false,                                              \
      "text after the termination marker that begins no movetext (§8.2.6); it is not played")   \
    X(MissingResult, "missing-result", false,                                                   \
      "the movetext ends without a termination marker, or there is none (§8.2.6)")              \
    X(CommentBeforeTags, "comment-before-tags", false,                                          \
      "comments before a tag section, kept as the first comment of the game whose tags follow") \
    X(BlankLineInTags, "blank-line-in-tags", false,                                             \
      "a blank line between tag pairs, where the tags after it name none of those before it: "  \
      "one tag section, not a game without moves before the next")

enum class ReaderWarningKind : std::uint8_t {
#define PGNSEM_READER_WARNING_ENUM(e, kind, stays, what) e,
    PGNSEM_READER_WARNINGS(PGNSEM_READER_WARNING_ENUM)
#undef PGNSEM_READER_WARNING_ENUM
};

struct ReaderWarningInfo {
    ReaderWarningKind kind;
    std::string_view name;    // as verdicts write it
    bool stays_under_strict;  // true: still a warning under --strict; false: the game is malformed
    std::string_view what;
};

inline constexpr ReaderWarningInfo kReaderWarnings[] = {
#define PGNSEM_READER_WARNING_INFO(e, kind, stays, what) ReaderWarningInfo{ReaderWarningKind::e, kind, stays, what},
    PGNSEM_READER_WARNINGS(PGNSEM_READER_WARNING_INFO)
#undef PGNSEM_READER_WARNING_INFO
};

inline constexpr std::size_t kReaderWarningCount = sizeof(kReaderWarnings) / sizeof(kReaderWarnings[0]);

[[nodiscard]] constexpr const ReaderWarningInfo& info(ReaderWarningKind k) noexcept {
    return kReaderWarnings[static_cast<std::size_t>(k)];
}
[[nodiscard]] constexpr std::string_view kind_name(ReaderWarningKind k) noexcept {
    return info(k).name;
}

}  // namespace pgnsem::ast
