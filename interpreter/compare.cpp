// One game under two readings, and where they part (interpreter/compare.hpp).
#include "interpreter/compare.hpp"

#include <algorithm>
#include <string_view>

namespace pgnsem::interp {

namespace {

// What a step came to under one reading: defined, refused (with the verdict's kind and rule), or
// not reached (the game had ended before it).
struct Outcome {
    enum class Kind : std::uint8_t { Defined, Refused, NotReached } kind = Kind::NotReached;
    VerdictKind verdict = VerdictKind::Legal;
    std::string_view rule;
    friend bool operator==(const Outcome&, const Outcome&) = default;
};

Outcome outcome_at(const Verdict& v, std::uint32_t ply) noexcept {
    if (v.error && v.error->ply == ply) return {Outcome::Kind::Refused, v.kind, v.error->rule};
    if (ply <= v.plies) return {Outcome::Kind::Defined, VerdictKind::Legal, {}};
    return {};
}

// Records every defined ply of the main line.
class Recorder final : public TraceSink {
public:
    Recorder(std::vector<DefinedPly>& plies, bool keep_text) : plies_(plies), keep_text_(keep_text) {}
    void on_ply(const PlyEvent& e) override {
        if (plies_.empty()) start = *e.before;
        DefinedPly& d = plies_.emplace_back();
        d.place = PlyPlace{e.ply, e.move_number, e.side, std::string(e.san_written)};
        d.after = *e.after;
        if (keep_text_) {
            d.san = std::string(e.san_canonical);
            d.fen_after = std::string(e.fen_after);
        }
    }

    std::optional<sem::State> start;

private:
    std::vector<DefinedPly>& plies_;
    bool keep_text_;
};

}  // namespace

std::uint32_t last_ply(const Verdict& v) noexcept {
    return v.error ? std::max(v.error->ply, v.plies) : v.plies;
}

PlyPlace place_of(const ErrorInfo& e) {
    return PlyPlace{e.ply, e.move_number, e.side, e.written};
}

std::optional<std::uint32_t> parting_ply(const Verdict& a, const Verdict& b) noexcept {
    const std::uint32_t last = std::max(last_ply(a), last_ply(b));
    for (std::uint32_t ply = 0; ply <= last; ++ply)
        if (!(outcome_at(a, ply) == outcome_at(b, ply))) return ply;
    return std::nullopt;
}

Comparer::Comparer(const sem::Engine& a, const sem::Engine& b, bool strict, bool keep_text)
    : a_(a), b_(b), strict_(strict), keep_text_(keep_text), ia_(options(a)), ib_(options(b)) {}

Options Comparer::options(const sem::Engine& e) const noexcept {
    Options o;
    o.strict = strict_;
    o.engine = &e;
    return o;
}

const sem::Engine& Comparer::switched(sem::Erratum e) {
    auto it = switched_.find(e);
    if (it == switched_.end()) {
        const sem::Reading a = a_.reading();
        const sem::Reading r = b_.reading().corrected(e) ? a.with_laws(e) : a.with_paper(e);
        it = switched_.emplace(e, default_engine(r)).first;
    }
    return *it->second.engine;
}

void Comparer::run(const ast::Game& g, Comparison& out, bool name_errata) {
    out.plies_a.clear();
    out.plies_b.clear();
    out.parts_at.reset();
    out.state_parts_at.reset();
    out.errata.clear();
    out.start.reset();
    Recorder record_a(out.plies_a, keep_text_), record_b(out.plies_b, keep_text_);
    ia_.run(g, out.a, &record_a);
    ib_.run(g, out.b, &record_b);
    out.start = record_a.start;
    if (!out.start && !(out.a.error && out.a.error->ply == 0)) out.start = out.a.final_state;

    const std::size_t both = std::min(out.plies_a.size(), out.plies_b.size());
    for (std::size_t i = 0; i < both; ++i)
        if (!(out.plies_a[i].after == out.plies_b[i].after)) {
            out.state_parts_at = out.plies_a[i].place;
            break;
        }

    const std::optional<std::uint32_t> ply = parting_ply(out.a, out.b);
    if (!ply) return;
    if (out.a.error && out.a.error->ply == *ply)
        out.parts_at = place_of(*out.a.error);
    else if (out.b.error && out.b.error->ply == *ply)
        out.parts_at = place_of(*out.b.error);
    else
        // defined under one reading, not reached under the other
        out.parts_at = (*ply <= out.plies_a.size() ? out.plies_a : out.plies_b)[*ply - 1].place;

    if (!name_errata) return;
    const sem::Reading a = a_.reading(), b = b_.reading();
    for (const sem::ErratumInfo& info : sem::kErrata) {
        if (!info.executable || a.corrected(info.erratum) == b.corrected(info.erratum)) continue;
        Interpreter alone(options(switched(info.erratum)));
        alone.run(g, scratch_);
        if (parting_ply(out.a, scratch_) == ply) out.errata.push_back(info.erratum);
    }
}

}  // namespace pgnsem::interp
