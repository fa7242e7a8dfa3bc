// The position a game starts from, before [[S]] is folded over its plies:
//   - the Variant tag first (not in the 1994 standard; programs that write other variants name
//     them there): standard chess and Chess960 are replayed (Chess960 by its own castling, its FEN
//     read as X-FEN: proofs-notes/chess960.md), any other variant is `unsupported`;
//   - σ₀, the initial position of the paper (Figure 1), when there is no FEN tag — but a SetUp "1"
//     without a FEN tag announces a position the game does not give (§9.7.1): `malformed`;
//   - else the position of the FEN tag (§9.7.2, §16.1): a FEN that does not parse is `malformed`;
//     one without SetUp "1" is used, with a `fen-without-setup` warning (§9.7.1 asks for the tag,
//     the FEN is unambiguous without it); one describing a position that cannot arise in a game
//     is `illegal` at ply 0 with the `position/…` rule laws/setup.hpp finds.
#pragma once

#include <optional>
#include <string_view>

#include "ast/ast.hpp"
#include "interpreter/interpret.hpp"
#include "semantics/state.hpp"

namespace pgnsem::interp {

// σ to replay the game from, or nothing when the game cannot be replayed: then `v` holds the
// verdict, with the position it stopped at as its final state.
[[nodiscard]] std::optional<sem::State> start_position(const ast::Game& g, Verdict& v);

// Whether a Variant tag's value names Chess960 (any case; `Chess960`, `Chess 960`, `Fischerandom`,
// `Freestyle`, …).
[[nodiscard]] bool chess960_variant(std::string_view value) noexcept;

}  // namespace pgnsem::interp
