// pgnsem._pgnsem, the C++ half of the Python package pgnsem (python/pgnsem/__init__.py re-exports
// it): the exception every refusal raises, the squares, the rule ids and warning kinds, and the
// board, game and verdict bindings of python/bind_board.cpp, python/bind_games.cpp and
// python/bind_verdict.cpp.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <exception>
#include <string>

#include "pgnsem/api.hpp"
#include "python/bindings.hpp"

namespace pgnsem::python {

namespace {

// Length of the valid UTF-8 sequence at s[i] (RFC 3629: no overlong form, no surrogate, nothing
// above U+10FFFF), or 0 when the byte there begins none.
std::size_t utf8_length(std::string_view s, std::size_t i) noexcept {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    const auto continuation = [&](std::size_t k) { return k < s.size() && (byte(k) & 0xC0u) == 0x80u; };
    if (c < 0x80u) return 1;
    if (c >= 0xC2u && c <= 0xDFu) return continuation(i + 1) ? 2 : 0;
    if (c >= 0xE0u && c <= 0xEFu) {
        if (!continuation(i + 1) || !continuation(i + 2)) return 0;
        const unsigned char d = byte(i + 1);
        if (c == 0xE0u && d < 0xA0u) return 0;  // overlong
        if (c == 0xEDu && d > 0x9Fu) return 0;  // a surrogate
        return 3;
    }
    if (c >= 0xF0u && c <= 0xF4u) {
        if (!continuation(i + 1) || !continuation(i + 2) || !continuation(i + 3)) return 0;
        const unsigned char d = byte(i + 1);
        if (c == 0xF0u && d < 0x90u) return 0;  // overlong
        if (c == 0xF4u && d > 0x8Fu) return 0;  // above U+10FFFF
        return 4;
    }
    return 0;
}

// The exception type of every refusal (created in PYBIND11_MODULE below).
PyObject* error_type = nullptr;

void raise_error(const chess::Error& e) {
    const std::string what = e.what();
    const std::string_view id = e.rule_id();
    py::object error = py::reinterpret_borrow<py::object>(error_type)(what);
    error.attr("rule") = view(id);
    error.attr("column") = number_or_none(e.column());
    // what() is "rule-id: message"
    error.attr("message") = what.size() > id.size() + 2 ? what.substr(id.size() + 2) : what;
    PyErr_SetObject(error_type, error.ptr());
}

}  // namespace

py::str text(std::string_view bytes) {
    std::size_t i = 0;
    while (i < bytes.size()) {
        const std::size_t n = utf8_length(bytes, i);
        if (n == 0) break;
        i += n;
    }
    if (i == bytes.size()) return py::str(bytes.data(), bytes.size());
    std::string utf8(bytes.substr(0, i));
    while (i < bytes.size()) {
        if (const std::size_t n = utf8_length(bytes, i); n != 0) {
            utf8.append(bytes.substr(i, n));
            i += n;
        } else {  // ISO 8859-1: the byte is the code point, U+0080–U+00FF in two bytes
            const auto c = static_cast<unsigned char>(bytes[i++]);
            utf8.push_back(static_cast<char>(0xC0u | (c >> 6)));
            utf8.push_back(static_cast<char>(0x80u | (c & 0x3Fu)));
        }
    }
    return py::str(utf8);
}

py::object number_or_none(std::uint32_t n) {
    if (n == 0) return py::none();
    return py::int_(n);
}

py::dict warning_dict(const chess::Warning& w) {
    py::dict d;
    const std::string_view kind = chess::warning_kind_name(w.kind);
    d["kind"] = view(kind);
    d["message"] = text(w.message);
    d["line"] = number_or_none(w.line);
    d["column"] = number_or_none(w.column);
    d["ply"] = number_or_none(w.ply);
    d["written"] = text(w.written);
    d["canonical"] = w.canonical.empty() ? py::object(py::none()) : py::object(text(w.canonical));
    if (w.rule) {
        const std::string_view id = chess::rule_id(*w.rule);
        d["rule"] = view(id);
    } else {
        d["rule"] = py::none();
    }
    return d;
}

}  // namespace pgnsem::python

PYBIND11_MODULE(_pgnsem, m) {
    using namespace pgnsem::python;
    m.doc() =
        "pgnsem's C++ library, bound for Python: the board (play, take back, legal moves, FEN, SAN, "
        "perft) and games (read, judged as `pgnsem check` judges them). Import the package pgnsem, "
        "which re-exports this module.";
    m.attr("__version__") = PGNSEM_VERSION;

    error_type = PyErr_NewExceptionWithDoc(
        "pgnsem.Error",
        "A move, a position or a text pgnsem refuses (a ValueError). `rule` is the rule id "
        "(`check/pinned`, `syntax/fen`, …: docs/vocabulary.md), `message` says why in chess terms, "
        "`column` is the 1-based column in the text that does not read, or None where no column "
        "applies (a move that reads but is illegal). str(error) is 'rule-id: message'.",
        PyExc_ValueError, nullptr);
    if (error_type == nullptr) throw py::error_already_set();
    m.attr("Error") = py::reinterpret_borrow<py::object>(error_type);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const chess::Error& e) {
            raise_error(e);
        }
    });

    // Squares are numbers, a1 = 0 … h8 = 63, as UCI, FEN and python-chess number them (the names A1 …
    // H8 are python/pgnsem/__init__.py's).
    py::list names;
    for (int q = 0; q < 64; ++q) {
        const std::string_view name = chess::square_name(static_cast<chess::Square>(q));
        names.append(view(name));
    }
    m.attr("SQUARE_NAMES") = py::tuple(names);
    m.def(
        "square_name",
        [](int square) {
            if (square < 0 || square > 63) throw py::index_error("a square is a number from 0 (a1) to 63 (h8)");
            const std::string_view name = chess::square_name(static_cast<chess::Square>(square));
            return view(name);
        },
        py::arg("square"), "The name of a square: 0 → 'a1', 28 → 'e4', 63 → 'h8'.");
    m.def(
        "parse_square",
        [](std::string_view name) {
            const auto q = chess::parse_square(name);
            if (!q) throw py::value_error("not a square: '" + std::string(name) + "' (a1 … h8)");
            return static_cast<int>(*q);
        },
        py::arg("name"), "The number of a square named 'a1' … 'h8' (ValueError for any other text).");

    // The rule ids and warning kinds of the contract (schemas/common.json), in its order.
    py::list rules;
    for (const std::string_view id : chess::kRuleIds) rules.append(view(id));
    m.attr("RULE_IDS") = py::tuple(rules);
    py::list kinds;
    for (const std::string_view k : chess::kWarningKinds) kinds.append(view(k));
    m.attr("WARNING_KINDS") = py::tuple(kinds);

    bind_board(m);
    bind_games(m);
    bind_verdict(m);
}
