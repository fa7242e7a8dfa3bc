// One shard of a plain PGN file (syntax/pgn/shard.hpp; syntax/README.md, "Shards").
#include "syntax/pgn/shard.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

namespace pgnsem::syntax {

namespace {

// the reads of the scans before the reader starts: the candidates are usually close
constexpr std::size_t kScanBytes = std::size_t{1} << 16;

// Reads [at, at + n) of fd into buf, whole unless the file ends first; the bytes read, or -1.
std::ptrdiff_t read_at(int fd, char* buf, std::size_t n, std::uint64_t at) {
    std::size_t got = 0;
    while (got < n) {
        const ssize_t k = ::pread(fd, buf + got, n - got, static_cast<off_t>(at + got));
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) return -1;
        if (k == 0) break;
        got += static_cast<std::size_t>(k);
    }
    return static_cast<std::ptrdiff_t>(got);
}

std::string read_failure(const std::string& path) {
    return path + ": cannot read: " + std::strerror(errno);
}

// The first candidate boundary (candidate_boundary) at or after `from` (≥ 1), or `size` when none
// follows. The three bytes before `from` are read too, so that a candidate at `from` is seen.
bool first_candidate(int fd, std::uint64_t from, std::uint64_t size, std::uint64_t& found, const std::string& path,
                     std::string& error) {
    std::vector<char> buf(kScanBytes);
    std::uint64_t at = from >= 3 ? from - 3 : 0;  // the file offset of buf[0]
    std::size_t first = static_cast<std::size_t>(from - at);
    while (at < size) {
        const std::ptrdiff_t n = read_at(fd, buf.data(), buf.size(), at);
        if (n < 0) {
            error = read_failure(path);
            return false;
        }
        const std::string_view s(buf.data(), static_cast<std::size_t>(n));
        for (std::size_t i = first; i < s.size();) {
            const void* p = std::memchr(s.data() + i, '[', s.size() - i);
            if (p == nullptr) break;
            i = static_cast<std::size_t>(static_cast<const char*>(p) - s.data());
            if (candidate_boundary(s, i)) {
                found = at + i;
                return true;
            }
            ++i;
        }
        if (static_cast<std::size_t>(n) < buf.size()) break;  // the end of the file
        // the next read keeps the last three bytes, which the candidates at its start look back on
        at += static_cast<std::uint64_t>(n) - 3;
        first = 3;
    }
    found = size;
    return true;
}

// The line ends in [from, to), as the reader counts them (count_line_ends). A read never ends
// between a CR and the LF after it, which would count that pair twice; the byte at `to` is never
// an LF that a CR before it pairs with (`to` is a `[` or the end of the file).
bool count_lines(int fd, std::uint64_t from, std::uint64_t to, std::uint64_t& lines, const std::string& path,
                 std::string& error) {
    std::vector<char> buf(kScanBytes);
    lines = 0;
    for (std::uint64_t at = from; at < to;) {
        const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(buf.size(), to - at));
        const std::ptrdiff_t n = read_at(fd, buf.data(), want, at);
        if (n < 0) {
            error = read_failure(path);
            return false;
        }
        if (n == 0) break;  // the file shrank
        auto k = static_cast<std::size_t>(n);
        if (at + k < to && k > 1 && buf[k - 1] == '\r') --k;
        lines += count_line_ends(std::string_view(buf.data(), k));
        at += k;
    }
    return true;
}

// ⌊(K−1)·size/N⌋ without overflow (K ≤ N ≤ 2^20).
std::uint64_t range_start(std::uint64_t size, std::uint32_t k, std::uint32_t n) {
    return size / n * (k - 1) + size % n * (k - 1) / n;
}

// A stream of `path` from byte `at`, read by a PgnReader that starts there as between two games at
// line 1.
std::unique_ptr<PgnReader> reader_at(std::FILE*& file, const std::string& path, std::uint64_t at, std::string& error) {
    file = std::fopen(path.c_str(), "rb");
    if (file == nullptr || ::fseeko(file, static_cast<off_t>(at), SEEK_SET) != 0) {
        error = path + ": cannot open: " + std::strerror(errno);
        return nullptr;
    }
    PgnReader::Origin origin;
    origin.offset = at;
    origin.start = at;
    origin.line = 1;
    origin.line_start = at;
    return std::make_unique<PgnReader>(file, path, origin);
}

}  // namespace

std::unique_ptr<ShardReader> ShardReader::open(const std::string& path, ShardSpec spec, std::string& error) {
    if (spec.index < 1 || spec.index > spec.count || spec.count > (std::uint32_t{1} << 20)) {
        error = "shard " + std::to_string(spec.index) + "/" + std::to_string(spec.count) +
                ": K/N must have 1 ≤ K ≤ N ≤ 1048576";
        return nullptr;
    }
    std::unique_ptr<ShardReader> r(new ShardReader);
    r->path_ = path;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = path + ": cannot open: " + std::strerror(errno);
        return nullptr;
    }
    struct FdCloser {
        int fd;
        ~FdCloser() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        error = path + ": a shard is a byte range of a regular file, and this is not one";
        return nullptr;
    }
    ShardEnd& e = r->end_;
    e.spec = spec;
    e.size = static_cast<std::uint64_t>(st.st_size);
    const std::uint32_t k = spec.index, n = spec.count;
    if (k != 1 &&
        !first_candidate(fd, std::max<std::uint64_t>(1, range_start(e.size, k, n)), e.size, e.start, path, error))
        return nullptr;
    e.next = e.size;
    if (k != n &&
        !first_candidate(fd, std::max<std::uint64_t>(1, range_start(e.size, k + 1, n)), e.size, e.next, path, error))
        return nullptr;
    if (e.next < e.start) e.next = e.start;
    if (!count_lines(fd, e.start, e.next, e.lines, path, error)) return nullptr;
    if (e.start == e.next) {
        // The next shard's reader starts where this one would: it reads every game from here.
        e.until = e.next;
        r->done_ = true;
        return r;
    }
    r->mine_ = reader_at(r->mine_file_, path, e.start, error);
    if (!r->mine_) return nullptr;
    return r;
}

ShardReader::~ShardReader() {
    mine_.reset();
    theirs_.reset();
    if (mine_file_ != nullptr) std::fclose(mine_file_);
    if (next_file_ != nullptr) std::fclose(next_file_);
}

bool ShardReader::next(ast::Game& out) {
    if (done_) return false;
    if (!mine_->next(out)) {
        end_.until = end_.size;
        done_ = true;
        return false;
    }
    if (out.offset < end_.next) {
        ++end_.games;
        return true;
    }
    // Past the next shard's start: the next shard's reader, run as far as this game, tells whether
    // it starts the same game (then both read the same games from here on, and the next shard
    // writes them) or not (then this reader's view is the file's, and this shard writes the game).
    if (!theirs_ && !theirs_done_) {
        theirs_ = reader_at(next_file_, path_, end_.next, error_);
        if (!theirs_) theirs_done_ = true;
    }
    while (!theirs_done_ && (!theirs_started_ || their_game_.offset < out.offset)) {
        if (theirs_->next(their_game_))
            theirs_started_ = true;
        else
            theirs_done_ = true;
    }
    if (!theirs_done_ && their_game_.offset == out.offset && their_game_.start.column == out.start.column) {
        end_.until = out.offset;
        done_ = true;
        out.clear();
        return false;
    }
    ++end_.games;
    return true;
}

std::string ShardReader::io_error() const {
    if (!error_.empty()) return error_;
    if (mine_ && !mine_->io_error().empty()) return mine_->io_error();
    if (theirs_ && !theirs_->io_error().empty()) return theirs_->io_error();
    return {};
}

}  // namespace pgnsem::syntax
