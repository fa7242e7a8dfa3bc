// validate() never flags a reachable position: every position of random legal games (walked with
// legal_moves from σ₀ and from the perft suites' positions) and of the real games of the shared
// data; and σ → Placement → σ → Placement is stable on them.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "laws/setup.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "semantics/in_check.hpp"
#include "semantics/state.hpp"
#include "semantics/terminates.hpp"
#include "syntax/fen.hpp"
#include "syntax/pgn/reader.hpp"
#include "tests/fen/fen_test_util.hpp"

namespace {

namespace sem = pgnsem::sem;
using pgnsem::Placement;
using pgnsem::test::printed;

// How many of the checked positions are the ones position/impossible-check must let through.
struct Coverage {
    // two pieces check the side to move
    std::size_t double_checks = 0;
    // a check with the en passant square set
    std::size_t checks_after_double_step = 0;
};

// Checks one reachable position; returns false (after reporting) when validate() flags it.
bool check_reachable(const sem::State& s, const std::string& where, Coverage& seen) {
    const Placement p = sem::to_placement(s);
    if (const auto king = sem::king_square(s, sem::to_move(s))) {
        const int checkers = sem::attackers(s, *king, pgnsem::opposite(sem::to_move(s))).size();
        if (checkers == 2) ++seen.double_checks;
        if (checkers > 0 && p.en_passant) ++seen.checks_after_double_step;
    }
    const auto problems = sem::validate(p);
    if (!problems.empty()) {
        std::string ids;
        for (const auto& problem : problems) ids += std::string(sem::rule_id(problem.rule)) + " ";
        FAIL_CHECK(where << ": " << printed(p) << " flagged: " << ids);
        return false;
    }
    // The canonical σ of the printed position describes the same position.
    const Placement again = sem::to_placement(sem::from_placement(p));
    if (!(again == p)) {
        FAIL_CHECK(where << ": " << printed(p) << " reads back as " << printed(again));
        return false;
    }
    return true;
}

// Random legal games from σ, up to `plies` long; every position on the way is checked (and, with
// all_successors, every position one move from it).
std::size_t walk(sem::State s, std::mt19937& rng, int plies, const std::string& where, Coverage& seen,
                 bool all_successors = false) {
    std::size_t positions = 0;
    for (int i = 0; i < plies; ++i) {
        const sem::MoveList moves = sem::fast::legal_moves(s);
        if (moves.size == 0) break;
        if (all_successors) {
            // every position one legal move away, not only the one the walk goes on with
            bool ok = true;
            for (const auto& m : moves) {
                const auto t = sem::terminates_concrete(s, m);
                REQUIRE(boost::variant2::holds_alternative<sem::Accepted>(t));
                ++positions;
                ok = ok && check_reachable(boost::variant2::get<sem::Accepted>(t).next,
                                           where + " ply " + std::to_string(i + 1), seen);
            }
            if (!ok) break;
        }
        const auto pick = std::uniform_int_distribution<std::size_t>(0, moves.size - 1)(rng);
        const auto t = sem::terminates_concrete(s, moves.moves[pick]);
        REQUIRE(boost::variant2::holds_alternative<sem::Accepted>(t));
        s = boost::variant2::get<sem::Accepted>(t).next;
        ++positions;
        if (!check_reachable(s, where + " ply " + std::to_string(i + 1), seen)) break;
    }
    return positions;
}

}  // namespace

TEST_CASE("validate flags no position of random legal games from the start, nor any position one move away",
          "[fen][validate][walk]") {
    // Fixed seed: the walk is the same on every run.
    std::mt19937 rng(20261121);
    std::size_t positions = 0;
    Coverage seen;
    for (int game = 0; game < (PGNSEM_PERFT_SCALE > 0 ? 60 : 6); ++game)
        positions += walk(sem::initial_state(), rng, 200, "random game " + std::to_string(game), seen, true);
    CHECK(positions > 10000);
    // The walk reaches the positions the impossible-check rule must not flag.
    CHECK(seen.double_checks > 0);
    CHECK(seen.checks_after_double_step > 0);
    WARN("random games from the start: " << positions << " positions validated, " << seen.double_checks
                                         << " double checks, " << seen.checks_after_double_step
                                         << " checks with an en passant square");
}

TEST_CASE("validate flags no position of random legal games from the perft positions",
          "[fen][validate][walk][corpus]") {
    const auto data = pgnsem::test::shared_data();
    if (data.empty()) pgnsem::test::skip("the shared data folder (PGNSEM_SHARED_DIR/data) is absent");
    std::ifstream in(data / "perft" / "random.perft");
    std::mt19937 rng(20261121);
    std::string line;
    std::size_t games = 0, walked = 0, positions = 0;
    Coverage seen;
    while (std::getline(in, line)) {
        if (line.rfind("epd ", 0) != 0) continue;
        // every fifth position of the suite (every 50th in the sanitizer build), each continued
        // by a random game of 60 plies
        if (games++ % (PGNSEM_PERFT_SCALE > 0 ? 5 : 50) != 0) continue;
        std::string text = line.substr(4);
        if (std::count(text.begin(), text.end(), ' ') == 3) text += " 0 1";
        ++walked;
        positions += walk(sem::from_placement(pgnsem::test::fen(text)), rng, 60, text, seen);
    }
    CHECK(positions > (PGNSEM_PERFT_SCALE > 0 ? 50000u : 5000u));
    WARN("random games from " << walked << " of " << games << " perft positions: " << positions
                              << " positions validated, " << seen.double_checks << " double checks, "
                              << seen.checks_after_double_step << " checks with an en passant square");
}

TEST_CASE("validate flags no position of the real games", "[fen][validate][corpus]") {
    std::FILE* in = pgnsem::test::open_real_games();
    pgnsem::syntax::PgnReader reader(in, pgnsem::test::real_games_path());
    pgnsem::ast::Game game;
    std::size_t games = 0, replayed = 0, positions = 0, illegal = 0;
    Coverage seen;
    // Every 25th game is replayed (about 4,600 games and 380,000 positions), so the run stays
    // short while every source of the file is sampled. The sanitizer and debug builds read the
    // first 20,000 games only and replay every 50th; PGNSEM_CORPUS_GAMES (test::corpus_limit),
    // when set, reads no more than that many games.
    const bool full = PGNSEM_PERFT_SCALE > 0;
    const std::size_t every = full ? 25 : 50;
    const std::size_t limit = pgnsem::test::corpus_limit();
    constexpr std::size_t kAll = std::numeric_limits<std::size_t>::max();
    const std::size_t cap = std::min<std::size_t>(full ? kAll : 20000, limit > 0 ? limit : kAll);
    while (games < cap && reader.next(game)) {
        if (games++ % every != 0) continue;
        if (game.error || game.tag("Variant")) continue;
        sem::State s = sem::initial_state();
        if (const auto fen_tag = game.tag("FEN")) {
            const auto r = pgnsem::syntax::parse_fen(*fen_tag);
            // Chess960 set-ups (file-letter castling) are not standard chess.
            if (!boost::variant2::holds_alternative<Placement>(r)) continue;
            const Placement start = boost::variant2::get<Placement>(r);
            if (!sem::validate(start).empty()) continue;
            s = sem::from_placement(start);
        }
        ++replayed;
        const std::string where = "game " + std::to_string(games);
        for (std::uint32_t i = game.main_line; i != pgnsem::ast::kNone; i = game.plies[i].next) {
            const auto t = sem::terminates(game.plies[i].move, s);
            if (!boost::variant2::holds_alternative<sem::Accepted>(t)) {
                ++illegal;
                break;
            }
            s = boost::variant2::get<sem::Accepted>(t).next;
            ++positions;
            if (!check_reachable(s, where + " after " + std::string(game.plies[i].text), seen)) break;
        }
    }
    ::pclose(in);
    if (limit == 0 || cap < limit || limit >= 116886) {
        CHECK(games >= (full ? 100000u : 20000u));
        CHECK(positions > (full ? 300000u : 20000u));
    } else {
        // the limit was reached: the file's games have 82 plies on average
        CHECK(games == limit);
        CHECK(positions > 40 * (limit / every));
    }
    WARN("real games: " << replayed << " of " << games << " replayed, " << positions << " positions validated, "
                        << illegal << " stopped at an illegal move, " << seen.double_checks << " double checks, "
                        << seen.checks_after_double_step << " checks with an en passant square");
}
