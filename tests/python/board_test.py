"""pgnsem.Board against the command line: every example and conformance game replayed with
push_san, trace's FEN after every ply, the refused ply refused with trace's rule, popped back to the
start; and the board's answers and refusals one by one (ctest py:board)."""

import copy
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

import pgnsem  # noqa: E402




class Replay(common.unittest.TestCase):
    def test_push_san_replays_the_games_with_traces_fen_after_every_ply(self):
        plies = refused = replayed = replayed_960 = 0
        for path in common.game_files():
            steps = defaultdict(list)
            for step in common.tool_jsonl("trace", "--format", "jsonl", path):
                steps[step["game"]].append(step)
            for game in pgnsem.read_games(path):
                game_steps = steps.get(game.index())
                # a game trace has no move for: refused before its first move
                if not game_steps or game_steps[0]["ply"] is None:
                    continue
                # a Chess960 game starts from its FEN read as X-FEN, or from position 518 without one
                chess960 = game.chess960()
                replayed_960 += chess960
                fen = game.tag("FEN")
                board = pgnsem.Board(fen, chess960=chess960) if fen else pgnsem.Board(chess960=chess960)
                self.assertEqual(board.is_chess960(), chess960)
                start, start_fen = board.copy(), board.fen()
                for step in game_steps:
                    where = f"{path} game {game.index()} ply {step['ply']} {step['written']}"
                    if not step["legal"]:
                        # the ⊥ step: refused with trace's rule, the board unchanged
                        before = board.fen()
                        with self.assertRaises(pgnsem.Error, msg=where) as refusal:
                            board.push_san(step["written"])
                        self.assertEqual(refusal.exception.rule, step["error"]["rule"], where)
                        self.assertTrue(str(refusal.exception).startswith(step["error"]["rule"] + ": "), where)
                        self.assertEqual(board.fen(), before, where)
                        refused += 1
                        break
                    san = board.san(board.parse_san(step["written"]))
                    move = board.push_san(step["written"])
                    self.assertEqual(move.uci(), step["uci"], where)
                    self.assertEqual(san, step["san"], where)
                    self.assertEqual(board.fen(), step["fen_after"], where)
                    plies += 1
                stack = board.move_stack()
                for move in reversed(stack):
                    self.assertEqual(board.pop(), move)
                self.assertEqual(board.pushed(), 0)
                self.assertEqual(board.fen(), start_fen)
                self.assertEqual(board, start)
                with self.assertRaises(IndexError):
                    board.pop()
                replayed += 1
        # Fischer–Spassky alone is 85 plies; the conformance files hold illegal games too.
        self.assertGreater(plies, 500)
        self.assertGreater(refused, 20)
        self.assertGreater(replayed, 50)
        # the Chess960 games of tests/conformance/semantics.pgn
        self.assertGreaterEqual(replayed_960, 7)

    def test_push_uci_replays_fischer_spassky_as_trace_writes_it(self):
        path = "examples/fischer-spassky-1992.pgn"
        board = pgnsem.Board()
        steps = common.tool_jsonl("trace", "--format", "jsonl", path)
        self.assertEqual(len(steps), 85)
        for step in steps:
            self.assertEqual(board.push_uci(step["uci"]).uci(), step["uci"])
            self.assertEqual(board.fen(), step["fen_after"])


class Answers(common.unittest.TestCase):
    def test_legal_moves_and_the_moves_command(self):
        for fen in (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ):
            (expected,) = common.tool_jsonl("moves", "--fen", fen, "--format", "jsonl")
            board = pgnsem.Board(fen)
            moves = board.legal_moves()
            self.assertEqual(sorted(m.uci() for m in moves), [m["uci"] for m in expected["moves"]], fen)
            self.assertEqual(sorted((m.uci(), board.san(m)) for m in moves),
                             [(m["uci"], m["san"]) for m in expected["moves"]], fen)
            self.assertEqual(board.legal_move_count(), len(moves))
            self.assertTrue(all(board.is_legal(m) for m in moves))
            self.assertEqual(board.in_check(), expected["check"], fen)
            self.assertEqual(board.end() == pgnsem.End.CHECKMATE, expected["checkmate"], fen)
            self.assertEqual(board.end() == pgnsem.End.STALEMATE, expected["stalemate"], fen)

    def test_the_position_s_facts(self):
        board = pgnsem.Board()
        self.assertEqual(board.turn(), pgnsem.Side.WHITE)
        self.assertEqual(board.piece_at(pgnsem.E1), pgnsem.Piece(pgnsem.Side.WHITE, pgnsem.PieceType.KING))
        self.assertEqual(board.piece_at(pgnsem.D8).letter(), "q")
        self.assertIsNone(board.piece_at(pgnsem.E4))
        with self.assertRaises(IndexError):
            board.piece_at(64)
        rights = board.castling_rights()
        self.assertTrue(rights.white_king_side and rights.white_queen_side)
        self.assertTrue(rights.black_king_side and rights.black_queen_side)
        self.assertIsNone(board.en_passant_square())
        start_hash = board.hash()
        board.push_san("e4")
        self.assertEqual(board.en_passant_square(), pgnsem.E3)
        self.assertEqual(board.turn(), pgnsem.Side.BLACK)
        self.assertEqual((board.halfmove_clock(), board.fullmove_number()), (0, 1))
        board.pop()
        # the knights out and back: the same position for the repetition rule, the clock moved on
        for san in ("Nf3", "Nf6", "Ng1", "Ng8"):
            board.push_san(san)
        self.assertEqual(board.hash(), start_hash)
        self.assertEqual(board.halfmove_clock(), 4)
        self.assertEqual(board.epd(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")

    def test_moves_are_values(self):
        move = pgnsem.Move.from_uci("e7e8q")
        self.assertEqual((move.from_square, move.to_square, move.promotion), (pgnsem.E7, pgnsem.E8, pgnsem.PieceType.QUEEN))
        self.assertEqual(move, pgnsem.Move(pgnsem.E7, pgnsem.E8, pgnsem.PieceType.QUEEN))
        self.assertEqual(len({move, pgnsem.Move.from_uci("e7e8q"), pgnsem.Move.from_uci("e7e8")}), 2)
        self.assertEqual(str(pgnsem.Move.from_uci("e1g1")), "e1g1")
        self.assertEqual(repr(move), "Move.from_uci('e7e8q')")
        with self.assertRaises(ValueError):
            pgnsem.Move.from_uci("e7e9")
        self.assertEqual((pgnsem.square_name(28), pgnsem.parse_square("e4"), pgnsem.SQUARE_NAMES[63]), ("e4", 28, "h8"))

    def test_copies_are_independent(self):
        board = pgnsem.Board()
        board.push_san("e4")
        for other in (board.copy(), copy.copy(board), copy.deepcopy(board)):
            other.push_san("e5")
            self.assertEqual(board.pushed(), 1)
            self.assertEqual(other.pushed(), 2)
            self.assertNotEqual(other, board)

    def test_perft_is_pgnsem_perft_s(self):
        kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        (expected,) = common.tool_jsonl("perft", "3", "--fen", kiwipete, "--format", "jsonl")
        self.assertEqual(pgnsem.Board(kiwipete).perft(3), expected["nodes"])
        self.assertEqual(pgnsem.Board().perft(0), 1)
        with self.assertRaises(ValueError):
            pgnsem.Board().perft(-1)

    def test_the_gil_is_released_while_counting(self):
        board = pgnsem.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        self.assertTrue(common.runs_beside(lambda: board.perft(4)))  # 4,085,603 leaves
        self.assertFalse(common.runs_beside(lambda: [board.legal_moves() for _ in range(20_000)]))

    def test_judge_one_move_as_san_fen_judges_it(self):
        fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
        board = pgnsem.Board(fen)
        for written in ("Qxf7", "Qxf7#", "h5f7", "Ke2", "Kd1", "Nf9", "O-O"):
            (expected,) = common.tool_jsonl("san", "--fen", fen, "--format", "jsonl", written)
            judgement = board.judge(written)
            self.assertEqual(judgement.legal, expected["legal"], written)
            self.assertEqual(judgement.san, expected["san"], written)
            self.assertEqual(judgement.uci, expected["uci"], written)
            self.assertEqual(judgement.warnings, expected["warnings"], written)
            if expected["legal"]:
                self.assertIsNone(judgement.rule)
                self.assertEqual(judgement.after.fen(), expected["fen_after"], written)
                self.assertEqual(judgement.move.uci(), expected["uci"], written)
            else:
                self.assertEqual(judgement.rule, expected["error"]["rule"], written)
                self.assertIsNone(judgement.after)
        self.assertEqual(board.fen(), fen)


class Chess960(common.unittest.TestCase):
    def test_start_position_518_is_the_standard_one_by_other_rules(self):
        standard, start = pgnsem.Board(), pgnsem.Board.chess960_start(518)
        self.assertTrue(start.is_chess960())
        self.assertFalse(standard.is_chess960())
        self.assertEqual(start.fen(), standard.fen())
        self.assertEqual(start.fen(shredder=True), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
        self.assertEqual(standard.fen(shredder=True), standard.fen())
        self.assertEqual(sorted(m.uci() for m in start.legal_moves()), sorted(m.uci() for m in standard.legal_moves()))
        self.assertEqual(start.perft(3), 8902)
        self.assertNotEqual(start, standard)
        self.assertEqual(pgnsem.Board(chess960=True), start)
        read = pgnsem.Board(standard.fen(), chess960=True)  # turn 2, not σ₀'s 0: the same position
        self.assertEqual((read.is_chess960(), read.fen(shredder=True), read.hash()),
                         (True, start.fen(shredder=True), start.hash()))
        rooks = start.castling_rooks()
        self.assertEqual((rooks.white_king_side, rooks.white_queen_side, rooks.black_king_side, rooks.black_queen_side),
                         (pgnsem.H1, pgnsem.A1, pgnsem.H8, pgnsem.A8))
        self.assertEqual(rooks, standard.castling_rooks())
        self.assertEqual(pgnsem.Board.chess960_start(0).epd(shredder=True),
                         "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf -")
        self.assertEqual(pgnsem.Board.chess960_start(959).epd(), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq -")
        for n in (-1, 960):
            with self.assertRaises(ValueError):
                pgnsem.Board.chess960_start(n)

    def test_a_game_says_whether_its_variant_is_chess960(self):
        spellings = ("Chess960", "chess 960", "FISCHERANDOM", "Fischer Random", "freestyle", "960")
        text = "".join('[Variant "%s"]\n\n*\n\n' % v for v in spellings + ("Crazyhouse", "Standard"))
        text += '[Event "no Variant tag"]\n\n*\n'
        self.assertEqual([g.chess960() for g in pgnsem.parse_games(text)],
                         [True] * len(spellings) + [False, False, False])

    def test_castling_in_uci_is_the_king_taking_its_rook(self):
        standard, c960 = pgnsem.Board(), pgnsem.Board.chess960_start(518)
        for san in ("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"):
            standard.push_san(san)
            c960.push_san(san)
        self.assertEqual(c960.parse_san("O-O"), pgnsem.Move.from_uci("e1h1"))
        self.assertEqual(standard.parse_san("O-O"), pgnsem.Move.from_uci("e1g1"))
        self.assertIn(pgnsem.Move.from_uci("e1h1"), c960.legal_moves())
        self.assertNotIn(pgnsem.Move.from_uci("e1g1"), c960.legal_moves())
        self.assertEqual(c960.judge("O-O").uci, "e1h1")
        self.assertEqual(c960.judge("e1h1").san, "O-O")
        with self.assertRaises(pgnsem.Error):
            c960.push_uci("e1g1")
        with self.assertRaises(pgnsem.Error) as refusal:
            standard.push_uci("e1h1")
        self.assertEqual(refusal.exception.rule, "src/unreachable")
        self.assertEqual(c960.push_uci("e1h1").uci(), "e1h1")
        self.assertEqual(standard.push_uci("e1g1").uci(), "e1g1")
        self.assertEqual(c960.fen(), standard.fen())
        self.assertEqual(c960.pop(), pgnsem.Move.from_uci("e1h1"))
        # the king on b1, its rook on a1: b1a1 castles, b1c1 is the king's step
        board = pgnsem.Board("4k3/8/8/8/8/8/8/RK6 w A - 0 1")
        self.assertTrue(board.is_chess960())
        self.assertEqual(board.castling_rooks().white_queen_side, pgnsem.A1)
        self.assertEqual(board.push_uci("b1a1"), pgnsem.Move.from_uci("b1a1"))
        self.assertEqual(board.fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1")
        board.pop()
        self.assertEqual(board.san(pgnsem.Move.from_uci("b1a1")), "O-O-O")
        board.push_uci("b1c1")
        self.assertEqual(board.fen(), "4k3/8/8/8/8/8/8/R1K5 b - - 1 1")
        self.assertIsNone(board.castling_rooks().white_queen_side)

    def test_x_fen_and_shredder_fen(self):
        shredder = "rr2k2r/8/8/8/8/8/8/RR2K2R w HBhb - 0 1"
        xfen = "rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1"
        board = pgnsem.Board(shredder)  # a file letter: Chess960
        self.assertTrue(board.is_chess960())
        self.assertEqual((board.fen(), board.fen(shredder=True)), (xfen, shredder))
        self.assertEqual(board.castling_rooks().white_queen_side, pgnsem.B1)
        self.assertEqual(pgnsem.Board.from_fen(xfen, chess960=True), board)
        self.assertEqual(pgnsem.read_fen(xfen, chess960=True).position, board)
        outer = pgnsem.Board("rr2k2r/8/8/8/8/8/8/RR2K2R w KQkq - 0 1", chess960=True)
        self.assertEqual(outer.fen(shredder=True), "rr2k2r/8/8/8/8/8/8/RR2K2R w HAha - 0 1")
        self.assertEqual(repr(outer.castling_rooks()),
                         "CastlingRooks(white_king_side=h1, white_queen_side=a1, black_king_side=h8, black_queen_side=a8)")


class Refusals(common.unittest.TestCase):
    def refuses(self, call, rule, column=None):
        with self.assertRaises(pgnsem.Error) as refusal:
            call()
        error = refusal.exception
        self.assertIsInstance(error, ValueError)
        self.assertEqual((error.rule, error.column), (rule, column))
        self.assertIn(error.rule, pgnsem.RULE_IDS)
        self.assertEqual(str(error), f"{rule}: {error.message}")
        return error

    def test_moves_refused_with_their_rules_the_board_unchanged(self):
        board = pgnsem.Board()
        self.refuses(lambda: board.push_san("O-O"), "castle/blocked")
        self.refuses(lambda: board.push_san("e5"), "src/opponent-piece")  # the pawn on e7 could
        self.refuses(lambda: board.push_san("Nz9"), "syntax/san", 2)
        self.refuses(lambda: board.push_uci("e2e5"), "src/unreachable")
        self.refuses(lambda: board.push_uci("e2"), "syntax/san", 3)
        self.refuses(lambda: board.push_uci("e7e8Q"), "syntax/san", 5)
        self.refuses(lambda: board.push_uci("0000"), "move/null")
        self.refuses(lambda: board.push(pgnsem.Move(pgnsem.E1, pgnsem.G1)), "castle/blocked")
        self.refuses(lambda: board.push(pgnsem.Move(pgnsem.E2, pgnsem.E4, pgnsem.PieceType.KING)),
                     "syntax/promotion-piece")
        self.refuses(lambda: board.san(pgnsem.Move(pgnsem.A1, pgnsem.A8)), "src/blocked")
        self.assertFalse(board.is_legal(pgnsem.Move(pgnsem.E2, pgnsem.E5)))
        self.assertEqual(board, pgnsem.Board())
        pinned = pgnsem.Board("rnbqk1nr/pppp1ppp/8/4p3/1b6/2NP4/PPP1PPPP/R1BQKBNR w KQkq - 1 3")
        error = self.refuses(lambda: pinned.push_san("Nd5"), "check/pinned")
        self.assertIn("pinned", error.message)
        promote = pgnsem.Board("8/P6k/8/8/8/8/8/4K3 w - - 0 1")
        self.assertEqual(promote.san(pgnsem.Move(pgnsem.A7, pgnsem.A8, pgnsem.PieceType.QUEEN)), "a8=Q")
        self.assertEqual(promote.push_uci("a7a8n"), pgnsem.Move.from_uci("a7a8n"))
        self.assertEqual(promote.piece_at(pgnsem.A8).letter(), "N")

    def test_positions_refused_with_their_rules(self):
        self.refuses(lambda: pgnsem.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"), "syntax/fen", 45)
        self.refuses(lambda: pgnsem.Board.from_fen("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"), "position/too-many-kings")
        # read as perft reads it
        self.assertEqual(pgnsem.Board("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", validate=False).fen(),
                         "4k3/8/8/8/8/8/8/3KK3 w - - 0 1")
        reading = pgnsem.read_fen("4k3/8/8/8/8/8/8/3KK3 w - - 0 1")
        self.assertEqual((reading.position, reading.rule), (None, "position/too-many-kings"))
        self.assertEqual(pgnsem.read_fen("4k3/8/8/8/8/8/8/4K3 w - -").position.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1")

    def test_san_read_without_a_position(self):
        self.assertEqual(pgnsem.read_san("0-0").san, "O-O")
        self.assertEqual(pgnsem.read_san("e8q").san, "e8=Q")
        reading = pgnsem.read_san("Qh9")
        self.assertEqual((reading.san, reading.rule, reading.column), (None, "syntax/san", 3))
        (expected,) = common.tool_jsonl("san", "--format", "jsonl", "Qh9")
        self.assertEqual(reading.rule, expected["error"]["rule"])
        self.assertEqual(reading.column, expected["error"]["column"])

    def test_the_rule_ids_are_the_contract_s(self):
        import json

        schema = json.loads((common.SOURCE_DIR / "schemas" / "common.json").read_text())
        self.assertEqual(list(pgnsem.RULE_IDS), schema["$defs"]["rule"]["enum"])


class Readme(common.unittest.TestCase):
    def test_the_readme_s_example_writes_what_the_readme_shows(self):
        import contextlib
        import io
        import re

        text = (common.SOURCE_DIR / "python" / "README.md").read_text()
        example, expected = re.search(r"```python\n(.*?)```\n.*?```text\n(.*?)```", text, re.S).groups()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(example, "python/README.md", "exec"), {})
        self.assertEqual(out.getvalue(), expected)


class Stubs(common.unittest.TestCase):
    def test_the_stubs_name_what_the_module_has(self):
        import ast
        import inspect

        package = Path(pgnsem.__file__).parent
        stub = ast.parse((package / "_pgnsem.pyi").read_text())
        declared = {}
        for node in stub.body:
            if isinstance(node, ast.ClassDef):
                declared[node.name] = {
                    n.name if isinstance(n, ast.FunctionDef) else n.target.id
                    for n in node.body
                    if isinstance(n, ast.FunctionDef) or isinstance(n, ast.AnnAssign)
                } | {t.id for n in node.body if isinstance(n, ast.Assign) for t in n.targets}
            elif isinstance(node, ast.FunctionDef):
                declared[node.name] = None
            elif isinstance(node, ast.AnnAssign):
                declared[node.target.id] = None
        module = sys.modules["pgnsem._pgnsem"]
        public = {n for n in dir(module) if not n.startswith("_")} | {"__version__"}
        self.assertEqual(public, set(declared) - {"WarningDict"})
        for name, members in declared.items():
            if members is None or not inspect.isclass(getattr(module, name, None)):
                continue
            runtime = {m for m in dir(getattr(module, name)) if not m.startswith("_") or m in ("__copy__", "__deepcopy__")}
            if issubclass(getattr(module, name), BaseException):
                runtime = {"rule", "message", "column"}  # set on each instance
            elif name in ("Side", "PieceType", "End"):
                runtime = {m for m in runtime if m.isupper()}
            members = {m for m in members if m not in ("__init__", "__hash__", "__iter__", "__next__", "__enter__",
                                                        "__exit__", "__getitem__")}
            self.assertEqual(runtime, members, name)
        # the package's stub re-exports every name of the package
        names = ast.parse((package / "__init__.pyi").read_text())
        stubbed = {a.asname for n in names.body if isinstance(n, ast.ImportFrom) for a in n.names}
        stubbed |= {n.target.id for n in names.body if isinstance(n, ast.AnnAssign)}
        self.assertEqual(stubbed, set(pgnsem.__all__))


if __name__ == "__main__":
    common.main()
