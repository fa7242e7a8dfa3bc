// Writers for verdicts and traces. JSON is written by hand (through a cursor, JsonOut) because
// it sits on the hot path of `pgnsem check`; tests parse it back with nlohmann::json.
#include "interpreter/output.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <vector>

#include "semantics/setup.hpp"
#include "syntax/fen.hpp"

#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
#include <emmintrin.h>
#endif

namespace pgnsem::interp {
namespace {

void append_uint(std::string& out, std::uint64_t n) {
    std::array<char, 24> buf{};
    auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), n);
    (void)ec;
    out.append(buf.data(), end);
}

// Length of a valid UTF-8 sequence starting at s[i], or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4;
    else
        return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
    const auto c1 = static_cast<unsigned char>(s[i + 1]);
    if (c == 0xE0 && c1 < 0xA0) return 0;   // overlong
    if (c == 0xED && c1 >= 0xA0) return 0;  // surrogates
    if (c == 0xF0 && c1 < 0x90) return 0;
    if (c == 0xF4 && c1 >= 0x90) return 0;
    return n;
}

// JSON written into a std::string through a cursor. Room is made before each piece (ensure):
// a verdict line is some twenty small pieces, and writing them through the cursor costs a
// compare per piece where std::string::append costs a call. The string is cut back to what was
// written when the writer goes out of scope.
class JsonOut {
public:
    explicit JsonOut(std::string& s) : s_(s), p_(s.data() + s.size()), end_(p_) {}
    JsonOut(const JsonOut&) = delete;
    JsonOut& operator=(const JsonOut&) = delete;
    ~JsonOut() { s_.resize(written()); }

    // At least n bytes of room at the cursor.
    void ensure(std::size_t n) {
        if (static_cast<std::size_t>(end_ - p_) < n) grow(n);
    }
    // The put functions write into room already made.
    void put(char c) noexcept { *p_++ = c; }
    void put(std::string_view t) noexcept {
        std::memcpy(p_, t.data(), t.size());
        p_ += t.size();
    }
    void put_uint(std::uint64_t n) noexcept { p_ = std::to_chars(p_, p_ + 20, n).ptr; }

    // Whole values, with their room.
    void raw(std::string_view t) {
        ensure(t.size());
        put(t);
    }
    void uint(std::uint64_t n) {
        ensure(20);
        put_uint(n);
    }
    void string(std::string_view s);

private:
    [[nodiscard]] std::size_t written() const noexcept { return static_cast<std::size_t>(p_ - s_.data()); }
    [[gnu::noinline]] void grow(std::size_t n) {
        const std::size_t at = written();
        s_.resize(at + std::max<std::size_t>(n, 512));
        p_ = s_.data() + at;
        end_ = s_.data() + s_.size();
    }

    std::string& s_;
    char* p_;
    char* end_;
};

// The bytes that stand for themselves in a JSON string: printable ASCII but `"` and `\`.
constexpr std::array<bool, 256> make_plain() noexcept {
    std::array<bool, 256> t{};
    for (int c = 0x20; c < 0x7F; ++c) t[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
    return t;
}
constexpr std::array<bool, 256> kPlain = make_plain();

// The end of the run of such bytes in s from i (i itself when s[i] is not one).
[[nodiscard]] std::size_t plain_run_end(std::string_view s, std::size_t i) noexcept {
#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
    // Sixteen bytes at a time: a byte stops the run when it is ≤ 0x1F, ≥ 0x7F, `"` or `\`.
    const auto stops = [](const char* at) noexcept {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
        const __m128i outside = _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v),
                                             _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x7F)), v));
        return static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(
            outside, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))))));
    };
    if (s.size() >= 16) {
        for (; s.size() - i >= 16; i += 16)
            if (const unsigned m = stops(s.data() + i); m != 0)
                return i + static_cast<std::size_t>(std::countr_zero(m));
        if (i == s.size()) return i;
        // The last sixteen bytes, of which the first 16 − (size − i) were looked at already.
        const unsigned m = stops(s.data() + s.size() - 16) >> (16 - (s.size() - i));
        return m != 0 ? i + static_cast<std::size_t>(std::countr_zero(m)) : s.size();
    }
#endif
    while (i < s.size() && kPlain[static_cast<unsigned char>(s[i])]) ++i;
    return i;
}

// A JSON string literal. Runs of bytes that stand for themselves (printable ASCII but `"` and
// `\`: names, FENs and file names are nearly all of it) are copied whole; bytes that are not
// UTF-8 are read as ISO 8859-1 and written as UTF-8; control characters (C0, DEL, and C1 whether
// written in UTF-8 or ISO 8859-1) as \u00XX. No byte takes more than six (\u00XX).
void JsonOut::string(std::string_view s) {
    ensure(6 * s.size() + 2);
    put('"');
    for (std::size_t i = 0; i < s.size(); ++i) {
        const std::size_t plain = plain_run_end(s, i);
        if (plain != i) {
            put(s.substr(i, plain - i));
            if (plain == s.size()) break;
            i = plain;
        }
        const auto c = static_cast<unsigned char>(s[i]);
        constexpr char hex[] = "0123456789abcdef";
        // a control character, C0, DEL or C1: \u00XX, never the character itself
        const auto control = [&](unsigned char code) {
            put("\\u00");
            put(hex[code >> 4]);
            put(hex[code & 15]);
        };
        if (c >= 0x80) {
            if (const std::size_t n = utf8_length(s, i); n != 0) {
                if (c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0) {
                    control(static_cast<unsigned char>(s[i + 1]));  // U+0080–U+009F
                } else {
                    put(s.substr(i, n));
                }
                i += n - 1;
            } else if (c < 0xA0) {
                control(c);  // ISO 8859-1's C1 controls
            } else {
                // ISO 8859-1 byte → the same code point in UTF-8
                put(static_cast<char>(0xC0 | (c >> 6)));
                put(static_cast<char>(0x80 | (c & 0x3F)));
            }
            continue;
        }
        switch (c) {
            case '"': put("\\\""); break;
            case '\\': put("\\\\"); break;
            case '\n': put("\\n"); break;
            case '\r': put("\\r"); break;
            case '\t': put("\\t"); break;
            default:
                if (c < 0x20 || c == 0x7F) {
                    control(c);
                } else {
                    put(static_cast<char>(c));
                }
        }
    }
    put('"');
}

// An open JSON object or array: the opening bracket when made, the closing one when it ends,
// and the commas between its members.
class JsonScope {
public:
    JsonScope(const JsonScope&) = delete;
    JsonScope& operator=(const JsonScope&) = delete;

protected:
    JsonScope(JsonOut& out, char open, char close) : out_(out), close_(close) { out_.raw(std::string_view(&open, 1)); }
    ~JsonScope() { out_.raw(std::string_view(&close_, 1)); }
    // Starts the next member with room for n more bytes: a comma unless it is the first.
    JsonOut& member(std::size_t n = 0) {
        out_.ensure(n + 1);
        if (!first_) out_.put(',');
        first_ = false;
        return out_;
    }

private:
    JsonOut& out_;
    char close_;
    bool first_ = true;
};

// Writes one JSON object: `{`, then "name":value pairs separated by commas, then `}`.
class JsonObject : JsonScope {
public:
    explicit JsonObject(JsonOut& out) : JsonScope(out, '{', '}') {}

    // "name": — the caller writes the value.
    JsonOut& key(std::string_view name) {
        JsonOut& out = member(name.size() + 3);
        out.put('"');
        out.put(name);
        out.put("\":");
        return out;
    }
    JsonObject& str(std::string_view name, std::string_view value) {
        key(name).string(value);
        return *this;
    }
    JsonObject& num(std::string_view name, std::uint64_t value) {
        key(name).uint(value);
        return *this;
    }
    JsonObject& null(std::string_view name) {
        key(name).raw("null");
        return *this;
    }
    JsonObject& opt_str(std::string_view name, const std::optional<std::string>& value) {
        return value ? str(name, *value) : null(name);
    }
    // A ply, or null for 0 ("none").
    JsonObject& opt_ply(std::string_view name, std::uint32_t ply) { return ply != 0 ? num(name, ply) : null(name); }
    // A draw fact's ply (0 is the start position), or null when it never held.
    JsonObject& fact_ply(std::string_view name, std::uint32_t ply) {
        return DrawFacts::held(ply) ? num(name, ply) : null(name);
    }
};

// Writes one JSON array: `[`, the elements separated by commas, then `]`. next() starts an
// element and returns the output to write it to.
class JsonArray : JsonScope {
public:
    explicit JsonArray(JsonOut& out) : JsonScope(out, '[', ']') {}
    JsonOut& next() { return member(); }
};

const char* end_name(sem::Outcome o) {
    switch (o) {
        case sem::Outcome::Ongoing: return nullptr;
        case sem::Outcome::Checkmate: return "checkmate";
        case sem::Outcome::Stalemate: return "stalemate";
    }
    return nullptr;
}

// The paper's identifiers other than the squares that a ply changed (turn, the two-step stamps,
// w_king / b_king) and the Laws' rook flags, in the paper's names.
struct IdentifierChange {
    std::string name;
    std::string old_value, new_value;
};

std::vector<IdentifierChange> identifier_changes(const sem::State& a, const sem::State& b) {
    std::vector<IdentifierChange> out;
    out.push_back({"turn", std::to_string(a.turn), std::to_string(b.turn)});
    for (int i = 0; i < 16; ++i) {
        const auto idx = static_cast<std::size_t>(i);
        if (a.two_step[idx] == b.two_step[idx]) continue;
        // the pawn's starting square names the stamp: e2_2step, d7_2step, …
        std::string name(2, ' ');
        write_square(name.data(), Square::unchecked(i < 8 ? 8 + i : 48 + (i - 8)));
        auto value = [](std::uint16_t v) { return v == sem::kNoStamp ? std::string("none") : std::to_string(v); };
        out.push_back({name + "_2step", value(a.two_step[idx]), value(b.two_step[idx])});
    }
    const std::pair<std::uint8_t, const char*> kings[] = {{sem::kWhiteKingMoved, "w_king"},
                                                          {sem::kBlackKingMoved, "b_king"}};
    for (const auto& [bit, name] : kings)
        if ((a.king_moved & bit) != (b.king_moved & bit))
            out.push_back({name, (a.king_moved & bit) ? "1" : "0", (b.king_moved & bit) ? "1" : "0"});
    const std::pair<std::uint8_t, const char*> rooks[] = {{sem::kCornerA1, "a1_rook_moved"},
                                                          {sem::kCornerH1, "h1_rook_moved"},
                                                          {sem::kCornerA8, "a8_rook_moved"},
                                                          {sem::kCornerH8, "h8_rook_moved"}};
    for (const auto& [bit, name] : rooks)
        if ((a.rook_moved & bit) != (b.rook_moved & bit))
            out.push_back({name, (a.rook_moved & bit) ? "1" : "0", (b.rook_moved & bit) ? "1" : "0"});
    return out;
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
    JsonOut(out).string(s);
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

bool write_bytes(std::FILE* out, std::string_view bytes) {
    if (bytes.empty()) return true;
    errno = 0;
    if (std::fwrite(bytes.data(), 1, bytes.size(), out) == bytes.size()) return true;
    note_write_error(errno);
    return false;
}

int finish_output(int status) {
    errno = 0;
    if (std::fflush(stdout) != 0) note_write_error(errno);
    if (std::ferror(stdout) != 0) note_write_error(EIO);
    errno = 0;
    if (std::fclose(stdout) != 0) note_write_error(errno);
    if (const int e = first_write_error.load(); e != 0) {
        std::fprintf(stderr, "pgnsem: write error: %s\n", std::strerror(e));
        return 2;
    }
    return status;
}

void append_verdict_json(std::string& s, std::string_view file, const Verdict& v) {
    JsonOut out(s);
    JsonObject o(out);
    o.str("file", file).num("game", v.game).opt_str("white", v.white).opt_str("black", v.black);
    if (v.result)
        o.str("result", ast::result_text(*v.result));
    else
        o.null("result");
    o.opt_str("result_tag", v.result_tag).num("plies", v.plies).str("verdict", verdict_name(v.kind));
    if (v.error) {
        const ErrorInfo& e = *v.error;
        JsonObject error(o.key("error"));
        error.num("ply", e.ply).num("move_number", e.move_number).str("side", color_name(e.side));
        error.str("san", e.san).str("rule", e.rule).str("message", e.message);
        error.num("line", e.pos.line).num("column", e.pos.column);
    } else {
        o.null("error");
    }
    {
        JsonArray warnings(o.key("warnings"));
        for (const Warning& w : v.warnings) {
            JsonObject warning(warnings.next());
            warning.str("kind", kind_name(w.kind));
            if (w.ply != 0) warning.num("ply", w.ply);
            warning.num("line", w.pos.line).num("column", w.pos.column).str("found", w.found);
            if (!w.canonical.empty()) warning.str("canonical", w.canonical);
            if (!w.rule.empty()) warning.str("rule", w.rule);
            warning.str("message", w.message);
        }
    }
    o.str("final_fen", v.final_fen);
    if (const char* e = end_name(v.end))
        o.str("end", e);
    else
        o.null("end");
    o.fact_ply("draw_claimable_at", v.draws.claimable_at()).fact_ply("automatic_draw_at", v.draws.automatic_at());
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
    append_uint(out, v.plies);
    out.append(v.plies == 1 ? " ply" : " plies");
    if (const char* e = end_name(v.end)) {
        out.append(", ends in ");
        out.append(e);
    }
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
            append_text(out, e.san);
            out.append(")");
        } else if (!e.san.empty()) {
            out.append(" (");
            append_text(out, e.san);
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
        if (!w.found.empty()) {
            append_text(out, w.found);
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

void append_trace_json(std::string& s, std::string_view file, const PlyEvent& e) {
    JsonOut out(s);
    JsonObject o(out);
    o.str("file", file).num("game", e.game).num("ply", e.ply).num("move_number", e.move_number);
    o.str("side", color_name(e.side)).str("san", e.san_written).str("canonical", e.san_canonical);
    o.str("uci", e.uci).str("rule", sem::rule_id(e.rule));
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
    o.str("fen", e.fen_after);
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
    out.append("]\n      ");
    out.append(e.fen_after);
    out.push_back('\n');
}

}  // namespace pgnsem::interp
