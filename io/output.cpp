// Writers for verdicts and traces: JSON through the project's one JSON writer (io/json.hpp,
// whose cursor keeps `pgnsem check`'s hot path short), text for people here.
#include "io/output.hpp"

#include <pthread.h>
#include <stdio_ext.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "ast/mutants.hpp"
#include "io/json.hpp"
#include "laws/setup.hpp"
#include "syntax/fen.hpp"

namespace pgnsem::interp {
namespace {

void append_uint(std::string& out, std::uint64_t n) {
    std::array<char, 24> buf{};
    auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), n);
    (void)ec;
    out.append(buf.data(), end);
}

// A draw fact's ply (0 is the start position), or null when it never held.
void fact_ply(JsonObject& o, std::string_view name, std::uint32_t ply) {
    if (DrawFacts::held(ply))
        o.num(name, ply);
    else
        o.null(name);
}

const char* end_name(sem::Outcome o) {
    switch (o) {
        case sem::Outcome::Ongoing: return nullptr;
        case sem::Outcome::Checkmate: return "checkmate";
        case sem::Outcome::Stalemate: return "stalemate";
    }
    return nullptr;
}

// "8 plies" and, when the game ended on the board, ", ends in checkmate": the verdict's and the
// trace's closing words.
void append_plies_and_end(std::string& out, const Verdict& v) {
    append_uint(out, v.plies);
    out.append(v.plies == 1 ? " ply" : " plies");
    if (const char* e = end_name(v.end)) {
        out.append(", ends in ");
        out.append(e);
    }
}

// The paper's identifiers other than the squares that a ply changed (turn, the two-step stamps,
// w_king / b_king) and the Laws' rook flags, in the paper's names.
struct IdentifierChange {
    std::string name;
    std::string old_value, new_value;
};

std::vector<IdentifierChange> identifier_changes(const sem::State& a, const sem::State& b) {
    std::vector<IdentifierChange> out;
    const auto add = [&](sem::Ide x) {
        out.push_back({ide_name(x, a), ide_value_text(x, sem::value_of(a, x)), ide_value_text(x, sem::value_of(b, x))});
    };
    const auto add_if_changed = [&](sem::Ide x) {
        if (sem::value_of(a, x) != sem::value_of(b, x)) add(x);
    };
    // turn always (every ply changes it), the others when they changed; not the squares (the trace
    // lists them itself) nor the clock
    sem::for_each_identifier([&](sem::Ide x) {
        if (x.kind() == sem::Ide::Kind::Turn)
            add(x);
        else if (x.kind() != sem::Ide::Kind::Square && x.kind() != sem::Ide::Kind::HalfmoveClock)
            add_if_changed(x);
    });
    return out;
}

}  // namespace

std::string ide_name(sem::Ide x, const sem::State& sigma) {
    std::string square(2, ' ');
    switch (x.kind()) {
        case sem::Ide::Kind::Square: write_square(square.data(), Square::unchecked(x.index())); return square;
        case sem::Ide::Kind::Turn: return "turn";
        case sem::Ide::Kind::TwoStep: {
            // the pawn's starting square names the stamp: stamps 0–7 are White's a2 … h2, 8–15 Black's a7 … h7
            const int i = x.index();
            write_square(square.data(), Square::unchecked(i < 8 ? 8 + i : 48 + (i - 8)));
            return square + "_2step";
        }
        case sem::Ide::Kind::KingMoved: return x.index() == sem::kWhiteKingMoved ? "w_king" : "b_king";
        case sem::Ide::Kind::RookMoved:
            write_square(square.data(), sem::rook_start(sigma, x.index()));
            return square + "_rook_moved";
        case sem::Ide::Kind::HalfmoveClock: return "halfmove_clock";
    }
    PGNSEM_UNREACHABLE("every kind of identifier is listed");
}

std::string ide_value_text(sem::Ide x, unsigned value) {
    return x.kind() == sem::Ide::Kind::TwoStep && value == sem::kNoStamp ? std::string("none") : std::to_string(value);
}

void append_text(std::string& out, std::string_view s) {
    constexpr char hex[] = "0123456789abcdef";
    const auto escape = [&](unsigned char c) {
        const char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
        out.append(e, 4);
    };
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t plain = plain_run_end(s, i);
        if (plain != i) {
            out.append(s.substr(i, plain - i));
            i = plain;
            continue;
        }
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '"' || c == '\\') {
            out.push_back(static_cast<char>(c));
            ++i;
        } else if (c < 0x80) {
            if (PGNSEM_MUTANT(interp_text_crash_on_control)) std::abort();
            escape(c);  // C0 or DEL
            ++i;
        } else if (const std::size_t n = utf8_length(s, i); n != 0) {
            if (c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0) {
                escape(c);  // a C1 control written in UTF-8
                escape(static_cast<unsigned char>(s[i + 1]));
            } else {
                out.append(s.substr(i, n));
            }
            i += n;
        } else {
            if (c < 0xA0) {
                escape(c);  // ISO 8859-1's C1 controls
            } else {
                out.push_back(static_cast<char>(0xC0 | (c >> 6)));
                out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
            }
            ++i;
        }
    }
}

std::string text_for_people(std::string_view s) {
    std::string out;
    append_text(out, s);
    return out;
}

namespace {
std::atomic<int> first_write_error{0};
}  // namespace

void note_write_error(int error_number) {
    int none = 0;
    first_write_error.compare_exchange_strong(none, error_number != 0 ? error_number : EIO);
}

bool write_failed() noexcept {
    return first_write_error.load() != 0;
}

namespace {

// Writes under way, and the signal that came during one (0: none). Lock-free atomics: the signal
// handler reads and sets them.
std::atomic<int> writing{0};
std::atomic<int> deferred{0};
static_assert(std::atomic<int>::is_always_lock_free, "used by a signal handler");

// Ends the process by `sig`, as if it had not been caught.
[[noreturn]] void end_by(int sig) {
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, nullptr);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    raise(sig);
    std::_Exit(128 + sig);  // not reached: the signal's default action ends the process
}

// The handler of the deferred signals: end now when no write is under way (or when the signal
// came before), else leave it to the last write to end.
extern "C" void on_interrupt(int sig) {
    const int before = deferred.exchange(sig);
    if (before != 0 || writing.load() == 0) {
        // raise() within the handler: the signal is blocked until the handler returns, then the
        // default action ends the process
        struct sigaction dfl {};
        dfl.sa_handler = SIG_DFL;
        sigemptyset(&dfl.sa_mask);
        sigaction(sig, &dfl, nullptr);
        raise(sig);
    }
}

// A write during which a deferred signal does not end the process. The order of the two atomics
// on each side (the handler: set `deferred`, then read `writing`; here: count the write, then read
// `deferred`) makes at least one of them see the other: a signal is never lost, and no write is
// cut.
class Uninterrupted {
public:
    Uninterrupted() {
        writing.fetch_add(1);
        if (const int sig = deferred.load(); sig != 0) end_by(sig);
    }
    ~Uninterrupted() {
        if (writing.fetch_sub(1) == 1)
            if (const int sig = deferred.load(); sig != 0) end_by(sig);
    }
    Uninterrupted(const Uninterrupted&) = delete;
    Uninterrupted& operator=(const Uninterrupted&) = delete;
};

}  // namespace

void defer_interrupts() {
    for (const int sig : {SIGTERM, SIGINT, SIGHUP}) {
        struct sigaction old {};
        if (sigaction(sig, nullptr, &old) != 0 || old.sa_handler == SIG_IGN) continue;  // nohup, a background job
        struct sigaction sa {};
        sa.sa_handler = on_interrupt;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;  // reads and writes go on after the handler
        sigaction(sig, &sa, nullptr);
    }
}

bool write_records(std::FILE* out, std::string_view bytes) {
    if (bytes.empty()) return true;
    flockfile(out);
    errno = 0;
    bool ok = true;
    // Bytes that fit in a fully buffered stream's buffer are only copied there; else the buffer and
    // the bytes go to the kernel now, uninterrupted.
    if (__flbf(out) == 0 && __fbufsize(out) > __fpending(out) + bytes.size()) {
        ok = std::fwrite(bytes.data(), 1, bytes.size(), out) == bytes.size();
    } else {
        const Uninterrupted whole;
        ok = std::fwrite(bytes.data(), 1, bytes.size(), out) == bytes.size() && std::fflush(out) == 0;
    }
    funlockfile(out);
    return ok;
}

bool flush_records(std::FILE* out) {
    errno = 0;
    const Uninterrupted whole;
    return std::fflush(out) == 0;
}

bool write_bytes(std::FILE* out, std::string_view bytes) {
    if (write_records(out, bytes)) return true;
    note_write_error(errno);
    return false;
}

int finish_output(int status) {
    errno = 0;
    if (!flush_records(stdout)) note_write_error(errno);
    if (std::ferror(stdout) != 0) note_write_error(EIO);
    errno = 0;
    if (std::fclose(stdout) != 0) note_write_error(errno);
    if (const int e = first_write_error.load(); e != 0) {
        std::fprintf(stderr, "pgnsem: write error: %s\n", std::strerror(e));
        return 2;
    }
    return status;
}

namespace {

// A game's error (docs/vocabulary.md, the error object), or null: at ply 0 (the start position
// itself) it is about no move, so `ply`, `move_number`, `side` and `written` are null.
void append_game_error_json(JsonObject& o, const ErrorInfo* e) {
    if (e == nullptr) {
        o.null("error");
        return;
    }
    JsonObject error(o.key("error"));
    error.str("rule", e->rule).str("message", e->message).num("line", e->pos.line).num("column", e->pos.column);
    if (e->ply != 0)
        error.num("ply", e->ply).num("move_number", e->move_number).str("side", color_name(e->side));
    else
        error.null("ply").null("move_number").null("side");
    error.opt_str("written", e->written.empty() ? std::nullopt : std::optional<std::string_view>(e->written));
}

}  // namespace

void append_shard_json(std::string& s, std::string_view envelope, std::string_view file, const syntax::ShardEnd& end) {
    JsonOut out(s);
    JsonObject o(out);
    o.members(envelope).str("file", file).num("shard", end.spec.index).num("shards", end.spec.count);
    o.num("size", end.size).num("start", end.start).num("next", end.next).num("until", end.until);
    o.num("lines", end.lines).num("games", end.games);
}

void append_verdict_json(std::string& s, std::string_view envelope, std::string_view file, const Verdict& v) {
    JsonOut out(s);
    JsonObject o(out);
    o.members(envelope).str("file", file).num("game", v.game).num("offset", v.offset);
    if (v.white || v.black)
        JsonObject(o.key("players")).opt_str("white", v.white).opt_str("black", v.black);
    else
        o.null("players");
    if (v.result)
        o.str("result", ast::result_text(*v.result));
    else
        o.null("result");
    o.opt_str("result_tag", v.result_tag).num("plies", v.plies).str("verdict", verdict_name(v.kind));
    append_game_error_json(o, v.error ? &*v.error : nullptr);
    {
        JsonArray warnings(o.key("warnings"));
        for (const Warning& w : v.warnings) {
            JsonObject warning(warnings.next());
            warning.str("kind", kind_name(w.kind)).str("message", w.message);
            warning.num("line", w.pos.line).num("column", w.pos.column);
            if (w.ply != 0)
                warning.num("ply", w.ply);
            else
                warning.null("ply");
            warning.str("written", w.written);
            warning.opt_str("canonical",
                            w.canonical.empty() ? std::nullopt : std::optional<std::string_view>(w.canonical));
            warning.opt_str("rule", w.rule.empty() ? std::nullopt : std::optional<std::string_view>(w.rule));
        }
    }
    o.str("fen_after", v.fen_after);
    o.opt_str("end", end_name(v.end));
    fact_ply(o, "draw_claimable_at", v.draws.claimable_at());
    fact_ply(o, "automatic_draw_at", v.draws.automatic_at());
}

std::string board_text(const sem::State& s) {
    return syntax::board_diagram(sem::to_placement(s));
}

void append_verdict_text(std::string& out, std::string_view file, const Verdict& v) {
    append_text(out, file);
    out.push_back(':');
    append_uint(out, v.game);
    out.append("  ");
    append_text(out, v.white ? std::string_view(*v.white) : "?");
    out.append(" - ");
    append_text(out, v.black ? std::string_view(*v.black) : "?");
    out.append("  ");
    out.append(v.result ? ast::result_text(*v.result) : "(no result)");
    out.append("  ");
    out.append(verdict_name(v.kind));
    out.append(", ");
    append_plies_and_end(out, v);
    out.push_back('\n');
    if (v.error) {
        const ErrorInfo& e = *v.error;
        out.append("  at line ");
        append_uint(out, e.pos.line);
        out.append(", column ");
        append_uint(out, e.pos.column);
        if (e.ply != 0) {
            out.append(", ply ");
            append_uint(out, e.ply);
            out.append(" (");
            append_uint(out, e.move_number);
            out.append(e.side == Color::White ? ". " : "... ");
            append_text(out, e.written);
            out.append(")");
        } else if (!e.written.empty()) {
            out.append(" (");
            append_text(out, e.written);
            out.append(")");
        }
        out.push_back('\n');
        out.append("  ");
        out.append(e.rule);
        out.append(": ");
        append_text(out, e.message);
        out.push_back('\n');
        if (v.kind != VerdictKind::Unsupported) {
            out.append("  position before it (");
            out.append(sem::to_move(v.final_state) == Color::White ? "White" : "Black");
            out.append(" to move):\n");
            out.append(board_text(v.final_state));
        }
    }
    // Each warning line names its game and place (file:game, line:column), so that one read
    // alone, or found by grep, says where to look.
    for (const Warning& w : v.warnings) {
        out.append("  warning ");
        append_text(out, file);
        out.push_back(':');
        append_uint(out, v.game);
        out.append(" line ");
        append_uint(out, w.pos.line);
        out.push_back(':');
        append_uint(out, w.pos.column);
        out.push_back(' ');
        out.append(kind_name(w.kind));
        out.append(": ");
        if (!w.written.empty()) {
            append_text(out, w.written);
            if (!w.canonical.empty()) {
                out.append(" -> ");
                append_text(out, w.canonical);
            }
            out.append(": ");
        }
        append_text(out, w.message);
        out.push_back('\n');
    }
}

void append_trace_json(std::string& s, std::string_view envelope, std::string_view file, const PlyEvent& e) {
    JsonOut out(s);
    JsonObject o(out);
    o.members(envelope).str("file", file).num("game", e.game).num("ply", e.ply);
    o.num("move_number", e.move_number).str("side", color_name(e.side)).str("written", e.san_written);
    o.str("san", e.san_canonical).str("uci", e.uci).boolean("legal", true).str("equation", sem::rule_id(e.rule));
    o.null("error").null("premise");
    {
        JsonArray changes(o.key("changes"));
        for (int i = 0; i < 64; ++i) {
            const auto idx = static_cast<std::size_t>(i);
            if (e.before->board[idx] == e.after->board[idx]) continue;
            char name[2];
            write_square(name, Square::unchecked(i));
            JsonObject change(changes.next());
            change.str("square", std::string_view(name, 2))
                .num("old", e.before->board[idx].value())
                .num("new", e.after->board[idx].value());
        }
    }
    {
        JsonArray identifiers(o.key("identifiers"));
        for (const IdentifierChange& c : identifier_changes(*e.before, *e.after)) {
            JsonObject change(identifiers.next());
            change.str("name", c.name).str("old", c.old_value).str("new", c.new_value);
        }
    }
    o.str("fen_after", e.fen_after);
}

void append_trace_text(std::string& out, const PlyEvent& e) {
    out.append("ply ");
    append_uint(out, e.ply);
    out.append("  ");
    append_uint(out, e.move_number);
    out.append(e.side == Color::White ? ". " : "... ");
    append_text(out, e.san_written);
    if (e.san_canonical != e.san_written) {
        out.append(" (");
        out.append(e.san_canonical);
        out.append(")");
    }
    out.append("  [");
    out.append(sem::rule_id(e.rule));
    out.append("]  ");
    append_sigma_update(out, e);
    out.append("\n      ");
    out.append(e.fen_after);
    out.push_back('\n');
}

void append_sigma_update(std::string& out, const PlyEvent& e) {
    // σ' = σ[Q₁ ↦ v₁, …, turn ↦ turn + 1], written out.
    out.append("σ' = σ[");
    for (int i = 0; i < 64; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        if (e.before->board[idx] == e.after->board[idx]) continue;
        char name[2];
        write_square(name, Square::unchecked(i));
        out.append(name, 2);
        out.append(" ↦ ");
        append_uint(out, e.after->board[idx].value());
        out.append(" (was ");
        append_uint(out, e.before->board[idx].value());
        out.append("), ");
    }
    bool first_id = true;
    for (const IdentifierChange& c : identifier_changes(*e.before, *e.after)) {
        if (!first_id) out.append(", ");
        first_id = false;
        out.append(c.name);
        out.append(" ↦ ");
        out.append(c.new_value);
        if (c.name != "turn") {
            out.append(" (was ");
            out.append(c.old_value);
            out.append(")");
        }
    }
    out.push_back(']');
}

}  // namespace pgnsem::interp

namespace pgnsem::interp {
namespace {

// The premise a verdict's rule falsifies, when the rule is one of the semantics' failures.
std::optional<std::string_view> premise_of(std::string_view rule) noexcept {
    if (const std::optional<sem::Failure> f = sem::failure_of(rule)) return sem::premise(*f);
    return std::nullopt;
}

}  // namespace

void append_trace_failure_json(std::string& s, std::string_view envelope, std::string_view file, const Verdict& v) {
    if (!v.error) return;
    const ErrorInfo& e = *v.error;
    JsonOut out(s);
    JsonObject o(out);
    o.members(envelope).str("file", file).num("game", v.game);
    // ply 0 is the start position itself (a FEN tag, a variant): no move, no side to name
    if (e.ply != 0)
        o.num("ply", e.ply).num("move_number", e.move_number).str("side", color_name(e.side));
    else
        o.null("ply").null("move_number").null("side");
    o.opt_str("written", e.written.empty() ? std::nullopt : std::optional<std::string_view>(e.written));
    o.null("san").null("uci").boolean("legal", false).null("equation");
    append_game_error_json(o, &e);
    o.opt_str("premise", premise_of(e.rule)).null("changes").null("identifiers").null("fen_after");
}

void append_trace_failure_text(std::string& out, const Verdict& v) {
    if (!v.error) return;
    const ErrorInfo& e = *v.error;
    out.append("ply ");
    append_uint(out, e.ply);
    if (e.ply != 0) {
        out.append("  ");
        append_uint(out, e.move_number);
        out.append(e.side == Color::White ? ". " : "... ");
        append_text(out, e.written);
    } else if (!e.written.empty()) {
        out.append("  ");
        append_text(out, e.written);
    }
    out.append("  ⊥  [");
    out.append(e.rule);
    out.append("]");
    if (const auto premise = premise_of(e.rule)) {
        out.append("  premise: ");
        out.append(*premise);
    }
    out.append("\n      ");
    append_text(out, e.message);
    out.push_back('\n');
}

void append_trace_header_text(std::string& out, std::string_view file, std::uint32_t game, std::string_view reading,
                              std::optional<std::string_view> white, std::optional<std::string_view> black,
                              const sem::State* start) {
    out.append("game ");
    append_text(out, file);
    out.push_back(':');
    append_uint(out, game);
    out.append("  ");
    append_text(out, white.value_or("?"));
    out.append(" - ");
    append_text(out, black.value_or("?"));
    out.append("  (reading: ").append(reading).append(")");
    out.append("\nσ₀ = ");
    if (start != nullptr)
        out.append(fen_of(*start));
    else
        out.append("none: the game has no start position");
    out.push_back('\n');
}

void append_trace_verdict_text(std::string& out, const Verdict& v) {
    out.append("verdict: ");
    out.append(verdict_name(v.kind));
    if (v.error) {
        out.append(" at ply ");
        append_uint(out, v.error->ply);
        out.append(" (");
        out.append(v.error->rule);
        out.append(")");
    } else {
        out.append(", ");
        append_plies_and_end(out, v);
    }
    out.append("\n\n");
}

}  // namespace pgnsem::interp
