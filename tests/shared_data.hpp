// The shared data beside the repository (../shared/data, PGNSEM_SHARED_DIR), read in place, for the
// tests of every area: its folder, the real games (real-games.pgn.gz, 116,886 games) as a stream
// decompressed by gzip through a pipe, so nothing is copied into the build, the perft suites
// (perft/*.perft) as entries, and the way out when
// something needed is absent: exit code 77, which ctest reports as skipped, never as passed
// (SKIP_RETURN_CODE, tests/CMakeLists.txt).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

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

// One position of a perft suite: its id, its EPD (or FEN) as written, and its (depth, leaves) pairs.
struct PerftEntry {
    std::string id;
    std::string epd;
    std::vector<std::pair<int, std::uint64_t>> counts;
};

// The entries of ../shared/data/perft/NAME (`id`, `epd` and `perft DEPTH LEAVES` lines, `#`
// comments); skips the test when the file is absent.
inline std::vector<PerftEntry> read_perft_suite(const std::string& name) {
    const std::string path = std::string(PGNSEM_SHARED_DIR) + "/data/perft/" + name;
    std::ifstream in(path);
    if (!in) skip(path + " is absent");
    std::vector<PerftEntry> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        std::string word;
        ss >> word;
        if (word == "id") {
            out.push_back({});
            ss >> out.back().id;
        } else if (word == "epd" && !out.empty()) {
            std::getline(ss >> std::ws, out.back().epd);
        } else if (word == "perft" && !out.empty()) {
            int depth = 0;
            std::uint64_t nodes = 0;
            ss >> depth >> nodes;
            out.back().counts.emplace_back(depth, nodes);
        }
    }
    return out;
}

// The Chess960 positions of tricky.perft (X-FEN castling), which are not standard chess.
inline bool chess960_entry(const PerftEntry& e) {
    return e.id.rfind("xfen", 0) == 0 || e.id.find("asymmetrical-and-king-on-h") != std::string::npos;
}

}  // namespace pgnsem::test
