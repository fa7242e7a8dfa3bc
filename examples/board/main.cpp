// replay FILE: plays every game of a PGN file on a pgnsem::api::Board with push_san, printing the
// FEN after each ply (one line: game, ply, SAN as the board writes it, FEN), then takes every move
// back with pop and checks the board is the start position again — through the installed
// library's public headers alone. A move the board refuses ends its game with the rule and the
// reason (`game 3 ply 5: check/into: …`). Exit status: 0 when every game replays, 1 when a move
// is refused, 2 when the file cannot be read.
#include <cstdio>
#include <exception>
#include <pgnsem/api.hpp>
#include <string>

namespace api = pgnsem::api;

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: replay FILE.pgn\n");
        return 2;
    }
    int status = 0;
    try {
        api::GameReader reader = api::GameReader::open(argv[1]);
        while (const auto game = reader.next()) {
            api::Board board;
            if (const auto fen = game->tag("FEN")) board = api::Board::from_fen(*fen);
            const api::Board start = board;
            unsigned ply = 0;
            for (const std::string& written : game->moves()) {
                ++ply;
                try {
                    const api::Move move = board.parse_san(written);
                    const std::string san = board.san(move);
                    board.push(move);
                    std::printf("%u %u %s %s\n", game->index(), ply, san.c_str(), board.fen().c_str());
                } catch (const api::Error& e) {
                    std::printf("game %u ply %u: %s\n", game->index(), ply, e.what());
                    status = 1;
                    break;
                }
            }
            while (board.pushed() > 0) board.pop();
            if (!(board == start)) {
                std::fprintf(stderr, "replay: game %u did not pop back to its start\n", game->index());
                return 2;
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "replay: %s\n", e.what());
        return 2;
    }
    if (std::fflush(stdout) != 0) return 2;
    return status;
}
