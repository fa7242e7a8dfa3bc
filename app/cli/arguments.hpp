// What the subcommands check of their arguments before they read or write anything: their numbers
// (README "Using it") and their files against the standard streams (README "Exit codes"). Each
// failure is a usage error, exit 2, whose message names the option.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/contract.hpp"
#include "laws/setup.hpp"
#include "syntax/pgn/shard.hpp"

namespace pgnsem::cli {

// A whole number from `min` to `max` in decimal digits, as a CLI11 transform: an empty value, a
// sign, a space, a 0x prefix, trailing junk or a value out of range is refused, the message giving
// the range. CLI11's own conversion takes '' for 0, skips leading spaces, reads a leading 0 as
// octal and 0x as hexadecimal, wraps -1 round to the largest value and saturates on overflow; the
// transform hands it the number rewritten in plain decimal, which it reads exactly.
[[nodiscard]] CLI::Validator whole_number(std::uint64_t min, std::uint64_t max);

// A number from 0 to 1 in decimal (0.25, .5, 5e-1, 1), as a CLI11 check: an empty value, nan, inf,
// a space, a hexadecimal float, trailing junk or a value outside [0, 1] is refused (CLI11's Range
// lets nan through, every comparison with it being false).
[[nodiscard]] CLI::Validator fraction_from_0_to_1();

// `check --shard K/N`: two whole numbers in decimal digits, 1 ≤ K ≤ N ≤ kMaxShards, as a CLI11
// check; parse_shard_spec reads a value it let through.
inline constexpr std::uint32_t kMaxShards = std::uint32_t{1} << 20;
[[nodiscard]] CLI::Validator shard_spec();
[[nodiscard]] syntax::ShardSpec parse_shard_spec(std::string_view value);

// The usage error (the text after "pgnsem COMMAND: ") when standard output writes into one of the
// files `inputs` names ("-" is standard input): the command would read what it writes, without end
// for `pgnsem normalize F >> F`. Empty when it does not.
[[nodiscard]] std::string stdout_is_an_input(const std::vector<std::string>& inputs);

// The usage error when the file `path` (the value of `option`) is standard output, which the
// command also writes (two handles on one file overwrite each other's bytes), or, when one of
// `inputs` is "-", standard input (opening it for writing empties it before it is read). Empty
// when it is neither, or when `path` is empty (the option is not given).
[[nodiscard]] std::string output_is_a_standard_stream(const char* option, const std::string& path,
                                                      const std::vector<std::string>& inputs);

// --format of a command that writes its objects in the contract's layouts (io/contract.hpp): text
// for people, json (one document: an array of the objects) or jsonl (one object a line).
void add_json_format_option(CLI::App* cmd, std::string& format);
// The layout --format asks for; nullopt for text.
[[nodiscard]] std::optional<interp::JsonLayout> json_layout(const std::string& format);

// --shredder: how a Chess960 position's castling rights are written (laws/setup.hpp).
[[nodiscard]] inline sem::CastlingStyle castling_style(bool shredder) noexcept {
    return shredder ? sem::CastlingStyle::Shredder : sem::CastlingStyle::XFen;
}

// ", did you mean 'NAME'?" for the name of `names` nearest `word` (at most two edits away, and fewer
// than the word has letters after its leading dashes), else "".
[[nodiscard]] std::string nearest_hint(std::string_view word, const std::vector<std::string>& names);

// The usage error for a flag no command knows (`pgnsem check --fromat json`): the first word CLI11
// left over that begins with '-' (and is not "-", standard input), the command it was given to and
// the nearest of that command's flags: "pgnsem check: no option is called '--fromat', did you mean
// '--format'? (pgnsem check --help lists them)". Empty when no such word was left over.
[[nodiscard]] std::string unknown_flag_error(const CLI::App& app);

// The names separated by ", ".
[[nodiscard]] std::string joined(const std::vector<std::string>& names);

}  // namespace pgnsem::cli
