// `pgnsem trace --format html`: one self-contained HTML page (inline CSS and SVG, no script, no
// external resource) that shows σ changing: per game a header, σ₀ as a board, then per defined ply a
// board with the squares of the ply's σ update highlighted beside its SAN, rule (a relative link into
// proofs-notes/, as if the page stood at the repository's root), update and FEN; the ⊥ step of a game
// that is not legal, and the closing verdict line. Every text goes through the one HTML writer
// (io/html.hpp). The page's parts are written in input order, like the text trace's lines:
// the prologue once, each game's parts by whichever thread judged it, the epilogue once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/interpret.hpp"

namespace pgnsem::interp {

// <!DOCTYPE html> to <body>: the title (the files), the style sheet, the empty board every board uses.
void append_trace_html_prologue(std::string& out, const std::vector<std::string>& files);
// </body></html>.
void append_trace_html_epilogue(std::string& out);

// The start of a game's section: file:game, White – Black, and σ₀'s board with its FEN (a line
// saying there is none when `start` is null, as the text trace does).
void append_trace_header_html(std::string& out, std::string_view file, std::uint32_t game, std::string_view reading,
                              std::optional<std::string_view> white, std::optional<std::string_view> black,
                              const sem::State* start);
// One defined ply: σ' as a board, the squares σ' changed highlighted; the ply, move, rule, σ
// update (as the text trace writes it) and FEN. `scratch` is any string, reused between calls.
void append_trace_html(std::string& out, const PlyEvent& e, std::string& scratch);
// The ⊥ step of a game that is not legal (nothing when `v` has no error): ply, move, ⊥, rule,
// premise, message. Then the verdict line, which closes the section.
void append_trace_failure_html(std::string& out, const Verdict& v);
void append_trace_verdict_html(std::string& out, const Verdict& v, std::string& scratch);

// Where the notes define a rule: a link relative to the repository's root
// (proofs-notes/semantics.md#traversals, …), or nothing for ids the notes give no section to
// (syntax/…, notation/…).
[[nodiscard]] std::optional<std::string_view> rule_note_href(std::string_view rule) noexcept;
[[nodiscard]] std::string_view rule_note_href(sem::Equation rule) noexcept;

}  // namespace pgnsem::interp
