// Internal to interpreter/: what check's two ways of running share (app/check.cpp, one
// thread; app/check_parallel.cpp, `-j N`): the output buffers and their spill, the trace
// writer, and the judging of one game.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/check.hpp"
#include "io/input.hpp"
#include "io/output.hpp"
#include "io/trace_html.hpp"
#include "syntax/pgn/reader.hpp"

namespace pgnsem::interp::check_detail {

// Output waiting in a buffer is written once it reaches kSpillBytes (when it is its turn), so a
// trace streams instead of piling up; a batch whose turn has not come waits past kHoldBytes.
constexpr std::size_t kSpillBytes = std::size_t{1} << 16;
constexpr std::size_t kHoldBytes = std::size_t{1} << 20;

// Where a full output buffer goes: written out now, or held until its turn.
class Spill {
public:
    virtual void spill(std::string& buf) = 0;

protected:
    Spill() = default;
    ~Spill() = default;
    Spill(const Spill&) = default;
    Spill& operator=(const Spill&) = default;
};

class TraceWriter : public TraceSink {
public:
    TraceWriter(std::string& buf, std::string_view file, const CheckOptions& options, Spill& spill)
        : buf_(buf),
          file_(file),
          format_(options.format),
          envelope_(options.envelope),
          reading_(options.reading),
          reading_value_(options.interpret.engine != nullptr ? options.interpret.engine->reading()
                                                             : sem::Reading::laws()),
          file_number_(options.file_number),
          spill_(spill) {}
    // Before a game is judged. The text header waits for σ₀: the first ply's σ, or, when no ply
    // is defined, the position the verdict ends in (end()). A page's game waits for its verdict
    // (its move list comes first): its plies are held until end().
    void begin(const ast::Game& g) {
        game_ = &g;
        header_written_ = false;
        if (format_ == Format::Html) {
            page_game_.clear();
            page_id_.clear();
            moves_.clear();
            start_.reset();
        }
    }
    void on_ply(const PlyEvent& e) override {
        if (format_ == Format::Json || format_ == Format::Jsonl) {
            if (format_ == Format::Json) buf_.append(",\n");
            append_trace_json(buf_, envelope_, file_, e);
            if (format_ == Format::Jsonl) buf_.push_back('\n');
        } else if (format_ == Format::Html) {
            page_ply(e);
            return;
        } else {
            if (!header_written_) header(e.game, e.before);
            append_trace_text(buf_, e);
        }
        if (buf_.size() >= kSpillBytes) spill_.spill(buf_);
    }
    // After it: the ⊥ step, if the game is not legal; in text and html, the verdict line.
    void end(const Verdict& v) {
        if (format_ == Format::Json || format_ == Format::Jsonl) {
            if (v.error) {
                if (format_ == Format::Json) buf_.append(",\n");
                append_trace_failure_json(buf_, envelope_, file_, v);
                if (format_ == Format::Jsonl) buf_.push_back('\n');
            }
        } else if (format_ == Format::Html) {
            page_end(v);
        } else {
            // no ply defined: σ₀ is where the verdict stands, unless the start position itself failed
            if (!header_written_) header(v.game, v.error && v.error->ply == 0 ? nullptr : &v.final_state);
            append_trace_failure_text(buf_, v);
            append_trace_verdict_text(buf_, v);
        }
        if (buf_.size() >= kSpillBytes) spill_.spill(buf_);
    }

private:
    void header(std::uint32_t game, const sem::State* start) {
        append_trace_header_text(buf_, file_, game, reading_, game_->tag("White"), game_->tag("Black"), start);
        header_written_ = true;
    }
    // The page (app/trace_page.cpp): a ply held, and the game written once its verdict is known.
    void page_ply(const PlyEvent& e);
    void page_end(const Verdict& v);
    // The game's anchor on the page, "f1g3", made once a game.
    const std::string& page_id(std::uint32_t game);

    std::string& buf_;
    std::string_view file_;
    Format format_;
    std::string_view envelope_;
    std::string_view reading_;  // reading_text of the run's reading
    sem::Reading reading_value_;
    std::uint32_t file_number_;
    Spill& spill_;
    const ast::Game* game_ = nullptr;
    bool header_written_ = false;
    std::string scratch_;  // the html trace's text before it is escaped, reused
    // the page's game so far: its plies' markup, its move list, σ₀
    std::string page_game_;
    std::string page_id_;
    std::vector<MoveLink> moves_;
    std::optional<sem::State> start_;
};

// Writes and empties `buf` (through the run's OutputFrame when it writes a document), giving back
// the memory of a large one. False on a write error.
bool write_out(std::string& buf, std::FILE* out, OutputFrame* frame);

// After a file is read: its decompressor's error or else its reader's, said on stderr (both name the
// file; the decompressor's says more than the reader's EIO). False when there was one.
bool read_cleanly(const Input& input, const syntax::PgnReader& reader);

// The memory a game read from the file holds: its text (in `arena`) and its AST's arrays.
std::size_t footprint(const ast::Game& g, const std::string& arena) noexcept;

// Judges `game`, adds its verdict to `summary` and writes it (or its trace, through `tracer`) to `buf`.
void judge_one(Interpreter& interpreter, const ast::Game& game, const CheckOptions& options, std::string_view path,
               Verdict& verdict, TraceWriter& tracer, std::string& buf, Summary& summary);

// One thread reads and judges; output is written whenever kSpillBytes of it wait. The first
// write error stops the run.
bool check_sequential(syntax::PgnReader& reader, const std::string& path, const CheckOptions& options, std::FILE* out,
                      Summary& summary);

// `check --shard K/N`: one shard of a plain file, then its `shard` record (app/check.cpp).
bool check_shard(const std::string& path, const CheckOptions& options, std::FILE* out, Summary& summary);

// `-j N` (app/check_parallel.cpp): the input split into blocks that worker threads parse and
// judge; the output is -j 1's byte for byte. A read error is put in `io_error`.
bool check_parallel(std::FILE* in, const std::string& path, const CheckOptions& options, std::FILE* out,
                    Summary& summary, std::string& io_error);

}  // namespace pgnsem::interp::check_detail
