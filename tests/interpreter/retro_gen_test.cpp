// position/impossible-check never flags a position of a game `pgnsem gen` writes (app/generate.hpp):
// every position after every ply of thousands of generated legal games, and every position one
// legal move from each, is valid. The counts of positions in check and of those the rule before
// the retro-analysis (tests/fen/before_retro.hpp) and the one now flag are printed.
#include <boost/variant2/variant.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>

#include "app/generate.hpp"
#include "laws/setup.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "semantics/terminates.hpp"
#include "syntax/fen.hpp"
#include "syntax/pgn/reader.hpp"
#include "tests/fen/retro_util.hpp"

namespace {

namespace sem = pgnsem::sem;

std::string printed(const pgnsem::Placement& p) {
    return std::string(pgnsem::syntax::print_fen(p).view());
}

}  // namespace

TEST_CASE("retro: no position of a generated game, nor one move from it, is flagged",
          "[position/impossible-check][retro][gen]") {
    pgnsem::test::Tally games_tally, successors_tally;
    std::size_t games = 0, positions = 0, successors = 0;
    const std::uint32_t count = PGNSEM_PERFT_SCALE > 0 ? 2000 : 200;
    for (std::uint32_t i = 1; i <= count; ++i) {
        const auto g = pgnsem::interp::generate_game(20261125, i, 0);
        pgnsem::syntax::PgnReader reader(g.pgn);
        pgnsem::ast::Game game;
        REQUIRE(reader.next(game));
        ++games;
        sem::State s = sem::initial_state();
        for (std::uint32_t k = game.main_line; k != pgnsem::ast::kNone; k = game.plies[k].next) {
            const auto t = sem::terminates(game.plies[k].move, s);
            REQUIRE(boost::variant2::holds_alternative<sem::Accepted>(t));
            s = boost::variant2::get<sem::Accepted>(t).next;
            const pgnsem::Placement p = sem::to_placement(s);
            ++positions;
            games_tally.add(p);
            if (!sem::validate(p).empty()) FAIL_CHECK("game " << i << ": " << printed(p) << " is flagged");
            // every fourth position's successors too, in check or not
            if (positions % 4 != 0) continue;
            for (const auto& m : sem::fast::legal_moves(s)) {
                const auto u = sem::terminates_concrete(s, m);
                REQUIRE(boost::variant2::holds_alternative<sem::Accepted>(u));
                ++successors;
                if (successors_tally.add(sem::to_placement(boost::variant2::get<sem::Accepted>(u).next)))
                    FAIL_CHECK("game " << i << ": a successor of " << printed(p) << " is flagged");
            }
        }
    }
    CHECK(games_tally.flagged_now == 0);
    CHECK(successors_tally.flagged_now == 0);
    CHECK(games_tally.in_check > (PGNSEM_PERFT_SCALE > 0 ? 2000u : 200u));
    WARN("gen games: " << games << " games, " << positions << " positions (" << games_tally.in_check
                       << " in check, flagged before " << games_tally.flagged_before << ", now "
                       << games_tally.flagged_now << "), " << successors << " successors (" << successors_tally.in_check
                       << " in check, flagged before " << successors_tally.flagged_before << ", now "
                       << successors_tally.flagged_now << ")");
}
