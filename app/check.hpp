// `pgnsem check` and `pgnsem trace` over files: stream games through the reader and the
// interpreter, write one verdict (or trace lines) per game, and count what was found.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "interpreter/interpret.hpp"
#include "syntax/pgn/shard.hpp"

namespace pgnsem::interp {

class Progress;

// Json: the run's objects as one JSON document, Jsonl: one a line (docs/vocabulary.md, "Layouts").
// Html: trace only (io/trace_html.hpp). The caller writes what begins and ends the whole output:
// the page's prologue and epilogue, the document's `[` and `]` (OutputFrame).
enum class Format : std::uint8_t { Text, Json, Jsonl, Html };

// What frames a run's output, written in order whichever file, block or thread it comes from. A
// JSON document: each object is put after ",\n", and the comma before the run's first object is
// left out when it is written; the caller writes `[` before the run and close() after it. A text
// report: a header (the reading) written just before the run's first bytes, so that a run that
// reports nothing writes nothing.
class OutputFrame {
public:
    OutputFrame() = default;
    explicit OutputFrame(std::string header) : header_(std::move(header)) {}
    // `bytes` as they are to be written: without the first object's comma (a JSON document).
    [[nodiscard]] std::string_view strip(std::string_view bytes) noexcept {
        if (!header_.empty() || bytes.empty() || !first_.exchange(false)) return bytes;
        return bytes.substr(1);
    }
    // What goes before `bytes`: the header, before the run's first bytes (a text report).
    [[nodiscard]] std::string_view header(std::string_view bytes) noexcept {
        if (header_.empty() || bytes.empty() || !first_.exchange(false)) return {};
        return header_;
    }
    // What ends the document: `]` right after `[` when no object was written.
    [[nodiscard]] std::string_view close() const noexcept { return first_.load() ? "]\n" : "\n]\n"; }

private:
    std::string header_;
    std::atomic<bool> first_{true};
};

struct Summary {
    std::uint64_t games = 0, legal = 0, illegal = 0, malformed = 0, unsupported = 0;
    std::uint64_t plies = 0;
    std::uint64_t checkmates = 0, stalemates = 0;
    std::uint64_t draw_claimable = 0, draw_automatic = 0;
    std::array<std::uint64_t, kWarningCount> warnings{};  // by kind
    std::map<std::string, std::uint64_t> rules;           // errors by rule
    bool io_error = false;
    std::uint64_t files_read = 0;  // files that could be opened (a summary of none says nothing)
    void add(const Verdict& v);
    void merge(const Summary& other);
    [[nodiscard]] std::string text() const;
};

// `--game 3`, `--game 2-5,9`: the games of each file to judge, by their number in the file (1 is
// the first); the others are read past, not judged.
struct GameSelection {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;  // inclusive, each first <= last
    [[nodiscard]] bool contains(std::uint32_t n) const noexcept {
        for (const auto& [a, b] : ranges)
            if (n >= a && n <= b) return true;
        return false;
    }
    [[nodiscard]] std::uint32_t last() const noexcept {
        std::uint32_t m = 0;
        for (const auto& r : ranges) m = std::max(m, r.second);
        return m;
    }
    // "3", "2-5,9": the selection, or none when the text is not one.
    [[nodiscard]] static std::optional<GameSelection> parse(std::string_view text);
};

struct CheckOptions {
    Options interpret;
    Format format = Format::Text;
    bool trace = false;  // write traces instead of verdicts
    // Threads that judge games. 1: read and judge on one thread. More: one thread reads, the
    // others judge batches of games; output stays in input order, byte for byte what one thread
    // writes, and memory stays bounded by `jobs`, never by the file (app/check_parallel.cpp).
    unsigned jobs = 1;
    // The text report leaves out the games that are legal (their warnings too).
    bool only_failures = false;
    // Told the games judged and the file being read, when a progress line is drawn.
    Progress* progress = nullptr;
    // Json and Jsonl: the first members of every object (envelope_members of io/contract.hpp:
    // "verdict" or, tracing, "step", with the run's reading). Json: the run's document.
    std::string envelope;
    // The reading for people (reading_text): the text and HTML traces name it in each game's header
    // (check's summary names it too).
    std::string reading;
    // Json: the run's document; Text (not tracing): the run's header, the reading.
    OutputFrame* frame = nullptr;
    // The file's place among the run's files (1 is the first): a page's anchors are made of it.
    std::uint32_t file_number = 1;
    // Only these games of each file (one thread reads and judges them).
    std::optional<GameSelection> games;
    // `check --shard K/N` (Jsonl only): one shard of one plain file, judged on one thread, its
    // verdicts followed by a `shard` object whose first members are `shard_envelope`.
    std::optional<syntax::ShardSpec> shard;
    std::string shard_envelope;
};

// Checks one file ("-" is standard input; plain or compressed, io/input.hpp), writing to
// `out`. Returns false on a read error (reported on stderr) or a write error (which stops the run;
// finish_output of io/output.hpp reports it).
bool check_file(const std::string& path, const CheckOptions& options, std::FILE* out, Summary& summary);

}  // namespace pgnsem::interp
