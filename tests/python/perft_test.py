"""pgnsem.Board.perft and a perft written in Python with legal_moves, push and pop, against the
published counts of ../shared/data/perft (standard.perft, tricky.perft, its X-FEN positions on a
Chess960 board; a few positions of chess960.perft) and against `pgnsem perft` (ctest py:perft; exit
77 without ../shared/data)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

import pgnsem  # noqa: E402

# Board.perft to every depth whose count is at most this; the Python perft to depth 2.
MOST_NODES = 1_000_000


def read_suite(path: Path) -> list:
    """(id, epd, [(depth, nodes)…]) for each position of a .perft file."""
    suite = []
    for line in path.read_text().splitlines():
        words = line.split(maxsplit=1)
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "id":
            suite.append([words[1].strip(), None, []])
        elif words[0] == "epd":
            suite[-1][1] = words[1].strip()
        elif words[0] == "perft":
            depth, nodes = words[1].split()
            suite[-1][2].append((int(depth), int(nodes)))
    return suite


def chess960(position_id: str) -> bool:
    return position_id.startswith("xfen") or "asymmetrical-and-king-on-h" in position_id


def python_perft(board: pgnsem.Board, depth: int) -> int:
    """Leaves by legal_moves, push and pop; the last ply counted with legal_move_count, as
    pgnsem perft counts it."""
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_move_count()
    nodes = 0
    for move in board.legal_moves():
        board.push(move)
        nodes += python_perft(board, depth - 1)
        board.pop()
    return nodes


class Perft(common.unittest.TestCase):
    def test_the_suites_counts(self):
        data = common.shared_data()
        positions = counts = 0
        for name in ("standard.perft", "tricky.perft"):
            for position_id, epd, expected in read_suite(data / "perft" / name):
                positions += 1
                # (a composed position among them cannot arise in a game: read as perft reads it; the
                # X-FEN positions by Chess960's rules)
                is_960 = chess960(position_id)
                board = pgnsem.Board(epd, validate=False, chess960=is_960)
                self.assertEqual(board.is_chess960(), is_960)
                fen = board.fen()
                deepest = 0
                for depth, nodes in expected:
                    if nodes > MOST_NODES:
                        continue
                    self.assertEqual(board.perft(depth), nodes, f"{position_id} depth {depth}")
                    deepest = max(deepest, depth)
                    counts += 1
                # pgnsem perft on the same position, at the deepest depth compared
                (tool,) = common.tool_jsonl("perft", str(deepest), "--fen", epd, "--format", "jsonl",
                                            *(["--chess960"] if is_960 else []))
                self.assertEqual(board.perft(deepest), tool["nodes"], position_id)
                for depth in (1, 2):
                    self.assertEqual(python_perft(board, depth), board.perft(depth), f"{position_id} depth {depth}")
                self.assertEqual(board.fen(), fen)
                self.assertEqual(board.pushed(), 0)
        self.assertGreaterEqual(positions, 22)
        self.assertGreater(counts, 50)

    def test_chess960_positions_by_push_and_pop(self):
        suite = read_suite(common.shared_data() / "perft" / "chess960.perft")
        self.assertEqual(len(suite), 960)
        compared = 0
        # every 120th position, to depth 3 (the Python perft to depth 2); its Shredder-FEN read back
        for position_id, epd, expected in suite[::120]:
            board = pgnsem.Board(epd, validate=False, chess960=True)
            self.assertEqual(board.epd(shredder=True), epd, position_id)
            for depth, nodes in expected:
                if depth <= 2:
                    self.assertEqual(python_perft(board, depth), nodes, f"{position_id} depth {depth}")
                if depth <= 3:
                    self.assertEqual(board.perft(depth), nodes, f"{position_id} depth {depth}")
                    compared += 1
            self.assertEqual(board.pushed(), 0)
        self.assertEqual(compared, 24)


if __name__ == "__main__":
    common.main()
