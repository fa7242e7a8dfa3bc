#!/usr/bin/env bash
# Two readings side by side (app/compare.cpp, app/find_parting.cpp, interpreter/compare.hpp):
# - check --compare A,B: where the readings part, where σ′ parts and which errata part them, on games
#   whose answers proofs-notes/errata.md gives, the objects valid against schemas/comparison.json, and
#   errata --find SLUG for every erratum that can be read both ways (tests/cli/compare.py, which runs
#   the JSON through one Python);
# - a game no single erratum parts ("together"); the text report and its summary; the exit status;
# - what --compare refuses, each refusal naming the text at fault (exit 2, nothing on stdout);
# - trace --compare: the plies where σ′ and the verdicts part marked, and what σ′ differs in;
# - errata --find's text, and what it refuses.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
illegal=$src/examples/illegal.pgn

# --- the comparison objects, and errata --find for every erratum (tests/cli/compare.py) -------------
python3 "$src/tests/cli/compare.py" "$pgnsem" "$src" "$tmp" && ok || bad "tests/cli/compare.py (above)"

# --- check --compare: the text report, the summary, the exit status -------------------------------
# no single erratum parts them: read as printed together, check-turn-reading and destination-empty
# leave White without a legal move (game/over), while each alone leaves it castle/king-moved
together='[SetUp "1"]
[FEN "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"]

1. O-O-O *'
run check --quiet --compare laws,laws+check-turn-reading=paper+destination-empty=paper - <<<"$together"
if grep -q "^  the readings part at ply 1 (1. O-O-O), by the errata together" "$tmp/out"; then ok; else
  bad "the text report does not say 'together': $(cat "$tmp/out")"; fi

# the text report: a header, a line per reading, where they part; the summary on stderr
games=$("$pgnsem" check --quiet --format jsonl "$illegal" | wc -l)
run check --compare laws,laws+castle-through-check=paper "$illegal"
want='examples/illegal.pgn:6  ? - ?  *
  laws: illegal at ply 9 (5. O-O): castle/through-check: the king would pass through f1, which the black bishop on a6 attacks
  laws+castle-through-check=paper: legal, 9 plies
  the readings part at ply 9 (5. O-O), by castle-through-check'
if grep -A3 "^$illegal:6 " "$tmp/out" | sed "s|$src/||" | diff <(echo "$want") - >/dev/null; then ok; else
  bad "check --compare text for game 6: $(grep -A3 "^$illegal:6 " "$tmp/out")"; fi
grep -q "^$illegal:1  ? - ?  \*$" "$tmp/out" && grep -q "^  the readings agree$" "$tmp/out" && ok ||
  bad "check --compare text: no header or no 'the readings agree' line"
if grep -q "^$games games compared: the readings part on 1, agree on $((games - 1))$" "$tmp/err" &&
  grep -q "^parted by: castle-through-check=1$" "$tmp/err"; then ok; else bad "the summary: $(cat "$tmp/err")"; fi
# readings that agree on every game: exit 0
run check --quiet --compare laws,laws+castle-through-check=paper "$src/examples/fischer-spassky-1992.pgn"
[[ $status == 0 ]] && grep -q "the readings agree" "$tmp/out" && ok || bad "readings that agree: exit $status"

# --- what --compare refuses ------------------------------------------------------------------------
# refused ARGS... -- TEXT: exit 2, nothing on stdout, TEXT in the message
refused() {
  local args=() text
  while [[ $1 != -- ]]; do args+=("$1"); shift; done
  text=$2
  run "${args[@]}" "$illegal"
  if [[ $status == 2 && ! -s $tmp/out ]] && grep -qF -- "$text" "$tmp/err"; then ok; else
    bad "pgnsem ${args[*]}: exit $status, stdout $(wc -c <"$tmp/out") bytes, stderr: $(cat "$tmp/err")"; fi
}
refused check --compare laws,paper --semantics paper -- "leave out --semantics"
refused check --compare laws,paper --erratum castle-through-check=paper -- "leave out --erratum"
refused check --compare laws,paper --engine reference -- "leave out --engine"
refused check --compare laws,paper -j 2 -- "--compare judges on one thread"
refused check --compare laws,paper --shard 1/2 --format jsonl -- "leave out --shard"
refused check --compare laws,paper --only-failures -- "leave out --only-failures"
refused check --compare laws -- "--compare takes two readings A,B"
refused check --compare laws,paper,laws -- "not 'laws,paper,laws'"
refused check --compare lawz,paper -- "'lawz' is not a reading"
refused check --compare laws,laws+no-such-erratum=paper -- "no erratum is called 'no-such-erratum'"
refused check --compare laws,laws+castle-side-names=paper -- "erratum 'castle-side-names' has no paper form to run"
refused check --compare laws,laws+castle-through-check=printed -- "not 'castle-through-check=printed'"
refused check --compare laws,laws+ -- "not '+'"
refused trace --compare laws,paper --format json -- "--compare writes text"
refused trace --compare laws,paper -j 2 -- "--compare judges on one thread"
run check --compare laws,paper -j 1 --quiet "$illegal"
[[ $status == 1 ]] && ok || bad "check --compare -j 1: exit $status"

# --- trace --compare ----------------------------------------------------------------------------
uses_up='1. d4 d5 2. Nf3 Nf6 3. e3 e6 4. Be2 Be7 5. O-O O-O 6. Nc3 Nc6 7. Bd2 Bd7 8. Qe1 a6 9. O-O-O *'
run trace --compare laws,laws+castle-uses-up-castling=paper - <<<"$uses_up"
if [[ $status == 1 ]] && grep -q "^ply 9  5. O-O   <- σ′ parts here$" "$tmp/out" &&
  grep -q "^  σ′ differs in: w_king (1 / 0)" "$tmp/out" &&
  grep -q "^ply 17  9. O-O-O   <- the readings part here$" "$tmp/out" &&
  grep -q "^  laws  *⊥ castle/king-moved: " "$tmp/out" &&
  grep -q "^  laws+castle-uses-up-castling=paper  O-O-O   r2q1rk1/.*/2KR1RK1 b - - 1 9$" "$tmp/out" &&
  [[ $(grep -c "^ply " "$tmp/out") == 17 ]]; then ok; else bad "trace --compare: exit $status: $(cat "$tmp/out")"; fi

# --- errata --find: the text; what it refuses --------------------------------------------------------
run errata --find castle-black-kingside-rook --max-plies 2
if grep -q "^1. [A-Za-z0-9]* O-O \*$" "$tmp/out" && grep -q "^shortest: no game of fewer plies parts the readings (exhaustive to depth 1" "$tmp/out"; then
  ok; else bad "errata --find castle-black-kingside-rook: $(cat "$tmp/out")"; fi
run errata --find promotion-capture-file --max-plies 1
if grep -q '^\[FEN "rn2k3/1P6/8/8/8/8/8/4K3 w - - 0 1"\]$' "$tmp/out" && grep -q "^1. bxa8=[QRBN] \*$" "$tmp/out"; then ok; else
  bad "errata --find promotion-capture-file does not start from the erratum's FEN: $(cat "$tmp/out")"; fi
# king-never-captured under the Laws alone: none found (exit 1), and the note says why
run errata --find king-never-captured --max-plies 1
[[ $status == 1 ]] && grep -q "no game found" "$tmp/out" && grep -q "check-turn-reading" "$tmp/out" && ok ||
  bad "errata --find king-never-captured: exit $status: $(cat "$tmp/out")"
# what --find refuses
for args in "--find castle-side-names:has no paper form to run" "--find no-such:no erratum is called 'no-such'" \
  "--max-plies 2:--max-plies goes with --find" "--find castle-through-check --base laws+castle-through-check=paper:already" \
  "--find castle-through-check --base lawz:'lawz' is not a reading" "--find castle-through-check --max-plies 6:--max-plies"; do
  read -ra words <<<"${args%%:*}"
  run errata "${words[@]}"
  if [[ $status == 2 && ! -s $tmp/out ]] && grep -qF -- "${args#*:}" "$tmp/err"; then ok; else
    bad "errata ${args%%:*}: exit $status: $(cat "$tmp/err")"; fi
done
finish
