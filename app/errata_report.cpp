// `pgnsem errata` (app/errata_report.hpp).
#include "app/errata_report.hpp"

#include <optional>

#include "io/contract.hpp"
#include "io/json.hpp"

namespace pgnsem::interp {

std::string errata_text() {
    // (Built with append: GCC 12 at -O3 warns of a false overlap in a chain of +.)
    std::string out(
        "The paper's errata (proofs-notes/errata.md). Each is a correction the Laws' reading makes (the default);\n"
        "--erratum SLUG=paper reads one as the paper prints it, --semantics paper reads them all so.\n");
    for (std::size_t i = 0; i < sem::kErratumCount; ++i) {
        const sem::ErratumInfo& e = sem::kErrata[i];
        out.append("\n").append(std::to_string(i + 1)).append(". ").append(e.slug).append(" — ").append(e.title);
        out.append(" (").append(e.law).append(")");
        if (!e.executable) out.append(" [no paper form to run: see the note]");
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

std::vector<std::string> errata_json() {
    // an empty text is no text: null
    const auto text = [](std::string_view t) { return t.empty() ? std::nullopt : std::optional(t); };
    std::vector<std::string> objects;
    for (std::size_t i = 0; i < sem::kErratumCount; ++i) {
        const sem::ErratumInfo& e = sem::kErrata[i];
        std::string line;
        {
            JsonOut out(line);
            JsonObject entry(out);
            write_envelope(entry, "erratum", sem::Reading::laws());
            entry.num("number", i + 1).str("slug", e.slug).boolean("executable", e.executable);
            entry.str("title", e.title).str("law", e.law).str("paper", e.paper).str("correction", e.correction);
            {
                JsonObject game(entry.key("game"));
                game.str("file", e.game_file).str("event", e.game_event).opt_str("pgn", text(e.game));
            }
            entry.opt_str("note", text(e.note));
        }
        objects.push_back(std::move(line));
    }
    for (const sem::Silence& s : sem::kSilences) {
        std::string line;
        {
            JsonOut out(line);
            JsonObject o(out);
            write_envelope(o, "silence", sem::Reading::laws());
            o.str("topic", s.topic).str("choice", s.choice);
        }
        objects.push_back(std::move(line));
    }
    return objects;
}

}  // namespace pgnsem::interp
