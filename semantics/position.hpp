// "The same position" of the Laws (Art. 9.2.3), which the repetition rules count (9.2.2 threefold,
// 9.6.1 fivefold): the same pieces — kind and colour, not the paper's ids: two knights that changed
// places make the same position — on the same squares, the same player to move, the same castling
// rights and the same possibility to capture en passant. The reference compares these; the fast
// path hashes them into 64-bit keys kept move by move (semantics/fast/position_key.hpp; F7 of
// proofs-notes/invariants.md shows the two agree).
#pragma once

#include <array>
#include <cstdint>

#include "semantics/errata.hpp"
#include "semantics/state.hpp"

namespace pgnsem::sem {

struct Position {
    // per square: 0 empty, else 1 + kind + 6 × colour
    std::array<std::uint8_t, 64> pieces{};
    Color to_move = Color::White;
    // the castling rights K, Q, k, q as bits 0–3: that king and that rook never moved
    std::uint8_t castling = 0;
    // and the file of each right's rook, K Q k q (0 where there is no right): a right is the right
    // to castle with that rook (Chess960, proofs-notes/chess960.md; h and a in standard chess)
    std::array<std::uint8_t, 4> castling_file{};
    // the file of the pawn an en passant capture may take now (its capture is legal), or −1
    std::int8_t en_passant_file = -1;
    friend bool operator==(const Position&, const Position&) = default;
};

[[nodiscard]] Position position_of(const State& sigma, Reading r = Reading::laws()) noexcept;

}  // namespace pgnsem::sem
