// `pgnsem errata` and the reading a run makes (interpreter/errata_report.hpp).
#include "interpreter/errata_report.hpp"

#include "interpreter/output.hpp"

namespace pgnsem::interp {
namespace {

void json_field(std::string& out, std::string_view name, std::string_view value, bool comma = true) {
    if (comma) out += ',';
    append_json_string(out, name);
    out += ':';
    append_json_string(out, value);
}

}  // namespace

std::string errata_text() {
    // (Built with append: GCC 12 at -O3 warns of a false overlap in a chain of +.)
    std::string out(
        "The paper's errata (proofs-notes/errata.md). Each is a correction the Laws' reading makes (the default);\n"
        "--erratum SLUG=paper reads one as the paper prints it, --semantics paper reads them all so.\n");
    for (std::size_t i = 0; i < sem::kErratumCount; ++i) {
        const sem::ErratumInfo& e = sem::kErrata[i];
        out.append("\n").append(std::to_string(i + 1)).append(". ").append(e.slug).append(" — ").append(e.title);
        out.append(" (").append(e.law).append(")");
        if (!e.executable) out.append(" [prose only: nothing to run]");
        out.append("\n   paper: ").append(e.paper).append("\n   laws:  ").append(e.correction);
        out.append("\n   game:  ").append(e.game_file).append(", \"").append(e.game_event).append("\"");
        if (!e.game.empty()) out.append(": ").append(e.game);
        out.append("\n");
        if (!e.note.empty()) out.append("   note:  ").append(e.note).append("\n");
    }
    out.append("\nWhere the paper says nothing, under every reading:\n");
    for (const sem::Silence& s : sem::kSilences)
        out.append("- ").append(s.topic).append(": ").append(s.choice).append("\n");
    return out;
}

std::string errata_json() {
    std::string out = "{\"errata\":[";
    for (std::size_t i = 0; i < sem::kErratumCount; ++i) {
        const sem::ErratumInfo& e = sem::kErrata[i];
        if (i > 0) out += ',';
        out += "{\"number\":" + std::to_string(i + 1);
        json_field(out, "slug", e.slug);
        out += std::string(",\"executable\":") + (e.executable ? "true" : "false");
        json_field(out, "title", e.title);
        json_field(out, "law", e.law);
        json_field(out, "paper", e.paper);
        json_field(out, "correction", e.correction);
        out += ",\"game\":{";
        json_field(out, "file", e.game_file, false);
        json_field(out, "event", e.game_event);
        out += ",\"pgn\":";
        if (e.game.empty())
            out += "null";
        else
            append_json_string(out, e.game);
        out += '}';
        out += ",\"note\":";
        if (e.note.empty())
            out += "null";
        else
            append_json_string(out, e.note);
        out += '}';
    }
    out += "],\"silences\":[";
    bool first = true;
    for (const sem::Silence& s : sem::kSilences) {
        if (!first) out += ',';
        first = false;
        out += '{';
        json_field(out, "topic", s.topic, false);
        json_field(out, "choice", s.choice);
        out += '}';
    }
    out += "]}\n";
    return out;
}

std::variant<EngineChoice, std::string> choose_engine(const ReadingRequest& request) {
    sem::Reading r = request.semantics == "paper" ? sem::Reading::paper() : sem::Reading::laws();
    for (const std::string& arg : request.errata) {
        const std::size_t eq = arg.find('=');
        const std::string slug = arg.substr(0, eq);
        const std::string form = eq == std::string::npos ? "" : arg.substr(eq + 1);
        // (Messages built with append: GCC 12 at -O3 warns of a false overlap in a chain of +.)
        std::string error;
        if (form != "paper" && form != "laws") {
            error.append("--erratum takes SLUG=paper or SLUG=laws, not '").append(arg).append("'");
            return error;
        }
        const auto e = sem::erratum_of(slug);
        if (!e) {
            error.append("no erratum is called '").append(slug).append("' (pgnsem errata lists them)");
            return error;
        }
        if (!sem::info(*e).executable) {
            error.append("erratum '")
                .append(slug)
                .append("' corrects the paper's prose only; there is no paper form to run (")
                .append(sem::info(*e).note)
                .append(")");
            return error;
        }
        r = form == "paper" ? r.with_paper(*e) : r.with_laws(*e);
    }
    const std::string engine = request.engine.empty() ? (r.is_laws() ? "fast" : "reference") : request.engine;
    EngineChoice choice;
    if (engine == "fast") {
        if (!r.is_laws())
            return std::string(
                "the fast engine runs the Laws' reading only; with a correction read as the paper "
                "prints it, use --engine reference (the default then)");
        choice.engine = &sem::fast_engine();
        return choice;
    }
    choice.owned = sem::reference_engine(r);
    choice.engine = choice.owned.get();
    return choice;
}

}  // namespace pgnsem::interp
