// The verdict contract's two faces: JSON Lines for programs (a public interface, documented field
// by field in README.md) and text for people (the failing move, the reason, a board).
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "interpreter/interpret.hpp"
#include "syntax/pgn/shard.hpp"

namespace pgnsem::interp {

// JSON is written by the project's one JSON writer, io/json.hpp.

// Appends `s` as text for people: what JSON writes as a string's content, unquoted (UTF-8 as it
// is, other bytes read as ISO 8859-1 and written as UTF-8), except that no control character
// reaches the terminal: C0 bytes, DEL and the C1 controls (U+0080–U+009F) are written as \xNN,
// one per byte of the input (a PGN file must not retitle or recolour the user's terminal).
void append_text(std::string& out, std::string_view s);
[[nodiscard]] std::string text_for_people(std::string_view s);

// An identifier of σ by the notes' name: a square, `turn`, a pawn's stamp by the square the pawn
// starts on (`e2_2step`), `w_king` / `b_king`, the Laws' rook flags by the square each watches in
// σ (`h1_rook_moved` …; in Chess960 the castling rook's start square, `b1_rook_moved`:
// proofs-notes/chess960.md) and `halfmove_clock`; and a value it holds, as text (a stamp never set
// is `none`). What traces and explain write.
[[nodiscard]] std::string ide_name(sem::Ide x, const sem::State& sigma);
[[nodiscard]] std::string ide_value_text(sem::Ide x, unsigned value);

// The writes of every subcommand go through these, so that none is unchecked. write_bytes
// returns false when `out` refused the bytes and keeps the first failure's errno;
// finish_output flushes and closes stdout (the last chance for a full disk to show) and, when a
// write failed anywhere, says "pgnsem: write error: <reason>" on stderr. A broken pipe never gets
// here: SIGPIPE ends the process quietly first (status 141).
//
// What is written is whole records — lines of JSON, verdicts, traces, games — and a file or pipe
// only ever holds whole ones: `bytes` (one record or more, ending where a record ends) reach the
// kernel all at once or stay in the stream's buffer, which then holds whole records too
// (write_records; a write that does not fit flushes the buffer and the bytes together). A signal
// that ends the process (SIGTERM, SIGINT, SIGHUP, as defer_interrupts sets them) waits for such a
// write to finish. Without that, stdio writes whatever fills its buffer (a multiple of 4 KiB)
// and a kill leaves the last line cut.
[[nodiscard]] bool write_bytes(std::FILE* out, std::string_view bytes);
// The same for a file of its own (normalize --accepted/--rejected, gen --labels), whose errors
// its writer reports: false, with errno, on a write error. flush_records empties its buffer.
[[nodiscard]] bool write_records(std::FILE* out, std::string_view bytes);
[[nodiscard]] bool flush_records(std::FILE* out);
// Makes SIGTERM, SIGINT and SIGHUP (those not ignored) wait for a write in progress: the process
// still ends by the signal (a shell sees 128 + its number), with no summary, but after the write,
// so that what it wrote ends where a record ends. A second signal ends it at once (a write blocked
// on a pipe nobody reads must not hold it up). Called once, first thing.
void defer_interrupts();
void note_write_error(int error_number);
[[nodiscard]] bool write_failed() noexcept;
// The exit status: `status`, or 2 when a write to stdout failed.
[[nodiscard]] int finish_output(int status);

// The `verdict` object of a game (schemas/verdict.json; no trailing newline). `envelope`: its first
// members, envelope_members("verdict", reading) of io/contract.hpp.
void append_verdict_json(std::string& out, std::string_view envelope, std::string_view file, const Verdict& v);

// The `shard` object that ends the output of `check --shard K/N` (schemas/shard.json; no trailing
// newline): where the shard read and ended, and the verdicts it wrote (`games`), for `pgnsem merge`.
void append_shard_json(std::string& out, std::string_view envelope, std::string_view file, const syntax::ShardEnd& end);

// The text report of a verdict, ending in a newline.
void append_verdict_text(std::string& out, std::string_view file, const Verdict& v);

// The board of σ as an ASCII diagram with rank and file labels.
[[nodiscard]] std::string board_text(const sem::State& s);

// One trace line: JSON (no newline) or text (with newline).
// The JSON is a `step` object (schemas/step.json), `envelope` its first members
// (envelope_members("step", reading)).
void append_trace_json(std::string& out, std::string_view envelope, std::string_view file, const PlyEvent& e);
void append_trace_text(std::string& out, const PlyEvent& e);
// A ply's update as the text trace writes it: σ' = σ[e2 ↦ 0 (was 13), …, turn ↦ 1, …] (no newline).
void append_sigma_update(std::string& out, const PlyEvent& e);

// The ⊥ step of a trace: the first failure of a game that is not legal (`v.error`), the `step`
// object after its defined plies — `legal` false, the error, the premise it falsifies (null when
// the rule is not the semantics', e.g. syntax/… or position/…), and null for what only a defined
// ply has (san, uci, equation, changes, identifiers, fen_after). Nothing when `v` has no error.
void append_trace_failure_json(std::string& out, std::string_view envelope, std::string_view file, const Verdict& v);
// The same as text: the ply, ⊥, the rule, the premise, then the message.
void append_trace_failure_text(std::string& out, const Verdict& v);

// A text trace's frame: a header per game (file:game, the players), then σ₀ as FEN (`start`; none
// when the game has no start position, e.g. a FEN tag that does not parse); after the plies, the
// closing verdict line and a blank line.
void append_trace_header_text(std::string& out, std::string_view file, std::uint32_t game, std::string_view reading,
                              std::optional<std::string_view> white, std::optional<std::string_view> black,
                              const sem::State* start);
void append_trace_verdict_text(std::string& out, const Verdict& v);

}  // namespace pgnsem::interp
