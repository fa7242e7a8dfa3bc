// The progress line of check and trace: games judged, how far into the file (a percentage of its
// stored size when it is a regular file, compressed or not), games per second, redrawn in place on
// stderr by a thread of its own at most every kRedrawMs. The judging threads only store a count
// (set_games, one relaxed store per game, no system call); the drawing thread asks the file's
// offset of the kernel (lseek on the stored file's descriptor), so the reader is not touched.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

namespace pgnsem::interp {

class Progress {
public:
    static constexpr int kRedrawMs = 100;

    // Draws on `fd` (stderr) when `enabled`; otherwise does nothing at all.
    Progress(bool enabled, int fd);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    // Whether a progress line belongs on stderr: it is a terminal, and stdout is not that same
    // terminal (where the line would break into the verdicts).
    [[nodiscard]] static bool wanted(int out_fd, int err_fd) noexcept;

    // The file now read: its name, the descriptor of the file as stored (-1: none), its size.
    void begin_file(std::string_view name, int fd, std::optional<std::uint64_t> size);
    void end_file();
    // The games judged so far, over all files.
    void set_games(std::uint64_t games) noexcept { games_.store(games, std::memory_order_relaxed); }
    // Erases the line (it is drawn again at the next redraw): before a message on stderr.
    void interrupt();
    // Erases the line and stops drawing (before the summary is written).
    void stop();

private:
    void run();
    [[nodiscard]] std::string line();

    bool enabled_;
    int fd_;
    // kRedrawMs, or what the hidden knob PGNSEM_PROGRESS_MS says (tests/cli/progress.sh: a short
    // run drawn many times)
    int redraw_ms_ = kRedrawMs;
    std::atomic<std::uint64_t> games_{0};
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::string name_;
    int file_fd_ = -1;
    std::optional<std::uint64_t> size_;
    bool drawn_ = false;
    std::thread thread_;
};

}  // namespace pgnsem::interp
