#include "interpreter/check.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <mutex>
#include <thread>

#include "interpreter/input.hpp"
#include "interpreter/output.hpp"
#include "interpreter/progress.hpp"
#include "interpreter/trace_html.hpp"
#include "syntax/mutants.hpp"
#include "syntax/pgn.hpp"

namespace pgnsem::interp {

void Summary::add(const Verdict& v) {
    ++games;
    plies += v.plies;
    switch (v.kind) {
        case VerdictKind::Legal: ++legal; break;
        case VerdictKind::Illegal: ++illegal; break;
        case VerdictKind::Malformed: ++malformed; break;
        case VerdictKind::Unsupported: ++unsupported; break;
    }
    if (v.end == sem::Outcome::Checkmate) ++checkmates;
    if (v.end == sem::Outcome::Stalemate) ++stalemates;
    if (DrawFacts::held(v.draws.claimable_at())) ++draw_claimable;
    if (DrawFacts::held(v.draws.automatic_at())) ++draw_automatic;
    for (const Warning& w : v.warnings) ++warnings[static_cast<std::size_t>(w.kind)];
    if (v.error) ++rules[v.error->rule];
}

void Summary::merge(const Summary& o) {
    games += o.games;
    legal += o.legal;
    illegal += o.illegal;
    malformed += o.malformed;
    unsupported += o.unsupported;
    plies += o.plies;
    checkmates += o.checkmates;
    stalemates += o.stalemates;
    draw_claimable += o.draw_claimable;
    draw_automatic += o.draw_automatic;
    for (std::size_t k = 0; k < kWarningCount; ++k) warnings[k] += o.warnings[k];
    for (const auto& [k, n] : o.rules) rules[k] += n;
    io_error = io_error || o.io_error;
    files_read += o.files_read;
}

std::string Summary::text() const {
    std::string s = std::to_string(games) + " games, " + std::to_string(plies) + " plies: " + std::to_string(legal) +
                    " legal, " + std::to_string(illegal) + " illegal, " + std::to_string(malformed) + " malformed, " +
                    std::to_string(unsupported) + " unsupported\n";
    s += "end of game: " + std::to_string(checkmates) + " checkmate, " + std::to_string(stalemates) +
         " stalemate; draw facts: " + std::to_string(draw_claimable) + " games with a claimable draw, " +
         std::to_string(draw_automatic) + " with an automatic draw\n";
    auto count = [&](WarningKind k) { return warnings[static_cast<std::size_t>(k)]; };
    s += "notation claims: " + std::to_string(count(WarningKind::CheckClaim)) + " +/# mismatches, " +
         std::to_string(count(WarningKind::ResultMismatch)) + " Result tag/marker mismatches, " +
         std::to_string(count(WarningKind::ResultPosition)) + " results contradicting the final position\n";
    if (!rules.empty()) {
        s += "errors by rule:";
        for (const auto& [k, n] : rules) s += " " + k + "=" + std::to_string(n);
        s += "\n";
    }
    // The kinds that occurred, in the order of their names.
    std::array<WarningKind, kWarningCount> by_name;
    for (std::size_t k = 0; k < kWarningCount; ++k) by_name[k] = kWarnings[k].kind;
    std::sort(by_name.begin(), by_name.end(), [](WarningKind a, WarningKind b) { return kind_name(a) < kind_name(b); });
    bool any = false;
    for (const WarningKind k : by_name) {
        if (count(k) == 0) continue;
        if (!any) s += "warnings by kind:";
        any = true;
        s.append(" ").append(kind_name(k)).append("=").append(std::to_string(count(k)));
    }
    if (any) s += "\n";
    return s;
}

namespace {

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
    TraceWriter(std::string& buf, std::string_view file, Format f, Spill& spill)
        : buf_(buf), file_(file), format_(f), spill_(spill) {}
    // Before a game is judged. The text header waits for σ₀: the first ply's σ, or, when no ply
    // is defined, the position the verdict ends in (end()).
    void begin(const ast::Game& g) {
        game_ = &g;
        header_written_ = false;
    }
    void on_ply(const PlyEvent& e) override {
        if (format_ == Format::Jsonl) {
            append_trace_json(buf_, file_, e);
            buf_.push_back('\n');
        } else {
            if (!header_written_) header(e.game, e.before);
            if (format_ == Format::Html)
                append_trace_html(buf_, e, scratch_);
            else
                append_trace_text(buf_, e);
        }
        if (buf_.size() >= kSpillBytes) spill_.spill(buf_);
    }
    // After it: the ⊥ step, if the game is not legal; in text and html, the verdict line.
    void end(const Verdict& v) {
        if (format_ == Format::Jsonl) {
            if (v.error) {
                append_trace_failure_json(buf_, file_, v);
                buf_.push_back('\n');
            }
        } else {
            // no ply defined: σ₀ is where the verdict stands, unless the start position itself failed
            if (!header_written_) header(v.game, v.error && v.error->ply == 0 ? nullptr : &v.final_state);
            if (format_ == Format::Html) {
                append_trace_failure_html(buf_, v);
                append_trace_verdict_html(buf_, v, scratch_);
            } else {
                append_trace_failure_text(buf_, v);
                append_trace_verdict_text(buf_, v);
            }
        }
        if (buf_.size() >= kSpillBytes) spill_.spill(buf_);
    }

private:
    void header(std::uint32_t game, const sem::State* start) {
        if (format_ == Format::Html)
            append_trace_header_html(buf_, file_, game, game_->tag("White"), game_->tag("Black"), start);
        else
            append_trace_header_text(buf_, file_, game, game_->tag("White"), game_->tag("Black"), start);
        header_written_ = true;
    }

    std::string& buf_;
    std::string_view file_;
    Format format_;
    Spill& spill_;
    const ast::Game* game_ = nullptr;
    bool header_written_ = false;
    std::string scratch_;  // the html trace's text before it is escaped, reused
};

// Writes and empties `buf`, giving back the memory of a large one. False on a write error.
bool write_out(std::string& buf, std::FILE* out) {
    const bool ok = write_bytes(out, buf);
    if (buf.capacity() > 2 * kHoldBytes)
        std::string().swap(buf);
    else
        buf.clear();
    return ok;
}

// The memory a game read from the file holds: its text (in `arena`) and its AST's arrays.
std::size_t footprint(const ast::Game& g, const std::string& arena) noexcept {
    return arena.capacity() + g.tags.capacity() * sizeof(ast::Tag) + g.plies.capacity() * sizeof(ast::Ply) +
           g.variations.capacity() * sizeof(ast::Variation) + g.nags.capacity() * sizeof(ast::Nag) +
           g.comments.capacity() * sizeof(ast::Comment) + g.warnings.capacity() * sizeof(ast::ReaderWarning);
}

void judge_one(Interpreter& interpreter, const ast::Game& game, const CheckOptions& options, std::string_view path,
               Verdict& verdict, TraceWriter& tracer, std::string& buf, Summary& summary) {
    if (options.trace) tracer.begin(game);
    interpreter.run(game, verdict, options.trace ? &tracer : nullptr);
    summary.add(verdict);
    if (options.trace) {
        tracer.end(verdict);
        return;
    }
    if (options.only_failures && verdict.kind == VerdictKind::Legal) return;
    if (options.format == Format::Jsonl) {
        append_verdict_json(buf, PGNSEM_MUTATE(check_file_field_empty, std::string_view{}, path), verdict);
        buf.push_back('\n');
    } else {
        append_verdict_text(buf, path, verdict);
    }
}

// One thread reads and judges; output is written whenever kSpillBytes of it wait. The first
// write error stops the run.
bool check_sequential(syntax::PgnReader& reader, const std::string& path, const CheckOptions& options, std::FILE* out,
                      Summary& summary) {
    struct Direct final : Spill {
        std::FILE* out;
        bool ok = true;
        explicit Direct(std::FILE* o) : out(o) {}
        void spill(std::string& buf) override { ok = write_out(buf, out) && ok; }
    } direct(out);
    Interpreter interpreter(options.interpret);
    ast::Game game;
    Verdict verdict;
    std::string buf;
    buf.reserve(kSpillBytes);
    TraceWriter tracer(buf, path, options.format, direct);
    while (direct.ok && reader.next(game)) {
        judge_one(interpreter, game, options, path, verdict, tracer, buf, summary);
        if (options.progress) options.progress->set_games(summary.games);
        if (buf.size() >= kSpillBytes) direct.spill(buf);
        // a giant game's arrays are not kept for the next one
        if (footprint(game, {}) > kHoldBytes) game = ast::Game{};
    }
    if (direct.ok) direct.spill(buf);
    return direct.ok;
}

// The sizes of the parallel checker's blocks (check_parallel): a block is cut at the first
// candidate boundary at or after `min` bytes, carries `tail` bytes of what follows (its last game's
// end is read there: a few bytes when the guess is right), and is cut without a candidate at `max`.
// 64 KiB of text is about 45 games, whose ASTs (about 1.5 MiB) stay in a core's L2 cache between
// parse and judge (larger blocks cost more CPU time, smaller ones more blocks). `max` bounds what a
// run of text without a candidate (a game over 4 MiB, padding) holds in memory: the block reader runs
// past its tail there, and the split is abandoned (check_parallel).
// PGNSEM_BLOCK_BYTES=MIN[,MAX[,TAIL]] (a hidden knob for the tests, tests/cli/parallel_split.sh)
// sets them.
struct BlockSizes {
    std::size_t min = std::size_t{64} << 10;
    std::size_t tail = std::size_t{8} << 10;
    std::size_t max = std::size_t{4} << 20;
};

BlockSizes block_sizes() {
    BlockSizes b;
    const char* knob = std::getenv("PGNSEM_BLOCK_BYTES");
    if (knob == nullptr || *knob == '\0') return b;
    char* rest = nullptr;
    const unsigned long long n = std::strtoull(knob, &rest, 10);
    if (n == 0) return b;
    b.min = static_cast<std::size_t>(n);
    if (*rest == ',') b.max = static_cast<std::size_t>(std::strtoull(rest + 1, &rest, 10));
    if (*rest == ',') b.tail = static_cast<std::size_t>(std::strtoull(rest + 1, &rest, 10));
    b.max = std::max(b.max, b.min);
    return b;
}

// Whether byte i of s (i ≥ 1) may start a game: a `[` that opens a line after an empty line. Only a
// guess: the parallel checker verifies every block's start with the reader's own rules.
bool candidate(std::string_view s, std::size_t i) noexcept {
    if (s[i] != '[' || (s[i - 1] != '\n' && s[i - 1] != '\r')) return false;
    std::size_t j = i - 1;  // the line end before the `[` starts at j
    if (s[j] == '\n' && j > 0 && s[j - 1] == '\r') --j;
    return j > 0 && (s[j - 1] == '\n' || s[j - 1] == '\r');
}

// The fallback stream (check_parallel): bytes already read (the blocks held, then what was read
// and is in no block), in order, followed by the rest of the input, as a std::FILE* for a PgnReader.
struct Continuation {
    std::vector<std::string_view> parts;
    std::size_t next = 0;  // the first part not used up
    std::FILE* in = nullptr;
    static ssize_t read(void* cookie, char* buf, std::size_t size) {
        auto& c = *static_cast<Continuation*>(cookie);
        for (; c.next < c.parts.size(); ++c.next) {
            std::string_view& part = c.parts[c.next];
            if (part.empty()) continue;
            const std::size_t n = std::min(size, part.size());
            std::memcpy(buf, part.data(), n);
            part.remove_prefix(n);
            return static_cast<ssize_t>(n);
        }
        const std::size_t n = std::fread(buf, 1, size, c.in);
        if (n == 0 && std::ferror(c.in)) return -1;
        return static_cast<ssize_t>(n);
    }
};

// The input is split into blocks at game boundaries, and the workers parse and judge the blocks
// (interpreter/README.md, "check's pipeline"). This thread only reads and cuts:
// - a block [S, E) ends before a candidate boundary (candidate(): a `[` opening a line after an
//   empty line) found at or after BlockSizes::min bytes, and carries BlockSizes::tail bytes more;
//   its first line's number is counted here (syntax::count_line_ends);
// - a worker reads the block with a PgnReader over memory, as if a game started at S in the state
//   the reader is in between games at line L, and stops at the first game that starts at or after
//   E (PgnReader::Origin::stop), reporting where (PgnReader::Halt);
// - in input order, a block's guess is checked against the previous block's halt: it stands only
//   when the previous reader stopped at a game starting exactly at S, at line L, with its line
//   starting at S — the reader carries nothing else from a game to the next (syntax/README.md,
//   "Reading a piece of the input"). Otherwise the previous reader's view wins: the block is read
//   again from that game (or owns no game, when that game starts at or after E);
// - a block whose reading runs past its tail, or that starts inside a line, abandons the split: the
//   rest of the file is read by one reader from the true state, as -j 1 reads it.
// The games get their numbers in input order, then are judged, and the output is written in input
// order: by the worker of the oldest unwritten block (the head) while it judges, and by whoever
// finishes a block for each finished block at the head. Memory stays bounded by `jobs` whatever the
// file: a ring of 2·jobs + 1 blocks whose bytes in flight are at most kBlockBudget each (a
// block larger than that waits until it fits, or is alone: a block is at most max + tail
// bytes), each slot keeping at most kBlockBudget of its last block's buffer and kKeepBytes of its
// games' buffers for reuse; this thread's buffer keeps at most max + tail + a read; a block that is
// not the head holds at most kHoldBytes of output before it waits its turn. The blocks held when
// the split is abandoned are read by the fallback in place.
bool check_parallel(std::FILE* in, const std::string& path, const CheckOptions& options, std::FILE* out,
                    Summary& summary, std::string& io_error) {
    using Halt = syntax::PgnReader::Halt;
    constexpr std::size_t kKeepBytes = std::size_t{2} << 20;
    constexpr std::size_t kKeepGameBytes = std::size_t{1} << 16;
    // the bytes of blocks in flight per slot (a few ordinary blocks' worth: only large games wait)
    constexpr std::size_t kBlockBudget = std::size_t{256} << 10;
    const BlockSizes sizes = block_sizes();
    // PGNSEM_PIPELINE_STATS (hidden, interpreter/README.md): the work of each stage, on stderr at the end.
    const bool stats = std::getenv("PGNSEM_PIPELINE_STATS") != nullptr;
    using Clock = std::chrono::steady_clock;
    struct Stage {
        std::atomic<std::int64_t> split{0}, parse{0}, reparse{0}, wait{0}, judge{0};
        std::atomic<std::uint64_t> blocks{0}, stood{0}, reparsed{0}, empty{0};
    } stage;
    // the calling thread's CPU time (ns), read only when the counts are asked for
    const auto cpu = [stats]() -> std::int64_t {
        if (!stats) return 0;
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return std::int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
    };
    const auto ns = [](Clock::time_point a, Clock::time_point b) {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count();
    };
    enum class SlotState : std::uint8_t { Free, Queued, Done, Writing };
    struct Slot {
        std::string bytes;  // [start, end) and the tail
        std::uint64_t start = 0;
        std::uint64_t end = 0;
        std::uint32_t line = 1;
        bool final = false;
        std::vector<ast::Game> games;
        std::vector<std::string> arenas;
        std::size_t count = 0;
        std::uint64_t seq = 0;    // the block's place in the file
        bool parsed = false;      // its guess read (Slot::halt)
        Halt halt;                // where its reader stopped
        std::uint32_t first = 0;  // games before it, once verified
        std::string output;
        Summary summary;
        SlotState state = SlotState::Free;
    };
    const std::size_t slots = 2 * options.jobs + 1;
    const std::size_t batch = options.jobs;  // ≥ 1, < slots: the blocks this thread cuts per wake-up
    std::vector<Slot> ring(slots);
    std::mutex mutex;
    // Three conditions, each with its own waiters, so that a change wakes only a thread that waits
    // for it. (With one condition for all, every change would wake every waiting thread, this one
    // mostly for nothing, each a context switch.)
    std::condition_variable work;     // workers: a block to parse or to judge, or the end
    std::condition_variable space;    // this thread: the head reached `wanted_head` (slots or bytes are free)
    std::condition_variable turn;     // a worker holding output: the head moved
    std::uint64_t wanted_head = 0;    // the head this thread waits for (under the mutex)
    std::deque<std::size_t> queue;    // blocks to parse
    std::deque<std::size_t> judging;  // blocks verified, to judge
    bool verifying = false;           // a thread is in verify()
    std::uint64_t head = 0;           // the oldest block not yet written
    std::size_t in_flight = 0;        // the bytes of the blocks queued and not yet written
    const std::size_t budget = slots * kBlockBudget;
    bool finished = false;
    std::atomic<bool> ok{true};
    // The chain of verified blocks: blocks before `verified` have their games and numbers; `last`
    // is where the reader of block verified - 1 stopped, `numbered` the games before block verified.
    std::uint64_t verified = 0;
    Halt last;
    std::uint32_t numbered = 0;
    // The split was abandoned at block `abandoned_at` (UINT64_MAX: it was not); the fallback reader
    // starts at `resume`, and reads the blocks from there on in their slots, which this thread then
    // fills no more.
    std::uint64_t abandoned_at = UINT64_MAX;
    std::atomic<bool> abandoned{false};
    syntax::PgnReader::Origin resume;

    struct Ordered final : Spill {
        Slot* slot = nullptr;
        std::mutex* mutex = nullptr;
        std::condition_variable* turn = nullptr;
        const std::uint64_t* head = nullptr;
        std::FILE* out = nullptr;
        std::atomic<bool>* ok = nullptr;
        void spill(std::string& buf) override {
            {
                std::unique_lock lock(*mutex);
                if (buf.size() >= kHoldBytes) turn->wait(lock, [&] { return *head == slot->seq; });
                if (*head != slot->seq) return;
            }
            if (!write_out(buf, out)) *ok = false;
        }
    };

    auto drain = [&](std::unique_lock<std::mutex>& lock) {
        for (;;) {
            Slot& h = ring[head % slots];
            if (h.state != SlotState::Done || h.seq != head) return;
            h.state = SlotState::Writing;
            lock.unlock();
            if (!ok)
                h.output.clear();  // after a write error nothing more is written
            else if (!write_out(h.output, out))
                ok = false;
            lock.lock();
            summary.merge(h.summary);
            if (options.progress) options.progress->set_games(summary.games);
            h.summary = Summary{};
            in_flight -= h.bytes.size();
            // a large block's buffer is given back, unless the fallback reads it
            if (h.bytes.capacity() > kBlockBudget && h.seq < abandoned_at) std::string().swap(h.bytes);
            h.state = SlotState::Free;
            ++head;
            turn.notify_all();  // no system call when no one waits
            if (head == wanted_head) space.notify_one();
        }
    };

    // Reads the games of `slot` from `origin` into slot.games (their text copied out); returns the halt.
    auto parse = [&](Slot& slot, const syntax::PgnReader::Origin& origin) {
        syntax::PgnReader reader(std::string_view(slot.bytes), origin);
        slot.count = 0;
        for (;;) {
            if (slot.count == slot.games.size()) {
                slot.games.emplace_back();
                slot.arenas.emplace_back();
            }
            ast::Game& g = slot.games[slot.count];
            if (!reader.next(g)) break;
            // The game's views point into slot.bytes, which outlives it, except a tag value decoded
            // from escapes (in the reader's scratch, reused by the next such game): copied then.
            const char* const b = slot.bytes.data();
            const char* const e = b + slot.bytes.size();
            for (const ast::Tag& t : g.tags) {
                if (!t.value.empty() && (t.value.data() < b || t.value.data() >= e)) {
                    g.own_strings(slot.arenas[slot.count], ast::Game::RawText::Drop);
                    break;
                }
            }
            ++slot.count;
        }
        return reader.halt();
    };

    // Keeps the games' buffers the next blocks will likely reuse, up to `keep` bytes in all and
    // kKeepGameBytes a game; gives back the rest.
    auto give_back = [&](Slot& slot, std::size_t keep) {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < slot.games.size(); ++i) {
            const std::size_t bytes = footprint(slot.games[i], slot.arenas[i]);
            if (bytes > kKeepGameBytes || kept + bytes > keep) {
                slot.games[i] = ast::Game{};
                std::string().swap(slot.arenas[i]);
            } else {
                kept += bytes;
            }
        }
    };

    // With the lock held: in input order, checks the guess of every parsed block whose turn has
    // come against the previous block's halt, reads it again when it was wrong, numbers its games
    // and queues it to be judged. One thread at a time (the others go on parsing and judging).
    auto verify = [&](std::unique_lock<std::mutex>& lock) {
        if (verifying) return;
        verifying = true;
        for (;;) {
            const std::size_t index = verified % slots;
            Slot& slot = ring[index];
            if (slot.state != SlotState::Queued || slot.seq != verified || !slot.parsed) break;
            ++stage.blocks;
            const std::uint32_t first = numbered;  // games before this block
            const std::uint64_t stop = slot.final ? UINT64_MAX : slot.end;
            syntax::PgnReader::Origin guess{slot.start, slot.start, slot.line, slot.start, 0, slot.final, stop};
            const Halt before = last;
            bool own = true;
            if (abandoned_at < slot.seq) {
                own = false;
            } else if (slot.seq == 0 || (before.kind == Halt::Kind::Stop && before.offset == slot.start &&
                                         before.line == slot.line && before.line_start == slot.start)) {
                ++stage.stood;  // the guess stands
            } else if (before.kind != Halt::Kind::Stop || before.offset >= slot.end) {
                own = false;  // the input ended, or the previous block's last game runs over this one
                ++stage.empty;
                slot.halt = before;
            } else if (before.line_start < slot.start) {
                // the true start is inside a line that began in an earlier block: not read here
                slot.halt = Halt{Halt::Kind::OutOfText, before.offset, before.line, before.line_start};
                guess = syntax::PgnReader::Origin{before.offset, before.offset, before.line, before.line_start,
                                                  first,         false,         stop};
            } else {
                // the previous reader's view wins: this block is read again from where it stopped
                lock.unlock();
                ++stage.reparsed;
                const std::int64_t t0 = cpu();
                guess = syntax::PgnReader::Origin{slot.start, before.offset, before.line, before.line_start,
                                                  0,          slot.final,    stop};
                slot.halt = parse(slot, guess);
                stage.reparse += cpu() - t0;
                lock.lock();
            }
            if (own && abandoned_at > slot.seq && slot.halt.kind == Halt::Kind::OutOfText) {
                // the split is abandoned here: one reader goes on from this block's true start
                abandoned_at = slot.seq;
                abandoned = true;
                resume = guess;
                resume.games = first;
                resume.offset = resume.start;
                resume.stop = UINT64_MAX;
            }
            if (abandoned_at <= slot.seq) own = false;
            if (!own) {
                // Its games are not judged here: a large one (a game the block cut, which the
                // fallback or the next block reads whole) gives its buffers back now, before that
                // reading builds the whole game beside it.
                slot.count = 0;
                give_back(slot, kKeepBytes);
            }
            slot.first = first;
            last = slot.halt;
            numbered = first + static_cast<std::uint32_t>(slot.count);
            judging.push_back(index);
            ++verified;
            work.notify_one();
        }
        verifying = false;
    };

    // A worker judges the oldest verified block, or else parses the oldest block read (and judges it
    // next when it is then the oldest verified one).
    auto worker = [&] {
        Interpreter interpreter(options.interpret);
        Verdict verdict;
        Ordered ordered;
        ordered.mutex = &mutex;
        ordered.turn = &turn;
        ordered.head = &head;
        ordered.out = out;
        ordered.ok = &ok;
        for (;;) {
            std::size_t index = 0;
            bool judge = false;
            {
                std::unique_lock lock(mutex);
                const auto idle = Clock::now();
                work.wait(lock, [&] { return finished || !queue.empty() || !judging.empty(); });
                stage.wait += ns(idle, Clock::now());
                if (!judging.empty()) {
                    judge = true;
                    index = judging.front();
                    judging.pop_front();
                } else if (!queue.empty()) {
                    index = queue.front();
                    queue.pop_front();
                } else {
                    return;
                }
            }
            Slot& slot = ring[index];
            if (!judge) {
                give_back(slot, kKeepBytes);
                // The guess: a game starts at slot.start, at line slot.line, in the state between games.
                const std::int64_t t0 = cpu();
                slot.halt = Halt{};
                if (!abandoned)
                    slot.halt = parse(slot, syntax::PgnReader::Origin{slot.start, slot.start, slot.line, slot.start, 0,
                                                                      slot.final, slot.final ? UINT64_MAX : slot.end});
                stage.parse += cpu() - t0;
                std::unique_lock lock(mutex);
                slot.parsed = true;
                verify(lock);
                // Judged here when it is the oldest block waiting to be judged: its ASTs are in this
                // core's cache (never out of turn: an older block waiting could hold the output up).
                if (judging.empty() || judging.front() != index) continue;
                judging.pop_front();
            }
            ordered.slot = &slot;
            TraceWriter tracer(slot.output, path, options.format, ordered);
            const std::int64_t t0 = cpu();
            for (std::size_t i = 0; i < slot.count && ok; ++i) {
                slot.games[i].index = slot.first + static_cast<std::uint32_t>(i) + 1;
                judge_one(interpreter, slot.games[i], options, path, verdict, tracer, slot.output, slot.summary);
                if (slot.output.size() >= kSpillBytes) ordered.spill(slot.output);
            }
            stage.judge += cpu() - t0;
            std::unique_lock lock(mutex);
            slot.state = SlotState::Done;
            drain(lock);
        }
    };
    std::vector<std::thread> workers;
    for (unsigned i = 0; i < options.jobs; ++i) workers.emplace_back(worker);

    // This thread: reads and cuts blocks. buf[from, size) is read and in no block yet; buf[from] is
    // the file's byte `at`, and starts line `line`.
    std::vector<char> buf;
    std::size_t from = 0;
    std::size_t size = 0;
    std::uint64_t at = 0;
    std::uint32_t line = 1;
    bool eof = false;
    const std::size_t read_bytes = std::max(sizes.min, std::size_t{256} << 10);
    // The buffer holds `ordinary` bytes (a read and a few blocks) or, while a block grows past them,
    // the most a block needs (max + tail, and a read), no more: grown in one step, not doubled (the
    // old and the new buffer would hold three times the block), and given back after the block.
    const std::size_t ordinary = read_bytes + 4 * (sizes.min + sizes.tail);
    const std::size_t largest = std::max(ordinary, sizes.max + sizes.tail + read_bytes);
    const auto fill = [&](std::size_t want) {  // until `want` bytes are pending, or the input ends
        while (!eof && size - from < want) {
            if (buf.size() - size < read_bytes && from > 0) {
                std::memmove(buf.data(), buf.data() + from, size - from);
                size -= from;
                from = 0;
            }
            if (buf.size() < size + read_bytes)  // grows only (no zeroing per read)
                buf.resize(std::max(size + read_bytes, buf.size() < ordinary ? ordinary : largest));
            const std::size_t got = std::fread(buf.data() + size, 1, read_bytes, in);
            size += got;
            if (got < read_bytes) {
                if (std::ferror(in)) io_error = path + ": " + std::strerror(errno);
                eof = true;
            }
        }
    };
    std::uint64_t filled = 0;
    const auto begun = Clock::now();
    const std::int64_t split_begun = cpu();
    while (ok && !abandoned) {
        fill(sizes.min + sizes.tail);
        if (size == from) break;
        // the cut: the first candidate at or after min, else max, else the end of the input
        std::size_t cut = 0;
        for (std::size_t i = std::max(sizes.min, std::size_t{1});; ++i) {
            if (i >= size - from) {
                fill(i + 1);
                if (i >= size - from) {
                    cut = size - from;
                    break;
                }
            }
            if (i >= sizes.max) {
                cut = sizes.max;
                break;
            }
            const std::string_view pending(buf.data() + from, size - from);
            const std::size_t last = std::min(pending.size(), sizes.max);
            const void* hit = std::memchr(pending.data() + i, '[', last - i);
            if (hit == nullptr) {
                i = last - 1;
                continue;
            }
            i = static_cast<std::size_t>(static_cast<const char*>(hit) - pending.data());
            if (candidate(pending, i)) {
                cut = i;
                break;
            }
        }
        fill(cut + sizes.tail);
        const bool last_block = eof && cut == size - from;
        const std::size_t bytes = std::min(size - from, cut + sizes.tail);
        Slot& slot = ring[filled % slots];
        {
            std::unique_lock lock(mutex);
            for (;;) {
                // the blocks from abandoned_at on stay in their slots for the fallback reader
                if (abandoned) break;
                if (slot.state != SlotState::Free) {
                    // The slot of block `filled` is free once block filled - slots is written. This
                    // thread waits for `batch` slots, to be woken once for that many blocks.
                    wanted_head = filled + batch - slots;
                } else if (in_flight != 0 && in_flight + bytes > budget) {
                    wanted_head = head + 1;  // a large block waits for the bytes of the next block written
                } else {
                    in_flight += bytes;
                    break;
                }
                space.wait(lock, [&] { return head >= wanted_head; });
            }
            if (abandoned) break;
        }
        slot.bytes.assign(buf.data() + from, bytes);
        slot.start = at;
        slot.end = at + cut;
        slot.line = line;
        slot.final = last_block;
        line += syntax::count_line_ends(std::string_view(buf.data() + from, cut));
        from += cut;
        at += cut;
        {
            std::lock_guard lock(mutex);
            slot.seq = filled;
            slot.parsed = false;
            slot.state = SlotState::Queued;
            queue.push_back(filled % slots);
        }
        work.notify_one();
        ++filled;
        if (last_block) break;
        // after a large block, the buffer goes back to its ordinary size
        if (buf.size() > ordinary && size - from <= ordinary / 2) {
            std::vector<char> smaller(ordinary);
            std::memcpy(smaller.data(), buf.data() + from, size - from);
            buf.swap(smaller);
            size -= from;
            from = 0;
        }
    }
    stage.split = cpu() - split_begun;  // this thread's waits cost no CPU time
    {
        std::unique_lock lock(mutex);
        wanted_head = filled;
        space.wait(lock, [&] { return head == filled; });
        finished = true;
    }
    work.notify_all();
    for (std::thread& t : workers) t.join();
    if (stats) {
        const auto s = [](const std::atomic<std::int64_t>& v) { return static_cast<double>(v.load()) * 1e-9; };
        std::fprintf(
            stderr,
            "pipeline: wall %.3f s; CPU time: read and cut (serial) %.3f s, parse %.3f s, reparse %.3f s, "
            "judge and write %.3f s; workers idle (wall) %.3f s; blocks %llu: guess stood %llu, read again %llu, owned "
            "no game %llu%s\n",
            static_cast<double>(ns(begun, Clock::now())) * 1e-9, s(stage.split), s(stage.parse), s(stage.reparse),
            s(stage.judge), s(stage.wait), static_cast<unsigned long long>(stage.blocks.load()),
            static_cast<unsigned long long>(stage.stood.load()), static_cast<unsigned long long>(stage.reparsed.load()),
            static_cast<unsigned long long>(stage.empty.load()), abandoned ? "; split abandoned" : "");
    }
    if (!abandoned || !ok) return ok;

    // The fallback: one reader from the true start of the block that abandoned the split, over the
    // blocks held from there on (in their slots), what this thread had read, and the rest of the input.
    Continuation rest;
    for (std::uint64_t k = abandoned_at; k < filled; ++k) {
        const Slot& slot = ring[k % slots];
        const std::uint64_t begin = std::max(resume.start, slot.start);
        if (begin >= slot.end) continue;
        rest.parts.push_back(
            std::string_view(slot.bytes)
                .substr(static_cast<std::size_t>(begin - slot.start), static_cast<std::size_t>(slot.end - begin)));
    }
    rest.parts.push_back(std::string_view(buf.data() + from, size - from));
    rest.in = in;
    const cookie_io_functions_t functions{Continuation::read, nullptr, nullptr, nullptr};
    std::FILE* stream = fopencookie(&rest, "r", functions);
    if (stream == nullptr) {
        io_error = path + ": " + std::strerror(errno);
        return false;
    }
    syntax::PgnReader reader(stream, path, resume);
    const bool written = check_sequential(reader, path, options, out, summary);
    std::fclose(stream);
    if (io_error.empty() && !reader.io_error().empty()) io_error = reader.io_error();
    return written;
}

}  // namespace

bool check_file(const std::string& path, const CheckOptions& options, std::FILE* out, Summary& summary) {
    std::string error;
    // with judges on other threads, the decompressor gets a thread of its own too
    const std::unique_ptr<Input> input = Input::open(path, options.jobs > 1, error);
    if (!input) {
        if (options.progress) options.progress->interrupt();
        std::fprintf(stderr, "pgnsem: %s\n", error.c_str());
        summary.io_error = true;
        return false;
    }
    ++summary.files_read;
    if (options.progress) options.progress->begin_file(path, input->stored_fd(), input->stored_size());
    syntax::PgnReader reader(input->text(), path);
    std::string read_error;  // the parallel checker reads the input itself
    bool ok = options.jobs <= 1 ? check_sequential(reader, path, options, out, summary)
                                : check_parallel(input->text(), path, options, out, summary, read_error);
    if (options.progress) options.progress->end_file();
    if (options.progress) options.progress->interrupt();
    // the messages name the file already; the decompressor's says more than the reader's EIO
    if (const std::string why = input->error(); !why.empty()) {
        std::fprintf(stderr, "pgnsem: %s\n", why.c_str());
        ok = false;
    } else if (!reader.io_error().empty()) {
        std::fprintf(stderr, "pgnsem: %s\n", text_for_people(reader.io_error()).c_str());
        ok = false;
    } else if (!read_error.empty()) {
        std::fprintf(stderr, "pgnsem: %s\n", text_for_people(read_error).c_str());
        ok = false;
    }
    if (!ok) summary.io_error = true;
    return ok;
}

}  // namespace pgnsem::interp
