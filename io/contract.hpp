// The output contract (docs/vocabulary.md): what every JSON object pgnsem writes carries, and how
// a command writes its objects as one document or as lines. The schemas of the objects are in
// schemas/; tests/cli/schemas.py checks every command's output against them.
//
// Every object begins with its envelope: `object` (which kind of object it is, the name of its
// schema), `contract` (the vocabulary's version, kContract), `pgnsem` (the program's version) and
// `reading` (the reading of the paper it was produced under: `name` laws, paper or mixed, and the
// errata read `as_printed`). A command writes its objects either as one JSON document (an array
// of them, `--format json`) or one object a line (`--format jsonl`): JsonDocument.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "io/json.hpp"
#include "semantics/errata.hpp"

namespace pgnsem::interp {

// The vocabulary's version: MAJOR.MINOR. A minor version adds fields or values; a major one renames
// or removes (README, "Stability").
inline constexpr std::string_view kContract = "1.1";

// pgnsem's version, as `pgnsem --version` prints it.
[[nodiscard]] std::string_view pgnsem_version() noexcept;

// The reading for people (text and HTML outputs): "laws", "paper", "laws, with SLUG=paper …" for
// the Laws with some errata read as the paper prints them, or "paper, with SLUG=laws …" for the paper
// with fewer errata corrected than read as printed (the options that ask for it, in words).
[[nodiscard]] std::string reading_text(sem::Reading r);

// The envelope's four members, first in o.
void write_envelope(JsonObject& o, std::string_view object, sem::Reading r);

// The envelope's four members as JSON text (`"object":…,"reading":{…}`, no braces): made once for a
// run that writes many objects of one kind, and written into each by JsonObject::members.
[[nodiscard]] std::string envelope_members(std::string_view object, sem::Reading r);

// --format json or jsonl of a command that writes JSON.
enum class JsonLayout : unsigned char { Document, Lines };

// Objects written as a document (`[`, the objects separated by `,` and a newline, `]`) or as lines,
// to a FILE as they come (no object is kept). Every write is checked: ok() is false after the first
// that failed, and nothing more is written. `out` is standard output, whose write errors
// finish_output reports (write_bytes), or, with `own_file`, a file of the caller's, whose errors the
// caller reports (write_records): error() is the errno of the failed write.
class JsonDocument {
public:
    JsonDocument(std::FILE* out, JsonLayout layout, bool own_file = false)
        : out_(out), layout_(layout), own_file_(own_file) {}
    JsonDocument(const JsonDocument&) = delete;
    JsonDocument& operator=(const JsonDocument&) = delete;
    // One object, written whole (no newline in it).
    void add(std::string_view object);
    // Ends the document (`]` for a document, even an empty one: `[]`); true when every write
    // succeeded.
    [[nodiscard]] bool finish();
    [[nodiscard]] bool ok() const noexcept { return ok_; }
    [[nodiscard]] int error() const noexcept { return error_; }

private:
    std::FILE* out_;
    JsonLayout layout_;
    bool own_file_;
    bool first_ = true;
    bool ok_ = true;
    int error_ = 0;
    bool write(std::string_view bytes);
};

}  // namespace pgnsem::interp
