#include "interpreter/check.hpp"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

#include "interpreter/output.hpp"
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
    if (v.draws.claimable_at() != 0) ++draw_claimable;
    if (v.draws.automatic_at() != 0) ++draw_automatic;
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

class TraceWriter : public TraceSink {
public:
    TraceWriter(std::string& buf, std::string_view file, Format f) : buf_(buf), file_(file), format_(f) {}
    void on_ply(const PlyEvent& e) override {
        if (format_ == Format::Jsonl) {
            append_trace_json(buf_, file_, e);
            buf_.push_back('\n');
        } else {
            append_trace_text(buf_, e);
        }
    }

private:
    std::string& buf_;
    std::string_view file_;
    Format format_;
};

bool flush(std::string& buf, std::FILE* out) {
    if (buf.empty()) return true;
    const bool ok = std::fwrite(buf.data(), 1, buf.size(), out) == buf.size();
    buf.clear();
    return ok;
}

}  // namespace

namespace {

void judge_one(Interpreter& interpreter, const ast::Game& game, const CheckOptions& options, std::string_view path,
               Verdict& verdict, TraceWriter& tracer, std::string& buf, Summary& summary) {
    interpreter.run(game, verdict, options.trace ? &tracer : nullptr);
    summary.add(verdict);
    if (options.trace) return;
    if (options.format == Format::Jsonl) {
        append_verdict_json(buf, path, verdict);
        buf.push_back('\n');
    } else {
        append_verdict_text(buf, path, verdict);
    }
}

// One thread reads and judges.
bool check_sequential(syntax::PgnReader& reader, const std::string& path, const CheckOptions& options, std::FILE* out,
                      Summary& summary) {
    Interpreter interpreter(options.interpret);
    ast::Game game;
    Verdict verdict;
    std::string buf;
    buf.reserve(1 << 16);
    TraceWriter tracer(buf, path, options.format);
    bool ok = true;
    while (reader.next(game)) {
        judge_one(interpreter, game, options, path, verdict, tracer, buf, summary);
        if (buf.size() > (1 << 16) && !flush(buf, out)) ok = false;
    }
    return flush(buf, out) && ok;
}

// This thread reads games into batches (copying their text out of the reader's buffer), worker
// threads judge whole batches, and this thread writes the batches' output in input order. A ring
// of 2·jobs + 1 batches bounds the memory, whatever the size of the file.
bool check_parallel(syntax::PgnReader& reader, const std::string& path, const CheckOptions& options, std::FILE* out,
                    Summary& summary) {
    constexpr std::size_t kBatchGames = 256;
    enum class SlotState : std::uint8_t { Free, Queued, Done };
    struct Slot {
        std::vector<ast::Game> games = std::vector<ast::Game>(kBatchGames);
        std::vector<std::string> arenas = std::vector<std::string>(kBatchGames);
        std::size_t count = 0;
        std::string output;
        Summary summary;
        SlotState state = SlotState::Free;
    };
    const std::size_t slots = 2 * options.jobs + 1;
    std::vector<Slot> ring(slots);
    std::mutex mutex;
    std::condition_variable work_ready, batch_done;
    std::deque<std::size_t> queue;
    bool finished = false;

    auto worker = [&] {
        Interpreter interpreter(options.interpret);
        Verdict verdict;
        for (;;) {
            std::size_t index = 0;
            {
                std::unique_lock lock(mutex);
                work_ready.wait(lock, [&] { return finished || !queue.empty(); });
                if (queue.empty()) return;
                index = queue.front();
                queue.pop_front();
            }
            Slot& slot = ring[index];
            TraceWriter tracer(slot.output, path, options.format);
            for (std::size_t i = 0; i < slot.count; ++i)
                judge_one(interpreter, slot.games[i], options, path, verdict, tracer, slot.output, slot.summary);
            {
                std::lock_guard lock(mutex);
                slot.state = SlotState::Done;
            }
            batch_done.notify_all();
        }
    };
    std::vector<std::thread> workers;
    for (unsigned i = 0; i < options.jobs; ++i) workers.emplace_back(worker);

    bool ok = true;
    std::size_t filled = 0, written = 0;
    // Writes the oldest batch once it is judged, and frees its slot.
    auto write_oldest = [&] {
        Slot& slot = ring[written % slots];
        {
            std::unique_lock lock(mutex);
            batch_done.wait(lock, [&] { return slot.state == SlotState::Done; });
        }
        if (!flush(slot.output, out)) ok = false;
        summary.merge(slot.summary);
        slot.summary = Summary{};
        slot.state = SlotState::Free;
        ++written;
    };
    for (bool more = true; more;) {
        Slot& slot = ring[filled % slots];
        if (filled - written == slots) write_oldest();
        slot.count = 0;
        while (slot.count < kBatchGames && reader.next(slot.games[slot.count])) {
            slot.games[slot.count].own_strings(slot.arenas[slot.count]);
            ++slot.count;
        }
        more = slot.count == kBatchGames;
        if (slot.count == 0) break;
        {
            std::lock_guard lock(mutex);
            slot.state = SlotState::Queued;
            queue.push_back(filled % slots);
        }
        work_ready.notify_one();
        ++filled;
    }
    while (written < filled) write_oldest();
    {
        std::lock_guard lock(mutex);
        finished = true;
    }
    work_ready.notify_all();
    for (std::thread& t : workers) t.join();
    return ok;
}

}  // namespace

bool check_file(const std::string& path, const CheckOptions& options, std::FILE* out, Summary& summary) {
    std::FILE* in = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
    if (!in) {
        std::fprintf(stderr, "pgnsem: cannot open %s: %s\n", path.c_str(), std::strerror(errno));
        summary.io_error = true;
        return false;
    }
    syntax::PgnReader reader(in, path);
    bool ok = options.jobs <= 1 ? check_sequential(reader, path, options, out, summary)
                                : check_parallel(reader, path, options, out, summary);
    if (!reader.io_error().empty()) {
        std::fprintf(stderr, "pgnsem: %s: %s\n", path.c_str(), reader.io_error().c_str());
        ok = false;
    }
    if (in != stdin) std::fclose(in);
    if (!ok) summary.io_error = true;
    return ok;
}

}  // namespace pgnsem::interp
