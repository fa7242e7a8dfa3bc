#include "interpreter/check.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "interpreter/input.hpp"
#include "interpreter/output.hpp"
#include "interpreter/progress.hpp"
#include "interpreter/trace_html.hpp"
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
        append_verdict_json(buf, path, verdict);
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

// This thread reads games into batches (copying their text out of the reader's buffer), worker
// threads judge whole batches, and the output is written in input order: by the worker of the
// oldest unwritten batch (the head) while it judges, and by whoever finishes a batch for each
// finished batch at the head. Memory stays bounded by the configuration, whatever the file:
// - a ring of 2·jobs + 1 batches, each closed at kBatchGames games or kBatchBytes of game text
//   and AST, whichever comes first (a single larger game makes a batch of its own);
// - after a batch, each slot keeps at most kKeepBytes of the games' buffers for reuse, and never
//   a game's buffers above kKeepGameBytes (a huge game's memory goes back once it is judged);
// - a batch that is not the head holds at most kHoldBytes of output before it waits its turn.
bool check_parallel(syntax::PgnReader& reader, const std::string& path, const CheckOptions& options, std::FILE* out,
                    Summary& summary) {
    constexpr std::size_t kBatchGames = 256;
    constexpr std::size_t kBatchBytes = std::size_t{1} << 20;
    constexpr std::size_t kKeepBytes = std::size_t{2} << 20;
    constexpr std::size_t kKeepGameBytes = std::size_t{1} << 16;
    enum class SlotState : std::uint8_t { Free, Queued, Done, Writing };
    struct Slot {
        std::vector<ast::Game> games = std::vector<ast::Game>(kBatchGames);
        std::vector<std::string> arenas = std::vector<std::string>(kBatchGames);
        std::size_t count = 0;
        std::uint64_t seq = 0;  // the batch's place in the file
        std::string output;
        Summary summary;
        SlotState state = SlotState::Free;
    };
    const std::size_t slots = 2 * options.jobs + 1;
    std::vector<Slot> ring(slots);
    std::mutex mutex;
    std::condition_variable changed;  // any slot's state, the head or the queue changed
    std::deque<std::size_t> queue;
    std::uint64_t head = 0;  // the oldest batch not yet written
    bool finished = false;
    std::atomic<bool> ok{true};

    // Writes what the head's worker has so far; a batch behind the head waits once its output
    // reaches kHoldBytes. Only the head's worker writes while the head is being judged, and only
    // the thread that took a finished head writes it, so the output keeps the input's order.
    struct Ordered final : Spill {
        Slot* slot = nullptr;
        std::mutex* mutex = nullptr;
        std::condition_variable* changed = nullptr;
        const std::uint64_t* head = nullptr;
        std::FILE* out = nullptr;
        std::atomic<bool>* ok = nullptr;
        void spill(std::string& buf) override {
            {
                std::unique_lock lock(*mutex);
                if (buf.size() >= kHoldBytes) changed->wait(lock, [&] { return *head == slot->seq; });
                if (*head != slot->seq) return;
            }
            if (!write_out(buf, out)) *ok = false;
        }
    };

    // With the lock held: writes every finished batch at the head, in order.
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
            h.state = SlotState::Free;
            ++head;
            changed.notify_all();
        }
    };

    auto worker = [&] {
        Interpreter interpreter(options.interpret);
        Verdict verdict;
        Ordered ordered;
        ordered.mutex = &mutex;
        ordered.changed = &changed;
        ordered.head = &head;
        ordered.out = out;
        ordered.ok = &ok;
        for (;;) {
            std::size_t index = 0;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return finished || !queue.empty(); });
                if (queue.empty()) return;
                index = queue.front();
                queue.pop_front();
            }
            Slot& slot = ring[index];
            ordered.slot = &slot;
            TraceWriter tracer(slot.output, path, options.format, ordered);
            for (std::size_t i = 0; i < slot.count && ok; ++i) {
                judge_one(interpreter, slot.games[i], options, path, verdict, tracer, slot.output, slot.summary);
                if (slot.output.size() >= kSpillBytes) ordered.spill(slot.output);
            }
            std::unique_lock lock(mutex);
            slot.state = SlotState::Done;
            drain(lock);
        }
    };
    std::vector<std::thread> workers;
    for (unsigned i = 0; i < options.jobs; ++i) workers.emplace_back(worker);

    std::uint64_t filled = 0;
    for (bool more = true; more && ok;) {
        Slot& slot = ring[filled % slots];
        {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return slot.state == SlotState::Free; });
        }
        // Keep what the next batches will likely reuse, up to kKeepBytes; give back the rest.
        std::size_t kept = 0;
        for (std::size_t i = 0; i < kBatchGames; ++i) {
            const std::size_t bytes = footprint(slot.games[i], slot.arenas[i]);
            if (bytes > kKeepGameBytes || kept + bytes > kKeepBytes) {
                slot.games[i] = ast::Game{};
                std::string().swap(slot.arenas[i]);
            } else {
                kept += bytes;
            }
        }
        slot.count = 0;
        std::size_t bytes = 0;
        while (slot.count < kBatchGames && bytes < kBatchBytes && reader.next(slot.games[slot.count])) {
            slot.games[slot.count].own_strings(slot.arenas[slot.count], ast::Game::RawText::Drop);
            bytes += footprint(slot.games[slot.count], slot.arenas[slot.count]);
            ++slot.count;
        }
        more = slot.count == kBatchGames || bytes >= kBatchBytes;
        if (slot.count == 0) break;
        {
            std::lock_guard lock(mutex);
            slot.seq = filled;
            slot.state = SlotState::Queued;
            queue.push_back(filled % slots);
        }
        changed.notify_all();
        ++filled;
    }
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return head == filled; });
        finished = true;
    }
    changed.notify_all();
    for (std::thread& t : workers) t.join();
    return ok;
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
    bool ok = options.jobs <= 1 ? check_sequential(reader, path, options, out, summary)
                                : check_parallel(reader, path, options, out, summary);
    if (options.progress) options.progress->end_file();
    if (options.progress) options.progress->interrupt();
    // the messages name the file already; the decompressor's says more than the reader's EIO
    if (const std::string why = input->error(); !why.empty()) {
        std::fprintf(stderr, "pgnsem: %s\n", why.c_str());
        ok = false;
    } else if (!reader.io_error().empty()) {
        std::fprintf(stderr, "pgnsem: %s\n", text_for_people(reader.io_error()).c_str());
        ok = false;
    }
    if (!ok) summary.io_error = true;
    return ok;
}

}  // namespace pgnsem::interp
