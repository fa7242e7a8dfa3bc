// `check --compare A,B` and `trace --compare A,B` (app/compare.hpp).
#include "app/compare.hpp"

#include <algorithm>
#include <memory>

#include "app/check_internal.hpp"
#include "io/input.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "semantics/errata.hpp"
#include "syntax/pgn/reader.hpp"

namespace pgnsem::interp {

namespace {

void append_number(std::string& out, std::uint64_t n) {
    out.append(std::to_string(n));
}

void append_place_json(JsonObject& o, std::string_view name, const std::optional<PlyPlace>& p) {
    if (!p) {
        o.null(name);
        return;
    }
    JsonObject place(o.key(name));
    place.num("ply", p->ply);
    // ply 0 is the start position: no move stands there
    if (p->ply != 0)
        place.num("move_number", p->move_number).str("side", color_name(p->side));
    else
        place.null("move_number").null("side");
    place.opt_str("written", p->written.empty() ? std::nullopt : std::optional<std::string_view>(p->written));
}

// What one reading made of the game, after its name: "legal, 9 plies" or "illegal at ply 9 (5. O-O):
// castle/through-check: …".
void append_reading_line(std::string& out, std::string_view label, const Verdict& v, bool indent = true) {
    if (indent) out.append("  ");
    out.append(label).append(": ").append(verdict_name(v.kind));
    if (v.error) {
        out.append(" at ");
        append_place_text(out, place_of(*v.error));
        out.append(": ").append(v.error->rule).append(": ");
        append_text(out, v.error->message);
    } else {
        out.append(", ");
        append_number(out, v.plies);
        out.append(v.plies == 1 ? " ply" : " plies");
        if (v.end == sem::Outcome::Checkmate) out.append(", ends in checkmate");
        if (v.end == sem::Outcome::Stalemate) out.append(", ends in stalemate");
    }
    out.push_back('\n');
}

// ", by castle-through-check", ", by a and b", or ", by the errata together".
void append_by(std::string& out, const Comparison& c) {
    if (c.errata.empty()) {
        out.append(", by the errata together (no one alone parts them there)");
        return;
    }
    out.append(", by ");
    for (std::size_t i = 0; i < c.errata.size(); ++i) {
        if (i > 0) out.append(i + 1 == c.errata.size() ? " and " : ", ");
        out.append(sem::slug(c.errata[i]));
    }
}

// The sentence that ends a game's comparison (the text report and the trace).
void append_parting_line(std::string& out, const Comparison& c, bool indent) {
    if (indent) out.append("  ");
    if (c.parts_at) {
        out.append("the readings part at ");
        append_place_text(out, *c.parts_at);
        append_by(out, c);
    } else {
        out.append("the readings agree");
    }
    if (c.state_parts_at) {
        out.append(c.parts_at ? "; σ′ parts first, at " : " on the verdict, though σ′ parts at ");
        append_place_text(out, *c.state_parts_at);
    }
    out.push_back('\n');
}

// trace --compare: each ply, a line per reading (its SAN and σ′, its refusal, or not reached).
class CompareTrace {
public:
    CompareTrace(std::string& out, const CompareOptions& o) : out_(out), o_(o) {}

    void game(std::string_view file, const ast::Game& g, const Comparison& c) {
        const std::size_t width = std::max(o_.label_a.size(), o_.label_b.size());
        out_.append("game ");
        append_text(out_, file);
        out_.push_back(':');
        append_number(out_, c.a.game);
        out_.append("  ");
        append_text(out_, g.tag("White").value_or("?"));
        out_.append(" - ");
        append_text(out_, g.tag("Black").value_or("?"));
        out_.append("  (readings ").append(o_.label_a).append(" and ").append(o_.label_b).append(")\nσ₀ = ");
        out_.append(c.start ? fen_of(*c.start) : "none: the game has no start position");
        out_.push_back('\n');
        const std::uint32_t last = std::max(last_ply(c.a), last_ply(c.b));
        for (std::uint32_t ply = c.start ? 1 : 0; ply <= last; ++ply) {
            out_.append("ply ");
            append_number(out_, ply);
            if (const std::optional<PlyPlace> p = place(c, ply); p && ply != 0) {
                out_.append("  ");
                append_number(out_, p->move_number);
                out_.append(p->side == Color::White ? ". " : "... ");
                append_text(out_, p->written);
            }
            if (c.parts_at && c.parts_at->ply == ply) out_.append("   <- the readings part here");
            if (c.state_parts_at && c.state_parts_at->ply == ply) out_.append("   <- σ′ parts here");
            out_.push_back('\n');
            reading(o_.label_a, width, c.a, c.plies_a, ply);
            reading(o_.label_b, width, c.b, c.plies_b, ply);
            if (c.state_parts_at && c.state_parts_at->ply == ply)
                differences(c.plies_a[ply - 1].after, c.plies_b[ply - 1].after);
        }
        append_reading_line(out_, o_.label_a, c.a, false);
        append_reading_line(out_, o_.label_b, c.b, false);
        append_parting_line(out_, c, false);
        out_.push_back('\n');
    }

private:
    static std::optional<PlyPlace> place(const Comparison& c, std::uint32_t ply) {
        for (const auto* plies : {&c.plies_a, &c.plies_b})
            if (ply >= 1 && ply <= plies->size()) return (*plies)[ply - 1].place;
        for (const Verdict* v : {&c.a, &c.b})
            if (v->error && v->error->ply == ply) return place_of(*v->error);
        return std::nullopt;
    }

    void reading(std::string_view label, std::size_t width, const Verdict& v, const std::vector<DefinedPly>& plies,
                 std::uint32_t ply) {
        out_.append("  ").append(label).append(width - label.size() + 2, ' ');
        if (ply >= 1 && ply <= plies.size()) {
            const DefinedPly& d = plies[ply - 1];
            out_.append(d.san).append(d.san.size() < 8 ? 8 - d.san.size() : 1, ' ').append(d.fen_after);
        } else if (v.error && v.error->ply == ply) {
            out_.append("⊥ ").append(v.error->rule).append(": ");
            append_text(out_, v.error->message);
        } else {
            out_.append("not reached (");
            out_.append(v.error ? "refused before" : "the game ended before");
            out_.append(")");
        }
        out_.push_back('\n');
    }

    // The identifiers of σ′ whose values the readings differ on (a FEN does not show them all:
    // w_king, the stamps).
    void differences(const sem::State& a, const sem::State& b) {
        out_.append("  σ′ differs in:");
        const auto differ = [&](sem::Ide x) {
            const unsigned va = sem::value_of(a, x), vb = sem::value_of(b, x);
            if (va == vb) return;
            out_.append(" ").append(ide_name(x, a)).append(" (").append(ide_value_text(x, va)).append(" / ");
            out_.append(ide_value_text(x, vb)).append(")");
        };
        sem::for_each_identifier(differ);
        out_.append("  (").append(o_.label_a).append(" / ").append(o_.label_b).append(")\n");
    }

    std::string& out_;
    const CompareOptions& o_;
};

}  // namespace

void append_place_text(std::string& out, const PlyPlace& p) {
    out.append("ply ");
    append_number(out, p.ply);
    if (p.ply == 0 || p.written.empty()) return;
    out.append(" (");
    append_number(out, p.move_number);
    out.append(p.side == Color::White ? ". " : "... ");
    append_text(out, p.written);
    out.append(")");
}

void append_comparison_json(std::string& s, const CompareOptions& options, std::string_view file, const Comparison& c) {
    std::string verdict;
    JsonOut out(s);
    JsonObject o(out);
    o.members(options.envelope).str("file", file).num("game", c.a.game);
    {
        JsonArray verdicts(o.key("verdicts"));
        append_verdict_json(verdict, options.envelope_a, file, c.a);
        verdicts.next().raw(verdict);
        verdict.clear();
        append_verdict_json(verdict, options.envelope_b, file, c.b);
        verdicts.next().raw(verdict);
    }
    append_place_json(o, "parts_at", c.parts_at);
    append_place_json(o, "state_parts_at", c.state_parts_at);
    JsonArray errata(o.key("errata"));
    for (const sem::Erratum e : c.errata) errata.next().string(sem::slug(e));
}

void append_comparison_text(std::string& out, const CompareOptions& options, std::string_view file,
                            const Comparison& c) {
    append_text(out, file);
    out.push_back(':');
    append_number(out, c.a.game);
    out.append("  ");
    append_text(out, c.a.white ? std::string_view(*c.a.white) : "?");
    out.append(" - ");
    append_text(out, c.a.black ? std::string_view(*c.a.black) : "?");
    out.append("  ");
    out.append(c.a.result ? ast::result_text(*c.a.result) : "(no result)");
    out.push_back('\n');
    append_reading_line(out, options.label_a, c.a);
    append_reading_line(out, options.label_b, c.b);
    append_parting_line(out, c, true);
}

void CompareSummary::add(const Comparison& c) {
    ++games;
    a.add(c.a);
    b.add(c.b);
    if (c.parts_at) {
        ++parted;
        for (const sem::Erratum e : c.errata) ++by[std::string(sem::slug(e))];
        if (c.errata.empty()) ++together;
    } else if (c.state_parts_at) {
        ++state_parted;
    }
}

std::string CompareSummary::text(std::string_view label_a, std::string_view label_b) const {
    std::string s;
    append_number(s, games);
    s.append(games == 1 ? " game" : " games").append(" compared: the readings part on ");
    append_number(s, parted);
    s.append(", agree on ");
    append_number(s, games - parted);
    if (state_parted > 0) {
        s.append(" (σ′ differs on ");
        append_number(s, state_parted);
        s.append(" of them)");
    }
    s.push_back('\n');
    if (parted > 0) {
        s.append("parted by:");
        for (const auto& [slug, n] : by) {
            s.append(" ").append(slug).append("=");
            append_number(s, n);
        }
        if (together > 0) {
            s.append(" together=");
            append_number(s, together);
        }
        s.push_back('\n');
    }
    for (const auto& [label, sum] : {std::pair{label_a, &a}, std::pair{label_b, &b}}) {
        s.append(label).append(": ");
        append_number(s, sum->legal);
        s.append(" legal, ");
        append_number(s, sum->illegal);
        s.append(" illegal, ");
        append_number(s, sum->malformed);
        s.append(" malformed, ");
        append_number(s, sum->unsupported);
        s.append(" unsupported\n");
    }
    return s;
}

bool compare_file(const std::string& path, const CompareOptions& options, std::FILE* out, CompareSummary& summary) {
    std::string error;
    const std::unique_ptr<Input> input = Input::open(path, false, error);
    if (!input) {
        std::fprintf(stderr, "pgnsem: %s\n", error.c_str());
        summary.io_error = true;
        return false;
    }
    ++summary.files_read;
    syntax::PgnReader reader(input->text(), path);
    Comparer comparer(*options.a, *options.b, options.strict, options.trace);
    ast::Game game;
    Comparison c;
    std::string buf;
    CompareTrace tracer(buf, options);
    bool ok = true;
    while (ok && reader.next(game)) {
        comparer.run(game, c);
        summary.add(c);
        if (options.trace) {
            tracer.game(path, game, c);
        } else if (options.format == Format::Json || options.format == Format::Jsonl) {
            if (options.format == Format::Json) buf.append(",\n");
            append_comparison_json(buf, options, path, c);
            if (options.format == Format::Jsonl) buf.push_back('\n');
        } else {
            append_comparison_text(buf, options, path, c);
        }
        if (buf.size() >= check_detail::kSpillBytes) ok = check_detail::write_out(buf, out, options.frame);
        if (check_detail::footprint(game, {}) > check_detail::kHoldBytes) game = ast::Game{};
    }
    if (ok) ok = check_detail::write_out(buf, out, options.frame);
    if (!check_detail::read_cleanly(*input, reader)) ok = false;
    if (!ok) summary.io_error = true;
    return ok;
}

}  // namespace pgnsem::interp
