// verdicts FILE: for each game of a PGN file ("-" for standard input), the verdict object
// `pgnsem check --format jsonl FILE` writes, one per line — through the library's public
// interface (pgnsem/api.hpp) alone. Exit status: 0 when every game is legal, 1 when any is not,
// 2 when the file cannot be read.
#include <cstdio>
#include <exception>
#include <string>

#include "pgnsem/api.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: verdicts FILE.pgn\n");
        return 2;
    }
    try {
        pgnsem::api::GameReader reader = pgnsem::api::GameReader::open(argv[1]);
        bool all_legal = true;
        while (const auto game = reader.next()) {
            const pgnsem::api::Verdict verdict = pgnsem::api::judge(*game);
            all_legal = all_legal && verdict.verdict == pgnsem::api::Status::Legal;
            std::printf("%s\n", verdict.json.c_str());
        }
        if (std::fflush(stdout) != 0) return 2;
        return all_legal ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "verdicts: %s\n", e.what());
        return 2;
    }
}
