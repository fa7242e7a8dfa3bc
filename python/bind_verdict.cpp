// pgnsem.judge and pgnsem.Verdict (python/README.md, "A verdict's fields are the schema's"):
// api::Judge and api::Verdict of pgnsem/api.hpp. Each field of the `verdict` object of
// schemas/verdict.json is an attribute with the value its JSON has, made from the library's typed
// member of that name (where the library has 0 or an empty text for the JSON's null, None); the
// envelope (object, contract, pgnsem, reading), which the library leaves in the JSON text, is read
// from it with Python's json module the first time it is asked for.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pgnsem/api.hpp"
#include "python/bindings.hpp"

namespace pgnsem::python {

namespace {

using namespace pybind11::literals;

// The fields of schemas/verdict.json, in its order.
constexpr const char* kVerdictFields[] = {
    "object",
    "contract",
    "pgnsem",
    "reading",
    "file",
    "game",
    "offset",
    "players",
    "result",
    "result_tag",
    "plies",
    "verdict",
    "error",
    "warnings",
    "fen_after",
    "end",
    "draw_claimable_at",
    "automatic_draw_at",
};

py::object& json_loads() {
    static auto* loads = new py::object(py::module_::import("json").attr("loads"));  // NOLINT: never freed
    return *loads;
}

// A verdict: the library's, and its JSON object once read (for the envelope, and to_dict()).
struct Verdict {
    chess::Verdict v;
    py::object fields;  // a dict, read from v.json on first use

    const py::dict& dict() {
        if (!fields) fields = json_loads()(text(v.json));
        return reinterpret_cast<const py::dict&>(fields);
    }
};

// Verdicts Python has let go of, kept for the next games: Judge::judge fills a verdict in the memory
// it holds (its strings and vectors), so a loop that drops each verdict before judging the next
// game allocates nothing for it. Used with the GIL held only (the deleter runs in the Python
// object's deallocation, judge takes one before releasing the GIL).
std::vector<Verdict*>& spare_verdicts() {
    static auto* spare = new std::vector<Verdict*>();  // NOLINT: never freed, as the module
    return *spare;
}

struct Recycle {
    void operator()(Verdict* v) const noexcept {
        v->fields = py::object();
        std::vector<Verdict*>& spare = spare_verdicts();
        if (spare.size() < 8) {
            try {
                spare.push_back(v);
                return;
            } catch (...) {  // no memory for the list: the verdict goes
            }
        }
        delete v;
    }
};
using VerdictHolder = std::unique_ptr<Verdict, Recycle>;

VerdictHolder new_verdict() {
    std::vector<Verdict*>& spare = spare_verdicts();
    if (spare.empty()) return VerdictHolder(new Verdict());
    VerdictHolder v(spare.back());
    spare.pop_back();
    return v;
}

// The error object of docs/vocabulary.md: ply, move_number and side null when the start position
// itself fails (ply 0), written null when the error is about no move, line and column null where
// there is no place.
py::object error_dict(const std::optional<chess::GameError>& error) {
    if (!error) return py::none();
    const chess::GameError& e = *error;
    py::dict d;
    d["rule"] = view(chess::rule_id(e.rule));
    d["message"] = text(e.message);
    d["line"] = number_or_none(e.line);
    d["column"] = number_or_none(e.column);
    d["ply"] = number_or_none(e.ply);
    d["move_number"] = e.ply == 0 ? py::object(py::none()) : py::object(py::int_(e.move_number));
    d["side"] = e.ply == 0 ? py::object(py::none()) : py::object(view(chess::side_name(e.side)));
    d["written"] = e.written.empty() ? py::object(py::none()) : py::object(text(e.written));
    return d;
}

py::object players_dict(const std::optional<chess::Players>& players) {
    if (!players) return py::none();
    py::dict d;
    d["white"] = players->white ? py::object(text(*players->white)) : py::object(py::none());
    d["black"] = players->black ? py::object(text(*players->black)) : py::object(py::none());
    return d;
}

// check's options from judge's keywords: strict, semantics, errata (a sequence of "SLUG=paper" or
// "SLUG=laws"), engine (None: the default of the reading).
chess::JudgeOptions judge_options(bool strict, std::string semantics, std::vector<std::string> errata,
                                  const std::optional<std::string>& engine) {
    return chess::JudgeOptions{strict, std::move(semantics), std::move(errata), engine.value_or("")};
}

bool same_options(const chess::JudgeOptions& a, const chess::JudgeOptions& b) {
    return a.strict == b.strict && a.semantics == b.semantics && a.errata == b.errata && a.engine == b.engine;
}

// One Judge per thread and options, made on their first game, with the GIL held (a request that is
// not a reading raises pgnsem.Error there): it keeps the interpreter and its buffers from one game to
// the next (pgnsem/api.hpp), and a Judge must not be used by two threads at once. A thread keeps the
// judges of its last few options.
chess::Judge& thread_judge(const chess::JudgeOptions& options) {
    struct Kept {
        chess::JudgeOptions options;
        chess::Judge judge;
    };
    thread_local std::vector<std::unique_ptr<Kept>> kept;
    for (const std::unique_ptr<Kept>& k : kept)
        if (same_options(k->options, options)) return k->judge;
    auto made = std::make_unique<Kept>(Kept{options, chess::Judge(options)});
    constexpr std::size_t kKeptJudges = 8;
    if (kept.size() == kKeptJudges) kept.erase(kept.begin());  // the oldest
    kept.push_back(std::move(made));
    return kept.back()->judge;
}

constexpr const char* kReadingDoc =
    " semantics ('laws', every correction of the paper's errata made, or 'paper', its equations as printed), "
    "errata (a sequence of 'SLUG=paper' or 'SLUG=laws', in order, the later winning; pgnsem.errata() lists "
    "the slugs) and engine ('reference', 'fast' or None: the fast path under the Laws' reading, the "
    "reference under any other) are check's --semantics, --erratum and --engine; options that are not a "
    "reading raise pgnsem.Error (request/reading).";

}  // namespace

void bind_verdict(py::module_& m) {
    py::class_<Verdict, VerdictHolder> verdict(
        m, "Verdict",
        "A game's verdict, as `pgnsem check` gives it: an attribute for every field of the verdict object "
        "(schemas/verdict.json, docs/vocabulary.md) with its JSON value — verdict ('legal', 'illegal', "
        "'malformed', 'unsupported'), plies, error (a dict or None), warnings (a list of dicts), fen_after, end, "
        "draw_claimable_at, automatic_draw_at, players, result, result_tag, file, game and the envelope "
        "(object, contract, pgnsem, reading); `json` is the object `pgnsem check --format jsonl` writes, byte "
        "for byte; position_after the position after the last legal ply, a Board.");
    verdict.def_property_readonly("verdict", [](const Verdict& v) { return view(chess::status_name(v.v.verdict)); })
        .def_property_readonly("plies", [](const Verdict& v) { return v.v.plies; })
        .def_property_readonly("error", [](const Verdict& v) { return error_dict(v.v.error); })
        .def_property_readonly("warnings",
                               [](const Verdict& v) {
                                   py::list out;
                                   for (const chess::Warning& w : v.v.warnings) out.append(warning_dict(w));
                                   return out;
                               })
        .def_property_readonly("fen_after", [](const Verdict& v) { return py::str(v.v.fen_after); })
        .def_property_readonly("end",
                               [](const Verdict& v) -> py::object {
                                   if (!v.v.end) return py::none();
                                   return view(chess::end_name(*v.v.end));
                               })
        .def_property_readonly("draw_claimable_at", [](const Verdict& v) { return v.v.draw_claimable_at; })
        .def_property_readonly("automatic_draw_at", [](const Verdict& v) { return v.v.automatic_draw_at; })
        .def_property_readonly("file", [](const Verdict& v) { return text(v.v.file); })
        .def_property_readonly("game", [](const Verdict& v) { return v.v.game; })
        .def_property_readonly("offset", [](const Verdict& v) { return v.v.offset; })
        .def_property_readonly("players", [](const Verdict& v) { return players_dict(v.v.players); })
        .def_property_readonly("result",
                               [](const Verdict& v) -> py::object {
                                   if (!v.v.result) return py::none();
                                   return view(chess::result_name(*v.v.result));
                               })
        .def_property_readonly("result_tag",
                               [](const Verdict& v) -> py::object {
                                   if (!v.v.result_tag) return py::none();
                                   return text(*v.v.result_tag);
                               })
        .def_property_readonly("position_after", [](const Verdict& v) { return v.v.position_after; })
        .def_property_readonly("json", [](const Verdict& v) { return text(v.v.json); })
        .def(
            "to_dict", [](const Verdict& v) { return json_loads()(text(v.v.json)); },
            "The verdict object as a new dict, as json.loads reads check's line.")
        .def(
            "__getitem__",
            [](const py::object& self, const std::string& name) {
                for (const char* field : kVerdictFields)
                    if (name == field) return self.attr(field);
                throw py::key_error(name);
            },
            "field"_a, "A field by name, as in the JSON (KeyError for a name the schema does not have).")
        .def("__repr__", [](const Verdict& v) {
            std::string s = "<pgnsem.Verdict " + std::string(chess::status_name(v.v.verdict));
            if (v.v.error)
                s += " " + std::string(chess::rule_id(v.v.error->rule)) + " at ply " + std::to_string(v.v.error->ply);
            return s + ">";
        });
    // the envelope, from the JSON text
    for (const char* name : {"object", "contract", "pgnsem", "reading"})
        verdict.def_property_readonly(name, [name](Verdict& v) { return v.dict()[name]; });
    py::list fields;
    for (const char* name : kVerdictFields) fields.append(name);
    verdict.attr("FIELDS") = py::tuple(fields);

    m.def(
        "judge",
        [](const chess::Game& game, bool strict, std::string semantics, std::vector<std::string> errata,
           const std::optional<std::string>& engine) {
            chess::Judge& judge = thread_judge(judge_options(strict, std::move(semantics), std::move(errata), engine));
            VerdictHolder out = new_verdict();
            {
                py::gil_scoped_release released;
                judge.judge(game, out->v);
            }
            return out;
        },
        "game"_a, py::kw_only(), "strict"_a = false, "semantics"_a = "laws", "errata"_a = std::vector<std::string>(),
        "engine"_a = py::none(),
        (std::string("[[S]] over the game: the Verdict `pgnsem check` gives it (strict=True: `check --strict`, "
                     "only the PGN export format). The GIL is released while it judges, so threads judge games in "
                     "parallel.") +
         kReadingDoc)
            .c_str());
    m.def(
        "judge_all",
        [](const py::iterable& games, bool strict, std::string semantics, std::vector<std::string> errata,
           const std::optional<std::string>& engine) {
            chess::Judge& judge = thread_judge(judge_options(strict, std::move(semantics), std::move(errata), engine));
            std::vector<chess::Game> held;  // (a Game is a handle: its contents are shared, not copied)
            for (const py::handle game : games) {
                if (!py::isinstance<chess::Game>(game))
                    throw py::type_error("judge_all takes Game values, not " +
                                         std::string(py::str(py::type::of(game).attr("__name__"))));
                held.push_back(game.cast<chess::Game>());
            }
            std::vector<VerdictHolder> verdicts;
            verdicts.reserve(held.size());
            for (std::size_t i = 0; i < held.size(); ++i) verdicts.push_back(new_verdict());
            {
                py::gil_scoped_release released;
                for (std::size_t i = 0; i < held.size(); ++i) judge.judge(held[i], verdicts[i]->v);
            }
            py::list out(verdicts.size());
            for (std::size_t i = 0; i < verdicts.size(); ++i)
                PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i),
                                py::cast(std::move(verdicts[i])).release().ptr());
            return out;
        },
        "games"_a, py::kw_only(), "strict"_a = false, "semantics"_a = "laws", "errata"_a = std::vector<std::string>(),
        "engine"_a = py::none(),
        (std::string("The verdicts of several games, as judge gives each, in a list: the GIL is released once for "
                     "them all, so that threads each judging a list of games (a few hundred) run in parallel, where "
                     "a thread calling judge for every game would spend its time waiting for the GIL. Options as "
                     "judge's:") +
         kReadingDoc)
            .c_str());
    m.def(
        "errata",
        [] {
            py::list out;
            for (const chess::Erratum& e : chess::errata()) {
                py::dict d;
                d["slug"] = view(e.slug);
                d["title"] = view(e.title);
                d["law"] = view(e.law);
                d["paper"] = view(e.paper);
                d["correction"] = view(e.correction);
                d["executable"] = e.executable;
                out.append(d);
            }
            return out;
        },
        "The paper's errata, as `pgnsem errata` lists them (proofs-notes/errata.md): a dict each with slug, "
        "title, law, paper (what the paper prints), correction (what the Laws' reading does instead) and "
        "executable (False: no paper form to run, 'SLUG=paper' is refused).");
}

}  // namespace pgnsem::python
