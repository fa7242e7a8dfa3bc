// pgnsem.Game, pgnsem.read_games, pgnsem.parse_games, pgnsem.judge and pgnsem.Verdict
// (python/README.md, "Games"): api::GameReader, api::read_games and api::judge of pgnsem/api.hpp.
// A verdict's fields are the `verdict` object's of schemas/verdict.json, with the values its JSON
// has: the object `pgnsem check --format jsonl` writes for the game is kept as text and read with
// Python's json module the first time a field of it is asked for.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "pgnsem/api.hpp"
#include "python/bindings.hpp"

namespace pgnsem::python {

namespace {

using namespace pybind11::literals;

[[noreturn]] void raise_os_error(const std::runtime_error& e) {
    PyErr_SetString(PyExc_OSError, e.what());
    throw py::error_already_set();
}

// The fields of schemas/verdict.json, in its order.
constexpr const char* kVerdictFields[] = {
    "object",
    "contract",
    "pgnsem",
    "reading",
    "file",
    "game",
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

// A verdict: the library's, and its JSON object once read.
struct Verdict {
    chess::Verdict v;
    py::object fields;  // a dict, read from v.json on first use

    const py::dict& dict() {
        if (!fields) fields = json_loads()(text(v.json));
        return reinterpret_cast<const py::dict&>(fields);
    }
    py::object field(const char* name) { return dict()[name]; }
};

// A file's games, read one at a time; the GIL is released while the next game is read (and
// decompressed). One reader serves one thread at a time (pgnsem/api.hpp): the lock keeps two Python
// threads iterating the same reader from reading at once.
struct GameReader {
    std::optional<chess::GameReader> reader;
    std::mutex mutex;

    std::optional<chess::Game> next() {
        std::optional<chess::Game> g;
        std::optional<std::runtime_error> error;
        {
            py::gil_scoped_release released;
            const std::lock_guard lock(mutex);
            if (!reader) return std::nullopt;
            try {
                g = reader->next();
            } catch (const std::runtime_error& e) {
                error = e;
            }
            if (!g) reader.reset();  // the end, or an error after which nothing more is read
        }
        if (error) raise_os_error(*error);
        return g;
    }
    void close() {
        py::gil_scoped_release released;
        const std::lock_guard lock(mutex);
        reader.reset();
    }
};

py::list tag_list(const chess::Game& g) {
    py::list out;
    for (const chess::Tag& t : g.tags()) out.append(py::make_tuple(text(t.name), text(t.value)));
    return out;
}

}  // namespace

void bind_games(py::module_& m) {
    py::class_<chess::Game>(m, "Game",
                            "One game as read, up to its first syntax error if it has one. Immutable; it may be "
                            "shared between threads.")
        .def(
            "source", [](const chess::Game& g) { return text(g.source()); },
            "The name of the input (the path given to read_games, or the name given to parse_games), as "
            "verdicts write it in `file`.")
        .def("index", &chess::Game::index, "The game's 1-based index in its input.")
        .def("tags", &tag_list, "The tag pairs in the order written, as (name, value) tuples.")
        .def(
            "tag",
            [](const chess::Game& g, std::string_view name) -> py::object {
                if (const auto value = g.tag(name)) return text(*value);
                return py::none();
            },
            "name"_a, "A tag's value (the last one when repeated), or None.")
        .def(
            "moves",
            [](const chess::Game& g) {
                py::list out;
                for (const std::string& mv : g.moves()) out.append(text(mv));
                return out;
            },
            "The main line's moves as written (variations, comments and NAGs left out).")
        .def("result", &chess::Game::result, "The termination marker as written (1-0, 0-1, 1/2-1/2, *), or None.")
        .def("__repr__", [](const chess::Game& g) {
            return py::str("<pgnsem.Game {} of {!r}>").format(g.index(), text(g.source()));
        });

    py::class_<GameReader>(m, "GameReader",
                           "The games of a file, one at a time (an iterator; read_games makes it). Memory does not "
                           "grow with the file. A damaged compressed file raises OSError after the games before "
                           "the damage. close() (or a with block) closes the file before the end.")
        .def("__iter__", [](py::object self) { return self; })
        .def("__next__",
             [](GameReader& r) {
                 std::optional<chess::Game> g = r.next();
                 if (!g) throw py::stop_iteration();
                 return std::move(*g);
             })
        .def("close", &GameReader::close)
        .def("__enter__", [](py::object self) { return self; })
        .def("__exit__", [](GameReader& r, const py::args&) { r.close(); });

    m.def(
        "read_games",
        [](const std::filesystem::path& path) {
            auto r = std::make_unique<GameReader>();
            try {
                r->reader.emplace(chess::GameReader::open(path.string()));
            } catch (const std::runtime_error& e) {
                raise_os_error(e);
            }
            return r;
        },
        "path"_a,
        "The games of a file, one at a time: a GameReader, an iterator of Game. Plain PGN, or gzip, bzip2, xz or "
        "zstd, known by the first bytes, as `pgnsem check` reads them; '-' reads standard input. OSError when "
        "the file cannot be opened or read.");
    m.def(
        "parse_games",
        [](std::string pgn, std::string name) {
            py::gil_scoped_release released;
            return chess::read_games(pgn, std::move(name));
        },
        "pgn"_a, "name"_a = "-",
        "Every game of a PGN text (str, or bytes as a file holds them): a list of Game; `name` stands for the "
        "file in verdicts.");

    py::class_<Verdict> verdict(
        m, "Verdict",
        "A game's verdict, as `pgnsem check` gives it: an attribute for every field of the verdict object "
        "(schemas/verdict.json, docs/vocabulary.md) with its JSON value — verdict ('legal', 'illegal', "
        "'malformed', 'unsupported'), plies, error (a dict or None), warnings (a list of dicts), fen_after, end, "
        "draw_claimable_at, automatic_draw_at, players, result, result_tag, file, game and the envelope "
        "(object, contract, pgnsem, reading); `json` is the object `pgnsem check --format jsonl` writes, byte "
        "for byte; position_after the position after the last legal ply, a Board.");
    verdict
        .def_property_readonly("verdict",
                               [](const Verdict& v) {
                                   const std::string_view s = chess::status_name(v.v.verdict);
                                   return py::str(s.data(), s.size());
                               })
        .def_property_readonly("plies", [](const Verdict& v) { return v.v.plies; })
        .def_property_readonly("fen_after", [](const Verdict& v) { return py::str(v.v.fen_after); })
        .def_property_readonly("position_after", [](const Verdict& v) { return v.v.position_after; })
        .def_property_readonly("json", [](const Verdict& v) { return text(v.v.json); })
        .def(
            "to_dict", [](const Verdict& v) { return json_loads()(text(v.v.json)); },
            "The verdict object as a new dict, as json.loads reads check's line.")
        .def(
            "__getitem__", [](Verdict& v, const py::str& name) { return v.dict()[name]; }, "field"_a,
            "A field by name, as in the JSON (KeyError for a name the schema does not have).")
        .def("__repr__", [](const Verdict& v) {
            std::string s = "<pgnsem.Verdict " + std::string(chess::status_name(v.v.verdict));
            if (v.v.error)
                s += " " + std::string(chess::rule_id(v.v.error->rule)) + " at ply " + std::to_string(v.v.error->ply);
            return s + ">";
        });
    for (const char* name : kVerdictFields) {
        if (py::hasattr(verdict, name)) continue;  // typed above
        verdict.def_property_readonly(name, [name](Verdict& v) { return v.field(name); });
    }
    py::list fields;
    for (const char* name : kVerdictFields) fields.append(name);
    verdict.attr("FIELDS") = py::tuple(fields);

    m.def(
        "judge",
        [](const chess::Game& game, bool strict) {
            Verdict out;
            {
                py::gil_scoped_release released;
                out.v = chess::judge(game, chess::JudgeOptions{strict});
            }
            return out;
        },
        "game"_a, py::kw_only(), "strict"_a = false,
        "[[S]] over the game: the Verdict `pgnsem check` gives it (strict=True: `check --strict`, only the PGN "
        "export format). The GIL is released while it judges, so threads judge games in parallel.");
}

}  // namespace pgnsem::python
