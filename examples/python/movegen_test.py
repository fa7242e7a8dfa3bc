"""A property test of examples/python/movegen.py against pgnsem.Board, with Hypothesis: in every
position pgnsem.strategies.positions() draws, and every position on the way to it, the generator
lists exactly the legal moves pgnsem.Board lists. The generator forgets en passant, so the test fails; Hypothesis shrinks the
failure to one position and one move and prints it (examples/python/README.md shows a run):

    PYTHONPATH=build/release/python python3 examples/python/movegen_test.py

(tests/python/example_test.py runs the same property and checks that the shrunk counterexample is
the planted bug.)
"""

import sys
import unittest
from pathlib import Path

from hypothesis import given

sys.path.insert(0, str(Path(__file__).resolve().parent))
import movegen  # noqa: E402

import pgnsem  # noqa: E402
from pgnsem import strategies  # noqa: E402


class Disagreement(AssertionError):
    """One position and one move on which a generator and pgnsem.Board disagree."""

    def __init__(self, board: pgnsem.Board, move: str, missing: bool):
        self.fen, self.move, self.missing = board.fen(), move, missing
        self.line = [m.uci() for m in board.move_stack()]
        what = "misses" if missing else "lists the illegal move"
        super().__init__(f"in {self.fen}, reached by {' '.join(self.line) or 'no move'}: the generator {what} {move}")


def check_generator(generate, board: pgnsem.Board) -> None:
    """In every position on the board's way from its start, the generator lists the moves the
    board lists: else Disagreement, for the first such position and the first move (in UCI order)
    one lists and the other does not."""
    line = board.move_stack()
    for _ in line:
        board.pop()
    for move in [None] + line:
        if move is not None:
            board.push(move)
        expected = {m.uci() for m in board.legal_moves()}
        got = generate(board.fen())
        for move in sorted(expected ^ got):
            raise Disagreement(board, move, missing=move in expected)


class MoveGenerator(unittest.TestCase):
    @given(strategies.positions())
    def test_movegen_lists_the_legal_moves(self, board):
        check_generator(movegen.legal_moves, board)


if __name__ == "__main__":
    unittest.main()
