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

// The leaves below σ, `depth` plies deep, added to `total`, taken subtree by subtree three plies
// deep; false as soon as `total` passes `budget`.
bool count_within(const sem::Engine& e, const sem::State& s, int depth, std::uint64_t budget, std::uint64_t& total) {
    if (depth <= 3) {
        total += e.perft(s, depth);
        return total <= budget;
    }
    for (const sem::ConcreteMove& m : e.legal_moves(s)) {
        const sem::Termination t = e.terminates_concrete(s, m);
        if (!count_within(e, boost::variant2::get<sem::Accepted>(t).next, depth - 1, budget, total)) return false;
    }
    return true;
}

}  // namespace

PerftCount perft_count(const sem::Engine& e, const Placement& p, int depth, bool divide, std::uint64_t budget) {
    const sem::State s = sem::from_placement(p);
    PerftCount c;
    if (!divide || depth < 1) {
        // without a budget, the engine's own count (bulk counting at the leaves, no recursion here)
        if (budget == UINT64_MAX)
            c.nodes = e.perft(s, depth);
        else
            c.complete = count_within(e, s, depth, budget, c.nodes);
        return c;
    }
    for (const sem::ConcreteMove& m : e.legal_moves(s)) {
        const sem::Termination t = e.terminates_concrete(s, m);
        const sem::Accepted& ok = boost::variant2::get<sem::Accepted>(t);
        PerftCount::Root r{uci_text(m), std::string(syntax::print_san(e.canonical_move(s, ok.action, ok.next)).view()),
                           0};
        if (budget == UINT64_MAX) {
            r.nodes = e.perft(ok.next, depth - 1);
        } else {
            std::uint64_t below = 0;
            c.complete = count_within(e, ok.next, depth - 1, budget - std::min(budget, c.nodes), below);
            r.nodes = below;
        }
        c.nodes += r.nodes;
        c.roots.push_back(std::move(r));
        if (!c.complete) break;
    }
    std::sort(c.roots.begin(), c.roots.end(),
              [](const PerftCount::Root& a, const PerftCount::Root& b) { return a.uci < b.uci; });
    return c;
}

std::string perft_object(const Placement& p, int depth, bool divide, const PerftCount& count) {
    std::string out;
    {
        JsonOut json_out(out);
        JsonObject o(json_out);
        write_envelope(o, "perft", sem::Reading::laws());
        o.str("fen", syntax::print_fen(p).view()).str("side", color_name(p.side_to_move));
        legality_json(o, sem::validate(p), sem::from_placement(p));
        o.num("depth", static_cast<std::uint64_t>(depth)).num("nodes", count.nodes);
        if (divide) {
            JsonArray list(o.key("divide"));
            for (const PerftCount::Root& r : count.roots)
                JsonObject(list.next()).str("uci", r.uci).str("san", r.san).num("nodes", r.nodes);
        } else {
            o.null("divide");
        }
    }
    return out;
}

int perft_command(int depth, const std::string& fen, bool divide, bool reference, std::optional<JsonLayout> json,
                  bool chess960, sem::CastlingStyle style) {
    int status = 0;
    const std::optional<Placement> p = position_option(fen, status, chess960);
    if (!p) return status;
    // The fast path's perft by default; the reference tries every move of every piece with T.
    const std::unique_ptr<sem::Engine> reference_engine = sem::reference_engine();
    const sem::Engine& e = reference ? *reference_engine : sem::fast_engine();
    const auto start = std::chrono::steady_clock::now();
    const PerftCount count = perft_count(e, *p, depth, divide);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (json) {
        JsonDocument doc(stdout, *json);
        doc.add(perft_object(written_as(*p, style), depth, divide, count));
        if (!doc.finish()) return 2;
    } else {
        std::string out;
        for (const PerftCount::Root& r : count.roots) out += r.uci + ": " + std::to_string(r.nodes) + "\n";
        if (divide && depth >= 1) out += "\n";
        out += "Nodes searched: " + std::to_string(count.nodes) + "\n";
        if (!write_bytes(stdout, out)) return 2;
    }
    std::fprintf(stderr, "time: %.3f s, %.0f nodes/s\n", seconds,
                 seconds > 0 ? static_cast<double>(count.nodes) / seconds : 0.0);
    return 0;
}

}  // namespace pgnsem::interp
