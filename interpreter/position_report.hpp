// `pgnsem fen`: a position described for people (text with a board) and programs (JSON): pieces
// by side, side to move, castling rights, en passant, clocks, and every validity problem.
#pragma once

#include <string>
#include <string_view>

#include "syntax/placement.hpp"

namespace pgnsem::interp {

struct PositionReport {
    std::string text;
    std::string json;
    bool valid = false;  // no validity problem
};

[[nodiscard]] PositionReport describe_position(const Placement& p, std::string_view fen);

}  // namespace pgnsem::interp
