// The streaming PGN reader: the import format of §3–§8 of the PGN standard, one game at a time.
//
// Input arrives in large chunks into one buffer that holds only the current game's bytes (and
// whatever of the following games the last read brought in). A game is parsed in one pass
// over that buffer; when the pass reaches the end of the buffered bytes before the game is
// complete (the end of a game is only known when the next `[` or the end of input is seen),
// it stops (the NeedMore exception), the buffer is refilled — grown when one game fills it, and
// back to its default size after that game (pgn::Reader::shrink_if_grown) —
// and the game is parsed again from its start. That happens about once per chunk, so the cost
// is a fraction of a percent, and in exchange every string_view of the Game points into one
// stable buffer while it is being built. Nothing is allocated per token or per move: the
// Game's vectors and the reader's own scratch keep their capacity from game to game.
//
// What lies between games belongs to no game: white space before a game and the text after a
// marker are read by the reader itself (pgn::Reader::skip_blank, after_result), across reads
// and never buffered, so padding neither counts against a game's size limit nor costs memory.
//
// Where the import format leaves room, the reader's decisions are written in syntax/README.md
// (game boundaries, resynchronisation after an error, the edge-case table).
//
// Local names: p = the read position, q/r = scan positions, c = the byte at p, g = the game.
#include "syntax/pgn/reader.hpp"

#include <cerrno>

#if defined(__SSE2__) && !defined(PGNSEM_NO_SIMD)
#include <emmintrin.h>
#endif

#include "syntax/pgn/fast.hpp"
#include "syntax/pgn/parser.hpp"
#include "syntax/san.hpp"

namespace pgnsem::syntax {

namespace pgn {

namespace {

// The first bytes looked at for UTF-16 or UTF-32 without a byte order mark (refuse_encoding).
constexpr std::size_t kEncodingProbe = 16;
// The `found` text of a text-after-result warning is cut to about this many bytes.
constexpr std::size_t kFoundBytes = 40;

[[nodiscard]] unsigned byte_at(const char* s, std::size_t i) noexcept {
    return static_cast<unsigned char>(s[i]);
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

// After a game that grew the buffer (refill), its default size of kChunk comes back as soon
// as what is left unread fits in half of it: the unread bytes move to a fresh buffer and the
// large one is freed. A buffer that never grew is left alone (ordinary files pay nothing).
// Called only where no Game points into the buffer any more.
void Reader::shrink_if_grown() {
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
bool Reader::refill() {
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
const char* Reader::read_into_spare(const char* q) {
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
void Reader::skip_blank() {
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
void Reader::after_result(ast::Game& g, const char* p) {
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

// UTF-16 and UTF-32 are recognised by their byte order mark (§4.1: PGN is ISO 8859-1, read
// here as UTF-8 where it is valid UTF-8), or without one by their first kEncodingProbe bytes:
// ASCII text (tab, line ends, printable) each with the NUL bytes of its code unit, in the
// order of one byte order — `[\0E\0v\0` is UTF-16LE, a pattern no PGN text has, as PGN has no
// NUL. Either is refused as a whole: one malformed game.
bool Reader::refuse_encoding(ast::Game& g) {
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
    g.offset = offset(next);
    g.error = ast::SyntaxError{"syntax/encoding", ast::SourcePos{1, 1}, std::string_view(next, 2), message, 0, 0};
    refused = true;
    return true;
}

}  // namespace pgn

struct PgnReader::Impl : pgn::Reader {};

using pgn::Cursor;
using pgn::GameParser;
using pgn::kChunk;
using pgn::kEncodingProbe;
using pgn::NeedMore;
using pgn::TagFixup;

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
        out.offset = r.offset(parser.first());
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
