"""examples/python: the property test of the Python move generator against pgnsem.Board fails as
it should, and Hypothesis shrinks the failure to the planted bug — one position and one move, an
en passant capture the generator misses — while the generator with the bug taken out agrees with
the board on every position drawn (ctest py:example; exit 77 without Hypothesis)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

common.hypothesis_profile()

from hypothesis import given, settings  # noqa: E402

import pgnsem  # noqa: E402
from pgnsem import strategies  # noqa: E402

sys.path.insert(0, str(common.SOURCE_DIR / "examples" / "python"))
import movegen  # noqa: E402
import movegen_test  # noqa: E402

# Enough examples for the derandomized run to meet a position with an en passant capture (a few in
# a hundred walks do).
EXAMPLES = 200


def fixed(fen: str) -> set:
    return movegen.legal_moves(fen, planted_bug=False)


class Example(common.unittest.TestCase):
    def test_without_its_bug_the_generator_agrees_with_the_board(self):
        @settings(max_examples=EXAMPLES)
        @given(strategies.positions())
        def agrees(board):
            movegen_test.check_generator(fixed, board)

        agrees()

    def test_hypothesis_shrinks_the_failure_to_the_planted_bug(self):
        test = movegen_test.MoveGenerator("test_movegen_lists_the_legal_moves")
        with self.assertRaises(movegen_test.Disagreement) as caught:
            settings(max_examples=EXAMPLES)(movegen_test.MoveGenerator.test_movegen_lists_the_legal_moves)(test)
        found = caught.exception
        print(f"shrunk to: {found}", file=sys.stderr)
        board = pgnsem.Board(found.fen)
        # one move, which the board plays and the generator misses
        self.assertTrue(found.missing)
        self.assertEqual({m.uci() for m in board.legal_moves()} - movegen.legal_moves(found.fen), {found.move})
        self.assertEqual(movegen.legal_moves(found.fen) - {m.uci() for m in board.legal_moves()}, set())
        # an en passant capture: a pawn to the en passant square, diagonally, where nothing stands
        move = board.parse_uci(found.move)
        self.assertEqual(board.piece_at(move.from_square).type, pgnsem.PieceType.PAWN)
        self.assertEqual(move.to_square, board.en_passant_square())
        self.assertNotEqual(move.from_square % 8, move.to_square % 8)
        self.assertIsNone(board.piece_at(move.to_square))
        # the generator without the bug lists it
        self.assertEqual(fixed(found.fen), {m.uci() for m in board.legal_moves()})
        # shrunk: the shortest way to such a position is four plies (1. e4 a6 2. e5 d5)
        self.assertLessEqual(len(found.line), 8, found.line)
        replay = pgnsem.Board()
        for uci in found.line:
            replay.push_uci(uci)
        self.assertEqual(replay.fen(), found.fen)


if __name__ == "__main__":
    common.main()
