#!/usr/bin/env python3
"""normalize_report.sh: what `pgnsem normalize --report` says of each game (schemas/normalization.json).

  normalize_report.py PGNSEM SOURCE_DIR BUILD_DIR
"""
import json
import os
import re
import subprocess
import sys
import tempfile

pgnsem, src, build = sys.argv[1], sys.argv[2], sys.argv[3]
failures = 0
checks = 0


def check(ok, what):
    global failures, checks
    checks += 1
    if not ok:
        failures += 1
        print("FAIL", what)


def run(*args, stdin=None):
    return subprocess.run([pgnsem, "normalize", *args], input=stdin, capture_output=True)


def lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f]


GAMES = {
    # the spellings 0-0, Pe4 and Ng1-f3, and a wrong + claim: four plies rewritten (one in a variation);
    # the suffix glyph is not a change of SAN
    "spelt": '[Event "spelt"]\n[Result "*"]\n\n1. Pe4! e5 2. Ng1-f3 Nc6 3. Bc4 Bc5+ (3... Nf6 4. Pd3) 4. 0-0 Nf6 *\n\n',
    "export": '[Event "export"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n',
    "illegal": '[Event "illegal"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 Nc6 3. 0-0 *\n\n',
    "malformed": '[Event "malformed"]\n[Result "*"]\n\n1. e4 Nz9 2. Nf3 *\n\n',
    "after": '[Event "text after the marker"]\n\n1. d4 d5 1-0 junk\n\n',
    "open": '[Event "no marker, a syntax error"]\n\n1. e4 e5 2. Nz9\n',
    "untagged": '1. c4 e5 *\n\n',
}

with tempfile.TemporaryDirectory(dir=build) as tmp:
    def write(name, text, mode="w"):
        path = os.path.join(tmp, name)
        with open(path, mode) as f:
            f.write(text)
        return path

    paths = {k: write(k + ".pgn", v) for k, v in GAMES.items()}
    utf16 = write("utf16.pgn", b"\xff\xfe[\x00E\x00v\x00", "wb")
    report = os.path.join(tmp, "report.jsonl")

    # --- without a split: everything to standard output ------------------------------------------
    inputs = [paths[k] for k in ("spelt", "export", "illegal", "malformed", "after", "open", "untagged")] + [utf16]
    plain = run(*inputs)
    r = run("--report", report, *inputs)
    check(r.returncode == 1, f"exit {r.returncode}")
    check(r.stdout == plain.stdout and r.stderr == plain.stderr,
          "the games or the notes differ with --report from without it")
    objs = lines(report)
    check(len(objs) == 8, f"{len(objs)} objects for 8 games")
    by = {os.path.basename(o["file"])[:-4]: o for o in objs}
    notes = r.stderr.decode()

    o = by["spelt"]
    check((o["verdict"], o["action"], o["destination"], o["reason"], o["plies_rewritten"], o["line"], o["game"]) ==
          ("legal", "normalized", "output", None, 5, 1, 1), f"spelt: {o}")
    o = by["export"]
    check((o["action"], o["plies_rewritten"], o["notes"]) == ("normalized", 0, []), f"export: {o}")
    # an illegal game is normalised up to its illegal move; the moves after it are written canonically too
    o = by["illegal"]
    check((o["verdict"], o["action"], o["destination"], o["plies_rewritten"]) == ("illegal", "normalized", "output", 1),
          f"illegal: {o}")
    # a game that cannot be rewritten: as read, the reason is the note's
    o = by["malformed"]
    m = re.search(r"malformed\.pgn: game 1 is written as read: (.*)", notes)
    check(o["action"] == "as_read" and o["destination"] == "output" and m and o["reason"] == m.group(1)
          and o["plies_rewritten"] == 0, f"malformed: {o}")
    o = by["after"]
    check(o["action"] == "normalized" and o["notes"] == ["text after the termination marker at 3:14 is not written"],
          f"after: {o}")
    # a game without tags written right after one written as read without a marker: the note is the game's
    o = by["untagged"]
    check(o["action"] == "normalized" and o["notes"] == [], f"untagged after a normalised game: {o}")
    o = by["utf16"]
    m = re.search(r"utf16\.pgn: game 1 \(line 1\) is not written: (.*)", notes)
    check((o["verdict"], o["action"], o["destination"], o["plies_rewritten"]) == ("malformed", "not_written", None, 0)
          and m and o["reason"] == m.group(1), f"utf16: {o}")

    # the no-tags note: "open" (as read, no marker), then a game without tags written as read
    untagged_bad = write("untagged-bad.pgn", "1. c4 Nz9 *\n")
    r = run("--report", report, paths["open"], untagged_bad)
    objs = lines(report)
    check(len(objs) == 2 and objs[1]["action"] == "as_read" and len(objs[1]["notes"]) == 1
          and objs[1]["notes"][0].startswith("the game has no tags and is written right after ")
          and objs[1]["notes"][0].endswith(", which has no termination marker: a PGN reader reads the two as one game"),
          f"no tags after no marker: {objs}")

    # --- --accepted and --rejected, the report on standard output, as one document -----------------
    acc, rej = os.path.join(tmp, "acc.pgn"), os.path.join(tmp, "rej.pgn")
    r = run("--accepted", acc, "--rejected", rej, "--report", "-", "--format", "json", *inputs)
    check(r.returncode == 1, f"split: exit {r.returncode}")
    doc = json.loads(r.stdout)
    check(isinstance(doc, list) and len(doc) == 8, "split: not a document of 8 objects")
    by = {os.path.basename(o["file"])[:-4]: o for o in doc}
    check((by["spelt"]["destination"], by["spelt"]["action"], by["spelt"]["plies_rewritten"]) ==
          ("accepted", "normalized", 5), f"split spelt: {by['spelt']}")
    o = by["illegal"]
    check((o["action"], o["destination"], o["plies_rewritten"]) == ("as_read", "rejected", 0) and
          o["reason"] == "the game is illegal: with --accepted or --rejected every game that is not legal is written as read",
          f"split illegal: {o}")
    check(by["utf16"]["destination"] is None and by["malformed"]["destination"] == "rejected", "split: destinations")
    # --rejected alone: the legal games go to standard output
    r = run("--rejected", rej, "--report", report, paths["export"], paths["illegal"])
    objs = lines(report)
    check([(o["action"], o["destination"]) for o in objs] == [("normalized", "output"), ("as_read", "rejected")],
          f"--rejected alone: {objs}")

    # --- usage errors: exit 2, a message, nothing written -----------------------------------------
    def usage(args, words, what):
        r = run(*args)
        err = r.stderr.decode()
        check(r.returncode == 2 and r.stdout == b"" and words in err and err.startswith("pgnsem normalize: "),
              f"{what}: exit {r.returncode}, {err.strip()}")

    usage(["--format", "json", paths["export"]], "--format is the layout of the report", "--format without --report")
    usage(["--report", "-", paths["export"]], "--report -: name a file", "--report - with the games on stdout")
    usage(["--report", "-", "--accepted", acc, paths["export"]], "--report -: name a file", "--report - with --accepted only")
    keep = write("keep.pgn", GAMES["export"])
    usage(["--report", keep, keep], "is also an input file", "--report an input")
    usage(["--report", acc, "--accepted", acc, keep], "--accepted and --report name the same file", "--report = --accepted")
    usage(["--report", rej, "--accepted", acc, "--rejected", rej, keep], "--rejected and --report name the same file",
          "--report = --rejected")
    with open(keep, encoding="utf-8") as f:
        check(f.read() == GAMES["export"], "a usage error changed the input")
    with open(report, "wb") as out:
        r = subprocess.run([pgnsem, "normalize", "--report", report, keep], stdout=out, stderr=subprocess.PIPE)
    check(r.returncode == 2 and b"--report " + report.encode() + b" is also standard output" in r.stderr,
          f"--report F >F: exit {r.returncode}")
    # a report that cannot be written: exit 2, the file named
    if os.path.exists("/dev/full"):
        r = run("--report", "/dev/full", paths["export"])
        check(r.returncode == 2 and b"/dev/full: write error" in r.stderr, f"--report /dev/full: exit {r.returncode}")

print(f"{checks - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
