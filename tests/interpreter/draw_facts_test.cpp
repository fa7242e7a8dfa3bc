// The draw facts as the Laws define them (README "Verdicts"): at every ply including 0, claims by
// announcing the move (9.2.1, 9.3.1), and mate before any draw (5.1.1, 9.6.2). The cases one by
// one, then a property: on shuffling walks (repetitions, clocks near 100 and 150 from FENs) and
// on generated games, both engines give what the plain ply-by-ply computation of
// tests/interpreter/draw_facts_oracle.hpp gives.
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <algorithm>
#include <boost/variant2/variant.hpp>
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/generate.hpp"
#include "interpreter/interpret.hpp"
#include "laws/dead_position.hpp"
#include "laws/setup.hpp"
#include "semantics/engine.hpp"
#include "semantics/engines.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "semantics/fast/terminates.hpp"
#include "syntax/fen.hpp"
#include "syntax/pgn/reader.hpp"
#include "syntax/san.hpp"
#include "tests/interpreter/draw_facts_oracle.hpp"
#include "tests/shared_data.hpp"

using namespace pgnsem;
using interp::DrawFacts;
using interp::Verdict;
namespace v2 = boost::variant2;

namespace {

constexpr std::uint32_t kNever = DrawFacts::kNever;

// Every position of the main line, from a trace.
struct Positions : interp::TraceSink {
    std::vector<sem::State> after;
    void on_ply(const interp::PlyEvent& e) override { after.push_back(*e.after); }
};

Verdict judge(const std::string& pgn, const sem::Engine* engine = nullptr, Positions* trace = nullptr) {
    syntax::PgnReader reader(pgn);
    ast::Game g;
    REQUIRE(reader.next(g));
    interp::Interpreter interpreter(interp::Options{false, engine});
    Verdict v;
    interpreter.run(g, v, trace);
    return v;
}

std::string with_fen(const std::string& fen, const std::string& moves) {
    return "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + moves + "\n";
}

bool warned(const Verdict& v, std::string_view kind) {
    for (const interp::Warning& w : v.warnings)
        if (interp::kind_name(w.kind) == kind) return true;
    return false;
}

sem::State state_of(const std::string& fen) {
    const auto parsed = syntax::parse_fen(fen);
    REQUIRE(v2::holds_alternative<Placement>(parsed));
    return sem::from_placement(v2::get<Placement>(parsed));
}

}  // namespace

TEST_CASE("draw facts of the start position are at ply 0", "[interpreter][draws]") {
    // a dead position from the start (Law 5.2.2), and the move after it warned about
    const Verdict dead = judge(with_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1", "1. Kd2 *"));
    CHECK(dead.draws.dead_position == 0);
    CHECK(dead.draws.automatic_at() == 0);
    CHECK(warned(dead, "after-automatic-draw"));
    // 9.3.2: 120 halfmoves, White may claim before moving
    const Verdict fifty = judge(with_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 120 80", "80. e4 *"));
    CHECK(fifty.draws.claimable_at() == 0);
    CHECK(fifty.draws.automatic_at() == kNever);
    // 9.6.2 from the start: 150 halfmoves, then a move
    const Verdict seventy_five = judge(with_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 150 80", "80. Kd2 *"));
    CHECK(seventy_five.draws.seventy_five_moves == 0);
    CHECK(seventy_five.draws.automatic_at() == 0);
    CHECK(warned(seventy_five, "after-automatic-draw"));
    // nothing at ply 0 of the standard start
    const Verdict plain = judge("1. e4 *\n");
    CHECK(plain.draws.claimable_at() == kNever);
    CHECK(plain.draws.automatic_at() == kNever);
}

TEST_CASE("moves after an automatic draw are replayed under --strict too, never illegal", "[interpreter][draws]") {
    const std::string pgn = with_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1", "1. Kd2 Kd5 *");
    syntax::PgnReader reader(pgn);
    ast::Game g;
    REQUIRE(reader.next(g));
    interp::Interpreter strict(interp::Options{true, nullptr});
    Verdict v;
    strict.run(g, v);
    INFO((v.error ? v.error->rule + ": " + v.error->message : std::string("no error")));
    CHECK(v.kind == interp::VerdictKind::Legal);
    CHECK(v.plies == 2);
    CHECK(v.draws.automatic_at() == 0);
    CHECK(warned(v, "after-automatic-draw"));
}

TEST_CASE("mate takes precedence over the draws of the same position", "[interpreter][draws]") {
    // The mate completes 75 moves: it is mate (9.6.2), and nothing holds at ply 1. White could
    // claim before moving (clock 149 ≥ 100: 9.3.2), so claimable at 0.
    const Verdict at_149 = judge(with_fen("7k/8/6K1/8/8/8/8/R7 w - - 149 100", "100. Ra8# 1-0"));
    CHECK(at_149.end == sem::Outcome::Checkmate);
    CHECK(at_149.draws.automatic_at() == kNever);
    CHECK(at_149.draws.claimable_at() == 0);
    CHECK(at_149.draws.seventy_five_moves == kNever);
    CHECK_FALSE(warned(at_149, "result-position"));
    // Clock 99: White may announce any rook or king move and claim (9.3.1) at ply 0; nothing
    // after the mate.
    const Verdict at_99 = judge(with_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 100", "100. Ra8# 1-0"));
    CHECK(at_99.draws.claimable_at() == 0);
    CHECK(at_99.draws.automatic_at() == kNever);
    // Clock 98: no claim at ply 0 (every move leads to 99), and the mate at ply 1 reaches 99 only.
    const Verdict at_98 = judge(with_fen("7k/8/6K1/8/8/8/8/R7 w - - 98 100", "100. Ra8# 1-0"));
    CHECK(at_98.draws.claimable_at() == kNever);
    // A stalemate on the move that completes 75 moves is stalemate (5.2.1), not a draw by 9.6.2.
    const Verdict stalemate = judge(with_fen("7k/8/5K2/8/8/8/8/6Q1 w - - 149 100", "100. Qg6 1/2-1/2"));
    CHECK(stalemate.end == sem::Outcome::Stalemate);
    CHECK(stalemate.draws.automatic_at() == kNever);
}

TEST_CASE("a claim made by announcing the move (Laws 9.2.1, 9.3.1)", "[interpreter][draws]") {
    // after ply 7 Black may write Ng8, which repeats the start position for the third time
    const Verdict rep = judge("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *\n");
    CHECK(rep.draws.threefold == 7);
    CHECK(rep.draws.claimable_at() == 7);
    // one ply fewer: Black's Ng8 would make only the second occurrence
    CHECK(judge("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 *\n").draws.claimable_at() == kNever);
    // clock 98, then a quiet move: the position after ply 1 has 99 and Black may announce
    const Verdict fifty = judge(with_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 98 80", "80. Kd1 Kd8 *"));
    CHECK(fifty.draws.fifty_moves == 1);
    // at 99 with only pawn moves or captures left, no move reaches 100: no claim
    const Verdict blocked = judge(with_fen("7k/5K1P/8/8/8/8/8/8 b - - 99 80", "80... Kxh7 *"));
    CHECK(blocked.draws.fifty_moves == kNever);
}

TEST_CASE("an automatic draw decides the result even when the moves after it mate", "[interpreter][draws]") {
    // K+N v K is dead from the start; the written moves continue, and a 1-0 contradicts the draw
    const Verdict v = judge(with_fen("7k/8/5K2/8/8/8/8/6N1 w - - 0 1", "1. Nf3 Kg8 1-0"));
    CHECK(v.draws.automatic_at() == 0);
    CHECK(warned(v, "result-position"));
}

namespace {

// Start positions for shuffling walks: few pieces, so that positions recur; some with pawns, so
// that windows close; clocks are chosen by the property.
constexpr const char* kWalkStarts[] = {
    "1n2k3/8/8/8/8/8/8/1N2K3 w - - {} 1",   "4k3/8/8/8/8/8/8/R3K3 w - - {} 1",
    "4k3/4p3/8/8/8/8/4P3/4K1N1 w - - {} 1", "r3k3/8/8/8/8/8/8/4K2R b Kq - {} 1",
    "4k3/8/8/3p4/8/2N5/8/4K3 w - - {} 1",   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {} 1",
};

std::string fill_clock(std::string fen, std::uint32_t clock) {
    return fen.replace(fen.find("{}"), 2, std::to_string(clock));
}

// A walk of legal moves that prefers reversible ones (so that positions recur), as PGN, with the
// states it passes through.
struct Walk {
    std::string pgn;
    std::vector<sem::State> states;
};

Walk walk(const std::string& fen, const std::vector<std::uint32_t>& choices) {
    Walk w;
    sem::State s = state_of(fen);
    w.states.push_back(s);
    std::string moves;
    bool white = sem::to_move(s) == Color::White;
    std::uint32_t number = sem::move_number(s);
    if (!white) moves += std::to_string(number) + "... ";
    std::optional<sem::Action> back[2];  // each side's last move
    for (const std::uint32_t c : choices) {
        const sem::MoveList list = sem::fast::legal_moves(s);
        if (list.size == 0) break;
        // 7 times in 8 a reversible move when there is one (the clock goes on)
        std::vector<sem::Accepted> all, reversible;
        for (const sem::ConcreteMove m : list) {
            const sem::Termination t = sem::FastEngine::instance().terminates_concrete(s, m);
            const sem::Accepted& ok = v2::get<sem::Accepted>(t);
            all.push_back(ok);
            if (ok.next.halfmove_clock != 0) reversible.push_back(ok);
        }
        const std::vector<sem::Accepted>& from = (c % 8 != 0 && !reversible.empty()) ? reversible : all;
        const sem::Accepted* pick = &from[(c / 8) % from.size()];
        // half the time, the mover's last move undone when it can be: positions come back
        if (c % 2 == 1 && back[sem::to_move(s) == Color::Black])
            for (const sem::Accepted& t : reversible)
                if (t.action.from == back[sem::to_move(s) == Color::Black]->to &&
                    t.action.to == back[sem::to_move(s) == Color::Black]->from)
                    pick = &t;
        back[sem::to_move(s) == Color::Black] = pick->action;
        if (white) moves += std::to_string(number) + ". ";
        moves +=
            std::string(syntax::print_san(sem::fast::canonical_move(s, pick->action, pick->next), true).view()) + " ";
        if (!white) ++number;
        white = !white;
        s = pick->next;
        w.states.push_back(s);
    }
    w.pgn = with_fen(fen, moves + "*");
    return w;
}

void check_against_oracle(const std::string& pgn, const std::vector<sem::State>& states, const sem::Engine* engine) {
    Positions trace;
    const Verdict v = judge(pgn, engine, &trace);
    RC_ASSERT(v.kind == interp::VerdictKind::Legal);
    RC_ASSERT(trace.after.size() + 1 == states.size());
    const DrawFacts want = test::draw_facts_oracle(states);
    RC_ASSERT(v.draws.fifty_moves == want.fifty_moves);
    RC_ASSERT(v.draws.threefold == want.threefold);
    RC_ASSERT(v.draws.seventy_five_moves == want.seventy_five_moves);
    RC_ASSERT(v.draws.fivefold == want.fivefold);
    RC_ASSERT(v.draws.dead_position == want.dead_position);
}

}  // namespace

TEST_CASE("draw facts equal the plain ply-by-ply computation on shuffling walks", "[property][draws]") {
    const std::unique_ptr<sem::Engine> reference = sem::reference_engine();
    rc::prop("draw facts", [&] {
        const auto start = *rc::gen::inRange<std::size_t>(0, std::size(kWalkStarts));
        const auto clock = *rc::gen::element<std::uint32_t>(0, 0, 90, 95, 97, 98, 99, 100, 140, 146, 148, 149, 150);
        const auto choices = *rc::gen::container<std::vector<std::uint32_t>>(*rc::gen::inRange<std::size_t>(0, 70),
                                                                             rc::gen::arbitrary<std::uint32_t>());
        const Walk w = walk(fill_clock(kWalkStarts[start], clock), choices);
        const DrawFacts want = test::draw_facts_oracle(w.states);
        RC_TAG(want.threefold != kNever ? "a threefold claim" : "no threefold claim");
        RC_TAG(want.fifty_moves != kNever ? "a fifty-move claim" : "no fifty-move claim");
        RC_TAG(want.automatic_at() != kNever ? "an automatic draw" : "no automatic draw");
        check_against_oracle(w.pgn, w.states, nullptr);
        check_against_oracle(w.pgn, w.states, reference.get());
    });
}

namespace {

// The moves a generated game is lengthened with, so that the facts the test compares occur (a game
// of `pgnsem gen` stops at an automatic draw and rarely reaches one, or a claim): SAN tokens played
// from σ, with σ advanced past them.
struct Lengthening {
    std::string moves;
    sem::State end;
};

// A quiet move: neither a capture nor a pawn move nor castling (the clock keeps counting).
bool quiet(const sem::State& s, const sem::ConcreteMove& m) {
    const sem::PieceId piece = sem::at(s, m.from);
    if (sem::kind_of(piece) == PieceKind::Pawn || sem::at(s, m.to) != sem::kEmpty) return false;
    return !(sem::kind_of(piece) == PieceKind::King && std::abs(m.to.index() - m.from.index()) == 2);
}

void play(Lengthening& l, const sem::ConcreteMove& m) {
    const sem::Termination t = sem::FastEngine::instance().terminates_concrete(l.end, m);
    const auto& ok = v2::get<sem::Accepted>(t);
    l.moves += std::string(syntax::print_san(sem::fast::canonical_move(l.end, ok.action, ok.next)).view()) + " ";
    l.end = ok.next;
}

std::vector<sem::ConcreteMove> moves_where(const sem::State& s,
                                           bool (*keep)(const sem::State&, const sem::ConcreteMove&)) {
    std::vector<sem::ConcreteMove> out;
    for (const sem::ConcreteMove& m : sem::fast::legal_moves(s))
        if (keep == nullptr || keep(s, m)) out.push_back(m);
    return out;
}

bool is_legal(const sem::State& s, const sem::ConcreteMove& m) {
    for (const sem::ConcreteMove& x : sem::fast::legal_moves(s))
        if (x == m) return true;
    return false;
}

// A quiet move of each side there and back, four plies that give σ again, played five times:
// threefold repetition, then fivefold.
Lengthening back_and_forth(const sem::State& from) {
    for (const sem::ConcreteMove& a : moves_where(from, quiet)) {
        Lengthening l{{}, from};
        play(l, a);
        for (const sem::ConcreteMove& b : moves_where(l.end, quiet)) {
            Lengthening m = l;
            play(m, b);
            const sem::ConcreteMove back_a{a.to, a.from, std::nullopt}, back_b{b.to, b.from, std::nullopt};
            if (!is_legal(m.end, back_a)) continue;
            play(m, back_a);
            if (!is_legal(m.end, back_b)) continue;
            play(m, back_b);
            for (int cycle = 1; cycle < 5; ++cycle)
                for (const sem::ConcreteMove& x : {a, b, back_a, back_b}) play(m, x);
            return m;
        }
    }
    return {{}, from};
}

// Quiet moves chosen at random until the halfmove clock reaches 150: 50 moves, then 75.
Lengthening quiet_walk(const sem::State& from, std::uint32_t seed) {
    Lengthening l{{}, from};
    while (l.end.halfmove_clock < 150) {
        const std::vector<sem::ConcreteMove> q = moves_where(l.end, quiet);
        if (q.empty()) break;
        seed = seed * 1664525u + 1013904223u;
        play(l, q[(seed >> 8) % q.size()]);
    }
    return l;
}

// Captures first, chosen at random, until the material left cannot mate (a dead position) or the
// game ends: the pieces come off the board.
Lengthening captures_first(const sem::State& from, std::uint32_t seed) {
    const auto capture = [](const sem::State& s, const sem::ConcreteMove& m) {
        return sem::at(s, m.to) != sem::kEmpty;
    };
    Lengthening l{{}, from};
    for (int ply = 0; ply < 400 && !sem::laws::dead_by_material(l.end); ++ply) {
        std::vector<sem::ConcreteMove> c = moves_where(l.end, capture);
        if (c.empty()) c = moves_where(l.end, nullptr);
        if (c.empty()) break;
        seed = seed * 1664525u + 1013904223u;
        play(l, c[(seed >> 8) % c.size()]);
    }
    return l;
}

}  // namespace

// The games of `pgnsem gen`, lengthened three ways in turn (and one in four as generated), so that
// every fact occurs: a back-and-forth repeated (threefold, fivefold), a quiet walk (50 and 75 moves)
// and captures first (a dead position); the test fails unless each fact held in some game.
TEST_CASE("draw facts equal the plain ply-by-ply computation on generated games", "[interpreter][draws]") {
    const std::unique_ptr<sem::Engine> reference = sem::reference_engine();
    int fifty = 0, threefold = 0, seventy_five = 0, fivefold = 0, dead = 0;
    for (std::uint32_t i = 1; i <= 40; ++i) {
        const interp::GeneratedGame generated = interp::generate_game(20261125, i, 0);
        Positions as_generated;
        (void)judge(generated.pgn, nullptr, &as_generated);
        const sem::State last = as_generated.after.empty() ? sem::initial_state() : as_generated.after.back();
        Lengthening more{{}, last};
        if (i % 4 == 1) more = back_and_forth(last);
        if (i % 4 == 2) more = quiet_walk(last, i);
        if (i % 4 == 3) more = captures_first(last, i);
        // the marker "*" (a game not over) and what follows it replaced by the moves added
        std::string pgn = generated.pgn;
        if (!more.moves.empty()) {
            const std::size_t marker = pgn.rfind('*');
            REQUIRE(marker != std::string::npos);
            pgn = pgn.substr(0, marker) + more.moves + "*\n";
        }
        Positions trace;
        (void)judge(pgn, nullptr, &trace);
        std::vector<sem::State> states{sem::initial_state()};
        states.insert(states.end(), trace.after.begin(), trace.after.end());
        INFO("generated game " << i << ", lengthened by " << more.moves.size() << " bytes of moves");
        const Verdict fast = judge(pgn);
        const Verdict ref = judge(pgn, reference.get());
        const DrawFacts want = test::draw_facts_oracle(states);
        for (const Verdict* v : {&fast, &ref}) {
            CHECK(v->draws.fifty_moves == want.fifty_moves);
            CHECK(v->draws.threefold == want.threefold);
            CHECK(v->draws.seventy_five_moves == want.seventy_five_moves);
            CHECK(v->draws.fivefold == want.fivefold);
            CHECK(v->draws.dead_position == want.dead_position);
        }
        fifty += DrawFacts::held(want.fifty_moves) ? 1 : 0;
        threefold += DrawFacts::held(want.threefold) ? 1 : 0;
        seventy_five += DrawFacts::held(want.seventy_five_moves) ? 1 : 0;
        fivefold += DrawFacts::held(want.fivefold) ? 1 : 0;
        dead += DrawFacts::held(want.dead_position) ? 1 : 0;
    }
    INFO("games with each fact: 50 moves " << fifty << ", threefold " << threefold << ", 75 moves " << seventy_five
                                           << ", fivefold " << fivefold << ", dead position " << dead);
    CHECK(fifty >= 3);
    CHECK(threefold >= 3);
    CHECK(seventy_five >= 3);
    CHECK(fivefold >= 3);
    CHECK(dead >= 3);
}

// Every 400th game of the whole file, or some 40 of the first PGNSEM_CORPUS_GAMES (the checked build
// reads 2,000: every 400th would be five games, none with a claim; about one game in ten has one).
TEST_CASE("draw facts equal the plain ply-by-ply computation on a sample of the real games",
          "[interpreter][draws][corpus]") {
    const std::string path = test::real_games_path();
    std::FILE* in = test::open_real_games();
    REQUIRE(in != nullptr);
    syntax::PgnReader reader(in, path);
    ast::Game g;
    interp::Interpreter interpreter(interp::Options{});
    // PGNSEM_CORPUS_GAMES (test::corpus_limit): 0 for the whole file, else its first games.
    const std::size_t limit = pgnsem::test::corpus_limit();
    const std::size_t every = limit == 0 ? 400 : std::max<std::size_t>(1, limit / 40);
    std::size_t games = 0, compared = 0, claims = 0;
    while ((limit == 0 || games < limit) && reader.next(g)) {
        if (games++ % every != 0) continue;
        Positions trace;
        Verdict v;
        interpreter.run(g, v, &trace);
        if (v.kind != interp::VerdictKind::Legal || g.tag("FEN")) continue;
        std::vector<sem::State> states{sem::initial_state()};
        states.insert(states.end(), trace.after.begin(), trace.after.end());
        const DrawFacts want = test::draw_facts_oracle(states);
        INFO("game " << games);
        CHECK(v.draws.fifty_moves == want.fifty_moves);
        CHECK(v.draws.threefold == want.threefold);
        CHECK(v.draws.seventy_five_moves == want.seventy_five_moves);
        CHECK(v.draws.fivefold == want.fivefold);
        CHECK(v.draws.dead_position == want.dead_position);
        ++compared;
        claims += DrawFacts::held(want.claimable_at()) ? 1 : 0;
    }
    pclose(in);
    INFO(compared << " games compared, " << claims << " with a claim");
    CHECK(compared > games / every * 4 / 5);
    CHECK(claims > 0);
}
