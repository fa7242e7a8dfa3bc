// What the PGN reader does after an error: the rest of the broken game is skipped
// (GameParser::resync), and a game too long to hold is skipped by the same rule as it streams
// past (Reader::skip_long_game) (syntax/README.md, "Errors and resynchronisation").
#include "syntax/pgn/parser.hpp"

namespace pgnsem::syntax::pgn {

namespace {

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

}  // namespace

// After an error the rest of the broken game is skipped: it ends at the first of (a) its own
// termination marker, (b) the next tag section, (c) the end of input (syntax/README.md,
// "Errors and resynchronisation"). (a) is a marker token as the reader cuts tokens (so
// `1-0-0` is none), outside `{…}` and `;` comments, `%` escape lines and strings; within a
// variation open at the error or later, a marker followed by `)` is the variation's (as in
// result()) and does not end the game. After it the game is over as after any marker
// (ended_at_marker_, Reader::after_result). (b) is a line that starts with `[` and
// either starts with `[Event ` or follows a line that does not start with `[` (a blank line,
// a movetext line, the line of the error itself when that is movetext); it is checked at
// every line start, inside an open `{` too, so the skip never runs past where a line-based
// resynchronisation would stop. Everything up to the end belongs to the broken game; each
// byte is looked at a bounded number of times, whatever is left open.
void GameParser::resync() {
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
bool GameParser::ends_broken_game(const char* q, std::size_t depth) {
    if (depth > 0) {
        const char* r = q;
        while (!at_end(r) && (is_blank(*r) || *r == '\n')) ++r;
        if (!at_end(r) && *r == ')') return false;
    }
    p_ = q;
    ended_at_marker_ = true;
    return true;
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
void Reader::skip_long_game(ast::Game& g) {
    g.start = ast::SourcePos{cur.line, static_cast<std::uint32_t>(offset(next) - cur.line_start + 1)};
    g.offset = offset(next);
    g.error =
        ast::SyntaxError{"syntax/game-too-long", g.start, {}, "the game is longer than 64 MiB; it is skipped", 0, 0};
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

}  // namespace pgnsem::syntax::pgn
