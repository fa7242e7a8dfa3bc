// libFuzzer target for the whole pipeline (hostile input): arbitrary bytes through the PGN
// reader, the interpreter, `check` and `trace` with one thread and with two (the jsonl verdicts and
// one other output per input: tests/fuzz/pipeline.hpp's Mode), and `normalize` then `check`, with
// the properties of tests/fuzz/pipeline.hpp: verdicts = games read, -j 1 = -j 2 byte for byte,
// normalize keeps every verdict. A failure prints which property broke (on stdout) and traps;
// build/release/tests/replay_pipeline FILE replays an input with every output. `normalize` notes
// malformed games on stderr: run with -close_fd_mask=2 (as scripts/test does) to keep libFuzzer's
// lines readable. Seeds: tests/fuzz/corpus/pipeline/; PGN tokens: tests/fuzz/fuzz_pipeline.dict.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "tests/fuzz/pipeline.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::string failure = pgnsem::fuzz::check_pipeline(input, {false});
    if (!failure.empty()) {
        // on stdout: scripts/test closes the target's stderr (-close_fd_mask=2)
        std::printf("fuzz_pipeline: %s\n", failure.c_str());
        std::fflush(stdout);
        __builtin_trap();
    }
    return 0;
}
