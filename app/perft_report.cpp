// `pgnsem perft` (app/perft_report.hpp).
#include "app/perft_report.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "app/moves_report.hpp"
#include "app/position_report.hpp"
#include "interpreter/interpret.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "laws/setup.hpp"
#include "semantics/canonical.hpp"
#include "semantics/engine.hpp"
#include "syntax/fen.hpp"
#include "syntax/san.hpp"

namespace pgnsem::interp {

namespace {

struct RootMove {
    std::string uci, san;
    std::uint64_t nodes = 0;
};

}  // namespace

int perft_command(int depth, const std::string& fen, bool divide, bool reference, std::optional<JsonLayout> json) {
    int status = 0;
    const std::optional<Placement> p = position_option(fen, status);
    if (!p) return status;
    const sem::State s = sem::from_placement(*p);
    // The fast path's perft by default; the reference tries every move of every piece with T.
    const std::unique_ptr<sem::Engine> reference_engine = sem::reference_engine();
    const sem::Engine& e = reference ? *reference_engine : sem::fast_engine();
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    std::vector<RootMove> roots;
    if (divide && depth >= 1) {
        for (const sem::ConcreteMove& m : e.legal_moves(s)) {
            const sem::Termination t = e.terminates_concrete(s, m);
            const sem::Accepted& ok = boost::variant2::get<sem::Accepted>(t);
            RootMove r{uci_text(m), std::string(syntax::print_san(e.canonical_move(s, ok.action, ok.next)).view()),
                       e.perft(ok.next, depth - 1)};
            total += r.nodes;
            roots.push_back(std::move(r));
        }
        std::sort(roots.begin(), roots.end(), [](const RootMove& a, const RootMove& b) { return a.uci < b.uci; });
    } else {
        total = e.perft(s, depth);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string out;
    if (json) {
        {
            JsonOut json_out(out);
            JsonObject o(json_out);
            write_envelope(o, "perft", sem::Reading::laws());
            o.str("fen", syntax::print_fen(*p).view()).str("side", color_name(p->side_to_move));
            legality_json(o, sem::validate(*p), s);
            o.num("depth", static_cast<std::uint64_t>(depth)).num("nodes", total);
            if (divide) {
                JsonArray list(o.key("divide"));
                for (const RootMove& r : roots)
                    JsonObject(list.next()).str("uci", r.uci).str("san", r.san).num("nodes", r.nodes);
            } else {
                o.null("divide");
            }
        }
        JsonDocument doc(stdout, *json);
        doc.add(out);
        if (!doc.finish()) return 2;
    } else {
        for (const RootMove& r : roots) out += r.uci + ": " + std::to_string(r.nodes) + "\n";
        if (divide && depth >= 1) out += "\n";
        out += "Nodes searched: " + std::to_string(total) + "\n";
        if (!write_bytes(stdout, out)) return 2;
    }
    std::fprintf(stderr, "time: %.3f s, %.0f nodes/s\n", seconds,
                 seconds > 0 ? static_cast<double>(total) / seconds : 0.0);
    return 0;
}

}  // namespace pgnsem::interp
