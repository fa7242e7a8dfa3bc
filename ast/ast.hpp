// The abstract syntax of the paper (§3.1), extended by what real SAN carries.
//
//   S := nil | n. M :: S
//   M := M1 M2 | traversals | captures | castles | promotions
//   traversals := Q | P :: Q
//   captures   := P :: x :: Q
//   castles    := O-O | O-O-O
//   promotions := Q =:: T | W :: x :: Q =:: T
//
// Extensions (each documented in proofs-notes/semantics.md):
//   - a Disambiguator (origin file, rank or square) on traversals and captures (§8.2.3.4 of the
//     PGN standard; the paper mentions "Ndc5 or N7c5" in prose only);
//   - Coordinate: a move written by its squares only (UCI `e2e4`, `e7e8q`), an import tolerance;
//   - NullMove (`--`, `Z0`), which is never a legal move of the main line;
//   - side data on every move: the check/mate claim (`+`/`#`), the suffix annotation (one of the
//     six glyphs, only at the end) and the spelling tolerances the reader accepted (`0-0`, `e.p.`,
//     `P` prefix, long algebraic, …) so the interpreter can report each one.
//
// The paper's steps "n. M1 M2" are kept flat: each ply carries the move number written before
// it, if any. [[M1 M2]] is the composition of [[M1]] and [[M2]], so folding the plies in order
// is the same function (proofs-notes/semantics.md, "Steps").
#pragma once

#include <boost/variant2/variant.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/reader_warnings.hpp"
#include "ast/square.hpp"

namespace pgnsem::ast {

// Origin hints of §8.2.3.4: none, file, rank, or both (a full square).
struct Disambiguator {
    std::optional<File> file;
    std::optional<Rank> rank;
    [[nodiscard]] bool empty() const noexcept { return !file && !rank; }
    friend bool operator==(const Disambiguator&, const Disambiguator&) = default;
};

// traversals := Q | P :: Q. `piece` is Pawn for the paper's bare Q.
// A pawn traversal carries no disambiguator (the reader rejects one, except a full origin
// square written in long algebraic form, which it records as such).
struct Traversal {
    PieceKind piece;
    Disambiguator from;
    Square to;
    friend bool operator==(const Traversal&, const Traversal&) = default;
};

// captures := P :: x :: Q. For a pawn, `from.file` is the paper's W (the pawn's file) and is
// always present.
struct Capture {
    PieceKind piece;
    Disambiguator from;
    Square to;
    friend bool operator==(const Capture&, const Capture&) = default;
};

enum class CastleSide : std::uint8_t { King, Queen };

// castles := O-O | O-O-O
struct Castle {
    CastleSide side;
    friend bool operator==(const Castle&, const Castle&) = default;
};

// T ∈ Pmajor = {Q, N, B, R}; =K and =P are not promotions (a syntax error).
enum class PromotionPiece : std::uint8_t { Knight, Bishop, Rook, Queen };

[[nodiscard]] constexpr PieceKind kind_of(PromotionPiece p) noexcept {
    switch (p) {
        case PromotionPiece::Knight: return PieceKind::Knight;
        case PromotionPiece::Bishop: return PieceKind::Bishop;
        case PromotionPiece::Rook: return PieceKind::Rook;
        case PromotionPiece::Queen: return PieceKind::Queen;
    }
    PGNSEM_UNREACHABLE("T ∈ Pmajor = {Q, N, B, R}");
}

// promotions := Q =:: T | W :: x :: Q =:: T
// Only onto rank 8 or rank 1: the checked factory refuses anything else, and a capture's file
// must be next to the destination's.
class Promotion {
public:
    [[nodiscard]] static std::optional<Promotion> make(std::optional<File> capture_from, Square to,
                                                       PromotionPiece piece) noexcept {
        if (to.rank().index() != 0 && to.rank().index() != 7) return std::nullopt;
        if (capture_from) {
            int d = capture_from->index() - to.file().index();
            if (d != 1 && d != -1) return std::nullopt;
        }
        return Promotion(capture_from, to, piece);
    }
    // W, present for a promotion by capture.
    [[nodiscard]] std::optional<File> capture_from() const noexcept { return capture_from_; }
    [[nodiscard]] bool is_capture() const noexcept { return capture_from_.has_value(); }
    [[nodiscard]] Square to() const noexcept { return to_; }
    [[nodiscard]] PromotionPiece piece() const noexcept { return piece_; }
    friend bool operator==(const Promotion&, const Promotion&) = default;

private:
    Promotion(std::optional<File> f, Square to, PromotionPiece p) noexcept : capture_from_(f), to_(to), piece_(p) {}
    std::optional<File> capture_from_;
    Square to_;
    PromotionPiece piece_;
};

// A move written by its two squares (UCI `g1f3`, `e7e8q`; also `e2-e4` and `e2e4` without a
// piece letter). The semantics reads the piece from σ(from). Import tolerance only.
struct Coordinate {
    Square from;
    Square to;
    std::optional<PromotionPiece> promotion;
    friend bool operator==(const Coordinate&, const Coordinate&) = default;
};

// `--`, `Z0`, `0000`, `@@@@`: not a chess move.
struct NullMove {
    friend bool operator==(const NullMove&, const NullMove&) = default;
};

using MoveBody = boost::variant2::variant<Traversal, Capture, Castle, Promotion, Coordinate, NullMove>;

// What `+` / `#` claim about the position after the move (§8.2.3.5).
enum class CheckClaim : std::uint8_t { None, Check, Mate };

// The six suffix annotations of §8.2.3.8, in NAG order: $1 … $6.
enum class Suffix : std::uint8_t {
    None = 0,
    Good = 1,
    Mistake = 2,
    Brilliant = 3,
    Blunder = 4,
    Interesting = 5,
    Dubious = 6
};

// Spellings the import reader tolerates; each one set is reported as a warning (an error under
// --strict) with the canonical form.
enum Spelling : std::uint16_t {
    kCanonical = 0,
    kZeroCastle = 1u << 0,              // 0-0 / 0-0-0 (digit zero) for O-O / O-O-O
    kEnPassantSuffix = 1u << 1,         // exd6 e.p. / exd6ep
    kPawnLetter = 1u << 2,              // Pe4
    kLongAlgebraic = 1u << 3,           // Ng1-f3, Ng1f3, e2-e4, Nb1xc3
    kCoordinate = 1u << 4,              // e2e4 (UCI)
    kLowercasePromotion = 1u << 5,      // e8=q
    kPromotionWithoutEquals = 1u << 6,  // e8Q
    kCaptureColon = 1u << 7,            // N:f3, e:d5 (a colon for `x`)
    kDetachedSuffix = 1u << 8,          // a glyph separated from its move (`e4 !`)
};

struct Move {
    MoveBody body;
    CheckClaim claim = CheckClaim::None;
    Suffix suffix = Suffix::None;
    std::uint16_t spelling = kCanonical;  // bit set of Spelling
    friend bool operator==(const Move&, const Move&) = default;
};

// ---------------------------------------------------------------------------------------------
// Games. The movetext is stored flat (no allocation per move once the vectors have grown):
// every ply of the main line and of every variation lives in Game::plies; each line is a chain
// of `next` indices; a ply lists the variations (RAV) that follow it, each of which replaces
// that ply (it is replayed from the position before it).

inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

struct SourcePos {
    std::uint32_t line = 0;    // 1-based
    std::uint32_t column = 0;  // 1-based, in bytes
};

enum class Result : std::uint8_t { WhiteWins, BlackWins, Draw, Unknown };  // 1-0 0-1 1/2-1/2 *

[[nodiscard]] constexpr std::string_view result_text(Result r) noexcept {
    switch (r) {
        case Result::WhiteWins: return "1-0";
        case Result::BlackWins: return "0-1";
        case Result::Draw: return "1/2-1/2";
        case Result::Unknown: return "*";
    }
    PGNSEM_UNREACHABLE("every termination marker is listed");
}

struct Ply {
    Move move;
    SourcePos pos;                          // where the move token starts
    std::string_view text;                  // the move as written (view into the reader's buffer)
    std::uint32_t number_written = 0;       // the move number written before this ply, 0 if none
    SourcePos number_pos;                   // where that number starts
    std::uint32_t next = kNone;             // next ply of the same line
    std::uint32_t first_variation = kNone;  // index into Game::variations
    std::uint32_t nags_begin = 0;           // Game::nags[nags_begin, nags_begin + nags_count)
    std::uint16_t nags_count = 0;
};

struct Variation {
    std::uint32_t first_ply = kNone;     // kNone for an empty variation `()`
    std::uint32_t next_sibling = kNone;  // the next variation that replaces the same ply
    SourcePos pos;                       // where `(` stands
};

// A NAG annotates the move before it (§8.2.4), wherever it is written after that move (after its
// comments or its variations too): its place is that ply (Ply::nags_begin, Ply::nags_count), and
// the export format writes it straight after the move.
struct Nag {
    std::uint8_t value;
    SourcePos pos;
};

// Where a comment stands, in every line at every depth: after a move (after_ply), and among that
// move's variations, after the last of them closed before it (after_variation; kNone: straight
// after the move, before its variations) — or before the first move of a line (after_ply = kNone),
// the line being a variation (line) or the main line (line = kNone: before the game's first
// move). A comment after a line's last move is also the one before the termination marker or
// before the `)`; a comment in an empty variation `( {c} )` stands before its (absent) first move.
// Comments at one place keep their source order, and Game::comments lists them in the order the
// movetext is walked (a ply, its comments, its variations each followed by the comments after
// it, the next ply), which is source order; syntax/pgn/writer.cpp writes each at its place.
struct Comment {
    std::uint32_t after_ply = kNone;
    std::uint32_t after_variation = kNone;  // with after_ply: the variation of after_ply it follows
    std::uint32_t line = kNone;             // with after_ply = kNone: the variation it opens
    std::string_view text;                  // without the delimiters
    SourcePos pos;

    // Whether two comments stand at the same place (their lines and plies compared by index).
    [[nodiscard]] bool same_place(const Comment& o) const noexcept {
        return after_ply == o.after_ply && (after_ply == kNone ? line == o.line : after_variation == o.after_variation);
    }
};

struct Tag {
    std::string_view name;
    std::string_view value;  // escapes (\" and \\) already decoded
    SourcePos pos;
};

// Something the reader tolerated or noticed but that does not make the text malformed in the
// default mode (text after the termination marker, a missing marker, …). The kinds are declared
// in ast/reader_warnings.hpp.
struct ReaderWarning {
    ReaderWarningKind kind;
    SourcePos pos;
    std::string_view found;
    std::string_view canonical;
    std::string_view message;
};

// The first thing in a game that is not PGN. The game is judged up to it.
struct SyntaxError {
    std::string_view kind;  // "syntax/token", "syntax/promotion-rank", … (syntax/README.md)
    SourcePos pos;
    std::string_view token;             // the offending text
    std::string_view message;           // a sentence
    std::uint32_t ply_index = 0;        // how many main-line plies were read before it
    std::uint32_t variation_depth = 0;  // 0 in the main line, else how many `(` enclose it
};

struct Game {
    std::uint32_t index = 0;  // 1-based within the file
    SourcePos start;
    // The offset in the input (the text read: decompressed, for a compressed file) of the game's
    // first byte, the byte `start` names.
    std::uint64_t offset = 0;
    // The game's bytes as read: from its first byte (its tag section's `[`, or its first movetext
    // byte) to where the reader ended it — just after its termination marker, or where the next
    // game starts, or where the reader resynchronised after a syntax error (syntax/README.md,
    // "Errors and resynchronisation"), or the end of input — so the blank lines before the next
    // game's tags may belong to it; the text after a marker (ReaderWarningKind::TextAfterResult)
    // does not. A view into the reader's buffer, valid until the next PgnReader::next (the reader
    // only records where the game started and ended: nothing is copied). Empty for the two games
    // whose bytes the reader does not keep: one longer than its limit (syntax/game-too-long) and a
    // UTF-16 or UTF-32 input (syntax/encoding). normalize writes a game it cannot rewrite as this.
    std::string_view text;
    std::vector<Tag> tags;
    std::vector<Ply> plies;
    std::vector<Variation> variations;
    std::vector<Nag> nags;
    std::vector<Comment> comments;
    std::vector<ReaderWarning> warnings;
    std::uint32_t main_line = kNone;  // first ply of the main line
    std::optional<Result> result;     // the termination marker, if any
    SourcePos result_pos;
    std::optional<SyntaxError> error;

    void clear() noexcept {
        index = 0;
        start = {};
        offset = 0;
        text = {};
        tags.clear();
        plies.clear();
        variations.clear();
        nags.clear();
        comments.clear();
        warnings.clear();
        main_line = kNone;
        result.reset();
        result_pos = {};
        error.reset();
    }
    // Whether own_strings copies the game's raw `text` too or empties it.
    enum class RawText : bool { Drop, Copy };
    // Makes the game independent of the reader's buffer: every string_view it holds is copied
    // into `arena` (cleared first) and pointed there, so the game can outlive the next call to
    // PgnReader::next (the parallel checker hands games to other threads this way). Reusing the
    // same arena and game keeps the steady state free of allocation. `text` is copied only when
    // asked (RawText::Copy), in one piece, and then every view that lies within it is pointed at
    // its copy, so that only the views elsewhere (a tag value whose escapes were decoded, a
    // reader's message) are copied one by one: fewer bytes and far fewer copies than view by view
    // (the library's GameReader keeps games so). With RawText::Drop it is emptied, so no view into
    // the reader's buffer is left behind, and each view is copied (the checker never reads the
    // text, and the views take fewer bytes than the whole of it).
    void own_strings(std::string& arena, RawText raw) {
        if (raw == RawText::Drop) text = {};
        const std::string_view whole = text;
        // where a view starts in `whole` (past its end, for a view before it: the difference wraps)
        const auto begin = reinterpret_cast<std::uintptr_t>(whole.data());
        const std::size_t size = whole.size();
        const auto offset = [begin](std::string_view v) { return reinterpret_cast<std::uintptr_t>(v.data()) - begin; };
        const auto inside = [size, offset](std::string_view v) {
            const std::uintptr_t at = offset(v);
            return at <= size && v.size() <= size - at;
        };
        std::size_t total = size;
        auto count = [&total, inside](std::string_view v) {
            if (!inside(v)) total += v.size();
        };
        for_each_view(count);
        arena.clear();
        arena.reserve(total);
        arena.append(whole);
        const char* const copy = arena.data();
        auto move = [&arena, copy, inside, offset](std::string_view& v) {
            if (inside(v)) {
                v = std::string_view(copy + offset(v), v.size());
                return;
            }
            const std::size_t at = arena.size();
            arena.append(v);
            v = std::string_view(arena.data() + at, v.size());
        };
        for_each_view(move);
    }
    // The value of a tag, if present (the last one when repeated).
    [[nodiscard]] std::optional<std::string_view> tag(std::string_view name) const noexcept {
        std::optional<std::string_view> found;
        for (const Tag& t : tags)
            if (t.name == name) found = t.value;
        return found;
    }
    // Where that tag stands (the last one when repeated), or where the game starts when it is absent.
    [[nodiscard]] SourcePos tag_pos(std::string_view name) const noexcept {
        SourcePos p = start;
        for (const Tag& t : tags)
            if (t.name == name) p = t.pos;
        return p;
    }

private:
    template <class F>
    void for_each_view(F&& f) {
        f(text);
        for (Tag& t : tags) {
            f(t.name);
            f(t.value);
        }
        for (Ply& p : plies) f(p.text);
        for (Comment& c : comments) f(c.text);
        for (ReaderWarning& w : warnings) {
            f(w.found);
            f(w.canonical);
            f(w.message);
        }
        if (error) {
            f(error->kind);
            f(error->token);
            f(error->message);
        }
    }
};

}  // namespace pgnsem::ast
