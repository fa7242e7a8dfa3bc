// The shared data beside the repository (../shared/data, PGNSEM_SHARED_DIR), read in place, for the
// tests of every area: its folder, the real games (real-games.pgn.gz, 116,886 games) as a stream
// decompressed by gzip through a pipe, so nothing is copied into the build, and the way out when
// something needed is absent: exit code 77, which ctest reports as skipped, never as passed
// (SKIP_RETURN_CODE, tests/CMakeLists.txt).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>

namespace pgnsem::test {

// Ends the test executable as skipped, with a line saying why on standard output (`ctest -V`
// shows it; no test framework needed, so any test file can call it).
[[noreturn]] inline void skip(const std::string& why) {
    std::cout << "SKIP: " << why << std::endl;
    std::exit(77);
}

// ../shared/data, or empty when it is absent.
inline std::filesystem::path shared_data() {
    const std::filesystem::path dir = std::filesystem::path(PGNSEM_SHARED_DIR) / "data";
    std::error_code ec;
    return std::filesystem::is_directory(dir, ec) ? dir : std::filesystem::path{};
}

// How many of the real games a corpus test reads: 0 for all of them, else the first N. Read from
// PGNSEM_CORPUS_GAMES (`all` or N), which ctest sets from the build's cache variable of that name
// (tests/CMakeLists.txt); all of them when it is unset (the test run by hand).
inline std::size_t corpus_limit() {
    const char* games = std::getenv("PGNSEM_CORPUS_GAMES");
    if (games == nullptr || std::string(games) == "all" || *games == '\0') return 0;
    return static_cast<std::size_t>(std::strtoull(games, nullptr, 10));
}

// The path of the compressed real games.
inline std::string real_games_path() {
    return std::string(PGNSEM_SHARED_DIR) + "/data/games/real-games.pgn.gz";
}

// A stream of the decompressed real games (close it with pclose); skips the test when the file is
// absent or gzip cannot be started.
inline std::FILE* open_real_games() {
    const std::string path = real_games_path();
    std::FILE* probe = std::fopen(path.c_str(), "rb");
    if (probe == nullptr) skip(path + " is absent");
    std::fclose(probe);
    const std::string command = "gzip -dc '" + path + "'";
    std::FILE* in = popen(command.c_str(), "r");
    if (in == nullptr) skip("cannot run gzip to read " + path);
    return in;
}

}  // namespace pgnsem::test
