// Times the streaming PGN reader alone (syntax/pgn/reader.hpp): games/s and MB/s over one file.
// Usage: pgn_read_bench FILE.pgn  (or `-` for stdin). Prints the games, plies, errors, seconds.
#include <chrono>
#include <cstdio>
#include <cstring>

#include "syntax/pgn/reader.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: pgn_read_bench FILE.pgn\n");
        return 2;
    }
    const bool stdin_input = std::strcmp(argv[1], "-") == 0;
    std::FILE* in = stdin_input ? stdin : std::fopen(argv[1], "rb");
    if (in == nullptr) {
        std::perror(argv[1]);
        return 2;
    }
    const auto t0 = std::chrono::steady_clock::now();
    pgnsem::syntax::PgnReader reader(in, argv[1]);
    pgnsem::ast::Game game;
    unsigned long games = 0, plies = 0, errors = 0, warnings = 0;
    while (reader.next(game)) {
        ++games;
        plies += game.plies.size();
        if (game.error) ++errors;
        warnings += game.warnings.size();
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const long bytes = std::ftell(in);
    if (!stdin_input) std::fclose(in);
    std::printf("games %lu plies %lu errors %lu warnings %lu seconds %.3f games/s %.0f MB/s %.1f\n", games, plies,
                errors, warnings, seconds, static_cast<double>(games) / seconds,
                bytes > 0 ? static_cast<double>(bytes) / 1e6 / seconds : 0.0);
    return reader.io_error().empty() ? 0 : 2;
}
