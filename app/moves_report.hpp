// `pgnsem moves` and `pgnsem san`: questions about one position and single moves. `moves` lists the
// legal moves (sem::FastEngine, semantics/engines.hpp) with their UCI and export-format SAN
// (semantics/canonical.hpp), sorted by UCI, and whether the side to move is in check, checkmated or
// stalemated (position_status, app/position_report.hpp, as `fen` says it). `san` shows how
// the SAN reader (syntax/san.hpp) reads each token, and, given a position, which move it is
// (interpreter/judge.hpp, the same judgement as `check`'s) or the rule it breaks.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/placement.hpp"
#include "io/contract.hpp"
#include "laws/setup.hpp"
#include "semantics/state.hpp"

namespace pgnsem::interp {

// The position of a `--fen` option (a FEN or four-field EPD, syntax::parse_position; `-` reads it
// from the first line of standard input; `chess960:N` or `960:N`, Chess960's start position N), or the
// initial position when `fen` is empty. nullopt, `status` 2, after
// saying on stderr why, when the text does not parse; a position that cannot arise in a game is returned, as perft
// counts one, with every problem said on stderr as a warning and `status` 1. The position is a Chess960
// one (Placement::chess960, proofs-notes/chess960.md) when `chess960` says so (`--chess960`), when it
// is given by number, or when its castling field has a file letter (Shredder-FEN, X-FEN's letters).
[[nodiscard]] std::optional<Placement> position_option(const std::string& fen, int& status, bool chess960 = false);
// The position a text names, as position_option reads it (a FEN, four-field EPD, or `chess960:N`),
// without standard input or stderr: `serve`'s and `fen`'s reading. When it does not parse,
// `placement` is empty, and `field` (the FEN field, or "start" for a bad start number) and
// `message` say why; `column` is the 0-based offset into `text`.
struct PositionRead {
    std::optional<Placement> placement;
    std::string field, message;
    std::uint32_t column = 0;
};
[[nodiscard]] PositionRead read_position(std::string_view text, bool chess960);
// `p` with its castling rights written in `style` (laws/setup.hpp): the same placement unless it is a
// Chess960 one asked for as Shredder-FEN, which is then written from σ = from_placement(p).
[[nodiscard]] Placement written_as(const Placement& p, sem::CastlingStyle style);
// Chess960's start position N of `chess960:N` or `960:N` (any case), nothing when `text` is not of
// that form; `bad` when it is, with N not a number from 0 to 959.
[[nodiscard]] std::optional<Placement> chess960_start(std::string_view text, bool& bad);
// The first line of `in` that is not blank, without its spaces and tabs at either end; false, after
// saying why on stderr, when there is none, it is too long for a FEN record, or `in` fails.
[[nodiscard]] bool read_fen_line(std::FILE* in, std::string& fen);

// The legal moves of `p`, sorted by UCI, and its status: one JSON object (schemas/moves.json, no
// newline), or text for people.
// `style`: how a Chess960 position's castling rights are written.
[[nodiscard]] std::string moves_report(const Placement& p, bool json,
                                       sem::CastlingStyle style = sem::CastlingStyle::XFen);

// `pgnsem moves [--fen FEN] [--format text|json|jsonl]`: text (no layout), or the one object as a
// document or a line. 0, or 1 when the position cannot arise in a game (the moves are listed all
// the same), 2 when the FEN does not parse or the output could not be written.
[[nodiscard]] int moves_command(const std::string& fen, std::optional<JsonLayout> json, std::FILE* out,
                                bool chess960 = false, sem::CastlingStyle style = sem::CastlingStyle::XFen);

// One token of `pgnsem san` as the SAN reader reads it: a `san` object (schemas/san.json, no
// newline): its parts as written and its export-format spelling, or the reader's error. Under
// `strict` a tolerated spelling is the error. Whether it was read is returned in `ok`.
[[nodiscard]] std::string san_token_json(std::string_view token, bool strict, bool& ok);

// One token resolved in the position `p`: a `move` object (schemas/move.json, no newline): the
// move it is (its SAN, UCI, equation and the position after), or the rule it breaks, or the
// reader's error.
[[nodiscard]] std::string san_move_json(const Placement& p, std::string_view token, bool strict, bool& ok,
                                        sem::CastlingStyle style = sem::CastlingStyle::XFen);

// One move of a position, by its text (UCI or SAN), as `san --fen` judges it: legal, with its SAN and
// the equation that fired, or not, with the rule it breaks and why (`pgnsem diff`'s words for a move
// another program lists or leaves out).
struct MoveVerdict {
    bool legal = false;
    std::string san, equation;  // when legal
    std::string rule, message;  // when not
};
[[nodiscard]] MoveVerdict judge_move_text(const sem::State& s, std::string_view token);

// `pgnsem san [--fen FEN] [--strict] [--format text|json|jsonl] MOVE...`: one block of text, or one
// object in the document or a line, per token, in order. 0 when every token reads (and, with a
// position, is a legal move), 1 otherwise, 2 when the FEN does not parse or the output could not be
// written.
[[nodiscard]] int san_command(const std::string& fen, const std::vector<std::string>& tokens, bool strict,
                              std::optional<JsonLayout> json, std::FILE* out, bool chess960 = false,
                              sem::CastlingStyle style = sem::CastlingStyle::XFen);

}  // namespace pgnsem::interp
