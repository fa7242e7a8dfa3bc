// `pgnsem explain` (app/explain_report.hpp): the reference's own record of one ply, in words.
#include "app/explain_report.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "app/explain_notation.hpp"
#include "interpreter/explain.hpp"
#include "interpreter/interpret.hpp"
#include "interpreter/judge.hpp"
#include "interpreter/start_position.hpp"
#include "io/input.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "semantics/denote.hpp"
#include "semantics/engines.hpp"
#include "semantics/moves.hpp"
#include "semantics/overloaded.hpp"
#include "semantics/steps.hpp"
#include "semantics/terminates.hpp"
#include "semantics/why.hpp"
#include "syntax/pgn/reader.hpp"

namespace pgnsem::interp {
namespace {

namespace v2 = boost::variant2;
using namespace notation;  // NOLINT: the words of one report

bool is_stamp_none(sem::Ide x, unsigned v) {
    return x.kind() == sem::Ide::Kind::TwoStep && v == sem::kNoStamp;
}

// The production of the grammar (§3.1) a move matched, and its parts.
struct Production {
    const char* form;     // as the paper writes it: "P::x::Q"
    const char* section;  // the heading of proofs-notes/semantics.md that gives its equation
    std::string parts;    // "P = N, Q = f3"
};

Production production(const ast::Move& m) {
    return v2::visit(sem::Overloaded{
                         [](const ast::Traversal& t) {
                             if (t.piece == PieceKind::Pawn) return Production{"Q", "Traversals", "Q = " + sq(t.to)};
                             std::string p = "P = ";
                             p.push_back(piece_letter(t.piece));
                             p.append(disambiguator_text(t.from));
                             return Production{"P::Q", "Traversals", p + ", Q = " + sq(t.to)};
                         },
                         [](const ast::Capture& c) {
                             if (c.piece == PieceKind::Pawn) {
                                 std::string w = "W = ";
                                 w.append(disambiguator_text(c.from));
                                 return Production{"W::x::Q", "Captures", w + ", Q = " + sq(c.to)};
                             }
                             std::string p = "P = ";
                             p.push_back(piece_letter(c.piece));
                             p.append(disambiguator_text(c.from));
                             return Production{"P::x::Q", "Captures", p + ", Q = " + sq(c.to)};
                         },
                         [](const ast::Castle& c) {
                             return Production{c.side == ast::CastleSide::King ? "O-O" : "O-O-O", "Castles", ""};
                         },
                         [](const ast::Promotion& p) {
                             std::string t = ", T = ";
                             t.push_back(piece_letter(ast::kind_of(p.piece())));
                             if (p.is_capture()) {
                                 std::string w = "W = ";
                                 w.push_back(p.capture_from()->to_char());
                                 return Production{"W::x::Q=T", "Promotions", w + ", Q = " + sq(p.to()) + t};
                             }
                             return Production{"Q=T", "Promotions", "Q = " + sq(p.to()) + t};
                         },
                         [](const ast::Coordinate& c) {
                             std::string parts = "S = " + sq(c.from) + ", Q = " + sq(c.to);
                             if (c.promotion) {
                                 parts.append(", T = ");
                                 parts.push_back(piece_letter(ast::kind_of(*c.promotion)));
                             }
                             return Production{"S Q (a move written by its squares: an extension)",
                                               "Moves written by their squares (extension)", parts};
                         },
                         [](const ast::NullMove&) {
                             return Production{"a null move (no production)", "Abstract syntax (§3.1)", ""};
                         },
                     },
                     m.body);
}

const char* origin_name(sem::UpdateOrigin o) {
    switch (o) {
        case sem::UpdateOrigin::Paper: return "paper";
        case sem::UpdateOrigin::Erratum: return "erratum";
        case sem::UpdateOrigin::LawsAddition: return "laws-addition";
    }
    return "paper";
}

// What was found for the ply to explain.
struct Found {
    std::optional<sem::State> before;
    const ast::Ply* ply = nullptr;
    std::optional<Judged> judged;
    std::uint32_t played = 0;  // plies defined before the fold stopped
};

// The plies before `target` played by the interpreter's own judgement (judge_move, the reference
// engine), in the order [[S]] plays them.
Found replay(const ast::Game& g, const sem::State& start, std::uint32_t target, const sem::Engine& e) {
    Found f;
    const sem::StepOrder order = sem::step_order(g, g.main_line, sem::move_number(start), e.reading());
    const std::uint32_t limit = sem::ply_limit(start);
    const auto judge = [&](std::size_t k, const ast::Ply& ply, const sem::State& s) {
        if (k >= limit) return Judged{false, sem::Failure::TurnLimit, sem::Refused{sem::Failure::TurnLimit, {}}};
        Judged j = judge_move(e, ply.move, s);
        if (k + 1 == target) {
            f.before = s;
            f.ply = &ply;
            f.judged = j;
        }
        return j;
    };
    const auto defined = [&](std::size_t k, const ast::Ply&, const sem::State&, const Judged&) {
        return k + 1 < target;
    };
    f.played = sem::fold_steps(g, order, start, judge, defined).played;
    return f;
}

void header_text(std::string& out, std::string_view file, std::uint32_t game, const ast::Game& g, sem::Reading r) {
    out.append("game ");
    append_text(out, file);
    out.append(":").append(std::to_string(game)).append("  ");
    append_text(out, g.tag("White").value_or("?"));
    out.append(" - ");
    append_text(out, g.tag("Black").value_or("?"));
    out.append("  (reading: ").append(reading_text(r)).append(")\n");
}

// The envelope of an `explanation` object and the game it is of.
void begin_json(JsonObject& o, std::string_view file, std::uint32_t game, const ast::Game& g, sem::Reading r) {
    write_envelope(o, "explanation", r);
    o.str("file", file).num("game", game);
    JsonObject(o.key("players")).opt_str("white", g.tag("White")).opt_str("black", g.tag("Black"));
}

// The fields of an explanation that a game with nothing explained has none of, after `reason`.
constexpr std::string_view kExplainedOnly[] = {"ply",
                                               "move_number",
                                               "side",
                                               "written",
                                               "fen_before",
                                               "production",
                                               "source",
                                               "promoted_id",
                                               "equation",
                                               "update_form",
                                               "update",
                                               "iic",
                                               "premises",
                                               "legal",
                                               "error",
                                               "fen_after",
                                               "capture_marker_flipped",
                                               "reported_rule"};

// A game with nothing to explain (legal without --ply, malformed, a ply past the end …).
void nothing(std::string& out, std::string_view file, std::uint32_t game, const ast::Game& g, const ExplainOptions& o,
             const Verdict& v, std::string_view reason) {
    const sem::Reading r = o.engine->reading();
    if (!o.json) {
        header_text(out, file, game, g, r);
        out.append("  ").append(reason).append("\n\n");
        return;
    }
    JsonOut j(out);
    JsonObject obj(j);
    begin_json(obj, file, game, g, r);
    obj.str("verdict", verdict_name(v.kind)).boolean("explained", false).str("reason", reason);
    for (std::string_view field : kExplainedOnly) obj.null(field);
}

void squares_json(JsonOut& out, sem::SquareSet set) {
    JsonArray a(out);
    for (Square q : set) a.next().string(sq(q));
}

// The update written as the paper writes it: σ^{v₁,v₂,…}_{x₁,x₂,…}.
std::string superscript_form(const sem::Why& why, const sem::State& sigma) {
    std::string values, names;
    for (const sem::UpdateEntry& u : why.update) {
        if (u.origin == sem::UpdateOrigin::LawsAddition) continue;
        if (!values.empty()) values.append(","), names.append(",");
        values.append(ide_value_text(u.x, u.value));
        names.append(ide_name(u.x, sigma));
    }
    return "σ′ = σ^{" + values + "}_{" + names + "}";
}

void explain_text(std::string& out, const sem::Why& why, const sem::Termination& t, const Production& p, const Found& f,
                  const Ctx& ctx, const std::string& message) {
    const auto line = [&](std::string_view text) { out.append("  ").append(text).append("\n"); };
    line(std::string("production   [[") + p.form + "]]" + (p.parts.empty() ? "" : "  " + p.parts) +
         "   (proofs-notes/semantics.md, \"" + p.section + "\")");
    if (why.source)
        for (const std::string& l : source_lines(*why.source, ctx)) line(l);
    if (why.equation) {
        line(std::string("equation     ") + std::string(sem::rule_id(*why.equation)) + "   " +
             superscript_form(why, ctx.s));
        for (const sem::UpdateEntry& u : why.update) line("    " + update_line(u, why, ctx.s));
    }
    if (why.promotion) {
        const sem::PromotionCase& pc = *why.promotion;
        std::string l = std::string("promoted id: the case ") + side_word(pc.colour) + ", T = ";
        l.push_back(piece_letter(ast::kind_of(pc.piece)));
        if (pc.piece == ast::PromotionPiece::Bishop)
            l.append(pc.to.file().index() % 2 == 0 ? ", file(Q) ∈ {a,c,e,g}" : ", file(Q) ∈ {b,d,f,h}");
        l.append(" → ").append(std::to_string(pc.id.value()));
        line(l + " of the ten (proofs-notes/semantics.md, \"Promotions\")");
    }
    for (const sem::IicCall& c : why.iic) {
        std::string l = iic_text(c);
        if (c.for_claim) l.append("   (what a + or # claims, not a premise)");
        line(l);
    }
    if (!why.premises.empty()) {
        line("premises, in the order tested (proofs-notes/semantics.md, \"Termination (§3.3): T\"):");
        for (const sem::Premise& pv : why.premises) line("  " + premise_line(pv, ctx));
        // (a false premise is always the last recorded, and T is then ⊥: W1)
        if (!why.premises.back().holds)
            line("  (T is a conjunction: the premises after the first false one are not evaluated)");
    }
    if (const auto* ok = v2::get_if<sem::Accepted>(&t)) {
        line("T(M)(σ) = ⊤   σ′ = " + fen_of(ok->next));
    } else {
        const sem::Refused& fails = v2::get<sem::Refused>(t);
        line(std::string("T(M)(σ) = ⊥   ") + std::string(sem::rule_id(fails.rule)) + ": " + message);
    }
    if (f.judged && f.judged->capture_marker_flipped)
        line(
            "the interpreter reads the move with its x flipped and plays it: x is a claim of the notation "
            "(proofs-notes/errata.md, `capture-marker-claim`), reported as a capture-marker warning");
    else if (f.judged && !f.judged->defined() && f.judged->rule != v2::get<sem::Refused>(t).rule)
        line(std::string("reported as ") + std::string(sem::rule_id(f.judged->rule)) + ": " +
             (f.judged->rule == sem::Failure::GameOver
                  ? "the position had no legal move, the game was already over (proofs-notes/errata.md, `game-over`)"
                  : std::string(sem::info(f.judged->rule).what)));
}

void explain_tree(std::string& out, const sem::Why& why, const sem::Termination& t, const Production& p, const Ctx& ctx,
                  const std::string& message) {
    const std::string m = p.form;
    const std::string of_m = "[[" + m + "]]";
    const std::string of_t = "T(" + m + ")";
    TreeNode root;
    if (const auto* ok = v2::get_if<sem::Accepted>(&t))
        root.text = "T(" + m + ")(σ) = ⊤   σ′ = " + fen_of(ok->next);
    else
        root.text =
            "T(" + m + ")(σ) = ⊥   " + std::string(sem::rule_id(v2::get<sem::Refused>(t).rule)) + ": " + message;
    root.origin = "T, proofs-notes/semantics.md \"Termination (§3.3): T\"";
    // [[M]]: its own conditions, GTSS/GCSS, the update
    TreeNode denote;
    denote.origin = "proofs-notes/semantics.md \"" + std::string(p.section) + "\"";
    const std::size_t own = std::min(why.own_premises, why.premises.size);
    for (std::size_t i = 0; i < own; ++i) denote.children.push_back(premise_node(why.premises.items[i], ctx, of_m));
    if (why.source) {
        const sem::SourceCall& c = *why.source;
        const std::vector<std::string> lines = source_lines(c, ctx);
        TreeNode call;
        call.text = lines.front().substr(0, lines.front().find("   ("));
        call.origin = c.query.capture ? "Algorithm 2 (GCSS)" : "Algorithm 1 (GTSS)";
        for (std::size_t i = 1; i < lines.size(); ++i) {
            std::string l = lines[i];
            l.erase(0, l.find_first_not_of(' '));
            call.children.push_back(TreeNode{l, "", {}});
        }
        denote.children.push_back(std::move(call));
    }
    if (why.promotion) {
        const sem::PromotionCase& pc = *why.promotion;
        denote.children.push_back(TreeNode{"the new piece's id: " + std::to_string(pc.id.value()),
                                           "the ten promotion cases, proofs-notes/semantics.md \"Promotions\"",
                                           {}});
    }
    if (why.equation) {
        denote.text = "(σ, σ′) ∈ " + of_m + ": " + superscript_form(why, ctx.s);
        denote.origin = "equation " + std::string(sem::rule_id(*why.equation)) + ", " + denote.origin;
    } else {
        denote.text = of_m + "σ undefined: (σ, σ′) ∈ " + of_m + " for no σ′";
    }
    root.children.push_back(std::move(denote));
    // T's own premises
    for (std::size_t i = own; i < why.premises.size; ++i)
        root.children.push_back(premise_node(why.premises.items[i], ctx, of_t));
    if (!why.premises.empty() && !why.premises.back().holds)
        root.children.push_back(
            TreeNode{"(T is a conjunction: the premises after the first false one are not evaluated)", "", {}});
    draw(out, root, "  ", "  ");
}

// The explanation's fields of an `explanation` object, from `production` to `reported_rule`.
void explain_json(const sem::Why& why, const sem::Termination& t, const Production& p, const Found& f, const Ctx& ctx,
                  std::uint32_t ply_index, const std::string& message, JsonObject& o) {
    {
        JsonObject prod(o.key("production"));
        prod.str("form", p.form).str("parts", p.parts).str("section", p.section);
    }
    if (why.source) {
        const sem::SourceCall& c = *why.source;
        const sem::SourceQuery& q = c.query;
        JsonObject src(o.key("source"));
        src.str("function", q.capture ? "GCSS" : "GTSS").str("kind", piece_name(q.kind)).str("to", sq(q.to));
        src.opt_str("from_file",
                    q.from.file ? std::optional<std::string>(std::string(1, q.from.file->to_char())) : std::nullopt);
        src.opt_str("from_rank",
                    q.from.rank ? std::optional<std::string>(std::string(1, q.from.rank->to_char())) : std::nullopt);
        src.str("side", color_name(c.mover));
        squares_json(src.key("reach"), c.reach);
        squares_json(src.key("matched"), c.matched);
        squares_json(src.key("unblocked"), c.clear);
        if (c.filtered)
            squares_json(src.key("accepted"), c.counted);
        else
            src.null("accepted");
        const auto* u = v2::get_if<sem::Undefined>(&c.answer);
        if (const auto* result = v2::get_if<sem::Source>(&c.answer)) {
            JsonObject res(src.key("result"));
            res.str("from", sq(result->from)).num("id", result->piece.value());
        } else {
            src.null("result");
        }
        src.opt_str("failed", u ? std::optional<std::string_view>(sem::rule_id(u->rule)) : std::nullopt);
    } else {
        o.null("source");
    }
    if (why.promotion)
        o.num("promoted_id", why.promotion->id.value());
    else
        o.null("promoted_id");
    o.opt_str("equation", why.equation ? std::optional<std::string_view>(sem::rule_id(*why.equation)) : std::nullopt);
    if (why.equation)
        o.str("update_form", superscript_form(why, ctx.s));
    else
        o.null("update_form");
    {
        JsonArray a(o.key("update"));
        for (const sem::UpdateEntry& u : why.update) {
            JsonObject e(a.next());
            e.str("x", ide_name(u.x, ctx.s));
            if (is_stamp_none(u.x, u.value))
                e.null("value");
            else
                e.num("value", u.value);
            if (is_stamp_none(u.x, u.was))
                e.null("was");
            else
                e.num("was", u.was);
            e.str("origin", origin_name(u.origin));
            e.opt_str("erratum",
                      u.erratum ? std::optional<std::string_view>(sem::info(*u.erratum).slug) : std::nullopt);
        }
    }
    {
        JsonArray a(o.key("iic"));
        for (const sem::IicCall& c : why.iic) {
            JsonObject e(a.next());
            e.str("state", c.after ? "σ′" : "σ").str("side", color_name(c.colour)).boolean("answer", c.answer);
            squares_json(e.key("attackers"), c.attackers);
            e.str("for", c.for_claim ? "claim" : "premise");
        }
    }
    {
        JsonArray a(o.key("premises"));
        for (const sem::Premise& pv : why.premises) {
            JsonObject e(a.next());
            const Instance in = instance(pv, ctx);
            e.str("premise", pv.statement()).str("notation", in.form).opt_str("values", text_or_null(in.values));
            e.boolean("value", pv.holds).str("rule", sem::rule_id(pv.as));
            e.opt_str("erratum",
                      pv.erratum ? std::optional<std::string_view>(sem::info(*pv.erratum).slug) : std::nullopt);
            e.opt_str("form",
                      pv.erratum ? std::optional<std::string_view>(pv.corrected ? "laws" : "paper") : std::nullopt);
            e.opt_str("square", pv.square ? std::optional<std::string>(sq(*pv.square)) : std::nullopt);
        }
    }
    if (const auto* ok = v2::get_if<sem::Accepted>(&t)) {
        o.boolean("legal", true).null("error").str("fen_after", fen_of(ok->next));
    } else {
        o.boolean("legal", false);
        {
            const ast::Ply& ply = *f.ply;
            const sem::State& s = *f.before;
            JsonObject e(o.key("error"));
            e.str("rule", sem::rule_id(v2::get<sem::Refused>(t).rule)).str("message", message);
            if (ply.pos.line > 0)
                e.num("line", ply.pos.line).num("column", ply.pos.column);
            else
                e.null("line").null("column");
            e.num("ply", ply_index).num("move_number", sem::move_number(s)).str("side", color_name(sem::to_move(s)));
            e.str("written", ply.text);
        }
        o.null("fen_after");
    }
    const bool flipped = f.judged && f.judged->capture_marker_flipped;
    o.boolean("capture_marker_flipped", flipped);
    o.opt_str("reported_rule", f.judged && !f.judged->defined()
                                   ? std::optional<std::string_view>(sem::rule_id(f.judged->rule))
                                   : std::nullopt);
}

}  // namespace

std::string explain_ply_text(const ast::Move& m, const sem::State& s, sem::Reading r, std::string_view written) {
    const sem::Why why = sem::why_of(m, s, r);
    const sem::Termination t = sem::terminates(m, s, r);
    std::string message;
    if (const auto* fails = v2::get_if<sem::Refused>(&t)) message = explain_failure(*fails, s, written, r);
    std::string out;
    explain_text(out, why, t, production(m), Found{}, Ctx{m, s, r}, message);
    return out;
}

std::string explain_game(const ast::Game& g, std::string_view file, std::uint32_t game, const ExplainOptions& o,
                         std::string& out) {
    PGNSEM_ASSERT(o.engine != nullptr && o.engine->visit([](const auto& e) {
        return std::is_same_v<std::remove_cvref_t<decltype(e)>, sem::ReferenceEngine>;
    }),
                  "explain runs the reference");
    const sem::Engine& e = *o.engine;
    const sem::Reading r = e.reading();
    Verdict v;
    Interpreter interp(Options{false, &e});
    interp.run(g, v);
    std::uint32_t target = 0;
    if (o.ply) {
        target = *o.ply;
    } else if (v.kind == VerdictKind::Illegal && v.error && v.error->ply > 0) {
        target = v.error->ply;
    } else {
        std::string reason = std::string("the game is ") + verdict_name(v.kind);
        if (v.kind == VerdictKind::Legal) reason.append(" (").append(std::to_string(v.plies)).append(" plies)");
        if (v.error) {
            reason.append(": ").append(v.error->rule).append(", ").append(v.error->message);
            if (v.error->ply == 0 && v.kind == VerdictKind::Illegal) reason.append(" (the start position)");
        }
        reason.append(v.kind == VerdictKind::Malformed ? "; no move was matched to a production"
                                                       : "; --ply P explains any ply");
        nothing(out, file, game, g, o, v, reason);
        return {};  // nothing asked for: the record is the answer
    }
    // A ply --ply asks for that cannot be explained is a usage error: the record says why, and so
    // does the status (the failing ply of a game is always there to explain)
    const auto missing = [&](const std::string& reason) {
        nothing(out, file, game, g, o, v, reason);
        return o.ply ? reason : std::string();
    };
    if (target == 0) return missing("ply 0 is the start position: --ply counts plies from 1");
    Verdict start_verdict;
    const std::optional<sem::State> start = start_position(g, start_verdict);
    if (!start) return missing("the game has no start position to replay from");
    const Found f = replay(g, *start, target, e);
    if (f.ply == nullptr) {
        std::string reason = "the game has no ply " + std::to_string(target) + ": [[S]] played " +
                             std::to_string(f.played) + (f.played == 1 ? " ply" : " plies");
        if (v.error && v.error->ply > 0)
            reason.append(", then is ⊥ at ply ")
                .append(std::to_string(v.error->ply))
                .append(" (")
                .append(v.error->rule)
                .append("; explain without --ply shows it)");
        return missing(reason);
    }
    const sem::State& s = *f.before;
    const sem::Why why = sem::why_of(f.ply->move, s, r);
    const sem::Termination t = sem::terminates(f.ply->move, s, r);
    // The record is of the very judgement the fold made (unless the interpreter read the move with
    // its x flipped, which the output says).
    PGNSEM_ASSERT(f.judged->capture_marker_flipped || f.judged->defined() == (t.index() == 0),
                  "explain's T is the fold's T");
    std::string message;
    if (const auto* fails = v2::get_if<sem::Refused>(&t)) message = explain_failure(*fails, s, f.ply->text, r);
    const Production p = production(f.ply->move);
    const Color side = sem::to_move(s);
    const std::uint32_t number = sem::move_number(s);
    if (!o.json) {
        header_text(out, file, game, g, r);
        out.append("ply ").append(std::to_string(target)).append("  ").append(std::to_string(number));
        out.append(side == Color::White ? ". " : "... ");
        append_text(out, f.ply->text);
        out.append("   σ = ").append(fen_of(s)).append("\n");
        if (o.tree)
            explain_tree(out, why, t, p, Ctx{f.ply->move, s, r}, message);
        else
            explain_text(out, why, t, p, f, Ctx{f.ply->move, s, r}, message);
        out.push_back('\n');
        return {};
    }
    JsonOut j(out);
    JsonObject obj(j);
    begin_json(obj, file, game, g, r);
    obj.str("verdict", verdict_name(v.kind)).boolean("explained", true).null("reason");
    obj.num("ply", target).num("move_number", number).str("side", color_name(side)).str("written", f.ply->text);
    obj.str("fen_before", fen_of(s));
    explain_json(why, t, p, f, Ctx{f.ply->move, s, r}, target, message, obj);
    return {};
}

int explain_files(const std::vector<std::string>& files, std::optional<std::uint32_t> game,
                  const ExplainOptions& options, std::FILE* out) {
    int status = 0;
    ast::Game g;
    std::string text;
    std::optional<JsonDocument> doc;
    if (options.json) doc.emplace(out, *options.json);
    for (const std::string& path : files) {
        std::string error;
        const std::unique_ptr<Input> input = Input::open(path, false, error);
        if (!input) {
            std::fprintf(stderr, "pgnsem: %s\n", error.c_str());
            status = 2;
            continue;
        }
        syntax::PgnReader reader(input->text(), path);
        const std::string shown = text_for_people(path);
        bool found = false;
        for (std::uint32_t n = 1; reader.next(g); ++n) {
            if (game && n != *game) continue;
            found = true;
            text.clear();
            const std::string missing = explain_game(g, path, n, options, text);
            if (doc)
                doc->add(text);
            else if (!write_bytes(out, text))
                return 2;
            if (doc && !doc->ok()) return 2;
            if (!missing.empty()) {
                std::fprintf(stderr, "pgnsem explain: %s game %u: %s\n", shown.c_str(), n, missing.c_str());
                status = 2;
            }
            if (game) break;
        }
        if (const std::string why = input->error(); !why.empty()) {
            std::fprintf(stderr, "pgnsem: %s\n", why.c_str());
            status = 2;
        } else if (!reader.io_error().empty()) {
            std::fprintf(stderr, "pgnsem: %s\n", text_for_people(reader.io_error()).c_str());
            status = 2;
        } else if (game && !found) {
            // asked of every file: one without it is a usage error, whatever the others hold
            std::fprintf(stderr, "pgnsem explain: no game %u in %s\n", *game,
                         path == "-" ? "standard input" : shown.c_str());
            status = 2;
        }
    }
    if (doc && !doc->finish()) return 2;
    return status;
}

}  // namespace pgnsem::interp
