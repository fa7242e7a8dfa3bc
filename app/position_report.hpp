// `pgnsem fen`: a position described for people (text with a board) and programs (JSON): pieces
// by side, side to move, castling rights, en passant, clocks, and every validity problem.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "ast/placement.hpp"
#include "io/contract.hpp"
#include "laws/setup.hpp"
#include "semantics/state.hpp"

namespace pgnsem::syntax {
struct FenRecord;
}  // namespace pgnsem::syntax

namespace pgnsem::interp {

class JsonObject;

// The side to move in check (IIC), checkmated (Laws 5.1.1), stalemated (5.2.1): what `fen` and
// `moves` (app/moves_report.hpp) both report, asked of the fast engine.
struct PositionStatus {
    bool check = false;
    bool checkmate = false;
    bool stalemate = false;
};
[[nodiscard]] PositionStatus position_status(const sem::State& s) noexcept;
// The status as three lines of text (`check:      yes`, …) and as three JSON fields (`check`,
// `checkmate`, `stalemate`; each null when there is no status, as for a position that is not valid).
void append_status_text(std::string& out, const PositionStatus& status);
void status_json(JsonObject& o, const std::optional<PositionStatus>& status);
// `legal` (the position can arise in a game) and `problems` (an error object a rule it breaks:
// `problems` is sem::validate of the position, σ = s), as every object about a position writes them.
void legality_json(JsonObject& o, const sem::Problems& problems, const sem::State& s);

struct PositionReport {
    std::string text;
    std::string json;    // one object, no newline
    bool valid = false;  // no validity problem
};

// The dead-position analysis (Law 5.2.2, laws/dead_position.hpp) may visit at most
// `dead_budget` positions; 0 skips it (`dead` and `can_mate` null, no text line). `record`: the
// fields of the FEN record the position was read from (its JSON `record`), null for a bare FEN.
inline constexpr std::uint32_t kFenDeadBudget = 100000;
// `s`: σ of p (sem::from_placement), made once by the caller. `written`: the record as the input
// gave it. A Chess960 placement's castling rights are said as `fen`'s castling field writes them
// (X-FEN or Shredder-FEN).
[[nodiscard]] PositionReport describe_position(const Placement& p, const sem::State& s, std::string_view fen,
                                               std::string_view written, std::uint32_t dead_budget = kFenDeadBudget,
                                               const syntax::FenRecord* record = nullptr);

}  // namespace pgnsem::interp

namespace pgnsem::interp {

// One record of `pgnsem fen`'s input: a FEN on its line, or seed 001's form ([Event], [White],
// [Black] tag lines, the FEN, a {comment} on its line or the following ones). Blank lines
// separate nothing and belong to no record.
struct FenInputRecord {
    std::string text;        // the record's lines, joined by '\n' (line ends removed)
    std::uint32_t line = 0;  // where it starts, 1-based
    bool too_long = false;   // longer than kMaxFenRecordBytes; `text` holds its beginning
};
inline constexpr std::size_t kMaxFenRecordBytes = std::size_t{1} << 16;

// Reads records one by one from a stream (LF, CRLF or CR line ends): memory is bounded by
// kMaxFenRecordBytes, whatever the input.
class FenRecordReader {
public:
    explicit FenRecordReader(std::FILE* in) : in_(in) {}
    // The next record; false at the end of the input or on a read error (read_error()).
    bool next(FenInputRecord& record);
    [[nodiscard]] int read_error() const noexcept { return error_; }

private:
    bool line(std::string& text, bool& too_long);  // false at the end of the input
    std::FILE* in_;
    std::uint32_t line_number_ = 0;
    std::string pending_;  // a line read ahead that starts the next record
    bool has_pending_ = false, pending_too_long_ = false;
    std::uint32_t pending_line_ = 0;
    int error_ = 0;
};

// How `fen` reads and writes Chess960 positions (proofs-notes/chess960.md): `chess960`, every record is
// a Chess960 one (X-FEN rights; a record with a file letter in its castling field, or `chess960:N`,
// is one without it); `style`, how a Chess960 position's castling rights are written back. A
// Chess960 position's `fen` is written from σ in that style; a standard one's as before.
struct FenOptions {
    bool chess960 = false;
    sem::CastlingStyle style = sem::CastlingStyle::XFen;
};

// One record (a FEN, four-field EPD, `chess960:N` or FEN record, as `pgnsem fen` reads an argument) as
// its `position` object (no newline): the position described, or the record's error. `valid`: it
// parses and the position can arise in a game.
[[nodiscard]] std::string position_object(std::string_view record, std::uint32_t dead_budget, bool& valid,
                                          FenOptions options = {});

// `pgnsem fen ARG`: ARG is "-" (standard input), a file, or else a FEN. One `position` object
// (schemas/position.json; in a document or a line each, `layout`) or one block of text (no layout)
// per record, written to `out`; a record that does not parse gets an object with its error in its
// place. Returns 0 when every position is valid, 1 when a record does not parse or a position
// has a problem, 2 on a read error or when the input holds no record (said on stderr, nothing on
// `out`).
[[nodiscard]] int fen_command(const std::string& arg, std::optional<JsonLayout> layout, std::FILE* out,
                              std::uint32_t dead_budget = kFenDeadBudget, FenOptions options = {});

}  // namespace pgnsem::interp
