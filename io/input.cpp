// Compressed input, streamed (io/input.hpp). The stored file is read in chunks of
// kInBytes; a codec turns them into text; with `threaded` a thread of its own decodes into a ring of
// kBlocks blocks of kBlockBytes ahead of the reader, so the memory of a compressed input is the
// codec's window plus these few MiB, whatever the file's size.
//
// The codec is asked for text in windows of kStepBytes, whoever reads it: each step may write up to
// the end of the current window of the text (offsets k·kStepBytes), never more. What a codec does
// depends on the room it is given — libzstd decodes several blocks in one call when there is room
// and, when that call meets an error, reports none of the text it wrote; zlib writes the text before
// a bad checksum in the same call that refuses it — so a room that followed the reader's requests
// would make the text before an error, and the offsets the message names, depend on how the text is
// read (-j 1 reads through the stdio buffer, -j N through this thread's blocks). With fixed windows
// the codec makes the same calls either way, and `check -j N` writes what `-j 1` writes.
//
// Every way a stream can end is told apart: at the end of a gzip member, bzip2 stream or zstd frame
// the next bytes must begin another one (or be the end of the file, or, after gzip, NUL bytes up to
// it, which gzip -d reads as padding); input that ends inside one is
// truncated; bytes a codec refuses are corrupt. Both are errors naming the file, the compressed byte
// and the text byte reached: the games read before them keep their verdicts, and the command exits 2.
//
// Local names: in = the compressed bytes, out/n = where text goes and how much fits.
#include "io/input.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <sys/stat.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "ast/assert.hpp"
#include "io/output.hpp"

namespace pgnsem::interp {

std::string_view compression_name(Compression c) noexcept {
    switch (c) {
        case Compression::None: return "plain";
        case Compression::Gzip: return "gzip";
        case Compression::Bzip2: return "bzip2";
        case Compression::Xz: return "xz";
        case Compression::Zstd: return "zstd";
    }
    return "plain";
}

Compression detect_compression(std::string_view b) noexcept {
    using namespace std::string_view_literals;
    if (b.starts_with("\x1F\x8B"sv)) return Compression::Gzip;
    if (b.starts_with("BZh"sv)) return Compression::Bzip2;
    if (b.starts_with("\xFD"
                      "7zXZ\0"sv))
        return Compression::Xz;
    if (b.starts_with("\x28\xB5\x2F\xFD"sv)) return Compression::Zstd;
    // A zstd skippable frame (magic 0x184D2A50 to 0x184D2A5F, little-endian), which pzstd writes
    // first: libzstd passes over it, wherever it stands (Zstd below).
    if (b.size() >= 4 && (static_cast<unsigned char>(b[0]) & 0xF0) == 0x50 && b.substr(1, 3) == "\x2A\x4D\x18"sv)
        return Compression::Zstd;
    return Compression::None;
}

namespace {

constexpr std::size_t kInBytes = std::size_t{256} << 10;
// the window of text one codec step may write (small: libzstd drops the text of a call that fails)
constexpr std::size_t kStepBytes = std::size_t{16} << 10;
constexpr std::size_t kBlockBytes = std::size_t{1} << 20;
static_assert(kBlockBytes % kStepBytes == 0, "a block is whole windows");
constexpr std::size_t kBlocks = 4;
// the bytes looked at to recognise a format (xz's magic is the longest)
constexpr std::size_t kMagicBytes = 6;

// The stored bytes, in chunks; the first chunk is the bytes looked at by Input::open.
struct Compressed {
    std::FILE* file = nullptr;
    std::vector<unsigned char> buf = std::vector<unsigned char>(kInBytes);
    const unsigned char* next = nullptr;
    std::size_t avail = 0;
    std::uint64_t base = 0;  // the offset in the file of buf[0]
    bool eof = false;
    int read_errno = 0;

    [[nodiscard]] std::uint64_t position() const noexcept {
        return base + static_cast<std::uint64_t>(next - buf.data());
    }
    void consume(std::size_t k) noexcept {
        next += k;
        avail -= k;
    }
    // Reads the next chunk once the last one is used up. False on a read error.
    bool fill() {
        base = position();
        const std::size_t got = std::fread(buf.data(), 1, buf.size(), file);
        next = buf.data();
        avail = got;
        if (got < buf.size()) {
            if (std::ferror(file)) {
                read_errno = errno != 0 ? errno : EIO;
                eof = true;
                return false;
            }
            eof = true;
        }
        return true;
    }
};

// One step of a codec: text was made or input taken (More), a gzip member, bzip2 stream or zstd
// frame ended (MemberEnd: another may follow), the whole input ended (End), the input ended inside
// a member (Truncated), or the codec refused the bytes (Corrupt, with why).
enum class Step : std::uint8_t { More, MemberEnd, End, Truncated, Corrupt };

class Codec {
public:
    virtual ~Codec() = default;
    // Decodes from `in` into [out, out + n); `made` is how much text it wrote.
    virtual Step step(Compressed& in, unsigned char* out, std::size_t n, std::size_t& made, std::string& why) = 0;
    // After MemberEnd, when more bytes follow: read them as the next member.
    virtual void restart() {}

protected:
    Codec() = default;
    Codec(const Codec&) = default;
    Codec& operator=(const Codec&) = default;
};

// The text a step can write in one call of a codec whose counts are 32-bit.
unsigned int clamp32(std::size_t n) noexcept {
    return static_cast<unsigned int>(std::min<std::size_t>(n, UINT_MAX));
}

// gzip (RFC 1952) with zlib; members one after another (gzip's own multi-member form).
class Gzip final : public Codec {
public:
    Gzip() {
        if (inflateInit2(&z_, 15 + 16) != Z_OK) throw std::bad_alloc();
    }
    ~Gzip() override { inflateEnd(&z_); }
    Gzip(const Gzip&) = delete;
    Gzip& operator=(const Gzip&) = delete;
    void restart() override { inflateReset(&z_); }
    Step step(Compressed& in, unsigned char* out, std::size_t n, std::size_t& made, std::string& why) override {
        z_.next_in = const_cast<Bytef*>(in.next);
        z_.avail_in = clamp32(in.avail);
        const unsigned int room = clamp32(n);
        z_.next_out = out;
        z_.avail_out = room;
        const unsigned int before = z_.avail_in;
        const int r = inflate(&z_, Z_NO_FLUSH);
        made = room - z_.avail_out;
        in.consume(before - z_.avail_in);
        switch (r) {
            case Z_OK: return Step::More;
            case Z_STREAM_END: return Step::MemberEnd;
            case Z_BUF_ERROR: return in.avail == 0 && in.eof ? Step::Truncated : Step::More;
            case Z_NEED_DICT: why = "it asks for a preset dictionary"; return Step::Corrupt;
            case Z_MEM_ERROR: why = "out of memory"; return Step::Corrupt;
            default: why = z_.msg != nullptr ? z_.msg : "invalid data"; return Step::Corrupt;
        }
    }

private:
    z_stream z_{};
};

// bzip2 with libbz2; streams one after another (as pbzip2 and lbzip2 write them).
class Bzip2 final : public Codec {
public:
    Bzip2() { init(); }
    ~Bzip2() override { BZ2_bzDecompressEnd(&s_); }
    Bzip2(const Bzip2&) = delete;
    Bzip2& operator=(const Bzip2&) = delete;
    void restart() override {
        BZ2_bzDecompressEnd(&s_);
        init();
    }
    Step step(Compressed& in, unsigned char* out, std::size_t n, std::size_t& made, std::string& why) override {
        s_.next_in = reinterpret_cast<char*>(const_cast<unsigned char*>(in.next));
        s_.avail_in = clamp32(in.avail);
        const unsigned int room = clamp32(n);
        s_.next_out = reinterpret_cast<char*>(out);
        s_.avail_out = room;
        const unsigned int before = s_.avail_in;
        const int r = BZ2_bzDecompress(&s_);
        made = room - s_.avail_out;
        const unsigned int taken = before - s_.avail_in;
        in.consume(taken);
        switch (r) {
            case BZ_OK: return made == 0 && taken == 0 && in.avail == 0 && in.eof ? Step::Truncated : Step::More;
            case BZ_STREAM_END: return Step::MemberEnd;
            case BZ_DATA_ERROR: why = "a block's data or checksum is wrong"; return Step::Corrupt;
            case BZ_DATA_ERROR_MAGIC: why = "a stream does not begin with bzip2's magic bytes"; return Step::Corrupt;
            case BZ_MEM_ERROR: why = "out of memory"; return Step::Corrupt;
            default: why = "libbz2 error " + std::to_string(r); return Step::Corrupt;
        }
    }

private:
    void init() {
        s_ = bz_stream{};
        if (BZ2_bzDecompressInit(&s_, 0, 0) != BZ_OK) throw std::bad_alloc();
    }
    bz_stream s_{};
};

// xz with liblzma; LZMA_CONCATENATED reads streams one after another, as xz itself does.
class Xz final : public Codec {
public:
    Xz() {
        if (lzma_stream_decoder(&s_, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) throw std::bad_alloc();
    }
    ~Xz() override { lzma_end(&s_); }
    Xz(const Xz&) = delete;
    Xz& operator=(const Xz&) = delete;
    Step step(Compressed& in, unsigned char* out, std::size_t n, std::size_t& made, std::string& why) override {
        s_.next_in = in.next;
        s_.avail_in = in.avail;
        s_.next_out = out;
        s_.avail_out = n;
        const lzma_ret r = lzma_code(&s_, in.avail == 0 && in.eof ? LZMA_FINISH : LZMA_RUN);
        made = n - s_.avail_out;
        in.consume(in.avail - s_.avail_in);
        switch (r) {
            case LZMA_OK: return Step::More;
            case LZMA_STREAM_END: return Step::End;
            case LZMA_BUF_ERROR: return in.avail == 0 && in.eof ? Step::Truncated : Step::More;
            case LZMA_DATA_ERROR: why = "the compressed data is corrupt"; return Step::Corrupt;
            case LZMA_FORMAT_ERROR: why = "a stream does not begin with xz's magic bytes"; return Step::Corrupt;
            case LZMA_OPTIONS_ERROR: why = "unsupported compression options"; return Step::Corrupt;
            case LZMA_MEM_ERROR: why = "out of memory"; return Step::Corrupt;
            case LZMA_MEMLIMIT_ERROR: why = "it needs more memory than allowed"; return Step::Corrupt;
            case LZMA_NO_CHECK:
            case LZMA_UNSUPPORTED_CHECK:
            case LZMA_GET_CHECK:
            case LZMA_PROG_ERROR:
            case LZMA_SEEK_NEEDED:
            case LZMA_RET_INTERNAL1:
            case LZMA_RET_INTERNAL2:
            case LZMA_RET_INTERNAL3:
            case LZMA_RET_INTERNAL4:
            case LZMA_RET_INTERNAL5:
            case LZMA_RET_INTERNAL6:
            case LZMA_RET_INTERNAL7:
            case LZMA_RET_INTERNAL8: break;
        }
        why = "liblzma error " + std::to_string(static_cast<int>(r));
        return Step::Corrupt;
    }

private:
    lzma_stream s_ = LZMA_STREAM_INIT;
};

// zstd with libzstd; a frame may follow a frame (zstd's concatenated form). ZSTD_decompressStream
// passes over a skippable frame as over a frame without text, first or anywhere after (pzstd writes
// one before each of its frames; tests/cli/compressed.sh).
class Zstd final : public Codec {
public:
    Zstd() : d_(ZSTD_createDCtx()) {
        if (d_ == nullptr) throw std::bad_alloc();
        // the limit stated (README "Input"), whatever the library's default
        ZSTD_DCtx_setParameter(d_, ZSTD_d_windowLogMax, kWindowLogMax);
    }
    ~Zstd() override { ZSTD_freeDCtx(d_); }
    Zstd(const Zstd&) = delete;
    Zstd& operator=(const Zstd&) = delete;
    void restart() override { frame_in_ = 0; }
    Step step(Compressed& in, unsigned char* out, std::size_t n, std::size_t& made, std::string& why) override {
        // the frame's first bytes, kept for a message about its header
        if (frame_in_ < head_.size()) {
            const std::size_t k = std::min(head_.size() - frame_in_, in.avail);
            std::memcpy(head_.data() + frame_in_, in.next, k);
            head_bytes_ = frame_in_ + k;
        }
        ZSTD_inBuffer ib{in.next, in.avail, 0};
        ZSTD_outBuffer ob{out, n, 0};
        const std::size_t r = ZSTD_decompressStream(d_, &ob, &ib);
        made = ob.pos;
        in.consume(ib.pos);
        frame_in_ += ib.pos;
        if (ZSTD_isError(r)) {
            why = ZSTD_getErrorCode(r) == ZSTD_error_frameParameter_windowTooLarge ? window_too_large()
                                                                                   : ZSTD_getErrorName(r);
            return Step::Corrupt;
        }
        // 0: a frame is complete and all its text written
        if (r == 0) return Step::MemberEnd;
        return made == 0 && ib.pos == 0 && in.avail == 0 && in.eof ? Step::Truncated : Step::More;
    }

private:
    // zstd -d's own default: 128 MiB
    static constexpr int kWindowLogMax = 27;

    // The window the frame's header asks for (RFC 8878, 3.1.1.1: the window descriptor, or the
    // content size of a single-segment frame), or 0 when its first bytes do not say.
    [[nodiscard]] std::uint64_t window() const noexcept {
        const unsigned char* h = head_.data();
        const std::size_t n = head_bytes_;
        if (n < 5 || std::memcmp(h, "\x28\xB5\x2F\xFD", 4) != 0) return 0;
        const unsigned descriptor = h[4];
        if ((descriptor & 0x20) == 0) {
            if (n < 6) return 0;
            const std::uint64_t base = std::uint64_t{1} << (10 + (h[5] >> 3));
            return base + base / 8 * (h[5] & 7u);
        }
        constexpr std::size_t kDictionaryIdBytes[] = {0, 1, 2, 4};
        const std::size_t at = 5 + kDictionaryIdBytes[descriptor & 3];
        const std::size_t size = std::size_t{1} << (descriptor >> 6);  // 1, 2, 4 or 8 bytes
        if (n < at + size) return 0;
        std::uint64_t v = 0;
        for (std::size_t i = size; i-- > 0;) v = v << 8 | h[at + i];
        return size == 2 ? v + 256 : v;
    }

    // Why a frame is refused for its window, and the way round: zstd itself, allowed that memory.
    [[nodiscard]] std::string window_too_large() const {
        const std::string limit = std::to_string(1u << (kWindowLogMax - 20)) + " MiB";
        const std::uint64_t w = window();
        if (w == 0)
            return "the frame needs a window over the limit of " + limit +
                   "; decompress it with zstd -d --long=31 and read the text";
        const std::string mib = std::to_string((w + (std::uint64_t{1} << 20) - 1) >> 20);
        return "the frame needs a window of " + mib + " MiB, over the limit of " + limit +
               "; decompress it with zstd -d --memory=" + mib + "MB and read the text";
    }

    ZSTD_DCtx* d_;
    std::array<unsigned char, 18> head_{};  // ZSTD_FRAMEHEADERSIZE_MAX
    std::size_t head_bytes_ = 0;            // of head_, known
    std::uint64_t frame_in_ = 0;            // the frame's bytes consumed
};

std::unique_ptr<Codec> make_codec(Compression c) {
    switch (c) {
        case Compression::None: break;
        case Compression::Gzip: return std::make_unique<Gzip>();
        case Compression::Bzip2: return std::make_unique<Bzip2>();
        case Compression::Xz: return std::make_unique<Xz>();
        case Compression::Zstd: return std::make_unique<Zstd>();
    }
    PGNSEM_UNREACHABLE("plain text has no codec");
}

// A block of text decoded ahead of the reader.
struct Block {
    std::unique_ptr<unsigned char[]> data;
    std::size_t size = 0;
};

}  // namespace

struct Input::Decoder {
    std::string name;  // the file, as messages show it
    Compression compression = Compression::None;
    Compressed in;
    std::unique_ptr<Codec> codec;
    bool done = false;       // the codec's side: no more text
    std::string error;       // why, when the input could not be decoded (set once, before `done`)
    std::uint64_t made = 0;  // text bytes decoded so far

    // With a thread of its own: it fills `full` from `empty`; the reader takes `current`. Without,
    // `current` is one window of kStepBytes, decoded when the reader has taken what it holds.
    bool threaded = false;
    std::thread worker;
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<Block> full;
    std::vector<Block> empty;
    bool worker_done = false;
    bool stop = false;
    Block current;
    std::size_t current_pos = 0;

    void fail(std::string why) {
        error = name + ": " + std::move(why) + " at compressed byte " + std::to_string(in.position()) + ", after " +
                std::to_string(made) + " bytes of text";
        done = true;
    }

    // The next chunk of stored bytes when the last is used up; false (and `fail`) on a read error.
    bool refill() {
        if (in.avail != 0 || in.eof || in.fill()) return true;
        fail(std::string("cannot read the ") + std::string(compression_name(compression)) +
             " data: " + std::strerror(in.read_errno));
        return false;
    }

    // After a gzip member, NUL bytes (a tape's or a disk image's padding to a block) up to the end
    // of the file are the end of the data, as gzip -d reads them; anything after them is an error,
    // as it is to gzip (which warns of trailing garbage and exits 2).
    void skip_padding() {
        for (;;) {
            while (in.avail != 0 && *in.next == 0) in.consume(1);
            if (in.avail != 0) {
                fail(
                    "the gzip data goes on after the NUL bytes that pad its last member (gzip -d ignores what "
                    "follows padding as trailing garbage)");
                return;
            }
            if (in.eof) {
                done = true;
                return;
            }
            if (!refill()) return;
        }
    }

    // Decodes the text of the current window, from `made` to the next multiple of kStepBytes, into
    // out (which has room for it); how much, 0 only once `done`.
    std::size_t decode(unsigned char* out) {
        const std::size_t n = kStepBytes - static_cast<std::size_t>(made % kStepBytes);
        std::size_t got = 0;
        while (got == 0 && !done) {
            if (!refill()) break;
            std::string why;
            const Step step = codec->step(in, out, n, got, why);
            made += got;  // before a failure is named: the text it wrote counts
            switch (step) {
                case Step::More: break;
                case Step::MemberEnd:
                    if (!refill()) break;
                    if (in.avail == 0)
                        done = true;
                    else if (compression == Compression::Gzip && *in.next == 0)
                        skip_padding();
                    else
                        codec->restart();
                    break;
                case Step::End: done = true; break;
                case Step::Truncated:
                    fail("the " + std::string(compression_name(compression)) +
                         " data ends inside a compressed stream (the file is truncated)");
                    break;
                case Step::Corrupt:
                    fail("the " + std::string(compression_name(compression)) + " data cannot be decompressed (" + why +
                         ")");
                    break;
            }
        }
        return got;
    }

    void run_worker() {
        for (;;) {
            Block b;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return stop || !empty.empty(); });
                if (stop) return;
                b = std::move(empty.back());
                empty.pop_back();
            }
            // a block starts at a multiple of kBlockBytes of the text: its windows are whole
            b.size = 0;
            while (b.size < kBlockBytes && !done) b.size += decode(b.data.get() + b.size);
            {
                std::lock_guard lock(mutex);
                full.push_back(std::move(b));
                worker_done = done;
            }
            changed.notify_all();
            if (done) return;
        }
    }

    // The cookie stream's read: text, 0 at its end, -1 (errno EIO) once the text before an error
    // has been read.
    ssize_t read(char* out, std::size_t n) {
        if (!threaded) {
            // one window at a time (current.size: its text so far)
            if (current_pos == current.size) {
                if (current.size == kStepBytes) current.size = current_pos = 0;
                current.size += decode(current.data.get() + current.size);
                if (current_pos == current.size) {
                    if (error.empty()) return 0;
                    errno = EIO;
                    return -1;
                }
            }
            const std::size_t k = std::min(n, current.size - current_pos);
            std::memcpy(out, current.data.get() + current_pos, k);
            current_pos += k;
            return static_cast<ssize_t>(k);
        }
        while (current_pos == current.size) {
            std::unique_lock lock(mutex);
            if (current.data) {
                empty.push_back(std::move(current));
                current = Block{};
                current_pos = 0;
                changed.notify_all();
            }
            changed.wait(lock, [&] { return !full.empty() || worker_done; });
            if (full.empty()) {
                // the worker is done; `error` was set before worker_done
                if (error.empty()) return 0;
                errno = EIO;
                return -1;
            }
            current = std::move(full.front());
            full.pop_front();
            current_pos = 0;
        }
        const std::size_t k = std::min(n, current.size - current_pos);
        std::memcpy(out, current.data.get() + current_pos, k);
        current_pos += k;
        return static_cast<ssize_t>(k);
    }

    void start() {
        threaded = true;
        for (std::size_t i = 0; i < kBlocks; ++i)
            empty.push_back(Block{std::make_unique<unsigned char[]>(kBlockBytes), 0});
        worker = std::thread([this] { run_worker(); });
    }

    ~Decoder() {
        if (worker.joinable()) {
            {
                std::lock_guard lock(mutex);
                stop = true;
            }
            changed.notify_all();
            worker.join();
        }
    }
};

namespace {

ssize_t cookie_read(void* cookie, char* buf, std::size_t size) {
    return static_cast<Input::Decoder*>(cookie)->read(buf, size);
}

}  // namespace

std::unique_ptr<Input> Input::open(const std::string& path, bool threaded, std::string& error) {
    const std::string shown = path == "-" ? "standard input" : text_for_people(path);
    std::unique_ptr<Input> input(new Input());
    input->stored_ = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
    if (input->stored_ == nullptr) {
        error = "cannot open " + shown + ": " + std::strerror(errno);
        return nullptr;
    }
    input->owns_stored_ = path != "-";
    struct stat st {};
    if (::fstat(fileno(input->stored_), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            error = "cannot read " + shown + ": " + std::strerror(EISDIR);
            return nullptr;
        }
        if (S_ISREG(st.st_mode)) input->stored_size_ = static_cast<std::uint64_t>(st.st_size);
    }
    unsigned char head[kMagicBytes];
    const std::size_t n = std::fread(head, 1, kMagicBytes, input->stored_);
    if (std::ferror(input->stored_)) {
        error = "cannot read " + shown + ": " + std::strerror(errno);
        return nullptr;
    }
    input->compression_ = detect_compression(std::string_view(reinterpret_cast<const char*>(head), n));
    if (input->compression_ == Compression::None) {
        // Plain text is the stored stream itself, rewound to where it began: the PGN reader's own
        // path, with nothing between it and the file. A pipe or a terminal cannot be rewound: the
        // bytes looked at are pushed back (glibc takes back more than the one byte C promises).
        input->text_ = input->stored_;
        if (n == 0 || std::fseek(input->stored_, -static_cast<long>(n), SEEK_CUR) == 0) return input;
        std::clearerr(input->stored_);
        for (std::size_t i = n; i-- > 0;)
            if (std::ungetc(head[i], input->stored_) == EOF) {
                error = "cannot read " + shown + ": its first bytes cannot be pushed back";
                return nullptr;
            }
        return input;
    }
    auto d = std::make_unique<Decoder>();
    d->name = shown;
    d->compression = input->compression_;
    d->codec = make_codec(input->compression_);
    d->in.file = input->stored_;
    std::memcpy(d->in.buf.data(), head, n);
    d->in.next = d->in.buf.data();
    d->in.avail = n;
    d->in.eof = std::feof(input->stored_) != 0;
    const cookie_io_functions_t functions{cookie_read, nullptr, nullptr, nullptr};
    input->text_ = fopencookie(d.get(), "r", functions);
    if (input->text_ == nullptr) {
        error = "cannot read " + shown + ": " + std::strerror(errno);
        return nullptr;
    }
    if (threaded)
        d->start();
    else
        d->current.data = std::make_unique<unsigned char[]>(kStepBytes);
    input->decoder_ = std::move(d);
    return input;
}

Input::~Input() {
    if (text_ != nullptr && text_ != stored_) std::fclose(text_);
    decoder_.reset();  // joins the decoding thread, which reads stored_
    if (owns_stored_) std::fclose(stored_);
}

std::string Input::error() const {
    if (!decoder_) return {};
    if (decoder_->threaded) {
        std::lock_guard lock(decoder_->mutex);
        return decoder_->worker_done ? decoder_->error : std::string();
    }
    return decoder_->error;
}

int Input::stored_fd() const noexcept {
    return stored_ != nullptr ? fileno(stored_) : -1;
}

std::unique_ptr<syntax::ShardReader> open_shard(const std::string& path, syntax::ShardSpec spec, std::string& error) {
    {
        const std::unique_ptr<Input> input = Input::open(path, false, error);
        if (!input) return nullptr;
        if (input->compression() != Compression::None) {
            error = path + ": the file is " + std::string(compression_name(input->compression())) +
                    "-compressed; --shard reads a byte range of a plain file, and a compressed stream can only be "
                    "read from its start: decompress it first";
            return nullptr;
        }
    }
    return syntax::ShardReader::open(path, spec, error);
}

}  // namespace pgnsem::interp
