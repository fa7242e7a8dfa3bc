#include "interpreter/check.hpp"

#include <cerrno>
#include <cstring>

#include "interpreter/output.hpp"
#include "syntax/pgn.hpp"

namespace pgnsem::interp {

void Summary::add(const Verdict& v) {
    ++games;
    plies += v.plies;
    switch (v.kind) {
        case VerdictKind::Legal: ++legal; break;
        case VerdictKind::Illegal: ++illegal; break;
        case VerdictKind::Malformed: ++malformed; break;
        case VerdictKind::Unsupported: ++unsupported; break;
    }
    if (v.end == sem::Outcome::Checkmate) ++checkmates;
    if (v.end == sem::Outcome::Stalemate) ++stalemates;
    if (v.draws.claimable_at() != 0) ++draw_claimable;
    if (v.draws.automatic_at() != 0) ++draw_automatic;
    for (const Warning& w : v.warnings) ++warnings[w.kind];
    if (v.error) ++rules[v.error->rule];
}

std::string Summary::text() const {
    std::string s = std::to_string(games) + " games, " + std::to_string(plies) + " plies: " + std::to_string(legal) +
                    " legal, " + std::to_string(illegal) + " illegal, " + std::to_string(malformed) + " malformed, " +
                    std::to_string(unsupported) + " unsupported\n";
    s += "end of game: " + std::to_string(checkmates) + " checkmate, " + std::to_string(stalemates) +
         " stalemate; draw facts: " + std::to_string(draw_claimable) + " games with a claimable draw, " +
         std::to_string(draw_automatic) + " with an automatic draw\n";
    auto count = [&](const char* k) {
        auto it = warnings.find(k);
        return it == warnings.end() ? std::uint64_t{0} : it->second;
    };
    s += "notation claims: " + std::to_string(count("check-claim")) + " +/# mismatches, " +
         std::to_string(count("result-mismatch")) + " Result tag/marker mismatches, " +
         std::to_string(count("result-position")) + " results contradicting the final position\n";
    if (!rules.empty()) {
        s += "errors by rule:";
        for (const auto& [k, n] : rules) s += " " + k + "=" + std::to_string(n);
        s += "\n";
    }
    if (!warnings.empty()) {
        s += "warnings by kind:";
        for (const auto& [k, n] : warnings) s += " " + k + "=" + std::to_string(n);
        s += "\n";
    }
    return s;
}

namespace {

class TraceWriter : public TraceSink {
public:
    TraceWriter(std::string& buf, std::string_view file, Format f) : buf_(buf), file_(file), format_(f) {}
    void on_ply(const PlyEvent& e) override {
        if (format_ == Format::Jsonl) {
            append_trace_json(buf_, file_, e);
            buf_.push_back('\n');
        } else {
            append_trace_text(buf_, e);
        }
    }

private:
    std::string& buf_;
    std::string_view file_;
    Format format_;
};

bool flush(std::string& buf, std::FILE* out) {
    if (buf.empty()) return true;
    const bool ok = std::fwrite(buf.data(), 1, buf.size(), out) == buf.size();
    buf.clear();
    return ok;
}

}  // namespace

bool check_file(const std::string& path, const CheckOptions& options, std::FILE* out, Summary& summary) {
    std::FILE* in = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
    if (!in) {
        std::fprintf(stderr, "pgnsem: cannot open %s: %s\n", path.c_str(), std::strerror(errno));
        summary.io_error = true;
        return false;
    }
    syntax::PgnReader reader(in, path);
    Interpreter interpreter(options.interpret);
    ast::Game game;
    Verdict verdict;
    std::string buf;
    buf.reserve(1 << 16);
    TraceWriter tracer(buf, path, options.format);
    bool ok = true;
    while (reader.next(game)) {
        interpreter.run(game, verdict, options.trace ? &tracer : nullptr);
        summary.add(verdict);
        if (!options.trace) {
            if (options.format == Format::Jsonl) {
                append_verdict_json(buf, path, verdict);
                buf.push_back('\n');
            } else {
                append_verdict_text(buf, path, verdict);
            }
        }
        if (buf.size() > (1 << 16) && !flush(buf, out)) ok = false;
    }
    if (!flush(buf, out)) ok = false;
    if (!reader.io_error().empty()) {
        std::fprintf(stderr, "pgnsem: %s: %s\n", path.c_str(), reader.io_error().c_str());
        ok = false;
    }
    if (in != stdin) std::fclose(in);
    if (!ok) summary.io_error = true;
    return ok;
}

}  // namespace pgnsem::interp
