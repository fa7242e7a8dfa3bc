// check's parallel pipeline (`-j N`): one thread cuts the input into blocks at likely game
// boundaries, worker threads parse and judge them, and each block's start is verified against where
// the previous block's reader stopped (interpreter/README.md, "check's pipeline").
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

#include "app/check_internal.hpp"
#include "io/progress.hpp"
#include "syntax/pgn/shard.hpp"

namespace pgnsem::interp::check_detail {

namespace {

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

}  // namespace

// The input is split into blocks at game boundaries, and the workers parse and judge the blocks
// (interpreter/README.md, "check's pipeline"). This thread only reads and cuts:
// - a block [S, E) ends before a candidate boundary (syntax::candidate_boundary(): a `[` opening a line after an
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
        OutputFrame* frame = nullptr;
        std::atomic<bool>* ok = nullptr;
        void spill(std::string& buf) override {
            {
                std::unique_lock lock(*mutex);
                if (buf.size() >= kHoldBytes) turn->wait(lock, [&] { return *head == slot->seq; });
                if (*head != slot->seq) return;
            }
            if (!write_out(buf, out, frame)) *ok = false;
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
            else if (!write_out(h.output, out, options.frame))
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
        ordered.frame = options.frame;
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
            TraceWriter tracer(slot.output, path, options, ordered);
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
            if (syntax::candidate_boundary(pending, i)) {
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

}  // namespace pgnsem::interp::check_detail
