#!/usr/bin/env python3
"""The Python package's speed (python/README.md, "Speed"; bench/README.md):

  board   legal moves a second from Python (Board.legal_moves(), a list of Move, on four positions
          from the opening to the endgame), push/pop pairs a second (every legal move of those
          positions pushed and popped), and a perft written in Python with legal_moves, push and
          pop (the last ply counted with legal_move_count) beside Board.perft on the same tree;
          medians of CPU time;
  judge   every game of the real games judged through pgnsem.read_games and pgnsem.judge (a plain
          `for game in read_games(path): judge(game)`), against `pgnsem check -j 1 --format jsonl
          --quiet` on the same file in the same rounds, in turn; medians, and their ratio against
          the goal of 1.3. With --threads N, also judge on N
          threads (games read in this thread, judged 256 at a time with judge_all by a pool of N
          threads) against `check -j N`.

The real games are read decompressed (build/data/real-games.pgn, made from
../shared/data/games/real-games.pgn.gz once, as scripts/bench does), so neither side times gzip.
Before timing, the verdicts of both sides are compared, byte for byte.

  PYTHONPATH=build/release/python python3 bench/python_bench.py [--pgnsem build/release/pgnsem]
      [--games FILE] [--runs N] [--only board|judge] [--threads N]
"""

import argparse
import concurrent.futures
import gzip
import itertools
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pgnsem

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = {
    "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "middle game": "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 3 8",
    "endgame": "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
}


def median_time(fn, runs: int) -> float:
    """The median CPU time of `runs` calls (this process's: a busy machine's other work is not
    counted, as wall time would count it)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def python_perft(board: pgnsem.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_move_count()
    nodes = 0
    for move in board.legal_moves():
        board.push(move)
        nodes += python_perft(board, depth - 1)
        board.pop()
    return nodes


def bench_board(runs: int) -> None:
    boards = [pgnsem.Board(fen) for fen in POSITIONS.values()]
    moves_each = [b.legal_move_count() for b in boards]
    calls = 100_000

    def list_moves():
        for board in boards:
            for _ in range(calls):
                board.legal_moves()

    t = median_time(list_moves, runs)
    print(f"legal_moves(): {calls * len(boards) / t:,.0f} calls/s, {calls * sum(moves_each) / t:,.0f} moves/s "
          f"({len(boards)} positions, {sum(moves_each) / len(boards):.1f} moves each on average; median of {runs})")

    def count_moves():
        for board in boards:
            for _ in range(calls):
                board.legal_move_count()

    t = median_time(count_moves, runs)
    print(f"legal_move_count(): {calls * len(boards) / t:,.0f} calls/s")

    lists = [b.legal_moves() for b in boards]
    repeats = 2_000

    def push_pop():
        for board, moves in zip(boards, lists):
            for _ in range(repeats):
                for move in moves:
                    board.push(move)
                    board.pop()

    t = median_time(push_pop, runs)
    print(f"push + pop: {repeats * sum(moves_each) / t:,.0f} pairs/s (every legal move of the {len(boards)} positions)")

    kiwipete = pgnsem.Board(POSITIONS["kiwipete"])
    depth = 3
    nodes = kiwipete.perft(depth)
    if python_perft(kiwipete, depth) != nodes:
        sys.exit("the Python perft and Board.perft disagree")
    tp = median_time(lambda: python_perft(kiwipete, depth), runs)
    tc = median_time(lambda: kiwipete.perft(depth), runs)
    print(f"perft {depth} of Kiwipete ({nodes:,} leaves): by legal_moves, push and pop from Python "
          f"{nodes / tp:,.0f} leaves/s; Board.perft {nodes / tc:,.0f} leaves/s ({tp / tc:.1f}x)")


def real_games(path_arg) -> Path:
    if path_arg:
        return Path(path_arg)
    plain = ROOT / "build" / "data" / "real-games.pgn"
    if not plain.exists():
        source = ROOT.parent / "shared" / "data" / "games" / "real-games.pgn.gz"
        if not source.exists():
            sys.exit(f"{source} is absent: give --games FILE")
        plain.parent.mkdir(parents=True, exist_ok=True)
        with gzip.open(source, "rb") as src, open(f"{plain}.part", "wb") as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
        os.replace(f"{plain}.part", plain)
    return plain


def judge_python(path: Path) -> int:
    games = 0
    for game in pgnsem.read_games(path):
        pgnsem.judge(game)
        games += 1
    return games


def judge_threads(path: Path, threads: int) -> int:
    # games read here, 256 at a time, each list judged by one of the pool's threads with judge_all,
    # which releases the GIL once for the list (a thread calling judge for each game would wait for
    # the GIL more than it judges)
    count = 0
    reader = pgnsem.read_games(path)
    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        pending = []
        while chunk := list(itertools.islice(reader, 256)):
            pending.append(pool.submit(pgnsem.judge_all, chunk))
            if len(pending) > 4 * threads:
                count += len(pending.pop(0).result())
        count += sum(len(p.result()) for p in pending)
    return count


def run_check(tool: str, path: Path, jobs: int) -> None:
    with open(os.devnull, "wb") as sink:
        status = subprocess.run([tool, "check", "-j", str(jobs), "--format", "jsonl", "--quiet", str(path)],
                                stdout=sink).returncode
    if status not in (0, 1):
        sys.exit(f"pgnsem check exited {status}")


def bench_judge(tool: str, path: Path, runs: int, threads: int) -> None:
    # the same verdicts, byte for byte
    check = subprocess.Popen([tool, "check", "-j", "1", "--format", "jsonl", "--quiet", str(path)],
                             stdout=subprocess.PIPE)
    games = 0
    for game, line in itertools.zip_longest(pgnsem.read_games(path), check.stdout):
        if game is None or line is None or pgnsem.judge(game).json != line.decode().rstrip("\n"):
            sys.exit(f"game {games + 1}: pgnsem.judge and pgnsem check differ")
        games += 1
    check.wait()
    print(f"{path}: {games:,} games; pgnsem.judge writes check's verdicts, byte for byte")

    sides = [("pgnsem.judge (Python)", lambda: judge_python(path)), ("check -j 1", lambda: run_check(tool, path, 1))]
    if threads > 1:
        sides += [(f"pgnsem.judge on {threads} threads", lambda: judge_threads(path, threads)),
                  (f"check -j {threads}", lambda: run_check(tool, path, threads))]
    # wall time and CPU time (this process's, or the child's), in turn, round after round
    wall = {name: [] for name, _ in sides}
    cpu = {name: [] for name, _ in sides}
    for _ in range(runs):
        for name, fn in sides:
            own, children = time.process_time(), resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            fn()
            wall[name].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(time.process_time() - own + (after.ru_utime + after.ru_stime)
                             - (children.ru_utime + children.ru_stime))
    medians = {name: statistics.median(t) for name, t in wall.items()}
    cpu_medians = {name: statistics.median(t) for name, t in cpu.items()}
    for name, t in medians.items():
        print(f"{name}: median {t:.2f} s, {games / t:,.0f} games/s, CPU {cpu_medians[name]:.2f} s "
              f"(runs {', '.join(f'{x:.2f}' for x in wall[name])})")
    python, check = "pgnsem.judge (Python)", "check -j 1"
    paired = statistics.median(p / c for p, c in zip(wall[python], wall[check]))
    print(f"pgnsem.judge / check -j 1: {medians[python] / medians[check]:.2f}x by medians, {paired:.2f}x paired, "
          f"{cpu_medians[python] / cpu_medians[check]:.2f}x in CPU time (goal: within 1.3x)")
    if threads > 1:
        name, peer = f"pgnsem.judge on {threads} threads", f"check -j {threads}"
        print(f"{name} / {peer}: {medians[name] / medians[peer]:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pgnsem", default=str(ROOT / "build" / "release" / "pgnsem"))
    parser.add_argument("--games", help="the PGN file to judge (default: the real games, decompressed)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=("board", "judge"))
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    print(f"pgnsem {pgnsem.__version__} from {Path(pgnsem.__file__).parent}; Python {sys.version.split()[0]}; "
          f"{os.cpu_count()} cores")
    if args.only != "judge":
        bench_board(args.runs)
    if args.only != "board":
        bench_judge(args.pgnsem, real_games(args.games), args.runs, args.threads)


if __name__ == "__main__":
    main()
