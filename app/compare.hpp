// `pgnsem check --compare A,B` and `pgnsem trace --compare A,B`: every game of the files judged
// under two readings of the paper (interpreter/compare.hpp says where they part), written as text,
// or as one `comparison` object a game (schemas/comparison.json); and the summary of a run.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>

#include "app/check.hpp"
#include "interpreter/compare.hpp"

namespace pgnsem::interp {

struct CompareOptions {
    // The readings as the command line wrote them (the text output's names for them), and their
    // engines, which outlive the run.
    std::string label_a, label_b;
    const sem::Engine* a = nullptr;
    const sem::Engine* b = nullptr;
    bool strict = false;
    // Text, Json or Jsonl (check); trace writes text.
    Format format = Format::Text;
    bool trace = false;
    // envelope_members of a `comparison` under A's reading, and of a `verdict` under each reading.
    std::string envelope, envelope_a, envelope_b;
    OutputFrame* frame = nullptr;
};

struct CompareSummary {
    std::uint64_t games = 0, parted = 0, state_parted = 0;
    // The games parted by each erratum alone, by slug; and those no single erratum parts.
    std::map<std::string, std::uint64_t> by;
    std::uint64_t together = 0;
    Summary a, b;
    std::uint64_t files_read = 0;
    bool io_error = false;
    void add(const Comparison& c);
    [[nodiscard]] std::string text(std::string_view label_a, std::string_view label_b) const;
};

// Compares every game of one file ("-" is standard input; plain or compressed), on one thread,
// writing to `out`. False on a read or write error (reported on stderr, or by finish_output).
bool compare_file(const std::string& path, const CompareOptions& options, std::FILE* out, CompareSummary& summary);

// The `comparison` object of one game: the envelope, `file`, `game`, `verdicts` (A's and B's
// `verdict` objects, each with its own envelope), `parts_at`, `state_parts_at`, `errata`.
void append_comparison_json(std::string& out, const CompareOptions& options, std::string_view file,
                            const Comparison& c);
// For people: the game's header line, a line per reading, and where they part.
void append_comparison_text(std::string& out, const CompareOptions& options, std::string_view file,
                            const Comparison& c);
// "ply 9 (5. O-O)".
void append_place_text(std::string& out, const PlyPlace& p);

}  // namespace pgnsem::interp
