// The ctest face of tests/fuzz/fuzz_pipeline.cpp: runs the pipeline's properties
// (tests/fuzz/pipeline.hpp) over files and folders (every *.pgn in them), with no known bug
// skipped, so that they are checked in every build and not only in scripts/test's fuzz step.
//   replay_pipeline [--known-failures LIST] PATH...
// LIST names, one per line (`#` starts a comment), the reproducers that fail on today's code
// because of a bug that is being fixed elsewhere: each is expected to fail, and the run fails if
// one of them passes (the fix landed: delete its line) or if any other file fails.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/fuzz/pipeline.hpp"

namespace fs = std::filesystem;

namespace {

std::set<std::string> read_list(const std::string& path) {
    std::set<std::string> names;
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "replay_pipeline: cannot read %s\n", path.c_str());
        std::exit(2);
    }
    for (std::string line; std::getline(in, line);) {
        line = line.substr(0, line.find('#'));
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.pop_back();
        if (!line.empty()) names.insert(line);
    }
    return names;
}

}  // namespace

int main(int argc, char** argv) {
    std::set<std::string> known;
    std::vector<fs::path> files;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--known-failures" && i + 1 < argc) {
            known = read_list(argv[++i]);
        } else if (fs::is_directory(arg)) {
            for (const auto& e : fs::recursive_directory_iterator(arg))
                if (e.is_regular_file() && e.path().extension() == ".pgn") files.push_back(e.path());
        } else if (fs::is_regular_file(arg)) {
            files.emplace_back(arg);
        } else {
            std::fprintf(stderr, "replay_pipeline: no such file or folder: %s\n", arg.c_str());
            return 2;
        }
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::fprintf(stderr, "replay_pipeline: no input files\n");
        return 2;
    }
    int passed = 0, bad = 0, expected = 0;
    std::set<std::string> seen;
    for (const fs::path& f : files) {
        std::ifstream in(f, std::ios::binary);
        const std::string input((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string failure = pgnsem::fuzz::check_pipeline(input, {true});
        const std::string name = f.filename().string();
        const bool listed = known.count(name) != 0;
        seen.insert(name);
        if (failure.empty() && !listed) {
            std::printf("ok       %s\n", f.c_str());
            ++passed;
        } else if (failure.empty()) {
            std::printf("FIXED    %s passes now: delete its line from the known-failures list\n", f.c_str());
            ++bad;
        } else if (listed) {
            std::printf("expected %s: %s\n", f.c_str(), failure.c_str());
            ++expected;
        } else {
            std::printf("FAIL     %s: %s\n", f.c_str(), failure.c_str());
            ++bad;
        }
    }
    for (const std::string& name : known)
        if (!seen.count(name)) {
            std::printf("MISSING  %s is in the known-failures list but was not read\n", name.c_str());
            ++bad;
        }
    std::printf("%zu files: %d passed, %d known failures, %d wrong\n", files.size(), passed, expected, bad);
    return bad == 0 ? 0 : 1;
}
