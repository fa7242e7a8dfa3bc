// Input files read by content, not by name: plain text, or gzip (multi-member), bzip2 (concatenated
// streams), xz (concatenated streams) or zstd (concatenated frames), recognised by their magic
// bytes and decompressed as a stream with zlib, libbz2, liblzma and libzstd, so memory stays
// bounded whatever the file's size. Every reader of the command line (check, trace, normalize, fen)
// opens its files here and reads a std::FILE* of the text: a plain file is that file itself (the
// reader's own fast path, unchanged); a compressed one is a glibc cookie stream (fopencookie)
// whose reads are served by the decompressor, in a thread of its own when asked for.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "syntax/pgn/shard.hpp"

namespace pgnsem::interp {

enum class Compression : std::uint8_t { None, Gzip, Bzip2, Xz, Zstd };

// "plain", "gzip", "bzip2", "xz", "zstd".
[[nodiscard]] std::string_view compression_name(Compression c) noexcept;

// The format the first bytes of a file announce: gzip 1F 8B, bzip2 "BZh", xz FD "7zXZ" 00,
// zstd 28 B5 2F FD or a zstd skippable frame 5? 2A 4D 18 (pzstd's output starts with one);
// anything else (fewer bytes included) is plain text.
[[nodiscard]] Compression detect_compression(std::string_view first_bytes) noexcept;

class Input {
public:
    // Opens `path` ("-" is standard input) and looks at its first bytes. `threaded`: decompress in a
    // thread of its own, ahead of the reader (a few MiB of text at most). Null, with a message
    // naming the file in `error`, when it cannot be opened or read.
    static std::unique_ptr<Input> open(const std::string& path, bool threaded, std::string& error);
    ~Input();
    Input(const Input&) = delete;
    Input& operator=(const Input&) = delete;

    // The text: what the PGN or FEN reader reads (owned by this Input; closed by its destructor).
    [[nodiscard]] std::FILE* text() const noexcept { return text_; }
    [[nodiscard]] Compression compression() const noexcept { return compression_; }
    // After reading: why the compressed data could not be decompressed (corrupt, truncated, a read
    // error), naming the file and where — the compressed byte and the text byte reached — or empty.
    [[nodiscard]] std::string error() const;
    // The file as stored (compressed or not), for progress: its descriptor (-1 for none) and its
    // size when it is a regular file.
    [[nodiscard]] int stored_fd() const noexcept;
    [[nodiscard]] std::optional<std::uint64_t> stored_size() const noexcept { return stored_size_; }

    struct Decoder;

private:
    Input() = default;
    std::FILE* stored_ = nullptr;  // the file as opened (stdin for "-")
    bool owns_stored_ = false;
    std::FILE* text_ = nullptr;  // stored_ for plain text, else the cookie stream
    Compression compression_ = Compression::None;
    std::optional<std::uint64_t> stored_size_;
    std::unique_ptr<Decoder> decoder_;
};

// Shard K of N of the plain file `path` (syntax/pgn/shard.hpp). A compressed file is refused with its
// compression named: its text can only be read from its start. nullptr, and `error` says why, when
// the file cannot be opened or sharded.
[[nodiscard]] std::unique_ptr<syntax::ShardReader> open_shard(const std::string& path, syntax::ShardSpec spec,
                                                              std::string& error);

}  // namespace pgnsem::interp
