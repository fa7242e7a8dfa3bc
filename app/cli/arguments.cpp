#include "app/cli/arguments.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <system_error>

#include "io/output.hpp"

namespace pgnsem::cli {

namespace {

// A value as the messages quote it (a command line can hold control characters too).
std::string shown_value(const std::string& value) {
    return "'" + interp::text_for_people(value) + "'";
}

std::optional<struct stat> stat_of_path(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    return st;
}

std::optional<struct stat> stat_of_fd(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) return std::nullopt;
    return st;
}

std::optional<struct stat> stat_of_input(const std::string& path) {
    return path == "-" ? stat_of_fd(STDIN_FILENO) : stat_of_path(path);
}

// One file under two names, by device and inode (a link, /dev/stdout, a shell's redirection). A
// character device (a terminal, /dev/null) is left out: it keeps no bytes to read back or to
// overwrite, and `pgnsem check /dev/null >/dev/null` is harmless.
bool same_file(const std::optional<struct stat>& a, const std::optional<struct stat>& b) {
    return a && b && a->st_dev == b->st_dev && a->st_ino == b->st_ino && !S_ISCHR(a->st_mode);
}

}  // namespace

CLI::Validator whole_number(std::uint64_t min, std::uint64_t max) {
    const std::string range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
    return CLI::Validator(
        [min, max, range](std::string& value) -> std::string {
            if (value.empty()) return "the value is empty; it must be " + range;
            std::uint64_t n = 0;
            const char* const end = value.data() + value.size();
            // from_chars reads decimal digits only: no sign, no space, no prefix; too many digits
            // for 64 bits are result_out_of_range
            const auto [stop, error] = std::from_chars(value.data(), end, n);
            if (error != std::errc{} || stop != end || n < min || n > max)
                return shown_value(value) + " is not " + range;
            value = std::to_string(n);
            return {};
        },
        "UINT in [" + std::to_string(min) + " - " + std::to_string(max) + "]");
}

namespace {
// K/N read in decimal digits, or nothing.
std::optional<syntax::ShardSpec> read_shard_spec(std::string_view value) {
    const std::size_t slash = value.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    const auto whole = [](std::string_view digits, std::uint32_t& n) {
        const char* const end = digits.data() + digits.size();
        const auto [stop, error] = std::from_chars(digits.data(), end, n);
        return !digits.empty() && error == std::errc{} && stop == end;
    };
    syntax::ShardSpec spec;
    if (!whole(value.substr(0, slash), spec.index) || !whole(value.substr(slash + 1), spec.count)) return std::nullopt;
    if (spec.index < 1 || spec.index > spec.count || spec.count > kMaxShards) return std::nullopt;
    return spec;
}
}  // namespace

CLI::Validator shard_spec() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            if (read_shard_spec(value)) return {};
            return shown_value(value) + " is not K/N: two whole numbers with 1 ≤ K ≤ N ≤ " +
                   std::to_string(kMaxShards) + " (shard K of N)";
        },
        "K/N");
}

syntax::ShardSpec parse_shard_spec(std::string_view value) {
    return read_shard_spec(value).value_or(syntax::ShardSpec{});
}

CLI::Validator fraction_from_0_to_1() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            if (value.empty()) return "the value is empty; it must be a number from 0 to 1";
            double x = 0;
            const char* const end = value.data() + value.size();
            // from_chars takes no space, no plus sign and no 0x; it reads nan and inf, which the
            // comparisons refuse (false for nan)
            const auto [stop, error] = std::from_chars(value.data(), end, x);
            if (error != std::errc{} || stop != end || !(x >= 0.0 && x <= 1.0))
                return shown_value(value) + " is not a number from 0 to 1";
            return {};
        },
        "FLOAT in [0 - 1]");
}

std::string stdout_is_an_input(const std::vector<std::string>& inputs) {
    const std::optional<struct stat> out = stat_of_fd(STDOUT_FILENO);
    for (const std::string& path : inputs) {
        if (!same_file(out, stat_of_input(path))) continue;
        const std::string what = path == "-" ? "the file standard input reads" : interp::text_for_people(path);
        return "standard output is " + what +
               ", which is also read: the output would be read back as input (write it to another file)";
    }
    return {};
}

std::string output_is_a_standard_stream(const char* option, const std::string& path,
                                        const std::vector<std::string>& inputs) {
    if (path.empty()) return {};
    const std::optional<struct stat> file = stat_of_path(path);
    const std::string named = std::string(option) + " " + interp::text_for_people(path);
    if (same_file(file, stat_of_fd(STDOUT_FILENO)))
        return named + " is also standard output: the two would overwrite each other's bytes (name another file)";
    if (std::find(inputs.begin(), inputs.end(), "-") != inputs.end() && same_file(file, stat_of_fd(STDIN_FILENO)))
        return named + " is also standard input, which is read: it would be emptied before it is read";
    return {};
}

void add_json_format_option(CLI::App* cmd, std::string& format) {
    cmd->add_option("--format", format,
                    "text, json (one JSON document: an array of the objects) or jsonl (one JSON object a line); "
                    "docs/vocabulary.md names every field")
        ->check(CLI::IsMember({"text", "json", "jsonl"}));
}

std::optional<interp::JsonLayout> json_layout(const std::string& format) {
    if (format == "json") return interp::JsonLayout::Document;
    if (format == "jsonl") return interp::JsonLayout::Lines;
    return std::nullopt;
}

std::string nearest_hint(std::string_view word, const std::vector<std::string>& names) {
    // Levenshtein distance, one row at a time
    const auto distance = [](std::string_view a, std::string_view b) {
        std::vector<std::size_t> row(b.size() + 1);
        for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
        for (std::size_t i = 1; i <= a.size(); ++i) {
            std::size_t diagonal = row[0];
            row[0] = i;
            for (std::size_t j = 1; j <= b.size(); ++j) {
                const std::size_t up = row[j];
                row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
                diagonal = up;
            }
        }
        return row[b.size()];
    };
    // At most two edits, and fewer than the word has letters (its leading dashes aside): a one-letter
    // word is one edit from any one-letter name, '-x' from '-h'.
    const std::size_t letters = word.size() - std::min(word.size(), word.find_first_not_of('-'));
    std::string best;
    std::size_t best_distance = std::min<std::size_t>(3, letters);
    for (const std::string& n : names)
        if (const std::size_t d = distance(word, n); d < best_distance) {
            best = n;
            best_distance = d;
        }
    return best.empty() ? std::string() : ", did you mean '" + best + "'?";
}

std::string unknown_flag_error(const CLI::App& app) {
    // the subcommand that was given, else the tool itself
    std::vector<const CLI::App*> commands;
    for (const CLI::App* sub : app.get_subcommands()) commands.push_back(sub);
    commands.push_back(&app);
    for (const CLI::App* cmd : commands)
        for (const std::string& word : cmd->remaining()) {
            if (word.size() < 2 || word[0] != '-') continue;
            const std::string flag = word.substr(0, word.find('='));  // --flag=value
            std::vector<std::string> names;
            for (const CLI::Option* option : cmd->get_options()) {
                for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
                for (const std::string& name : option->get_snames()) names.push_back("-" + name);
            }
            const std::string command = cmd == &app ? "pgnsem" : "pgnsem " + cmd->get_name();
            return command + ": no option is called '" + interp::text_for_people(flag) + "'" +
                   nearest_hint(flag, names) + " (" + command + " --help lists them)";
        }
    return {};
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out.append(out.empty() ? "" : ", ").append(n);
    return out;
}

}  // namespace pgnsem::cli
