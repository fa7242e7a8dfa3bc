// The PGN export format (§3.2, §8.1.1, §8.2 of the PGN standard).
//
// The movetext is walked in the order the reader stores it — a ply, its NAGs, the comments
// after it, its variations (each followed by the comments that came after it), the next ply —
// with an explicit stack, so a deeply nested game cannot exhaust the call stack. Every comment
// is written at the place ast::Comment records (before the game's or a variation's first move,
// after a move, after one of its variations), so reading the output gives the same places.
//
// Local names: p = a ply index, v = a variation index, f = a stack frame.
#include "syntax/pgn/writer.hpp"

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

#include "ast/mutants.hpp"
#include "syntax/san.hpp"

namespace pgnsem::syntax {

namespace {

// §8.2.1: export lines hold fewer than 80 characters.
constexpr std::size_t kLineLimit = 79;

constexpr std::array<std::string_view, 7> kRoster = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

bool in_roster(std::string_view name) noexcept {
    return std::find(kRoster.begin(), kRoster.end(), name) != kRoster.end();
}

void append_tag(std::string& out, std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    // §7: a quote inside a string is written \" and a backslash \\ .
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    out += "\"]\n";
}

void append_number(std::string& out, std::uint32_t n) {
    std::array<char, 12> digits{};
    std::size_t k = 0;
    do {
        digits[k++] = static_cast<char>('0' + n % 10);
        n /= 10;
    } while (n != 0);
    while (k > 0) out += digits[--k];
}

class Writer {
public:
    Writer(const ast::Game& g, const WriteOptions& o, std::string& out) : g_(g), o_(o), out_(out) {}

    void tags() {
        for (std::string_view name : kRoster) {
            std::optional<std::string_view> value = g_.tag(name);
            // §8.1.1: the roster is always written; unknown values are `?`, the date `????.??.??`,
            // and the result that of the termination marker.
            if (!value) {
                if (name == "Date")
                    value = "????.??.??";
                else if (name == "Result")
                    value = g_.result ? ast::result_text(*g_.result) : std::string_view("*");
                else
                    value = "?";
            }
            append_tag(out_, name, *value);
        }
        // §8.1.1: the other tags follow in ASCII order of their names.
        std::vector<const ast::Tag*> others;
        for (const ast::Tag& t : g_.tags)
            if (!in_roster(t.name)) others.push_back(&t);
        std::stable_sort(others.begin(), others.end(),
                         [](const ast::Tag* a, const ast::Tag* b) { return a->name < b->name; });
        for (const ast::Tag* t : others) append_tag(out_, t->name, t->value);
        out_ += '\n';
    }

    void movetext() {
        line_start_ = out_.size();
        line_start_comments(ast::kNone);
        std::vector<Frame> stack;
        std::uint32_t p = g_.main_line;
        std::uint32_t number = o_.first_move_number;
        Color side = o_.first_side;
        bool force_number = true;
        for (;;) {
            if (p == ast::kNone) {
                if (stack.empty()) break;
                glued(")");
                Frame& f = stack.back();
                comments(f.ply, f.variation);
                force_number = true;
                if (f.next_variation != ast::kNone) {
                    p = open_variation(f);
                    number = f.number;
                    side = f.side;
                    continue;
                }
                p = g_.plies[f.ply].next;
                number = f.side == Color::Black ? f.number + 1 : f.number;
                side = opposite(f.side);
                stack.pop_back();
                continue;
            }
            const ast::Ply& ply = g_.plies[p];
            move_number(number, side, force_number);
            const ShortText san = print_san(ply.move, false);
            token(san.view());
            // §8.2.3.8: in export format a suffix glyph becomes its NAG, $1 … $6.
            if (ply.move.suffix != ast::Suffix::None) nag(static_cast<std::uint8_t>(ply.move.suffix));
            for (std::uint32_t i = 0; i < ply.nags_count; ++i) nag(g_.nags[ply.nags_begin + i].value);
            force_number = comments(p, ast::kNone);
            if (ply.first_variation != ast::kNone) {
                stack.push_back(Frame{p, ast::kNone, ply.first_variation, number, side});
                p = open_variation(stack.back());
                force_number = true;
                continue;
            }
            p = ply.next;
            if (side == Color::Black) ++number;
            side = opposite(side);
        }
        // Comments the walk did not meet (a game built out of the walk's order, not by the
        // reader) are kept, before the marker.
        while (comment_cursor_ < g_.comments.size()) comment(g_.comments[comment_cursor_++].text);
        token(g_.result ? ast::result_text(*g_.result) : std::string_view("*"));
        out_ += "\n\n";
    }

private:
    struct Frame {
        std::uint32_t ply;             // the ply the variations replace
        std::uint32_t variation;       // the one being written
        std::uint32_t next_variation;  // the next of them to write
        std::uint32_t number;          // the ply's move number and side
        Color side;
    };

    const ast::Game& g_;
    const WriteOptions& o_;
    std::string& out_;
    std::size_t line_start_ = 0;
    bool glue_next_ = false;
    std::size_t comment_cursor_ = 0;

    std::uint32_t open_variation(Frame& f) {
        f.variation = f.next_variation;
        const ast::Variation& v = g_.variations[f.variation];
        f.next_variation = v.next_sibling;
        token("(");
        glue_next_ = true;
        line_start_comments(f.variation);
        return v.first_ply;
    }

    // §8.2.1: tokens separated by one space, lines below 80 characters.
    void token(std::string_view t) {
        const std::size_t length = out_.size() - line_start_;
        if (length > 0 && length + (glue_next_ ? 0 : 1) + t.size() > kLineLimit) {
            out_ += '\n';
            line_start_ = out_.size();
        } else if (length > 0 && !glue_next_) {
            out_ += ' ';
        }
        glue_next_ = false;
        out_ += t;
        const std::size_t nl = t.rfind('\n');
        if (nl != std::string_view::npos) line_start_ = out_.size() - (t.size() - nl - 1);
    }

    // `)` follows the last token of the variation without a space.
    void glued(std::string_view t) {
        if (out_.size() - line_start_ + t.size() > kLineLimit) {
            out_ += '\n';
            line_start_ = out_.size();
        }
        out_ += t;
        glue_next_ = false;
    }

    void nag(std::uint8_t value) {
        std::array<char, 5> text{'$'};
        std::size_t k = 1;
        if (value >= 100) text[k++] = static_cast<char>('0' + value / 100);
        if (value >= 10) text[k++] = static_cast<char>('0' + value / 10 % 10);
        text[k++] = static_cast<char>('0' + value % 10);
        token(std::string_view(text.data(), k));
    }

    // §8.2.2.2: `N.` before every White move, `N...` before a Black move only at the start of
    // a line or after a comment or variation.
    void move_number(std::uint32_t number, Color side, bool force) {
        if (side == Color::Black && !force) return;
        std::string text;
        append_number(text, number);
        text += side == Color::White ? "." : "...";
        token(text);
    }

    void comment(std::string_view text) {
        if (text.find('}') != std::string_view::npos) {
            // §5: a brace comment ends at the first `}`; text holding one (read from a `;`
            // comment) is written as a rest-of-line comment, and the line ends after it.
            std::string t;
            t += ';';
            t += text;
            token(t);
            out_ += '\n';
            line_start_ = out_.size();
            return;
        }
        std::string t;
        t.reserve(text.size() + 2);
        t += '{';
        t += text;
        t += '}';
        token(t);
    }

    // Writes the comments that stand after ply `after` and its variation `variation` (kNone:
    // straight after the move), in source order; true when there was one.
    bool comments(std::uint32_t after, std::uint32_t variation) {
        return comments_at(ast::Comment{after, variation, ast::kNone, {}, {}});
    }
    // The comments before the first move of `line` (kNone: the main line).
    void line_start_comments(std::uint32_t line) { comments_at(ast::Comment{ast::kNone, ast::kNone, line, {}, {}}); }

    bool comments_at(const ast::Comment& place) {
        bool any = false;
        while (comment_cursor_ < g_.comments.size() &&
               PGNSEM_MUTATE(syntax_writer_comment_any_line_start,
                             g_.comments[comment_cursor_].after_ply == place.after_ply,
                             g_.comments[comment_cursor_].same_place(place))) {
            comment(g_.comments[comment_cursor_++].text);
            any = true;
        }
        return any;
    }
};

}  // namespace

void write_game(const ast::Game& g, const WriteOptions& options, std::string& out) {
    Writer w(g, options, out);
    w.tags();
    w.movetext();
}

std::string write_game(const ast::Game& g, const WriteOptions& options) {
    std::string out;
    write_game(g, options, out);
    return out;
}

}  // namespace pgnsem::syntax
