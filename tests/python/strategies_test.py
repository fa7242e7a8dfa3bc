"""pgnsem.strategies: every legal game it draws is judged legal with its plies and position; every
near-miss game is judged illegal with the rule and ply of its label; the positions are positions
of games; and the strategies shrink as they say, towards short games from the first legal moves
(ctest py:strategies; exit 77 without Hypothesis)."""

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

common.hypothesis_profile()

from hypothesis import find, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import pgnsem  # noqa: E402
from pgnsem import strategies as pst  # noqa: E402

# positions a walk of a few plies leaves simple (few pieces, a promotion near, castling rights
# kept with the pieces gone between king and rook)
STARTS = [
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
]
# the knight on c3 pinned by the bishop on b4
PINNED = "rnbqk1nr/pppp1ppp/8/4p3/1b6/2NP4/PPP1PPPP/R1BQKBNR w KQkq - 1 3"


class Strategies(common.unittest.TestCase):
    @given(pst.legal_games())
    def test_legal_games_are_judged_legal(self, generated):
        verdict = pgnsem.judge(generated.game())
        self.assertEqual(verdict.verdict, "legal", generated.pgn)
        self.assertEqual(verdict.plies, len(generated.sans))
        self.assertEqual(verdict.fen_after, generated.fen_after)
        self.assertTrue(generated.legal)
        board = pgnsem.Board(generated.start_fen)
        for san, uci in zip(generated.sans, generated.ucis):
            self.assertEqual(board.push_san(san).uci(), uci)
        self.assertEqual(board.fen(), generated.fen_after)

    @given(pst.legal_games(starts=st.sampled_from(STARTS), max_plies=12))
    def test_legal_games_from_other_starts_carry_their_fen(self, generated):
        self.assertIn(generated.start_fen, STARTS)
        game = generated.game()
        if generated.start_fen != pst.INITIAL_FEN:
            self.assertEqual(game.tag("FEN"), generated.start_fen)
        verdict = pgnsem.judge(game)
        self.assertEqual((verdict.verdict, verdict.plies, verdict.fen_after),
                         ("legal", len(generated.sans), generated.fen_after), generated.pgn)

    @given(pst.near_miss_games())
    def test_near_miss_games_are_judged_by_their_label(self, generated):
        verdict = pgnsem.judge(generated.game())
        self.assertFalse(generated.legal)
        self.assertEqual(verdict.verdict, "illegal", generated.pgn)
        self.assertEqual(verdict.error["rule"], generated.rule, generated.pgn)
        self.assertEqual(verdict.error["ply"], generated.ply, generated.pgn)
        self.assertEqual(verdict.error["written"], generated.written, generated.pgn)
        self.assertEqual(verdict.plies, generated.ply - 1)
        self.assertEqual(verdict.fen_after, generated.fen_after)

    @given(pst.positions())
    def test_positions_are_positions_of_games(self, board):
        reading = pgnsem.read_fen(board.fen())
        self.assertIsNotNone(reading.position, reading.message)
        self.assertEqual(reading.position.fen(), board.fen())
        self.assertLessEqual(board.pushed(), 40)

    def test_near_misses_break_many_rules(self):
        rules = Counter()

        @settings(max_examples=100)
        @given(pst.near_miss_games(starts=st.sampled_from([pst.INITIAL_FEN] + STARTS), max_plies=20))
        def count(generated):
            rules[generated.rule] += 1

        count()
        print(f"near-miss games by rule: {dict(rules)}", file=sys.stderr)
        for rule in ("check/into", "src/unreachable", "cap/no-victim", "castle/blocked", "dest/own-piece"):
            self.assertIn(rule, rules)
        self.assertGreaterEqual(len(rules), 10, rules)

    @settings(max_examples=20)
    @given(pst.near_miss_games(starts=st.just(PINNED), max_plies=2, rules={"check/pinned", "check/into"}))
    def test_near_misses_of_the_rules_asked_for(self, generated):
        self.assertIn(generated.rule, {"check/pinned", "check/into"})
        self.assertEqual(pgnsem.judge(generated.game()).error["rule"], generated.rule)

    def test_shrinking_goes_towards_short_games_and_the_first_moves(self):
        # A game that gives check: the shortest has three plies (1. e4 f6 2. Qh5+); Hypothesis's
        # shrinker finds a local minimum, a few plies from it, where walks run to 40 plies.
        # (conditions as functions: Hypothesis reads a lambda's source at every call)
        def gives_check(generated):
            return pgnsem.Board(generated.fen_after).in_check()

        checks = find(pst.legal_games(), gives_check)
        self.assertLessEqual(len(checks.sans), 6, checks.pgn)

        # a near miss from the initial position: the first rule in order, with no move before it
        def any_game(generated):
            return True

        first = find(pst.near_miss_games(), any_game)
        self.assertEqual(first.ply, 1)
        self.assertEqual(first.rule, min(pst._near_misses(pgnsem.Board())))


if __name__ == "__main__":
    common.main()
