// The pipeline's properties (tests/fuzz/pipeline.hpp). The input goes to the library through a
// memory file (memfd) named by its /proc/self/fd path, and the output through open_memstream, so
// that check_file and normalize_file run exactly as `pgnsem check` and `pgnsem normalize` do.
#include "tests/fuzz/pipeline.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/check.hpp"
#include "app/normalize.hpp"
#include "syntax/pgn/reader.hpp"

namespace pgnsem::fuzz {
namespace {

using nlohmann::json;

// A file in memory holding `text`, reachable by a path; rewritten for each input.
class MemoryFile {
public:
    MemoryFile() : fd_(memfd_create("pgnsem-fuzz-pipeline", 0)) {
        if (fd_ < 0) throw std::runtime_error("memfd_create failed");
        path_ = "/proc/self/fd/" + std::to_string(fd_);
    }
    ~MemoryFile() { close(fd_); }
    MemoryFile(const MemoryFile&) = delete;
    MemoryFile& operator=(const MemoryFile&) = delete;
    const std::string& hold(std::string_view text) {
        if (ftruncate(fd_, 0) != 0) throw std::runtime_error("ftruncate failed");
        std::size_t done = 0;
        while (done < text.size()) {
            const ssize_t n = pwrite(fd_, text.data() + done, text.size() - done, static_cast<off_t>(done));
            if (n <= 0) throw std::runtime_error("pwrite failed");
            done += static_cast<std::size_t>(n);
        }
        return path_;
    }

private:
    int fd_;
    std::string path_;
};

// What one call wrote to its FILE*.
class Capture {
public:
    Capture() : file_(open_memstream(&data_, &size_)) {
        if (!file_) throw std::runtime_error("open_memstream failed");
    }
    ~Capture() {
        if (file_) std::fclose(file_);
        std::free(data_);
    }
    Capture(const Capture&) = delete;
    Capture& operator=(const Capture&) = delete;
    std::FILE* file() { return file_; }
    std::string text() {
        std::fclose(file_);
        file_ = nullptr;
        return std::string(data_, size_);
    }

private:
    char* data_ = nullptr;
    std::size_t size_ = 0;
    std::FILE* file_;
};

struct Run {
    std::string out;
    std::uint64_t games = 0;
    std::string summary;  // what `check` writes on stderr at the end
    bool ok = false;
};

Run check(const std::string& path, interp::Format format, bool trace, unsigned jobs) {
    interp::CheckOptions options;
    options.format = format;
    options.trace = trace;
    options.jobs = jobs;
    interp::Summary summary;
    Capture out;
    Run r;
    r.ok = interp::check_file(path, options, out.file(), summary);
    r.out = out.text();
    r.games = summary.games;
    r.summary = summary.text();
    return r;
}

std::vector<json> jsonl(const std::string& text) {
    std::vector<json> lines;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        lines.push_back(json::parse(text.begin() + static_cast<std::ptrdiff_t>(at),
                                    text.begin() + static_cast<std::ptrdiff_t>(end)));
        at = end + 1;
    }
    return lines;
}

json field(const json& o, const char* key) {
    const auto it = o.find(key);
    return it == o.end() ? json() : *it;
}

// The fields (c) keeps, from one jsonl verdict.
json kept(const json& v) {
    const json error = field(v, "error");
    return json{{"verdict", field(v, "verdict")},
                {"plies", field(v, "plies")},
                {"error.rule", error.is_null() ? json() : field(error, "rule")},
                {"error.ply", error.is_null() ? json() : field(error, "ply")},
                {"fen_after", field(v, "fen_after")},
                {"end", field(v, "end")},
                {"draw_claimable_at", field(v, "draw_claimable_at")},
                {"automatic_draw_at", field(v, "automatic_draw_at")}};
}

std::uint64_t games_read(std::string_view input) {
    syntax::PgnReader reader(input);
    ast::Game g;
    std::uint64_t n = 0;
    while (reader.next(g)) ++n;
    return n;
}

// A game normalize leaves out (app/normalize.cpp): its text was not kept (longer than the
// reader's limit) or not readable (a UTF-16 or UTF-32 byte-order mark); stderr says so.
bool left_out_by_normalize(const json& verdict) {
    const json error = field(verdict, "error");
    if (error.is_null()) return false;
    const std::string rule = field(error, "rule").get<std::string>();
    return rule == "syntax/game-too-long" || rule == "syntax/encoding";
}

std::string describe(const char* property, const std::string& what) {
    return std::string(property) + ": " + what;
}

std::string first_difference(const std::string& a, const std::string& b) {
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    return "first difference at byte " + std::to_string(i) + " of " + std::to_string(a.size()) + " and " +
           std::to_string(b.size());
}

std::string properties(std::string_view input, const Mode& mode) {
    static MemoryFile file;
    const std::string& path = file.hold(input);
    const std::uint64_t games = games_read(input);

    struct Output {
        const char* name;
        interp::Format format;
        bool trace;
    };
    constexpr Output kOutputs[] = {{"jsonl verdicts", interp::Format::Jsonl, false},
                                   {"text verdicts", interp::Format::Text, false},
                                   {"jsonl trace", interp::Format::Jsonl, true},
                                   {"text trace", interp::Format::Text, true}};
    // The jsonl verdicts always; then all the others, or the one this input's hash picks (each
    // check_file costs the reader's 1 MiB buffer, fresh pages under ASan: most of the time).
    std::vector<Output> outputs{kOutputs[0]};
    if (mode.all_outputs)
        outputs.insert(outputs.end(), std::begin(kOutputs) + 1, std::end(kOutputs));
    else
        outputs.push_back(kOutputs[1 + std::hash<std::string_view>{}(input) % 3]);
    std::string verdicts_jsonl, trace_jsonl;
    bool traced = false;
    // The -j 2 run cuts the input into tiny blocks (PGNSEM_BLOCK_BYTES=MIN,MAX,TAIL, chosen by the
    // input's hash), so that (a) and (b) also hold of the parallel checker's split at game
    // boundaries: guesses inside the input, read again or abandoned where the reader disagrees.
    const std::size_t h = std::hash<std::string_view>{}(input) >> 8;
    const std::size_t min = 1 + h % 97;
    const std::string blocks =
        std::to_string(min) + "," + std::to_string(min + (h >> 8) % 301) + "," + std::to_string(1 + (h >> 20) % 64);
    for (const Output& o : outputs) {
        const Run one = check(path, o.format, o.trace, 1);
        ::setenv("PGNSEM_BLOCK_BYTES", blocks.c_str(), 1);
        const Run two = check(path, o.format, o.trace, 2);
        ::unsetenv("PGNSEM_BLOCK_BYTES");
        if (!one.ok || !two.ok) return describe("I/O", std::string(o.name) + ": check_file failed on a memory file");
        // (a) every run counts the games the reader yields
        if (one.games != games || two.games != games)
            return describe("(a) verdicts = games read", std::string(o.name) + ": the reader yields " +
                                                             std::to_string(games) + " games, -j 1 counts " +
                                                             std::to_string(one.games) + ", -j 2 counts " +
                                                             std::to_string(two.games));
        // (b) one thread and two write the same bytes
        if (one.out != two.out)
            return describe("(b) -j 1 = -j 2", std::string(o.name) + ", PGNSEM_BLOCK_BYTES=" + blocks + ": " +
                                                   first_difference(one.out, two.out));
        if (one.summary != two.summary)
            return describe("(b) -j 1 = -j 2", std::string(o.name) + ", PGNSEM_BLOCK_BYTES=" + blocks +
                                                   ": the summaries differ: " + one.summary + " against " +
                                                   two.summary);
        if (o.format == interp::Format::Jsonl) (o.trace ? trace_jsonl : verdicts_jsonl) = one.out;
        traced = traced || (o.trace && o.format == interp::Format::Jsonl);
    }

    // (a) the jsonl verdicts: one line per game, numbered 1, 2, …; the trace: a line per ply
    const std::vector<json> verdicts = jsonl(verdicts_jsonl);
    if (verdicts.size() != games)
        return describe("(a) verdicts = games read", "the reader yields " + std::to_string(games) +
                                                         " games, check wrote " + std::to_string(verdicts.size()) +
                                                         " jsonl verdicts");
    std::uint64_t plies = 0;
    for (std::size_t i = 0; i < verdicts.size(); ++i) {
        if (field(verdicts[i], "game") != json(i + 1))
            return describe("(a) verdicts = games read",
                            "verdict " + std::to_string(i + 1) + " says game " + field(verdicts[i], "game").dump());
        plies += field(verdicts[i], "plies").get<std::uint64_t>();
    }
    // the trace: a line per defined ply, then, for a game that is not legal, its ⊥ step with the
    // verdict's error (ply and rule)
    if (traced) {
        std::uint64_t defined = 0;
        std::vector<json> bottoms;
        for (const json& t : jsonl(trace_jsonl)) {
            if (field(t, "legal") == json(true))
                ++defined;
            else
                bottoms.push_back(t);
        }
        std::vector<json> errors;
        for (const json& v : verdicts)
            if (!field(v, "error").is_null()) errors.push_back(v);
        if (defined != plies || bottoms.size() != errors.size())
            return describe("(a) verdicts = games read", "the verdicts count " + std::to_string(plies) + " plies and " +
                                                             std::to_string(errors.size()) +
                                                             " errors, the jsonl trace has " + std::to_string(defined) +
                                                             " defined plies and " + std::to_string(bottoms.size()) +
                                                             " failing ones");
        for (std::size_t i = 0; i < errors.size(); ++i) {
            const json& e = field(errors[i], "error");
            if (field(bottoms[i], "game") != field(errors[i], "game") || field(bottoms[i], "ply") != field(e, "ply") ||
                field(bottoms[i], "error") != e)
                return describe("(a) verdicts = games read",
                                "the ⊥ step " + bottoms[i].dump() + " is not the error of its verdict " + e.dump());
        }
    }

    // (c) normalize, then check what it wrote: the same verdicts
    Capture normalized_out;
    const int normalize_status = interp::normalize_file(path, normalized_out.file());
    const std::string normalized = normalized_out.text();
    if (normalize_status == 2) return describe("I/O", "normalize_file failed on a memory file");
    const Run again = check(file.hold(normalized), interp::Format::Jsonl, false, 1);
    const std::vector<json> reread = jsonl(again.out);
    std::vector<json> written;
    for (const json& v : verdicts)
        if (!left_out_by_normalize(v)) written.push_back(v);
    if (reread.size() != written.size())
        return describe("(c) normalize keeps every verdict", std::to_string(written.size()) + " games to write, " +
                                                                 std::to_string(reread.size()) +
                                                                 " read back after normalize");
    for (std::size_t i = 0; i < written.size(); ++i) {
        const json before = kept(written[i]);
        const json after = kept(reread[i]);
        if (before != after)
            return describe("(c) normalize keeps every verdict", "game " + field(written[i], "game").dump() + ": " +
                                                                     before.dump() + " became " + after.dump());
    }
    return {};
}

}  // namespace

std::string check_pipeline(std::string_view input, const Mode& mode) {
    return properties(input, mode);
}

}  // namespace pgnsem::fuzz
