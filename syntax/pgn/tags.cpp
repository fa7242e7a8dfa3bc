// The tag section of the PGN reader (§8.1): tag pairs, their strings, the set of the game's tag
// names, and where a blank line ends the section (syntax/README.md, "Game boundaries").
#include "ast/mutants.hpp"
#include "syntax/pgn/parser.hpp"

namespace pgnsem::syntax::pgn {

// Returns false after an error (the reader has resynchronised).
bool GameParser::tag_section() {
    for (;;) {
        if (use_common_loops_) common_tag_pairs();
        const char* before = p_;
        const std::uint32_t line_before = c_.line;
        skip_ws();
        if (at_end(p_) || *p_ != '[') return true;
        // §8: a blank line between two tag pairs ends the tag section; the `[` after it
        // starts the next game, and this one has no movetext. Unless the tags after it name
        // none of the tags before it (ChessBase writes a blank line after [Event]): then they
        // are this game's, and the reader says so (syntax/README.md, "Game boundaries").
        if (!g_.tags.empty() && c_.line - line_before >= 2 && holds_blank_line(before, p_)) {
            if (!next_section_is_new()) return true;
            g_.warnings.push_back(ast::ReaderWarning{
                ast::ReaderWarningKind::BlankLineInTags,
                pos(p_),
                {},
                {},
                "a blank line inside the tag section: the tags after it name none of the tags before it, "
                "so they are read as this game's"});
        }
        if (!tag_pair()) {
            resync();
            return false;
        }
    }
}

// Whether the tag section that starts at p_ (a `[` after a blank line, with tags read before it)
// names none of the game's tags: the names of its tag pairs, up to where tag_section would end
// it (a blank line between two pairs, anything but a `[` after a pair, the end of input) or up
// to its first malformed pair (whose name counts when it reads), are looked up in the game's set.
// The whole section is looked at, not only its first name, so that a name repeated late in it
// still starts the next game there. Reads without consuming (p_ and the line count are put back);
// throws NeedMore as the reading itself would, so the answer never depends on where a read ended.
// Each section is looked at once before it is read, so the work stays linear.
bool GameParser::next_section_is_new() {
    const char* const start = p_;
    const std::uint32_t line = c_.line;
    const std::uint64_t line_start = c_.line_start;
    bool fresh = true;
    for (;;) {
        ++p_;  // the `[`
        skip_ws();
        const char* name = p_;
        p_ = scan(p_, is_tag_name_char);
        if (p_ == name) break;
        if (has_tag_name(std::string_view(name, static_cast<std::size_t>(p_ - name)))) {
            fresh = false;
            break;
        }
        if (PGNSEM_MUTANT(syntax_tags_blank_line_first_name_only)) break;
        skip_ws();
        if (at_end(p_) || *p_ != '"') break;
        // the string (§7), which ends at its line
        ++p_;
        while (!at_end(p_) && *p_ != '"' && *p_ != '\n' && *p_ != '\r')
            p_ += *p_ == '\\' && !at_end(p_ + 1) && (p_[1] == '"' || p_[1] == '\\') ? 2 : 1;
        if (at_end(p_) || *p_ != '"') break;
        ++p_;
        skip_ws();
        if (at_end(p_) || *p_ != ']') break;
        ++p_;
        const char* const after = p_;
        const std::uint32_t line_after = c_.line;
        skip_ws();
        if (at_end(p_) || *p_ != '[') break;
        if (c_.line - line_after >= 2 && holds_blank_line(after, p_)) break;
    }
    p_ = start;
    c_.line = line;
    c_.line_start = line_start;
    return fresh;
}

// Whether [q, stop) — white space and escape lines — holds a whole line of white space.
bool GameParser::holds_blank_line(const char* q, const char* stop) noexcept {
    q = find_line_end(q, stop, '\n');
    while (q < stop) {
        const char* ls = q + 1;
        if (*q == '\r' && ls < stop && *ls == '\n') ++ls;
        q = find_line_end(ls, stop, '\n');
        if (q == stop) return false;  // the line of the `[`
        bool blank = true;
        for (const char* r = ls; blank && r < q; ++r) blank = is_blank(*r);
        if (blank) return true;
    }
    return false;
}

bool GameParser::tag_pair() {
    const char* open = p_;
    const ast::SourcePos at = pos(open);
    ++p_;
    skip_ws();
    const char* name_begin = p_;
    p_ = scan(p_, is_tag_name_char);
    if (p_ == name_begin) {
        set_error("syntax/tag", pos(p_), token_at(p_), "a tag name (letters, digits, _) must follow `[`");
        return false;
    }
    const std::string_view name(name_begin, static_cast<std::size_t>(p_ - name_begin));
    skip_ws();
    if (at_end(p_) || *p_ != '"') {
        set_error("syntax/tag", pos(p_), token_at(p_), "a tag pair is [Name \"value\"]: the value string is missing");
        return false;
    }
    std::string_view value;
    bool escaped = false;
    if (!string_token(value, escaped)) return false;
    skip_ws();
    if (at_end(p_) || *p_ != ']') {
        set_error("syntax/tag", pos(p_), token_at(p_), "a tag pair ends with `]` after its value");
        return false;
    }
    ++p_;
    add_tag(name, value, escaped, at);
    return true;
}

// The tag pair `name` `value` read at `at` (its `[`): appended to the game's tags, its name
// checked for a repeat, its value decoded when it held escapes.
void GameParser::add_tag(std::string_view name, std::string_view value, bool escaped, ast::SourcePos at) {
    const std::uint64_t key = tag_key(name);
    if (!insert_tag_name(name, key)) {
        // §8.1: a tag name should not appear more than once; the last value counts.
        g_.warnings.push_back(ast::ReaderWarning{ast::ReaderWarningKind::DuplicateTag,
                                                 at,
                                                 name,
                                                 {},
                                                 "the tag appears more than once; the last value counts"});
    }
    if (escaped) {
        // The decoded value lives in the scratch arena; its view is set once the game is
        // complete and the arena no longer moves.
        if (!s_.arena_fresh) {
            s_.arena.clear();
            s_.arena_fresh = true;
        }
        const auto off = static_cast<std::uint32_t>(s_.arena.size());
        for (std::size_t i = 0; i < value.size(); ++i) {
            char ch = value[i];
            if (ch == '\\' && i + 1 < value.size() && (value[i + 1] == '"' || value[i + 1] == '\\')) ch = value[++i];
            s_.arena.push_back(ch);
        }
        const auto size = static_cast<std::uint32_t>(s_.arena.size() - off);
        s_.fixups.push_back(TagFixup{static_cast<std::uint32_t>(g_.tags.size()), off, size});
        value = {};
    }
    g_.tags.push_back(ast::Tag{name, value, at});
    s_.tag_keys.push_back(key);
}

// The common-token loop of the tag section (as common_tokens is the movetext's; L18): reads
// what tag_section and tag_pair would read, for the common tag pairs alone: `[Name "value"]`
// with one space and no other white space inside, and no escape in the value, each pair
// directly after the section's start, after the last pair's `]`, or after a line end that
// follows it and that a `[` follows (no blank line, then, and so still this game's section).
// It stops before anything else: other white space, a second line end, a pair written
// otherwise, an error, and the last kMargin bytes of the buffer; tag_section reads on from
// there.
void GameParser::common_tag_pairs() {
    constexpr std::ptrdiff_t kMargin = 8;
    const char* p = p_;
    const char* const end = c_.end;
    while (end - p >= kMargin) {
        if (*p == '\n' || *p == '\r') {
            // a line end (LF, CRLF or a lone CR, as skip_ws reads it)
            const char* const next = p + (p[0] == '\r' && p[1] == '\n' ? 2 : 1);
            if (*next != '[') break;
            p = next;
            newline(p);
        }
        if (*p != '[') break;
        const char* const name = p + 1;
        const char* const name_end = scan(name, is_tag_name_char);
        if (name_end == name || end - name_end < 2 || name_end[0] != ' ' || name_end[1] != '"') break;
        const char* const value = name_end + 2;
        const char* const close = scan_string(value);
        if (end - close < 2 || close[0] != '"' || close[1] != ']') break;
        add_tag(std::string_view(name, static_cast<std::size_t>(name_end - name)),
                std::string_view(value, static_cast<std::size_t>(close - value)), false, pos(p));
        p = close + 2;
    }
    p_ = p;
}

// Adds the name of the tag about to be appended to the set; false when it is already there.
bool GameParser::insert_tag_name(std::string_view name, std::uint64_t key) {
    if (s_.tag_slots.size() < 2 * (g_.tags.size() + 1)) {
        const std::size_t size = s_.tag_slots.size() < 32 ? 64 : 2 * s_.tag_slots.size();
        s_.tag_slots.assign(size, 0);
        s_.used_slots.clear();
        for (std::uint32_t i = 0; i < g_.tags.size(); ++i) place_tag(i, s_.tag_keys[i], g_.tags[i].name);
    }
    return place_tag(static_cast<std::uint32_t>(g_.tags.size()), key, name);
}
// Whether the game has a tag of this name (the set is never more than half full).
bool GameParser::has_tag_name(std::string_view name) const {
    const std::uint64_t key = tag_key(name);
    const std::size_t mask = s_.tag_slots.size() - 1;
    for (std::size_t h = tag_slot(key, mask); s_.tag_slots[h] != 0; h = (h + 1) & mask) {
        const std::uint32_t other = s_.tag_slots[h] - 1;
        if (s_.tag_keys[other] == key && g_.tags[other].name == name) return true;
    }
    return false;
}
std::size_t GameParser::tag_slot(std::uint64_t key, std::size_t mask) noexcept {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & mask;
}
bool GameParser::place_tag(std::uint32_t index, std::uint64_t key, std::string_view name) {
    const std::size_t mask = s_.tag_slots.size() - 1;
    std::size_t h = tag_slot(key, mask);
    while (s_.tag_slots[h] != 0) {
        const std::uint32_t other = s_.tag_slots[h] - 1;
        if (s_.tag_keys[other] == key && g_.tags[other].name == name) return false;
        h = (h + 1) & mask;
    }
    s_.tag_slots[h] = index + 1;
    s_.used_slots.push_back(static_cast<std::uint32_t>(h));
    return true;
}

std::uint64_t GameParser::tag_key(std::string_view name) noexcept {
    std::uint64_t key = name.size();
    const std::size_t n = name.size() < 7 ? name.size() : 7;
    for (std::size_t i = 0; i < n; ++i) key = (key << 8) | static_cast<unsigned char>(name[i]);
    return key ^ (static_cast<std::uint64_t>(static_cast<unsigned char>(name.back())) << 56);
}

// §7 string token at p_ (a `"`): sets `value` to the raw bytes between the quotes.
bool GameParser::string_token(std::string_view& value, bool& escaped) {
    const char* quote = p_;
    const char* q = p_ + 1;
    for (;;) {
        q = scan_string(q);
        if (at_end(q) || *q == '\n' || *q == '\r') {
            // §7: no newline inside a string; the string ends the damage at its line.
            p_ = q;
            set_error("syntax/unterminated-string", pos(quote),
                      std::string_view(quote, static_cast<std::size_t>(q - quote)),
                      "the string is not closed by `\"` on its line");
            return false;
        }
        const char ch = *q;
        if (ch == '"') break;
        if (ch == '\\') {
            escaped = true;
            if (at_end(q + 1)) {
                ++q;
                continue;
            }
            if (q[1] == '"' || q[1] == '\\') {
                q += 2;
                continue;
            }
        } else if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t') {
            set_error("syntax/token", pos(q), std::string_view(q, 1), "a control character inside a string");
            // the skip after the error starts after the string (to its `"` or its line end)
            ++q;
            while (!at_end(q) && *q != '"' && *q != '\n' && *q != '\r')
                q += *q == '\\' && !at_end(q + 1) && (q[1] == '"' || q[1] == '\\') ? 2 : 1;
            p_ = !at_end(q) && *q == '"' ? q + 1 : q;
            return false;
        }
        ++q;
    }
    value = std::string_view(quote + 1, static_cast<std::size_t>(q - quote - 1));
    p_ = q + 1;
    return true;
}

// The text of the token at q, for messages (a symbol run, or one byte).
std::string_view GameParser::token_at(const char* q) const noexcept {
    if (q >= c_.end) return {};
    const char* r = q;
    while (r < c_.end && is_symbol(*r)) ++r;
    if (r == q) ++r;
    return std::string_view(q, static_cast<std::size_t>(r - q));
}

}  // namespace pgnsem::syntax::pgn
