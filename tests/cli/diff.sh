#!/usr/bin/env bash
# `pgnsem diff` (README, "pgnsem diff"): against Stockfish (UCI, `go perft`) on the perft suites at
# depth 3 (the random suite's first 500 positions in the smaller builds), no difference; against three
# programs with a planted bug (tests/cli/planted_serve.py: serve's protocol, `pgnsem serve` with its
# answers changed), exactly the planted bug, found at the shallowest position whose moves differ:
# an en passant capture that opens its king's rank, castling through an attacked square, promotions to a
# queen only. The other program's failures are reported, never believed: one that ends at once, one
# that never answers (the time limit), one that writes what is no answer, one that counts wrong. The
# objects are checked against schemas/diff.json by tests/cli/schemas.py.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
stockfish=$(command -v stockfish || echo /usr/games/stockfish)
[[ -x $stockfish ]] || { echo "FAIL Stockfish is missing (scripts/install-deps installs it)"; exit 1; }
perft=$shared/data/perft
[[ -d $perft ]] || { echo "SKIP: $perft is absent"; exit 77; }
small=0
[[ ${PGNSEM_PERFT_SCALE:-1} == 0 ]] && small=1

# --- Stockfish: the perft suites at depth 3 ---------------------------------------------------------
suites=("$perft/standard.perft" "$perft/tricky.perft")
if ((small)); then
  awk '/^epd /{n++} n<=500' "$perft/random.perft" >"$tmp/random.perft"
  suites+=("$tmp/random.perft")
else
  suites+=("$perft/random.perft")
fi
# Every position agrees, but those that cannot arise in a game, where Stockfish may fail (Debian's
# crashes on tricky.perft's ep-unrelated-check, a check no last move could give): there a failure is
# allowed, a difference never.
run diff --uci "$stockfish" --depth 3 --format jsonl "${suites[@]}"
if python3 - "$tmp/out" "$(cat "${suites[@]}" | grep -c '^epd ')" <<'EOF'; then ok; else bad "diff against Stockfish: exit $status"; cat "$tmp/err"; fi
import json, sys
objects = [json.loads(line) for line in open(sys.argv[1])]
assert len(objects) == int(sys.argv[2]), len(objects)
for o in objects:
    assert o["agree"] is True or (o["agree"] is None and not o["legal"] and o["difference"] is None), o
print(sum(o["agree"] is True for o in objects), "agree;", sum(o["agree"] is None for o in objects),
      "impossible positions Stockfish failed on")
EOF
grep -q ' 0 differ, ' "$tmp/err" && ok || bad "the summary: $(cat "$tmp/err")"

# --- three planted bugs ------------------------------------------------------------------------------
# (depth 2: each bug shows one ply below a root of the suite, and a serve-protocol program is asked the
# moves of every position above the leaves)
planted() {  # MODE: the JSON Lines of diff against the planted program, on the standard suite at depth 2
  run diff --format jsonl --depth 2 --serve "python3 '$src/tests/cli/planted_serve.py' $1 '$pgnsem'" \
    "$perft/standard.perft"
}
for mode in ep-rank castle-through queen-only; do
  planted $mode
  if [[ $status == 1 ]] && python3 - "$mode" "$tmp/out" <<'EOF'; then ok; else bad "planted $mode: exit $status"; head -c 600 "$tmp/out"; cat "$tmp/err"; fi
import json, sys
mode, out = sys.argv[1], sys.argv[2]
found = [o for o in map(json.loads, open(out)) if not o["agree"]]
assert found, "no difference found"
for o in found:
    d = o["difference"]
    assert o["reason"] is None and d is not None, o
    if mode == "queen-only":
        assert not d["extra"] and d["missing"], d
        assert all(m["uci"][4:] in ("n", "b", "r") and m["legal"] for m in d["missing"]), d["missing"]
    else:
        assert not d["missing"] and len(d["extra"]) == 1, d
        m = d["extra"][0]
        assert not m["legal"], m
        if mode == "castle-through":
            assert m["error"]["rule"] == "castle/through-check" and m["written"] in ("e1g1", "e1c1", "e8g8", "e8c8"), m
        else:  # an en passant capture: a pawn's diagonal step onto the empty square behind a pawn that just moved two
            fen = d["fen"].split()
            assert fen[3] == m["written"][2:] and m["written"][0] != m["written"][2], m
            assert m["error"]["rule"].startswith("check/"), m
    # the shallowest: at the root or one ply below, where each of these bugs first shows in the suite
    assert len(d["path"]) <= 1, d["path"]
print(mode, len(found), "positions differ, each by the planted bug")
EOF
done
# the text report of one of them names the position, the moves from the root and the rule
run diff --depth 2 --serve "python3 '$src/tests/cli/planted_serve.py' castle-through '$pgnsem'" "$perft/standard.perft"
grep -q '^differ ' "$tmp/out" && grep -q 'extra     e[18][gc][18]: pgnsem refuses it, castle/through-check' "$tmp/out" &&
  grep -q '^  position  ' "$tmp/out" && ok || bad "the text report: $(head -c 800 "$tmp/out")"

# --- the other program's failures: reported, never believed -------------------------------------------
start=$perft/standard.perft
cat >"$tmp/liar.sh" <<'EOF'
#!/bin/sh
# answers uci and isready, then a divide that does not add up
while read -r line; do
  case $line in
    uci) echo uciok ;;
    isready) echo readyok ;;
    go*) echo "e2e4: 5"; echo "Nodes searched: 7" ;;
  esac
done
EOF
cat >"$tmp/mute.sh" <<'EOF'
#!/bin/sh
while read -r line; do case $line in uci) echo uciok ;; isready) echo readyok ;; esac; done
EOF
failure() {  # WHAT PATTERN ARGS...: exit 2, every position failed with the pattern as its reason
  local what=$1 pattern=$2
  shift 2
  run diff --depth 1 "$@" "$start"
  if [[ $status == 2 ]] && grep -q "^failed .*$pattern" "$tmp/out" && ! grep -q '^agree\|^differ' "$tmp/out"; then
    ok
  else
    bad "$what: exit $status: $(head -c 400 "$tmp/out") $(head -c 300 "$tmp/err")"
  fi
}
failure "a program that ends" "ended (exit status 3)" --uci "exit 3"
failure "a program that does not answer" "did not answer within 300 ms" --timeout 300 --uci "sh '$tmp/mute.sh'"
failure "a divide that does not add up" "where the sum of its divide lines (5) was expected" --uci "sh '$tmp/liar.sh'"
failure "a serve program that writes no JSON" "where a JSON response was expected" --serve "yes no"
failure "a program that cannot be found" "ended (exit status 127)" --uci "/nonexistent/engine"

# --- usage -------------------------------------------------------------------------------------------
run diff --depth 1 "$start"
[[ $status == 2 ]] && grep -q -- "--uci COMMAND or --serve COMMAND" "$tmp/err" && ok || bad "no program: $status"
run diff --uci "$stockfish"
[[ $status == 2 ]] && grep -q "no positions" "$tmp/err" && ok || bad "no positions: $status"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nnot a fen\n' >"$tmp/bad.fen"
run diff --uci "$stockfish" --depth 1 "$tmp/bad.fen"
[[ $status == 2 ]] && grep -q "bad.fen:2:[0-9]*: not a position: the FEN has 3 fields" "$tmp/err" && ok ||
  bad "a bad line: $status $(cat "$tmp/err")"
# generated games' final positions, with --max-nodes stopping the walk
run diff --uci "$stockfish" --depth 2 --gen-seed 7 --gen-games 20 --max-nodes 5000
[[ $status == 0 ]] && grep -q 'stopped at --max-nodes' "$tmp/err" && [[ $(grep -c '^agree   gen:' "$tmp/out") -ge 1 ]] &&
  ok || bad "generated positions: $status $(cat "$tmp/err")"
finish
