// The verdict contract's two faces: JSON Lines for programs (a public interface, documented field
// by field in README.md) and text for people (the failing move, the reason, a board).
#pragma once

#include <string>
#include <string_view>

#include "interpreter/interpret.hpp"

namespace pgnsem::interp {

// Appends `s` as a JSON string literal. Bytes that are not UTF-8 are read as ISO 8859-1 (the
// PGN standard's character set) and written as UTF-8.
void append_json_string(std::string& out, std::string_view s);

// One JSON object (no trailing newline) for a verdict.
void append_verdict_json(std::string& out, std::string_view file, const Verdict& v);

// The text report of a verdict, ending in a newline.
void append_verdict_text(std::string& out, std::string_view file, const Verdict& v);

// The board of σ as an ASCII diagram with rank and file labels.
[[nodiscard]] std::string board_text(const sem::State& s);

// One trace line: JSON (no newline) or text (with newline).
void append_trace_json(std::string& out, std::string_view file, const PlyEvent& e);
void append_trace_text(std::string& out, const PlyEvent& e);

}  // namespace pgnsem::interp
