"""pgnsem.dask on a LocalCluster of two worker processes (README, "Shards"; python/README.md, "Dask"):
the verdicts of a fixed slice of the real games (their first 20,000, a file of some 14 MB) cut into
1, 2 and 7 shards equal the objects `pgnsem check --format jsonl` writes for the same file, field by
field, game and line numbers included; and so do those of the file of misleading boundaries
(tests/cli/boundaries.py) in 13 shards, and of two files at once. read_games(path, shard=(K, N)) and
GameReader.shard are held to `check --shard K/N`'s verdicts and record (ctest py:dask)."""

import gzip
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402

import pgnsem  # noqa: E402

try:
    import dask.bag  # noqa: F401
    from dask.distributed import Client, LocalCluster
except ImportError:
    common.skip("Dask is not installed (python3-dask and python3-distributed: scripts/install-deps --test)")

import pgnsem.dask  # noqa: E402

SLICE_GAMES = 20000


def first_games(source: Path, count: int, out: Path) -> None:
    """The first `count` games of the gzip file `source` (each begins with an [Event tag after a blank
    line, as in the real games), written to `out`."""
    games = 0
    with gzip.open(source, "rb") as f, open(out, "wb") as o:
        previous_blank = True
        for line in f:
            if line.startswith(b"[Event ") and previous_blank:
                games += 1
                if games > count:
                    break
            previous_blank = line.strip() == b""
            o.write(line)


class Dask(common.unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dir = Path(cls.tmp.name)
        real = common.shared_data() / "games" / "real-games.pgn.gz"
        cls.slice = cls.dir / "real-slice.pgn"
        first_games(real, SLICE_GAMES, cls.slice)
        subprocess.run([sys.executable, str(common.SOURCE_DIR / "tests/cli/boundaries.py"), str(cls.dir)], check=True)
        cls.cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
        cls.client = Client(cls.cluster)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()
        cls.tmp.cleanup()

    def test_the_real_games_in_1_2_and_7_shards_are_check_s_verdicts(self):
        want = common.tool_jsonl("check", "--quiet", "--format", "jsonl", str(self.slice))
        self.assertEqual(len(want), SLICE_GAMES)
        for n in (1, 2, 7):
            got = pgnsem.dask.check([self.slice], shards=n).compute()
            self.assertEqual(len(got), len(want), f"{n} shards")
            for g, w in zip(got, want):
                self.assertEqual(g, w, f"{n} shards, game {w['game']}")

    def test_misleading_boundaries_and_two_files_at_once(self):
        files = [self.dir / "gen-crlf.pgn", self.dir / "gen-lf.pgn"]
        want = [common.tool_jsonl("check", "--quiet", "--format", "jsonl", str(f)) for f in files]
        got = pgnsem.dask.check(files, shards=13).compute()
        self.assertEqual(got, want[0] + want[1])
        # the paper's reading, too
        want = common.tool_jsonl("check", "--quiet", "--format", "jsonl", "--semantics", "paper", str(files[0]))
        self.assertEqual(pgnsem.dask.check(files[:1], shards=5, semantics="paper").compute(), want)

    def test_read_games_of_a_shard_is_check_shard(self):
        path = str(self.dir / "gen-bom.pgn")
        for k in (1, 2, 3):
            lines = common.tool_jsonl("check", "--quiet", "--shard", f"{k}/3", "--format", "jsonl", path)
            reader = pgnsem.read_games(path, shard=(k, 3))
            self.assertIsNone(reader.shard)
            verdicts = [pgnsem.judge(g).to_dict() for g in reader]
            self.assertEqual(verdicts, lines[:-1])
            record = {key: lines[-1][key] for key in reader.shard}
            self.assertEqual(reader.shard, record)
            self.assertEqual(set(reader.shard), {"shard", "shards", "size", "start", "next", "until", "lines", "games"})
        with self.assertRaisesRegex(OSError, "gzip-compressed"):
            pgnsem.read_games(str(common.shared_data() / "games" / "real-games.pgn.gz"), shard=(1, 2))
        for bad in ((0, 2), (3, 2), (1, 2**21)):
            with self.assertRaises(OSError):
                pgnsem.read_games(path, shard=bad)
        self.assertIsNone(pgnsem.read_games(path).shard)

    def test_records_out_of_order_are_refused(self):
        path = str(self.dir / "gen-lf.pgn")
        first = pgnsem.dask.judge_shard(path, 1, 2)
        second = pgnsem.dask.judge_shard(path, 2, 2)
        with self.assertRaises(ValueError):
            pgnsem.dask.place(second, [], [])
        kept = pgnsem.dask.place(first, [], [])
        self.assertEqual(len(pgnsem.dask.place(second, [first[1]], [len(kept)])) + len(kept),
                         len(common.tool_jsonl("check", "--quiet", "--format", "jsonl", path)))


if __name__ == "__main__":
    common.unittest.main(verbosity=2)
