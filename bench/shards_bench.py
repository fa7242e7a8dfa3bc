#!/usr/bin/env python3
"""Shards (README, "Shards"): what judging a file as N shards costs against judging it whole, and
what judging a whole collection would cost on C cores.

In each round, in turn (the order rotated): `pgnsem check -j 1 --format jsonl --quiet FILE` (one
core), and the N shards `pgnsem check --shard K/N --format jsonl --quiet FILE` one after another (the
core-seconds a cluster of N cores spends), then `pgnsem merge` of their outputs. First an untimed run
checks that the merge is the whole file's output, byte for byte. Reported: the medians, games and
plies a second a core for the whole file, the shards' sum over the whole (the cost of cutting), the
merge's time; and, from the whole file's games a second a core, the core-hours and the hours on C
cores for a collection of G games (by default 6·10⁹, about the lichess database of standard rated
games; its games are not those of FILE, so read the figure as an estimate that scales with the plies a
game). With --dask, `pgnsem.dask.check` on a LocalCluster of --workers worker processes too (it
judges through the Python package: verdicts become dicts and travel to the client, as compute() gives them).

    bench/shards_bench.py [--pgnsem PATH] [--games FILE] [--runs N] [--shards N] [--collection-games G]
                          [--cores C ...] [--dask] [--workers W]

FILE is a plain PGN file; by default the real games (../shared/data/games/real-games.pgn.gz),
decompressed into a temporary folder.
"""

import argparse
import gzip
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


def timed(cmd, out):
    start = time.perf_counter()
    with open(out, "wb") as f:
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.PIPE)
    if r.returncode not in (0, 1):
        sys.exit(f"{' '.join(map(str, cmd))}: exit {r.returncode}: {r.stderr.decode(errors='replace')[:300]}")
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pgnsem", default=str(SOURCE / "build/release/pgnsem"))
    ap.add_argument("--games", help="a plain PGN file (default: the real games, decompressed)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--shards", type=int, default=7)
    ap.add_argument("--collection-games", type=float, default=6e9)
    ap.add_argument("--cores", type=int, nargs="*", default=[1, 64, 512])
    ap.add_argument("--dask", action="store_true")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="shards_bench."))
    try:
        games = Path(a.games) if a.games else tmp / "real-games.pgn"
        if not a.games:
            with gzip.open(SOURCE.parent / "shared/data/games/real-games.pgn.gz", "rb") as f, open(games, "wb") as o:
                shutil.copyfileobj(f, o)
        whole = [a.pgnsem, "check", "-j", "1", "--format", "jsonl", "--quiet", str(games)]
        parts = [tmp / f"part{k}" for k in range(1, a.shards + 1)]

        def shards():
            return sum(timed([a.pgnsem, "check", "--shard", f"{k}/{a.shards}", "--format", "jsonl", "--quiet",
                              str(games)], parts[k - 1]) for k in range(1, a.shards + 1))

        def merge():
            return timed([a.pgnsem, "merge", *map(str, parts)], tmp / "merged")

        timed(whole, tmp / "whole")
        shards()
        merge()
        if (tmp / "whole").read_bytes() != (tmp / "merged").read_bytes():
            sys.exit("the merged shards differ from the whole file's output")
        lines = (tmp / "whole").read_text().splitlines()
        n_games = len(lines)
        n_plies = sum(json.loads(line)["plies"] for line in lines)

        times = {"whole": [], "shards": [], "merge": []}
        for r in range(a.runs):
            order = ["whole", "shards"] if r % 2 == 0 else ["shards", "whole"]
            for side in order:
                times[side].append(timed(whole, tmp / "whole") if side == "whole" else shards())
            times["merge"].append(merge())
        med = {k: statistics.median(v) for k, v in times.items()}
        per_core = n_games / med["whole"]
        print(f"file {games}: {n_games} games, {n_plies} plies, {games.stat().st_size / 1e6:.1f} MB; "
              f"{a.runs} rounds, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
        print(f"check -j 1           median {med['whole']:.3f} s  {per_core:,.0f} games/s  "
              f"{n_plies / med['whole']:,.0f} plies/s (one core)")
        print(f"{a.shards} shards, one by one median {med['shards']:.3f} s  ratio to check -j 1 "
              f"{med['shards'] / med['whole']:.3f}")
        print(f"merge                median {med['merge']:.3f} s")
        core_hours = a.collection_games / per_core / 3600
        print(f"a collection of {a.collection_games:.3g} games at {per_core:,.0f} games/s a core: "
              f"{core_hours:.1f} core-hours; " +
              ", ".join(f"{core_hours / c * 60:.0f} min on {c} cores" if core_hours / c < 2
                        else f"{core_hours / c:.1f} h on {c} cores" for c in a.cores))
        if a.dask:
            sys.path.insert(0, str(SOURCE / "build/release/python"))
            import pgnsem.dask
            from dask.distributed import Client, LocalCluster
            with LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster):
                pgnsem.dask.check([games], shards=a.shards).count().compute()  # warm the workers
                # the verdicts counted by kind on the workers, and every verdict brought to the client
                ways = {"counted on the workers": lambda bag: sum(n for _, n in bag.pluck("verdict").frequencies().compute()),
                        "all brought to the client": lambda bag: len(bag.compute())}
                for name, way in ways.items():
                    runs = []
                    for _ in range(a.runs):
                        start = time.perf_counter()
                        count = way(pgnsem.dask.check([games], shards=a.shards))
                        runs.append(time.perf_counter() - start)
                    if count != n_games:
                        sys.exit(f"pgnsem.dask ({name}) counted {count} games, check {n_games}")
                    d = statistics.median(runs)
                    print(f"pgnsem.dask, {a.workers} workers, {a.shards} shards, {name}: median {d:.3f} s, "
                          f"{n_games / d / a.workers:,.0f} games/s a worker")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
