// The Python module pgnsem._pgnsem (python/README.md): what its four files share. Only the
// public C++ interface is used (pgnsem/api.hpp, pgnsem/board.hpp, pgnsem/rules.hpp); every answer
// is the library's.
//   python/module.cpp      the module: the exception pgnsem.Error, squares, the rule ids
//   python/bind_board.cpp  Move, Piece, CastlingRights, CastlingRooks, Board, MoveJudgement, read_fen, read_san
//   python/bind_games.cpp  Game and its move tree, GameReader (read_games), parse_games
//   python/bind_verdict.cpp judge, Verdict
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <string_view>

#include "pgnsem/api.hpp"

namespace pgnsem::python {

namespace py = pybind11;
namespace chess = pgnsem::api;

// Text the library hands out (a tag, a move as written) as a Python str: UTF-8 as it is, every
// byte that is not part of valid UTF-8 read as ISO 8859-1 (the PGN standard's character set), as
// the verdicts' JSON reads it (docs/vocabulary.md), so that a tag of a Latin-1 file reads the same
// in the Game and in its verdict.
[[nodiscard]] py::str text(std::string_view bytes);

// A name the library writes (a rule id, a warning kind, an enum's word: ASCII) as a Python str.
[[nodiscard]] inline py::str view(std::string_view name) {
    return py::str(name.data(), name.size());
}

// A number where 0 means "does not apply" (a column, a line, a ply of a single move): None for 0.
[[nodiscard]] py::object number_or_none(std::uint32_t n);

// The warning object of docs/vocabulary.md as a dict: kind, message, line, column, ply, written,
// canonical, rule (None where the JSON has null).
[[nodiscard]] py::dict warning_dict(const chess::Warning& w);

void bind_board(py::module_& m);
void bind_games(py::module_& m);
void bind_verdict(py::module_& m);

}  // namespace pgnsem::python
