#!/usr/bin/env python3
"""explain.sh's checks of `pgnsem explain --format jsonl` (explanation objects) against `check` and `trace` (see explain.sh).

  explain_check.py PGNSEM FILE...
"""
import json
import subprocess
import sys

pgnsem, files = sys.argv[1], sys.argv[2:]
failures = 0


def fail(msg):
    global failures
    failures += 1
    print("FAIL", msg)


def lines(*args):
    r = subprocess.run([pgnsem, *args], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        fail(f"{args}: exit {r.returncode}: {r.stderr.strip()}")
    return [json.loads(l) for l in r.stdout.splitlines() if l.strip()]


explained = 0
for reading in (["--semantics", "laws"], ["--semantics", "paper"]):
    for f in files:
        verdicts = lines("check", "--format", "jsonl", "--quiet", "--engine", "reference", *reading, f)
        explains = lines("explain", "--format", "jsonl", *reading, f)
        if len(verdicts) != len(explains):
            fail(f"{f} {reading}: {len(verdicts)} verdicts, {len(explains)} explain objects")
            continue
        for v, e in zip(verdicts, explains):
            where = f"{f} game {v['game']} {reading[1]}"
            err = v["error"]
            wanted = v["verdict"] == "illegal" and err is not None and err["ply"] is not None
            if e["explained"] != wanted:
                fail(f"{where}: explained={e['explained']}, verdict {v['verdict']} {err}")
                continue
            if not wanted:
                continue
            explained += 1
            if e["ply"] != err["ply"] or e["written"] != err["written"]:
                fail(f"{where}: explains ply {e['ply']} {e['written']}, check fails at {err['ply']} {err['written']}")
            if e["legal"]:
                fail(f"{where}: T defined at the failing ply")
                continue
            rule = e["error"]["rule"]
            # the error is the ply's, where check places it
            if (e["error"]["ply"], e["error"]["line"], e["error"]["column"]) != (err["ply"], err["line"], err["column"]):
                fail(f"{where}: error {e['error']}, check's {err}")
            reported = e["reported_rule"]
            if reported != err["rule"]:
                fail(f"{where}: reported rule {reported}, check's {err['rule']}")
            # the record ends where T does
            src = e["source"]
            prem = e["premises"]
            if src is not None and src["failed"] is not None:
                if src["failed"] != rule or prem:
                    fail(f"{where}: GTSS/GCSS failed with {src['failed']}, T's rule {rule}, premises {prem}")
            elif prem:
                if prem[-1]["value"] or prem[-1]["rule"] != rule or not all(p["value"] for p in prem[:-1]):
                    fail(f"{where}: premises {prem} do not end in T's ⊥ {rule}")
            elif rule not in ("move/null", "game/too-long"):
                fail(f"{where}: no premise and no source failure for {rule}")

# every ply of the legal games of the examples: the update is the trace's change, σ′ its FEN
plies = 0
for f in files:
    if not f.endswith(("legal-tricky.pgn", "fischer-spassky-1992.pgn")):
        continue
    trace = lines("trace", "--format", "jsonl", "--quiet", f)
    for t in trace:
        if not t["legal"]:
            continue
        (e,) = lines("explain", "--format", "jsonl", "--game", str(t["game"]), "--ply", str(t["ply"]), f)
        where = f"{f} game {t['game']} ply {t['ply']}"
        plies += 1
        if not e["legal"] or e["error"] is not None or e["fen_after"] != t["fen_after"] or e["equation"] != t["equation"]:
            fail(f"{where}: explain {e['equation']} {e['fen_after']}, trace {t['equation']} {t['fen_after']}")
        squares = {u["x"]: (u["was"], u["value"]) for u in e["update"] if len(u["x"]) == 2}
        changed = {c["square"]: (c["old"], c["new"]) for c in t["changes"]}
        if {k: v for k, v in squares.items() if v[0] != v[1]} != changed:
            fail(f"{where}: update {squares}, trace {changed}")
        if not all(p["value"] for p in e["premises"]):
            fail(f"{where}: a premise ⊥ on a defined ply: {e['premises']}")

print(f"explain_check: {explained} failing plies, {plies} defined plies compared, {failures} failures")
if explained < 40 or plies < 100:
    fail("too few cases compared")
sys.exit(1 if failures else 0)
