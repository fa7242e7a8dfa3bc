// A streaming PGN reader (import format, §3–§8 of the PGN standard). It reads one game at a
// time into a reusable ast::Game, so memory does not grow with the file. A syntax error ends
// that game (recorded in Game::error); the reader skips to the broken game's own termination
// marker or to the next tag section, whichever comes first (syntax/README.md, "Errors and
// resynchronisation"), so the number of games read always equals the number of verdicts written.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "ast/ast.hpp"

namespace pgnsem::syntax {

// The lines `text` ends, as the reader counts them (§4.1: an LF, a CRLF or a lone CR each end one),
// a CR as the text's last byte counted as lone: the line number of the byte after `text` is the
// number of its first byte plus this. The parallel checker numbers its blocks with it
// (app/check_parallel.cpp), so that the rule is written once, here.
[[nodiscard]] std::uint32_t count_line_ends(std::string_view text) noexcept;

class PgnReader {
public:
    // Reads from an open stream (not owned). `name` is used in messages only.
    PgnReader(std::FILE* in, std::string_view name);
    // Reads from memory (tests, fuzzing). The text must outlive the reader.
    explicit PgnReader(std::string_view text);

    // Where a reader that does not start at the file's first byte begins, in the state the reader
    // is in between two games (the parallel checker, app/check_parallel.cpp; syntax/README.md,
    // "Reading a piece of the input"). Offsets are the file's.
    struct Origin {
        std::uint64_t offset = 0;         // the file offset of the text's first byte (memory) or of the stream's
        std::uint64_t start = 0;          // where reading starts (≥ offset; the stream's first byte for a FILE*)
        std::uint32_t line = 1;           // the line of `start`
        std::uint64_t line_start = 0;     // the offset of that line's first byte (≥ offset)
        std::uint32_t games = 0;          // games before `start`: the first game read is number games + 1
        bool final = true;                // memory: the text runs to the end of the input
        std::uint64_t stop = UINT64_MAX;  // next() stops before a game that starts at or after this offset
    };
    // Reads the memory `text`, which holds the file's bytes from origin.offset on. A UTF-8 byte
    // order mark is looked for only when origin.start is 0. When the text is not `final`, a game
    // (or the text after its marker) that runs to the text's end is not read: next() returns false
    // and halt() says OutOfText.
    PgnReader(std::string_view text, const Origin& origin);
    // Reads an open stream whose first byte is the file's byte origin.start.
    PgnReader(std::FILE* in, std::string_view name, const Origin& origin);
    ~PgnReader();
    PgnReader(const PgnReader&) = delete;
    PgnReader& operator=(const PgnReader&) = delete;

    // The size of the reader's read buffer, and of its second buffer for the text after a marker
    // (syntax/README.md, "Streaming"): a plain file is read in pieces of this size. 1 MiB: large
    // enough that the game parsed twice across a refill costs nothing measurable, small enough that
    // `check -j 1` stays within its memory budget (8 MB at peak on plain input).
    static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

    // Reads the next game into `out` (cleared first; its string_views stay valid until the next
    // call). Returns false when the input holds no further game.
    bool next(ast::Game& out);

    // Why next() returned false: the end of the input (End), a game starting at or after
    // Origin::stop (Stop: `offset` is its first byte, `line` and `line_start` the reader's line
    // there), or a memory text that is not final ran out (OutOfText). Running before that.
    struct Halt {
        enum class Kind : std::uint8_t { Running, End, Stop, OutOfText } kind = Kind::Running;
        std::uint64_t offset = 0;
        std::uint32_t line = 0;
        std::uint64_t line_start = 0;
    };
    [[nodiscard]] Halt halt() const noexcept;

    // An I/O error, if reading failed (empty otherwise).
    [[nodiscard]] const std::string& io_error() const noexcept;

    // Counts of the reader's work and memory, for tests that show it stays in proportion to the
    // input (syntax/README.md, "Streaming").
    struct Stats {
        std::uint64_t comment_bytes_scanned = 0;  // bytes examined to find the end of `{` comments
        std::size_t buffer_bytes = 0;             // bytes the reader's buffers hold now
    };
    [[nodiscard]] Stats stats() const noexcept;

private:
    // syntax/pgn/fast.hpp: for the tests that compare the reader's common-token loops with its general ones (L18).
    friend void use_general_loops_only(PgnReader& reader) noexcept;
    // For tests/syntax/: lowers the limit of one game's bytes (64 MiB otherwise: syntax/README.md,
    // "Streaming"), so that the skip of a game over the limit is compared with the resynchronisation
    // after an error on texts of 1 MiB. Found by argument-dependent lookup.
    friend void set_game_limit(PgnReader& reader, std::size_t bytes) noexcept;
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace pgnsem::syntax
