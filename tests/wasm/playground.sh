#!/usr/bin/env bash
# The playground and the ES module that scripts/playground builds (wasm/README.md), held to the
# command line's answers. scripts/test --full runs it after scripts/playground.
#  1. headless Chromium opens the page from disk (file://) and a student's steps are played on it
#     (tests/wasm/playground.mjs): examples/illegal.pgn pasted, the game "castling through an
#     attacked square" chosen, each pane's verdict check's under its reading (laws, paper), σ
#     stepped ply by ply with trace's FENs, the castling ply ⊥ with explain's premises, then
#     castle-through-check read as the paper prints it: the verdict turns legal, as check's does
#     with --erratum castle-through-check=paper, and the pane names the reading;
#  2. the ES module under Node (tests/wasm/module.mjs): judge gives check's verdict, plies and
#     error rule for every game of tests/conformance/*.pgn and examples/*.pgn, under the Laws and
#     under the paper, the whole JSON object byte for byte too; legalMoves gives `moves`' object,
#     explain `explain`'s, errata `errata`'s; refusals are thrown with the contract's rule;
#  3. examples/js runs on the module and writes what its README shows.
# Needs node and chromium-headless-shell (or chromium): scripts/install-deps --test.
# Arguments: PGNSEM SOURCE_DIR PLAYGROUND_BUILD_DIR (build/playground: page/ and module/ in it)
set -u
# (absolute: examples/js links node_modules/pgnsem to the module from another folder)
pgnsem=$1 src=$(cd "$2" && pwd) playground=$(cd "$3" && pwd)
tmp=$(mktemp -d "$playground/test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0

chromium=""
for c in chromium-headless-shell /usr/lib/chromium/chromium-headless-shell chromium /usr/lib/chromium/chromium; do
  if command -v "$c" >/dev/null 2>&1; then chromium=$(command -v "$c"); break; fi
done
[[ -n $chromium ]] || { echo "FAIL no chromium-headless-shell or chromium (scripts/install-deps --test installs it)"; exit 1; }
for f in page/index.html page/pgnsem.js page/examples.js module/pgnsem.mjs module/pgnsem-core.mjs module/package.json; do
  [[ -f $playground/$f ]] || { echo "FAIL $playground/$f is missing: run scripts/playground first"; exit 1; }
done

# What the command line says of the castling game, under the three readings the page shows.
illegal=$src/examples/illegal.pgn
erratum=(--erratum castle-through-check=paper)
"$pgnsem" check --quiet --format jsonl "$illegal" >"$tmp/laws.jsonl"
"$pgnsem" check --quiet --format jsonl --semantics paper "$illegal" >"$tmp/paper.jsonl"
"$pgnsem" check --quiet --format jsonl "${erratum[@]}" "$illegal" >"$tmp/erratum.jsonl"
"$pgnsem" trace --quiet --format jsonl "$illegal" >"$tmp/laws-trace.jsonl"
"$pgnsem" trace --quiet --format jsonl "${erratum[@]}" "$illegal" >"$tmp/erratum-trace.jsonl"
game=$(grep '^\[Event ' "$illegal" | grep -n 'castling through an attacked square' | cut -d: -f1)
"$pgnsem" explain --format jsonl --game "$game" "$illegal" >"$tmp/explain-laws.jsonl"
"$pgnsem" explain --format jsonl --game "$game" --ply 9 "${erratum[@]}" "$illegal" >"$tmp/explain-erratum.jsonl"
python3 - "$tmp" "$game" "$illegal" >"$tmp/expected.json" <<'PYTHON' || { echo "FAIL the command line's answers cannot be read"; exit 1; }
import json, sys
tmp, game, pgn = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = lambda name: [json.loads(l) for l in open(f"{tmp}/{name}.jsonl", encoding="utf-8")]
laws, paper, erratum = (lines(n) for n in ("laws", "paper", "erratum"))
# every game of the file has an Event tag, so that the game's number is its Event line's
assert sum(l.startswith("[Event ") for l in open(pgn, encoding="utf-8")) == len(laws)
short = lambda v: {"verdict": v["verdict"], "plies": v["plies"], "error": v["error"]}
explain_laws = lines("explain-laws")[0]
print(json.dumps({
    "games": len(laws), "game": game, "ply": laws[game - 1]["error"]["ply"],
    "laws": short(laws[game - 1]), "paper": short(paper[game - 1]), "erratum": short(erratum[game - 1]),
    "laws_fens": [s["fen_after"] for s in lines("laws-trace") if s["game"] == game and s["legal"]],
    "erratum_fen": next(s["fen_after"] for s in lines("erratum-trace") if s["game"] == game and s["ply"] == 9),
    "premises_laws": explain_laws["premises"],
    "false_premise": next(p for p in explain_laws["premises"] if not p["value"]),
    "premises_erratum": lines("explain-erratum")[0]["premises"],
}))
PYTHON

echo "-- 1. the page, from disk, in $chromium"
node "$src/tests/wasm/playground.mjs" "$chromium" "$playground/page" "$illegal" "$tmp/expected.json" "$tmp" || fail=1
# (the page as the test left it at the castling ply, for people to look at)
cp "$tmp"/playground-*.png "$playground/" 2>/dev/null

echo "-- 2. the ES module under Node"
files=("$src"/tests/conformance/*.pgn "$src"/examples/*.pgn)
for f in "${files[@]}"; do
  name=$(basename "$f" .pgn)
  "$pgnsem" check --quiet --format jsonl "$f" >"$tmp/$name.laws.jsonl"
  "$pgnsem" check --quiet --format jsonl --semantics paper "$f" >"$tmp/$name.paper.jsonl"
done
"$pgnsem" moves --format jsonl --fen '7k/5Q2/6K1/8/8/8/8/8 b - -' >"$tmp/moves.jsonl"
"$pgnsem" moves --format jsonl >"$tmp/moves-start.jsonl"
"$pgnsem" errata --format jsonl >"$tmp/errata.jsonl"
"$pgnsem" explain --format jsonl --game "$game" --semantics paper "$illegal" >"$tmp/explain-paper.jsonl"
node "$src/tests/wasm/module.mjs" "$playground/module/pgnsem.mjs" "$tmp" "$illegal" "$game" "${files[@]}" || fail=1

echo "-- 3. examples/js"
cp -r "$src/examples/js" "$tmp/example"
mkdir -p "$tmp/example/node_modules"
ln -s "$playground/module" "$tmp/example/node_modules/pgnsem"
if (cd "$tmp/example" && node judge.mjs "$illegal") >"$tmp/example.out" 2>&1; then
  python3 - "$src/examples/js/README.md" "$tmp/example.out" <<'PYTHON' && echo "examples/js writes what its README shows" ||
import sys
readme, out = (open(p, encoding="utf-8").read() for p in sys.argv[1:])
# the README's block after "node judge.mjs ../illegal.pgn"
block = readme.split("$ node judge.mjs ../illegal.pgn\n", 1)[1].split("```", 1)[0]
if block != out:
    print("FAIL examples/js/README.md shows:\n" + block + "the example wrote:\n" + out)
    sys.exit(1)
PYTHON
    fail=1
else
  echo "FAIL examples/js/judge.mjs failed:"; cat "$tmp/example.out"; fail=1
fi
exit $fail
