// Law 5.2.2's dead positions (laws/dead_position.hpp, proofs-notes/dead-positions.md):
// known positions, and the analyser's soundness as a property: a Yes comes with a mating line that
// the reference T replays to a checkmate, and a No is never contradicted by a short helpmate that
// a plain exhaustive search (below, independent of the analyser) finds.
#include "laws/dead_position.hpp"

#include <rapidcheck/catch.h>

#include <iterator>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "semantics/engines.hpp"
#include "semantics/fast/legal_moves.hpp"
#include "tests/semantics/walks.hpp"

using namespace pgnsem;
using namespace pgnsem::sem;
using namespace pgnsem::sem::testing;
using laws::DeadPositionAnalyser;
using laws::MateAbility;
using laws::Verdict;

namespace {

State from_fen(std::string_view text) {
    const auto s = sigma_from_fen(text);
    REQUIRE(s.has_value());
    return *s;
}

Verdict of(const MateAbility& m, Color c) {
    return c == Color::White ? m.white : m.black;
}

// The witness replayed with the reference T (semantics/terminates.hpp): every move accepted, and
// the last position a checkmate of the winner's opponent.
bool witness_mates(const State& start, std::span<const ConcreteMove> line, Color winner) {
    State s = start;
    for (const ConcreteMove& m : line) {
        const Termination t = terminates_concrete(s, m);
        if (!boost::variant2::holds_alternative<Accepted>(t)) return false;
        s = boost::variant2::get<Accepted>(t).next;
    }
    return to_move(s) == opposite(winner) && outcome(s) == Outcome::Checkmate;
}

// Is there a series of at most `depth` plies from σ after which `winner` has checkmated? Every
// line is tried: no table, no ordering, no pruning.
bool mate_within(const State& s, Color winner, int depth) {
    const MoveList moves = fast::legal_moves(s);
    if (moves.size == 0) return to_move(s) != winner && outcome(s) == Outcome::Checkmate;
    if (depth == 0) return false;
    for (const ConcreteMove& m : moves) {
        const Termination t = FastEngine::instance().terminates_concrete(s, m);
        if (mate_within(boost::variant2::get<Accepted>(t).next, winner, depth - 1)) return true;
    }
    return false;
}

// What every verdict must satisfy, checked for both sides.
void check_sound(DeadPositionAnalyser& a, const State& s, int depth, laws::Budget budget) {
    const MateAbility m = a.analyse(s, budget);
    for (Color c : {Color::White, Color::Black}) {
        const Verdict v = of(m, c);
        if (v == Verdict::Yes) {
            RC_ASSERT(witness_mates(s, a.witness(c), c));
        } else if (v == Verdict::No) {
            RC_ASSERT(!mate_within(s, c, depth));
        }
    }
}

// A number in [low, high), uniform: rapidcheck scales inRange by the test's size, which would
// put every piece of the first tests on a1.
int pick(int low, int high) {
    return *rc::gen::resize(100, rc::gen::inRange(low, high));
}

// σ from a random placement of the two kings and up to `extra` other pieces on the squares of
// files and ranks `low` to 7 (a corner region makes short helpmates common, so that a wrong No is
// seen), or nothing when the placement is not a position of a game (validate, laws/setup.hpp).
std::optional<State> random_endgame(int extra, int low) {
    Placement p;
    p.side_to_move = pick(0, 2) == 0 ? Color::White : Color::Black;
    const auto put = [&p, low](Color c, PieceKind k) {
        const int q = pick(low, 8) * 8 + pick(low, 8);
        if (p.squares[static_cast<std::size_t>(q)]) return;
        p.squares[static_cast<std::size_t>(q)] = ColoredPiece{c, k};
    };
    constexpr PieceKind kKinds[] = {PieceKind::Pawn,   PieceKind::Knight, PieceKind::Knight, PieceKind::Bishop,
                                    PieceKind::Bishop, PieceKind::Rook,   PieceKind::Queen};
    const auto any_kind = [&kKinds] {
        return kKinds[static_cast<std::size_t>(pick(0, static_cast<int>(std::size(kKinds))))];
    };
    put(Color::White, PieceKind::King);
    put(Color::Black, PieceKind::King);
    // Half of the positions give one side a single minor piece, where the material rules are
    // finest; the others are any pieces.
    const bool minor = pick(0, 2) == 0;
    const Color lone = pick(0, 2) == 0 ? Color::White : Color::Black;
    if (minor) put(lone, pick(0, 2) == 0 ? PieceKind::Knight : PieceKind::Bishop);
    const int n = pick(minor ? 1 : 0, extra + 1);
    for (int i = 0; i < n; ++i)
        put(minor ? opposite(lone) : (pick(0, 2) == 0 ? Color::White : Color::Black), any_kind());
    if (!validate(p).empty()) return std::nullopt;
    return from_placement(p);
}

}  // namespace

TEST_CASE("dead position: material alone", "[laws][dead]") {
    const State kk = from_fen("8/8/4k3/8/8/8/4K3/8 w - - 0 1");
    CHECK(laws::cannot_mate_by_material(kk, Color::White));
    CHECK(laws::cannot_mate_by_material(kk, Color::Black));
    // K+N v K and K+N v K+Q: no mate; K+N v K+R, K+P or K+B: a mate with the defender's help.
    const State kn = from_fen("8/8/4k3/8/8/2N5/4K3/8 w - - 0 1");
    CHECK(laws::cannot_mate_by_material(kn, Color::White));
    CHECK(laws::cannot_mate_by_material(from_fen("8/8/4k3/3q4/8/2N5/4K3/8 w - - 0 1"), Color::White));
    CHECK_FALSE(laws::cannot_mate_by_material(from_fen("8/8/4k3/3r4/8/2N5/4K3/8 w - - 0 1"), Color::White));
    CHECK_FALSE(laws::cannot_mate_by_material(from_fen("8/8/4k3/3p4/8/2N5/4K3/8 w - - 0 1"), Color::White));
    CHECK_FALSE(laws::cannot_mate_by_material(from_fen("8/8/4k3/3b4/8/2N5/4K3/8 w - - 0 1"), Color::White));
    // Bishops on one colour: no mate even against rooks; a bishop of the other colour, a knight
    // or a pawn anywhere makes a mate possible.
    CHECK(laws::cannot_mate_by_material(from_fen("5b2/8/4k3/8/8/8/4K3/2B5 w - - 0 1"), Color::White));
    CHECK(laws::cannot_mate_by_material(from_fen("5b2/8/4k3/8/2r5/8/4K3/2B5 w - - 0 1"), Color::White));
    CHECK_FALSE(laws::cannot_mate_by_material(from_fen("2b5/8/4k3/8/8/8/4K3/2B5 w - - 0 1"), Color::White));
    CHECK_FALSE(laws::cannot_mate_by_material(from_fen("5b2/8/4k3/8/2n5/8/4K3/2B5 w - - 0 1"), Color::White));
    CHECK_FALSE(laws::cannot_mate_by_material(from_fen("5b2/8/4k3/8/2p5/8/4K3/2B5 w - - 0 1"), Color::White));
    CHECK_FALSE(laws::cannot_mate_by_material(from_fen("8/8/4k3/8/8/2N5/4K3/6N1 w - - 0 1"), Color::White));
    CHECK_FALSE(laws::cannot_mate_by_material(initial_state(), Color::White));
}

TEST_CASE("dead position: known verdicts", "[laws][dead]") {
    DeadPositionAnalyser a;
    struct Case {
        const char* fen;
        Verdict white, black;
    };
    const Case cases[] = {
        // K v K, K+N v K, K+B v K+B on one colour: insufficient material.
        {"8/8/4k3/8/8/8/4K3/8 w - - 0 1", Verdict::No, Verdict::No},
        {"8/8/4k3/8/8/2N5/4K3/8 b - - 0 1", Verdict::No, Verdict::No},
        {"5b2/8/4k3/8/8/8/4K3/2B5 w - - 0 1", Verdict::No, Verdict::No},
        // K+N+N v K: no forced mate, but a helpmate.
        {"8/8/4k3/8/8/2N5/4K3/6N1 w - - 0 1", Verdict::Yes, Verdict::No},
        // K+B v K+B on opposite colours: each king can be mated in a corner behind its own bishop.
        {"2b5/8/4k3/8/8/8/4K3/2B5 w - - 0 1", Verdict::Yes, Verdict::Yes},
        // K+N v K+P: the knight mates a king boxed in by its pawn; the pawn promotes.
        {"8/8/4k3/4p3/8/2N5/4K3/8 w - - 0 1", Verdict::Yes, Verdict::Yes},
        // A locked pawn wall: no pawn can move or capture (each stands on its file facing an enemy
        // pawn, with nothing diagonally in front of it), and every square of rank 4 or 5 a king
        // could step on is attacked by an enemy pawn. The kings never meet anything: dead.
        {"8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1", Verdict::No, Verdict::No},
        {"8/2k5/8/1p1p1p1p/1P1P1P1P/8/8/5K2 b - - 0 1", Verdict::No, Verdict::No},
        // The same wall and a white bishop of the white pawns' colour, which can neither pass
        // the wall nor attack a black pawn: still dead.
        {"8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/5B2 w - - 0 1", Verdict::No, Verdict::No},
        // σ₀: both sides can mate (fool's mate for Black, a five-ply helpmate for White).
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Verdict::Yes, Verdict::Yes},
        // Stalemate: the game is over, nobody mates.
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Verdict::No, Verdict::No},
        // Checkmate: White has mated (by the empty series of moves); Black never will.
        {"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", Verdict::Yes, Verdict::No},
    };
    for (const Case& c : cases) {
        INFO(c.fen);
        const State s = from_fen(c.fen);
        const MateAbility m = a.analyse(s);
        CHECK(m.white == c.white);
        CHECK(m.black == c.black);
        for (Color side : {Color::White, Color::Black})
            if (of(m, side) == Verdict::Yes) CHECK(witness_mates(s, a.witness(side), side));
    }
}

TEST_CASE("dead position: an opened wall is not dead", "[laws][dead]") {
    // The wall of the locked case with Black's pawns one file over: a4xb5 and the like are
    // possible, the kings get through, and both sides can mate.
    DeadPositionAnalyser a;
    const MateAbility m = a.analyse(from_fen("8/8/1k6/1p1p1p1p/P1P1P1P1/8/3K4/8 w - - 0 1"));
    CHECK_FALSE(m.dead());
    CHECK(m.white != Verdict::No);
    CHECK(m.black != Verdict::No);
}

TEST_CASE("dead position: a long helpmate", "[laws][dead]") {
    // K+B+N v K from the middle: the only mates are in a corner of the bishop's colour, many
    // plies away; the lone king never mates.
    DeadPositionAnalyser a;
    const State s = from_fen("8/8/8/4k3/8/8/8/2B1K1N1 w - - 0 1");
    const MateAbility m = a.analyse(s);
    CHECK(m.black == Verdict::No);
    REQUIRE(m.white == Verdict::Yes);
    CHECK(a.witness(Color::White).size() >= 9);
    CHECK(witness_mates(s, a.witness(Color::White), Color::White));
}

TEST_CASE("dead position: the verdict does not depend on earlier calls", "[laws][dead]") {
    // The scratch memory is reused: a call must not see what an earlier one stored.
    DeadPositionAnalyser a, fresh;
    const State wall = from_fen("8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1");
    const State open = from_fen("8/8/1k6/1p1p1p1p/P1P1P1P1/8/3K4/8 w - - 0 1");
    (void)a.analyse(open);
    const MateAbility again = a.analyse(wall);
    const MateAbility first = fresh.analyse(wall);
    CHECK(again.white == first.white);
    CHECK(again.black == first.black);
}

TEST_CASE("dead position: the verdict does not depend on an earlier call's budget", "[laws][dead]") {
    // The scratch kept from a call with a larger budget must not change what a call with a smaller
    // one finds: the search's table and the closure's room are the call's own budget's. Here a
    // table and a room sized for 20,000 would leave White undecided at 2,000, where a fresh
    // analyser finds White's helpmate.
    const State s = from_fen("8/5p2/1p6/2k5/8/3K4/p1N5/8 b - - 1 63");
    DeadPositionAnalyser a, fresh;
    (void)a.analyse(s, laws::Budget{20000});
    const MateAbility again = a.analyse(s, laws::Budget{2000});
    const std::uint32_t again_nodes = a.nodes();
    const MateAbility first = fresh.analyse(s, laws::Budget{2000});
    CHECK(again.white == first.white);
    CHECK(again.black == first.black);
    CHECK(again_nodes == fresh.nodes());
    for (Color side : {Color::White, Color::Black})
        if (of(again, side) == Verdict::Yes) CHECK(witness_mates(s, a.witness(side), side));
}

// Starts for the walks below where a side cannot mate, and others where it mates at once, so that
// both of check_sound's branches are taken: the walks of tests/semantics/walks.hpp, from σ₀ and
// positions full of pieces, almost never reach a No.
constexpr const char* kSparseStarts[] = {
    "7k/8/6K1/8/8/8/8/R7 w - - 0 1",                // K+R v K: Ra8 mates; Black has only its king
    "k7/8/1K6/8/8/8/8/7Q w - - 0 1",                // K+Q v K: Qh8 mates
    "8/8/4k3/8/8/2B5/4K3/8 w - - 0 1",              // K+B v K: dead
    "8/8/4k3/8/8/2N5/4K3/8 b - - 0 1",              // K+N v K: dead
    "8/8/4k3/3q4/8/2N5/4K3/8 w - - 0 1",            // K+N v K+Q: White cannot mate (rule M2)
    "8/2b5/4k3/8/8/2B5/4K3/8 w - - 0 1",            // bishops on squares of one colour: dead
    "8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1",  // a frozen pawn wall: dead
};

TEST_CASE("dead position: sound on random walks", "[property][laws][dead]") {
    DeadPositionAnalyser a;
    int walks = 0, nos = 0;
    rc::prop("dead-walks", [&](const std::vector<std::uint32_t>& choices) {
        // half of the walks from the sparse starts, half as walks.hpp chooses (σ₀, tricky positions)
        const int pick_start = pick(0, 2 * static_cast<int>(std::size(kSparseStarts)));
        const State start = pick_start < static_cast<int>(std::size(kSparseStarts))
                                ? from_fen(kSparseStarts[static_cast<std::size_t>(pick_start)])
                                : start_position();
        const std::vector<WalkStep> steps = walk_from(start, choices, [](const State&, const State&) {});
        const State s = steps.empty() ? start : steps.back().result.next;
        check_sound(a, s, 3, laws::Budget{20000});
        const MateAbility m = a.analyse(s, laws::Budget{20000});
        ++walks;
        nos += (m.white == Verdict::No ? 1 : 0) + (m.black == Verdict::No ? 1 : 0);
    });
    // the No branch was taken, and not by a few walks only
    INFO(nos << " No verdicts on " << walks << " walks");
    CHECK(nos >= walks / 4);
}

TEST_CASE("dead position: sound on random endgames", "[property][laws][dead]") {
    DeadPositionAnalyser a;
    rc::prop("dead-endgames", [&a] {
        std::optional<State> s;
        // Most random placements are positions of a game; a few tries find one.
        for (int tries = 0; tries < 100 && !s; ++tries) s = random_endgame(3, 0);
        RC_ASSERT(s.has_value());
        check_sound(a, *s, 4, laws::Budget{20000});
    });
}

TEST_CASE("dead position: sound on random endgames in a corner", "[property][laws][dead]") {
    DeadPositionAnalyser a;
    rc::prop("dead-corner", [&a] {
        std::optional<State> s;
        // Most random placements are positions of a game; a few tries find one.
        for (int tries = 0; tries < 100 && !s; ++tries) s = random_endgame(4, 4);
        RC_ASSERT(s.has_value());
        // Small budgets too: a verdict must not depend on the budget being large enough.
        check_sound(a, *s, 5, laws::Budget{pick(0, 2) == 0 ? 300u : 20000u});
    });
}

TEST_CASE("a frozen pawn wall with the kings alone is dead; a wall a king can break, or a pawn can, is not",
          "[laws][dead]") {
    // the wall across the board, each king on its side
    CHECK(laws::frozen_pawn_wall(from_fen("8/2k5/8/p1p1p1p1/P1P1P1P1/8/3K4/8 b - - 0 1")));
    // a real game's final position: b4/b5, e4/e5, g5/g6, neither king reaches an undefended pawn
    CHECK(laws::frozen_pawn_wall(from_fen("8/8/3k2p1/1p2p1P1/1P2P3/5K2/8/8 w - - 0 62")));
    // one pawn short of a wall: g3 can still move
    CHECK_FALSE(laws::frozen_pawn_wall(from_fen("8/2k5/8/p1p1p1p1/P1P1P3/6P1/3K4/8 w - - 0 1")));
    // an undefended pawn no king can reach (g4 and g5 are attacked) does not open the wall...
    CHECK(laws::frozen_pawn_wall(from_fen("8/2k5/8/p1p1p2p/P1P1P2P/8/3K4/8 w - - 0 1")));
    // ...but through a gap of four files the white king walks to g5 and takes h5
    CHECK_FALSE(laws::frozen_pawn_wall(from_fen("8/2k5/8/p1p4p/P1P4P/8/3K4/8 w - - 0 1")));
    // a pawn that can take another
    CHECK_FALSE(laws::frozen_pawn_wall(from_fen("8/2k5/8/p1p1pp2/P1P1PP2/8/3K4/8 w - - 0 1")));
    // a piece besides kings and pawns
    CHECK_FALSE(laws::frozen_pawn_wall(from_fen("8/2k5/8/p1p1p1p1/P1P1P1P1/8/3KB3/8 w - - 0 1")));
    // frozen means dead to the analyser too
    laws::DeadPositionAnalyser analyser;
    CHECK(analyser.analyse(from_fen("8/8/3k2p1/1p2p1P1/1P2P3/5K2/8/8 w - - 0 62")).dead());
}

TEST_CASE("dead position: a blocked wall with pieces behind it, a side whose pieces never reach the enemy king is No",
          "[laws][dead]") {
    laws::DeadPositionAnalyser analyser;
    // Each bishop on the colour of its own pawns: neither attacks an enemy pawn or crosses the
    // wall, and neither king can pass it: dead (rule W); frozen_pawn_wall does not claim it.
    const State bishops = from_fen("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
    CHECK_FALSE(laws::frozen_pawn_wall(bishops));
    CHECK(laws::blocked_position(bishops).dead());
    CHECK(analyser.analyse(bishops).dead());
    // The bishop on b3 checks the white king behind the wall, but every square it can be checked
    // on leaves more dark flight squares than White's one bishop can fill: never mate.
    const State checks = from_fen("8/4kb2/8/1p1p1p1p/1P1P1P1P/1b6/3B1K2/8 b - - 0 1");
    CHECK(laws::blocked_position(checks).dead());
    CHECK(analyser.analyse(checks).dead());
    // Behind the same wall Black's light bishop checks the white king in the corner, and White's
    // two dark bishops can fill both of its dark flight squares: ...Be4 mates, so rule W must not
    // call Black unable; with one white bishop a flight square always stays open: dead.
    const State corner = from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/2b4B/6BK b - - 0 1");
    CHECK(laws::blocked_position(corner).white == Verdict::No);
    CHECK(laws::blocked_position(corner).black == Verdict::Unknown);
    const MateAbility corner_verdict = analyser.analyse(corner);
    CHECK(corner_verdict.black == Verdict::Yes);
    CHECK(witness_mates(corner, analyser.witness(Color::Black), Color::Black));
    CHECK(laws::blocked_position(from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/2b4B/7K b - - 0 1")).dead());
    // The white pawn on f7 is blocked by a bishop that can never move (its diagonals end on
    // pawns of its own side, and nothing can ever attack it): dead with the bishop as part of
    // the wall.
    const State shut_in = from_fen("k4bBN/b3pPp1/3pP1Pp/2pP3P/BpP5/1P6/K7/8 b - - 0 1");
    CHECK(laws::blocked_position(shut_in).dead());
    // A bishop on the other colour attacks the black pawns and may take one: nothing is claimed,
    // and White (who can open the wall) is never called unable to mate.
    const State breaker = from_fen("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/3BK3 w - - 0 1");
    CHECK(of(laws::blocked_position(breaker), Color::White) == Verdict::Unknown);
    CHECK(of(laws::blocked_position(breaker), Color::Black) == Verdict::Unknown);
    CHECK(of(analyser.analyse(breaker, laws::Budget{20000}), Color::White) != Verdict::No);
    // A pawn that can still move (h4), or a piece that attacks enemy pawns (the black bishop on c3
    // attacks b4 and d4): nothing claimed.
    CHECK(laws::blocked_position(from_fen("2b1k3/8/8/1p1p1p2/1P1P1P1P/8/8/2B1K3 w - - 0 1")).white == Verdict::Unknown);
    CHECK(laws::blocked_position(from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/2b5/8/2B1K3 w - - 0 1")).black ==
          Verdict::Unknown);
}

namespace {

// The kings and up to three pieces of the given kinds (each of either colour) on random squares
// of `p` (a square already taken is skipped), when the result is a position a game can reach.
std::optional<State> with_kings_and_pieces(Placement& p, std::span<const PieceKind> kinds) {
    const auto put = [&p](Color c, PieceKind k) {
        const int q = pick(0, 64);
        if (p.squares[static_cast<std::size_t>(q)]) return;
        p.squares[static_cast<std::size_t>(q)] = ColoredPiece{c, k};
    };
    put(Color::White, PieceKind::King);
    put(Color::Black, PieceKind::King);
    const int n = pick(0, 4);
    for (int i = 0; i < n; ++i)
        put(pick(0, 2) == 0 ? Color::White : Color::Black,
            kinds[static_cast<std::size_t>(pick(0, static_cast<int>(kinds.size())))]);
    if (!validate(p).empty()) return std::nullopt;
    return from_placement(p);
}

// A pawn wall across the board (each white pawn with a black one right in front, neighbouring
// files on different ranks so that few pawns attack each other, now and then a file left open),
// the kings and up to three pieces anywhere: rule W's conditions hold in some, fail in many.
std::optional<State> random_wall() {
    Placement p;
    p.side_to_move = pick(0, 2) == 0 ? Color::White : Color::Black;
    int rank = pick(1, 6);
    const bool gaps = pick(0, 2) == 0;
    for (int file = 0; file < 8; ++file) {
        const int step = pick(0, 2) == 0 ? -1 : 1;
        rank = rank + step >= 1 && rank + step <= 5 ? rank + step : rank - step;
        if (gaps && pick(0, 6) == 0) continue;
        p.squares[static_cast<std::size_t>(rank * 8 + file)] = ColoredPiece{Color::White, PieceKind::Pawn};
        p.squares[static_cast<std::size_t>(rank * 8 + 8 + file)] = ColoredPiece{Color::Black, PieceKind::Pawn};
    }
    // Mostly bishops: a rook or a queen nearly always reaches a pawn it could take.
    constexpr PieceKind kKinds[] = {PieceKind::Knight, PieceKind::Bishop, PieceKind::Bishop,
                                    PieceKind::Bishop, PieceKind::Rook,   PieceKind::Queen};
    return with_kings_and_pieces(p, kKinds);
}

}  // namespace

TEST_CASE("dead position: rule W never claims a side that can mate", "[property][laws][dead]") {
    DeadPositionAnalyser a;
    rc::prop("dead-walls", [&a] {
        std::optional<State> s;
        for (int tries = 0; tries < 100 && !s; ++tries) s = random_wall();
        RC_ASSERT(s.has_value());
        const MateAbility w = laws::blocked_position(*s);
        for (Color c : {Color::White, Color::Black})
            if (of(w, c) == Verdict::No) RC_ASSERT(!mate_within(*s, c, 4));
        RC_TAG(w.white == Verdict::No || w.black == Verdict::No ? "W claims" : "W silent");
        check_sound(a, *s, 3, laws::Budget{2000});
    });
}

TEST_CASE("dead position: rule R, pawns that still move", "[laws][dead]") {
    struct Case {
        const char* fen;
        Verdict white, black;
    };
    // Positions of the kinds in the Chess Unwinnability Analyzer's test vector, where pawns can
    // still move but never pass each other, never capture and never promote.
    const Case cases[] = {
        // The white a2/c2/e2/g2 pawns and the black a5/c5/e5/g5 pawns walk towards each other on
        // their files; the locked wall on ranks 6-7 keeps the black king on rank 8, out of reach
        // of every white attack; Black's pawn checks always leave the white king a square on a
        // file no black pawn attacks.
        {"1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1", Verdict::No, Verdict::No},
        // The white king shut in on a1 by the a2 pawn (defended by b3) and its own b2 pawn; White's
        // dark bishop checks only dark squares, and every dark square leaves the black king light
        // neighbours that Black's one light bishop cannot all fill.
        {"3B4/8/4p3/3pP2k/2pP4/1pP5/pPb5/K7 w - - 0 1", Verdict::No, Verdict::No},
        // Bishops shut in on e4 and e5; the white king can go round the wall, but it covers at most
        // one of the dark squares next to the black king that White's light bishop leaves free.
        {"1k6/8/3p1p2/3PbP2/3pBp2/3P1P2/4B3/4K3 w - - 0 1", Verdict::No, Verdict::No},
    };
    DeadPositionAnalyser a;
    for (const Case& c : cases) {
        INFO(c.fen);
        const State s = from_fen(c.fen);
        const MateAbility r = laws::reach_bound(s);
        CHECK(r.white == c.white);
        CHECK(r.black == c.black);
        CHECK(a.analyse(s, laws::Budget{2000}).dead());
    }
    // The checking king's cover counts: with the black knight as a blocker and the white king
    // covering the flight squares the bishop leaves, White mates (a helpmate the analyser finds).
    // Counting the flight squares without the king's cover would call White unable to mate here,
    // and on the mirrored case for Black (both winnable in CHA's test vector).
    for (const char* fen : {"2k5/3n4/8/8/8/8/8/2KB4 w - - 0 1", "1k3b2/8/8/8/8/8/8/1K3N2 w - - 0 1"}) {
        INFO(fen);
        const State s = from_fen(fen);
        const MateAbility bound = laws::reach_bound(s);
        CHECK(bound.white != Verdict::No);
        CHECK(bound.black != Verdict::No);
        const MateAbility full = a.analyse(s, laws::Budget{20000});
        for (Color c : {Color::White, Color::Black})
            if (of(full, c) == Verdict::Yes) CHECK(witness_mates(s, a.witness(c), c));
        CHECK((full.white == Verdict::Yes || full.black == Verdict::Yes));
    }
    // A pawn that can pass (the h-file is open before it) promotes: nothing is claimed.
    CHECK(laws::reach_sets(from_fen("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1PP/4K3 w - - 0 1")).decided == false);
    // Castling rights open: nothing is claimed.
    CHECK_FALSE(laws::reach_sets(from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K2R w K - 0 1")).decided);
    // A king that can take an undefended pawn of a file-bound pair frees the other pawn: the a2 pawn
    // then reaches a5 (but no further: a6 is its own locked pawn).
    const laws::ReachSets r = laws::reach_sets(from_fen("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1"));
    REQUIRE(r.decided);
    CHECK(r.of[8] == 0x0000000101010100ull);   // a2: a2, a3, a4, a5
    CHECK(r.of[32] == 0x0000000101010000ull);  // a5: a5, a4, a3 (never past the a2 pawn, which no
                                               // black man can take)
    CHECK((r.permanent & (1ull << 40)) != 0);  // a6 never moves
}

namespace {

// A locked pawn pair on every file or on every other file (white below, black right in front, on
// one rank or stepping up and down), and on some of those files a second pair on one side of the
// wall that walks towards each other (white below black), as in the Chess Unwinnability
// Analyzer's test vector; then the kings and up to three pieces. Pawns still move in most, rule R
// decides many, and kings and pieces can still take things in some.
std::optional<State> random_loose_wall() {
    Placement p;
    p.side_to_move = pick(0, 2) == 0 ? Color::White : Color::Black;
    const bool every_other = pick(0, 2) == 0;
    const int first = pick(0, 2);
    int rank = pick(2, 5);
    for (int file = every_other ? first : 0; file < 8; file += every_other ? 2 : 1) {
        if (pick(0, 3) == 0) {
            const int step = pick(0, 2) == 0 ? -1 : 1;
            rank = rank + step >= 2 && rank + step <= 4 ? rank + step : rank - step;
        }
        p.squares[static_cast<std::size_t>(rank * 8 + file)] = ColoredPiece{Color::White, PieceKind::Pawn};
        p.squares[static_cast<std::size_t>(rank * 8 + 8 + file)] = ColoredPiece{Color::Black, PieceKind::Pawn};
        if (pick(0, 2) == 0) continue;
        // The second pair: below the wall (ranks 1 … rank-1) or above it (rank+2 … 6).
        const bool below = pick(0, 2) == 0;
        const int low = below ? 1 : rank + 2, high = below ? rank - 1 : 6;
        if (high - low < 1) continue;
        const int w = pick(low, high), bl = pick(w + 1, high + 1);
        p.squares[static_cast<std::size_t>(w * 8 + file)] = ColoredPiece{Color::White, PieceKind::Pawn};
        p.squares[static_cast<std::size_t>(bl * 8 + file)] = ColoredPiece{Color::Black, PieceKind::Pawn};
    }
    constexpr PieceKind kKinds[] = {PieceKind::Knight, PieceKind::Bishop, PieceKind::Bishop,
                                    PieceKind::Bishop, PieceKind::Bishop, PieceKind::Rook};
    return with_kings_and_pieces(p, kKinds);
}

}  // namespace

TEST_CASE("dead position: under rule R every man stays on its squares, whatever is played", "[property][laws][dead]") {
    rc::prop("reach-sets", [] {
        // Most such positions let some pawn promote, and rule R then decides nothing: a few
        // hundred tries find one it decides.
        std::optional<State> start;
        laws::ReachSets r;
        for (int tries = 0; tries < 500 && !r.decided; ++tries) {
            start = random_loose_wall();
            if (start) r = laws::reach_sets(*start);
        }
        RC_ASSERT(r.decided);
        // origin[q]: the square in σ of the man on q now, or -1.
        std::array<int, 64> origin{};
        for (int q = 0; q < 64; ++q)
            origin[static_cast<std::size_t>(q)] = at(*start, Square::unchecked(q)).empty() ? -1 : q;
        State s = *start;
        // Captures and pawn moves half the time: the moves that change what the rules allow.
        const int plies = pick(1, 120);
        for (int ply = 0; ply < plies; ++ply) {
            const MoveList moves = fast::legal_moves(s);
            if (moves.size == 0) break;
            std::vector<ConcreteMove> sharp;
            for (const ConcreteMove& m : moves)
                if (!at(s, m.to).empty() || kind_of(at(s, m.from)) == PieceKind::Pawn) sharp.push_back(m);
            const bool pick_sharp = !sharp.empty() && pick(0, 2) == 0;
            const ConcreteMove m = pick_sharp
                                       ? sharp[static_cast<std::size_t>(pick(0, static_cast<int>(sharp.size())))]
                                       : moves.moves[static_cast<std::size_t>(pick(0, static_cast<int>(moves.size)))];
            const Termination t = FastEngine::instance().terminates_concrete(s, m);
            RC_ASSERT(boost::variant2::holds_alternative<Accepted>(t));
            s = boost::variant2::get<Accepted>(t).next;
            origin[static_cast<std::size_t>(m.to.index())] = origin[static_cast<std::size_t>(m.from.index())];
            origin[static_cast<std::size_t>(m.from.index())] = -1;
            for (int q = 0; q < 64; ++q) {
                const auto i = static_cast<std::size_t>(q);
                if (at(s, Square::unchecked(q)).empty()) origin[i] = -1;
                if (origin[i] < 0) continue;
                // The man stands on one of its squares, and a man the rules call permanent never
                // left its own.
                RC_ASSERT((r.of[static_cast<std::size_t>(origin[i])] >> q & 1u) != 0);
                RC_ASSERT(((r.permanent >> origin[i]) & 1u) == 0 || origin[i] == q);
            }
            // No promotion when decided (the promoted man would need its pawn's squares to
            // include the last rank).
            RC_ASSERT(!m.promotion.has_value());
        }
        const MateAbility v = laws::reach_bound(*start);
        RC_TAG(v.white == Verdict::No || v.black == Verdict::No ? "R claims" : "R silent");
        for (Color c : {Color::White, Color::Black})
            if (of(v, c) == Verdict::No) RC_ASSERT(!mate_within(*start, c, 4));
    });
}
