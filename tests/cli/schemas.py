#!/usr/bin/env python3
"""The outputs of pgnsem against the schemas of schemas/ (JSON Schema 2020-12, Debian's
python3-jsonschema).

  schemas.py PGNSEM SOURCE_DIR

1. Every schema is a valid 2020-12 schema, and common.json's list of object kinds is the list of
   schema files (each kind has its schema, each schema a kind).
2. Every command that writes the contract's objects is run on the inputs below, in both layouts:
   `--format json` must be one JSON document, an array of the objects; `--format jsonl` one object a
   line; the two hold the same objects; and every object is valid against the schema its `object`
   field names (which must be the command's).
3. The schemas can fail: for every schema, one object the commands wrote is changed three ways (a
   field added, a required field removed, a field given a value of the wrong type) and each change
   must be invalid.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import jsonschema

PGNSEM, SOURCE = sys.argv[1], sys.argv[2]
SCHEMAS = os.path.join(SOURCE, "schemas")
failures = []


def fail(what):
    failures.append(what)
    print("FAIL", what)


def load_schemas():
    schemas = {}
    for name in sorted(os.listdir(SCHEMAS)):
        if name.endswith(".json"):
            with open(os.path.join(SCHEMAS, name), encoding="utf-8") as f:
                schemas[name[:-5]] = json.load(f)
    return schemas


schemas = load_schemas()
Validator = jsonschema.Draft202012Validator


def validator_for(name):
    """A validator of schemas/NAME.json whose references to common.json resolve locally. (The
    `referencing` library where python3-jsonschema has it, RefResolver in the older ones: Debian 12
    has 4.10.)"""
    try:
        from referencing import Registry, Resource

        registry = Registry().with_resources(
            (s["$id"], Resource.from_contents(s)) for s in schemas.values())
        return Validator(schemas[name], registry=registry)
    except ImportError:
        store = {s["$id"]: s for s in schemas.values()}
        resolver = jsonschema.RefResolver.from_schema(schemas[name], store=store)
        return Validator(schemas[name], resolver=resolver)


# 1b. the enums of rule ids, equations and warning kinds are the code's lists: the ids of the rule
# table (semantics/rules.hpp), every syntax/… kind the readers write, every request/… and limit/…
# rule (`pgnsem serve`'s refusals, the interpreter's limits), notation/KIND for every warning
# kind (what --strict makes of a warning); the warning kinds of the two tables (interpreter/warnings.hpp,
# ast/reader_warnings.hpp). `schemas.py PGNSEM SOURCE --write-enums` writes them into common.json.
def code_lists():
    def read(path):
        with open(os.path.join(SOURCE, path), encoding="utf-8") as f:
            return f.read()

    rules_table = read("semantics/rules.hpp")
    table_ids = re.findall(r'X\(\w+, "([a-z]+/[a-z0-9-]+)"', rules_table)
    equations = re.findall(r'X\(\w+, "([a-z]+/[a-z0-9-]+)"', rules_table.split("#define PGNSEM_FAILURES")[0])
    syntax_kinds = set()
    for folder in ("ast", "syntax", "semantics", "laws", "interpreter", "io", "app", "pgnsem"):
        for root, _, names in os.walk(os.path.join(SOURCE, folder)):
            for name in names:
                if name.endswith((".cpp", ".hpp")):
                    with open(os.path.join(root, name), encoding="utf-8") as f:
                        syntax_kinds |= set(re.findall(r'"((?:syntax|request|limit)/[a-z0-9-]+)"', f.read()))
    kinds = [k for k in re.findall(r'X\(\w+, "([a-z0-9-]+)"', read("ast/reader_warnings.hpp") + read("interpreter/warnings.hpp"))
             if k != "kind"]
    rules = sorted(set(table_ids) | syntax_kinds | {"notation/" + k for k in kinds})
    return rules, sorted(set(equations)), sorted(set(kinds))


rules, equations, warning_kinds = code_lists()
if len(sys.argv) > 3 and sys.argv[3] == "--write-enums":
    common = schemas["common"]
    common["$defs"]["rule"]["enum"] = rules
    common["$defs"]["equation"]["enum"] = equations
    common["$defs"]["warning_kind"]["enum"] = warning_kinds
    with open(os.path.join(SCHEMAS, "common.json"), "w", encoding="utf-8") as f:
        json.dump(common, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {len(rules)} rule ids, {len(equations)} equations, {len(warning_kinds)} warning kinds")
    sys.exit(0)
for name, listed in (("rule", rules), ("equation", equations), ("warning_kind", warning_kinds)):
    in_schema = schemas["common"]["$defs"][name].get("enum")
    if in_schema != listed:
        missing = sorted(set(listed) - set(in_schema or []))
        extra = sorted(set(in_schema or []) - set(listed))
        fail(f"common.json's {name} enum is not the code's list: missing {missing}, extra {extra} "
             "(tests/cli/schemas.py PGNSEM SOURCE --write-enums)")

# 1. the schemas themselves
for name, schema in schemas.items():
    try:
        Validator.check_schema(schema)
    except jsonschema.exceptions.SchemaError as e:
        fail(f"schemas/{name}.json is not a valid 2020-12 schema: {e.message}")
    if schema.get("$id") != f"https://pgnsem.invalid/schemas/{name}.json":
        fail(f"schemas/{name}.json: $id is not https://pgnsem.invalid/schemas/{name}.json")
kinds = set(schemas["common"]["$defs"]["object"]["enum"])
# (request.json is what `pgnsem serve` reads: no object pgnsem writes)
files = set(schemas) - {"common", "request"}
if kinds != files:
    fail(f"common.json's object kinds {sorted(kinds)} are not the schema files {sorted(files)}")
validators = {name: validator_for(name) for name in files}

# 2. the outputs. Each run: the command's arguments (after `pgnsem`), its standard input, the
# object kind it writes, and the exit statuses it may end with.
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"
POSITIONS = [
    START,
    KIWIPETE,
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - -",                          # Ra8#
    "7k/5Q2/6K1/8/8/8/8/8 b - -",                                 # stalemate
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq -",  # checkmate
    "3k4/1P6/8/8/8/8/8/R3K2R w KQ -",                             # promotions, castling
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # en passant
    "8/8/8/8/8/8/8/K6k w - - 99 80",                              # clocks
    "4k3/8/8/8/8/8/8/4K2K w - -",                                 # two white kings: cannot arise
]
runs = []
for fen in POSITIONS:
    runs.append((["moves", "--fen", fen], None, "moves", {0, 1}))
    runs.append((["perft", "2", "--divide", "--fen", fen], None, "perft", {0}))
runs += [
    (["moves"], None, "moves", {0}),
    (["moves", "--fen", "-"], "\n  " + KIWIPETE + "  \n", "moves", {0}),
    (["perft", "0"], None, "perft", {0}),
    (["perft", "3"], None, "perft", {0}),
    (["perft", "1", "--divide"], None, "perft", {0}),
    (["perft", "0", "--divide"], None, "perft", {0}),
    (["perft", "2", "--divide", "--engine", "reference"], None, "perft", {0}),
    (["perft", "2", "--fen", "-"], KIWIPETE + "\n", "perft", {0}),
]
TOKENS = ["e4", "Nbxd7+", "0-0", "O-O-O#", "exf8=Q#", "e8q", "Pe4", "Qh4xe7!?", "e2e4", "e7e8n", "e9", "Nz9", "Z0",
          "Kxf2", "", "dxe6e.p."]
runs += [
    (["san"] + TOKENS, None, "san", {1}),
    (["san", "--strict"] + TOKENS, None, "san", {1}),
    (["san", "e4", "O-O"], None, "san", {0}),
]
for fen in POSITIONS[:7]:
    runs.append((["san", "--fen", fen] + TOKENS + ["Nf3", "g1f3", "Ra8", "Ra8+", "O-O", "Kf1", "exf6", "b8=Q"], None,
                 "move", {1}))
runs.append((["san", "--fen", "-", "Rxa8", "Kxe1"], KIWIPETE, "move", {1}))
runs.append((["san", "--strict", "--fen", START, "Nf3", "g1f3", "Nf3+"], None, "move", {1}))
runs.append((["errata"], None, {"erratum", "silence"}, {0}))
for fen in POSITIONS + ["8/8/8/8/8/8/8/8 w - -", "8/8/8 w - -", "K6k/8/8/8/8/8/8/8 w - - bm Kb1; hmvc 7; fmvn 30;"]:
    runs.append((["fen", fen], None, "position", {0, 1}))
RECORDS = ('[Event "Opening"]\n[White "Ann"]\n[Black "Bob"]\n' + START + ' {the start}\n\n'
           '[Event "Broken"]\n8/8/8/8/8/8/8/K6k w - - 0 x {bad clock}\n\n'
           '[White "Cy"]\n' + POSITIONS[4] + ' 0 1\n{mate\non two lines}\n\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n')
runs.append((["fen", "-"], RECORDS, "position", {1}))
# check and trace: the examples, the conformance games, the fuzzers' pipeline corpus (hostile
# input: broken tags, bytes that are not UTF-8, giant comments) and a few hostile games made here.
GAMES = sorted(os.path.join(SOURCE, d, f) for d in ("examples", "tests/conformance", "tests/fuzz/corpus/pipeline")
               for f in os.listdir(os.path.join(SOURCE, d)) if f.endswith(".pgn"))
HOSTILE = ('[Event "Latin-1 \xe9 and a control \x01"]\n[White "A"]\n\n1. e4 e5 2. Ke2 Ke7 3. Ke3 Kf6 0-1\n\n'
           '[FEN "8/8/8/8/8/8/8/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. Kd2 *\n\n'
           '[FEN "not a fen"]\n\n1. e4 *\n\n[Variant "Chess960"]\n\n1. e4 *\n\n'
           '1. 0-0 Pe5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n\n1. e4 e5 2. e6 *\n\n1. e4 {unterminated comment\n'
           ).encode("latin-1")
for command in ("check", "trace"):
    kind = "verdict" if command == "check" else "step"
    runs.append(([command, "--quiet"] + GAMES, None, kind, {1}))
    runs.append(([command, "--quiet", "-j", "2", "--semantics", "paper"] + GAMES, None, kind, {1}))
    runs.append(([command, "--quiet", "-"], HOSTILE, kind, {1}))
    runs.append(([command, "--quiet", "-"], "", kind, {0}))
runs.append((["check", "--quiet", "--strict", "--erratum", "castle-through-check=paper"] + GAMES, None, "verdict", {1}))
# check --compare A,B: one comparison a game, its two verdicts inside; errata --find: one finding, a game
# found by the search, one shrunk from the erratum's game, and none (exit 1).
runs.append((["check", "--quiet", "--compare", "laws,paper"] + GAMES, None, "comparison", {1}))
runs.append((["check", "--quiet", "--compare", "laws,laws+castle-uses-up-castling=paper", "-"], HOSTILE, "comparison",
             {0, 1}))
runs.append((["check", "--quiet", "--compare", "paper,laws"], "", "comparison", {0}))
for slug, plies, statuses in (("promotion-capture-file", "4", {0}), ("castle-through-check", "2", {0}),
                              ("king-never-captured", "1", {1})):
    runs.append((["errata", "--find", slug, "--max-plies", plies], None, "finding", statuses))
# diff: against Stockfish (every position agrees), against a program that promotes to a queen only (a
# difference, its missing moves as `move` objects), and against one that ends at once (every position
# failed, with its reason). The positions: two of the perft suite's, written here.
STOCKFISH = shutil.which("stockfish") or "/usr/games/stockfish"
DIFF_POSITIONS = os.path.join(tempfile.mkdtemp(), "positions.epd")
with open(DIFF_POSITIONS, "w") as f:
    f.write("id kiwipete\nepd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\n"
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1\n")
runs.append((["diff", "--uci", STOCKFISH, "--depth", "2", DIFF_POSITIONS], None, "diff", {0}))
runs.append((["diff", "--depth", "2", "--serve",
              f"python3 '{os.path.join(SOURCE, 'tests/cli/planted_serve.py')}' queen-only '{PGNSEM}'", DIFF_POSITIONS],
             None, "diff", {1}))
runs.append((["diff", "--depth", "1", "--uci", "exit 0", DIFF_POSITIONS], None, "diff", {2}))
# explain: the failing ply of every game of the examples and the conformance cases (and the games with
# nothing to explain), under the Laws' reading and the paper's; every ply of a legal example; a ply
# past a game's end (exit 2, its record written all the same).
PGN_FILES = sorted(os.path.join(SOURCE, d, f) for d in ("examples", "tests/conformance")
                   for f in os.listdir(os.path.join(SOURCE, d)) if f.endswith(".pgn"))
for reading in ([], ["--semantics", "paper"], ["--erratum", "ambiguity-among-legal-moves=paper"]):
    runs.append((["explain"] + reading + PGN_FILES, None, "explanation", {0}))
for ply in range(1, 10):
    runs.append((["explain", "--ply", str(ply), os.path.join(SOURCE, "examples", "legal-tricky.pgn")], None,
                 "explanation", {0, 2}))
runs.append((["explain", "--ply", "999", os.path.join(SOURCE, "examples", "illegal.pgn")], None, "explanation", {2}))
runs.append((["explain", "-"], HOSTILE, "explanation", {0}))
runs.append((["explain", "--ply", "2", "-"], HOSTILE, "explanation", {0, 2}))
samples = {}
for args, stdin, kind, statuses in runs:
    outputs = {}
    for layout in ("json", "jsonl"):
        cmd = [PGNSEM, args[0], "--format", layout] + args[1:]
        r = subprocess.run(cmd, input=stdin.encode() if isinstance(stdin, str) else stdin, capture_output=True)
        r.stdout, r.stderr = r.stdout.decode("utf-8"), r.stderr.decode("utf-8", "replace")
        shown = " ".join(args)[:100] + f" --format {layout}"
        if r.returncode not in statuses:
            fail(f"{shown}: exit {r.returncode}: {r.stderr.strip()}")
            continue
        try:
            if layout == "json":
                doc = json.loads(r.stdout)
                if not isinstance(doc, list):
                    fail(f"{shown}: the document is not an array")
                    continue
                objects = doc
            else:
                lines = r.stdout.split("\n")
                if lines[-1] != "" or any(line == "" for line in lines[:-1]):
                    fail(f"{shown}: not one object a line, each ended by a newline")
                    continue
                objects = [json.loads(line) for line in lines[:-1]]
        except json.JSONDecodeError as e:
            fail(f"{shown}: not JSON: {e}")
            continue
        outputs[layout] = objects
        for o in objects:
            allowed = kind if isinstance(kind, set) else {kind}
            if not isinstance(o, dict) or o.get("object") not in allowed:
                fail(f"{shown}: an object whose `object` is not one of {sorted(allowed)}: {str(o)[:120]}")
                continue
            name = o["object"]
            errors = sorted(validators[name].iter_errors(o), key=lambda e: list(e.absolute_path))
            for e in errors[:3]:
                fail(f"{shown}: schemas/{name}.json: at {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}")
            samples.setdefault(name, o)
    if len(outputs) == 2 and outputs["json"] != outputs["jsonl"]:
        fail(" ".join(args) + ": --format json and --format jsonl hold different objects")
    print("ok  ", " ".join(args)[:100], f"({len(outputs.get('jsonl', []))} objects)")

# check --shard K/N (JSON Lines only): verdicts, then the shard's record; the first shard of two
# and the second of three of the examples, and the whole file as one shard.
SHARDED = os.path.join(SOURCE, "examples", "illegal.pgn")
for spec in ("1/2", "2/3", "1/1"):
    r = subprocess.run([PGNSEM, "check", "--quiet", "--shard", spec, "--format", "jsonl", SHARDED], capture_output=True,
                       text=True)
    objects = [json.loads(line) for line in r.stdout.splitlines()]
    if r.returncode not in (0, 1) or not objects or objects[-1].get("object") != "shard" or any(
            o.get("object") != "verdict" for o in objects[:-1]):
        fail(f"check --shard {spec}: exit {r.returncode}, not verdicts then one shard record: {r.stderr[:200]}")
        continue
    for o in objects:
        for e in sorted(validators[o["object"]].iter_errors(o), key=lambda e: list(e.absolute_path))[:3]:
            fail(f"check --shard {spec}: schemas/{o['object']}.json: at "
                 f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}")
        samples.setdefault(o["object"], o)
    print(f"ok   check --shard {spec} ({len(objects)} objects)")
# gen's labels, written to a file in either layout: the same objects, each valid.
import tempfile
with tempfile.TemporaryDirectory() as tmp:
    labelled = {}
    for layout in ("json", "jsonl"):
        path = os.path.join(tmp, "labels." + layout)
        r = subprocess.run([PGNSEM, "gen", "--seed", "7", "--games", "40", "--near-miss", "0.5", "--labels", path,
                            "--format", layout], capture_output=True)
        if r.returncode != 0:
            fail(f"gen --labels --format {layout}: exit {r.returncode}")
            continue
        with open(path, encoding="utf-8") as f:
            labelled[layout] = json.load(f) if layout == "json" else [json.loads(line) for line in f]
        for o in labelled[layout]:
            for e in sorted(validators["label"].iter_errors(o), key=lambda e: list(e.absolute_path))[:3]:
                fail(f"gen --labels --format {layout}: schemas/label.json: at "
                     f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}")
            samples.setdefault("label", o)
    if labelled.get("json") != labelled.get("jsonl") or len(labelled.get("json", [])) != 40:
        fail("gen --labels: --format json and jsonl hold different labels, or not one a game")
    print("ok   gen --labels, both layouts")

# normalize's report, to a file in either layout (and to standard output when --accepted and --rejected
# take the games): the same objects, each valid, one a game as check counts them.
HOSTILE = sorted(os.path.join(SOURCE, "tests/fuzz/regressions/pipeline", f)
                 for f in os.listdir(os.path.join(SOURCE, "tests/fuzz/regressions/pipeline")) if f.endswith(".pgn"))
with tempfile.TemporaryDirectory() as tmp:
    for name, inputs in (("examples and conformance cases", PGN_FILES), ("hostile files", HOSTILE)):
        r = subprocess.run([PGNSEM, "check", "--format", "jsonl", "--quiet"] + inputs, capture_output=True, text=True)
        games = len(r.stdout.splitlines())
        for split in ([], ["--accepted", os.path.join(tmp, "a.pgn"), "--rejected", os.path.join(tmp, "r.pgn")]):
            reported = {}
            for layout in ("json", "jsonl"):
                path = "-" if split else os.path.join(tmp, "report." + layout)
                # (standard output holds the games, as read: bytes)
                r = subprocess.run([PGNSEM, "normalize", "--report", path, "--format", layout] + split + inputs,
                                   capture_output=True)
                shown = f"normalize --report {path} --format {layout} {' '.join(split[::2])} ({name})"
                if r.returncode not in (0, 1):
                    fail(f"{shown}: exit {r.returncode}: {r.stderr.decode(errors='replace').strip()[:200]}")
                    continue
                text = r.stdout.decode("utf-8") if split else open(path, encoding="utf-8").read()
                try:
                    reported[layout] = json.loads(text) if layout == "json" else [json.loads(l) for l in text.splitlines()]
                except json.JSONDecodeError as e:
                    fail(f"{shown}: not JSON: {e}")
                    continue
                for o in reported[layout]:
                    for e in sorted(validators["normalization"].iter_errors(o), key=lambda e: list(e.absolute_path))[:3]:
                        fail(f"{shown}: schemas/normalization.json: at "
                             f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}")
                    samples.setdefault("normalization", o)
            if reported.get("json") != reported.get("jsonl") or len(reported.get("json", [])) != games:
                fail(f"normalize --report {' '.join(split[::2])} ({name}): json and jsonl hold different objects, "
                     f"or not one a game ({len(reported.get('json', []))} objects, {games} games)")
            print(f"ok   normalize --report {' '.join(split[::2])} ({name}), both layouts ({games} games)")

# serve: JSON Lines by its protocol (one response a request line); tests/cli/serve.py checks it whole.
SERVE = ['{"id": 1, "op": "version"}', '{"id": 2, "op": "moves", "fen": "' + KIWIPETE + '"}',
         '{"id": 3, "op": "play", "move": "e5"}', '{"op": "perft", "depth": 99}', "not json"]
r = subprocess.run([PGNSEM, "serve"], input="\n".join(SERVE) + "\n", capture_output=True, text=True)
responses = [json.loads(line) for line in r.stdout.splitlines()]
if r.returncode != 0 or len(responses) != len(SERVE):
    fail(f"serve: exit {r.returncode}, {len(responses)} responses to {len(SERVE)} requests")
for o in responses:
    for e in sorted(validators["response"].iter_errors(o), key=lambda e: list(e.absolute_path))[:3]:
        fail(f"serve: schemas/response.json: at {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}")
    samples.setdefault("response", o)
    if o.get("result") and o["result"].get("object") == "server":
        samples.setdefault("server", o["result"])
print(f"ok   serve ({len(responses)} responses)")

# A FEN that does not parse: exit 2, a message on stderr, nothing on stdout in either layout.
for args in (["moves", "--fen", "8/8/8 w - -"], ["perft", "1", "--fen", "not a fen at all"],
             ["moves", "--fen", "-"], ["san", "--fen", "8/8/8 w - -", "e4"], ["san", "--fen", "-", "e4"]):
    for layout in ("json", "jsonl"):
        r = subprocess.run([PGNSEM, args[0], "--format", layout] + args[1:], input="", capture_output=True, text=True)
        if r.returncode != 2 or r.stdout != "" or "pgnsem:" not in r.stderr:
            fail(f"{' '.join(args)} --format {layout}: expected exit 2, a message and no output; "
                 f"got {r.returncode}, {r.stdout[:60]!r}, {r.stderr[:80]!r}")

# 3. the schemas can fail


def wrong_type(value):
    """A value of another JSON type than `value`'s (and not null)."""
    if value is None or isinstance(value, bool):
        return [7]
    return "7" if isinstance(value, int) else 7


for kind in sorted(files):
    if kind not in samples:
        fail(f"schemas/{kind}.json: no command of this test wrote one (add a run)")
        continue
    o = samples[kind]
    required = schemas[kind].get("required", [])
    changed = {
        "a field added": dict(o, unexpected_field=1),
        "a required field removed": {k: v for k, v in o.items() if k != required[-1]},
        "a field of the wrong type": dict(o, contract=1),
        f"`{required[-1]}` of the wrong type": dict(o, **{required[-1]: wrong_type(o[required[-1]])}),
    }
    for what, bad in changed.items():
        if validators[kind].is_valid(bad):
            fail(f"schemas/{kind}.json accepts an object with {what}")
    print(f"ok   schemas/{kind}.json refuses a field added, one removed, two of the wrong type")

print(f"{len(failures)} failures" if failures else "every output valid against its schema")
sys.exit(1 if failures else 0)
