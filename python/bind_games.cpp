// pgnsem.Game with its move tree (Ply, Variation, Comment, Nag), pgnsem.read_games and
// pgnsem.parse_games (python/README.md): api::Game, api::GameReader and api::read_games of
// pgnsem/api.hpp.
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

// A file's games, read one at a time; the GIL is released while the next game is read (and
// decompressed). One reader serves one thread at a time (pgnsem/api.hpp): the lock keeps two Python
// threads iterating the same reader from reading at once.
struct GameReader {
    std::optional<chess::GameReader> reader;
    std::optional<chess::ShardRecord> record;  // a shard's, kept when the reader ends
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
            if (!g) {  // the end, or an error after which nothing more is read
                if (!error) record = reader->shard_record();
                reader.reset();
            }
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
    // The move tree (Game.plies()): values, their lists copied out of the game.
    py::class_<chess::Comment>(m, "Comment",
                               "A comment, {…} or ;…: its text without the delimiters, and where its { or ; stands.")
        .def_property_readonly("text", [](const chess::Comment& c) { return text(c.text); })
        .def_readonly("line", &chess::Comment::line)
        .def_readonly("column", &chess::Comment::column)
        .def("__repr__", [](const chess::Comment& c) { return py::str("Comment({!r})").format(text(c.text)); });
    py::class_<chess::Nag>(m, "Nag",
                           "A numeric annotation glyph $N (0–255), annotating the move before it; where its $ stands.")
        .def_readonly("value", &chess::Nag::value)
        .def_readonly("line", &chess::Nag::line)
        .def_readonly("column", &chess::Nag::column)
        .def("__repr__", [](const chess::Nag& n) { return "Nag(" + std::to_string(n.value) + ")"; });
    py::class_<chess::Ply>(m, "Ply",
                           "One ply of a line as written: text (its suffix glyph included when attached), suffix "
                           "(!, ?, !!, ??, !?, ?! or NAGs 1–6; '' for none), ply, move_number and side counted from "
                           "the start position, where it stands (line, column), its nags, comments_after and the "
                           "variations that replace it.")
        .def_property_readonly("text", [](const chess::Ply& p) { return text(p.text); })
        .def_property_readonly("suffix", [](const chess::Ply& p) { return text(p.suffix); })
        .def_readonly("ply", &chess::Ply::ply)
        .def_readonly("move_number", &chess::Ply::move_number)
        .def_readonly("side", &chess::Ply::side)
        .def_readonly("line", &chess::Ply::line)
        .def_readonly("column", &chess::Ply::column)
        .def_readonly("nags", &chess::Ply::nags)
        .def_readonly("comments_after", &chess::Ply::comments_after)
        .def_readonly("variations", &chess::Ply::variations)
        .def("__repr__", [](const chess::Ply& p) { return py::str("<Ply {} {!r}>").format(p.ply, text(p.text)); });
    py::class_<chess::Variation>(m, "Variation",
                                 "A variation (RAV): where its ( stands, the comments before its first move, its "
                                 "plies (the first an alternative to the ply it follows), the comments after its ), "
                                 "and cut: nested too deep for its plies to be kept.")
        .def_readonly("line", &chess::Variation::line)
        .def_readonly("column", &chess::Variation::column)
        .def_readonly("comments_before", &chess::Variation::comments_before)
        .def_readonly("plies", &chess::Variation::plies)
        .def_readonly("comments_after", &chess::Variation::comments_after)
        .def_readonly("cut", &chess::Variation::cut)
        .def("__repr__",
             [](const chess::Variation& v) { return "<Variation of " + std::to_string(v.plies.size()) + " plies>"; });

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
        .def("chess960", &chess::Game::chess960,
             "Whether the game is played by the Chess960 rules: its Variant tag names Chess960 (Chess960, chess 960, "
             "Fischerandom, Freestyle, ..., any case). Its FEN tag is then read with Board(fen, chess960=True).")
        .def("plies", &chess::Game::plies,
             "The main line as a list of Ply, each with its NAGs, comments and variations, and theirs: the whole "
             "move tree as read.")
        .def("comments_before", &chess::Game::comments_before, "The comments before the main line's first move.")
        .def("comments_after", &chess::Game::comments_after,
             "The comments that stand last in the movetext, before the termination marker.")
        .def("__repr__", [](const chess::Game& g) {
            return py::str("<pgnsem.Game {} of {!r}>").format(g.index(), text(g.source()));
        });

    py::class_<GameReader>(
        m, "GameReader",
        "The games of a file, one at a time (an iterator; read_games makes it). Memory does not "
        "grow with the file; the next game is read into the memory of one of the last two games that "
        "nothing holds any more, so a for loop allocates nothing per game. A damaged "
        "compressed file raises OSError after the games before the damage. close() (or a with "
        "block) closes the file before the end.")
        .def("__iter__", [](py::object self) { return self; })
        .def("__next__",
             [](GameReader& r) {
                 std::optional<chess::Game> g = r.next();
                 if (!g) throw py::stop_iteration();
                 return std::move(*g);
             })
        .def("close", &GameReader::close)
        .def_property_readonly(
            "shard",
            [](GameReader& r) -> py::object {
                const std::lock_guard lock(r.mutex);
                if (!r.record) return py::none();
                const chess::ShardRecord& s = *r.record;
                return py::dict("shard"_a = s.shard, "shards"_a = s.shards, "size"_a = s.size, "start"_a = s.start,
                                "next"_a = s.next, "until"_a = s.until, "lines"_a = s.lines, "games"_a = s.games);
            },
            "For read_games(path, shard=(K, N)), once every game is read: the shard's record, a dict of the "
            "`shard` object's numbers (schemas/shard.json: shard, shards, size, start, next, until, lines, games); "
            "None before, and for a reader of a whole file.")
        .def("__enter__", [](py::object self) { return self; })
        .def("__exit__", [](GameReader& r, const py::args&) { r.close(); });

    m.def(
        "read_games",
        [](const std::filesystem::path& path, std::optional<std::pair<std::uint32_t, std::uint32_t>> shard) {
            auto r = std::make_unique<GameReader>();
            try {
                if (shard)
                    r->reader.emplace(chess::GameReader::open_shard(path.string(), shard->first, shard->second));
                else
                    r->reader.emplace(chess::GameReader::open(path.string()));
            } catch (const std::runtime_error& e) {
                raise_os_error(e);
            }
            return r;
        },
        "path"_a, py::kw_only(), "shard"_a = py::none(),
        "The games of a file, one at a time: a GameReader, an iterator of Game. Plain PGN, or gzip, bzip2, xz or "
        "zstd, known by the first bytes, as `pgnsem check` reads them; '-' reads standard input. OSError when "
        "the file cannot be opened or read. shard=(K, N): only shard K of N of a plain file, as `pgnsem check "
        "--shard K/N` reads it (its game and line numbers the shard's own; GameReader.shard then gives its "
        "record, for pgnsem.dask's merge); OSError for a compressed file or K/N out of 1 ≤ K ≤ N ≤ 2^20.");
    m.def(
        "parse_games",
        [](std::string pgn, std::string name) {
            py::gil_scoped_release released;
            return chess::read_games(pgn, std::move(name));
        },
        "pgn"_a, "name"_a = "-",
        "Every game of a PGN text (str, or bytes as a file holds them): a list of Game; `name` stands for the "
        "file in verdicts.");
}

}  // namespace pgnsem::python
