// One shard of a plain PGN file: the games whose first byte lies in the K-th of N byte ranges, read
// as the reader of the whole file reads them, so that the N shards, merged, are the whole file's
// games (syntax/README.md, "Shards"; `pgnsem check --shard K/N`, `pgnsem merge`).
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "ast/ast.hpp"
#include "syntax/pgn/reader.hpp"

namespace pgnsem::syntax {

// Whether s[i] begins a candidate game boundary: a `[` that opens a line after an empty line (LF,
// CRLF or a lone CR, as the reader counts them). Only a guess, which the readers then check: a
// comment or a string may hold such a line. Needs the three bytes before i (i ≥ 1; false when
// fewer are there to tell).
[[nodiscard]] inline bool candidate_boundary(std::string_view s, std::size_t i) noexcept {
    if (i == 0 || s[i] != '[' || (s[i - 1] != '\n' && s[i - 1] != '\r')) return false;
    std::size_t j = i - 1;  // the line end before the `[` starts at j
    if (s[j] == '\n' && j > 0 && s[j - 1] == '\r') --j;
    return j > 0 && (s[j - 1] == '\n' || s[j - 1] == '\r');
}

// K of N (1 ≤ K ≤ N).
struct ShardSpec {
    std::uint32_t index = 1;
    std::uint32_t count = 1;
};

// What a shard found, for the merge (its `shard` record, docs/vocabulary.md). Offsets are bytes of
// the file.
struct ShardEnd {
    ShardSpec spec;           // K of N
    std::uint64_t start = 0;  // where its reader started: 0, or the first candidate at or after ⌊(K−1)·size/N⌋
    std::uint64_t next = 0;   // where the next shard's reader starts (the file's size for the last)
    // Where the shard's games end: the first game at or after `next` that this shard's reader and
    // the next shard's both start, at the same byte and column (from there they read the same
    // games), or the file's size when there is none. The shard has written the games it read that
    // start before it.
    std::uint64_t until = 0;
    std::uint64_t lines = 0;  // the line ends in [start, next)
    std::uint64_t size = 0;   // the file's size when the shard opened it
    std::uint64_t games = 0;  // the games next() gave
};

// Reads shard K of N of a plain file. The games it gives are those its reader reads from `start`
// that start before `until`; their lines count from `start` (line 1), their `offset`s are the
// file's. Merging (the game and line numbers made the file's, and the games of shard K that start
// below the largest `until` of the shards before it dropped: they were read from a guess the reader
// before it overruled) gives exactly the games of the reader of the whole file (syntax/README.md,
// "Shards", says why).
class ShardReader {
public:
    // Opens `path` (a regular file, plain text: the caller refuses compressed input). nullptr, and
    // `error` says why, when it cannot, or unless 1 ≤ K ≤ N ≤ 2^20.
    [[nodiscard]] static std::unique_ptr<ShardReader> open(const std::string& path, ShardSpec spec, std::string& error);
    ~ShardReader();
    ShardReader(const ShardReader&) = delete;
    ShardReader& operator=(const ShardReader&) = delete;

    // The next game of the shard (see PgnReader::next); false after its last.
    bool next(ast::Game& out);
    // After next() has returned false (`until` and `games` are final only then).
    [[nodiscard]] const ShardEnd& end() const noexcept { return end_; }
    // A read error of either reader, or of the count of line ends (empty when none).
    [[nodiscard]] std::string io_error() const;

private:
    ShardReader() = default;
    std::string path_;
    std::FILE* mine_file_ = nullptr;
    std::FILE* next_file_ = nullptr;
    std::unique_ptr<PgnReader> mine_;
    std::unique_ptr<PgnReader> theirs_;  // the next shard's reader, parse only, opened when needed
    ast::Game their_game_;
    bool theirs_started_ = false, theirs_done_ = false;
    bool done_ = false;
    ShardEnd end_;
    std::string error_;
};

}  // namespace pgnsem::syntax
