// Another program run as a child, spoken to a line at a time (`pgnsem diff`): its standard input
// and output are pipes, its standard error is pgnsem's. Every read has a time limit, so a program
// that hangs is reported, never waited for; one that ends, or writes a line longer than a limit, is
// reported too.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

namespace pgnsem::interp {

class Child {
public:
    // Runs `command` with /bin/sh -c. nullptr, and `error` says why, when it cannot be started.
    [[nodiscard]] static std::unique_ptr<Child> start(const std::string& command, std::string& error);
    ~Child();  // closes its input, then ends it (SIGKILL when it has not ended within a second)
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    // Writes `line` and a newline. False when the program no longer reads (it ended).
    bool send(std::string_view line);
    enum class Read : unsigned char { Line, Timeout, End, TooLong };
    // The next line it writes (without its line end), waiting at most `limit`.
    Read read_line(std::string& line, std::chrono::milliseconds limit);
    // How it ended, once read_line said End: "exit status N" or "killed by signal N" (empty when it
    // still runs).
    [[nodiscard]] std::string how_it_ended();

    static constexpr std::size_t kMaxLine = std::size_t{1} << 20;

private:
    Child() = default;
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;  // its standard input (we write), its standard output (we read)
    std::string buffer_;      // read and not yet given out
    bool ended_ = false;
    int status_ = 0;
    bool reaped_ = false;
};

}  // namespace pgnsem::interp
