#include "interpreter/cli/moves_command.hpp"

#include <cstdio>

#include "interpreter/moves_report.hpp"

namespace pgnsem::cli {

PositionCommands::PositionCommands(CLI::App& app) {
    moves_ = app.add_subcommand(
        "moves",
        "the legal moves of a position, as UCI and SAN, sorted by UCI, and check, checkmate or stalemate; e.g. "
        "pgnsem moves --fen '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - -' --format json");
    moves_->add_option("--fen", moves_fen_, "the position: a FEN, or four-field EPD (default: the initial position)");
    moves_->add_option("--format", moves_format_, "text, or json (= jsonl: one object per line)")
        ->check(CLI::IsMember({"text", "json", "jsonl"}));

    san_ = app.add_subcommand("san",
                              "how SAN tokens read, or, with --fen, which move each is in that position; e.g. "
                              "pgnsem san --format json Nbxd7+ 0-0 e8=Q; pgnsem san --fen 'FEN' e4 g1f3");
    san_->add_option("--fen", san_fen_,
                     "resolve each move (SAN or UCI) in this position (a FEN, or four-field EPD): legal or the rule "
                     "it breaks, its SAN and UCI");
    san_->add_option("--format", san_format_, "text, or json (= jsonl: one object per line)")
        ->check(CLI::IsMember({"text", "json", "jsonl"}));
    san_->add_flag("--strict", san_strict_, "accept only the export format (no tolerated spelling, no wrong claim)");
    san_->add_option("moves", san_tokens_, "SAN (or UCI) tokens")->required();
}

std::optional<int> PositionCommands::run() const {
    if (*moves_) return interp::moves_command(moves_fen_, moves_format_ != "text", stdout);
    if (*san_) return interp::san_command(san_fen_, san_tokens_, san_strict_, san_format_ != "text", stdout);
    return std::nullopt;
}

std::unique_ptr<PositionCommands> add_position_commands(CLI::App& app) {
    return std::make_unique<PositionCommands>(app);
}

}  // namespace pgnsem::cli
