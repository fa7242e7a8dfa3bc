// The streaming PGN reader: the import format of §3–§8 of the PGN standard, one game at a time.
//
// Input arrives in large chunks into one buffer that holds only the current game's bytes (and
// whatever of the following games the last read brought in). A game is parsed in one pass
// over that buffer; when the pass reaches the end of the buffered bytes before the game is
// complete (the end of a game is only known when the next `[` or the end of input is seen),
// it stops (the NeedMore exception), the buffer is refilled — grown when one game fills it, and
// back to its default size after that game (PgnReader::Impl::shrink_if_grown) —
// and the game is parsed again from its start. That happens about once per chunk, so the cost
// is a fraction of a percent, and in exchange every string_view of the Game points into one
// stable buffer while it is being built. Nothing is allocated per token or per move: the
// Game's vectors and the reader's own scratch keep their capacity from game to game.
//
// What lies between games belongs to no game: white space before a game and the text after a
// marker are read by the reader itself (PgnReader::Impl::skip_blank, after_result), across reads
// and never buffered, so padding neither counts against a game's size limit nor costs memory.
//
// Where the import format leaves room, the reader's decisions are written in syntax/README.md
// (game boundaries, resynchronisation after an error, the edge-case table).
//
// Local names: p = the read position, q/r = scan positions, c = the byte at p, g = the game.
#include "syntax/pgn.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstring>
#include <vector>

#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
#include <emmintrin.h>
#endif

#include "syntax/mutants.hpp"
#include "syntax/pgn_fast.hpp"
#include "syntax/san.hpp"
#include "syntax/san_fast.hpp"
#include "syntax/scan.hpp"

namespace pgnsem::syntax {

namespace {

// One game may not hold more bytes than this, so that memory does not grow with the input
// (syntax/README.md, "Streaming"); a longer one is an error and is skipped to the next tag section.
constexpr std::size_t kMaxGameBytes = std::size_t{64} << 20;
constexpr std::size_t kChunk = PgnReader::kChunkBytes;
// The first bytes looked at for UTF-16 or UTF-32 without a byte order mark (refuse_encoding).
constexpr std::size_t kEncodingProbe = 16;
// The `found` text of a text-after-result warning is cut to about this many bytes.
constexpr std::size_t kFoundBytes = 40;

// Thrown when a scan reaches the end of the buffered bytes before the end of input; the
// reader refills and parses the game again (see the top comment).
struct NeedMore {};

// §7 symbol continuation characters, plus `!` `?` `.` `@` `/` that move tokens carry.
constexpr std::uint8_t kSymbol = 1;

constexpr std::array<std::uint8_t, 256> make_symbol_table() {
    std::array<std::uint8_t, 256> t{};
    for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] = kSymbol;
    for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] = kSymbol;
    for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = kSymbol;
    for (char c : std::string_view("_+#=:-!?.@/")) t[static_cast<unsigned char>(c)] = kSymbol;
    return t;
}
constexpr std::array<std::uint8_t, 256> kSymbolTable = make_symbol_table();

using scan::ByteClass;
using scan::find_line_end;
using scan::make_byte_class;

// The class of symbol continuation bytes, for class_run_end's SIMD body.
constexpr ByteClass kSymbolClass = make_byte_class(kSymbolTable);

// The bytes the resynchronisation after an error acts on (GameParser::resync): line ends, the first
// bytes of tokens (digits, letters, `-`, `@`), `*`, comments, strings and parentheses. It passes
// over every other byte one at a time; the skip of a game too long passes over them in one loop.
constexpr std::array<std::uint8_t, 256> make_resync_table() {
    std::array<std::uint8_t, 256> t{};
    for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] = 1;
    for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] = 1;
    for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = 1;
    for (char c : std::string_view("\n\r-@*{;\"()")) t[static_cast<unsigned char>(c)] = 1;
    return t;
}
constexpr std::array<std::uint8_t, 256> kResyncTable = make_resync_table();

bool is_symbol(char c) noexcept {
    return kSymbolTable[static_cast<unsigned char>(c)] != 0;
}
bool is_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}
bool is_letter(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_tag_name_char(char c) noexcept {
    return is_letter(c) || is_digit(c) || c == '_';
}
// §4.1: the white space of the import format (HT, VT, LF, CR and the space).
bool is_blank(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\v' || c == '\r';
}

[[nodiscard]] unsigned byte_at(const char* s, std::size_t i) noexcept {
    return static_cast<unsigned char>(s[i]);
}

// How many bytes the UTF-8 character led by `lead` has (0: `lead` starts none).
[[nodiscard]] std::size_t utf8_length(unsigned lead) noexcept {
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) return 2;
    if (lead >= 0xE0 && lead <= 0xEF) return 3;
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    return 0;
}

// The length of the first `len` bytes of s cut to at most `max` bytes, never in the middle of a
// UTF-8 character: when the first byte left out continues a character that starts before the
// cut, the cut moves before that character. Bytes that are not UTF-8 (ISO 8859-1) are cut at `max`.
[[nodiscard]] std::size_t utf8_cut(const char* s, std::size_t len, std::size_t max) noexcept {
    if (len <= max || (byte_at(s, max) & 0xC0) != 0x80) return len <= max ? len : max;
    std::size_t j = max;  // the lead byte is s[j - 1]
    while (j > 0 && max - j < 3 && (byte_at(s, j - 1) & 0xC0) == 0x80) --j;
    if (j == 0) return max;
    const std::size_t n = utf8_length(byte_at(s, j - 1));
    if (n < 2 || j - 1 + n <= max) return max;
    for (std::size_t i = j; i < j - 1 + n && i < len; ++i)
        if ((byte_at(s, i) & 0xC0) != 0x80) return max;
    return j - 1;
}

// What a ply starts as before the reader fills it in (static, see move_from).
const ast::Ply kBlankPly{ast::Move{ast::NullMove{}, ast::CheckClaim::None, ast::Suffix::None, ast::kCanonical},
                         {},
                         {},
                         0,
                         {},
                         ast::kNone,
                         ast::kNone,
                         0,
                         0};

// The scratch a reader keeps from game to game (capacity reused).
struct Frame {
    std::uint32_t saved_last;  // the enclosing line's last ply (the one the variation replaces)
    std::uint32_t variation;   // this variation
    std::uint32_t parent;      // the enclosing variation, kNone for the main line
    ast::SourcePos pos;        // where `(` stands
};

struct TagFixup {
    std::uint32_t tag;
    std::uint32_t offset;
    std::uint32_t size;
};

struct Scratch {
    std::vector<Frame> stack;
    // Decoded tag values that held escapes. Cleared lazily, when the next game decodes one,
    // so the last game's values stay valid after next() has returned false.
    std::string arena;
    bool arena_fresh = false;
    std::vector<TagFixup> fixups;
    std::vector<std::uint64_t> tag_keys;  // parallel to Game::tags
    // An open-addressing set of the game's tag names (index + 1, 0 = empty), so that a game
    // with very many tags is still read in linear time; used_slots lists what to reset.
    std::vector<std::uint32_t> tag_slots;
    std::vector<std::uint32_t> used_slots;
    // The ply each NAG of Game::nags belongs to; set when a ply's NAGs are not contiguous
    // (a NAG after a variation that had NAGs of its own), regrouped once the game is read.
    std::vector<std::uint32_t> nag_owner;
    bool nags_scattered = false;
    std::vector<std::uint32_t> order;
    std::vector<ast::Nag> nag_tmp;
    // PgnReader::Stats::comment_bytes_scanned (not reset from game to game).
    std::uint64_t comment_bytes = 0;

    void reset() noexcept {
        stack.clear();
        arena_fresh = false;
        fixups.clear();
        tag_keys.clear();
        for (std::uint32_t h : used_slots) tag_slots[h] = 0;
        used_slots.clear();
        nag_owner.clear();
        nags_scattered = false;
    }

    // Makes every ply's NAGs contiguous again, in their source order (linear but for the sort).
    void regroup_nags(ast::Game& g) {
        if (!nags_scattered) return;
        order.resize(g.nags.size());
        for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(),
                         [this](std::uint32_t a, std::uint32_t b) { return nag_owner[a] < nag_owner[b]; });
        nag_tmp.clear();
        for (std::uint32_t i : order) nag_tmp.push_back(g.nags[i]);
        std::uint32_t previous = ast::kNone;
        for (std::uint32_t k = 0; k < order.size(); ++k) {
            g.nags[k] = nag_tmp[k];
            const std::uint32_t owner = nag_owner[order[k]];
            if (owner != previous) g.plies[owner].nags_begin = k;
            previous = owner;
        }
        nags_scattered = false;
    }
};

// Where the reading stands in the file: the buffered bytes and the line bookkeeping.
struct Cursor {
    const char* buf = nullptr;  // the buffer; byte i of it is file offset base + i
    std::uint64_t base = 0;
    const char* end = nullptr;  // end of the buffered bytes
    bool eof = false;           // no bytes follow `end`
    std::uint32_t line = 1;
    std::uint64_t line_start = 0;  // file offset of the current line's first byte
};

// Parses one game from `p`. Throws NeedMore (see above); otherwise leaves `p` at the first byte
// of what follows the game.
class GameParser {
public:
    GameParser(Cursor& cur, const char* p, ast::Game& g, Scratch& s, bool common_loops)
        : c_(cur), p_(p), g_(g), s_(s), use_common_loops_(common_loops) {}

    // Returns false when only white space (and escape lines) is left: no further game.
    bool parse() {
        skip_ws();
        if (at_end(p_)) return false;
        g_.start = pos(p_);
        first_ = p_;
        if (*p_ == '[') {
            if (!tag_section()) return true;
        }
        movetext();
        return true;
    }

    [[nodiscard]] const char* position() const noexcept { return p_; }
    // The game's first byte (after parse() has returned true).
    [[nodiscard]] const char* first() const noexcept { return first_; }
    // true when the game ended at its termination marker: what follows it (up to the next game)
    // is read by the reader (PgnReader::Impl::after_result), not by the parser.
    [[nodiscard]] bool ended_at_marker() const noexcept { return ended_at_marker_; }

private:
    Cursor& c_;
    const char* p_;
    const char* first_ = nullptr;
    ast::Game& g_;
    Scratch& s_;
    const bool use_common_loops_;  // syntax/pgn_fast.hpp

    // Movetext state: the current line (its last ply, its variation), the previous token.
    std::uint32_t line_last_ = ast::kNone;
    std::uint32_t line_variation_ = ast::kNone;
    std::uint32_t prev_move_ = ast::kNone;
    std::uint32_t main_plies_ = 0;
    std::uint32_t last_closed_ply_ = ast::kNone;
    std::uint32_t last_closed_variation_ = ast::kNone;
    std::uint32_t line_after_variation_ = ast::kNone;  // the last variation of line_last_ closed
    std::uint32_t pending_number_ = 0;
    ast::SourcePos pending_number_pos_{};
    bool ended_at_marker_ = false;

    // --- positions and bounds ---------------------------------------------------------------

    [[nodiscard]] std::uint64_t offset(const char* q) const noexcept {
        return c_.base + static_cast<std::uint64_t>(q - c_.buf);
    }
    [[nodiscard]] ast::SourcePos pos(const char* q) const noexcept {
        return ast::SourcePos{c_.line, static_cast<std::uint32_t>(offset(q) - c_.line_start + 1)};
    }
    // true at the end of input; throws NeedMore at the end of the buffered bytes before it.
    [[nodiscard]] bool at_end(const char* q) const {
        if (q < c_.end) return false;
        if (!c_.eof) throw NeedMore{};
        return true;
    }
    void newline(const char* after) noexcept {
        ++c_.line;
        c_.line_start = offset(after);
    }
    // The start of the line after the line end at e (LF, CRLF or a lone CR, §4.1), counted.
    [[nodiscard]] const char* after_line_end(const char* e) {
        const char* ls = e + 1;
        if (*e == '\r') {
            if (ls == c_.end && !c_.eof) throw NeedMore{};
            if (ls < c_.end && *ls == '\n') ++ls;
        }
        newline(ls);
        return ls;
    }
    [[nodiscard]] bool at_column_one(const char* q) const noexcept { return offset(q) == c_.line_start; }

    // White space, line ends and §6 escape lines (`%` in column 1).
    // The end of the run of bytes from q that `in` accepts (the hot loops of the reader: the
    // buffer end is read once, not per byte).
    template <typename Pred>
    [[nodiscard]] const char* scan(const char* q, Pred in) const {
        const char* const end = c_.end;
        while (q < end && in(*q)) ++q;
        if (q == end && !c_.eof) throw NeedMore{};
        return q;
    }

    // The end of the run of bytes from q in the class `cls` (scan::class_run_end).
    [[nodiscard]] const char* scan_class(const char* q, const ByteClass& cls) const {
        q = scan::class_run_end(q, c_.end, cls);
        if (q == c_.end && !c_.eof) throw NeedMore{};
        return q;
    }

    // The end of the ordinary bytes of a string from q (§7, scan::string_run_end).
    [[nodiscard]] const char* scan_string(const char* q) const {
        q = scan::string_run_end(q, c_.end);
        if (q == c_.end && !c_.eof) throw NeedMore{};
        return q;
    }

    void skip_ws() {
        // Between two tokens there is mostly nothing or one space: those two cases are decided
        // from two bytes (a byte above the space that is not `%` is no white space and starts no
        // escape line); anything else is the loop below.
        if (c_.end - p_ >= 2) {
            const auto b0 = static_cast<unsigned char>(p_[0]);
            const auto b1 = static_cast<unsigned char>(p_[1]);
            if (b0 > ' ' && b0 != '%') return;
            if (b0 == ' ' && b1 > ' ' && b1 != '%') {
                ++p_;
                return;
            }
        }
        for (;;) {
            p_ = scan(p_, [](char b) { return b == ' ' || b == '\t' || b == '\v'; });
            if (at_end(p_)) return;
            const char c = *p_;
            if (c == '\n') {
                ++p_;
                newline(p_);
            } else if (c == '\r') {
                if (!at_end(p_ + 1) && p_[1] == '\n') ++p_;
                ++p_;
                newline(p_);
            } else if (c == '%' && at_column_one(p_)) {
                skip_line();
            } else {
                return;
            }
        }
    }
    // To the end of the line (not past the line end).
    void skip_line() {
        for (;;) {
            if (at_end(p_)) return;
            if (*p_ == '\n' || *p_ == '\r') return;
            ++p_;
        }
    }

    // --- errors and resynchronisation ---------------------------------------------------------

    void set_error(std::string_view kind, ast::SourcePos at, std::string_view token, std::string_view message) {
        if (g_.error) return;
        g_.error = ast::SyntaxError{kind, at, token, message, main_plies_, static_cast<std::uint32_t>(s_.stack.size())};
    }

    // After an error the rest of the broken game is skipped: it ends at the first of (a) its own
    // termination marker, (b) the next tag section, (c) the end of input (syntax/README.md,
    // "Errors and resynchronisation"). (a) is a marker token as the reader cuts tokens (so
    // `1-0-0` is none), outside `{…}` and `;` comments, `%` escape lines and strings; within a
    // variation open at the error or later, a marker followed by `)` is the variation's (as in
    // result()) and does not end the game. After it the game is over as after any marker
    // (ended_at_marker_, PgnReader::Impl::after_result). (b) is a line that starts with `[` and
    // either starts with `[Event ` or follows a line that does not start with `[` (a blank line,
    // a movetext line, the line of the error itself when that is movetext); it is checked at
    // every line start, inside an open `{` too, so the skip never runs past where a line-based
    // resynchronisation would stop. Everything up to the end belongs to the broken game; each
    // byte is looked at a bounded number of times, whatever is left open.
    void resync() {
        // Whether the line of the error starts with a tag, as this game has the line: from the
        // game's own first byte when the game began after the start of the line (after the
        // previous game's marker). A game then splits the same wherever it stands, and the same
        // once `normalize` has written it from column 1.
        const std::uint64_t own_line_start = std::max(c_.line_start, offset(first_));
        const char* ls = c_.buf + (own_line_start - c_.base);
        bool previous_is_tag = ls < c_.end && *ls == '[';
        std::size_t depth = s_.stack.size();
        bool in_comment = false;
        const char* q = p_;
        for (;;) {
            if (in_comment) q = find_line_end(q, c_.end, '}');
            if (at_end(q)) break;
            const char c = *q;
            if (c == '\n' || c == '\r') {
                q = after_line_end(q);
                if (at_end(q)) break;
                if (*q == '[') {
                    if (!previous_is_tag) break;
                    if (!at_end(q + 6) && std::memcmp(q, "[Event", 6) == 0 && (q[6] == ' ' || q[6] == '\t')) break;
                }
                previous_is_tag = *q == '[';
                if (*q == '%' && !in_comment) q = find_line_end(q, c_.end, '\n');  // §6 escape line
                continue;
            }
            if (in_comment) {  // the `}`
                in_comment = false;
                ++q;
                continue;
            }
            if (is_digit(c)) {
                const char* r = scan(q, is_digit);
                if (at_end(r) || *r == '.' || !is_symbol(*r)) {  // a move number (or a bare number)
                    q = r;
                    continue;
                }
                r = scan_class(r, kSymbolClass);
                const std::string_view token(q, static_cast<std::size_t>(r - q));
                q = r;
                if ((token == "1-0" || token == "0-1" || token == "1/2-1/2") && ends_broken_game(q, depth)) return;
                continue;
            }
            if (is_letter(c) || c == '-' || c == '@') {
                q = scan_class(q, kSymbolClass);
                continue;
            }
            switch (c) {
                case '*':
                    ++q;
                    if (ends_broken_game(q, depth)) return;
                    break;
                case '{':
                    in_comment = true;
                    ++q;
                    break;
                case ';': q = find_line_end(q, c_.end, '\n'); break;
                case '"':
                    // a string (§7), which ends at its line
                    ++q;
                    while (!at_end(q) && *q != '"' && *q != '\n' && *q != '\r')
                        q += *q == '\\' && !at_end(q + 1) && (q[1] == '"' || q[1] == '\\') ? 2 : 1;
                    if (!at_end(q) && *q == '"') ++q;
                    break;
                case '(':
                    ++depth;
                    ++q;
                    break;
                case ')':
                    if (depth > 0) --depth;
                    ++q;
                    break;
                default: ++q;
            }
        }
        p_ = q;
    }

    // Whether the marker that ends at q ends the broken game (see resync()); if so the game is over.
    bool ends_broken_game(const char* q, std::size_t depth) {
        if (depth > 0) {
            const char* r = q;
            while (!at_end(r) && (is_blank(*r) || *r == '\n')) ++r;
            if (!at_end(r) && *r == ')') return false;
        }
        p_ = q;
        ended_at_marker_ = true;
        return true;
    }

    // --- tag pairs (§8.1) -----------------------------------------------------------------------

    // Returns false after an error (the reader has resynchronised).
    bool tag_section() {
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
    bool next_section_is_new() {
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
    [[nodiscard]] static bool holds_blank_line(const char* q, const char* stop) noexcept {
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

    bool tag_pair() {
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
            set_error("syntax/tag", pos(p_), token_at(p_),
                      "a tag pair is [Name \"value\"]: the value string is missing");
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
    void add_tag(std::string_view name, std::string_view value, bool escaped, ast::SourcePos at) {
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
                if (ch == '\\' && i + 1 < value.size() && (value[i + 1] == '"' || value[i + 1] == '\\'))
                    ch = value[++i];
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
    void common_tag_pairs() {
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
    bool insert_tag_name(std::string_view name, std::uint64_t key) {
        if (s_.tag_slots.size() < 2 * (g_.tags.size() + 1)) {
            const std::size_t size = s_.tag_slots.size() < 32 ? 64 : 2 * s_.tag_slots.size();
            s_.tag_slots.assign(size, 0);
            s_.used_slots.clear();
            for (std::uint32_t i = 0; i < g_.tags.size(); ++i) place_tag(i, s_.tag_keys[i], g_.tags[i].name);
        }
        return place_tag(static_cast<std::uint32_t>(g_.tags.size()), key, name);
    }
    // Whether the game has a tag of this name (the set is never more than half full).
    [[nodiscard]] bool has_tag_name(std::string_view name) const {
        const std::uint64_t key = tag_key(name);
        const std::size_t mask = s_.tag_slots.size() - 1;
        for (std::size_t h = tag_slot(key, mask); s_.tag_slots[h] != 0; h = (h + 1) & mask) {
            const std::uint32_t other = s_.tag_slots[h] - 1;
            if (s_.tag_keys[other] == key && g_.tags[other].name == name) return true;
        }
        return false;
    }
    [[nodiscard]] static std::size_t tag_slot(std::uint64_t key, std::size_t mask) noexcept {
        return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & mask;
    }
    bool place_tag(std::uint32_t index, std::uint64_t key, std::string_view name) {
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

    [[nodiscard]] static std::uint64_t tag_key(std::string_view name) noexcept {
        std::uint64_t key = name.size();
        const std::size_t n = name.size() < 7 ? name.size() : 7;
        for (std::size_t i = 0; i < n; ++i) key = (key << 8) | static_cast<unsigned char>(name[i]);
        return key ^ (static_cast<std::uint64_t>(static_cast<unsigned char>(name.back())) << 56);
    }

    // §7 string token at p_ (a `"`): sets `value` to the raw bytes between the quotes.
    bool string_token(std::string_view& value, bool& escaped) {
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
    [[nodiscard]] std::string_view token_at(const char* q) const noexcept {
        if (q >= c_.end) return {};
        const char* r = q;
        while (r < c_.end && is_symbol(*r)) ++r;
        if (r == q) ++r;
        return std::string_view(q, static_cast<std::size_t>(r - q));
    }

    // --- movetext (§8.2) -----------------------------------------------------------------------

    void movetext() {
        for (;;) {
            if (use_common_loops_) common_tokens();
            skip_ws();
            if (at_end(p_)) {
                end_without_marker();
                return;
            }
            const char c = *p_;
            // Moves and move numbers are nearly every token: tested first, so that the switch's
            // jump (hard to predict) is taken only for the rest.
            if (is_letter(c)) {
                if (!move_token()) return;
                continue;
            }
            if (is_digit(c)) {
                if (!digit_token()) return;
                continue;
            }
            switch (c) {
                case '{':
                    if (!brace_comment()) return;
                    break;
                case ';': line_comment(); break;
                case '(':
                    if (!open_variation()) return;
                    break;
                case ')':
                    if (!close_variation()) return;
                    break;
                case '$':
                    if (!nag()) return;
                    break;
                case '*':
                    ++p_;
                    result(ast::Result::Unknown, p_ - 1);
                    return;
                case '!':
                case '?':
                    if (!detached_glyph()) return;
                    break;
                case '[':
                    // Comments alone before a tag section (a file that opens with `; generated by
                    // …`) are no game of their own: they stay with the game whose tags follow,
                    // as its first comment, and the reader says so.
                    if (only_comments_so_far()) {
                        g_.warnings.push_back(
                            ast::ReaderWarning{ast::ReaderWarningKind::CommentBeforeTags,
                                               g_.comments.front().pos,
                                               {},
                                               {},
                                               "a comment before the tag section is kept as the game's first comment"});
                        if (!tag_section()) return;
                        break;
                    }
                    // A tag section starts the next game (§8): this one had no termination marker.
                    end_without_marker();
                    return;
                default:
                    if (c == '-' || c == '@') {
                        if (!move_token()) return;
                    } else {
                        // §4.1, §7: a byte that starts no PGN token (a control character, a
                        // non-ASCII byte outside strings and comments, `%` not in column 1, a
                        // stray `.`, the reserved `<` `>`, …).
                        fail("syntax/token", p_, character_at(p_), "this character starts no PGN token");
                        return;
                    }
            }
        }
    }

    // The common-token loop (syntax/pgn_fast.hpp, L18 of proofs-notes/invariants.md): reads what
    // the loop above would read through skip_ws, digit_token and move_token, for the common
    // tokens alone. Each is decided from its first byte, and the read position and the line are
    // local variables (a member may be changed, as far as the compiler knows, by a write into the
    // game: a ply's text is a `const char*` too). It returns, with them written back, at the
    // first byte it does not decide, and the general loop reads on from there:
    //   - white space other than a space or a line end, and an escape line's `%` (§6);
    //   - a number of four digits or more, `0`, or a number no period follows (a marker, `0-0`);
    //   - a token other than a letter's: comments, variations, NAGs, markers, tags, errors;
    //   - every token parse_common_san does not read: promotions, glyphs, the tolerated
    //     spellings, and `e.p.` (no token it reads holds a period);
    //   - the last kMargin bytes of the buffer, where the general loop asks for more input.
    // A move number it reads is followed by its periods, as in move_number; when what follows
    // them is not a move after at most one space, the general periods_after_number reads on.
    void common_tokens() {
        // A step reads at most the four bytes from its start (a number's three digits and its
        // period) before it checks the end itself (scan_class, the run of periods, the space and
        // letter after them); the margin leaves room to spare.
        constexpr std::ptrdiff_t kMargin = 8;
        const char* p = p_;
        const char* const end = c_.end;
        const char* const buf = c_.buf;
        std::uint32_t line = c_.line;
        // The line's first byte relative to buf, in the wrapping arithmetic of pos(): a line may
        // begin before the buffer's first byte.
        std::uint64_t line_rel = c_.line_start - c_.base;
        const auto at = [&](const char* q) {
            return ast::SourcePos{line, static_cast<std::uint32_t>(static_cast<std::uint64_t>(q - buf) - line_rel + 1)};
        };
        bool periods_may_follow = false;
        while (end - p >= kMargin) {
            const char c = *p;
            if (c == ' ') {
                ++p;
                continue;
            }
            if (c == '\n' || c == '\r') {
                // a line end: LF, CRLF or a lone CR, as skip_ws reads it
                p += c == '\r' && p[1] == '\n' ? 2 : 1;
                ++line;
                line_rel = static_cast<std::uint64_t>(p - buf);
                continue;  // (an escape line's `%` then ends the loop, as any other byte would)
            }
            if (is_digit(c)) {
                // move_number: one to three digits, then a period
                const char* q = p + 1;
                std::uint32_t number = static_cast<std::uint32_t>(c - '0');
                if (is_digit(*q)) {
                    number = number * 10 + static_cast<std::uint32_t>(*q++ - '0');
                    if (is_digit(*q)) number = number * 10 + static_cast<std::uint32_t>(*q++ - '0');
                }
                if (*q != '.' || number == 0) break;
                pending_number_ = number;
                pending_number_pos_ = at(p);
                prev_move_ = ast::kNone;
                p = q + 1;
                while (p < end && *p == '.') ++p;
                if (end - p >= 2) {
                    if (is_letter(*p)) continue;
                    if (p[0] == ' ' && is_letter(p[1])) {
                        ++p;
                        continue;
                    }
                }
                periods_may_follow = true;
                break;
            }
            if (!is_letter(c)) break;
            // move_token and move_from, for what parse_common_san reads
            const char* q = scan_class(p, kSymbolClass);
            const std::string_view token(p, static_cast<std::size_t>(q - p));
            const auto index = static_cast<std::uint32_t>(g_.plies.size());
            g_.plies.push_back(kBlankPly);
            ast::Ply& ply = g_.plies.back();
            if (!parse_common_san(token, ply.move)) {
                g_.plies.pop_back();
                break;
            }
            link_ply(ply, index, token, at(p));
            p = q;
        }
        p_ = p;
        c_.line = line;
        c_.line_start = c_.base + line_rel;
        if (periods_may_follow) periods_after_number();
    }

    // The character at q for a message: one byte, or the whole UTF-8 character it leads.
    [[nodiscard]] std::string_view character_at(const char* q) const {
        const std::size_t n = utf8_length(static_cast<unsigned char>(*q));
        if (n < 2) return std::string_view(q, 1);
        if (c_.end - q < static_cast<std::ptrdiff_t>(n) && !c_.eof) throw NeedMore{};
        if (c_.end - q < static_cast<std::ptrdiff_t>(n)) return std::string_view(q, 1);
        for (std::size_t i = 1; i < n; ++i)
            if ((static_cast<unsigned char>(q[i]) & 0xC0) != 0x80) return std::string_view(q, 1);
        return std::string_view(q, n);
    }

    void fail(std::string_view kind, const char* at, std::string_view token, std::string_view message) {
        set_error(kind, pos(at), token, message);
        resync();
    }

    [[nodiscard]] bool only_comments_so_far() const noexcept {
        return !g_.comments.empty() && g_.tags.empty() && g_.plies.empty() && g_.nags.empty() &&
               g_.variations.empty() && s_.stack.empty() && !g_.error && pending_number_ == 0;
    }

    void end_without_marker() {
        if (!s_.stack.empty()) {
            set_error("syntax/unclosed-variation", s_.stack.back().pos, "(", "the variation is not closed by `)`");
            return;
        }
        g_.warnings.push_back(ast::ReaderWarning{ast::ReaderWarningKind::MissingResult,
                                                 pos(p_),
                                                 {},
                                                 "*",
                                                 "the game has no termination marker (1-0, 0-1, 1/2-1/2 or *)"});
    }

    bool brace_comment() {
        // §5: to the next `}`; braces do not nest. An unterminated `{` must not swallow the
        // games after it: a line starting with `[Event ` or a `[` line after a blank line ends it.
        // One pass, line by line, that stops at whichever comes first: each byte of the comment
        // is looked at once by the search and once more by the blank-line test, whatever follows.
        const char* open = p_;
        const ast::SourcePos at = pos(open);
        const char* body = open + 1;
        const char* line_begin = body;
        bool first_line = true;  // the comment's first line holds the `{`, so it is never blank
        for (;;) {
            const char* e = find_line_end(line_begin, c_.end, '}');
            s_.comment_bytes += static_cast<std::uint64_t>(e - line_begin) + 1;
            if (e == c_.end) {
                if (!c_.eof) throw NeedMore{};
                set_error("syntax/unterminated-comment", at, "{", "the comment is not closed by `}`");
                p_ = c_.end;
                return false;
            }
            if (*e == '}') {
                add_comment(std::string_view(body, static_cast<std::size_t>(e - body)), at);
                p_ = e + 1;
                prev_move_ = ast::kNone;
                return true;
            }
            bool blank = !first_line;
            for (const char* r = line_begin; blank && r < e; ++r) blank = is_blank(*r);
            first_line = false;
            const char* ls = after_line_end(e);
            if (!at_end(ls) && *ls == '[') {
                bool next_game = blank;
                if (!next_game) {
                    if (c_.end - ls < 7 && !c_.eof) throw NeedMore{};
                    next_game = c_.end - ls >= 7 && std::memcmp(ls, "[Event ", 7) == 0;
                }
                if (next_game) {
                    set_error("syntax/unterminated-comment", at, "{", "the comment is not closed by `}`");
                    p_ = ls;
                    return false;
                }
            }
            line_begin = ls;
        }
    }

    void line_comment() {
        const char* body = p_ + 1;
        const ast::SourcePos at = pos(p_);
        p_ = body;
        skip_line();
        add_comment(std::string_view(body, static_cast<std::size_t>(p_ - body)), at);
        prev_move_ = ast::kNone;
    }

    // A comment where the movetext stands now (ast::Comment says how a place is named).
    void add_comment(std::string_view text, ast::SourcePos at) {
        ast::Comment c{line_last_, ast::kNone, ast::kNone, text, at};
        if (line_last_ != ast::kNone)
            c.after_variation = line_after_variation_;
        else
            c.line = line_variation_;
        g_.comments.push_back(c);
    }

    bool open_variation() {
        const ast::SourcePos at = pos(p_);
        if (line_last_ == ast::kNone) {
            // §8.2.5: a RAV replaces the move before it; there is none.
            fail("syntax/variation-start", p_, "(", "a variation must follow the move it replaces");
            return false;
        }
        const auto index = static_cast<std::uint32_t>(g_.variations.size());
        g_.variations.push_back(ast::Variation{ast::kNone, ast::kNone, at});
        ast::Ply& replaced = g_.plies[line_last_];
        if (replaced.first_variation == ast::kNone) {
            replaced.first_variation = index;
        } else {
            // Siblings follow one another, so the last one is the variation just closed; the
            // walk is only a fallback (it keeps `( ) ( ) ( ) …` linear).
            std::uint32_t v = last_closed_ply_ == line_last_ ? last_closed_variation_ : replaced.first_variation;
            while (g_.variations[v].next_sibling != ast::kNone) v = g_.variations[v].next_sibling;
            g_.variations[v].next_sibling = index;
        }
        s_.stack.push_back(Frame{line_last_, index, line_variation_, at});
        line_last_ = ast::kNone;
        line_variation_ = index;
        line_after_variation_ = ast::kNone;
        prev_move_ = ast::kNone;
        pending_number_ = 0;
        ++p_;
        return true;
    }

    bool close_variation() {
        if (s_.stack.empty()) {
            fail("syntax/unmatched-paren", p_, ")", "`)` closes no variation");
            return false;
        }
        const Frame f = s_.stack.back();
        s_.stack.pop_back();
        line_last_ = f.saved_last;
        line_variation_ = f.parent;
        last_closed_ply_ = f.saved_last;
        last_closed_variation_ = f.variation;
        line_after_variation_ = f.variation;
        prev_move_ = ast::kNone;
        pending_number_ = 0;
        ++p_;
        return true;
    }

    bool nag() {
        // §8.2.4: `$` and a decimal integer 0 … 255.
        const char* start = p_;
        const char* q = p_ + 1;
        std::uint32_t value = 0;
        while (!at_end(q) && is_digit(*q)) {
            if (value <= 255) value = value * 10 + static_cast<std::uint32_t>(*q - '0');
            ++q;
        }
        const std::string_view token(start, static_cast<std::size_t>(q - start));
        if (q == start + 1) {
            fail("syntax/nag", start, token, "`$` must be followed by a number 0 … 255");
            return false;
        }
        if (value > 255) {
            fail("syntax/nag", start, token, "a NAG is a number from 0 to 255");
            return false;
        }
        if (line_last_ == ast::kNone) {
            fail("syntax/nag", start, token, "a NAG annotates the move before it; there is none");
            return false;
        }
        ast::Ply& ply = g_.plies[line_last_];
        const auto end = static_cast<std::uint32_t>(g_.nags.size());
        // A ply's NAGs must be contiguous; after a variation that had NAGs of its own they are
        // not, and the reader regroups them once the game is read (Scratch::regroup_nags).
        if (ply.nags_count != 0 && ply.nags_begin + ply.nags_count != end) s_.nags_scattered = true;
        if (ply.nags_count == 0) ply.nags_begin = end;
        if (ply.nags_count == 0xFFFF) {
            fail("syntax/nag", start, token, "too many NAGs on one move");
            return false;
        }
        g_.nags.push_back(ast::Nag{static_cast<std::uint8_t>(value), pos(start)});
        s_.nag_owner.push_back(line_last_);
        ++ply.nags_count;
        p_ = q;
        prev_move_ = ast::kNone;
        return true;
    }

    bool detached_glyph() {
        // §8.2.3.8: the glyph belongs to the move symbol; written apart (`e4 !`) it is read as
        // the previous move's suffix and the kDetachedSuffix bit says so.
        const char* start = p_;
        const char* q = p_;
        while (!at_end(q) && (*q == '!' || *q == '?')) ++q;
        const std::string_view token(start, static_cast<std::size_t>(q - start));
        ast::Suffix suffix = ast::Suffix::None;
        if (token == "!") suffix = ast::Suffix::Good;
        if (token == "?") suffix = ast::Suffix::Mistake;
        if (token == "!!") suffix = ast::Suffix::Brilliant;
        if (token == "??") suffix = ast::Suffix::Blunder;
        if (token == "!?") suffix = ast::Suffix::Interesting;
        if (token == "?!") suffix = ast::Suffix::Dubious;
        if (suffix == ast::Suffix::None) {
            fail("syntax/suffix", start, token, "at most one suffix annotation per move");
            return false;
        }
        if (prev_move_ == ast::kNone) {
            fail("syntax/suffix", start, token, "a suffix annotation must follow its move");
            return false;
        }
        ast::Move& m = g_.plies[prev_move_].move;
        if (m.suffix != ast::Suffix::None) {
            fail("syntax/suffix", start, token, "at most one suffix annotation per move");
            return false;
        }
        m.suffix = suffix;
        m.spelling = static_cast<std::uint16_t>(m.spelling | ast::kDetachedSuffix);
        p_ = q;
        prev_move_ = ast::kNone;
        return true;
    }

    // A token starting with a digit: a move number (§8.2.2), a termination marker (§8.2.6), or a
    // move that starts with a digit (`0-0`, `0000`).
    bool digit_token() {
        const char* start = p_;
        // The digits, read as a number on the way (a move number has one to three of them).
        const char* q = p_;
        std::uint32_t number = 0;
        for (; !at_end(q) && is_digit(*q); ++q)
            if (q - start < 9) number = number * 10 + static_cast<std::uint32_t>(*q - '0');
        const bool symbol_follows = !at_end(q) && is_symbol(*q) && *q != '.';
        if (symbol_follows) {
            q = scan_class(q, kSymbolClass);
            const std::string_view token(start, static_cast<std::size_t>(q - start));
            if (token == "1-0" || token == "0-1" || token == "1/2-1/2") {
                p_ = q;
                result(token == "1-0"   ? ast::Result::WhiteWins
                       : token == "0-1" ? ast::Result::BlackWins
                                        : ast::Result::Draw,
                       start);
                return false;
            }
            return move_from(start, q);
        }
        const std::string_view digits(start, static_cast<std::size_t>(q - start));
        if (number == 0 || digits.size() > 9) {
            // `0000` is the UCI null move; otherwise move numbers start at 1 (§8.2.2).
            if (digits.size() == 4 && number == 0) return move_from(start, q);
            fail("syntax/token", start, digits, "a move number is an integer from 1 on");
            return false;
        }
        return move_number(number, start, q);
    }

    // The move number `number`, written from `start` to `end`, and the periods after it.
    bool move_number(std::uint32_t number, const char* start, const char* end) {
        pending_number_ = number;
        pending_number_pos_ = pos(start);
        prev_move_ = ast::kNone;
        p_ = end;
        return periods_after_number();
    }
    // §8.2.2.1: zero or more periods after a move number, white space allowed before them.
    bool periods_after_number() {
        for (;;) {
            skip_ws();
            if (at_end(p_) || *p_ != '.') return true;
            while (!at_end(p_) && *p_ == '.') ++p_;
        }
    }

    bool move_token() {
        const char* start = p_;
        const char* q = p_;
        q = scan_class(q, kSymbolClass);
        const std::string_view token(start, static_cast<std::size_t>(q - start));
        // (`.` second is asked first: it rules out nearly every move, whatever its length.)
        if (token.size() >= 2 && token[1] == '.' && token.size() == 4 && token[0] == 'e' && token[2] == 'p' &&
            token[3] == '.') {
            // `exd6 e.p.`: the en passant remark written as its own token.
            if (prev_move_ != ast::kNone) {
                ast::Move& m = g_.plies[prev_move_].move;
                const auto* cap = boost::variant2::get_if<ast::Capture>(&m.body);
                if (cap && cap->piece == PieceKind::Pawn && (m.spelling & ast::kEnPassantSuffix) == 0) {
                    m.spelling = static_cast<std::uint16_t>(m.spelling | ast::kEnPassantSuffix);
                    p_ = q;
                    prev_move_ = ast::kNone;
                    return true;
                }
            }
            fail("syntax/san", start, token, "`e.p.` must follow a pawn capture");
            return false;
        }
        return move_from(start, q);
    }

    bool move_from(const char* start, const char* stop) {
        const std::string_view token(start, static_cast<std::size_t>(stop - start));
        const auto index = static_cast<std::uint32_t>(g_.plies.size());
        // The ply is appended first and its move read in place (syntax/san_fast.hpp).
        g_.plies.push_back(kBlankPly);
        ast::Ply& ply = g_.plies.back();
        if (!parse_common_san(token, ply.move)) {
            SanResult r = parse_san(token);
            if (const SanError* e = boost::variant2::get_if<SanError>(&r)) {
                g_.plies.pop_back();
                fail(e->kind, start + e->column, token, e->message);
                return false;
            }
            ply.move = *boost::variant2::get_if<ast::Move>(&r);
        }
        link_ply(ply, index, token, pos(start));
        p_ = stop;
        return true;
    }
    // The ply just appended at `index`, its move read from `token` at `at`: its place in the
    // current line, and the move number written before it.
    void link_ply(ast::Ply& ply, std::uint32_t index, std::string_view token, ast::SourcePos at) {
        ply.pos = at;
        ply.text = token;
        if (pending_number_ != 0) {
            ply.number_written = pending_number_;
            ply.number_pos = pending_number_pos_;
        }
        ply.nags_begin = static_cast<std::uint32_t>(g_.nags.size());
        if (line_last_ != ast::kNone)
            g_.plies[line_last_].next = index;
        else if (line_variation_ != ast::kNone)
            g_.variations[line_variation_].first_ply = index;
        else
            g_.main_line = index;
        line_last_ = index;
        line_after_variation_ = ast::kNone;
        if (s_.stack.empty()) ++main_plies_;
        prev_move_ = index;
        pending_number_ = 0;
    }

    // The termination marker at `start` (p_ is past it). Ends the game.
    void result(ast::Result r, const char* start) {
        const ast::SourcePos at = pos(start);
        if (!s_.stack.empty()) {
            // A marker inside a RAV: a `)` right after it means the marker was put in the
            // variation; otherwise the variation was never closed.
            const char* q = p_;
            while (!at_end(q) && (is_blank(*q) || *q == '\n')) ++q;
            if (!at_end(q) && *q == ')') {
                set_error("syntax/result-in-variation", at,
                          std::string_view(start, static_cast<std::size_t>(p_ - start)),
                          "a termination marker ends the game, never a variation");
                resync();
                return;
            }
            // the variation was never closed: the marker still ends the game
            set_error("syntax/unclosed-variation", s_.stack.back().pos, "(", "the variation is not closed by `)`");
            ended_at_marker_ = true;
            return;
        }
        g_.result = r;
        g_.result_pos = at;
        ended_at_marker_ = true;
    }
};

// Whether the text at q (the first byte after a termination marker and white space) begins a
// movetext (§8.2): a move number indication or a SAN / coordinate move. `end` - q holds at least
// kLookahead bytes unless the input ends sooner.
constexpr std::ptrdiff_t kLookahead = 32;
bool begins_movetext(const char* q, const char* end) {
    const char* r = q;
    while (r < end && r - q < kLookahead - 1 && is_symbol(*r)) ++r;
    if (r == q || (r < end && is_symbol(*r))) return false;  // no symbol, or too long for a move
    const std::string_view token(q, static_cast<std::size_t>(r - q));
    std::size_t digits = 0;
    while (digits < token.size() && is_digit(token[digits])) ++digits;
    if (digits > 0 && (digits == token.size() || token[digits] == '.')) {
        // a move number indication: 1 to 9 digits, not 0 (§8.2.2)
        return digits <= 9 && token.find_first_not_of('0') < digits;
    }
    if (token == "1-0" || token == "0-1" || token == "1/2-1/2") return false;
    if (!is_letter(token[0]) && !is_digit(token[0]) && token[0] != '-' && token[0] != '@') return false;
    const SanResult m = parse_san(token);
    return boost::variant2::holds_alternative<ast::Move>(m);
}

}  // namespace

struct PgnReader::Impl {
    std::FILE* in = nullptr;
    std::string name;
    std::string io_error;
    std::vector<char> storage;
    // Where the text after a game's marker is read when it runs past the buffered bytes (the
    // game's own bytes stay in `storage` until the next call); swapped in at the next call.
    std::vector<char> spare;
    bool spare_pending = false;
    const char* spare_next = nullptr;
    std::string found;  // a text-after-result excerpt that spans two reads
    Cursor cur;
    const char* next = nullptr;  // first unread byte of the buffer
    std::uint32_t games = 0;
    bool bom_checked = false;
    bool refused = false;  // an encoding the reader does not read (UTF-16, UTF-32)
    Scratch scratch;
    std::uint64_t stop = UINT64_MAX;       // Origin::stop
    bool out_of_text = false;              // after_result ran to the end of a memory text that is not final
    bool common_loops = true;              // false: the general loops alone (syntax/pgn_fast.hpp)
    std::size_t max_game = kMaxGameBytes;  // below it only in tests (set_game_limit)
    PgnReader::Halt halt;

    [[nodiscard]] std::uint64_t offset(const char* q) const noexcept {
        return cur.base + static_cast<std::uint64_t>(q - cur.buf);
    }
    void newline(const char* after) noexcept {
        ++cur.line;
        cur.line_start = offset(after);
    }

    // After a game that grew the buffer (refill), its default size of kChunk comes back as soon
    // as what is left unread fits in half of it: the unread bytes move to a fresh buffer and the
    // large one is freed. A buffer that never grew is left alone (ordinary files pay nothing).
    // Called only where no Game points into the buffer any more.
    void shrink_if_grown() {
        if (storage.size() <= kChunk) return;
        const auto keep = static_cast<std::size_t>(cur.end - next);
        if (keep > kChunk / 2) return;
        std::vector<char> fresh(kChunk);
        if (keep > 0) std::memcpy(fresh.data(), next, keep);
        cur.base = offset(next);
        storage.swap(fresh);
        cur.buf = storage.data();
        cur.end = cur.buf + keep;
        next = storage.data();
    }

    // Moves the unread bytes to the front of the buffer and reads more behind them, growing
    // the buffer when one game fills more than half of it (so every read brings at least half a
    // buffer; the default size of kChunk comes back after the game, shrink_if_grown). Returns
    // false when the game exceeds kMaxGameBytes (max_game).
    bool refill() {
        shrink_if_grown();
        const std::size_t keep = static_cast<std::size_t>(cur.end - next);
        // One game fills the buffer and may not grow it further: nothing is moved, so that the
        // skip of the game starts from its first byte where it stands (skip_long_game).
        if (keep > storage.size() / 2 && keep >= max_game) return false;
        const std::size_t shift = static_cast<std::size_t>(next - storage.data());
        if (shift > 0 && keep > 0) std::memmove(storage.data(), next, keep);
        cur.base += shift;
        if (keep > storage.size() / 2) {
            // One game fills the buffer: grow it, up to the limit of one game.
            std::size_t size = storage.size() * 2 < keep + kChunk ? keep + kChunk : storage.size() * 2;
            if (size > max_game + kChunk) size = max_game + kChunk;
            storage.resize(size);
        }
        char* data = storage.data();
        const std::size_t want = storage.size() - keep;
        const std::size_t got = std::fread(data + keep, 1, want, in);
        if (got < want) {
            if (std::ferror(in)) io_error = name + ": " + std::strerror(errno);
            cur.eof = true;
        }
        cur.buf = data;
        cur.end = data + keep + got;
        next = data;
        return true;
    }

    // Reads on into `spare`, keeping the unread bytes [q, cur.end) (a few) in front; the bytes
    // of `storage` are left alone. Returns the new position of q.
    const char* read_into_spare(const char* q) {
        const auto keep = static_cast<std::size_t>(cur.end - q);
        if (spare.size() < kChunk) spare.resize(kChunk);
        cur.base = offset(q);
        if (keep > 0) std::memmove(spare.data(), q, keep);
        const std::size_t want = spare.size() - keep;
        const std::size_t got = std::fread(spare.data() + keep, 1, want, in);
        if (got < want) {
            if (std::ferror(in)) io_error = name + ": " + std::strerror(errno);
            cur.eof = true;
        }
        cur.buf = spare.data();
        cur.end = spare.data() + keep + got;
        return spare.data();
    }

    // White space, line ends and §6 escape lines from `next`, across reads: a run of them
    // between games belongs to no game, so it is skipped here, never buffered.
    void skip_blank() {
        bool escape = false;
        for (;;) {
            const char* q = next;
            const char* const end = cur.end;
            while (q < end) {
                const char c = *q;
                if (c == '\n' || c == '\r') {
                    if (c == '\r' && q + 1 == end && !cur.eof) break;  // LF may follow: read on
                    q += c == '\r' && q + 1 < end && q[1] == '\n' ? 2 : 1;
                    newline(q);
                    escape = false;
                } else if (escape || c == ' ' || c == '\t' || c == '\v') {
                    ++q;
                } else if (c == '%' && offset(q) == cur.line_start) {
                    escape = true;
                    ++q;
                } else {
                    next = q;
                    return;
                }
            }
            next = q;
            if (cur.eof || in == nullptr) return;
            refill();
        }
    }

    // §8.2.6: the marker is the last element of a game. What follows it up to the next game is
    // read here, from p, a byte at a time and across reads (never buffered: a preallocated file
    // padded with NUL bytes or megabytes of blank lines belong to no game's budget). The next
    // game starts at the next `[`, or at text that begins a movetext when that is the first
    // thing after the marker (a game without tags); anything else is not played and gets one
    // text-after-result warning, whose excerpt is the first ~40 bytes of it (to its line end).
    void after_result(ast::Game& g, const char* p) {
        bool garbage = false;
        bool escape = false;      // inside a §6 escape line
        bool collecting = false;  // reading the excerpt
        const char* excerpt = nullptr;
        std::size_t excerpt_len = 0;
        bool copied = false;                                    // the excerpt spans two reads: it is in `found`
        constexpr std::size_t kExcerptBytes = kFoundBytes + 3;  // 3 more to cut on a character
        ast::SourcePos first{};
        const char* q = p;
        for (;;) {
            const char* const end = cur.end;
            bool done = false;
            while (q < end) {
                const char c = *q;
                if (c == '\n' || c == '\r') {
                    if (c == '\r' && q + 1 == end && !cur.eof) break;
                    q += c == '\r' && q + 1 < end && q[1] == '\n' ? 2 : 1;
                    newline(q);
                    escape = false;
                    collecting = false;
                    continue;
                }
                if (escape) {
                    ++q;
                    continue;
                }
                if (c == '%' && offset(q) == cur.line_start) {
                    escape = true;
                    collecting = false;
                    ++q;
                    continue;
                }
                if (c == '[') {
                    done = true;
                    break;
                }
                if (!garbage) {
                    if (c == ' ' || c == '\t' || c == '\v') {
                        ++q;
                        continue;
                    }
                    if (end - q < kLookahead && !cur.eof) break;  // the first token whole: read on
                    if (begins_movetext(q, end)) {
                        done = true;
                        break;
                    }
                    garbage = true;
                    collecting = true;
                    excerpt = q;
                    first = ast::SourcePos{cur.line, static_cast<std::uint32_t>(offset(q) - cur.line_start + 1)};
                }
                if (collecting) {
                    if (copied)
                        found.push_back(c);
                    else
                        ++excerpt_len;
                    if ((copied ? found.size() : excerpt_len) == kExcerptBytes) collecting = false;
                }
                ++q;
            }
            if (!done && q == end && cur.eof) done = true;
            if (done) break;
            if (in == nullptr) {  // a memory text that is not final: what follows is not known
                out_of_text = true;
                return;
            }
            // more input is needed: read it into `spare`, where the game's bytes are safe
            if (garbage && !copied) {  // (`spare` is overwritten by the read)
                found.assign(excerpt, excerpt_len);
                copied = true;
            }
            q = read_into_spare(q);
            spare_pending = true;
        }
        if (spare_pending)
            spare_next = q;
        else
            next = q;
        if (!garbage) return;
        const std::string_view text = copied ? std::string_view(found) : std::string_view(excerpt, excerpt_len);
        g.warnings.push_back(ast::ReaderWarning{ast::ReaderWarningKind::TextAfterResult,
                                                first,
                                                text.substr(0, utf8_cut(text.data(), text.size(), kFoundBytes)),
                                                {},
                                                "text after the termination marker is not played"});
    }

    // A game longer than kMaxGameBytes: an error at its first byte (`next`), and the rest of it
    // skipped as GameParser::resync skips a game broken there (syntax/README.md, "Errors and
    // resynchronisation"): to its own termination marker, to the next tag section by the line rule
    // (its first line taken from its first byte), or to the end of input; after the marker, what
    // follows is read as after any game's. The game's bytes are not held, so what resync reads in
    // one go — a comment, a string, a token, the white space after a marker inside a variation — is
    // a state here that a refill interrupts and the next read resumes. A refill keeps only a CR
    // whose LF may follow, a backslash in a string, or the first bytes of a line that may begin
    // `[Event `. tests/syntax/hostile_input_test.cpp compares the two on texts cut at every byte.
    void skip_long_game(ast::Game& g) {
        g.start = ast::SourcePos{cur.line, static_cast<std::uint32_t>(offset(next) - cur.line_start + 1)};
        g.error = ast::SyntaxError{
            "syntax/game-too-long", g.start, {}, "the game is longer than 64 MiB; it is skipped", 0, 0};
        enum class In : std::uint8_t {
            Tokens,     // between two tokens, or in a `{` comment (in_comment)
            LineStart,  // at a line's first byte, its line end counted
            Line,       // in a `;` comment or a §6 escape line
            String,     // in a string, after its `"`
            Digits,     // in the digits a token starts with
            Symbols,    // in a token's symbol run
            Blanks,     // after a marker inside a variation: white space, then a `)` or not
        };
        In state = In::Tokens;
        bool previous_is_tag = *next == '[';
        bool in_comment = false;
        std::size_t depth = 0;
        // the first bytes of a token that starts with a digit: 1-0, 0-1 and 1/2-1/2 are markers
        std::array<char, 8> token{};
        std::size_t token_size = 0;
        bool digit_token = false;
        const char* q = next;
        // reads on, keeping the bytes from `from`, which the state at `from` has still to decide
        const auto read_on = [this](const char* from) {
            next = from;
            refill();
            return next;
        };
        // the token's bytes [from, to): its first ones kept, all counted
        const auto keep_token = [&token, &token_size](const char* from, const char* to) {
            for (const char* b = from; b < to && token_size + static_cast<std::size_t>(b - from) < token.size(); ++b)
                token[token_size + static_cast<std::size_t>(b - from)] = *b;
            token_size += static_cast<std::size_t>(to - from);
            return to;
        };
        for (;;) {
            const char* const end = cur.end;
            if (q == end) {
                if (cur.eof) break;  // the end of input ends the game, whatever is open
                q = read_on(q);
                continue;
            }
            switch (state) {
                case In::Tokens: {
                    if (in_comment) {
                        q = find_line_end(q, end, '}');
                        if (q == end) continue;
                        if (*q == '}') {
                            in_comment = false;
                            ++q;
                            continue;
                        }
                    }
                    while (q < end && kResyncTable[static_cast<unsigned char>(*q)] == 0) ++q;
                    if (q == end) continue;
                    const char c = *q;
                    if (c == '\n' || c == '\r') {
                        if (c == '\r' && q + 1 == end && !cur.eof) {
                            q = read_on(q);  // LF may follow
                            continue;
                        }
                        q += c == '\r' && q + 1 < end && q[1] == '\n' ? 2 : 1;
                        newline(q);
                        state = In::LineStart;
                    } else if (is_digit(c)) {
                        state = In::Digits;
                        token_size = 0;
                        digit_token = true;
                    } else if (is_letter(c) || c == '-' || c == '@') {
                        state = In::Symbols;
                        token_size = 0;
                        digit_token = false;
                    } else if (c == '*') {
                        ++q;
                        if (depth == 0) {
                            after_result(g, q);
                            return;
                        }
                        state = In::Blanks;
                    } else if (c == '{') {
                        in_comment = true;
                        ++q;
                    } else if (c == ';') {
                        state = In::Line;
                    } else if (c == '"') {
                        state = In::String;
                        ++q;
                    } else if (c == '(') {
                        ++depth;
                        ++q;
                    } else {  // `)`
                        if (depth > 0) --depth;
                        ++q;
                    }
                    continue;
                }
                case In::LineStart:
                    if (*q == '[') {
                        if (!previous_is_tag) {
                            next = q;
                            return;
                        }
                        if (end - q < 7 && !cur.eof) {
                            q = read_on(q);
                            continue;
                        }
                        if (end - q >= 7 && std::memcmp(q, "[Event", 6) == 0 && (q[6] == ' ' || q[6] == '\t')) {
                            next = q;
                            return;
                        }
                    }
                    previous_is_tag = *q == '[';
                    state = *q == '%' && !in_comment ? In::Line : In::Tokens;
                    continue;
                case In::Line:
                    q = find_line_end(q, end, '\n');
                    if (q < end) state = In::Tokens;  // its line end, read as a token's
                    continue;
                case In::String:
                    // to the closing quote or the line end, as resync reads a string
                    while (q < end && *q != '"' && *q != '\n' && *q != '\r') {
                        if (*q == '\\' && q + 1 == end && !cur.eof) break;  // an escape may follow
                        q += *q == '\\' && q + 1 < end && (q[1] == '"' || q[1] == '\\') ? 2 : 1;
                    }
                    if (q < end && *q == '\\') {
                        q = read_on(q);
                        continue;
                    }
                    if (q == end) continue;
                    if (*q == '"') ++q;
                    state = In::Tokens;
                    continue;
                case In::Digits: {
                    const char* r = q;
                    while (r < end && is_digit(*r)) ++r;
                    q = keep_token(q, r);
                    if (q == end) continue;
                    // a move number or a bare number, or else the token goes on
                    state = *q == '.' || !is_symbol(*q) ? In::Tokens : In::Symbols;
                    continue;
                }
                case In::Symbols: {
                    q = keep_token(q, scan::class_run_end(q, end, kSymbolClass));
                    if (q == end) continue;
                    state = In::Tokens;
                    if (digit_token && token_size < token.size()) {
                        const std::string_view t(token.data(), token_size);
                        if (t == "1-0" || t == "0-1" || t == "1/2-1/2") {
                            if (depth == 0) {
                                after_result(g, q);
                                return;
                            }
                            state = In::Blanks;
                        }
                    }
                    continue;
                }
                case In::Blanks:
                    // As resync looks past a marker inside a variation: white space and line ends,
                    // then a `)` makes the marker the variation's, and the skip goes on from there
                    // (none of those lines starts with `[` or `%`). Anything else ends the game at
                    // the marker; what follows it is read from here, which is the same, since
                    // after_result passes over white space and line ends alone.
                    while (q < end) {
                        const char c = *q;
                        if (c == ' ' || c == '\t' || c == '\v') {
                            ++q;
                        } else if (c == '\n' || c == '\r') {
                            if (c == '\r' && q + 1 == end && !cur.eof) break;
                            q += c == '\r' && q + 1 < end && q[1] == '\n' ? 2 : 1;
                            newline(q);
                            previous_is_tag = false;
                        } else if (c == ')') {
                            state = In::Tokens;
                            break;
                        } else {
                            after_result(g, q);
                            return;
                        }
                    }
                    if (q < end && *q == '\r') q = read_on(q);
                    continue;
            }
        }
        next = q;
    }

    // UTF-16 and UTF-32 are recognised by their byte order mark (§4.1: PGN is ISO 8859-1, read
    // here as UTF-8 where it is valid UTF-8), or without one by their first kEncodingProbe bytes:
    // ASCII text (tab, line ends, printable) each with the NUL bytes of its code unit, in the
    // order of one byte order — `[\0E\0v\0` is UTF-16LE, a pattern no PGN text has, as PGN has no
    // NUL. Either is refused as a whole: one malformed game.
    bool refuse_encoding(ast::Game& g) {
        const auto n = static_cast<std::size_t>(cur.end - next);
        const auto starts = [&](std::string_view bom) {
            return n >= bom.size() && std::memcmp(next, bom.data(), bom.size()) == 0;
        };
        // The first bytes, at least two code units of `width` bytes, are each an ASCII character
        // at byte `at` of its unit, with NUL bytes around it.
        const auto code_units = [&](std::size_t width, std::size_t at) {
            const std::size_t k = std::min(n, kEncodingProbe) / width * width;
            if (k < 2 * width) return false;
            for (std::size_t i = 0; i < k; ++i) {
                const auto c = static_cast<unsigned char>(next[i]);
                const bool text = c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c < 0x7F);
                if (i % width == at ? !text : c != 0) return false;
            }
            return true;
        };
        // In the order they are told apart: a byte order mark first (UTF-32LE's begins like
        // UTF-16LE's), then ASCII in code units of 4 bytes before 2 (UTF-32 is also UTF-16-like).
        struct Encoding {
            std::string_view bom;   // empty: told by its code units
            std::size_t width, at;  // without a byte order mark: a code unit's bytes, where its ASCII byte is
            std::string_view message;
        };
        using namespace std::string_view_literals;
        static constexpr std::array<Encoding, 8> kEncodings{{
            {"\xFF\xFE\0\0"sv, 0, 0,
             "the input is UTF-32LE (byte order mark FF FE 00 00); pgnsem reads UTF-8 or ISO 8859-1: convert it "
             "(iconv -f UTF-32LE -t UTF-8)"},
            {"\0\0\xFE\xFF"sv, 0, 0,
             "the input is UTF-32BE (byte order mark 00 00 FE FF); pgnsem reads UTF-8 or ISO 8859-1: convert it "
             "(iconv -f UTF-32BE -t UTF-8)"},
            {"\xFF\xFE"sv, 0, 0,
             "the input is UTF-16LE (byte order mark FF FE); pgnsem reads UTF-8 or ISO 8859-1: convert it (iconv -f "
             "UTF-16LE -t UTF-8)"},
            {"\xFE\xFF"sv, 0, 0,
             "the input is UTF-16BE (byte order mark FE FF); pgnsem reads UTF-8 or ISO 8859-1: convert it (iconv -f "
             "UTF-16BE -t UTF-8)"},
            {{},
             4,
             0,
             "the input is UTF-32LE without a byte order mark (ASCII bytes, each followed by three NUL bytes); "
             "pgnsem reads UTF-8 or ISO 8859-1: convert it (iconv -f UTF-32LE -t UTF-8)"},
            {{},
             4,
             3,
             "the input is UTF-32BE without a byte order mark (ASCII bytes, each after three NUL bytes); pgnsem "
             "reads UTF-8 or ISO 8859-1: convert it (iconv -f UTF-32BE -t UTF-8)"},
            {{},
             2,
             0,
             "the input is UTF-16LE without a byte order mark (ASCII bytes alternating with NUL bytes, NUL second); "
             "pgnsem reads UTF-8 or ISO 8859-1: convert it (iconv -f UTF-16LE -t UTF-8)"},
            {{},
             2,
             1,
             "the input is UTF-16BE without a byte order mark (ASCII bytes alternating with NUL bytes, NUL first); "
             "pgnsem reads UTF-8 or ISO 8859-1: convert it (iconv -f UTF-16BE -t UTF-8)"},
        }};
        std::string_view message;
        for (const Encoding& e : kEncodings) {
            if (e.bom.empty() ? code_units(e.width, e.at) : starts(e.bom)) {
                message = e.message;
                break;
            }
        }
        if (message.empty()) return false;
        g.start = ast::SourcePos{1, 1};
        g.error = ast::SyntaxError{"syntax/encoding", ast::SourcePos{1, 1}, std::string_view(next, 2), message, 0, 0};
        refused = true;
        return true;
    }
};

PgnReader::PgnReader(std::FILE* in, std::string_view name) : impl_(std::make_unique<Impl>()) {
    impl_->in = in;
    impl_->name = std::string(name);
    impl_->storage.resize(kChunk);
    impl_->cur.buf = impl_->storage.data();
    impl_->cur.end = impl_->cur.buf;
    impl_->next = impl_->cur.buf;
}

PgnReader::PgnReader(std::string_view text) : impl_(std::make_unique<Impl>()) {
    impl_->cur.buf = text.data();
    impl_->cur.end = text.data() + text.size();
    impl_->cur.eof = true;
    impl_->next = impl_->cur.buf;
}

PgnReader::PgnReader(std::string_view text, const Origin& origin) : impl_(std::make_unique<Impl>()) {
    Impl& r = *impl_;
    r.cur.buf = text.data();
    r.cur.base = origin.offset;
    r.cur.end = text.data() + text.size();
    r.cur.eof = origin.final;
    r.cur.line = origin.line;
    r.cur.line_start = origin.line_start;
    r.next = text.data() + (origin.start - origin.offset);
    r.games = origin.games;
    r.bom_checked = origin.start != 0;
    r.stop = origin.stop;
}

PgnReader::PgnReader(std::FILE* in, std::string_view name, const Origin& origin) : PgnReader(in, name) {
    Impl& r = *impl_;
    r.cur.base = origin.start;
    r.cur.line = origin.line;
    r.cur.line_start = origin.line_start;
    r.games = origin.games;
    r.bom_checked = origin.start != 0;
    r.stop = origin.stop;
}

PgnReader::~PgnReader() = default;

PgnReader::Halt PgnReader::halt() const noexcept {
    return impl_->halt;
}

const std::string& PgnReader::io_error() const noexcept {
    return impl_->io_error;
}

void use_general_loops_only(PgnReader& reader) noexcept {
    reader.impl_->common_loops = false;
}

void set_game_limit(PgnReader& reader, std::size_t bytes) noexcept {
    reader.impl_->max_game = bytes;
}

PgnReader::Stats PgnReader::stats() const noexcept {
    return Stats{impl_->scratch.comment_bytes, impl_->storage.capacity() + impl_->spare.capacity()};
}

bool PgnReader::next(ast::Game& out) {
    Impl& r = *impl_;
    using Halt = PgnReader::Halt;
    if (r.halt.kind != Halt::Kind::Running) return false;
    const auto halt = [&r](Halt::Kind kind) {
        r.halt = Halt{kind, r.offset(r.next), r.cur.line, r.cur.line_start};
        return false;
    };
    if (r.refused) return halt(Halt::Kind::End);
    if (r.spare_pending) {
        // the last game's text after its marker was read into `spare`: it holds what follows
        std::swap(r.storage, r.spare);
        r.next = r.spare_next;
        r.spare_pending = false;
        // a buffer that grew for the last game is not kept as the spare one
        if (r.spare.size() > kChunk) std::vector<char>().swap(r.spare);
    }
    r.shrink_if_grown();
    if (r.in != nullptr && r.cur.end == r.next && !r.cur.eof) r.refill();
    for (;;) {
        if (!r.bom_checked) {
            // A UTF-8 byte order mark before the first game is skipped (edge case 1); UTF-16 and
            // UTF-32 ones are refused, their encoding named, and so is UTF-16 or UTF-32 text
            // without one, recognised by its first kEncodingProbe bytes.
            if (r.cur.end - r.next < static_cast<std::ptrdiff_t>(kEncodingProbe) && !r.cur.eof) {
                if (r.in == nullptr) return halt(Halt::Kind::OutOfText);
                r.refill();
                continue;
            }
            r.bom_checked = true;
            if (r.cur.end - r.next >= 3 && std::memcmp(r.next, "\xEF\xBB\xBF", 3) == 0) {
                r.next += 3;
                r.cur.line_start = 3;
            } else {
                out.clear();
                if (r.refuse_encoding(out)) {
                    out.index = ++r.games;
                    return true;
                }
            }
        }
        r.skip_blank();
        if (r.next < r.cur.end && r.offset(r.next) >= r.stop && *r.next != '\r') return halt(Halt::Kind::Stop);
        if (r.in == nullptr && !r.cur.eof && (r.next == r.cur.end || *r.next == '\r'))
            return halt(Halt::Kind::OutOfText);  // a memory text that is not final ends in white space
        const Cursor saved = r.cur;
        out.clear();
        r.scratch.reset();
        GameParser parser(r.cur, r.next, out, r.scratch, r.common_loops);
        try {
            if (!parser.parse()) {
                r.next = parser.position();
                if (r.cur.eof || r.in == nullptr) return halt(Halt::Kind::End);
                // only white space was buffered; read on
                if (!r.refill()) return halt(Halt::Kind::End);
                continue;
            }
        } catch (const NeedMore&) {
            r.cur = saved;
            if (r.in == nullptr) return halt(Halt::Kind::OutOfText);  // a memory text that is not final
            if (!r.refill()) {
                out.clear();
                r.skip_long_game(out);
                out.index = ++r.games;
                return true;
            }
            continue;
        }
        // The game's bytes are [parser.first(), parser.position()) of the buffer: a game is parsed
        // again from its start after every refill, so they are all there, and after_result reads on
        // into `spare`, never over them (Game::text).
        out.text = std::string_view(parser.first(), static_cast<std::size_t>(parser.position() - parser.first()));
        if (parser.ended_at_marker()) {
            r.after_result(out, parser.position());
            if (r.out_of_text) return halt(Halt::Kind::OutOfText);
        } else
            r.next = parser.position();
        r.scratch.regroup_nags(out);
        for (const TagFixup& f : r.scratch.fixups)
            out.tags[f.tag].value = std::string_view(r.scratch.arena.data() + f.offset, f.size);
        out.index = ++r.games;
        return true;
    }
}

// The parallel checker's serial thread runs this over every byte of the input, so it takes sixteen
// bytes a step where SSE2 allows, without a branch: each byte lane counts the bytes that end a line (an LF, or a CR
// whose next byte is not an LF), at most one a step, in a byte counter that is summed (psadbw)
// every 255 steps, before it could wrap.
std::uint32_t count_line_ends(std::string_view text) noexcept {
    std::size_t lines = 0;
    const char* q = text.data();
    const char* const e = q + text.size();
#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
    const __m128i lf = _mm_set1_epi8('\n');
    const __m128i cr = _mm_set1_epi8('\r');
    const __m128i zero = _mm_setzero_si128();
    // a step reads q[0..16]: byte 16 is the successor of the step's last byte
    while (e - q > 16) {
        const std::size_t steps = std::min<std::size_t>(255, static_cast<std::size_t>(e - q - 1) / 16);
        __m128i counts = zero;
        for (std::size_t k = 0; k < steps; ++k, q += 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
            const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q + 1));
            const __m128i next_lf = _mm_cmpeq_epi8(next, lf);
            const __m128i lone_cr = _mm_andnot_si128(next_lf, _mm_cmpeq_epi8(v, cr));
            // a lane that ends a line is all ones (−1): subtracting it counts one
            counts = _mm_sub_epi8(counts, _mm_or_si128(_mm_cmpeq_epi8(v, lf), lone_cr));
        }
        const __m128i sums = _mm_sad_epu8(counts, zero);
        lines += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) +
                 static_cast<std::size_t>(_mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums)));
    }
#endif
    lines += scan::count_line_ends_scalar(q, e);
    return static_cast<std::uint32_t>(lines);
}

}  // namespace pgnsem::syntax
