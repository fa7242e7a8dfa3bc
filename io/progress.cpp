#include "io/progress.hpp"

#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "io/output.hpp"

namespace pgnsem::interp {

namespace {

// 1234567 as "1,234,567".
std::string grouped(std::uint64_t n) {
    std::string digits = std::to_string(n), s;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) s.push_back(',');
        s.push_back(digits[i]);
    }
    return s;
}

// A byte count in B, KB, MB or GB (powers of 1000, one decimal).
std::string bytes_text(std::uint64_t n) {
    const char* units[] = {"B", "KB", "MB", "GB", "TB"};
    auto x = static_cast<double>(n);
    std::size_t u = 0;
    while (x >= 1000.0 && u + 1 < std::size(units)) {
        x /= 1000.0;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", x, units[u]);
    return buf;
}

void write_all(int fd, const std::string& s) {
    std::size_t done = 0;
    while (done < s.size()) {
        const ssize_t k = ::write(fd, s.data() + done, s.size() - done);
        if (k <= 0) return;  // a progress line is not worth an error
        done += static_cast<std::size_t>(k);
    }
}

}  // namespace

bool Progress::wanted(int out_fd, int err_fd) noexcept {
    if (::isatty(err_fd) == 0) return false;
    if (::isatty(out_fd) == 0) return true;
    struct stat out {
    }, err{};
    if (::fstat(out_fd, &out) != 0 || ::fstat(err_fd, &err) != 0) return false;
    return out.st_rdev != err.st_rdev;
}

Progress::Progress(bool enabled, int fd) : enabled_(enabled), fd_(fd) {
    if (!enabled_) return;
    if (const char* knob = std::getenv("PGNSEM_PROGRESS_MS")) {
        const int ms = std::atoi(knob);
        if (ms >= 1 && ms <= 60000) redraw_ms_ = ms;
    }
    thread_ = std::thread([this] { run(); });
}

Progress::~Progress() {
    stop();
}

void Progress::begin_file(std::string_view name, int fd, std::optional<std::uint64_t> size) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    name_ = name == "-" ? "standard input" : text_for_people(name);
    file_fd_ = fd;
    size_ = size;
}

void Progress::end_file() {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    // the descriptor is closed next; its number may be reused
    file_fd_ = -1;
}

void Progress::interrupt() {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    if (drawn_) write_all(fd_, "\r\x1b[K");
    drawn_ = false;
}

void Progress::stop() {
    if (!thread_.joinable()) return;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
    if (drawn_) write_all(fd_, "\r\x1b[K");
}

std::string Progress::line() {
    // with mutex_ held
    std::string s = "pgnsem: " + name_ + ": " + grouped(games_.load(std::memory_order_relaxed)) + " games";
    if (file_fd_ >= 0) {
        const off_t at = ::lseek(file_fd_, 0, SEEK_CUR);
        if (at >= 0) {
            const auto pos = static_cast<std::uint64_t>(at);
            if (size_ && *size_ > 0) {
                char pct[16];
                std::snprintf(pct, sizeof pct, "%3.0f%%",
                              100.0 * static_cast<double>(std::min(pos, *size_)) / static_cast<double>(*size_));
                s += ", " + std::string(pct) + " of " + bytes_text(*size_);
            } else {
                s += ", " + bytes_text(pos) + " read";
            }
        }
    }
    return s;
}

void Progress::run() {
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock lock(mutex_);
    for (;;) {
        if (wake_.wait_for(lock, std::chrono::milliseconds(redraw_ms_), [&] { return stopping_; })) return;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::string s = line();
        const double rate = seconds > 0 ? static_cast<double>(games_.load(std::memory_order_relaxed)) / seconds : 0;
        s += ", " + grouped(static_cast<std::uint64_t>(rate)) + " games/s";
        // one line, or the next \r would not reach its start
        winsize w{};
        if (::ioctl(fd_, TIOCGWINSZ, &w) == 0 && w.ws_col > 1 && s.size() >= w.ws_col) s.resize(w.ws_col - 1u);
        // \r to the line's start, the line, then erase what a longer line left
        write_all(fd_, "\r" + s + "\x1b[K");
        drawn_ = true;
    }
}

}  // namespace pgnsem::interp
