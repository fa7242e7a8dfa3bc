// `pgnsem trace --format html`, a game at a time (app/check_internal.hpp, TraceWriter): the plies
// are held until the verdict is known, then the game is written with its move list first; each ply
// carries its explanation (what `pgnsem explain` prints), the ⊥ step the position it was tried in
// with the squares of T's Detail marked. The markup is io/trace_html.cpp's.
#include <boost/variant2/variant.hpp>

#include "app/check_internal.hpp"
#include "app/explain_report.hpp"
#include "semantics/terminates.hpp"

namespace pgnsem::interp::check_detail {
namespace {

// The comments that follow the main-line ply `p` of g (or, for none, those before its first move).
std::vector<std::string_view> comments_after(const ast::Game& g, const ast::Ply* p) {
    std::vector<std::string_view> out;
    const std::uint32_t at = p == nullptr ? ast::kNone : static_cast<std::uint32_t>(p - g.plies.data());
    for (const ast::Comment& c : g.comments) {
        if (c.after_ply != at) continue;
        if (at == ast::kNone ? (c.line == g.main_line || c.line == ast::kNone) : c.after_variation == ast::kNone)
            out.push_back(c.text);
    }
    return out;
}

// The main-line ply the error is about: the one written where the error's position is.
const ast::Ply* ply_at(const ast::Game& g, const ast::SourcePos& pos) {
    for (std::uint32_t i = g.main_line; i != ast::kNone; i = g.plies[i].next)
        if (g.plies[i].pos.line == pos.line && g.plies[i].pos.column == pos.column) return &g.plies[i];
    return nullptr;
}

}  // namespace

const std::string& TraceWriter::page_id(std::uint32_t game) {
    // (built with append: GCC 12 warns of a false overlap in a chain of +)
    if (page_id_.empty())
        page_id_.append("f").append(std::to_string(file_number_)).append("g").append(std::to_string(game));
    return page_id_;
}

void TraceWriter::page_ply(const PlyEvent& e) {
    if (!start_) start_ = *e.before;
    moves_.push_back(MoveLink{e.ply, e.move_number, e.side, std::string(e.san_written)});
    std::string explanation;
    if (e.source != nullptr) explanation = explain_ply_text(e.source->move, *e.before, reading_value_, e.san_written);
    const std::string& id = page_id(e.game);
    append_trace_html(page_game_, id, e, scratch_, explanation,
                      e.source != nullptr ? comments_after(*game_, e.source) : std::vector<std::string_view>{});
}

void TraceWriter::page_end(const Verdict& v) {
    const std::string& id = page_id(v.game);
    // no ply defined: σ₀ is where the verdict stands, unless the start position itself failed
    const sem::State* start = start_ ? &*start_ : v.error && v.error->ply == 0 ? nullptr : &v.final_state;
    append_trace_header_html(buf_, id, file_, v.game, reading_, game_->tag("White"), game_->tag("Black"), start, moves_,
                             v.error ? &*v.error : nullptr, comments_after(*game_, nullptr));
    buf_.append(page_game_);
    if (page_game_.capacity() > kHoldBytes) std::string().swap(page_game_);
    // the ⊥ step of an illegal move: σ, the move's explanation, the squares T's Detail names
    const sem::State* tried = nullptr;
    BottomMarks marks;
    std::string explanation;
    if (v.kind == VerdictKind::Illegal && v.error && v.error->ply > 0) {
        tried = &v.final_state;
        if (const ast::Ply* p = ply_at(*game_, v.error->pos)) {
            explanation = explain_ply_text(p->move, *tried, reading_value_, p->text);
            const sem::Termination t = sem::terminates(p->move, *tried, reading_value_);
            if (const auto* r = boost::variant2::get_if<sem::Refused>(&t)) {
                const sem::Detail& d = r->detail;
                marks.from = d.from;
                marks.to = d.to;
                marks.attacker = d.attacker;
                // the king where it stands in σ: the king that moves (d.king is where it would be
                // attacked), or the one the move leaves attacked
                marks.king = d.piece == PieceKind::King ? d.from : d.king;
            }
        }
    }
    append_trace_failure_html(buf_, id, v, tried, marks, explanation);
    append_trace_verdict_html(buf_, v, scratch_);
}

}  // namespace pgnsem::interp::check_detail
