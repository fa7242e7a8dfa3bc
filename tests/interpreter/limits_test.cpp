// The interpreter's limits against hostile input: repetition detection in linear time (the
// comparisons it makes are counted, never timed), and the repetition facts against a plain recount.
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/interpret.hpp"
#include "laws/setup.hpp"
#include "semantics/engine.hpp"
#include "semantics/position.hpp"
#include "syntax/fen.hpp"
#include "syntax/pgn/reader.hpp"
#include "tests/interpreter/draw_facts_oracle.hpp"

using namespace pgnsem;
using interp::Verdict;
using interp::VerdictKind;

namespace {

// Movetext from a list of SAN moves, numbered from `number` with `black_first` as a FEN may ask.
std::string movetext(const std::vector<std::string>& moves, std::uint32_t number = 1, bool black_first = false) {
    std::string t;
    bool white = !black_first;
    if (black_first) t += std::to_string(number) + "... ";
    for (const std::string& m : moves) {
        if (white) t += std::to_string(number) + ". ";
        t += m + " ";
        if (!white) ++number;
        white = !white;
    }
    return t + "*\n";
}

std::string game_text(const std::vector<std::string>& moves, const std::string& fen = "") {
    std::string t = "[Event \"limits\"]\n[Result \"*\"]\n";
    if (!fen.empty()) t += "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n";
    return t + "\n" + movetext(moves);
}

// The knights going out and back: the same four positions over and over, no capture or pawn move,
// so the window of positions that can repeat is the whole game.
std::vector<std::string> knight_shuffle(std::size_t plies) {
    static const char* cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    std::vector<std::string> m;
    for (std::size_t i = 0; i < plies; ++i) m.emplace_back(cycle[i % 4]);
    return m;
}

// Two lone kings walking closed tours of 16 and 14 squares: 224 different positions before the
// first comes back, again with no capture or pawn move (a long window of many positions).
const char* const kKingsFen = "k7/8/8/8/8/8/8/K7 w - - 0 1";
std::vector<std::string> king_tours(std::size_t plies) {
    std::vector<std::string> white, black;
    for (char f = 'b'; f <= 'h'; ++f) white.push_back(std::string("K") + f + "1");
    for (char f = 'h'; f >= 'a'; --f) white.push_back(std::string("K") + f + "2");
    white.emplace_back("Ka1");  // 16
    for (char f = 'b'; f <= 'g'; ++f) black.push_back(std::string("K") + f + "8");
    for (char f = 'g'; f >= 'a'; --f) black.push_back(std::string("K") + f + "7");
    black.emplace_back("Ka8");  // 14
    std::vector<std::string> m;
    for (std::size_t i = 0; i < plies; ++i) m.push_back(i % 2 == 0 ? white[(i / 2) % 16] : black[(i / 2) % 14]);
    return m;
}

Verdict judge_one(const std::string& pgn, interp::Interpreter& interpreter, interp::TraceSink* trace = nullptr) {
    syntax::PgnReader reader(pgn);
    ast::Game g;
    REQUIRE(reader.next(g));
    Verdict v;
    interpreter.run(g, v, trace);
    REQUIRE_FALSE(reader.next(g));
    return v;
}

// The comparisons of positions the repetition rules make while one game is judged.
std::uint64_t comparisons(const std::string& pgn, const sem::Engine* engine, std::uint32_t plies) {
    interp::Interpreter interpreter(interp::Options{false, engine});
    const std::uint64_t before = interpreter.repetition_comparisons();
    const Verdict v = judge_one(pgn, interpreter);
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(v.plies == plies);
    return interpreter.repetition_comparisons() - before;
}

// Every position of the main line, from a trace.
struct PlyPositions : interp::TraceSink {
    std::vector<sem::State> after;
    void on_ply(const interp::PlyEvent& e) override { after.push_back(*e.after); }
};

}  // namespace

TEST_CASE("repetition detection makes comparisons in proportion to the game's length", "[interpreter][draws][linear]") {
    const std::unique_ptr<sem::Engine> reference = sem::reference_engine();
    for (const sem::Engine* engine :
         {static_cast<const sem::Engine*>(nullptr), static_cast<const sem::Engine*>(reference.get())}) {
        INFO((engine == nullptr ? "fast engine" : "reference engine"));
        {
            const std::uint64_t short_game = comparisons(game_text(knight_shuffle(20000)), engine, 20000);
            const std::uint64_t long_game = comparisons(game_text(knight_shuffle(65000)), engine, 65000);
            INFO("knights: " << short_game << " comparisons for 20,000 plies, " << long_game << " for 65,000");
            CHECK(short_game > 0);
            CHECK(long_game <= 4 * short_game);
        }
        {
            const std::uint64_t short_game = comparisons(game_text(king_tours(20000), kKingsFen), engine, 20000);
            const std::uint64_t long_game = comparisons(game_text(king_tours(65000), kKingsFen), engine, 65000);
            INFO("kings: " << short_game << " comparisons for 20,000 plies, " << long_game << " for 65,000");
            CHECK(short_game > 0);
            CHECK(long_game <= 4 * short_game);
        }
    }
}

TEST_CASE("repetition facts agree with a plain recount, windows cut by pawn moves and captures",
          "[interpreter][draws]") {
    // Shuffles of 0 to 5 cycles and one of 40 (past the 75-move rule), each ended by a pawn move of
    // each side; then captures that end windows too; then the kings' long tours.
    std::vector<std::string> moves;
    const char* white_pawns[] = {"a3", "h3", "a4", "h4", "b3", "g3", "b4"};
    const char* black_pawns[] = {"a6", "h6", "a5", "h5", "b6", "g6", "b5"};
    const int cycles[] = {0, 1, 2, 3, 4, 5, 40};
    for (int s = 0; s < 7; ++s) {
        for (const std::string& m : knight_shuffle(static_cast<std::size_t>(4 * cycles[s]))) moves.push_back(m);
        moves.emplace_back(white_pawns[s]);
        moves.emplace_back(black_pawns[s]);
    }
    for (const char* m : {"axb5", "axb4", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"})
        moves.emplace_back(m);
    const std::string games[] = {game_text(moves), game_text(king_tours(1200), kKingsFen),
                                 game_text(knight_shuffle(300))};
    const std::unique_ptr<sem::Engine> reference = sem::reference_engine();
    for (const std::string& pgn : games)
        for (const sem::Engine* engine :
             {static_cast<const sem::Engine*>(nullptr), static_cast<const sem::Engine*>(reference.get())}) {
            interp::Interpreter interpreter(interp::Options{false, engine});
            PlyPositions trace;
            const Verdict v = judge_one(pgn, interpreter, &trace);
            REQUIRE(v.kind == VerdictKind::Legal);
            REQUIRE(trace.after.size() == v.plies);
            // the start position: σ₀, or the FEN's
            syntax::PgnReader reader(pgn);
            ast::Game g;
            REQUIRE(reader.next(g));
            sem::State s0 = sem::initial_state();
            if (const auto fen = g.tag("FEN")) {
                const auto parsed = syntax::parse_fen(*fen);
                REQUIRE(boost::variant2::holds_alternative<Placement>(parsed));
                s0 = sem::from_placement(boost::variant2::get<Placement>(parsed));
            }
            std::vector<sem::State> states{s0};
            states.insert(states.end(), trace.after.begin(), trace.after.end());
            const interp::DrawFacts want = test::draw_facts_oracle(states);
            INFO("game of " << v.plies << " plies, " << (engine == nullptr ? "fast" : "reference"));
            CHECK(interp::DrawFacts::held(want.threefold));
            CHECK(v.draws.threefold == want.threefold);
            CHECK(v.draws.fivefold == want.fivefold);
        }
}

namespace {

Verdict judge_text(const std::string& pgn) {
    interp::Interpreter interpreter(interp::Options{});
    return judge_one(pgn, interpreter);
}

}  // namespace

TEST_CASE("a game has at most 65,000 plies: the next is game/too-long", "[interpreter][game/too-long]") {
    const Verdict at_limit = judge_text(game_text(knight_shuffle(65000)));
    CHECK(at_limit.kind == VerdictKind::Legal);
    CHECK(at_limit.plies == 65000);
    for (std::size_t plies : {std::size_t{65001}, std::size_t{65536}, std::size_t{65600}}) {
        INFO(plies << " plies");
        const Verdict v = judge_text(game_text(knight_shuffle(plies)));
        CHECK(v.kind == VerdictKind::Illegal);
        CHECK(v.plies == 65000);
        REQUIRE(v.error);
        CHECK(v.error->rule == "game/too-long");
        CHECK(v.error->ply == 65001);
        CHECK(v.error->message.find("65,000 plies") != std::string::npos);
    }
    // from a FEN with Black to move: the plies are counted from the FEN's position too
    std::vector<std::string> black_first;
    for (std::size_t i = 0; i < 65001; ++i) black_first.emplace_back(std::array{"Nf6", "Nf3", "Ng8", "Ng1"}[i % 4]);
    const Verdict v =
        judge_text("[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1\"]\n\n" +
                   movetext(black_first, 1, true));
    CHECK(v.kind == VerdictKind::Illegal);
    CHECK(v.plies == 65000);
    REQUIRE(v.error);
    CHECK(v.error->rule == "game/too-long");
    CHECK(v.error->ply == 65001);
}

TEST_CASE("the fullmove number: at most 999,999,999, refused at the FEN or at the move past it, never wrapped",
          "[interpreter][position/clock][game/too-long]") {
    const std::string kings = "k7/8/8/8/8/8/8/K7 w - - 0 ";
    // a FEN beyond the limit is an impossible position, at ply 0
    for (const char* number : {"4294967295", "1000000000"}) {
        INFO("fullmove " << number);
        const Verdict v = judge_text("[SetUp \"1\"]\n[FEN \"" + kings + number + "\"]\n\nKb1 Kb8 Ka1 Ka8 *\n");
        CHECK(v.kind == VerdictKind::Illegal);
        REQUIRE(v.error);
        CHECK(v.error->rule == "position/clock");
        CHECK(v.error->ply == 0);
        // σ keeps the largest number it can; the FEN reported is the one read
        CHECK(v.fen_after == kings + number);
    }
    const Verdict clock = judge_text("[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/8/K7 w - - 70000 1\"]\n\nKb1 *\n");
    REQUIRE(clock.error);
    CHECK(clock.error->rule == "position/clock");
    CHECK(clock.fen_after == "k7/8/8/8/8/8/8/K7 w - - 70000 1");
    // at the limit: White's move of move 999,999,999 is the last; Black's would make move 10⁹
    const Verdict last = judge_text("[SetUp \"1\"]\n[FEN \"" + kings + "999999999\"]\n\n999999999. Kb1 Kb8 *\n");
    CHECK(last.kind == VerdictKind::Illegal);
    CHECK(last.plies == 1);
    REQUIRE(last.error);
    CHECK(last.error->rule == "game/too-long");
    CHECK(last.error->ply == 2);
    CHECK(last.fen_after == "k7/8/8/8/8/8/8/1K6 b - - 1 999999999");
    const Verdict before =
        judge_text("[SetUp \"1\"]\n[FEN \"" + kings + "999999998\"]\n\n999999998. Kb1 Kb8 999999999. Ka1 *\n");
    CHECK(before.kind == VerdictKind::Legal);
    CHECK(before.fen_after == "1k6/8/8/8/8/8/8/K7 b - - 3 999999999");
}

TEST_CASE("the halfmove clock counts on past 65535", "[interpreter][draws]") {
    const Verdict v =
        judge_text("[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/8/K7 w - - 65535 7\"]\n\n7. Kb1 Kb8 8. Ka1 Ka8 *\n");
    CHECK(v.kind == VerdictKind::Legal);
    CHECK(v.fen_after == "k7/8/8/8/8/8/8/K7 w - - 65539 9");
    CHECK(v.draws.fifty_moves == 0);
    CHECK(v.draws.seventy_five_moves == 0);
}

TEST_CASE("a game keeps at most kMaxWarnings warnings: past them it is unsupported, limit/warnings, judged no further",
          "[interpreter][limit/warnings]") {
    // Each `(2. Ke3)` is an illegal variation of White's second move: one variation-illegal warning.
    const auto game = [](std::size_t variations, const char* tail) {
        std::string t = "[Event \"limits\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 ";
        for (std::size_t i = 0; i < variations; ++i) t += "(2. Ke3) ";
        return t + tail;
    };
    const Verdict at_limit = judge_text(game(interp::kMaxWarnings, "Nc6 3. Bb5 *\n"));
    CHECK(at_limit.kind == VerdictKind::Legal);
    CHECK(at_limit.plies == 5);
    CHECK(at_limit.warnings.size() == interp::kMaxWarnings);

    const Verdict past = judge_text(game(interp::kMaxWarnings + 1, "Nc6 3. Bb5 *\n"));
    CHECK(past.kind == VerdictKind::Unsupported);
    CHECK(past.plies == 2);
    REQUIRE(past.error);
    CHECK(past.error->rule == "limit/warnings");
    CHECK(past.error->ply == 3);
    CHECK(past.error->written == "Nf3");
    CHECK(past.fen_after == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    CHECK(past.warnings.size() == interp::kMaxWarnings + 1);

    // Many more: the variations past the limit are not judged, so the warnings stay bounded.
    const Verdict far_past = judge_text(game(5 * interp::kMaxWarnings, "Nc6 *\n"));
    CHECK(far_past.kind == VerdictKind::Unsupported);
    CHECK(far_past.warnings.size() == interp::kMaxWarnings + 1);

    // The notation's warnings in the variations count (a tolerated spelling each) …
    std::string spelled = "[Event \"limits\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 ";
    for (std::size_t i = 0; i < interp::kMaxWarnings + 1; ++i) spelled += "(2. Ng1-f3) ";
    spelled += "Nc6 *\n";
    const Verdict claims = judge_text(spelled);
    CHECK(claims.kind == VerdictKind::Unsupported);
    REQUIRE(claims.error);
    CHECK(claims.error->rule == "limit/warnings");
    CHECK(claims.error->ply == 3);
    CHECK(claims.warnings.size() == interp::kMaxWarnings + 1);

    // … and so do the reader's (a duplicate tag each): past the limit before any move, at ply 1.
    std::string tags;
    for (std::size_t i = 0; i < interp::kMaxWarnings + 5; ++i) tags += "[Event \"again\"]\n";
    const Verdict reader = judge_text(tags + "\n1. e4 *\n");
    CHECK(reader.kind == VerdictKind::Unsupported);
    CHECK(reader.plies == 0);
    REQUIRE(reader.error);
    CHECK(reader.error->rule == "limit/warnings");
    CHECK(reader.error->ply == 1);
    CHECK(reader.warnings.size() == interp::kMaxWarnings + 1);
}
