// Internal to syntax/: the parts of the PGN reader (syntax/pgn/reader.hpp) that its units share. The
// reader is cut by concern:
//   syntax/pgn/parser.hpp  the byte classes, the scratch and cursor, GameParser and pgn::Reader,
//                            with the small hot helpers every unit inlines (positions, bounds, the
//                            byte scans, white space);
//   syntax/pgn/tags.cpp      the tag section (§8.1);
//   syntax/pgn/movetext.cpp  the movetext (§8.2): moves, move numbers, comments, variations, NAGs,
//                            the termination marker;
//   syntax/pgn/resync.cpp    what follows an error: the skip of a broken game, and of a game too long
//                            to hold;
//   syntax/pgn/reader.cpp           the streaming reader: reads and refills, what lies between games, the
//                            encodings refused, and PgnReader itself.
// A game is parsed by one GameParser::parse call, which enters the other units once per tag
// section and movetext; the hot loops stay within one unit each.
//
// Local names: p = the read position, q/r = scan positions, c = the byte at p, g = the game.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/pgn/reader.hpp"
#include "syntax/pgn/scan.hpp"

namespace pgnsem::syntax {

namespace pgn {

// One game may not hold more bytes than this, so that memory does not grow with the input
// (syntax/README.md, "Streaming"); a longer one is an error and is skipped to the next tag section.
inline constexpr std::size_t kMaxGameBytes = std::size_t{64} << 20;
inline constexpr std::size_t kChunk = PgnReader::kChunkBytes;

// Thrown when a scan reaches the end of the buffered bytes before the end of input; the reader
// refills and parses the game again from its start (syntax/pgn/reader.cpp, Reader::refill). It is thrown
// about once per read of kChunk bytes, from the scans under every token function: a return value
// instead would be tested after each of them, on every token.
struct NeedMore {};

// §7 symbol continuation characters, plus `!` `?` `.` `@` `/` that move tokens carry.
inline constexpr std::uint8_t kSymbol = 1;

constexpr std::array<std::uint8_t, 256> make_symbol_table() {
    std::array<std::uint8_t, 256> t{};
    for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] = kSymbol;
    for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] = kSymbol;
    for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = kSymbol;
    for (char c : std::string_view("_+#=:-!?.@/")) t[static_cast<unsigned char>(c)] = kSymbol;
    return t;
}
inline constexpr std::array<std::uint8_t, 256> kSymbolTable = make_symbol_table();

using scan::ByteClass;
using scan::find_line_end;
using scan::make_byte_class;

// The class of symbol continuation bytes, for class_run_end's SIMD body.
inline constexpr ByteClass kSymbolClass = make_byte_class(kSymbolTable);

inline bool is_symbol(char c) noexcept {
    return kSymbolTable[static_cast<unsigned char>(c)] != 0;
}
inline bool is_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}
inline bool is_letter(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
inline bool is_tag_name_char(char c) noexcept {
    return is_letter(c) || is_digit(c) || c == '_';
}
// §4.1: the white space of the import format (HT, VT, LF, CR and the space).
inline bool is_blank(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\v' || c == '\r';
}

// How many bytes the UTF-8 character led by `lead` has (0: `lead` starts none).
[[nodiscard]] inline std::size_t utf8_length(unsigned lead) noexcept {
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) return 2;
    if (lead >= 0xE0 && lead <= 0xEF) return 3;
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    return 0;
}

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
    // is read by the reader (Reader::after_result), not by the parser.
    [[nodiscard]] bool ended_at_marker() const noexcept { return ended_at_marker_; }

private:
    Cursor& c_;
    const char* p_;
    const char* first_ = nullptr;
    ast::Game& g_;
    Scratch& s_;
    const bool use_common_loops_;  // syntax/pgn/fast.hpp

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

    // --- errors -------------------------------------------------------------------------------

    // Records an error, unless the game has one already: the first error stands.
    void set_error(std::string_view kind, ast::SourcePos at, std::string_view token, std::string_view message) {
        if (g_.error) return;
        g_.error = ast::SyntaxError{kind, at, token, message, main_plies_, static_cast<std::uint32_t>(s_.stack.size())};
    }

    // The members below are defined in the unit named above them. Those declared inline are called
    // only within their unit, whose hot loops the compiler may then inline them into; the entry
    // points from other units (resync, tag_section, movetext) are not.

    // --- errors and resynchronisation (syntax/pgn/resync.cpp) ------------------------------------

    void resync();
    inline bool ends_broken_game(const char* q, std::size_t depth);

    // --- tag pairs (syntax/pgn/tags.cpp) ---------------------------------------------------------

    bool tag_section();
    inline bool next_section_is_new();
    [[nodiscard]] static inline bool holds_blank_line(const char* q, const char* stop) noexcept;
    inline bool tag_pair();
    inline void add_tag(std::string_view name, std::string_view value, bool escaped, ast::SourcePos at);
    inline void common_tag_pairs();
    inline bool insert_tag_name(std::string_view name, std::uint64_t key);
    [[nodiscard]] inline bool has_tag_name(std::string_view name) const;
    [[nodiscard]] static inline std::size_t tag_slot(std::uint64_t key, std::size_t mask) noexcept;
    inline bool place_tag(std::uint32_t index, std::uint64_t key, std::string_view name);
    [[nodiscard]] static inline std::uint64_t tag_key(std::string_view name) noexcept;
    inline bool string_token(std::string_view& value, bool& escaped);
    [[nodiscard]] inline std::string_view token_at(const char* q) const noexcept;

    // --- movetext (syntax/pgn/movetext.cpp) ------------------------------------------------------

    void movetext();
    inline void common_tokens();
    [[nodiscard]] inline std::string_view character_at(const char* q) const;
    inline void fail(std::string_view kind, const char* at, std::string_view token, std::string_view message);
    [[nodiscard]] inline bool only_comments_so_far() const noexcept;
    inline void end_without_marker();
    inline bool brace_comment();
    inline void line_comment();
    inline void add_comment(std::string_view text, ast::SourcePos at);
    inline bool open_variation();
    inline bool close_variation();
    inline bool nag();
    inline bool detached_glyph();
    inline bool digit_token();
    inline bool move_number(std::uint32_t number, const char* start, const char* end);
    inline bool periods_after_number();
    inline bool move_token();
    inline bool move_from(const char* start, const char* stop);
    inline void link_ply(ast::Ply& ply, std::uint32_t index, std::string_view token, ast::SourcePos at);
    inline void result(ast::Result r, const char* start);
};

// The reader's state between games, and its streaming (syntax/pgn/reader.cpp): PgnReader::Impl.
struct Reader {
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
    bool common_loops = true;              // false: the general loops alone (syntax/pgn/fast.hpp)
    std::size_t max_game = kMaxGameBytes;  // below it only in tests (set_game_limit)
    PgnReader::Halt halt;

    [[nodiscard]] std::uint64_t offset(const char* q) const noexcept {
        return cur.base + static_cast<std::uint64_t>(q - cur.buf);
    }
    void newline(const char* after) noexcept {
        ++cur.line;
        cur.line_start = offset(after);
    }

    // syntax/pgn/reader.cpp (those declared inline are called only there, as in GameParser)
    inline void shrink_if_grown();
    bool refill();
    inline const char* read_into_spare(const char* q);
    inline void skip_blank();
    void after_result(ast::Game& g, const char* p);
    inline bool refuse_encoding(ast::Game& g);
    // syntax/pgn/resync.cpp
    void skip_long_game(ast::Game& g);
};

}  // namespace pgn

}  // namespace pgnsem::syntax
