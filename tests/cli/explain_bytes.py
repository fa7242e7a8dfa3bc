#!/usr/bin/env python3
"""explain_bytes.sh: `pgnsem explain`'s output, byte for byte, pinned by a SHA-256.

  explain_bytes.py PGNSEM SOURCE_DIR PINNED [--update]

The outputs hashed, text and --format json each: `explain FILE` (the failing ply of each illegal
game) for every file of examples/ and tests/conformance/, under the Laws' reading, the paper's and
ten readings with one or a few errata read as printed; and `explain --game G --ply P` for every
ply of the examples that exercise the most equations (castling both ways, en passant, promotions,
moves written by their squares), and the ply after the last, under the Laws' reading and the
paper's. PINNED holds the hash; --update rewrites it (a change of explain's words that is
intended: the commit says why).
"""
import hashlib
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

pgnsem, src, pinned = sys.argv[1], sys.argv[2], sys.argv[3]
update = "--update" in sys.argv[4:]
os.chdir(src)  # the files are named relative to the source folder, as the output shows them
files = sorted("examples/" + f for f in os.listdir("examples") if f.endswith(".pgn"))
files += sorted("tests/conformance/" + f for f in os.listdir("tests/conformance") if f.endswith(".pgn"))
every_ply = ["examples/fischer-spassky-1992-an.pgn", "examples/legal-tricky.pgn"]
paper = ["--semantics", "paper"]
readings = [[], paper] + [
    sum((["--erratum", s + "=paper"] for s in slugs.split()), [])
    for slugs in [
        "castle-uses-up-castling", "check-turn-reading", "en-passant-capture", "ambiguity-among-legal-moves",
        "destination-empty", "capture-turn-parity", "pawn-double-step-start-rank",
        "castle-black-queenside-squares castle-black-kingside-rook",
        "promotion-capture-file promotion-compulsory",
        "castle-rook-moved castle-through-check king-never-captured",
    ]
]
formats = [[], ["--format", "json"]]
runs = [["explain", *fmt, *rd, f] for rd in readings for f in files for fmt in formats]
for rd in ([], paper):
    for f in every_ply:
        trace = subprocess.run([pgnsem, "trace", "--format", "jsonl", "--quiet", *rd, f], capture_output=True, text=True)
        last = {}
        for line in trace.stdout.splitlines():
            if line.strip():
                t = json.loads(line)
                last[t["game"]] = max(last.get(t["game"], 0), t["ply"])
        for game, plies in sorted(last.items()):
            for ply in range(1, plies + 2):
                runs += [["explain", *fmt, *rd, "--game", str(game), "--ply", str(ply), f] for fmt in formats]


def run(args):
    r = subprocess.run([pgnsem, *args], capture_output=True)
    return b"### %s: %d\n" % (" ".join(args).encode(), r.returncode) + r.stdout + b"### stderr\n" + r.stderr


digest = hashlib.sha256()
with ThreadPoolExecutor(2) as pool:
    for out in pool.map(run, runs):
        digest.update(out)
got = digest.hexdigest()
if update:
    with open(pinned, "w") as f:
        f.write("# SHA-256 of explain's output over the examples and conformance games (tests/cli/explain_bytes.py)\n")
        f.write(got + "\n")
    print(f"{len(runs)} runs; pinned {got}")
    sys.exit(0)
want = [l.strip() for l in open(pinned) if l.strip() and not l.startswith("#")]
if want != [got]:
    print(f"FAIL explain's bytes changed over {len(runs)} runs: {got}, pinned {want[0] if want else 'nothing'} "
          f"(an intended change: PGNSEM_UPDATE_SIGNATURES=1 ctest -R cli:explain_bytes, and say why in the commit)")
    sys.exit(1)
print(f"{len(runs)} runs, 1 passed, 0 failed")
