// --strict: a warning that does not stay one becomes the game's error (interpreter/strict.hpp).
#include "interpreter/strict.hpp"

#include <string>

#include "interpreter/warnings.hpp"

namespace pgnsem::interp {

namespace {

bool before(ast::SourcePos a, ast::SourcePos b) noexcept {
    return a.line < b.line || (a.line == b.line && a.column < b.column);
}

}  // namespace

bool strict_violation(Verdict& v, std::size_t since, std::uint32_t ply_no, const sem::State& s) {
    for (std::size_t i = since; i < v.warnings.size(); ++i) {
        const Warning& w = v.warnings[i];
        if (stays_under_strict(w.kind)) continue;
        if (w.kind == WarningKind::VariationIllegal) {
            v.set_error(VerdictKind::Illegal, ply_no, s, w.written, w.rule, w.message, w.pos);
        } else {
            v.set_error(VerdictKind::Malformed, ply_no, s, w.written, "notation/" + std::string(kind_name(w.kind)),
                        w.message + (w.canonical.empty() ? std::string() : " (export format: " + w.canonical + ")"),
                        w.pos);
        }
        v.final_state = s;
        v.fen_after = fen_of(s);
        return true;
    }
    return false;
}

bool strict_before_moves(const ast::Game& g, Verdict& v, const sem::State& s) {
    const ast::SourcePos first_move =
        g.main_line != ast::kNone ? g.plies[g.main_line].pos : ast::SourcePos{0xFFFFFFFFu, 0};
    for (std::size_t i = 0; i < v.warnings.size(); ++i)
        if (before(v.warnings[i].pos, first_move) && strict_violation(v, i, 0, s)) return true;
    return false;
}

void strict_at_end(Verdict& v, std::size_t mark, const sem::State& s) {
    if (!strict_violation(v, mark, 0, s)) strict_violation(v, 0, 0, s);
}

}  // namespace pgnsem::interp
