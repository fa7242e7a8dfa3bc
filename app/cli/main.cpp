// pgnsem — the command-line tool. Subcommands: check, trace, fen, perft, normalize, gen, errata.
// Exit codes (README "Exit codes"): 0 every game legal / position valid, 1 anything else was
// found, 2 usage or I/O error.
#include <malloc.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/check.hpp"
#include "app/cli/arguments.hpp"
#include "app/cli/moves_command.hpp"
#include "app/compare.hpp"
#include "app/diff.hpp"
#include "app/errata_report.hpp"
#include "app/explain_report.hpp"
#include "app/find_parting.hpp"
#include "app/generate.hpp"
#include "app/merge.hpp"
#include "app/normalize.hpp"
#include "app/perft_report.hpp"
#include "app/position_report.hpp"
#include "app/serve.hpp"
#include "interpreter/interpret.hpp"
#include "interpreter/reading.hpp"
#include "io/contract.hpp"
#include "io/output.hpp"
#include "io/progress.hpp"
#include "io/trace_html.hpp"
#include "laws/setup.hpp"
#include "semantics/engine.hpp"
#include "semantics/legal_moves.hpp"
#include "syntax/fen.hpp"

namespace {

using namespace pgnsem;

// The engine a run asked for, or a usage error on stderr (nothing when the request is not one).
std::optional<interp::EngineChoice> engine_or_usage_error(const interp::ReadingRequest& request) {
    auto choice = interp::choose_engine(request);
    if (auto* error = std::get_if<std::string>(&choice)) {
        std::fprintf(stderr, "pgnsem: %s\n", error->c_str());
        return std::nullopt;
    }
    return std::move(std::get<interp::EngineChoice>(choice));
}

// --semantics, --erratum and --engine on a subcommand.
void add_reading_options(CLI::App* cmd, interp::ReadingRequest& request) {
    cmd->add_option("--semantics", request.semantics,
                    "laws (every correction of proofs-notes/errata.md made) or paper (the equations as printed)")
        ->check(CLI::IsMember({"laws", "paper"}));
    cmd->add_option("--erratum", request.errata,
                    "SLUG=paper or SLUG=laws: read one erratum as the paper prints it, or corrected (repeatable; "
                    "pgnsem errata lists the slugs)")
        // one value per --erratum: the files after it are files, now that none is required
        ->allow_extra_args(false);
    cmd->add_option("--engine", request.engine,
                    "reference (the readable definition) or fast (the default under the Laws' reading)")
        ->check(CLI::IsMember({"reference", "fast"}));
}

// The files of check, trace and normalize: none means standard input, unless it is a terminal
// (where nobody is typing PGN): that is a usage error.
bool files_or_stdin(std::vector<std::string>& files, const char* command) {
    if (!files.empty()) return true;
    if (::isatty(STDIN_FILENO) != 0) {
        std::fprintf(stderr, "pgnsem %s: no FILE given, and standard input is a terminal (see pgnsem %s --help)\n",
                     command, command);
        return false;
    }
    files.emplace_back("-");
    return true;
}

// The files a command reads, of which standard output must be none (README "Exit codes"); the
// usage error on stderr.
bool stdout_not_an_input(const std::vector<std::string>& inputs, const char* command) {
    const std::string error = cli::stdout_is_an_input(inputs);
    if (error.empty()) return true;
    std::fprintf(stderr, "pgnsem %s: %s\n", command, error.c_str());
    return false;
}

// A file an option names for writing, which must be neither standard output nor standard input
// when that is read; the usage error on stderr.
bool not_a_standard_stream(const char* command, const char* option, const std::string& path,
                           const std::vector<std::string>& inputs) {
    const std::string error = cli::output_is_a_standard_stream(option, path, inputs);
    if (error.empty()) return true;
    std::fprintf(stderr, "pgnsem %s: %s\n", command, error.c_str());
    return false;
}

// perft's depths: 0 to 32. Deeper trees cannot be counted in any useful time (the start position's
// depth 15 has some 2·10²¹ leaves), and each level keeps a move list on the stack.
constexpr unsigned kMaxPerftDepth = 32;

int run_check(std::vector<std::string> files, const std::string& format, bool strict, bool trace, bool quiet,
              bool only_failures, unsigned jobs, const interp::ReadingRequest& reading,
              const std::optional<syntax::ShardSpec>& shard = std::nullopt, const std::string& games = {}) {
    const std::optional<interp::EngineChoice> engine = engine_or_usage_error(reading);
    if (!engine) return 2;
    const char* const command = trace ? "trace" : "check";
    if (shard && (files.size() != 1 || files.front() == "-" || format != "jsonl")) {
        std::fprintf(stderr,
                     "pgnsem check: --shard K/N judges a byte range of one plain file and writes JSON Lines for "
                     "`pgnsem merge`: give one FILE (not standard input) and --format jsonl\n");
        return 2;
    }
    if (!files_or_stdin(files, command) || !stdout_not_an_input(files, command)) return 2;
    interp::CheckOptions options;
    if (!games.empty()) {
        options.games = interp::GameSelection::parse(games);
        if (!options.games) {
            std::fprintf(stderr,
                         "pgnsem %s: --game %s: want a game number, a range N-M, or a list of them (3, 2-5,9)\n",
                         command, games.c_str());
            return 2;
        }
    }
    options.jobs = shard || options.games ? 1 : jobs;
    options.shard = shard;
    options.shard_envelope = interp::envelope_members("shard", engine->engine->reading());
    options.interpret.strict = strict;
    options.interpret.engine = engine->engine;
    options.format = format == "text"    ? interp::Format::Text
                     : format == "html"  ? interp::Format::Html
                     : format == "jsonl" ? interp::Format::Jsonl
                                         : interp::Format::Json;
    if (only_failures && options.format != interp::Format::Text) {
        std::fprintf(stderr,
                     "pgnsem: --only-failures is for the text report; JSON has one object per game (filter "
                     "it, e.g. jq 'select(.verdict != \"legal\")')\n");
        return 2;
    }
    options.envelope = interp::envelope_members(trace ? "step" : "verdict", engine->engine->reading());
    options.reading = interp::reading_text(engine->engine->reading());
    options.only_failures = only_failures;
    options.trace = trace;
    interp::Progress progress(!quiet && interp::Progress::wanted(STDOUT_FILENO, STDERR_FILENO), STDERR_FILENO);
    options.progress = &progress;
    interp::Summary summary;
    const auto start = std::chrono::steady_clock::now();
    // html: one page for all the files, each game's section written by check_file in between
    const bool html = options.format == interp::Format::Html;
    if (html) {
        std::string page;
        interp::append_trace_html_prologue(page, files, options.reading);
        if (!interp::write_bytes(stdout, page)) return 2;
    }
    // json: one document for all the files, its objects written by check_file in between
    // text: the reading named before the first verdict
    interp::OutputFrame frame(options.format == interp::Format::Text && !trace ? "reading: " + options.reading + "\n\n"
                                                                               : std::string());
    if (options.format == interp::Format::Json) {
        options.frame = &frame;
        if (!interp::write_bytes(stdout, "[")) return 2;
    } else if (options.format == interp::Format::Text && !trace) {
        options.frame = &frame;
    }
    for (const std::string& f : files) {
        interp::check_file(f, options, stdout, summary);
        ++options.file_number;
        if (interp::write_failed()) return 2;  // finish_output says why
    }
    if (html) {
        std::string page;
        interp::append_trace_html_epilogue(page);
        if (!interp::write_bytes(stdout, page)) return 2;
    }
    if (options.format == interp::Format::Json && !interp::write_bytes(stdout, frame.close())) return 2;
    progress.stop();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // a summary of files none of which could be read would only say "0 games"
    if (!quiet && !trace && summary.files_read > 0) {
        std::string s = summary.text() + "reading: " + options.reading + "\n";
        char rate[128];
        std::snprintf(rate, sizeof rate, "time: %.2f s (%.0f games/s, %.0f plies/s)\n", seconds,
                      seconds > 0 ? static_cast<double>(summary.games) / seconds : 0.0,
                      seconds > 0 ? static_cast<double>(summary.plies) / seconds : 0.0);
        s += rate;
        std::fputs(s.c_str(), stderr);
    }
    if (summary.io_error) return 2;
    return summary.games == summary.legal ? 0 : 1;
}

// check --compare A,B and trace --compare A,B: every game under two readings, on one thread.
int run_compare(std::vector<std::string> files, const std::string& spec, const std::string& format, bool strict,
                bool quiet, bool trace) {
    const char* const command = trace ? "trace" : "check";
    const std::size_t comma = spec.find(',');
    if (comma == std::string::npos || spec.find(',', comma + 1) != std::string::npos) {
        std::fprintf(stderr,
                     "pgnsem %s: --compare takes two readings A,B (laws or paper, each followed by any "
                     "+SLUG=paper or +SLUG=laws: laws,paper or laws,laws+castle-through-check=paper), not '%s'\n",
                     command, interp::text_for_people(spec).c_str());
        return 2;
    }
    interp::CompareOptions options;
    options.label_a = spec.substr(0, comma);
    options.label_b = spec.substr(comma + 1);
    interp::EngineChoice engines[2];
    for (int k = 0; k < 2; ++k) {
        const std::string& word = k == 0 ? options.label_a : options.label_b;
        auto request = interp::reading_request(word);
        std::string error;
        if (const auto* e = std::get_if<std::string>(&request)) error = *e;
        if (error.empty()) {
            auto choice = interp::choose_engine(std::get<interp::ReadingRequest>(request));
            if (const auto* e = std::get_if<std::string>(&choice))
                error = *e;
            else
                engines[k] = std::move(std::get<interp::EngineChoice>(choice));
        }
        if (!error.empty()) {
            std::fprintf(stderr, "pgnsem %s: --compare %s: the reading '%s': %s\n", command,
                         interp::text_for_people(spec).c_str(), interp::text_for_people(word).c_str(),
                         interp::text_for_people(error).c_str());
            return 2;
        }
    }
    if (!files_or_stdin(files, command) || !stdout_not_an_input(files, command)) return 2;
    options.a = engines[0].engine;
    options.b = engines[1].engine;
    options.strict = strict;
    options.trace = trace;
    options.format = format == "jsonl"  ? interp::Format::Jsonl
                     : format == "json" ? interp::Format::Json
                                        : interp::Format::Text;
    options.envelope = interp::envelope_members("comparison", options.a->reading());
    options.envelope_a = interp::envelope_members("verdict", options.a->reading());
    options.envelope_b = interp::envelope_members("verdict", options.b->reading());
    interp::OutputFrame frame;
    if (options.format == interp::Format::Json) {
        options.frame = &frame;
        if (!interp::write_bytes(stdout, "[")) return 2;
    }
    interp::CompareSummary summary;
    const auto start = std::chrono::steady_clock::now();
    for (const std::string& f : files) {
        interp::compare_file(f, options, stdout, summary);
        if (interp::write_failed()) return 2;  // finish_output says why
    }
    if (options.format == interp::Format::Json && !interp::write_bytes(stdout, frame.close())) return 2;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // (trace writes no summary, with --compare or without)
    if (!quiet && !trace && summary.files_read > 0) {
        std::string s = summary.text(options.label_a, options.label_b);
        char rate[64];
        std::snprintf(rate, sizeof rate, "time: %.2f s\n", seconds);
        s += rate;
        std::fputs(s.c_str(), stderr);
    }
    if (summary.io_error) return 2;
    return summary.parted == 0 ? 0 : 1;
}

// What --compare cannot go with: the options that choose one reading, and check's parallel and
// sharded runs. The usage error on stderr.
bool compare_alone(const CLI::App* cmd, const char* command) {
    for (const char* option : {"--semantics", "--erratum", "--engine", "--shard", "--only-failures"})
        if (cmd->get_option_no_throw(option) != nullptr && cmd->count(option) > 0) {
            std::fprintf(stderr, "pgnsem %s: --compare names both readings and judges on one thread: leave out %s\n",
                         command, option);
            return false;
        }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    // One malloc arena for every thread. check -j N hands a block's games from the thread that
    // parsed them to the one that judges them and back; with an arena per thread (glibc's default)
    // memory freed in another thread's arena fragments it, and the peak creeps up with the size of
    // the input. Once its buffers have grown, check allocates little, so the one arena's lock is
    // rarely taken.
    (void)mallopt(M_ARENA_MAX, 1);
    // Killed by SIGTERM, SIGINT or SIGHUP, the process still ends by the signal, but never in the
    // middle of a write: its outputs end with a whole line (io/output.hpp).
    interp::defer_interrupts();
    CLI::App app{"pgnsem — a reference interpreter for chess notation (PGN, SAN, FEN)"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "pgnsem " PGNSEM_VERSION, "print pgnsem's version and exit");
    app.footer(
        "Input: check, trace, normalize and fen read plain PGN/FEN text or gzip, bzip2, xz and zstd files "
        "(recognised by their first bytes, not their names; concatenated members and frames included), "
        "streamed. check, trace and normalize read standard input when no FILE is given.\n");

    std::vector<std::string> check_files;
    std::string check_format = "text";
    bool strict = false, quiet = false, only_failures = false;
    auto* check =
        app.add_subcommand("check", "judge every game of PGN files: legal, illegal, malformed or unsupported");
    cli::add_json_format_option(check, check_format);
    check->add_flag("--strict", strict, "accept only the PGN export format");
    check->add_flag("--quiet", quiet, "no summary and no progress line on stderr");
    check->add_flag("--only-failures", only_failures,
                    "text report: only the games that are not legal (then the summary)");
    unsigned default_jobs = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
    unsigned jobs = default_jobs;
    check->add_option("--jobs,-j", jobs, "threads that judge games (default: the number of cores, at most 8)")
        ->transform(cli::whole_number(1, 256));
    std::string shard_text;
    check
        ->add_option("--shard", shard_text,
                     "judge only the games that start in the K-th of N equal byte ranges of one plain FILE, on one "
                     "thread, then write a shard record; `pgnsem merge` joins the N outputs into the whole file's "
                     "(--format jsonl)")
        ->type_name("K/N")
        ->check(cli::shard_spec());
    check->add_option("files", check_files,
                      "PGN files, plain or compressed (gzip, bzip2, xz, zstd); - or none for standard input");
    interp::ReadingRequest check_reading;
    add_reading_options(check, check_reading);
    std::string check_compare;
    check
        ->add_option("--compare", check_compare,
                     "judge every game under two readings, A and B (each laws or paper, then any +SLUG=paper or "
                     "+SLUG=laws), and say where they part and which errata part them (one thread)")
        ->type_name("A,B");
    check->footer(
        "Example: pgnsem check --format jsonl examples/illegal.pgn\n"
        "  one JSON object per game (verdict, error with ply and rule, warnings, fen_after); exit 1 when a game "
        "is not legal");

    std::vector<std::string> trace_files;
    std::string trace_format = "text";
    auto* trace = app.add_subcommand("trace", "print σ step by step for every defined ply");
    trace
        ->add_option("--format", trace_format,
                     "text, json (one JSON document: an array of the steps), jsonl (one step a line), or html: one "
                     "self-contained page (inline CSS and SVG boards) of every game")
        ->check(CLI::IsMember({"text", "json", "jsonl", "html"}));
    bool trace_quiet = false;
    trace->add_flag("--quiet", trace_quiet, "no progress line on stderr");
    unsigned trace_jobs = default_jobs;
    trace->add_option("--jobs,-j", trace_jobs, "threads that judge games")->transform(cli::whole_number(1, 256));
    std::string trace_games;
    trace->add_option("--game", trace_games,
                      "only these games of each file: a number (1 is the first), a range N-M or a list (2-5,9); "
                      "the rest of a file is read past, not judged");
    trace->add_option("files", trace_files,
                      "PGN files, plain or compressed (gzip, bzip2, xz, zstd); - or none for standard input");
    interp::ReadingRequest trace_reading;
    add_reading_options(trace, trace_reading);
    std::string trace_compare;
    trace
        ->add_option("--compare", trace_compare,
                     "two readings A,B side by side: each ply's move and σ′ (or the failure) under both, the ply "
                     "where they part marked (text; one thread)")
        ->type_name("A,B");
    trace->footer(
        "Example: pgnsem trace examples/fischer-spassky-1992.pgn\n"
        "  each ply's move, the rule that fired, the squares of σ that changed and the FEN after it");

    std::vector<std::string> explain_files;
    std::string explain_format = "text";
    std::optional<std::uint32_t> explain_game, explain_ply;
    auto* explain = app.add_subcommand(
        "explain",
        "for one ply: the production, GTSS/GCSS and (S, v), the update σ^{…}_{…}, IIC, T's premises true/false");
    explain
        ->add_option("--format", explain_format,
                     "text, tree (T's premises as a derivation tree, each leaf with its value and the equation or "
                     "erratum it comes from), json (one JSON document: an array of the objects) or jsonl (one JSON "
                     "object a line); docs/vocabulary.md names every field")
        ->check(CLI::IsMember({"text", "tree", "json", "jsonl"}));
    explain->add_option("--game", explain_game, "only game N of each file (1 is the first)")
        ->transform(cli::whole_number(1, 4000000000));
    explain
        ->add_option("--ply", explain_ply,
                     "the ply to explain, 1 is the first (default: the failing ply of each game that is not legal)")
        ->transform(cli::whole_number(1, 4000000000));
    explain->add_option("files", explain_files,
                        "PGN files, plain or compressed (gzip, bzip2, xz, zstd); - or none for standard input");
    interp::ReadingRequest explain_reading;
    add_reading_options(explain, explain_reading);
    explain->footer(
        "Always the reference semantics (semantics/why.hpp records what it computed); --semantics paper or\n"
        "--erratum SLUG=paper shows the paper's premises.\n"
        "Example: pgnsem explain --game 3 examples/illegal.pgn\n"
        "  the failing ply of game 3: which piece GTSS/GCSS found, the update, IIC's answers, and the premise "
        "of T that is false");

    std::string fen_arg, fen_format = "text";
    auto* fen = app.add_subcommand("fen", "describe and validate a FEN position");
    cli::add_json_format_option(fen, fen_format);
    std::uint32_t fen_dead_budget = interp::kFenDeadBudget;
    fen->add_option("--dead-budget", fen_dead_budget,
                    "positions the dead-position analysis may visit (Law 5.2.2); 0 skips it")
        ->transform(cli::whole_number(0, 10000000));
    bool fen_chess960 = false, fen_shredder = false;
    fen->add_flag("--chess960", fen_chess960,
                  "the positions are Chess960 ones: X-FEN castling rights (implied by a file letter in the castling "
                  "field, and by chess960:N)");
    fen->add_flag("--shredder", fen_shredder,
                  "write a Chess960 position's castling rights as Shredder-FEN (file letters, HAha) instead of X-FEN");
    fen->add_option("fen", fen_arg,
                    "a FEN (or four-field EPD), chess960:N (Chess960's start position N, 518 the standard one), or a "
                    "file of them or of FEN records (- for standard input)")
        ->required();
    fen->footer(
        "Example: pgnsem fen --format json 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq -'\n"
        "  a four-field EPD (the clocks are 0 1): the pieces, validity, and \"checkmate\": true");

    unsigned perft_depth = 0;
    std::string perft_fen;
    bool divide = false, perft_chess960 = false;
    auto* perft = app.add_subcommand("perft", "count the leaves of the legal-move tree");
    perft->add_option("depth", perft_depth, "depth")->required()->transform(cli::whole_number(0, kMaxPerftDepth));
    perft->add_option(
        "--fen", perft_fen,
        "start position: a FEN, or four-field EPD; - reads it from standard input; chess960:N, Chess960's "
        "start position N (default: the initial position)");
    perft->add_flag(
        "--chess960", perft_chess960,
        "the position is a Chess960 one: X-FEN castling rights, castling in UCI as the king taking its rook "
        "(implied by a file letter in the castling field)");
    bool perft_shredder = false;
    perft->add_flag("--shredder", perft_shredder,
                    "write a Chess960 position's castling rights as Shredder-FEN (file letters) instead of X-FEN");
    std::string perft_format = "text";
    cli::add_json_format_option(perft, perft_format);
    perft->add_flag("--divide", divide, "one line per root move, as Stockfish's go perft");
    std::string perft_engine = "fast";
    perft->add_option("--engine", perft_engine, "fast (the default) or reference (every move tried with T; slow)")
        ->check(CLI::IsMember({"reference", "fast"}));
    perft->footer(
        "Example: pgnsem perft 3 --divide --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -'\n"
        "  Kiwipete: one line per root move (e1g1: 2059 …), then Nodes searched: 97862");

    std::vector<std::string> normalize_files;
    interp::NormalizeOptions normalize_options;
    auto* normalize = app.add_subcommand("normalize", "rewrite games in the PGN export format");
    normalize->add_option("files", normalize_files,
                          "PGN files, plain or compressed (gzip, bzip2, xz, zstd), read in order; - or none for "
                          "standard input");
    normalize
        ->add_option("--accepted", normalize_options.accepted,
                     "write the legal games, normalised, to this file (not to standard output)")
        ->allow_extra_args(false);
    normalize
        ->add_option("--rejected", normalize_options.rejected,
                     "write the other games (illegal, malformed, unsupported) to this file, exactly as read, so "
                     "that the original can be corrected (not to standard output)")
        ->allow_extra_args(false);
    normalize
        ->add_option("--report", normalize_options.report,
                     "write one normalization object per game to this file: normalised, written as read or not "
                     "written, where, why (docs/vocabulary.md); - for standard output when --accepted and --rejected "
                     "take the games")
        ->allow_extra_args(false);
    std::string normalize_format;
    normalize
        ->add_option("--format", normalize_format,
                     "the report as json (one JSON document: an array of the objects) or jsonl (one object a line; "
                     "the default)")
        ->check(CLI::IsMember({"json", "jsonl"}));
    normalize->footer(
        "A game that cannot be rewritten (malformed, unsupported, or from a position that cannot arise) is "
        "written as read, byte for byte, and stderr says why; with --accepted or --rejected every game that is not "
        "legal is written as read. A game longer than 64 MiB, or a UTF-16/UTF-32 file, is not written (stderr "
        "names it). Exit status: 0 every game legal, 1 otherwise, 2 usage or I/O error.\n"
        "Example: pgnsem normalize --accepted good.pgn --rejected bad.pgn --report report.jsonl a.pgn b.pgn.gz");

    std::uint64_t seed = 1;
    std::uint32_t games = 1;
    double near_miss = 0.0;
    std::string labels;
    auto* gen = app.add_subcommand("gen", "write seeded, reproducible legal (and near-miss) games");
    gen->add_option("--seed", seed, "seed")
        ->required()
        ->transform(cli::whole_number(0, std::numeric_limits<std::uint64_t>::max()));
    gen->add_option("--games", games, "how many games")
        ->required()
        ->transform(cli::whole_number(0, std::numeric_limits<std::uint32_t>::max()));
    gen->add_option("--near-miss", near_miss, "share of games with exactly one illegal move (0..1)")
        ->check(cli::fraction_from_0_to_1());
    gen->add_option("--labels", labels,
                    "write a label object per game to this file: its verdict, and for a near-miss game the error check "
                    "will report (docs/vocabulary.md)");
    std::string gen_format = "jsonl";
    gen->add_option("--format", gen_format,
                    "the labels as json (one JSON document: an array of the objects) or jsonl (one object a line; the "
                    "default)")
        ->check(CLI::IsMember({"json", "jsonl"}));
    gen->footer(
        "Example: pgnsem gen --seed 7 --games 100 --near-miss 0.5 --labels labels.jsonl > games.pgn\n"
        "  the same 100 games for the same seed; pgnsem check games.pgn finds the labels' illegal moves");

    interp::DiffOptions diff_options;
    std::vector<std::string> diff_files;
    std::string diff_format = "text";
    unsigned diff_depth = 3;
    std::uint64_t diff_timeout = 10000, diff_max_nodes = 0, diff_seed = 0;
    std::uint32_t diff_games = 0;
    auto* diff = app.add_subcommand("diff",
                                    "hold another move generator (a UCI engine, or a program speaking serve's "
                                    "protocol) to pgnsem's, and find the position and the move where they part");
    cli::add_json_format_option(diff, diff_format);
    diff->add_option("--uci", diff_options.uci,
                     "the other program, a UCI engine answering `go perft N` with divide lines, as Stockfish "
                     "(run with /bin/sh -c)");
    diff->add_option("--serve", diff_options.serve,
                     "the other program, speaking pgnsem serve's protocol: its `moves` operation is asked (run with "
                     "/bin/sh -c)");
    diff->add_option("--depth", diff_depth, "perft depth at each position (default 3)")
        ->transform(cli::whole_number(1, 10));
    diff->add_option("--timeout", diff_timeout, "milliseconds the other program has for each answer (default 10000)")
        ->transform(cli::whole_number(1, 3600000));
    diff->add_option("--max-nodes", diff_max_nodes, "stop before the leaves compared pass this many")
        ->transform(cli::whole_number(1, UINT64_MAX));
    diff->add_flag("--chess960", diff_options.chess960,
                   "every position of the FILEs is a Chess960 one (X-FEN); without it, those whose castling field "
                   "names a file (Shredder-FEN) and chess960:N lines are");
    diff->add_flag("--skip-impossible", diff_options.skip_impossible,
                   "leave out the positions that cannot arise in a game (engines may crash on them)");
    diff->add_option("--gen-seed", diff_seed, "also the final positions of pgnsem gen's games of this seed")
        ->transform(cli::whole_number(0, UINT64_MAX));
    diff->add_option("--gen-games", diff_games, "how many generated games (with --gen-seed)")
        ->transform(cli::whole_number(0, 4294967295ULL));
    diff->add_option("files", diff_files,
                     "positions: FEN or EPD a line, chess960:N, or .perft files (id, epd, perft lines)");
    diff->footer(
        "Example: pgnsem diff --uci /usr/games/stockfish --depth 3 ../shared/data/perft/standard.perft\n"
        "  one line a position when they agree; where they differ, the moves from the root to the shallowest "
        "position whose moves differ, and each move listed by one side only with the rule pgnsem applies");

    std::vector<std::string> merge_files;
    auto* merge = app.add_subcommand(
        "merge", "join the outputs of check --shard 1/N … N/N into the whole file's check --format jsonl output");
    merge->add_option("outputs", merge_files, "the N outputs of check --shard K/N --format jsonl, in the order of K")
        ->required();
    merge->footer(
        "Example: for k in 1 2 3; do pgnsem check --quiet --shard $k/3 --format jsonl big.pgn > part$k.jsonl; done\n"
        "         pgnsem merge part1.jsonl part2.jsonl part3.jsonl > all.jsonl\n"
        "  all.jsonl is what pgnsem check --format jsonl big.pgn writes; exit 2 when the outputs do not fit "
        "together");

    std::string errata_format = "text";
    auto* errata =
        app.add_subcommand("errata", "list the paper's errata: slug, title, the Law, the game that shows it");
    cli::add_json_format_option(errata, errata_format);
    interp::FindOptions find_options;
    errata
        ->add_option("--find", find_options.slug,
                     "search for a shortest game on which the Laws (or --base) and the same with SLUG read as the "
                     "paper prints it part; else shrink the erratum's own game")
        ->type_name("SLUG");
    errata
        ->add_option("--max-plies", find_options.max_plies,
                     "with --find: the deepest exhaustive search, in plies (default 4: seconds; 5 takes minutes)")
        ->transform(cli::whole_number(0, 5));
    errata
        ->add_option("--base", find_options.base,
                     "with --find: the reading A, as --compare writes one (default laws); B is A+SLUG=paper")
        ->type_name("READING");
    errata->footer(
        "Example: pgnsem errata --format jsonl\n"
        "  one erratum object a line: its slug, title, Law, the paper's form, the correction and the game that "
        "shows it; then one silence object per question the paper leaves open; proofs-notes/errata.md explains each\n"
        "Example: pgnsem errata --find castle-through-check\n"
        "  a short game on which laws and laws+castle-through-check=paper part, where, and whether it is the "
        "shortest");
    const auto position_commands = pgnsem::cli::add_position_commands(app);

    interp::ServeLimits serve_limits;
    auto* serve = app.add_subcommand(
        "serve", "answer JSON requests, one a line on standard input, with JSON responses on standard output");
    serve->add_option("--request-bytes", serve_limits.request_bytes, "the longest request line taken (bytes)")
        ->transform(cli::whole_number(64, std::uint64_t{1} << 30));
    serve->add_option("--perft-depth", serve_limits.perft_depth, "the deepest perft taken")
        ->transform(cli::whole_number(0, kMaxPerftDepth));
    serve->add_option("--perft-nodes", serve_limits.perft_nodes, "the leaves a perft counts before it is refused")
        ->transform(cli::whole_number(1, UINT64_MAX));
    serve
        ->add_option("--dead-budget", serve_limits.dead_budget,
                     "the largest dead_budget a fen request may give (positions the analysis visits)")
        ->transform(cli::whole_number(0, 100000000));
    serve->footer(
        "Example: echo '{\"id\":1,\"op\":\"moves\",\"fen\":\"7k/5Q2/6K1/8/8/8/8/8 b - -\"}' | pgnsem serve\n"
        "  one response a line, in order, each with its request's id and the one-shot command's object as "
        "result (README, \"pgnsem serve\")");

    // A first word that is no subcommand is named, with the nearest one (CLI11 would only say that a
    // subcommand is required).
    if (argc > 1 && argv[1][0] != '-') {
        std::vector<std::string> names;
        for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
        if (std::find(names.begin(), names.end(), argv[1]) == names.end()) {
            std::fprintf(stderr, "pgnsem: no subcommand is called '%s'%s (pgnsem --help lists them: %s)\n",
                         interp::text_for_people(argv[1]).c_str(), cli::nearest_hint(argv[1], names).c_str(),
                         cli::joined(names).c_str());
            return 2;
        }
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // A flag the command does not have is named, with the command and its nearest flag (CLI11
        // says only that an argument was not expected, or for a flag before any subcommand, that a
        // subcommand is required).
        if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr ||
            dynamic_cast<const CLI::RequiredError*>(&e) != nullptr)
            if (const std::string error = cli::unknown_flag_error(app); !error.empty()) {
                std::fprintf(stderr, "%s\n", error.c_str());
                return 2;
            }
        const int code = app.exit(e);
        return code == 0 ? 0 : 2;
    }
    // Every subcommand's status passes through finish_output: the final flush and close of stdout
    // are checked like every write before them.
    using interp::finish_output;
    if (*check && check->count("--compare") > 0) {
        if (!compare_alone(check, "check")) return 2;
        if (check->count("--jobs") > 0 && jobs > 1) {
            std::fprintf(stderr, "pgnsem check: --compare judges on one thread: leave out --jobs (or give -j 1)\n");
            return 2;
        }
        return finish_output(run_compare(check_files, check_compare, check_format, strict, quiet, false));
    }
    if (*trace && trace->count("--compare") > 0) {
        if (!compare_alone(trace, "trace")) return 2;
        if (trace->count("--jobs") > 0 && trace_jobs > 1) {
            std::fprintf(stderr, "pgnsem trace: --compare judges on one thread: leave out --jobs (or give -j 1)\n");
            return 2;
        }
        if (trace_format != "text") {
            std::fprintf(stderr,
                         "pgnsem trace: --compare writes text; for JSON, check --compare writes a comparison object "
                         "a game, and trace writes each reading's steps on its own\n");
            return 2;
        }
        return finish_output(run_compare(trace_files, trace_compare, trace_format, false, trace_quiet, true));
    }
    if (*check) {
        std::optional<syntax::ShardSpec> shard;
        if (!shard_text.empty()) shard = cli::parse_shard_spec(shard_text);
        if (shard && check->count("--jobs") > 0 && jobs > 1) {
            std::fprintf(stderr,
                         "pgnsem check: --shard judges on one thread (the shards are the parallelism); "
                         "leave out --jobs\n");
            return 2;
        }
        return finish_output(
            run_check(check_files, check_format, strict, false, quiet, only_failures, jobs, check_reading, shard));
    }
    if (*merge) return finish_output(interp::merge_shards(merge_files, stdout));
    if (*diff) {
        if (diff_options.uci.empty() == diff_options.serve.empty()) {
            std::fprintf(stderr, "pgnsem diff: name the other program with --uci COMMAND or --serve COMMAND (one)\n");
            return 2;
        }
        if (diff->count("--gen-seed") > 0) diff_options.gen_seed = diff_seed;
        diff_options.gen_games = diff_games;
        if (diff_files.empty() && (!diff_options.gen_seed || diff_games == 0)) {
            std::fprintf(stderr, "pgnsem diff: no positions: give FILEs, or --gen-seed S --gen-games N\n");
            return 2;
        }
        diff_options.depth = static_cast<int>(diff_depth);
        diff_options.timeout = std::chrono::milliseconds(diff_timeout);
        if (diff->count("--max-nodes") > 0) diff_options.max_nodes = diff_max_nodes;
        diff_options.json = cli::json_layout(diff_format);
        return finish_output(interp::diff_command(diff_options, diff_files));
    }
    if (*trace)
        return finish_output(run_check(trace_files, trace_format, false, true, trace_quiet, false, trace_jobs,
                                       trace_reading, std::nullopt, trace_games));
    if (*explain) {
        if (explain_reading.engine == "fast") {
            std::fprintf(stderr,
                         "pgnsem explain: explain always runs the reference engine (the fast one keeps no record)\n");
            return 2;
        }
        explain_reading.engine = "reference";
        const std::optional<interp::EngineChoice> engine = engine_or_usage_error(explain_reading);
        if (!engine) return 2;
        if (!files_or_stdin(explain_files, "explain") || !stdout_not_an_input(explain_files, "explain")) return 2;
        interp::ExplainOptions options;
        options.ply = explain_ply;
        options.json = cli::json_layout(explain_format);
        options.tree = explain_format == "tree";
        options.engine = engine->engine;
        return finish_output(interp::explain_files(explain_files, explain_game, options, stdout));
    }
    if (*fen) {
        // an argument that names no file is a FEN, which stat finds no file for
        if (!stdout_not_an_input({fen_arg}, "fen")) return 2;
        return finish_output(interp::fen_command(fen_arg, cli::json_layout(fen_format), stdout, fen_dead_budget,
                                                 interp::FenOptions{fen_chess960, cli::castling_style(fen_shredder)}));
    }
    if (*perft)
        return finish_output(interp::perft_command(static_cast<int>(perft_depth), perft_fen, divide,
                                                   perft_engine == "reference", cli::json_layout(perft_format),
                                                   perft_chess960, cli::castling_style(perft_shredder)));
    if (*errata && errata->count("--find") > 0) {
        find_options.json = cli::json_layout(errata_format);
        return finish_output(interp::find_parting_game(find_options, stdout));
    }
    if (*errata) {
        for (const char* option : {"--max-plies", "--base"})
            if (errata->count(option) > 0) {
                std::fprintf(stderr, "pgnsem errata: %s goes with --find SLUG\n", option);
                return 2;
            }
        if (const std::optional<interp::JsonLayout> layout = cli::json_layout(errata_format)) {
            interp::JsonDocument doc(stdout, *layout);
            for (const std::string& o : interp::errata_json()) doc.add(o);
            return finish_output(doc.finish() ? 0 : 2);
        }
        return finish_output(interp::write_bytes(stdout, interp::errata_text()) ? 0 : 2);
    }
    if (*normalize) {
        if (!files_or_stdin(normalize_files, "normalize") || !stdout_not_an_input(normalize_files, "normalize") ||
            !not_a_standard_stream("normalize", "--accepted", normalize_options.accepted, normalize_files) ||
            !not_a_standard_stream("normalize", "--rejected", normalize_options.rejected, normalize_files) ||
            (normalize_options.report != "-" &&
             !not_a_standard_stream("normalize", "--report", normalize_options.report, normalize_files)))
            return 2;
        if (!normalize_format.empty() && normalize_options.report.empty()) {
            std::fprintf(stderr,
                         "pgnsem normalize: --format is the layout of the report: give --report FILE too (the games "
                         "are PGN)\n");
            return 2;
        }
        if (normalize_format == "json") normalize_options.report_layout = interp::JsonLayout::Document;
        return finish_output(interp::normalize_files(normalize_files, normalize_options, stdout));
    }
    if (*serve) return finish_output(interp::serve(stdin, stdout, serve_limits));
    if (*gen) {
        if (!not_a_standard_stream("gen", "--labels", labels, {})) return 2;
        return finish_output(interp::generate(seed, games, near_miss, labels, *cli::json_layout(gen_format), stdout));
    }
    if (const auto status = position_commands->run()) return finish_output(*status);
    return 2;
}
