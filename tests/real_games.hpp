// The real games (../shared/data/games/real-games.pgn.gz, 116,886 games) as a stream, for the
// corpus tests of every area: decompressed by gzip through a pipe, so nothing is copied into the
// build. When the file is absent the test exits with 77, which ctest reports as skipped, never as
// passed (tests/CMakeLists.txt).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

namespace pgnsem::test {

// The path of the compressed file.
inline std::string real_games_path() {
    return std::string(PGNSEM_SHARED_DIR) + "/data/games/real-games.pgn.gz";
}

// A stream of the decompressed games (close it with pclose), or nullptr if gzip could not be started.
inline std::FILE* open_real_games() {
    const std::string path = real_games_path();
    std::FILE* probe = std::fopen(path.c_str(), "rb");
    if (probe == nullptr) {
        std::cout << "SKIP: " << path << " is absent\n";
        std::exit(77);
    }
    std::fclose(probe);
    const std::string command = "gzip -dc '" + path + "'";
    return popen(command.c_str(), "r");
}

}  // namespace pgnsem::test
