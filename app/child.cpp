// A program run as a child (app/child.hpp).
#include "app/child.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

extern char** environ;

namespace pgnsem::interp {

namespace {
// `what`, then the system's words for `code`. (Appended, not `error = a + b`: g++ 12 with a profile
// warns of an overlapping copy in the move that form inlines, a false alarm that -Werror makes fatal.)
void say(std::string& error, std::string_view what, int code) {
    error.assign(what);
    error.append(": ");
    error.append(std::strerror(code));
}
}  // namespace

std::unique_ptr<Child> Child::start(const std::string& command, std::string& error) {
    int to_child[2], from_child[2];
    if (::pipe2(to_child, O_CLOEXEC) != 0) {
        say(error, "cannot make a pipe", errno);
        return nullptr;
    }
    if (::pipe2(from_child, O_CLOEXEC) != 0) {
        say(error, "cannot make a pipe", errno);
        ::close(to_child[0]);
        ::close(to_child[1]);
        return nullptr;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
    const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
    pid_t pid = -1;
    const int failed =
        posix_spawn(&pid, "/bin/sh", &actions, nullptr, const_cast<char* const*>(argv), environ);  // NOLINT
    posix_spawn_file_actions_destroy(&actions);
    ::close(to_child[0]);
    ::close(from_child[1]);
    if (failed != 0) {
        say(error, "cannot run /bin/sh -c '" + command + "'", failed);
        ::close(to_child[1]);
        ::close(from_child[0]);
        return nullptr;
    }
    std::unique_ptr<Child> c(new Child);
    c->pid_ = pid;
    c->in_ = to_child[1];
    c->out_ = from_child[0];
    return c;
}

Child::~Child() {
    if (in_ >= 0) ::close(in_);
    if (out_ >= 0) ::close(out_);
    if (pid_ > 0 && !reaped_) {
        for (int i = 0; i < 100; ++i) {  // a second to end once its input is closed
            if (::waitpid(pid_, &status_, WNOHANG) == pid_) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status_, 0);
    }
}

bool Child::send(std::string_view line) {
    std::string text(line);
    text.push_back('\n');
    // A program that has ended closes the pipe: the write fails with EPIPE, and SIGPIPE, which would
    // end pgnsem, is held back and taken off again.
    sigset_t pipe_signal, old;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, &old);
    bool ok = true;
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(in_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            ok = false;
            break;
        }
        done += static_cast<std::size_t>(n);
    }
    if (!ok) {
        const timespec none{0, 0};
        while (sigtimedwait(&pipe_signal, nullptr, &none) == SIGPIPE) {
        }
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    return ok;
}

Child::Read Child::read_line(std::string& line, std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    for (;;) {
        if (const std::size_t nl = buffer_.find('\n'); nl != std::string::npos) {
            line.assign(buffer_, 0, nl);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            buffer_.erase(0, nl + 1);
            return Read::Line;
        }
        if (buffer_.size() > kMaxLine) return Read::TooLong;
        if (ended_) return Read::End;
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return Read::Timeout;
        pollfd p{out_, POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1 << 30)));
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) return Read::Timeout;
        char chunk[65536];
        const ssize_t n = ::read(out_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            ended_ = true;           // its output closed: it ended (or closed it)
            if (!buffer_.empty()) {  // a last line without its line end
                line = std::move(buffer_);
                buffer_.clear();
                return Read::Line;
            }
            continue;
        }
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
}

std::string Child::how_it_ended() {
    if (!reaped_) {
        // its output is closed; it may still be ending
        for (int i = 0; i < 100 && !reaped_; ++i) {
            if (::waitpid(pid_, &status_, WNOHANG) == pid_)
                reaped_ = true;
            else
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        if (!reaped_) return "closed its output";
    }
    if (WIFEXITED(status_)) return "exit status " + std::to_string(WEXITSTATUS(status_));
    if (WIFSIGNALED(status_)) return "killed by signal " + std::to_string(WTERMSIG(status_));
    return "ended";
}

}  // namespace pgnsem::interp
