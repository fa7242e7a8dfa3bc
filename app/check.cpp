// `pgnsem check` and `pgnsem trace` over one file (check_file): on one thread (check_sequential),
// or split into blocks judged by several (app/check_parallel.cpp); and the summary.
#include "app/check.hpp"

#include <cstdio>

#include "app/check_internal.hpp"
#include "ast/mutants.hpp"
#include "io/input.hpp"
#include "io/progress.hpp"
#include "syntax/pgn/reader.hpp"

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

std::optional<GameSelection> GameSelection::parse(std::string_view text) {
    GameSelection g;
    const auto number = [](std::string_view t) -> std::optional<std::uint32_t> {
        if (t.empty() || t.size() > 10) return std::nullopt;
        std::uint64_t n = 0;
        for (const char c : t) {
            if (c < '0' || c > '9') return std::nullopt;
            n = n * 10 + static_cast<std::uint64_t>(c - '0');
        }
        if (n == 0 || n > 4'000'000'000) return std::nullopt;
        return static_cast<std::uint32_t>(n);
    };
    while (true) {
        const std::size_t comma = text.find(',');
        const std::string_view part = text.substr(0, comma);
        const std::size_t dash = part.find('-');
        const std::optional<std::uint32_t> a = number(part.substr(0, dash));
        const std::optional<std::uint32_t> b = dash == std::string_view::npos ? a : number(part.substr(dash + 1));
        if (!a || !b || *b < *a) return std::nullopt;
        g.ranges.emplace_back(*a, *b);
        if (comma == std::string_view::npos) return g;
        text.remove_prefix(comma + 1);
    }
}

namespace check_detail {

bool read_cleanly(const Input& input, const syntax::PgnReader& reader) {
    if (const std::string why = input.error(); !why.empty()) {
        std::fprintf(stderr, "pgnsem: %s\n", why.c_str());
        return false;
    }
    if (!reader.io_error().empty()) {
        std::fprintf(stderr, "pgnsem: %s\n", text_for_people(reader.io_error()).c_str());
        return false;
    }
    return true;
}

// Writes and empties `buf`, giving back the memory of a large one. False on a write error.
bool write_out(std::string& buf, std::FILE* out, OutputFrame* frame) {
    const std::string_view head = frame != nullptr ? frame->header(buf) : std::string_view();
    const bool ok = (head.empty() || write_bytes(out, head)) &&
                    write_bytes(out, frame != nullptr ? frame->strip(buf) : std::string_view(buf));
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
    if (options.format == Format::Json || options.format == Format::Jsonl) {
        if (options.format == Format::Json) buf.append(",\n");
        append_verdict_json(buf, options.envelope, PGNSEM_MUTATE(check_file_field_empty, std::string_view{}, path),
                            verdict);
        if (options.format == Format::Jsonl) buf.push_back('\n');
    } else {
        append_verdict_text(buf, path, verdict);
    }
}

// One thread reads and judges; output is written whenever kSpillBytes of it wait. The first
// write error stops the run. `Reader` is a PgnReader, or a ShardReader (check_shard).
template <class Reader>
bool check_games(Reader& reader, const std::string& path, const CheckOptions& options, std::FILE* out,
                 Summary& summary) {
    struct Direct final : Spill {
        std::FILE* out;
        OutputFrame* frame;
        bool ok = true;
        Direct(std::FILE* o, OutputFrame* f) : out(o), frame(f) {}
        void spill(std::string& buf) override { ok = write_out(buf, out, frame) && ok; }
    } direct(out, options.frame);
    Interpreter interpreter(options.interpret);
    ast::Game game;
    Verdict verdict;
    std::string buf;
    buf.reserve(kSpillBytes);
    TraceWriter tracer(buf, path, options, direct);
    while (direct.ok && reader.next(game)) {
        if (options.games && !options.games->contains(game.index)) {
            if (game.index >= options.games->last()) break;  // nothing asked for is left in the file
            continue;
        }
        judge_one(interpreter, game, options, path, verdict, tracer, buf, summary);
        if (options.progress) options.progress->set_games(summary.games);
        if (buf.size() >= kSpillBytes) direct.spill(buf);
        // a giant game's arrays are not kept for the next one
        if (footprint(game, {}) > kHoldBytes) game = ast::Game{};
    }
    if (direct.ok) direct.spill(buf);
    return direct.ok;
}

bool check_sequential(syntax::PgnReader& reader, const std::string& path, const CheckOptions& options, std::FILE* out,
                      Summary& summary) {
    return check_games(reader, path, options, out, summary);
}

// `check --shard K/N` (syntax/pgn/shard.hpp): the games of one shard of a plain file, on one thread,
// then the `shard` record that `pgnsem merge` reads. A compressed file is refused: its text can
// only be read from its start.
bool check_shard(const std::string& path, const CheckOptions& options, std::FILE* out, Summary& summary) {
    std::string error;
    const auto fail = [&](const std::string& why) {
        if (options.progress) options.progress->interrupt();
        std::fprintf(stderr, "pgnsem: %s\n", text_for_people(why).c_str());
        summary.io_error = true;
        return false;
    };
    const std::unique_ptr<syntax::ShardReader> reader = open_shard(path, *options.shard, error);
    if (!reader) return fail(error);
    ++summary.files_read;
    if (options.progress) options.progress->begin_file(path, -1, std::nullopt);
    // The record is written after the last verdict, and only when the shard was read to its end.
    bool ok = check_games(*reader, path, options, out, summary);
    if (options.progress) options.progress->end_file();
    if (ok && reader->io_error().empty()) {
        std::string record;
        append_shard_json(record, options.shard_envelope, path, reader->end());
        record.push_back('\n');
        ok = write_out(record, out, nullptr);
    }
    if (const std::string why = reader->io_error(); !why.empty()) return fail(why);
    return ok;
}

}  // namespace check_detail

using check_detail::check_parallel;
using check_detail::check_sequential;

bool check_file(const std::string& path, const CheckOptions& options, std::FILE* out, Summary& summary) {
    if (options.shard) return check_detail::check_shard(path, options, out, summary);
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
    if (!check_detail::read_cleanly(*input, reader)) {
        ok = false;
    } else if (!read_error.empty()) {
        std::fprintf(stderr, "pgnsem: %s\n", text_for_people(read_error).c_str());
        ok = false;
    }
    if (!ok) summary.io_error = true;
    return ok;
}

}  // namespace pgnsem::interp
