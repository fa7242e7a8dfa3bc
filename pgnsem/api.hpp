// pgnsem's public library interface: read games, judge a game; the board (pgnsem/board.hpp: play,
// take back, legal moves, FEN, SAN, one move judged) and the rule ids (pgnsem/rules.hpp) come with
// it. Small value types over the reader (syntax/), the semantics (semantics/) and the interpreter
// (interpreter/), which do all the work: every answer is the one `pgnsem check` gives, under the
// FIDE Laws' reading, by the fast path proven equal to the reference (proofs-notes/invariants.md);
// a Judge may be given another reading of the paper (JudgeOptions), which the reference runs.
// pgnsem/README.md documents it; examples/library/ and examples/board/ are programs that use it.
//
// The public headers are pgnsem/api.hpp, board.hpp, rules.hpp and export.hpp, and they include
// only the standard library: `#include <pgnsem/api.hpp>` with find_package(pgnsem) or
// `pkg-config --cflags --libs pgnsem`. Thread safety: every function may be called from several
// threads at once on different objects; a Game is immutable and may be shared (a GameReader reuses
// a game's memory only once no Game holds it); one GameReader or one Judge must not be used by two
// threads at once, nor one Board changed by one thread while another uses it (pgnsem/board.hpp).
// Nothing here throws but GameReader (std::runtime_error, for I/O errors), a Judge given options
// that are not a reading (api::Error, request/reading) and the board's calls named so in
// pgnsem/board.hpp (api::Error).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pgnsem/board.hpp"
#include "pgnsem/export.hpp"
#include "pgnsem/rules.hpp"

namespace pgnsem::api {

// What was found (README "The verdict contract"): `malformed` text that is not PGN/SAN/FEN,
// an `illegal` move or position, an `unsupported` game (another variant, a game past the limits).
enum class Status : std::uint8_t { Legal, Illegal, Malformed, Unsupported };
// "legal", "illegal", "malformed", "unsupported".
[[nodiscard]] PGNSEM_API std::string_view status_name(Status s) noexcept;

// FEN in: a position, or why not — `rule` is `syntax/fen` when the text does not parse (the
// message names the field and column), else the first `position/…` rule of semantics/rules.hpp
// the position breaks (one that cannot arise in a game), the message naming every one.
struct FenReading {
    std::optional<Board> position;
    std::optional<Rule> rule;
    std::string message;
};
[[nodiscard]] PGNSEM_API FenReading read_fen(std::string_view fen);
// The same by the rules of `variant` (Board::from_fen): a Chess960 position's castling field read as
// X-FEN or Shredder-FEN.
[[nodiscard]] PGNSEM_API FenReading read_fen(std::string_view fen, Variant variant);

// SAN in and out without a position (syntax/san.hpp): the token read, and printed back in the
// export format (`0-0` → `O-O`, `e8q` → `e8=Q`, `Pe4` → `e4`), or the syntax kind and column of
// what is wrong. Which move it names, and its canonical SAN, depend on a position: Position::judge.
struct SanReading {
    std::optional<std::string> san;  // the export-format spelling, when it reads
    std::optional<Rule> rule;        // else the syntax kind (`syntax/san`, `syntax/promotion-rank`, …)
    std::uint32_t column = 0;        // and where: 1-based in the token, as `pgnsem san` writes it
    std::string message;
};
[[nodiscard]] PGNSEM_API SanReading read_san(std::string_view token);

// ---- games ---------------------------------------------------------------------------------------

struct Tag {
    std::string name, value;
};

// A game's termination marker (PGN §8.2.6): 1-0, 0-1, 1/2-1/2, * (the game goes on, or its result is
// unknown).
enum class Result : std::uint8_t { WhiteWins, BlackWins, Draw, Unknown };
// "1-0", "0-1", "1/2-1/2", "*".
[[nodiscard]] PGNSEM_API std::string_view result_name(Result r) noexcept;

// The movetext as the reader keeps it (ast/ast.hpp): every ply of the main line and of its
// variations, with the NAGs and comments at their places. Lines and columns are 1-based, columns in
// bytes of the line (docs/vocabulary.md).

// A comment, `{…}` or `;…`: its text without the delimiters, and where its `{` or `;` stands.
struct Comment {
    std::string text;
    std::uint32_t line = 0, column = 0;
};

// A numeric annotation glyph `$N` (§8.2.4, 0–255): it annotates the move before it, wherever it is
// written after that move; where its `$` stands.
struct Nag {
    std::uint32_t value = 0;  // 0–255
    std::uint32_t line = 0, column = 0;
};

struct Variation;

// One ply of a line, as written. The comments before the first ply of a line are the line's
// (Variation::comments_before, Game::comments_before); every other comment stands after a move
// (Ply::comments_after) or after a variation's `)` (Variation::comments_after).
struct Ply {
    std::string text;  // the move as written, its suffix glyph (`!`, `?`, …) included when attached
    // The suffix annotation (§8.2.3.8: `!`, `?`, `!!`, `??`, `!?`, `?!`, NAGs 1–6), written on the
    // move or apart from it (`e4 !`); empty when none.
    std::string suffix;
    // Counted from the start position (the FEN tag's side and move number; White's first move when
    // there is none, or it does not read), not as written: the ply's index in the game (1 is the
    // first move; a variation's first ply has the number of the ply it replaces), its move number and
    // the side that plays it.
    std::uint32_t ply = 0;
    std::uint32_t move_number = 0;
    Side side = Side::White;
    std::uint32_t line = 0, column = 0;  // where the move starts
    std::vector<Nag> nags;
    std::vector<Comment> comments_after;  // straight after the move, before its variations
    // The variations (RAV, §8.2.5) that replace this ply, each replayed from the position before it,
    // in the order written.
    std::vector<Variation> variations;
};

// A variation: a line of plies, the first an alternative to the ply it follows (its first ply has
// that ply's number and side). Empty for `()`.
struct Variation {
    std::uint32_t line = 0, column = 0;    // where its `(` stands
    std::vector<Comment> comments_before;  // after the `(`, before its first move (all of them for `( {…} )`)
    std::vector<Ply> plies;
    std::vector<Comment> comments_after;  // after the `)`: before the next variation of the ply, or the next move
    // Nested more than Game::kMaxNesting variations deep: its plies, with their comments, are left out,
    // so that copying or destroying a game's plies never goes deeper than that. The verdict replays
    // them all the same.
    bool cut = false;
};

// One game as read (syntax/pgn/reader.hpp), up to its first syntax error if it has one. A value that
// shares its immutable contents between copies.
class PGNSEM_API Game {
public:
    struct Data;  // pgnsem/api.cpp
    explicit Game(std::shared_ptr<const Data> data) : data_(std::move(data)) {}

    // The name of the input (the path given to GameReader::open, "-" for stdin, or the name given
    // with the text), as verdicts write it in `file`.
    [[nodiscard]] const std::string& source() const noexcept;
    // 1-based index of the game in its input.
    [[nodiscard]] std::uint32_t index() const noexcept;
    // The tag pairs in the order written; a tag's value (the last one when repeated).
    [[nodiscard]] std::vector<Tag> tags() const;
    [[nodiscard]] std::optional<std::string> tag(std::string_view name) const;
    // Whether the game is played by the Chess960 rules: its Variant tag names Chess960 in one of the
    // spellings `check` reads (`Chess960`, `chess 960`, `Fischerandom`, `Freestyle`, …, any case). Its
    // FEN tag is then an X-FEN or Shredder-FEN, to be read with Variant::Chess960 (pgnsem/board.hpp).
    [[nodiscard]] bool chess960() const noexcept;
    // The main line's moves as written (variations, comments and NAGs left out).
    [[nodiscard]] std::vector<std::string> moves() const;
    // The termination marker as written (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    [[nodiscard]] std::optional<std::string> result() const;

    // The main line, each ply with its NAGs, comments and variations, and theirs, as read: the whole
    // move tree (up to the first syntax error, if the game has one). Variations nested more than
    // kMaxNesting deep are cut (Variation::cut); no game written by a person or a program comes near.
    static constexpr std::uint32_t kMaxNesting = 256;
    [[nodiscard]] std::vector<Ply> plies() const;
    // The comments before the main line's first move (every comment of a movetext without a move).
    [[nodiscard]] std::vector<Comment> comments_before() const;
    // The comments that stand last in the movetext, before the termination marker: after the main
    // line's last move, or after its last variation when it has some (the same comments plies()
    // holds there; none when the game has no move).
    [[nodiscard]] std::vector<Comment> comments_after() const;

    [[nodiscard]] const Data& data() const noexcept { return *data_; }

private:
    std::shared_ptr<const Data> data_;
};

// Where one shard of a file read and ended (GameReader::open_shard): the `shard` record of
// `pgnsem check --shard K/N` (schemas/shard.json), which the merge of the shards reads.
struct ShardRecord {
    std::uint32_t shard = 1, shards = 1;  // K and N
    std::uint64_t size = 0;               // the file's size
    std::uint64_t start = 0;              // where this shard's reader started
    std::uint64_t next = 0;               // where the next shard's starts
    std::uint64_t until = 0;              // the shard's games are those that start before this
    std::uint64_t lines = 0;              // the line ends in [start, next)
    std::uint64_t games = 0;              // the games next() gave
};

// Reads games one at a time, so memory does not grow with the input. A broken game never hides
// the games after it: the reader resynchronises (syntax/README.md), and every game read gets a
// verdict.
class PGNSEM_API GameReader {
public:
    // A file, or standard input for "-": plain PGN text, or gzip, bzip2, xz or zstd (known by the
    // first bytes, not the name; streamed). Throws std::runtime_error, naming the file, when it
    // cannot be opened.
    [[nodiscard]] static GameReader open(const std::string& path);
    // Shard K of N of a plain file, as `pgnsem check --shard K/N` reads it (README, "Shards"): the
    // games that start in its byte range, read as the whole file's reader reads them, their lines
    // counted from the shard's start. Throws std::runtime_error when the file cannot be opened, is
    // compressed or is not a regular file, or unless 1 ≤ K ≤ N ≤ 2^20.
    [[nodiscard]] static GameReader open_shard(const std::string& path, std::uint32_t k, std::uint32_t n);
    // PGN text in memory (copied); `name` stands for the file in verdicts.
    explicit GameReader(std::string text, std::string name = "-");
    GameReader(GameReader&&) noexcept;
    GameReader& operator=(GameReader&&) noexcept;
    ~GameReader();

    // The next game, or nothing at the end of the input. Throws std::runtime_error on a read error
    // or compressed data that cannot be decompressed (after the games before the damage).
    [[nodiscard]] std::optional<Game> next();
    // A shard's record, once next() has given nothing; nothing before, and for a reader that reads no
    // shard.
    [[nodiscard]] std::optional<ShardRecord> shard_record() const;

private:
    struct Impl;
    explicit GameReader(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

// Every game of a PGN text (GameReader over it).
[[nodiscard]] PGNSEM_API std::vector<Game> read_games(std::string_view pgn, std::string name = "-");

// ---- a game judged -------------------------------------------------------------------------------

// The error of a verdict: the error object of docs/vocabulary.md, field for field (where the
// JSON has null, the number is 0 and the string empty).
struct GameError {
    std::uint32_t ply = 0;          // 1-based in the main line; 0: the start position itself
    std::uint32_t move_number = 0;  // computed, not as written
    Side side = Side::White;        // the side to move at that ply
    std::string written;            // the move as written
    Rule rule = Rule::SyntaxToken;  // a rule id, a syntax kind, notation/<kind>, … (pgnsem/rules.hpp)
    std::string message;
    std::uint32_t line = 0, column = 0;
};

// The players' names: the White and Black tags, each nothing when absent.
struct Players {
    std::optional<std::string> white, black;
};

// A game's verdict: the `verdict` object of docs/vocabulary.md (schemas/verdict.json), a member for
// each of its fields, of the same name and meaning (where the JSON has null, nothing), but the
// envelope's (`object`, `contract`, `pgnsem`, `reading`); and the position after, as a Board.
struct Verdict {
    Status verdict = Status::Legal;
    std::uint32_t plies = 0;  // legal main-line plies replayed before the first error
    std::optional<GameError> error;
    std::vector<Warning> warnings;
    Board position_after;   // the position after the last legal ply (no move to pop)
    std::string fen_after;  // its FEN, as the verdict writes it
    // How the game ended on the board after its last legal ply; nothing when it did not.
    std::optional<End> end;
    // The first ply (0: the start position) at which a draw could be claimed (Laws 9.2, 9.3: threefold
    // repetition, fifty moves), or came automatically (9.6, 5.2.2: fivefold repetition, seventy-five
    // moves, a dead position); nothing when never.
    std::optional<std::uint32_t> draw_claimable_at;
    std::optional<std::uint32_t> automatic_draw_at;
    std::string file;        // the input's name (Game::source())
    std::uint32_t game = 0;  // the game's 1-based index in it
    // The offset of the game's first byte in the input (in the text read: decompressed, for a
    // compressed file): a reader of the file can seek there.
    std::uint64_t offset = 0;
    // The White and Black tags; nothing when the game has neither.
    std::optional<Players> players;
    std::optional<Result> result;           // the termination marker as written; nothing when there is none
    std::optional<std::string> result_tag;  // the Result tag as written; nothing when there is none
    // The `verdict` object `pgnsem check --format jsonl` writes for this game, byte for byte (no
    // newline), under the judge's reading (its `reading` member names it).
    std::string json;
};

// `pgnsem check`'s options, in its words. The reading is --semantics, --erratum and --engine
// (proofs-notes/errata.md; `pgnsem errata` lists the slugs): the default is the Laws' reading, every
// correction made, run by the fast path; any other reading is run by the reference.
struct JudgeOptions {
    bool strict = false;             // --strict: only the PGN export format
    std::string semantics = "laws";  // "laws" (every correction made) or "paper" (the equations as printed)
    // "SLUG=paper" reads one erratum as the paper prints it, "SLUG=laws" corrected; in order, the
    // later winning, over `semantics`
    // (Every member has an initializer, so that `JudgeOptions{true}` or `{.semantics = "paper"}`
    // leaves the rest at their defaults without a warning of GCC's -Wextra.)
    std::vector<std::string> errata{};
    // "reference" (the readable definition), "fast" (the Laws' reading only), or empty: the fast path
    // under the Laws' reading, the reference under any other
    std::string engine{};
};

// One erratum of the paper, as `pgnsem errata` lists it (proofs-notes/errata.md): JudgeOptions::errata
// names it by its slug. Views of text that lives as long as the program.
struct Erratum {
    std::string_view slug, title;
    std::string_view law;                // the rule of the FIDE Laws (or the PGN standard) it follows
    std::string_view paper, correction;  // what the paper prints, and what the Laws' reading does instead
    bool executable = false;             // false: no paper form to run ("SLUG=paper" is refused)
};
// Every erratum, in the order of `pgnsem errata`.
[[nodiscard]] PGNSEM_API std::vector<Erratum> errata();

// [[S]] over the game (interpreter/interpret.hpp): the verdict `pgnsem check` gives it. Each call sets
// up a judge anew; to judge many games, a Judge is cheaper. Throws api::Error (request/reading, the
// message check's) when the options are not a reading: an unknown slug, an erratum without a paper
// form to run, the fast engine asked for a reading other than the Laws'.
[[nodiscard]] PGNSEM_API Verdict judge(const Game& game, const JudgeOptions& options = {});

// A judge for many games: the same verdicts as judge(game, options), with the interpreter, its
// buffers and, given the same Verdict again, the verdict's strings and vectors kept from one game to
// the next, as `pgnsem check` judges a file (a loop of GameReader::next and Judge::judge into one
// Verdict allocates nothing per game once the buffers have grown). Thread-compatible: one Judge must
// not be used by two threads at once; give each thread its own (judges share nothing).
class PGNSEM_API Judge {
public:
    // Throws api::Error (request/reading) when the options are not a reading, as judge(game, options).
    explicit Judge(const JudgeOptions& options = {});
    Judge(Judge&&) noexcept;
    Judge& operator=(Judge&&) noexcept;
    ~Judge();

    // The verdict of `game` into `out`, every member set anew (the memory `out` holds is reused).
    void judge(const Game& game, Verdict& out);
    [[nodiscard]] Verdict judge(const Game& game);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace pgnsem::api
