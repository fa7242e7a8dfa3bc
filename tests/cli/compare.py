#!/usr/bin/env python3
"""check --compare's objects and errata --find, for tests/cli/compare.sh (one Python for all the JSON).

  compare.py PGNSEM SOURCE_DIR TMP_DIR

1. check --compare A,B --format jsonl on examples/illegal.pgn and tests/conformance/errata.pgn: one
   comparison a game; for games whose answers proofs-notes/errata.md gives, where the readings part
   (parts_at), where σ′ parts (state_parts_at), the errata that part them and both verdicts; a game
   that no single erratum parts; --format json holds the same objects; every object valid against
   schemas/comparison.json.
2. errata --find SLUG --max-plies 2 --format jsonl for every erratum `pgnsem errata` says can be read
   both ways (king-never-captured with --base laws+check-turn-reading=paper: under the Laws alone no
   game parts it, as its note says): a game of no more plies than the erratum's own (its text in
   `pgnsem errata`), whose last ply is where the readings part; check --compare on that game, read
   from standard input, writes the finding's comparison object exactly; the games the search proves
   shortest within two plies; every finding valid against schemas/finding.json.
"""
import json
import os
import re
import subprocess
import sys

import jsonschema

PGNSEM, SOURCE, TMP = sys.argv[1:4]
failures = []


def fail(what):
    failures.append(what)
    print("FAIL", what)


def run(args, stdin=None):
    r = subprocess.run([PGNSEM] + args, input=stdin, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def lines(text):
    return [json.loads(line) for line in text.splitlines()]


schemas = {n[:-5]: json.load(open(os.path.join(SOURCE, "schemas", n), encoding="utf-8"))
           for n in os.listdir(os.path.join(SOURCE, "schemas")) if n.endswith(".json")}


def validator(kind):
    try:
        from referencing import Registry, Resource

        registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
        return jsonschema.Draft202012Validator(schemas[kind], registry=registry)
    except ImportError:
        resolver = jsonschema.RefResolver.from_schema(schemas[kind], store={s["$id"]: s for s in schemas.values()})
        return jsonschema.Draft202012Validator(schemas[kind], resolver=resolver)


validators = {kind: validator(kind) for kind in ("comparison", "finding")}


def valid(kind, o, what):
    for e in list(validators[kind].iter_errors(o))[:3]:
        fail(f"{what}: schemas/{kind}.json: at {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}")


def summary(o):
    place = lambda p: "-" if p is None else f"{p['ply']} {p['written']}"
    return (f"{place(o['parts_at'])} | {place(o['state_parts_at'])} | {' '.join(o['errata']) or '-'} | "
            + " ".join(v["verdict"] for v in o["verdicts"]))


# 1. check --compare
ILLEGAL = os.path.join(SOURCE, "examples", "illegal.pgn")
ERRATA = os.path.join(SOURCE, "tests", "conformance", "errata.pgn")
CASES = [
    # (A,B, file, {game: expected summary}, how many games part)
    # errata.md, entry 6: the Laws refuse 5. O-O (f1 attacked), the paper's T castles
    ("laws,laws+castle-through-check=paper", ILLEGAL, {6: "9 O-O | - | castle-through-check | illegal legal"}, 1),
    # every game from σ₀ stops at ply 1 under the paper (entry 13); the pinned pawn's en passant capture is
    # refused for another rule by two errata, each alone (entries 8 and 20)
    ("laws,paper", ILLEGAL, {1: "1 e4 | - | destination-empty | illegal illegal",
                             4: "1 bxc6 | - | en-passant-capture check-turn-reading | illegal illegal"}, None),
    # entry 12, from a FEN (turn 2): GCSS(Q, file(Q)) and the paper's "turn = 0" both refuse bxa8=Q
    ("laws,paper", ERRATA, {8: "1 bxa8=Q | - | promotion-capture-file capture-turn-parity | legal illegal"}, None),
    # entry 5: σ′ parts at the first castling (w_king stays 0), the verdicts only at the second; the
    # same in its Chess960 case (proofs-notes/chess960.md, "Which errata apply to a Chess960 castling")
    ("laws,laws+castle-uses-up-castling=paper", ERRATA,
     {4: "17 O-O-O | 9 O-O | castle-uses-up-castling | illegal legal",
      21: "7 O-O-O | 1 O-O | castle-uses-up-castling | illegal legal"}, 2),
]
games_of = {}
for spec, path, expected, parted in CASES:
    status, out, err = run(["check", "--quiet", "--compare", spec, "--format", "jsonl", path])
    what = f"check --compare {spec} {os.path.basename(path)}"
    if status != 1:
        fail(f"{what}: exit {status}, not 1: {err}")
        continue
    objects = lines(out)
    if path not in games_of:
        games_of[path] = len(lines(run(["check", "--quiet", "--format", "jsonl", path])[1]))
    if len(objects) != games_of[path] or [o["game"] for o in objects] != list(range(1, len(objects) + 1)):
        fail(f"{what}: {len(objects)} comparisons for {games_of[path]} games")
    for o in objects:
        valid("comparison", o, f"{what} game {o['game']}")
    by_game = {o["game"]: o for o in objects}
    for game, want in expected.items():
        got = summary(by_game[game]) if game in by_game else "(none)"
        if got != want:
            fail(f"{what}: game {game}: {got!r}, expected {want!r}")
    if parted is not None and sum(1 for o in objects if o["parts_at"]) != parted:
        fail(f"{what}: {sum(1 for o in objects if o['parts_at'])} games part, not {parted}")
    # the agreeing games name no erratum
    if any(o["errata"] for o in objects if o["parts_at"] is None):
        fail(f"{what}: a game on which the readings agree names errata")
    document = run(["check", "--quiet", "--compare", spec, "--format", "json", path])[1]
    if json.loads(document) != objects:
        fail(f"{what}: --format json and jsonl hold different objects")
    print("ok  ", what)

# no single erratum parts them: read as printed together, check-turn-reading and destination-empty leave
# White without a legal move (game/over); each alone leaves it castle/king-moved, the Laws' rule
TOGETHER = '[SetUp "1"]\n[FEN "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"]\n\n1. O-O-O *\n'
spec = "laws,laws+check-turn-reading=paper+destination-empty=paper"
status, out, err = run(["check", "--quiet", "--compare", spec, "--format", "jsonl", "-"], TOGETHER)
o = lines(out)[0] if status == 1 and out else None
if o is None or summary(o) != "1 O-O-O | - | - | illegal illegal" or o["verdicts"][1]["error"]["rule"] != "game/over":
    fail(f"check --compare {spec}: exit {status}, {out.strip()}")
else:
    valid("comparison", o, "the game no single erratum parts")
    print("ok   no single erratum parts them: errata []")

# 2. errata --find, every erratum that can be read both ways
status, out, err = run(["errata", "--format", "jsonl"])
executable = [o for o in lines(out) if o["object"] == "erratum" and o["executable"]]
if len(executable) < 17:
    fail(f"pgnsem errata lists {len(executable)} errata that can be read both ways")
shortest = set()
for e in executable:
    slug = e["slug"]
    text = re.sub(r"\[[^\]]*\]", " ", e["game"]["pgn"] or "")
    own_plies = len([t for t in text.split() if not re.fullmatch(r"\d+\.+|\*|1-0|0-1|1/2-1/2", t)])
    base = "laws+check-turn-reading=paper" if slug == "king-never-captured" else "laws"
    status, out, err = run(["errata", "--find", slug, "--base", base, "--max-plies", "2", "--format", "jsonl"])
    what = f"errata --find {slug} --base {base}"
    if status != 0:
        fail(f"{what}: exit {status}: {err.strip()}")
        continue
    f = lines(out)[0]
    valid("finding", f, what)
    plies, parts = f["ply_count"], f["comparison"]["parts_at"]
    if not (f["found"] and plies <= own_plies and parts and parts["ply"] == plies):
        fail(f"{what}: {plies} plies (the erratum's game has {own_plies}), parting at {parts}")
    if f["shortest"]:
        shortest.add(slug)
    if f["shortest"] != (plies == f["depth"] + 1):
        fail(f"{what}: shortest {f['shortest']} with {plies} plies after an exhaustive search to depth {f['depth']}")
    # the game found, as check --compare judges it from standard input: the same comparison
    spec = f"{base},{base}+{slug}=paper"
    status, out, err = run(["check", "--quiet", "--compare", spec, "--format", "jsonl", "-"], f["pgn"])
    if status != 1 or lines(out) != [f["comparison"]]:
        fail(f"{what}: check --compare {spec} on {f['pgn']!r}: exit {status}, {out.strip()[:300]}")
    print(f"ok   {what}: {plies} plies ({f['method']}{', shortest' if f['shortest'] else ''}; "
          f"the erratum's game: {own_plies})")
# the search proves these shortest within two plies, or the erratum's game, cut, is one ply longer
for slug in ("destination-empty", "promotion-capture-file", "castle-black-kingside-rook",
             "castle-black-queenside-rook", "capture-turn-parity", "check-turn-reading",
             "pawn-double-step-start-rank"):
    if slug not in shortest:
        fail(f"errata --find {slug} --max-plies 2: not proven shortest")

print(f"{len(failures)} failures" if failures else "every comparison and finding as expected")
sys.exit(1 if failures else 0)
