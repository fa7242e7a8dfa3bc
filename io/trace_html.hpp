// `pgnsem trace --format html`: one self-contained HTML page (inline CSS and SVG, no script, no
// external resource) that shows σ changing: per game a header with a move list, σ₀ as a board, then
// per defined ply a board with the squares of the ply's σ update highlighted beside its SAN, rule (a
// link to the page's own list of rules, which links on into proofs-notes/), update, FEN, comments and
// its explanation folded; the ⊥ step of a game that is not legal with its board marked, and the
// closing verdict line. Every board is labelled for screen readers with its pieces. Every text goes through the one
// HTML writer (io/html.hpp). The page's parts are written in input order, like the text trace's lines: the prologue
// once, each game's parts by whichever thread judged it, the epilogue once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/interpret.hpp"

namespace pgnsem::interp {

// <!DOCTYPE html> to <body>: the title (the files), the style sheet, a banner naming the reading,
// the empty board every board uses.
void append_trace_html_prologue(std::string& out, const std::vector<std::string>& files, std::string_view reading);
// Every rule a page can name, each with its words, its premise and its section of the notes (a
// relative link, as if the page stood at the repository's root): the rule links of the plies point
// here, so that they work on a page saved alone. Then </body></html>.
void append_trace_html_epilogue(std::string& out);

// A defined ply as the move list links to it.
struct MoveLink {
    std::uint32_t ply = 0, move_number = 0;
    Color side = Color::White;
    std::string san;
};

// The start of a game's section (id `id`): file:game, White – Black, the reading, the move list
// (each move a link to its ply, the ⊥ step's move and "jump to ⊥" a link to it when `bottom`), and
// σ₀'s board with its FEN (a line saying there is none when `start` is null, as the text trace
// does) and the comments before the first move.
void append_trace_header_html(std::string& out, std::string_view id, std::string_view file, std::uint32_t game,
                              std::string_view reading, std::optional<std::string_view> white,
                              std::optional<std::string_view> black, const sem::State* start,
                              const std::vector<MoveLink>& moves, const ErrorInfo* bottom,
                              const std::vector<std::string_view>& comments);
// One defined ply (id `id` + "p" + ply): σ' as a board, the squares σ' changed highlighted; the ply,
// move, rule, σ update (as the text trace writes it) and FEN; the comments after it; and, folded
// under it (<details>), `explanation`, what `pgnsem explain` prints for it. `scratch` is any string,
// reused between calls.
void append_trace_html(std::string& out, std::string_view id, const PlyEvent& e, std::string& scratch,
                       std::string_view explanation, const std::vector<std::string_view>& comments);
// What the ⊥ step's board marks: the squares of T's Detail (semantics/partial.hpp).
struct BottomMarks {
    std::optional<Square> king, attacker, from, to, square;
};
// The ⊥ step of a game that is not legal (nothing when `v` has no error; id `id` + "-bottom"): ply,
// move, ⊥, rule, premise, message, and σ, the position the move was tried in, as a board with
// `marks` (the king, the piece attacking it, the move's squares) when `sigma` is given, its
// explanation folded under it when `explanation` is not empty. Then the verdict line, which closes
// the section.
void append_trace_failure_html(std::string& out, std::string_view id, const Verdict& v, const sem::State* sigma,
                               const BottomMarks& marks, std::string_view explanation);
void append_trace_verdict_html(std::string& out, const Verdict& v, std::string& scratch);

// Where the notes define a rule: a link relative to the repository's root
// (proofs-notes/semantics.md#traversals, …), or nothing for ids the notes give no section to
// (syntax/…, notation/…).
[[nodiscard]] std::optional<std::string_view> rule_note_href(std::string_view rule) noexcept;
[[nodiscard]] std::string_view rule_note_href(sem::Equation rule) noexcept;

}  // namespace pgnsem::interp
