#include "app/cli/moves_command.hpp"

#include <cstdio>

#include "app/cli/arguments.hpp"
#include "app/moves_report.hpp"

namespace pgnsem::cli {

PositionCommands::PositionCommands(CLI::App& app) {
    moves_ = app.add_subcommand(
        "moves", "the legal moves of a position, as UCI and SAN, sorted by UCI, and check, checkmate or stalemate");
    moves_->add_option("--fen", moves_fen_,
                       "the position: a FEN, or four-field EPD; - reads it from standard input; chess960:N, Chess960's "
                       "start position N (default: the initial position)");
    moves_->add_flag("--chess960", moves_chess960_,
                     "the position is a Chess960 one: X-FEN castling rights, castling in UCI as the king taking its "
                     "rook (implied by a file letter in the castling field)");
    moves_->add_flag("--shredder", moves_shredder_,
                     "write a Chess960 position's castling rights as Shredder-FEN (file letters, HAha) instead of "
                     "X-FEN (KQkq for the outermost rooks)");
    add_json_format_option(moves_, moves_format_);
    moves_->footer(
        "Example: pgnsem moves --fen '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - -' --format json\n"
        "  one object in a document: the FEN, the side to move, every legal move as UCI and SAN "
        "({\"uci\":\"a1a8\",\"san\":\"Ra8#\"} among them), check, checkmate, stalemate");

    san_ = app.add_subcommand("san", "how SAN tokens read, or, with --fen, which move each is in that position");
    san_->add_option("--fen", san_fen_,
                     "resolve each move (SAN or UCI) in this position (a FEN, or four-field EPD; - reads it from "
                     "standard input): legal or the rule it breaks, its SAN and UCI");
    add_json_format_option(san_, san_format_);
    san_->add_flag("--strict", san_strict_, "accept only the export format (no tolerated spelling, no wrong claim)");
    san_->add_flag("--chess960", san_chess960_, "the position is a Chess960 one (as moves --chess960)");
    san_->add_flag("--shredder", san_shredder_, "write Chess960 FENs as Shredder-FEN (as moves --shredder)");
    san_->add_option("moves", san_tokens_, "SAN (or UCI) tokens")->required();
    san_->footer(
        "Examples:\n"
        "  pgnsem san --format json Nbxd7+ 0-0 e8=Q\n"
        "    what each token says: piece, squares, capture, promotion, claim; 0-0 warns castling-zero\n"
        "  pgnsem san --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' e4 g1f3 Ke3\n"
        "    e4 and g1f3 (Nf3) are legal there, Ke3 is not (src/unreachable): exit 1");
}

std::optional<int> PositionCommands::run() const {
    if (*moves_)
        return interp::moves_command(moves_fen_, json_layout(moves_format_), stdout, moves_chess960_,
                                     castling_style(moves_shredder_));
    if (*san_)
        return interp::san_command(san_fen_, san_tokens_, san_strict_, json_layout(san_format_), stdout, san_chess960_,
                                   castling_style(san_shredder_));
    return std::nullopt;
}

std::unique_ptr<PositionCommands> add_position_commands(CLI::App& app) {
    return std::make_unique<PositionCommands>(app);
}

}  // namespace pgnsem::cli
