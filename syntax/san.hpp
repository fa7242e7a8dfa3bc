// SAN (§8.2.3 of the PGN standard) in both directions: text → ast::Move and ast::Move → text.
// The reader accepts the import-format tolerances listed in ast::Spelling and records each one
// on the move; anything that could mean two things (`nf3`, `b8` without a piece) or is not SAN
// (`e5=Q`, `e8=K`, `Nz9`) is an error with its column.
#pragma once

#include <array>
#include <boost/variant2/variant.hpp>
#include <cstdint>
#include <string_view>

#include "ast/ast.hpp"

namespace pgnsem::syntax {

struct SanError {
    std::string_view kind;     // "syntax/san", "syntax/promotion-rank", "syntax/promotion-piece", … (README)
    std::uint32_t column = 0;  // 0-based offset into the token where the problem is
    std::string_view message;  // a sentence (static storage)
};

using SanResult = boost::variant2::variant<ast::Move, SanError>;

// Reads one SAN token (no surrounding white space). A suffix glyph may end it.
[[nodiscard]] SanResult parse_san(std::string_view token) noexcept;

// Text of bounded length (SAN is at most 7 characters plus suffix).
struct ShortText {
    std::array<char, 24> chars{};
    std::uint8_t size = 0;
    [[nodiscard]] std::string_view view() const noexcept { return {chars.data(), size}; }
};

// The export-format text of a move: canonical spelling whatever the move's `spelling` bits
// say, `+`/`#` from its claim, and the suffix glyph only when with_suffix is true.
// print_san(parse_san(t)) reads back as the same AST (round-trip property).
[[nodiscard]] ShortText print_san(const ast::Move& m, bool with_suffix = false) noexcept;

}  // namespace pgnsem::syntax
