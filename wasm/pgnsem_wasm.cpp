// The reference compiled to WebAssembly: a few C functions that take text and give JSON text, for
// the playground page (wasm/playground/) and the ES module (wasm/pgnsem.mjs). Every object they
// give is one the command line writes for the same question, in the vocabulary of
// docs/vocabulary.md, made by the same functions:
//   pgnsem_serve      one request of `pgnsem serve` (app/serve.hpp, ServeSession): its response
//   pgnsem_check      every game of a text: the `verdict` objects of `check --format json`
//   pgnsem_trace      one game (or every game) of a text: the `step` objects of `trace --format json`
//   pgnsem_explain    one ply of one game: the `explanation` object of `explain --format jsonl`
//   pgnsem_errata     the `erratum` and `silence` objects of `errata --format json`
//   pgnsem_games      the playground's own index of a text's games (their tags and start position),
//                     which no command writes: the page lists the games by it
// A reading is given in the command line's words: `semantics` ("laws" or "paper") and `errata`, the
// `--erratum` values (SLUG=paper or SLUG=laws) one a line. A request that is not a reading (an unknown
// slug, an erratum of the prose only) is answered by {"error": {"rule": "request/reading", "message"}},
// the rule and message serve gives it. The text a function returns stays valid until the next call.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app/errata_report.hpp"
#include "app/explain_report.hpp"
#include "app/serve.hpp"
#include "interpreter/interpret.hpp"
#include "interpreter/reading.hpp"
#include "interpreter/start_position.hpp"
#include "io/contract.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "syntax/pgn/reader.hpp"

namespace {

using namespace pgnsem;
using namespace pgnsem::interp;

// The last answer, held until the next call (the caller copies it out at once).
std::string answer;

const char* give(std::string s) {
    answer = std::move(s);
    return answer.c_str();
}

std::string refusal(std::string_view rule, std::string_view message) {
    std::string out;
    {
        JsonOut j(out);
        JsonObject o(j);
        JsonObject(o.key("error")).str("rule", rule).str("message", message);
    }
    return out;
}

// The engine of a reading in the command line's words (`reference`: explain runs nothing else), or
// why there is none.
std::variant<EngineChoice, std::string> engine_of(const char* semantics, const char* errata, bool reference) {
    ReadingRequest request;
    if (semantics != nullptr && *semantics != '\0') request.semantics = semantics;
    if (request.semantics != "laws" && request.semantics != "paper")
        return "the semantics is \"laws\" or \"paper\", not \"" + request.semantics + "\"";
    std::istringstream lines(errata != nullptr ? errata : "");
    for (std::string line; std::getline(lines, line);)
        if (!line.empty()) request.errata.push_back(line);
    if (reference) request.engine = "reference";
    return choose_engine(request);
}

// The text's games, as the reader reads them, each with its 1-based number.
template <class F>
void each_game(std::string_view pgn, F&& f) {
    syntax::PgnReader reader(pgn);
    ast::Game g;
    for (std::uint32_t n = 1; reader.next(g); ++n)
        if (!f(g, n)) break;
}

// The steps of a trace, in `trace --format json`'s order.
class StepCollector : public TraceSink {
public:
    StepCollector(std::string_view envelope, std::string_view file, JsonArray& steps)
        : envelope_(envelope), file_(file), steps_(steps) {}
    void on_ply(const PlyEvent& e) override {
        scratch_.clear();
        append_trace_json(scratch_, envelope_, file_, e);
        steps_.next().raw(scratch_);
    }
    void end(const Verdict& v) {
        if (!v.error) return;
        scratch_.clear();
        append_trace_failure_json(scratch_, envelope_, file_, v);
        steps_.next().raw(scratch_);
    }

private:
    std::string_view envelope_, file_;
    JsonArray& steps_;
    std::string scratch_;
};

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* pgnsem_serve(const char* request) {
    static ServeSession session{ServeLimits{}};
    return give(session.respond(request != nullptr ? request : ""));
}

EMSCRIPTEN_KEEPALIVE const char* pgnsem_check(const char* pgn, const char* file, const char* semantics,
                                              const char* errata, int strict) {
    auto choice = engine_of(semantics, errata, false);
    if (const auto* why = std::get_if<std::string>(&choice)) return give(refusal("request/reading", *why));
    const EngineChoice& chosen = std::get<EngineChoice>(choice);
    const std::string envelope = envelope_members("verdict", chosen.engine->reading());
    Interpreter interpreter(Options{strict != 0, chosen.engine});
    Verdict v;
    std::string out, record;
    {
        JsonOut j(out);
        JsonArray verdicts(j);
        each_game(pgn, [&](const ast::Game& g, std::uint32_t) {
            interpreter.run(g, v);
            record.clear();
            append_verdict_json(record, envelope, file, v);
            verdicts.next().raw(record);
            return true;
        });
    }
    return give(std::move(out));
}

// `game` 0: every game.
EMSCRIPTEN_KEEPALIVE const char* pgnsem_trace(const char* pgn, const char* file, const char* semantics,
                                              const char* errata, std::uint32_t game) {
    auto choice = engine_of(semantics, errata, false);
    if (const auto* why = std::get_if<std::string>(&choice)) return give(refusal("request/reading", *why));
    const EngineChoice& chosen = std::get<EngineChoice>(choice);
    const std::string envelope = envelope_members("step", chosen.engine->reading());
    Interpreter interpreter(Options{false, chosen.engine});
    Verdict v;
    std::string out;
    {
        JsonOut j(out);
        JsonArray steps(j);
        StepCollector collector(envelope, file, steps);
        each_game(pgn, [&](const ast::Game& g, std::uint32_t n) {
            if (game != 0 && n != game) return true;
            interpreter.run(g, v, &collector);
            collector.end(v);
            return game == 0;
        });
    }
    return give(std::move(out));
}

// `ply` 0: the failing ply of a game that is not legal, as `explain` without --ply.
EMSCRIPTEN_KEEPALIVE const char* pgnsem_explain(const char* pgn, const char* file, std::uint32_t game,
                                                std::uint32_t ply, const char* semantics, const char* errata) {
    auto choice = engine_of(semantics, errata, true);
    if (const auto* why = std::get_if<std::string>(&choice)) return give(refusal("request/reading", *why));
    const EngineChoice& chosen = std::get<EngineChoice>(choice);
    ExplainOptions options;
    if (ply != 0) options.ply = ply;
    options.json = JsonLayout::Lines;
    options.engine = chosen.engine;
    std::string out;
    each_game(pgn, [&](const ast::Game& g, std::uint32_t n) {
        if (n != game) return true;
        // (a ply it cannot explain is said in the object itself: `explained` false and its `reason`)
        static_cast<void>(explain_game(g, file, n, options, out));
        return false;
    });
    if (out.empty()) return give(refusal("request/game", "the text has no game " + std::to_string(game)));
    return give(std::move(out));
}

EMSCRIPTEN_KEEPALIVE const char* pgnsem_errata() {
    std::string out;
    {
        JsonOut j(out);
        JsonArray objects(j);
        for (const std::string& o : errata_json()) objects.next().raw(o);
    }
    return give(std::move(out));
}

EMSCRIPTEN_KEEPALIVE const char* pgnsem_games(const char* pgn) {
    std::string out;
    {
        JsonOut j(out);
        JsonArray games(j);
        Verdict v;
        each_game(pgn, [&](const ast::Game& g, std::uint32_t n) {
            JsonObject o(games.next());
            o.num("game", n);
            {
                JsonArray tags(o.key("tags"));
                for (const ast::Tag& t : g.tags) {
                    JsonArray pair(tags.next());
                    pair.next().string(t.name);
                    pair.next().string(t.value);
                }
            }
            const std::optional<sem::State> start = start_position(g, v);
            o.opt_str("fen_start", start ? std::optional<std::string>(fen_of(*start)) : std::nullopt);
            return true;
        });
    }
    return give(std::move(out));
}

}  // extern "C"
