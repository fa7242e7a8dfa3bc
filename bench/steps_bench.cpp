// Times the reader and T alone: [[S]] over every game's main line (sem::fold_steps, in the order
// sem::step_order gives), each ply judged as check's main line judges it (interp::judge_move: the
// fast engine's T, with the capture-marker tolerance), without what `pgnsem check` adds around it
// (the notation's claims, the draw facts, the end of the game, the verdicts and their output). (Not
// sem::denote_steps, which asks T through the engine's interface: in the profile-guided build that
// path is laid out as cold, since the profile's training never runs it.)
// With bench/pgn_read_bench and `check -j 1` in the same rounds (scripts/bench's `read` part), it
// splits check's time into reading, T, and the rest.
// Usage: steps_bench FILE.pgn. Prints the games, the plies T accepted, the games T stopped, the
// games not replayed (start_position: another variant, a FEN that is malformed or illegal), seconds.
#include <chrono>
#include <cstdio>

#include "interpreter/interpret.hpp"
#include "interpreter/judge.hpp"
#include "interpreter/start_position.hpp"
#include "semantics/engines.hpp"
#include "semantics/steps.hpp"
#include "syntax/pgn/reader.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: steps_bench FILE.pgn\n");
        return 2;
    }
    std::FILE* in = std::fopen(argv[1], "rb");
    if (in == nullptr) {
        std::perror(argv[1]);
        return 2;
    }
    const auto t0 = std::chrono::steady_clock::now();
    pgnsem::syntax::PgnReader reader(in, argv[1]);
    const pgnsem::sem::FastEngine& engine = pgnsem::sem::FastEngine::instance();
    pgnsem::ast::Game game;
    pgnsem::interp::Verdict verdict;
    unsigned long games = 0, plies = 0, stopped = 0, not_replayed = 0;
    while (reader.next(game)) {
        ++games;
        verdict.clear();
        const std::optional<pgnsem::sem::State> start = pgnsem::interp::start_position(game, verdict);
        if (!start) {
            ++not_replayed;
            continue;
        }
        const pgnsem::sem::StepOrder order =
            pgnsem::sem::step_order(game, game.main_line, pgnsem::sem::move_number(*start), engine.reading());
        const auto folded = pgnsem::sem::fold_steps(
            game, order, *start,
            [&engine](std::size_t, const pgnsem::ast::Ply& ply, const pgnsem::sem::State& s) {
                return pgnsem::interp::judge_move(engine, ply.move, s);
            },
            [](std::size_t, const pgnsem::ast::Ply&, const pgnsem::sem::State&, const pgnsem::interp::Judged&) {
                return true;
            });
        plies += folded.played;
        if (folded.refused) ++stopped;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fclose(in);
    std::printf("games %lu plies %lu stopped %lu not-replayed %lu seconds %.3f\n", games, plies, stopped, not_replayed,
                seconds);
    return reader.io_error().empty() ? 0 : 2;
}
