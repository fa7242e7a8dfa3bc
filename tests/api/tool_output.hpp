// The api tests compare the library with what the pgnsem tool writes: its standard output, read
// through a pipe. Helpers shared by the files of tests/api/ (one unity build: see
// tests/CMakeLists.txt).
#pragma once

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

namespace pgnsem::test {

// What the shell command writes on standard output; its exit must be 0 or 1 (pgnsem's "some game
// is not legal"), never a crash or a usage error.
inline std::string tool_output(const std::string& command) {
    std::FILE* out = popen(command.c_str(), "r");
    REQUIRE(out != nullptr);
    std::string written;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, out)) > 0;) written.append(buffer, n);
    const int status = pclose(out);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) <= 1);
    return written;
}

}  // namespace pgnsem::test
