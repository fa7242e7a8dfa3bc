// The JSON writer of the project: every JSON object pgnsem writes goes through it — `check`'s
// verdicts and `trace`'s plies (io/output.cpp), `fen` (app/position_report.cpp),
// `moves` and `san` (app/moves_report.cpp), `errata` (app/errata_report.cpp) and
// `gen`'s labels (app/generate.cpp). The tests read it back with nlohmann::json, which no
// library links.
//
// A cursor (JsonOut) writes into a std::string; JsonObject and JsonArray write the brackets and the
// commas. Written by hand, not by a JSON library, because it sits on the hot path of `pgnsem check`
// (one object per game): what runs for every verdict is inline here, the rare escapes are out of
// line in io/json.cpp. Strings: bytes that are not UTF-8 are read as ISO 8859-1 (the PGN
// standard's character set) and written as UTF-8; control characters (C0, DEL, and C1 whether
// written in UTF-8 or ISO 8859-1) as \u00XX, never the character itself.
//
//     std::string line;
//     {
//         JsonOut out(line);
//         JsonObject o(out);
//         o.str("rule", "cap/en-passant").num("ply", 12).null("error");
//     }  // {"rule":"cap/en-passant","ply":12,"error":null}
//
// A JsonObject or JsonArray must end before the JsonOut it writes to (it writes its closing bracket
// then); the string holds what was written once the JsonOut has ended.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
#include <emmintrin.h>
#endif

namespace pgnsem::interp {

// The byte classes of a JSON string, which text for people (append_text, io/output.hpp)
// shares.

// Length of a valid UTF-8 sequence starting at s[i], or 0.
[[nodiscard]] std::size_t utf8_length(std::string_view s, std::size_t i) noexcept;

// The bytes that stand for themselves in a JSON string: printable ASCII but `"` and `\`.
inline constexpr std::array<bool, 256> kJsonPlain = [] {
    std::array<bool, 256> t{};
    for (int c = 0x20; c < 0x7F; ++c) t[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
    return t;
}();

// The end of the run of such bytes in s from i (i itself when s[i] is not one), a byte at a time:
// the definition plain_run_end's SIMD body must equal (tests/interpreter/json_test.cpp).
[[nodiscard]] inline std::size_t plain_run_end_scalar(std::string_view s, std::size_t i) noexcept {
    while (i < s.size() && kJsonPlain[static_cast<unsigned char>(s[i])]) ++i;
    return i;
}

// The same, sixteen bytes at a time where the build has SIMD.
[[nodiscard]] inline std::size_t plain_run_end(std::string_view s, std::size_t i) noexcept {
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
    return plain_run_end_scalar(s, i);
}

// JSON written into a std::string through a cursor, after what the string holds. Room is made
// before each piece (ensure): a verdict line is some twenty small pieces, and writing them through
// the cursor costs a compare per piece where std::string::append costs a call. The string is cut
// back to what was written when the writer ends.
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

    // Whole values, with their room. raw: JSON written already (a literal such as `null`).
    void raw(std::string_view t) {
        ensure(t.size());
        put(t);
    }
    void uint(std::uint64_t n) {
        ensure(20);
        put_uint(n);
    }
    void boolean(bool b) { raw(b ? std::string_view("true") : std::string_view("false")); }
    void null() { raw("null"); }
    // A string literal. A run of bytes that stand for themselves (names, FENs, SAN and file names
    // are nearly all of it) is copied whole; the rest goes to escaped(). No byte takes more than
    // six (\u00XX).
    void string(std::string_view s) {
        ensure(6 * s.size() + 2);
        put('"');
        const std::size_t plain = plain_run_end(s, 0);
        put(s.substr(0, plain));
        if (plain != s.size()) escaped(s, plain);
        put('"');
    }

private:
    [[nodiscard]] std::size_t written() const noexcept { return static_cast<std::size_t>(p_ - s_.data()); }
    [[gnu::noinline]] void grow(std::size_t n) {
        const std::size_t at = written();
        s_.resize(at + std::max<std::size_t>(n, 512));
        p_ = s_.data() + at;
        end_ = s_.data() + s_.size();
    }
    // The string's content from s[from], a byte that does not stand for itself, to its end, into
    // room already made (io/json.cpp).
    void escaped(std::string_view s, std::size_t from) noexcept;

    std::string& s_;
    char* p_;
    char* end_;
};

// Appends `s` as a JSON string literal (JsonOut::string).
void append_json_string(std::string& out, std::string_view s);

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

// Writes one JSON object: `{`, then "name":value pairs separated by commas, then `}`. Names are
// written as given (they are the project's field names: plain ASCII, nothing to escape).
class JsonObject : JsonScope {
public:
    explicit JsonObject(JsonOut& out) : JsonScope(out, '{', '}') {}

    // "name": — the caller writes the value (an object or array opened on it, say).
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
    JsonObject& boolean(std::string_view name, bool value) {
        key(name).boolean(value);
        return *this;
    }
    JsonObject& null(std::string_view name) {
        key(name).null();
        return *this;
    }
    // The value, or null when there is none.
    JsonObject& opt_str(std::string_view name, const std::optional<std::string>& value) {
        return value ? str(name, *value) : null(name);
    }
    JsonObject& opt_str(std::string_view name, std::optional<std::string_view> value) {
        return value ? str(name, *value) : null(name);
    }
    JsonObject& opt_str(std::string_view name, const char* value) { return value ? str(name, value) : null(name); }
    JsonObject& opt_bool(std::string_view name, std::optional<bool> value) {
        return value ? boolean(name, *value) : null(name);
    }
    // Members written already ("a":1,"b":2, without braces), such as an envelope made once for
    // every object of a run; nothing when empty.
    JsonObject& members(std::string_view json) {
        if (!json.empty()) member(json.size()).put(json);
        return *this;
    }
};

// Writes one JSON array: `[`, the elements separated by commas, then `]`. next() starts an
// element and returns the output to write it to.
class JsonArray : JsonScope {
public:
    explicit JsonArray(JsonOut& out) : JsonScope(out, '[', ']') {}
    JsonOut& next() { return member(); }
};

}  // namespace pgnsem::interp
