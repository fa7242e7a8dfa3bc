// The envelope and JSON documents (io/contract.hpp).
#include "io/contract.hpp"

#include <cerrno>

#include "io/output.hpp"

#ifndef PGNSEM_VERSION
#error "PGNSEM_VERSION is set by CMakeLists.txt"
#endif

namespace pgnsem::interp {

std::string_view pgnsem_version() noexcept {
    return PGNSEM_VERSION;
}

std::string reading_text(sem::Reading r) {
    if (r.is_laws()) return "laws";
    if (r == sem::Reading::paper()) return "paper";
    // named from the side it is nearer: the Laws with the errata read as printed, or the paper
    // with the errata corrected, whichever list is shorter
    std::size_t as_printed = 0, corrected = 0;
    for (const sem::ErratumInfo& i : sem::kErrata)
        if (i.executable) ++(r.corrected(i.erratum) ? corrected : as_printed);
    const bool from_paper = corrected < as_printed;
    std::string out = from_paper ? "paper, with" : "laws, with";
    for (const sem::ErratumInfo& i : sem::kErrata)
        if (i.executable && r.corrected(i.erratum) == from_paper)
            out.append(" ").append(i.slug).append(from_paper ? "=laws" : "=paper");
    return out;
}

void write_envelope(JsonObject& o, std::string_view object, sem::Reading r) {
    o.str("object", object).str("contract", kContract).str("pgnsem", pgnsem_version());
    JsonObject reading(o.key("reading"));
    bool any_paper = false, any_laws = false;
    for (const sem::ErratumInfo& i : sem::kErrata) {
        if (!i.executable) continue;
        (r.corrected(i.erratum) ? any_laws : any_paper) = true;
    }
    reading.str("name", !any_paper ? "laws" : !any_laws ? "paper" : "mixed");
    JsonArray printed(reading.key("as_printed"));
    for (const sem::ErratumInfo& i : sem::kErrata)
        if (i.executable && !r.corrected(i.erratum)) printed.next().string(i.slug);
}

std::string envelope_members(std::string_view object, sem::Reading r) {
    std::string s;
    {
        JsonOut out(s);
        JsonObject o(out);
        write_envelope(o, object, r);
    }
    // the text between the braces
    return s.substr(1, s.size() - 2);
}

bool JsonDocument::write(std::string_view bytes) {
    if (own_file_ ? write_records(out_, bytes) : write_bytes(out_, bytes)) return true;
    error_ = errno != 0 ? errno : EIO;
    return false;
}

void JsonDocument::add(std::string_view object) {
    if (!ok_) return;
    std::string_view before = layout_ == JsonLayout::Lines ? std::string_view() : first_ ? "[\n" : ",\n";
    first_ = false;
    ok_ = write(before) && write(object) && (layout_ == JsonLayout::Document || write("\n"));
}

bool JsonDocument::finish() {
    if (layout_ == JsonLayout::Document && ok_) ok_ = write(first_ ? "[]\n" : "\n]\n");
    return ok_;
}

}  // namespace pgnsem::interp
