// L12 of proofs-notes/invariants.md without shared data: `normalize` is idempotent on the games
// app/generate.cpp writes (legal games and near-misses, seeded), so the lemma is checked in
// every build, not only when the real games are present (tests/cli/corpus_normalize.sh).
#include "app/normalize.hpp"

#include <rapidcheck/catch.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "app/generate.hpp"

namespace {

std::string read_all(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream all;
    all << in.rdbuf();
    return all.str();
}

// normalize_file(in) written to out; the exit code.
int normalize_into(const std::filesystem::path& in, const std::filesystem::path& out) {
    std::FILE* f = std::fopen(out.c_str(), "wb");
    if (f == nullptr) return 2;
    const int code = pgnsem::interp::normalize_file(in.string(), f);
    std::fclose(f);
    return code;
}

}  // namespace

TEST_CASE("L12 normalize is idempotent on generated games and near-misses", "[property][L12]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("pgnsem-l12-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    rc::prop("L12", [&] {
        const auto seed = *rc::gen::arbitrary<std::uint64_t>();
        const auto per_mille = *rc::gen::inRange<std::uint32_t>(0, 1001);
        std::string text;
        for (std::uint32_t i = 1; i <= 4; ++i) text += pgnsem::interp::generate_game(seed, i, per_mille).pgn;
        { std::ofstream(dir / "games.pgn", std::ios::binary) << text; }
        const int first = normalize_into(dir / "games.pgn", dir / "once.pgn");
        RC_ASSERT(first == 0 || first == 1);
        RC_ASSERT(normalize_into(dir / "once.pgn", dir / "twice.pgn") == first);
        const std::string once = read_all(dir / "once.pgn");
        RC_ASSERT(once.find("[Event ") != std::string::npos);
        RC_ASSERT(read_all(dir / "twice.pgn") == once);
    });
    fs::remove_all(dir);
}
