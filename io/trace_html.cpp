// `pgnsem trace --format html` (io/trace_html.hpp): the page's markup is written here as
// literals, every text through append_html (io/html.hpp).
#include "io/trace_html.hpp"

#include <array>

#include "io/html.hpp"
#include "io/output.hpp"
#include "laws/setup.hpp"
#include "semantics/rules.hpp"

namespace pgnsem::interp {
namespace {

// The board's geometry (SVG user units): 30 per square, a 14-wide margin at the left for the rank
// labels and one as high below for the file labels.
constexpr int kSquare = 30;
constexpr int kMargin = 14;
constexpr int kSide = 8 * kSquare + kMargin;
static_assert(kSide == 254, "the style's .marker is as wide as a board (254px in kStyle)");

// The colours the page's test looks for in a screenshot (tests/cli/trace_html.py): light and dark
// squares, the highlighted squares of a ply's update, the ⊥ marker.
#define PGNSEM_LIGHT "#f0d9b5"
#define PGNSEM_DARK "#b58863"
#define PGNSEM_CHANGED "#f6d34a"
#define PGNSEM_BOTTOM "#c8102e"

constexpr std::string_view kStyle =
    "body{font:14px/1.4 \"DejaVu Sans\",sans-serif;margin:16px;background:#fff;color:#222}"
    "h1{font-size:20px;margin:0 0 12px}h2{font-size:16px;margin:20px 0 8px}"
    ".where{font-family:\"DejaVu Sans Mono\",monospace;font-weight:normal;color:#555}"
    ".ply{display:flex;gap:14px;align-items:flex-start;margin:6px 0;padding:4px;border-left:4px solid #ddd}"
    ".info p{margin:2px 0}.n{color:#555}"
    ".rule{font-family:\"DejaVu Sans Mono\",monospace}"
    ".update,.fen{font-family:\"DejaVu Sans Mono\",monospace;font-size:12px;overflow-wrap:anywhere}"
    ".bottom{border-left-color:" PGNSEM_BOTTOM
    ";background:#fdf0f1}"
    ".marker{flex:none;width:254px;height:60px;margin:0;background:" PGNSEM_BOTTOM
    ";color:#fff;font-size:40px;line-height:60px;text-align:center}"
    ".bot{color:" PGNSEM_BOTTOM
    ";font-weight:bold}"
    ".verdict{font-weight:bold;margin:8px 0 0}.verdict.legal{color:#1a7f37}"
    ".verdict.illegal,.verdict.malformed,.verdict.unsupported{color:" PGNSEM_BOTTOM
    "}"
    "svg.defs{position:absolute}svg.board{flex:none}svg.board .hl{fill:" PGNSEM_CHANGED
    "}"
    "svg.board text{font:26px \"DejaVu Sans\",sans-serif;text-anchor:middle;dominant-baseline:central}"
    "svg.board .w{fill:#fff;stroke:#000;stroke-width:1px;paint-order:stroke}svg.board .b{fill:#000}"
    "svg.board .mk{fill:none;stroke-width:3px}svg.board .king{stroke:" PGNSEM_BOTTOM
    "}svg.board .attacker{stroke:#1f6feb;stroke-dasharray:6 3}svg.board .from,svg.board .to{stroke:#555}"
    ".banner{margin:0 0 12px;padding:6px 10px;background:#eef3fb;border-left:4px solid #1f6feb}"
    ".movelist{margin:4px 0 8px;line-height:1.8}.movelist a{margin-right:2px}.movelist .bad{color:" PGNSEM_BOTTOM
    ";font-weight:bold}"
    ".comment{font-style:italic;color:#444}details{margin:4px 0 0}summary{cursor:pointer;color:#1f6feb}"
    "details pre{font:12px/1.35 \"DejaVu Sans Mono\",monospace;white-space:pre-wrap;margin:4px "
    "0;overflow-wrap:anywhere}"
    ".rules dt{margin-top:8px}.rules dd{margin-left:16px}";

// The x, y of a square's top-left corner, White at the bottom.
int square_x(int square) noexcept {
    return kMargin + (square % 8) * kSquare;
}
int square_y(int square) noexcept {
    return (7 - square / 8) * kSquare;
}

void append_int(std::string& out, int n) {
    append_html_uint(out, static_cast<std::uint64_t>(n));
}

// The empty board every board draws (<use href="#board">): light squares, dark squares, labels.
void append_board_defs(std::string& out) {
    out.append("<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs><g id=\"board\">");
    out.append("<rect x=\"14\" y=\"0\" width=\"240\" height=\"240\" fill=\"" PGNSEM_LIGHT "\"/>");
    for (int s = 0; s < 64; ++s) {
        if ((s % 8 + s / 8) % 2 != 0) continue;  // a1 is dark
        out.append("<rect x=\"");
        append_int(out, square_x(s));
        out.append("\" y=\"");
        append_int(out, square_y(s));
        out.append("\" width=\"30\" height=\"30\" fill=\"" PGNSEM_DARK "\"/>");
    }
    out.append("<g font-family=\"DejaVu Sans,sans-serif\" font-size=\"11\" fill=\"#555\" text-anchor=\"middle\">");
    for (int i = 0; i < 8; ++i) {
        const char rank[2] = {static_cast<char>('1' + i), 0};
        out.append("<text x=\"7\" y=\"");
        append_int(out, (7 - i) * kSquare + 19);
        out.append("\">");
        out.append(rank);
        out.append("</text>");
        const char file[2] = {static_cast<char>('a' + i), 0};
        out.append("<text x=\"");
        append_int(out, kMargin + i * kSquare + kSquare / 2);
        out.append("\" y=\"251\">");
        out.append(file);
        out.append("</text>");
    }
    out.append("</g></g></defs></svg>\n");
}

std::string_view glyph(PieceKind k) noexcept {
    // the filled glyphs for both sides, White's painted white with a black outline
    switch (k) {
        case PieceKind::King: return "♚";
        case PieceKind::Queen: return "♛";
        case PieceKind::Rook: return "♜";
        case PieceKind::Bishop: return "♝";
        case PieceKind::Knight: return "♞";
        case PieceKind::Pawn: return "♟";
    }
    return "?";
}

// The pieces of a placement in words, for screen readers: "White: Ke1, Qd1, …, pawns a2, b2; Black: …".
std::string board_label(const Placement& p) {
    std::string label;
    for (const Color c : {Color::White, Color::Black}) {
        label.append(c == Color::White ? "White: " : "; Black: ");
        bool any = false;
        for (const PieceKind k : {PieceKind::King, PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop,
                                  PieceKind::Knight, PieceKind::Pawn}) {
            bool first_pawn = true;
            for (int s = 0; s < 64; ++s) {
                const auto& piece = p.squares[static_cast<std::size_t>(s)];
                if (!piece || piece->color != c || piece->kind != k) continue;
                if (any) label.append(", ");
                if (k == PieceKind::Pawn && first_pawn) label.append("pawns ");
                first_pawn = false;
                any = true;
                if (k != PieceKind::Pawn) label.push_back(piece_letter(k));
                char name[3] = {0, 0, 0};
                write_square(name, Square::unchecked(s));
                label.append(name);
            }
        }
        if (!any) label.append("nothing");
    }
    return label;
}

// A square outlined on a board, with its class (king, attacker, from, to) and data-mark.
void append_mark(std::string& out, const std::optional<Square>& q, std::string_view what) {
    if (!q) return;
    char name[3] = {0, 0, 0};
    write_square(name, *q);
    out.append("<rect class=\"mk ").append(what).append("\" data-mark=\"").append(what);
    out.append("\" data-square=\"").append(name).append("\" x=\"");
    append_int(out, square_x(q->index()) + 2);
    out.append("\" y=\"");
    append_int(out, square_y(q->index()) + 2);
    out.append("\" width=\"26\" height=\"26\"/>");
}

// σ as a board, labelled `caption` and its pieces; with `before`, the squares where σ differs
// from it highlighted (the ply's update); with `marks`, those squares outlined.
void append_board(std::string& out, const sem::State& sigma, const sem::State* before, std::string_view caption,
                  const BottomMarks* marks = nullptr) {
    out.append("<svg class=\"board\" viewBox=\"0 0 ");
    append_int(out, kSide);
    out.push_back(' ');
    append_int(out, kSide);
    out.append("\" width=\"");
    append_int(out, kSide);
    out.append("\" height=\"");
    append_int(out, kSide);
    const Placement p = sem::to_placement(sigma);
    out.append("\" role=\"img\" aria-label=\"");
    append_html(out, caption);
    out.append(": ");
    append_html(out, board_label(p));
    out.append("\">");
    out.append("<use href=\"#board\"/>");
    if (before != nullptr) {
        for (int s = 0; s < 64; ++s) {
            const auto idx = static_cast<std::size_t>(s);
            if (before->board[idx] == sigma.board[idx]) continue;
            char name[3] = {0, 0, 0};
            write_square(name, Square::unchecked(s));
            out.append("<rect class=\"hl\" data-square=\"");
            out.append(name);
            out.append("\" x=\"");
            append_int(out, square_x(s));
            out.append("\" y=\"");
            append_int(out, square_y(s));
            out.append("\" width=\"30\" height=\"30\"/>");
        }
    }
    for (int s = 0; s < 64; ++s) {
        const auto& piece = p.squares[static_cast<std::size_t>(s)];
        if (!piece) continue;
        out.append(piece->color == Color::White ? "<text class=\"w\" x=\"" : "<text class=\"b\" x=\"");
        append_int(out, square_x(s) + kSquare / 2);
        out.append("\" y=\"");
        append_int(out, square_y(s) + kSquare / 2);
        out.append("\">");
        out.append(glyph(piece->kind));
        out.append("</text>");
    }
    if (marks != nullptr) {
        append_mark(out, marks->from, "from");
        append_mark(out, marks->to, "to");
        append_mark(out, marks->attacker, "attacker");
        append_mark(out, marks->king, "king");
    }
    out.append("</svg>");
}

// A rule's anchor in the page's list of rules: "rule-check-into".
std::string rule_anchor(std::string_view rule) {
    std::string id = "rule-";
    for (const char c : rule) id.push_back(c == '/' ? '-' : c);
    return id;
}

// The rule as a link to its entry in the page's list of rules, or as text when the notes have none.
void append_rule(std::string& out, std::string_view rule, std::optional<std::string_view> href) {
    if (href) {
        out.append("<a class=\"rule\" href=\"#");
        append_html(out, rule_anchor(rule));
        out.append("\">");
    } else {
        out.append("<span class=\"rule\">");
    }
    append_html(out, rule);
    out.append(href ? "</a>" : "</span>");
}

// "e4" → the caption of a ply's board: "σ′ after ply 5, 3. Kf3".
std::string ply_caption(std::uint32_t ply, std::uint32_t move_number, Color side, std::string_view san) {
    return "σ′ after ply " + std::to_string(ply) + ", " + std::to_string(move_number) +
           (side == Color::White ? ". " : "... ") + std::string(san);
}

void append_comments(std::string& out, const std::vector<std::string_view>& comments) {
    for (const std::string_view c : comments) {
        out.append("<p class=\"comment\">{");
        append_html(out, c);
        out.append("}</p>");
    }
}

void append_explanation(std::string& out, std::string_view explanation) {
    if (explanation.empty()) return;
    out.append("<details><summary>explain: the premises</summary><pre>");
    // a line at a time: append_html writes a control character as its escape, and <pre> keeps the
    // line ends
    for (std::size_t at = 0; at < explanation.size();) {
        std::size_t end = explanation.find('\n', at);
        if (end == std::string_view::npos) end = explanation.size();
        append_html(out, explanation.substr(at, end - at));
        if (end < explanation.size()) out.push_back('\n');
        at = end + 1;
    }
    out.append("</pre></details>");
}

// "ply 5" and "3. Kf3" / "3... Kf3".
void append_ply_and_move(std::string& out, std::uint32_t ply, std::uint32_t move_number, Color side,
                         std::string_view san) {
    out.append("<span class=\"n\">ply ");
    append_html_uint(out, ply);
    out.append("</span> ");
    append_html_uint(out, move_number);
    out.append(side == Color::White ? ". " : "... ");
    append_html(out, san);
}

}  // namespace

std::string_view rule_note_href(sem::Equation rule) noexcept {
    switch (rule) {
        case sem::Equation::TravPawn:
        case sem::Equation::TravPawnDouble:
        case sem::Equation::TravPiece:
        case sem::Equation::TravKing: return "proofs-notes/semantics.md#traversals";
        case sem::Equation::CapPawn:
        case sem::Equation::CapEnPassant:
        case sem::Equation::CapPiece:
        case sem::Equation::CapKing: return "proofs-notes/semantics.md#captures";
        case sem::Equation::CastleKingSide:
        case sem::Equation::CastleQueenSide: return "proofs-notes/semantics.md#castles";
        case sem::Equation::PromoPush:
        case sem::Equation::PromoCapture: return "proofs-notes/semantics.md#promotions";
    }
    return "proofs-notes/semantics.md#index-rule-id--equation--function";
}

std::optional<std::string_view> rule_note_href(std::string_view rule) noexcept {
    // every failure's premise is a row of this table; the position rules have theirs in fen-positions.md
    if (sem::failure_of(rule)) return "proofs-notes/semantics.md#the-premise-each-failure-falsifies";
    if (rule.starts_with("position/")) return "proofs-notes/fen-positions.md#validate-the-position-rules";
    return std::nullopt;
}

void append_trace_html_prologue(std::string& out, const std::vector<std::string>& files, std::string_view reading) {
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>pgnsem trace");
    for (std::size_t i = 0; i < files.size(); ++i) {
        out.append(i == 0 ? ": " : ", ");
        append_html(out, files[i]);
    }
    out.append("</title>\n<style>");
    out.append(kStyle);
    out.append("</style>\n</head>\n<body>\n<h1>pgnsem trace</h1>\n<p class=\"banner\">reading: ");
    append_html(out, reading);
    out.append(" — every verdict, step and premise below is of this reading (<a href=\"#rules\">the rules</a>)</p>\n");
    append_board_defs(out);
}

void append_trace_html_epilogue(std::string& out) {
    out.append("<section class=\"rules\" id=\"rules\">\n<h2>The rules</h2>\n<dl>\n");
    for (std::size_t i = 0; i < sem::kRuleCount; ++i) {
        const sem::RuleInfo& r = sem::kRules[i];
        // the equations come first in the table, in the enum's order
        const std::optional<std::string_view> href = r.group == sem::RuleGroup::Equation
                                                         ? std::optional(rule_note_href(static_cast<sem::Equation>(i)))
                                                         : rule_note_href(r.id);
        out.append("<dt id=\"");
        append_html(out, rule_anchor(r.id));
        out.append("\">");
        if (href) {
            out.append("<a href=\"");
            append_html(out, *href);
            out.append("\">");
        }
        out.append("<code>");
        append_html(out, r.id);
        out.append(href ? "</code></a>" : "</code>");
        out.append("</dt><dd>");
        append_html(out, r.what);
        if (const std::optional<sem::Failure> f = sem::failure_of(r.id)) {
            out.append("<br>premise: ");
            append_html(out, sem::premise(*f));
        }
        out.append("</dd>\n");
    }
    out.append(
        "</dl>\n<p>Each rule's entry links to its section of pgnsem's notes (proofs-notes/, from the "
        "repository's root).</p>\n</section>\n</body>\n</html>\n");
}

void append_trace_header_html(std::string& out, std::string_view id, std::string_view file, std::uint32_t game,
                              std::string_view reading, std::optional<std::string_view> white,
                              std::optional<std::string_view> black, const sem::State* start,
                              const std::vector<MoveLink>& moves, const ErrorInfo* bottom,
                              const std::vector<std::string_view>& comments) {
    const std::string base(id);
    out.append("<section class=\"game\" id=\"");
    append_html(out, base);
    out.append("\">\n<h2><span class=\"where\">");
    append_html(out, file);
    out.push_back(':');
    append_html_uint(out, game);
    out.append("</span> ");
    append_html(out, white.value_or("?"));
    out.append(" – ");
    append_html(out, black.value_or("?"));
    out.append("</h2>\n<p class=\"reading\">reading: ");
    append_html(out, reading);
    out.append("</p>\n<nav class=\"movelist\" aria-label=\"moves\">");
    for (const MoveLink& m : moves) {
        if (m.side == Color::White || &m == &moves.front()) {
            append_html_uint(out, m.move_number);
            out.append(m.side == Color::White ? ". " : "... ");
        }
        out.append("<a href=\"#");
        append_html(out, base + "p" + std::to_string(m.ply));
        out.append("\">");
        append_html(out, m.san);
        out.append("</a> ");
    }
    if (bottom != nullptr && bottom->ply != 0) {
        if (bottom->side == Color::White || moves.empty()) {
            append_html_uint(out, bottom->move_number);
            out.append(bottom->side == Color::White ? ". " : "... ");
        }
        out.append("<a class=\"bad\" href=\"#");
        append_html(out, base + "-bottom");
        out.append("\">");
        append_html(out, bottom->written);
        out.append("</a> ");
    }
    if (bottom != nullptr) {
        out.append("<a class=\"jump\" href=\"#");
        append_html(out, base + "-bottom");
        out.append("\">jump to ⊥</a>");
    }
    out.append("</nav>\n");
    if (start == nullptr) {
        out.append("<p class=\"nostart\">σ₀: none: the game has no start position</p>\n");
        return;
    }
    out.append("<div class=\"ply start\" id=\"");
    append_html(out, base + "p0");
    out.append("\">");
    append_board(out, *start, nullptr, "σ₀, the start position");
    out.append(
        "<div class=\"info\"><p class=\"move\"><span class=\"n\">σ₀</span> the start position</p><p class=\"fen\">");
    append_html(out, fen_of(*start));
    out.append("</p>");
    append_comments(out, comments);
    out.append("</div></div>\n");
}

void append_trace_html(std::string& out, std::string_view id, const PlyEvent& e, std::string& scratch,
                       std::string_view explanation, const std::vector<std::string_view>& comments) {
    out.append("<div class=\"ply\" id=\"");
    append_html(out, id);
    out.push_back('p');
    append_html_uint(out, e.ply);
    out.append("\">");
    append_board(out, *e.after, e.before, ply_caption(e.ply, e.move_number, e.side, e.san_written));
    out.append("<div class=\"info\"><p class=\"move\">");
    append_ply_and_move(out, e.ply, e.move_number, e.side, e.san_written);
    if (e.san_canonical != e.san_written) {
        out.append(" (");
        append_html(out, e.san_canonical);
        out.append(")");
    }
    out.push_back(' ');
    append_rule(out, sem::rule_id(e.rule), rule_note_href(e.rule));
    out.append("</p><p class=\"update\">");
    scratch.clear();
    append_sigma_update(scratch, e);
    append_html(out, scratch);
    out.append("</p><p class=\"fen\">");
    append_html(out, e.fen_after);
    out.append("</p>");
    append_comments(out, comments);
    append_explanation(out, explanation);
    out.append("</div></div>\n");
}

void append_trace_failure_html(std::string& out, std::string_view id, const Verdict& v, const sem::State* sigma,
                               const BottomMarks& marks, std::string_view explanation) {
    if (!v.error) return;
    const ErrorInfo& e = *v.error;
    out.append("<div class=\"ply bottom\" id=\"");
    append_html(out, id);
    out.append("-bottom\"><p class=\"marker\">⊥</p><div class=\"info\"><p class=\"move\">");
    if (e.ply != 0) {
        append_ply_and_move(out, e.ply, e.move_number, e.side, e.written);
    } else {
        out.append("<span class=\"n\">ply 0</span>");
        if (!e.written.empty()) {
            out.push_back(' ');
            append_html(out, e.written);
        }
    }
    out.append(" <span class=\"bot\">⊥</span> ");
    append_rule(out, e.rule, rule_note_href(e.rule));
    out.append("</p>");
    if (const std::optional<sem::Failure> f = sem::failure_of(e.rule)) {
        out.append("<p class=\"premise\">premise: ");
        append_html(out, sem::premise(*f));
        out.append("</p>");
    }
    out.append("<p class=\"message\">");
    append_html(out, e.message);
    out.append("</p>");
    append_explanation(out, explanation);
    out.append("</div>");
    if (sigma != nullptr) {
        out.append("<div class=\"tried\"><p class=\"n\">σ, where the move was tried");
        if (marks.king) out.append(": the king outlined in red");
        if (marks.attacker)
            out.append(marks.king ? ", the piece attacking it in blue" : ": the attacking piece in blue");
        out.append("</p>");
        append_board(out, *sigma, nullptr, "σ where ply " + std::to_string(e.ply) + " was tried", &marks);
        out.append("</div>");
    }
    out.append("</div>\n");
}

void append_trace_verdict_html(std::string& out, const Verdict& v, std::string& scratch) {
    out.append("<p class=\"verdict ");
    out.append(verdict_name(v.kind));
    out.append("\">");
    scratch.clear();
    append_trace_verdict_text(scratch, v);  // "verdict: …\n\n"
    while (!scratch.empty() && scratch.back() == '\n') scratch.pop_back();
    append_html(out, scratch);
    out.append("</p>\n</section>\n");
}

}  // namespace pgnsem::interp
