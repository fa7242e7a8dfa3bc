"""pgnsem.read_games and pgnsem.judge against `pgnsem check --format jsonl`: every example and
conformance game, field by field (each field of schemas/verdict.json an attribute with check's
value), the verdict's JSON byte for byte; compressed files; I/O errors as OSError; threads
(ctest py:judge)."""

import bz2
import concurrent.futures
import gzip
import json
import lzma
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

import pgnsem  # noqa: E402

SCHEMA_FIELDS = json.loads((common.SOURCE_DIR / "schemas" / "verdict.json").read_text())["required"]


class Judge(common.unittest.TestCase):
    def assert_verdicts_are_check_s(self, verdicts, expected, where):
        self.assertEqual(len(verdicts), len(expected), where)
        for verdict, line in zip(verdicts, expected):
            game = f"{where} game {line['game']}"
            for field in SCHEMA_FIELDS:
                self.assertEqual(getattr(verdict, field), line[field], f"{game}: {field}")
                self.assertEqual(verdict[field], line[field], f"{game}: {field}")
            self.assertEqual(verdict.to_dict(), line, game)
            if line["error"] and line["error"]["rule"] == "position/clock":
                # A start position refused for its clocks: the board holds a clock up to 65535 only,
                # the verdict writes the FEN's as given. The rest of the position is the same.
                self.assertEqual(verdict.position_after.epd(), " ".join(line["fen_after"].split()[:4]), game)
            else:
                self.assertEqual(verdict.position_after.fen(), line["fen_after"], game)

    def test_every_field_is_check_s_on_the_example_and_conformance_games(self):
        self.assertEqual(list(pgnsem.Verdict.FIELDS), SCHEMA_FIELDS)
        games = kinds = 0
        seen = set()
        for path in common.game_files():
            run = common.subprocess.run(
                [common.BINARY, "check", "--format", "jsonl", "--quiet", "-j", "1", path], capture_output=True
            )
            self.assertIn(run.returncode, (0, 1))
            lines = run.stdout.decode().splitlines()
            verdicts = [pgnsem.judge(game) for game in pgnsem.read_games(path)]
            # byte for byte
            self.assertEqual([v.json for v in verdicts], lines, path)
            self.assert_verdicts_are_check_s(verdicts, [json.loads(line) for line in lines], path)
            games += len(verdicts)
            seen.update(v.verdict for v in verdicts)
            kinds += sum(len(v.warnings) for v in verdicts)
        self.assertGreater(games, 100)
        self.assertEqual(seen, {"legal", "illegal", "malformed", "unsupported"})
        self.assertGreater(kinds, 10)

    def test_strict_is_check_strict(self):
        path = "tests/conformance/notation.pgn"
        expected = common.tool_jsonl("check", "--strict", "--format", "jsonl", "--quiet", path)
        verdicts = [pgnsem.judge(game, strict=True) for game in pgnsem.read_games(path)]
        self.assert_verdicts_are_check_s(verdicts, expected, path + " --strict")
        self.assertNotEqual([v.verdict for v in verdicts], [pgnsem.judge(g).verdict for g in pgnsem.read_games(path)])

    def test_readings_are_check_s_readings(self):
        # judge's semantics, errata and engine against check's --semantics, --erratum and --engine,
        # byte for byte, on the games that tell the errata's readings apart
        path = "tests/conformance/errata.pgn"
        games = list(pgnsem.read_games(path))
        for flags, options in (
            (["--semantics", "paper"], {"semantics": "paper"}),
            (["--erratum", "castle-through-check=paper"], {"errata": ["castle-through-check=paper"]}),
            (["--semantics", "paper", "--erratum", "destination-empty=laws"],
             {"semantics": "paper", "errata": ("destination-empty=laws",)}),
            (["--engine", "reference"], {"engine": "reference"}),
            (["--strict", "--semantics", "paper"], {"strict": True, "semantics": "paper"}),
        ):
            expected = common.tool_jsonl("check", *flags, "--format", "jsonl", "--quiet", path)
            self.assert_verdicts_are_check_s([pgnsem.judge(g, **options) for g in games], expected,
                                             f"{path} {' '.join(flags)}")
            self.assertEqual([v.to_dict() for v in pgnsem.judge_all(games, **options)], expected)
        paper = [pgnsem.judge(g, semantics="paper").verdict for g in games]
        self.assertNotEqual(paper, [pgnsem.judge(g).verdict for g in games])
        self.assertNotEqual(pgnsem.judge(games[0], semantics="paper").reading, pgnsem.judge(games[0]).reading)

    def test_options_that_are_not_a_reading_raise_the_rule(self):
        (game,) = pgnsem.parse_games("1. e4 *")
        for options, says in (
            ({"errata": ["no-such-erratum=paper"]}, "no erratum is called 'no-such-erratum'"),
            ({"errata": ["castle-through-check"]}, "--erratum takes SLUG=paper or SLUG=laws"),
            ({"semantics": "paper", "engine": "fast"}, "the fast engine runs the Laws' reading only"),
        ):
            with self.assertRaises(pgnsem.Error) as refused:
                pgnsem.judge(game, **options)
            self.assertEqual(refused.exception.rule, "request/reading")
            self.assertIn(says, str(refused.exception))
            with self.assertRaises(pgnsem.Error):
                pgnsem.judge_all([game], **options)
        with self.assertRaises(TypeError):
            pgnsem.judge(game, errata="castle-through-check=paper")  # a sequence of texts, not one text
        errata = pgnsem.errata()
        listed = [e for e in common.tool_jsonl("errata", "--format", "jsonl") if e["object"] == "erratum"]
        self.assertEqual([{k: e[k] for k in ("slug", "title", "law", "paper", "correction", "executable")}
                          for e in listed], errata)
        for e in errata:
            if e["executable"]:
                pgnsem.judge(game, errata=[e["slug"] + "=paper"])
            else:
                with self.assertRaises(pgnsem.Error):
                    pgnsem.judge(game, errata=[e["slug"] + "=paper"])

    def test_games_read_from_text_are_read_from_a_file(self):
        path = "examples/illegal.pgn"
        from_file = [pgnsem.judge(g).json for g in pgnsem.read_games(Path(path))]
        from_text = [pgnsem.judge(g).json for g in pgnsem.parse_games(Path(path).read_bytes(), path)]
        self.assertEqual(from_text, from_file)
        games = pgnsem.parse_games("1. f3 e5 2. g4 Qh4# 0-1\n\n[White \"Ré\"]\n\n1. e4 e5 2. Ke3 *\n")
        self.assertEqual([g.index() for g in games], [1, 2])
        self.assertEqual(games[0].moves(), ["f3", "e5", "g4", "Qh4#"])
        self.assertEqual(games[0].result(), "0-1")
        self.assertEqual(games[1].tags(), [("White", "Ré")])
        self.assertEqual(games[1].tag("White"), "Ré")
        self.assertIsNone(games[1].tag("Black"))
        self.assertEqual(games[1].source(), "-")
        verdict = pgnsem.judge(games[1])
        self.assertEqual((verdict.verdict, verdict.error["rule"], verdict.error["ply"]), ("illegal", "src/unreachable", 3))
        self.assertEqual(verdict.players, {"white": "Ré", "black": None})

    def test_latin_1_bytes_read_as_the_verdict_reads_them(self):
        # a tag in ISO 8859-1 (é is the byte E9), as old PGN files write it
        pgn = b'[White "R\xe9ti"]\n\n1. e4 *\n'
        (game,) = pgnsem.parse_games(pgn, "latin-1.pgn")
        self.assertEqual(game.tag("White"), "R\u00e9ti")
        self.assertEqual(pgnsem.judge(game).players["white"], "R\u00e9ti")

    def test_compressed_files_are_read_as_check_reads_them(self):
        path = "examples/illegal.pgn"
        plain = Path(path).read_bytes()
        expected = [pgnsem.judge(g).to_dict() for g in pgnsem.read_games(path)]
        with tempfile.TemporaryDirectory() as folder:
            for suffix, compress in (("gz", gzip.compress), ("bz2", bz2.compress), ("xz", lzma.compress)):
                # named .pgn: the format is known by the first bytes, not the name
                compressed = Path(folder) / f"illegal-{suffix}.pgn"
                compressed.write_bytes(compress(plain))
                verdicts = [pgnsem.judge(g) for g in pgnsem.read_games(str(compressed))]
                self.assertEqual(
                    [dict(v.to_dict(), file=path) for v in verdicts], expected, suffix
                )
                self.assertEqual(
                    [v.json for v in verdicts],
                    [line for line in common.subprocess.run(
                        [common.BINARY, "check", "--format", "jsonl", "--quiet", str(compressed)],
                        capture_output=True).stdout.decode().splitlines()],
                    suffix,
                )
            # a truncated gzip file: the games before the damage, then OSError naming the file
            truncated = Path(folder) / "truncated.pgn.gz"
            whole = gzip.compress(plain * 20)
            truncated.write_bytes(whole[: len(whole) // 2])
            read = []
            with self.assertRaises(OSError) as failure:
                for game in pgnsem.read_games(truncated):
                    read.append(game)
            self.assertIn(str(truncated), str(failure.exception))
            self.assertIn("truncated", str(failure.exception))
            self.assertGreater(len(read), 0)

    def test_a_file_that_cannot_be_read_is_an_os_error(self):
        with self.assertRaises(OSError) as failure:
            pgnsem.read_games("no/such/file.pgn")
        self.assertIn("no/such/file.pgn", str(failure.exception))
        with self.assertRaises(OSError):
            list(pgnsem.read_games("examples"))  # a directory

    def test_a_reader_closes(self):
        with pgnsem.read_games("examples/illegal.pgn") as reader:
            first = next(reader)
        self.assertEqual(first.index(), 1)
        self.assertEqual(list(reader), [])

    def test_threads_judge_the_same_verdicts(self):
        games = list(pgnsem.read_games("tests/conformance/semantics.pgn"))
        expected = [pgnsem.judge(g).json for g in games]
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            self.assertEqual([v.json for v in pool.map(pgnsem.judge, games)], expected)

    def test_judge_all_is_judge_for_each(self):
        games = [g for path in common.game_files() for g in pgnsem.read_games(path)]
        for strict in (False, True):
            self.assertEqual([v.json for v in pgnsem.judge_all(iter(games), strict=strict)],
                             [pgnsem.judge(g, strict=strict).json for g in games])
        self.assertEqual(pgnsem.judge_all([]), [])
        with self.assertRaises(TypeError):
            pgnsem.judge_all(games[:2] + ["1. e4 *"])

    def test_the_gil_is_released_while_judging(self):
        # 40,000 plies (knights out and back: legal, an automatic draw from the fivefold repetition on)
        sans = ["Nf3", "Nf6", "Ng1", "Ng8"] * 10_000
        movetext = " ".join(f"{i // 2 + 1}. {san}" if i % 2 == 0 else san for i, san in enumerate(sans))
        (game,) = pgnsem.parse_games(movetext + " *")

        def judge_five_times():
            for _ in range(5):
                self.assertEqual(pgnsem.judge(game).plies, 40_000)

        self.assertTrue(common.runs_beside(judge_five_times))
        self.assertTrue(common.runs_beside(lambda: pgnsem.judge_all([game] * 5)))
        # and the test can tell: a call that keeps the GIL (a list of 40,000 boards' FENs) is not run beside
        self.assertFalse(common.runs_beside(lambda: [pgnsem.Board().fen() for _ in range(40_000)]))


class MoveTree(common.unittest.TestCase):
    def test_the_move_tree_as_written(self):
        (game,) = pgnsem.parse_games("{before} 1. e4 {best by test} e5 $1 (1... c5 {Sicilian} 2. Nf3) 2. Nf3! Nc6 {end} *\n")
        plies = game.plies()
        self.assertEqual([p.text for p in plies], game.moves())
        self.assertEqual([(p.ply, p.move_number, p.side) for p in plies],
                         [(1, 1, pgnsem.Side.WHITE), (2, 1, pgnsem.Side.BLACK), (3, 2, pgnsem.Side.WHITE),
                          (4, 2, pgnsem.Side.BLACK)])
        self.assertEqual([c.text for c in game.comments_before()], ["before"])
        self.assertEqual([(c.text, c.line, c.column) for c in plies[0].comments_after], [("best by test", 1, 16)])
        self.assertEqual([(n.value, n.line, n.column) for n in plies[1].nags], [(1, 1, 34)])
        self.assertEqual((plies[2].text, plies[2].suffix, plies[2].column), ("Nf3!", "!", 68))
        (variation,) = plies[1].variations
        self.assertEqual((variation.line, variation.column, variation.cut), (1, 37, False))
        self.assertEqual([(p.text, p.ply, p.move_number, p.side) for p in variation.plies],
                         [("c5", 2, 1, pgnsem.Side.BLACK), ("Nf3", 3, 2, pgnsem.Side.WHITE)])
        self.assertEqual([c.text for c in variation.plies[0].comments_after], ["Sicilian"])
        self.assertEqual([c.text for c in game.comments_after()], ["end"])

    def test_the_main_line_is_the_moves_as_written(self):
        for path in common.game_files() + ["tests/fixtures/london-1834-game-4.pgn"]:
            for game in pgnsem.read_games(path):
                self.assertEqual([p.text for p in game.plies()], game.moves(), f"{path} game {game.index()}")
        (annotated,) = pgnsem.read_games("tests/fixtures/london-1834-game-4.pgn")
        self.assertTrue(any(p.variations for p in annotated.plies()))


if __name__ == "__main__":
    common.main()
