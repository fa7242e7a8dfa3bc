// The reading a run makes and the engine that answers it (interpreter/reading.hpp).
#include "interpreter/reading.hpp"

#include "semantics/errata.hpp"

namespace pgnsem::interp {

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
                .append("' has no paper form to run (")
                .append(sem::info(*e).note)
                .append(")");
            return error;
        }
        r = form == "paper" ? r.with_paper(*e) : r.with_laws(*e);
    }
    if (request.engine.empty()) return default_engine(r);
    EngineChoice choice;
    if (request.engine == "fast") {
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

EngineChoice default_engine(sem::Reading r) {
    EngineChoice choice;
    if (r.is_laws()) {
        choice.engine = &sem::fast_engine();
        return choice;
    }
    choice.owned = sem::reference_engine(r);
    choice.engine = choice.owned.get();
    return choice;
}

std::variant<ReadingRequest, std::string> reading_request(std::string_view word) {
    ReadingRequest request;
    const std::size_t plus = word.find('+');
    const std::string_view base = word.substr(0, plus);
    std::string error;
    if (base != "laws" && base != "paper") {
        error.append("'").append(word).append("' is not a reading: it begins with laws or paper");
        return error;
    }
    request.semantics = std::string(base);
    std::size_t from = plus;
    while (from != std::string_view::npos) {
        const std::size_t next = word.find('+', from + 1);
        const std::string_view item =
            word.substr(from + 1, next == std::string_view::npos ? std::string_view::npos : next - from - 1);
        if (item.empty() || item.find('=') == std::string_view::npos) {
            error.append("'")
                .append(word)
                .append("' is not a reading: after laws or paper come +SLUG=paper or +SLUG=laws items, not '+")
                .append(item)
                .append("'");
            return error;
        }
        request.errata.emplace_back(item);
        from = next;
    }
    return request;
}

}  // namespace pgnsem::interp
