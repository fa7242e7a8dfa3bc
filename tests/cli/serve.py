#!/usr/bin/env python3
"""`pgnsem serve` (app/serve.hpp) against the one-shot commands and the schemas.

  serve.py PGNSEM SOURCE_DIR [REQUESTS]

1. Every kind of request, good and bad, once: each response valid against schemas/response.json
   (its `result` against the object's own schema), each good request valid against
   schemas/request.json and each `result` equal to the object the one-shot command writes for the
   same question (`moves --fen`, `perft --divide`, `san [--fen]`, `fen`, `check`, `explain`).
2. The bad ones (a line that is not JSON, or JSON nested 200,000 deep, or a number past a double's
   range; an unknown operation or field, a field of the wrong type, an illegal move, a FEN that does
   not parse, a request of 10 MB, a perft over the limits): each refused with its rule, and the
   server answers the good request after it.
3. REQUESTS (100,000 by default, 5,000 in the checked build) requests drawn from those of 1 with a fixed seed, sent at once: the
   responses come back one each, in order, with their ids, each the response of 1 to the same
   request (the id aside).
4. The end of the input ends the server with status 0; standard output on a full disk ends it with
   status 2 and a message.
"""
import json
import os
import random
import subprocess
import sys

import jsonschema

PGNSEM, SOURCE = sys.argv[1], sys.argv[2]
# (the checked build, PGNSEM_PERFT_SCALE=0, sends 5,000: the sanitizers' pace)
COUNT = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000 if os.environ.get("PGNSEM_PERFT_SCALE", "1") != "0" else 5_000
failures = []


def fail(what):
    failures.append(what)
    print("FAIL", what)


schemas = {}
for name in os.listdir(os.path.join(SOURCE, "schemas")):
    with open(os.path.join(SOURCE, "schemas", name), encoding="utf-8") as f:
        schemas[name[:-5]] = json.load(f)


def validator(name):
    try:
        from referencing import Registry, Resource

        registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
        return jsonschema.Draft202012Validator(schemas[name], registry=registry)
    except ImportError:
        store = {s["$id"]: s for s in schemas.values()}
        resolver = jsonschema.RefResolver.from_schema(schemas[name], store=store)
        return jsonschema.Draft202012Validator(schemas[name], resolver=resolver)


response_schema, request_schema = validator("response"), validator("request")


def serve(lines, extra=(), stdout=subprocess.PIPE):
    """The responses to these request lines (bytes or str each), and the exit status."""
    data = b"".join((l if isinstance(l, bytes) else l.encode()) + b"\n" for l in lines)
    r = subprocess.run([PGNSEM, "serve", *extra], input=data, stdout=stdout, stderr=subprocess.PIPE)
    out = r.stdout.decode() if r.stdout is not None else ""
    return [json.loads(l) for l in out.splitlines()], r.returncode, r.stderr.decode(errors="replace")


def one_shot(args, stdin=None):
    """The objects a one-shot command writes with --format jsonl."""
    r = subprocess.run([PGNSEM, args[0], "--format", "jsonl", *args[1:]], input=stdin, capture_output=True, text=True)
    return [json.loads(l) for l in r.stdout.splitlines()]


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
POSITIONS = [
    START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "7k/5Q2/6K1/8/8/8/8/8 b - -",
    "3k4/1P6/8/8/8/8/8/R3K2R w KQ -",
    "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
    "4k3/8/8/8/8/8/8/4K2K w - -",
]
with open(os.path.join(SOURCE, "examples", "illegal.pgn"), encoding="utf-8") as f:
    ILLEGAL_GAMES = [g.strip() + "\n" for g in f.read().split("\n\n[") if g.strip()]
ILLEGAL_GAMES = [g if g.startswith("[") else "[" + g for g in ILLEGAL_GAMES][:6]
SCHOLAR = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"

# (request, how the one-shot command answers it: args, or None when there is no one-shot twin)
cases = [({"op": "version"}, None)]
for fen in POSITIONS:
    cases.append(({"op": "moves", "fen": fen}, ["moves", "--fen", fen]))
    cases.append(({"op": "perft", "fen": fen, "depth": 2, "divide": True}, ["perft", "2", "--divide", "--fen", fen]))
    cases.append(({"op": "fen", "fen": fen}, ["fen", fen]))
cases.append(({"op": "moves"}, ["moves"]))
cases.append(({"op": "perft", "depth": 3}, ["perft", "3"]))
for move in ("e4", "Nf3", "g1f3", "0-0", "Ke2", "e5", "Nz9"):
    cases.append(({"op": "san", "fen": START, "move": move}, ["san", "--fen", START, move]))
    cases.append(({"op": "san", "fen": START, "move": move, "strict": True}, ["san", "--strict", "--fen", START, move]))
    cases.append(({"op": "san", "move": move}, ["san", move]))
for fen, move in ((POSITIONS[1], "O-O"), (POSITIONS[1], "Qxf6"), (POSITIONS[2], "exf6"), (POSITIONS[4], "b8=N")):
    cases.append(({"op": "play", "fen": fen, "move": move}, ["san", "--fen", fen, move]))
cases.append(({"op": "fen", "fen": "8/8/8/8/8/8/8/8 w - -"}, ["fen", "8/8/8/8/8/8/8/8 w - -"]))
# Chess960 (proofs-notes/chess960.md): by number, by X-FEN with "chess960", by Shredder-FEN, written back
# in either style; castling as the king taking its rook
C960 = "bqnbrk1r/pppppppp/8/8/8/8/PPPPPPPP/BQNBRK1R w KQkq - 0 1"
for fen, flags in (("chess960:0", {}), ("chess960:518", {"shredder": True}), (C960, {"chess960": True}),
                   (C960, {"chess960": True, "shredder": True}), (C960.replace("KQkq", "HEhe"), {})):
    args = (["--chess960"] if flags.get("chess960") else []) + (["--shredder"] if flags.get("shredder") else [])
    cases.append(({"op": "moves", "fen": fen, **flags}, ["moves", "--fen", fen, *args]))
    cases.append(({"op": "fen", "fen": fen, **flags}, ["fen", *args, fen]))
    cases.append(({"op": "perft", "fen": fen, "depth": 2, "divide": True, **flags},
                  ["perft", "2", "--divide", "--fen", fen, *args]))
C960_LONG = "1r3k1r/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w KQkq - 0 1"
for fen, move in ((C960, "O-O"), (C960, "f1h1"), (C960_LONG, "O-O-O"), (C960_LONG, "f1b1")):
    cases.append(({"op": "play", "fen": fen, "move": move, "chess960": True, "shredder": True},
                  ["san", "--chess960", "--shredder", "--fen", fen, move]))
for game in ILLEGAL_GAMES + [SCHOLAR]:
    cases.append(({"op": "check", "pgn": game}, ["check", "--quiet", "-"], game))
    cases.append(({"op": "explain", "pgn": game}, ["explain", "-"], game))
cases.append(({"op": "check", "pgn": ILLEGAL_GAMES[0], "reading": {"semantics": "paper"}},
              ["check", "--quiet", "--semantics", "paper", "-"], ILLEGAL_GAMES[0]))
cases.append(({"op": "check", "pgn": ILLEGAL_GAMES[0], "reading": {"errata": {"castle-through-check": "paper"}}},
              ["check", "--quiet", "--erratum", "castle-through-check=paper", "-"], ILLEGAL_GAMES[0]))
cases.append(({"op": "explain", "pgn": SCHOLAR, "ply": 7}, ["explain", "--ply", "7", "-"], SCHOLAR))
cases.append(({"op": "check", "pgn": SCHOLAR.replace("Qxf7#", "Qxf7"), "strict": True}, ["check", "--quiet", "--strict", "-"],
              SCHOLAR.replace("Qxf7#", "Qxf7")))

# the bad requests: the line, the rule of its refusal
BAD = [
    ('{"op": "moves", "fen": ', "request/json"),
    ("[1, 2, 3]", "request/json"),
    ('{"id": 5}', "request/op"),
    ('{"id": 6, "op": "fly"}', "request/op"),
    ('{"id": 7, "op": "moves", "fen": "' + START + '", "depth": 3}', "request/field"),
    ('{"id": 8, "op": "perft", "depth": "3"}', "request/field"),
    ('{"id": 9, "op": "moves", "fen": "8/8/8 w - -"}', "syntax/fen"),
    ('{"id": 9, "op": "moves", "fen": "chess960:960"}', "syntax/fen"),
    ('{"id": 9, "op": "moves", "chess960": 1}', "request/field"),
    ('{"id": 10, "op": "play", "fen": "' + START + '", "move": "Ke2"}', "dest/own-piece"),
    ('{"id": 11, "op": "perft", "depth": 11}', "limit/perft-depth"),
    ('{"id": 12, "op": "perft", "depth": 6}', "limit/perft-nodes"),
    ('{"id": 13, "op": "fen", "fen": "' + START + '", "dead_budget": 4000000000}', "limit/dead-budget"),
    ('{"id": 14, "op": "check", "pgn": "' + SCHOLAR.strip() + '\\n\\n' + SCHOLAR.strip() + '"}', "request/pgn"),
    ('{"id": 15, "op": "moves", "reading": {"semantics": "paper"}}', "request/reading"),
    ('{"id": 16, "op": "check", "pgn": "1. e4 *", "reading": {"errata": {"no-such-erratum": "paper"}}}',
     "request/reading"),
    ('{"id": 17, "op": "explain", "pgn": "1. e4 *", "ply": 9}', "request/ply"),
    ('{"id": 18, "op": "moves", "fen": "' + "x" * (10 << 20) + '"}', "request/too-large"),
    (b'{"id": 19, "op": "san", "move": "e4\xff"}', "request/json"),
    ('{"id": 1e400, "op": "version"}', "request/json"),
    ("[" * 200000 + "]" * 200000, "request/json"),
    ('{"id": ' + "[" * 100000 + "]" * 100000 + ', "op": "version"}', "request/json"),
    ('{"id": 20, "op": "check", "pgn": 7}', "request/field"),
    ('{"id": 21, "op": "check", "pgn": "1. e4 *", "reading": "paper"}', "request/reading"),
]
GOOD_AFTER = {"id": "after", "op": "moves", "fen": POSITIONS[3]}

# 1. every request once
lines = [json.dumps(dict(c[0], id=i)) for i, c in enumerate(cases)]
responses, status, err = serve(lines, ["--perft-nodes", "1000000"])
if status != 0 or len(responses) != len(cases):
    fail(f"serve: exit {status}, {len(responses)} responses to {len(cases)} requests: {err[:300]}")
expected = {}
for i, (case, r) in enumerate(zip(cases, responses)):
    request, args = case[0], case[1]
    shown = json.dumps(request)[:90]
    for e in list(response_schema.iter_errors(r))[:2]:
        fail(f"{shown}: schemas/response.json: {'/'.join(map(str, e.absolute_path))}: {e.message}")
    for e in list(request_schema.iter_errors(dict(request, id=i)))[:2]:
        fail(f"{shown}: schemas/request.json refuses a good request: {e.message}")
    if r.get("id") != i:
        fail(f"{shown}: id {r.get('id')}, expected {i}")
    # every request here is answered (the moves played are legal)
    if r.get("ok") is not True:
        fail(f"{shown}: not answered: {r.get('error')}")
    if args is not None:
        twin = one_shot(args, case[2] if len(case) > 2 else None)
        if len(twin) != 1 or r.get("result") != twin[0]:
            fail(f"{shown}: the result is not the one-shot command's object:\n  {str(r.get('result'))[:300]}\n  "
                 f"{str(twin)[:300]}")
    expected[json.dumps(request)] = r
print(f"ok   {len(cases)} kinds of request answered, each result the one-shot command's object")
version = responses[0]["result"]
if version["operations"] != ["version", "moves", "play", "san", "fen", "perft", "check", "explain"]:
    fail(f"version: {version}")

# 2. the bad requests, each followed by a good one
lines = []
for line, _ in BAD:
    lines += [line, json.dumps(GOOD_AFTER)]
responses, status, err = serve(lines, ["--perft-nodes", "1000000"])
if status != 0 or len(responses) != 2 * len(BAD):
    fail(f"bad requests: exit {status}, {len(responses)} responses to {2 * len(BAD)} requests: {err[:300]}")
for k, (line, rule) in enumerate(BAD):
    bad, after = responses[2 * k: 2 * k + 2] if len(responses) >= 2 * k + 2 else ({}, {})
    shown = (line if isinstance(line, str) else line.decode(errors="replace"))[:70]
    for e in list(response_schema.iter_errors(bad))[:2]:
        fail(f"{shown}: schemas/response.json: {e.message}")
    if bad.get("ok") is not False or (bad.get("error") or {}).get("rule") != rule:
        fail(f"{shown}: expected a refusal by {rule}, got {str(bad)[:300]}")
    elif (bad["error"]["line"]) != 2 * k + 1:
        fail(f"{shown}: error.line {bad['error']['line']}, the request is line {2 * k + 1}")
    if after.get("id") != "after" or after.get("ok") is not True or not after["result"]["stalemate"]:
        fail(f"after {shown}: the next good request is not answered: {str(after)[:200]}")
    if isinstance(line, str) and not line.startswith('{"op": "moves", "fen": ') and rule.startswith("request/") \
            and rule not in ("request/json", "request/too-large", "request/reading", "request/pgn", "request/ply"):
        if request_schema.is_valid(json.loads(line)):
            fail(f"{shown}: schemas/request.json accepts a request serve refuses")
print(f"ok   {len(BAD)} bad requests refused by their rules, the next good request answered after each")

# 3. many requests at once: in order, one each, the same answers (compared as text, the id aside)
rng = random.Random(44)
pool = list(expected)
drawn = [rng.choice(pool) for _ in range(COUNT)]
lines = [json.dumps(dict(json.loads(d), id=n)) for n, d in enumerate(drawn)]
data = "".join(l + "\n" for l in lines).encode()
r = subprocess.run([PGNSEM, "serve", "--perft-nodes", "1000000"], input=data, capture_output=True)
out = r.stdout.decode().splitlines()
if r.returncode != 0 or len(out) != COUNT:
    fail(f"{COUNT} requests: exit {r.returncode}, {len(out)} responses: {r.stderr[:300]!r}")
# each response's text with its id made null, against the response of 1 written the same way
alone = {d: dict(expected[d], id=None) for d in pool}
wrong = 0
seen_texts = {}
for n, (d, line) in enumerate(zip(drawn, out)):
    mark = f'"id":{n},"op":'
    at = line.find(mark)
    if at < 0:
        wrong += 1
        if wrong <= 3:
            fail(f"response {n} does not carry id {n}: {line[:200]}")
        continue
    key = line[:at] + '"id":null,"op":' + line[at + len(mark):]
    if key not in seen_texts.setdefault(d, set()):
        if json.loads(key) != alone[d]:
            wrong += 1
            if wrong <= 3:
                fail(f"request {n} ({d[:80]}): {line[:200]}")
            continue
        seen_texts[d].add(key)
if wrong:
    fail(f"{wrong} of {COUNT} responses differ from the same request's answer alone, or come out of order")
print(f"ok   {COUNT} mixed requests: one response each, in order, each the request's answer")

# 4. the end: a write error is said and ends the server with status 2
with open("/dev/full", "wb") as full:
    r = subprocess.run([PGNSEM, "serve"], input=b'{"op": "version"}\n' * 3, stdout=full, stderr=subprocess.PIPE)
if r.returncode != 2 or b"write error" not in r.stderr:
    fail(f"serve > /dev/full: exit {r.returncode}, {r.stderr[:200]!r}")
# a request, then a blank line, in one write with the input left open: the answer is not held back
p = subprocess.Popen([PGNSEM, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
p.stdin.write(b'{"id": "first", "op": "version"}\n\n')
p.stdin.flush()
import select
ready, _, _ = select.select([p.stdout], [], [], 20)
answered = bool(ready) and b'"id":"first"' in p.stdout.readline()
p.stdin.close()
p.wait()
if not answered:
    fail("a request followed by a blank line, the input left open: no answer within 20 s")
_, status, err = serve([])
if status != 0 or err:
    fail(f"serve < /dev/null: exit {status}, {err[:200]}")
print("ok   the end of the input ends it (0); a write error ends it with a message (2)")

print(f"{len(failures)} failures" if failures else "serve answers as the one-shot commands do")
sys.exit(1 if failures else 0)
