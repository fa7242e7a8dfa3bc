// The project's one HTML writer: every byte of text that reaches an HTML page (`pgnsem trace
// --format html`, io/trace_html.hpp) goes through append_html, so that a PGN tag such as
// [White "<script>…"] is shown as text and never read as markup. Markup itself is written as
// literals by the callers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace pgnsem::interp {

// Appends `s` as HTML text, safe both between tags and inside a quoted attribute value: & < > "
// and ' as character references, the rest as append_text (io/output.hpp) writes it for
// people (UTF-8 as it is, other bytes read as ISO 8859-1, control characters as \xNN).
void append_html(std::string& out, std::string_view s);

// Appends a number in decimal (digits need no escaping).
void append_html_uint(std::string& out, std::uint64_t n);

}  // namespace pgnsem::interp
