// pgnsem's public library interface: read games, judge a game, judge one move in a position,
// list a position's legal moves, FEN and SAN in and out — small value types over the reader
// (syntax/), the semantics (semantics/) and the interpreter (interpreter/), which do all the work.
// Every answer is the one `pgnsem check` gives: the FIDE Laws' reading, the fast path (proven
// equal to the reference, proofs-notes/invariants.md), the rule ids of semantics/rules.hpp.
// pgnsem/README.md documents it with an example; examples/library/ is a program that uses it.
//
// Installed as <prefix>/include/pgnsem/pgnsem/api.hpp: `#include "pgnsem/api.hpp"` with
// find_package(pgnsem) (target pgnsem::pgnsem) or `pkg-config --cflags --libs pgnsem`.
// Nothing here throws but GameReader, and only for I/O errors (std::runtime_error).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantics/state.hpp"

namespace pgnsem::api {

// What was found (README "The verdict contract"): `malformed` text that is not PGN/SAN/FEN,
// an `illegal` move or position, an `unsupported` game (another variant, a game past the limits).
enum class Status : std::uint8_t { Legal, Illegal, Malformed, Unsupported };
// "legal", "illegal", "malformed", "unsupported".
[[nodiscard]] std::string_view status_name(Status s) noexcept;

// The side that moves, or is to move.
enum class Side : std::uint8_t { White, Black };
// "white", "black".
[[nodiscard]] std::string_view side_name(Side s) noexcept;

// A warning (docs/vocabulary.md, the warning object): `kind` (README "Warning kinds", e.g.
// `check-claim`), the text as `written`, its export-format form `canonical` (empty when none), a
// sentence. `ply`, `line` and
// `column` are 0 where they do not apply (a single move has no place in a file).
struct Warning {
    std::string kind;
    std::uint32_t ply = 0;
    std::uint32_t line = 0, column = 0;
    std::string written, canonical;
    std::string rule;  // variation-illegal only: the rule the move broke
    std::string message;
};

// ---- positions: FEN in and out, legal moves, one move judged ------------------------------------

struct MoveJudgement;
struct LegalMove {
    std::string uci;  // e2e4, e7e8q; castling as the king's move, e1g1
    std::string san;  // canonical SAN (§8.2.3): minimal disambiguation, `x`, `=Q`, `+`/`#`
};

// A position of a game: the board, the side to move, castling rights, the en passant square and
// the clocks (σ of semantics/state.hpp; the piece ids of a position read from FEN follow
// proofs-notes/numbering.md). A value: copy it freely.
class Position {
public:
    // The initial position (the paper's σ₀).
    Position();
    explicit Position(const sem::State& sigma) : sigma_(sigma) {}

    // FEN out (§16.1); the en passant field is set after every double step, as the standard says.
    [[nodiscard]] std::string fen() const;
    [[nodiscard]] bool white_to_move() const noexcept;
    // "checkmate", "stalemate", or "" while the side to move has a legal move.
    [[nodiscard]] std::string_view end() const noexcept;
    // Every legal move, sorted by UCI.
    [[nodiscard]] std::vector<LegalMove> legal_moves() const;
    // One move, written in SAN (the import-format spellings tolerated, as in a game) or UCI.
    [[nodiscard]] MoveJudgement judge(std::string_view move) const;

    [[nodiscard]] const sem::State& state() const noexcept { return sigma_; }
    friend bool operator==(const Position&, const Position&) = default;

private:
    sem::State sigma_;
};

// One move judged in a position: T(M)(σ) of the paper's §3.3 with the interpreter's readings
// (interpreter/judge.hpp), and the notation's claims checked (interpreter/claims.hpp).
struct MoveJudgement {
    // Legal; Illegal (`rule` from semantics/rules.hpp, e.g. `check/pinned`, `src/ambiguous`,
    // `game/over`); Malformed (not SAN or UCI: `rule` is a syntax kind, e.g. `syntax/san`).
    Status status = Status::Legal;
    std::string rule;     // empty when legal
    std::string message;  // why not, in chess terms; empty when legal
    std::string san;      // canonical SAN (legal only)
    std::string uci;      // (legal only)
    // What the text claims wrongly or spells in an import-format way (`capture-marker`,
    // `check-claim`, `long-algebraic`, `coordinate-move`, …): the move is played all the same,
    // as `pgnsem check` plays it; `--strict` would refuse it (README "Warning kinds").
    std::vector<Warning> warnings;
    std::optional<Position> after;  // the position after the move (legal only)
};

// FEN in: a position, or why not — `rule` is `syntax/fen` when the text does not parse (the
// message names the field and column), else the first `position/…` rule of semantics/rules.hpp
// the position breaks (one that cannot arise in a game), the message naming every one.
struct FenReading {
    std::optional<Position> position;
    std::string rule;
    std::string message;
};
[[nodiscard]] FenReading read_fen(std::string_view fen);

// SAN in and out without a position (syntax/san.hpp): the token read, and printed back in the
// export format (`0-0` → `O-O`, `e8q` → `e8=Q`, `Pe4` → `e4`), or the syntax kind and column of
// what is wrong. Which move it names, and its canonical SAN, depend on a position: Position::judge.
struct SanReading {
    std::optional<std::string> san;  // the export-format spelling, when it reads
    std::string rule;                // else the syntax kind (`syntax/san`, `syntax/promotion-rank`, …)
    std::uint32_t column = 0;        // and where: 1-based in the token, as `pgnsem san` writes it
    std::string message;
};
[[nodiscard]] SanReading read_san(std::string_view token);

// ---- games ---------------------------------------------------------------------------------------

struct Tag {
    std::string name, value;
};

// One game as read (syntax/pgn/reader.hpp), up to its first syntax error if it has one. A value that
// shares its immutable contents between copies.
class Game {
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
    // The main line's moves as written (variations, comments and NAGs left out).
    [[nodiscard]] std::vector<std::string> moves() const;
    // The termination marker as written (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    [[nodiscard]] std::optional<std::string> result() const;

    [[nodiscard]] const Data& data() const noexcept { return *data_; }

private:
    std::shared_ptr<const Data> data_;
};

// Reads games one at a time, so memory does not grow with the input. A broken game never hides
// the games after it: the reader resynchronises (syntax/README.md), and every game read gets a
// verdict.
class GameReader {
public:
    // A file, or standard input for "-": plain PGN text, or gzip, bzip2, xz or zstd (known by the
    // first bytes, not the name; streamed). Throws std::runtime_error, naming the file, when it
    // cannot be opened.
    [[nodiscard]] static GameReader open(const std::string& path);
    // PGN text in memory (copied); `name` stands for the file in verdicts.
    explicit GameReader(std::string text, std::string name = "-");
    GameReader(GameReader&&) noexcept;
    GameReader& operator=(GameReader&&) noexcept;
    ~GameReader();

    // The next game, or nothing at the end of the input. Throws std::runtime_error on a read error
    // or compressed data that cannot be decompressed (after the games before the damage).
    [[nodiscard]] std::optional<Game> next();

private:
    struct Impl;
    explicit GameReader(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

// Every game of a PGN text (GameReader over it).
[[nodiscard]] std::vector<Game> read_games(std::string_view pgn, std::string name = "-");

// ---- a game judged -------------------------------------------------------------------------------

// The error of a verdict: the error object of docs/vocabulary.md, field for field (where the
// JSON has null, the number is 0 and the string empty).
struct GameError {
    std::uint32_t ply = 0;          // 1-based in the main line; 0: the start position itself
    std::uint32_t move_number = 0;  // computed, not as written
    Side side = Side::White;        // the side to move at that ply
    std::string written;            // the move as written
    std::string rule;               // a rule id, a syntax kind, notation/<kind>, …
    std::string message;
    std::uint32_t line = 0, column = 0;
};

// A game's verdict: the names of the `verdict` object of docs/vocabulary.md (schemas/verdict.json).
struct Verdict {
    Status verdict = Status::Legal;
    std::uint32_t plies = 0;  // legal main-line plies replayed before the first error
    std::optional<GameError> error;
    std::vector<Warning> warnings;
    Position position_after;  // the position after the last legal ply
    std::string fen_after;    // its FEN, as the verdict writes it
    // The `verdict` object `pgnsem check --format jsonl` writes for this game, byte for byte (no
    // newline), under the Laws' reading.
    std::string json;
};

struct JudgeOptions {
    bool strict = false;  // --strict: only the PGN export format
};

// [[S]] over the game (interpreter/interpret.hpp): the verdict `pgnsem check` gives it.
[[nodiscard]] Verdict judge(const Game& game, const JudgeOptions& options = {});

}  // namespace pgnsem::api
