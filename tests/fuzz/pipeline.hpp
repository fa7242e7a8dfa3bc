// The properties of the whole pipeline (reader, interpreter, every output format, normalize) on one
// input, shared by the libFuzzer target tests/fuzz/fuzz_pipeline.cpp and the ctest replay
// tests/fuzz/replay_pipeline.cpp (which runs them over tests/fuzz/regressions/pipeline/ and the
// seed corpus tests/fuzz/corpus/pipeline/ in every build, not only in the fuzz step).
#pragma once

#include <string>
#include <string_view>

namespace pgnsem::fuzz {

// Runs `pgnsem check` (jsonl and text verdicts, jsonl and text traces, each with one thread and
// with two; see Mode) and `pgnsem normalize` then `check` over `input`, through the library functions the
// command line calls (interp::check_file, interp::normalize_file), and checks:
//   (a) verdicts = games read: every run counts as many games as syntax::PgnReader yields on the
//       same bytes, the jsonl verdicts are that many lines numbered 1, 2, …, and the jsonl trace
//       (when run) has one line per ply the verdicts count;
//   (b) -j 1 and -j 2 write the same bytes, and the same summary (stderr's), in each output, the
//       -j 2 run with tiny blocks (PGNSEM_BLOCK_BYTES, chosen by the input's hash: the split at game
//       boundaries, app/check_parallel.cpp);
//   (c) normalize then check keeps every verdict: as many games, and for each the same
//       `verdict`, `plies`, `error.rule`, `error.ply`, `fen_after`, `end`, `draw_claimable_at`
//       and `automatic_draw_at`, in default mode — except the games normalize leaves out with a
//       word on stderr, as it must: one over the reader's size limit, or a UTF-16/UTF-32 file.
// Returns the empty string when they all hold, else which property failed and how.
struct Mode {
    // Compare -j 1 with -j 2 on all four outputs (the replay); else on the jsonl verdicts and one
    // other output chosen by the input's hash (the fuzz target: twice the executions per second).
    bool all_outputs = true;
};
[[nodiscard]] std::string check_pipeline(std::string_view input, const Mode& mode);

}  // namespace pgnsem::fuzz
