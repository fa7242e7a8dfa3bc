// FEN (§16.1 of the PGN standard): the reader, the printer, the FEN record form (tags, the FEN,
// a comment) and an ASCII board.
//
// Names used in this file: `text` is the whole input, `pos` an offset into it (the 0-based
// column every FenError reports), `f` a field's text, `at` the offset where that field starts.
// The decisions where readers disagree are in syntax/fen-decisions.md.
#include "syntax/fen.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace pgnsem::syntax {

namespace {

using namespace std::string_literals;

// The six fields of §16.1.3, in order; FenError::field names them with these words.
constexpr std::string_view kFieldNames[6] = {"placement", "side", "castling", "en-passant", "halfmove", "fullmove"};

FenError error(std::string_view field, std::size_t pos, std::string message) {
    return FenError{field, static_cast<std::uint32_t>(pos), std::move(message)};
}

// A character as it appears in a message: printable ASCII quoted, anything else as a byte value.
std::string shown(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u <= 0x7E) return "'"s + c + "'";
    if (u == ' ') return "a space"s;
    if (u == '\t') return "a tab"s;
    constexpr char hex[] = "0123456789ABCDEF";
    return "byte 0x"s + hex[u >> 4] + hex[u & 15];
}

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

std::optional<ColoredPiece> piece_of_letter(char c) {
    const Color color = (c >= 'a' && c <= 'z') ? Color::Black : Color::White;
    switch (c) {
        case 'P':
        case 'p': return ColoredPiece{color, PieceKind::Pawn};
        case 'N':
        case 'n': return ColoredPiece{color, PieceKind::Knight};
        case 'B':
        case 'b': return ColoredPiece{color, PieceKind::Bishop};
        case 'R':
        case 'r': return ColoredPiece{color, PieceKind::Rook};
        case 'Q':
        case 'q': return ColoredPiece{color, PieceKind::Queen};
        case 'K':
        case 'k': return ColoredPiece{color, PieceKind::King};
        default: return std::nullopt;
    }
}

// §16.1.3.1: ranks 8 → 1, files a → h, digits 1–8 count contiguous empty squares, '/' between
// ranks. Two digits in a row are rejected (syntax/fen-decisions.md).
std::optional<FenError> parse_placement(std::string_view f, std::size_t at, Placement& out) {
    constexpr std::string_view field = kFieldNames[0];
    int rank = 7;
    int file = 0;
    bool previous_digit = false;
    for (std::size_t i = 0; i < f.size(); ++i) {
        const char c = f[i];
        const std::size_t pos = at + i;
        const auto rank_name = [rank] { return std::to_string(rank + 1); };
        if (c == '/') {
            if (file < 8)
                return error(field, pos,
                             "rank " + rank_name() + " describes only " + std::to_string(file) +
                                 " files before '/'; each rank describes 8 squares (a digit counts empty squares)");
            if (rank == 0)
                return error(field, pos, "a ninth rank begins after this '/'; the placement has exactly 8 ranks");
            --rank;
            file = 0;
            previous_digit = false;
            continue;
        }
        if (c >= '0' && c <= '9') {
            if (c == '0' || c == '9')
                return error(
                    field, pos,
                    "the digit "s + c + " is not a count of empty squares; a rank has room for runs of 1 to 8 only");
            if (previous_digit)
                return error(field, pos,
                             "two digits in a row ('"s + f[i - 1] + "' then '" + c +
                                 "'): one digit counts the whole run of empty squares, write " +
                                 std::to_string((f[i - 1] - '0') + (c - '0')) + " (or fix the rank)");
            const int run = c - '0';
            if (file + run > 8)
                return error(field, pos,
                             "rank " + rank_name() + " overflows: the digit "s + c + " brings it to " +
                                 std::to_string(file + run) + " files; a rank has 8");
            file += run;
            previous_digit = true;
            continue;
        }
        const auto piece = piece_of_letter(c);
        if (!piece)
            return error(field, pos,
                         "unknown piece letter " + shown(c) +
                             "; FEN uses PNBRQK for White, pnbrqk for Black, digits 1-8 and '/'");
        if (file >= 8)
            return error(
                field, pos,
                "rank " + rank_name() + " overflows: " + shown(c) + " would stand on a ninth file; a rank has 8");
        out.squares[static_cast<std::size_t>(rank * 8 + file)] = *piece;
        ++file;
        previous_digit = false;
    }
    const std::size_t end = at + f.size();
    if (file < 8)
        return error(field, end,
                     "rank " + std::to_string(rank + 1) + " describes only " + std::to_string(file) +
                         " files; each rank describes 8 squares");
    if (rank > 0)
        return error(field, end,
                     "the placement has " + std::to_string(8 - rank) +
                         " ranks; FEN describes all 8, from rank 8 to rank 1, separated by '/'");
    return std::nullopt;
}

// §16.1.3.2
std::optional<FenError> parse_side(std::string_view f, std::size_t at, Placement& out) {
    if (f == "w") {
        out.side_to_move = Color::White;
        return std::nullopt;
    }
    if (f == "b") {
        out.side_to_move = Color::Black;
        return std::nullopt;
    }
    if (f.size() == 1)
        return error(kFieldNames[1], at, "the side to move is 'w' or 'b' (lower case), not " + shown(f[0]));
    return error(kFieldNames[1], at,
                 "the side to move is the single letter 'w' or 'b', not \"" + std::string(f) + "\"");
}

// §16.1.3.3: '-' or a non-empty subset of KQkq in that order. Chess960 (proofs-notes/chess960.md)
// names a right's rook by its file letter (Shredder-FEN, X-FEN): upper case for White, lower case
// for Black, within a colour after K and before Q, from h to a (`HAha`, `KCkc`).
std::optional<FenError> parse_castling(std::string_view f, std::size_t at, Placement& out) {
    constexpr std::string_view field = kFieldNames[2];
    if (f == "-") return std::nullopt;
    constexpr std::string_view order = "KQkq";
    bool* const rights[4] = {&out.white_king_side, &out.white_queen_side, &out.black_king_side, &out.black_queen_side};
    // Each letter's place in the canonical order: per colour (White 0–9, Black 10–19) K 0, the files
    // h … a 1–8, Q 9.
    int next = 0;
    for (std::size_t i = 0; i < f.size(); ++i) {
        const char c = f[i];
        const std::size_t pos = at + i;
        const std::size_t k = order.find(c);
        const bool white_file = c >= 'A' && c <= 'H', black_file = c >= 'a' && c <= 'h';
        int place = 0;
        bool repeated = false;
        if (k != std::string_view::npos) {
            place = (k >= 2 ? 10 : 0) + (k % 2 == 0 ? 0 : 9);
            repeated = *rights[k];
            *rights[k] = true;
        } else if (white_file || black_file) {
            const int file = white_file ? c - 'A' : c - 'a';
            std::uint8_t& files = out.castling_files[black_file ? 1 : 0];
            place = (black_file ? 10 : 0) + 1 + (7 - file);
            repeated = (files & (1u << file)) != 0;
            files = static_cast<std::uint8_t>(files | (1u << file));
        } else {
            if (c == '-') return error(field, pos, "'-' stands alone: it means no castling availability at all");
            return error(field, pos,
                         "unknown castling letter " + shown(c) +
                             "; the field is '-' or letters of KQkq (in Chess960 also file letters, A-H and a-h)");
        }
        if (repeated)
            return error(field, pos,
                         "castling letter " + shown(c) + " is repeated; each of K, Q, k, q appears at most once");
        if (place < next)
            return error(field, pos,
                         "castling letter " + shown(c) +
                             " is out of order; the letters are written in the order K Q k q (Chess960's file letters "
                             "after K and before Q of their colour, from h to a)");
        next = place + 1;
    }
    return std::nullopt;
}

// §16.1.3.4: '-' or a square. Whether the square fits the position is validate()'s question.
std::optional<FenError> parse_en_passant(std::string_view f, std::size_t at, Placement& out) {
    constexpr std::string_view field = kFieldNames[3];
    if (f == "-") return std::nullopt;
    if (f.size() == 2) {
        if (const auto q = Square::from_chars(f[0], f[1])) {
            out.en_passant = *q;
            return std::nullopt;
        }
    }
    if (!File::from_char(f[0]))
        return error(field, at,
                     "the en passant target is '-' or a square such as e3; " + shown(f[0]) + " is not a file a-h");
    if (f.size() < 2 || !Rank::from_char(f[1]))
        return error(field, at + 1,
                     "the en passant target is '-' or a square such as e3; a rank digit 1-8 must follow the file");
    return error(field, at + 2, "the en passant target is a single square; unexpected " + shown(f[2]) + " after it");
}

// §16.1.3.5 and §16.1.3.6: decimal digits, at most 2^32 − 1. Range (fullmove 0, halfmove
// above 65535) is validate()'s question.
std::optional<FenError> parse_counter(std::string_view field, std::string_view f, std::size_t at, std::uint32_t& out) {
    const char* what = field == kFieldNames[4] ? "the halfmove clock" : "the fullmove number";
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < f.size(); ++i) {
        const char c = f[i];
        if (c < '0' || c > '9')
            return error(field, at + i,
                         std::string(what) + " is a non-negative decimal number; " + shown(c) + " is not a digit");
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
        if (value > 0xFFFFFFFFull)
            return error(
                field, at,
                std::string(what) + " \"" + std::string(f) + "\" does not fit in 32 bits (at most 4294967295)");
    }
    out = static_cast<std::uint32_t>(value);
    return std::nullopt;
}

// Writes v in decimal; returns the new end.
char* write_number(char* out, std::uint32_t v) noexcept {
    char digits[10];
    int n = 0;
    do {
        digits[n++] = static_cast<char>('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0) *out++ = digits[--n];
    return out;
}

}  // namespace

FenResult parse_fen(std::string_view text) {
    // Leading and trailing white space is not part of the record (a line's end, a tag's padding).
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && is_blank(text[begin])) ++begin;
    while (end > begin && is_blank(text[end - 1])) --end;
    if (begin == end) return error("fields", begin, "the FEN is empty; it has six fields separated by single spaces");

    // §16.1.3: six fields, each of non-blank printing characters, separated by a single space.
    std::string_view fields[6];
    std::size_t starts[6] = {};
    std::size_t count = 0;
    std::size_t field_start = begin;
    for (std::size_t i = begin; i <= end; ++i) {
        const bool at_end = i == end;
        const char c = at_end ? ' ' : text[i];
        if (!at_end && is_blank(c) && c != ' ')
            return error("fields", i, "fields are separated by a single space, not " + shown(c));
        if (c != ' ') continue;
        if (i == field_start)
            return error("fields", i, "two spaces in a row; FEN separates its six fields by a single space");
        if (count == 6)
            return error("fields", field_start, "a seventh field begins here; a FEN has exactly six fields");
        fields[count] = text.substr(field_start, i - field_start);
        starts[count] = field_start;
        ++count;
        field_start = i + 1;
    }
    if (count < 6)
        return error("fields", end,
                     "the FEN has " + std::to_string(count) + (count == 1 ? " field" : " fields") +
                         " and ends before the " + std::string(kFieldNames[count]) +
                         " field; six are required (placement, side, castling, en passant, halfmove clock, "
                         "fullmove number)");

    Placement p;
    if (auto e = parse_placement(fields[0], starts[0], p)) return *e;
    if (auto e = parse_side(fields[1], starts[1], p)) return *e;
    if (auto e = parse_castling(fields[2], starts[2], p)) return *e;
    if (auto e = parse_en_passant(fields[3], starts[3], p)) return *e;
    if (auto e = parse_counter(kFieldNames[4], fields[4], starts[4], p.halfmove_clock)) return *e;
    if (auto e = parse_counter(kFieldNames[5], fields[5], starts[5], p.fullmove_number)) return *e;
    return p;
}

namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// EPD's operations after the four fields: each an opcode (a letter, then letters, digits or '_')
// and its operands (words, or strings in double quotes), ended by ';'. `hmvc` and `fmvn` with one
// number set the clocks; the others are read and carry nothing for the position.
std::optional<FenError> parse_epd_operations(std::string_view text, std::size_t pos, std::size_t end, Placement& p) {
    while (pos < end) {
        while (pos < end && text[pos] == ' ') ++pos;
        if (pos == end) break;
        const std::size_t op_start = pos;
        const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
        if (!letter(text[pos]))
            return error("operations", pos,
                         "an EPD operation begins with its opcode, a letter; " + shown(text[pos]) + " is not one");
        while (pos < end && (letter(text[pos]) || is_digit(text[pos]) || text[pos] == '_')) ++pos;
        const std::string_view opcode = text.substr(op_start, pos - op_start);
        std::string_view operands[2];
        std::size_t operand_starts[2] = {};
        std::size_t count = 0;
        for (;;) {
            while (pos < end && text[pos] == ' ') ++pos;
            if (pos == end)
                return error("operations", end, "the EPD operation " + std::string(opcode) + " has no ';' to end it");
            if (text[pos] == ';') {
                ++pos;
                break;
            }
            const std::size_t operand_start = pos;
            if (text[pos] == '"') {
                const std::size_t close = text.find('"', pos + 1);
                if (close == std::string_view::npos || close >= end)
                    return error("operations", pos, "the string opened here has no closing '\"'");
                pos = close + 1;
            } else {
                while (pos < end && text[pos] != ' ' && text[pos] != ';') ++pos;
            }
            if (count < 2) {
                operands[count] = text.substr(operand_start, pos - operand_start);
                operand_starts[count] = operand_start;
            }
            ++count;
        }
        // The clocks of EPD's operations (hmvc: the halfmove clock, fmvn: the fullmove number).
        const bool hmvc = opcode == "hmvc", fmvn = opcode == "fmvn";
        if (hmvc || fmvn) {
            if (count != 1)
                return error("operations", op_start,
                             "the EPD operation " + std::string(opcode) + " has one operand, a number");
            if (auto e = parse_counter(kFieldNames[hmvc ? 4 : 5], operands[0], operand_starts[0],
                                       hmvc ? p.halfmove_clock : p.fullmove_number))
                return e;
        }
    }
    return std::nullopt;
}

}  // namespace

FenResult parse_position(std::string_view text) {
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && is_blank(text[begin])) ++begin;
    while (end > begin && is_blank(text[end - 1])) --end;
    // The first four fields, each ended by a single space or the end.
    std::string_view fields[4];
    std::size_t starts[4] = {};
    std::size_t pos = begin;
    for (std::size_t k = 0; k < 4; ++k) {
        if (pos >= end || text[pos] == ' ') return parse_fen(text);
        starts[k] = pos;
        while (pos < end && !is_blank(text[pos])) ++pos;
        fields[k] = text.substr(starts[k], pos - starts[k]);
        if (pos < end && text[pos] != ' ') return parse_fen(text);
        if (pos < end) ++pos;
    }
    // Six fields when a clock follows; four (EPD), with operations or none, otherwise. A signed
    // number is a clock too (an opcode begins with a letter): parse_fen reports the clock's field
    // and why it is not one (`-1`: the halfmove clock is not negative).
    const bool sign = pos + 1 < end && (text[pos] == '-' || text[pos] == '+') && is_digit(text[pos + 1]);
    if (pos < end && (is_digit(text[pos]) || sign)) return parse_fen(text);
    Placement p;
    if (auto e = parse_placement(fields[0], starts[0], p)) return *e;
    if (auto e = parse_side(fields[1], starts[1], p)) return *e;
    if (auto e = parse_castling(fields[2], starts[2], p)) return *e;
    if (auto e = parse_en_passant(fields[3], starts[3], p)) return *e;
    p.halfmove_clock = 0;
    p.fullmove_number = 1;
    if (auto e = parse_epd_operations(text, pos, end, p)) return *e;
    return p;
}

FenText print_fen(const Placement& p) noexcept {
    std::array<char, 64> letters{};
    for (std::size_t q = 0; q < 64; ++q)
        if (const auto& piece = p.squares[q]) letters[q] = fen_letter(*piece);
    return print_fen(letters, p);
}

namespace {

// The files of a rank that hold a piece, as bits (file a = bit 0): those whose letter is not 0.
// One word for the rank's eight letters (the compiler makes the shifts one load), then the top
// bit of each byte set when the byte is not 0 (the low seven bits plus 0x7F carry into it, or it
// was set), and the eight top bits gathered into one byte by a multiplication: about 10
// instructions a rank, far fewer than a test per square.
unsigned occupied_files(const char* row) noexcept {
    std::uint64_t x = 0;
    for (unsigned file = 0; file < 8; ++file) x |= std::uint64_t{static_cast<unsigned char>(row[file])} << (8 * file);
    constexpr std::uint64_t kTop = 0x8080808080808080ull;
    const std::uint64_t top = (((x & ~kTop) + ~kTop) | x) & kTop;
    return static_cast<unsigned>(((top >> 7) * 0x0102040810204080ull) >> 56);
}

}  // namespace

FenText print_fen(const std::array<char, 64>& letters, const FenFields& p) noexcept {
    FenText out;
    char* w = out.chars.data();
    // Every verdict carries a FEN, so this is written without a branch per square: a rank's
    // occupied files as bits, then one step per piece; a digit (the empty squares before the
    // piece, or after the last one) is always written and kept only when it is not 0.
    for (int rank = 7; rank >= 0; --rank) {
        const char* row = letters.data() + rank * 8;
        unsigned occupied = occupied_files(row);
        int next = 0;
        for (; occupied != 0; occupied &= occupied - 1) {
            const int file = std::countr_zero(occupied);
            *w = static_cast<char>('0' + file - next);
            w += file != next ? 1 : 0;
            *w++ = row[file];
            next = file + 1;
        }
        *w = static_cast<char>('0' + 8 - next);
        w += next != 8 ? 1 : 0;
        *w = '/';
        w += rank > 0 ? 1 : 0;
    }
    *w++ = ' ';
    *w++ = p.side_to_move == Color::White ? 'w' : 'b';
    *w++ = ' ';
    const bool rights[4] = {p.white_king_side, p.white_queen_side, p.black_king_side, p.black_queen_side};
    bool any = false;
    // per colour: K, Chess960's file letters from h to a, Q (parse_castling's order)
    for (std::size_t c = 0; c < 2; ++c) {
        const char base = c == 0 ? 'A' : 'a';
        if (rights[2 * c]) *w++ = "Kk"[c];
        for (unsigned files = p.castling_files[c]; files != 0;) {
            const int file = static_cast<int>(std::bit_width(files)) - 1;
            *w++ = static_cast<char>(base + file);
            files &= ~(1u << file);
        }
        if (rights[2 * c + 1]) *w++ = "Qq"[c];
        any = any || rights[2 * c] || rights[2 * c + 1] || p.castling_files[c] != 0;
    }
    if (!any) *w++ = '-';
    *w++ = ' ';
    if (p.en_passant)
        w = write_square(w, *p.en_passant);
    else
        *w++ = '-';
    *w++ = ' ';
    w = write_number(w, p.halfmove_clock);
    *w++ = ' ';
    w = write_number(w, p.fullmove_number);
    out.size = static_cast<std::uint8_t>(w - out.chars.data());
    return out;
}

namespace {

// The record form of seed 001: [Event "…"] [White "…"] [Black "…"] (each optional, in this
// order), the FEN on one line, an optional {comment}. White space (new lines included) may
// separate the parts. Tag values use the PGN string escapes \" and \\ (§7).
struct RecordReader {
    std::string_view text;
    std::size_t pos = 0;

    void skip_blanks() {
        while (pos < text.size() && is_blank(text[pos])) ++pos;
    }

    // [Name "value"]; pos is at '['.
    std::optional<FenError> tag(std::string& name, std::string& value) {
        const std::size_t open = pos;
        ++pos;
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
        const std::size_t name_start = pos;
        while (pos < text.size() && ((text[pos] >= 'A' && text[pos] <= 'Z') || (text[pos] >= 'a' && text[pos] <= 'z') ||
                                     (text[pos] >= '0' && text[pos] <= '9') || text[pos] == '_'))
            ++pos;
        name.assign(text.substr(name_start, pos - name_start));
        if (name.empty()) return error("tag", name_start, "a tag name (Event, White or Black) must follow '['");
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
        if (pos >= text.size() || text[pos] != '"')
            return error("tag", pos, "the tag " + name + " needs a value in double quotes");
        ++pos;
        value.clear();
        for (;;) {
            if (pos >= text.size() || text[pos] == '\n' || text[pos] == '\r')
                return error("tag", open, "the value of the tag " + name + " has no closing '\"' on its line");
            const char c = text[pos];
            if (c == '"') break;
            if (c == '\\' && pos + 1 < text.size() && (text[pos + 1] == '"' || text[pos + 1] == '\\')) ++pos;
            value.push_back(text[pos]);
            ++pos;
        }
        ++pos;
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
        if (pos >= text.size() || text[pos] != ']')
            return error("tag", pos, "the tag " + name + " must end with ']' after its value");
        ++pos;
        return std::nullopt;
    }
};

}  // namespace

FenRecordResult parse_fen_record(std::string_view text, bool epd) {
    RecordReader r{text};
    FenRecord record;
    // Seed 001's grammar: event_tag? white_tag? black_tag?, in this order.
    constexpr std::string_view tag_names[3] = {"Event", "White", "Black"};
    std::optional<std::string>* const tag_values[3] = {&record.event, &record.white, &record.black};
    std::size_t next_tag = 0;
    r.skip_blanks();
    while (r.pos < text.size() && text[r.pos] == '[') {
        const std::size_t open = r.pos;
        std::string name, value;
        if (auto e = r.tag(name, value)) return *e;
        std::size_t k = 0;
        while (k < 3 && tag_names[k] != name) ++k;
        if (k == 3) return error("tag", open + 1, "a FEN record has only the tags Event, White and Black, not " + name);
        if (k < next_tag)
            return error("tag", open + 1,
                         "the tag " + name + (tag_values[k]->has_value() ? " is repeated" : " is out of order") +
                             "; a FEN record has Event, White, Black in this order, each at most once");
        *tag_values[k] = std::move(value);
        next_tag = k + 1;
        r.skip_blanks();
    }
    // The FEN is one line; a comment may follow on the same line or a later one.
    const std::size_t fen_start = r.pos;
    std::size_t fen_end = fen_start;
    while (fen_end < text.size() && text[fen_end] != '\n' && text[fen_end] != '\r' && text[fen_end] != '{') ++fen_end;
    if (fen_start == text.size()) return error("fields", fen_start, "the record has no FEN");
    const std::string_view fen = text.substr(fen_start, fen_end - fen_start);
    auto parsed = epd ? parse_position(fen) : parse_fen(fen);
    if (auto* e = boost::variant2::get_if<FenError>(&parsed)) {
        e->column += static_cast<std::uint32_t>(fen_start);
        return *e;
    }
    record.placement = boost::variant2::get<Placement>(parsed);
    r.pos = fen_end;
    r.skip_blanks();
    if (r.pos < text.size() && text[r.pos] == '{') {
        const std::size_t open = r.pos;
        const std::size_t close = text.find('}', open + 1);
        if (close == std::string_view::npos)
            return error("comment", open, "the comment opened here has no closing '}'");
        record.comment = std::string(text.substr(open + 1, close - open - 1));
        r.pos = close + 1;
        r.skip_blanks();
    }
    if (r.pos < text.size())
        return error("record", r.pos,
                     "unexpected " + shown(text[r.pos]) + " after the FEN; only a {comment} may follow it");
    return record;
}

std::string board_diagram(const Placement& p) {
    // Seed 002's grid: a rule line, then each rank from 8 to 1 as "| x " cells closed by "| n",
    // then the file letters centred under the cells.
    constexpr std::string_view rule = "+---+---+---+---+---+---+---+---+\n";
    std::string out;
    out.reserve(rule.size() * 9 + 8 * 38 + 36);
    out += rule;
    for (int rank = 7; rank >= 0; --rank) {
        for (int file = 0; file < 8; ++file) {
            const auto& q = p.squares[static_cast<std::size_t>(rank * 8 + file)];
            out += "| ";
            out += q ? fen_letter(*q) : ' ';
            out += ' ';
        }
        out += "| ";
        out += static_cast<char>('1' + rank);
        out += '\n';
        out += rule;
    }
    out += "  a   b   c   d   e   f   g   h\n";
    return out;
}

}  // namespace pgnsem::syntax
