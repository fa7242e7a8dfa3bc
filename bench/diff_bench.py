#!/usr/bin/env python3
"""`pgnsem diff` against Stockfish when the two agree: diff's leaves a second (it asks Stockfish for
the divide of every position and counts its own) next to Stockfish's `go perft` alone on the same
positions, one process answering them all, in the same rounds, in turn. Reported: the medians, the
leaves a second of each, and the ratio diff / Stockfish (what diff costs over the engine's own perft:
its own count, the divide lines read and compared, the process it talks to).

    bench/diff_bench.py [--pgnsem PATH] [--stockfish PATH] [--depth D] [--runs N] [FILE.perft ...]

FILEs are perft files (or FEN/EPD a line); by default ../shared/data/perft/standard.perft and
tricky.perft. The positions that cannot arise in a game are left out (Stockfish may crash on them).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pgnsem", default=str(SOURCE / "build/release/pgnsem"))
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("files", nargs="*", default=[str(SOURCE.parent / "shared/data/perft" / f)
                                                   for f in ("standard.perft", "tricky.perft")])
    a = ap.parse_args()
    # the positions that can arise in a game (Stockfish may crash on the others), as pgnsem reads them,
    # written to one file that both sides read
    r = subprocess.run([a.pgnsem, "diff", "--uci", a.stockfish, "--depth", "1", "--skip-impossible", "--format",
                        "jsonl", *a.files], capture_output=True, text=True)
    fens = [o["fen"] for o in map(json.loads, r.stdout.splitlines()) if o["legal"]]
    tmp = tempfile.mkdtemp(prefix="diff_bench.")
    positions = os.path.join(tmp, "positions.epd")
    with open(positions, "w") as f:
        f.write("".join(fen + "\n" for fen in fens))
    a.files = [positions]
    uci = "uci\nsetoption name Threads value 1\nisready\n" + "".join(
        f"position fen {fen}\ngo perft {a.depth}\n" for fen in fens) + "quit\n"

    def diff():
        start = time.perf_counter()
        r = subprocess.run([a.pgnsem, "diff", "--uci", a.stockfish, "--depth", str(a.depth), *a.files],
                           capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if r.returncode != 0:
            sys.exit(f"pgnsem diff: exit {r.returncode} (the two must agree): {r.stderr[-400:]}")
        leaves = int(r.stderr.split(" leaves;")[0].rsplit(" ", 1)[1])
        return seconds, leaves

    def stockfish():
        start = time.perf_counter()
        r = subprocess.run([a.stockfish], input=uci, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        nodes = sum(int(l.split(":")[1]) for l in r.stdout.splitlines() if l.startswith("Nodes searched:"))
        return seconds, nodes

    diff()
    stockfish()
    times = {"diff": [], "stockfish": []}
    leaves = nodes = 0
    for r in range(a.runs):
        for side in (("diff", "stockfish") if r % 2 == 0 else ("stockfish", "diff")):
            seconds, count = diff() if side == "diff" else stockfish()
            times[side].append(seconds)
            if side == "diff":
                leaves = count
            else:
                nodes = count
    if leaves != nodes:
        sys.exit(f"diff counted {leaves} leaves, Stockfish {nodes}")
    d, s = statistics.median(times["diff"]), statistics.median(times["stockfish"])
    print(f"{len(fens)} positions at depth {a.depth}, {leaves} leaves; {a.runs} rounds, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.2f}")
    print(f"pgnsem diff --uci stockfish  median {d:.3f} s  {leaves / d:,.0f} leaves/s")
    print(f"stockfish go perft alone     median {s:.3f} s  {nodes / s:,.0f} nodes/s")
    print(f"ratio diff / stockfish {d / s:.2f}")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
