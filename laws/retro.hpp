// One ply of retro-analysis (Laws 3.9.2: no move leaves or exposes its own king to check, so
// the side not to move was not in check before the last move either): is there a last move of
// the side that just moved that leads to a placement from a position where the side to move now
// was not in check? `validate` (laws/setup.cpp) asks it of positions in check and reports
// `position/impossible-check` when there is none. proofs-notes/fen-positions.md states the rule,
// the un-moves tried and why each is sound.
#pragma once

#include <optional>

#include "ast/placement.hpp"

namespace pgnsem::sem::laws {

// A previous position: the side that just moved (`opposite(p.side_to_move)`) to move, one of its
// moves leading to p's board, and the side to move in p not attacked in it. None when no
// un-move of the side that just moved gives such a position. A capture's victim is put back as a
// knight of the side to move (any piece blocks a line alike; the count of pieces is not judged),
// so the position returned is a witness, not necessarily the actual history.
//
// In a Chess960 position (p.chess960) the castling un-move is Chess960's, from any start squares
// (proofs-notes/chess960.md). Needs exactly one king of each colour (the caller checks). With a
// consistent en passant target (right rank, the pawn in front, both squares behind empty) the only
// last move tried is that pawn's double step. Sound by construction: when a legal last move
// exists, some un-move tried here finds a position at least as free of checks
// (proofs-notes/fen-positions.md).
[[nodiscard]] std::optional<Placement> previous_position(const Placement& p, bool en_passant_consistent) noexcept;

}  // namespace pgnsem::sem::laws
