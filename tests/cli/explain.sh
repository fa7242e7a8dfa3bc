#!/usr/bin/env bash
# `pgnsem explain` (app/explain_report.cpp) against `check` and `trace`, which it must agree
# with: it prints the reference's own record (semantics/why.hpp), so for every game of the examples
# and the conformance files, under the Laws' reading and the paper's, tests/cli/explain_check.py
# checks that the ply explained is check's failing ply and T's rule is check's rule, that the record
# ends where T does (the failing GTSS/GCSS step, or a last premise false with that rule; all true
# when defined), and, for every ply of the legal example games, that the update recorded is the trace's
# change of σ square by square and its σ′ the trace's FEN. Then the usage errors.
source "$2/tests/cli/lib.sh" "$@"

files=("$src"/examples/*.pgn "$src"/tests/conformance/*.pgn)
if python3 "$src/tests/cli/explain_check.py" "$pgnsem" "${files[@]}"; then ok; else bad "explain_check.py"; fi

# text: the failing ply of game 3 of illegal.pgn, its premise and its rule
run explain --game 3 "$src/examples/illegal.pgn"
if [[ $status -eq 0 ]] && grep -q 'false  IIC(σ′, White) = 0   (IIC(σ′, White) = 1, attacked by {h4})   → check/unanswered' "$tmp/out" &&
  grep -q 'T(M)(σ) = ⊥   check/unanswered' "$tmp/out"; then ok; else bad "text explain of illegal.pgn game 3: $(cat "$tmp/out")"; fi
# the paper's premise, under --semantics paper
printf '1. e4 e5 *\n' >"$tmp/e4.pgn"
run explain --semantics paper "$tmp/e4.pgn"
if [[ $status -eq 0 ]] && grep -q 'false  e4 ≠ 0   (σ: e4 = 0)   → paper/destination-empty   \[erratum destination-empty: paper\]' "$tmp/out"; then ok
else bad "paper's premise Q ≠ 0: $(cat "$tmp/out")"; fi
# usage errors: the fast engine, a game that is not there, a file that is not there
run explain --engine fast "$tmp/e4.pgn"
if [[ $status -eq 2 ]] && grep -q 'reference' "$tmp/err"; then ok; else bad "--engine fast: status $status"; fi
run explain --game 5 "$tmp/e4.pgn"
if [[ $status -eq 2 ]] && grep -q 'no game 5' "$tmp/err"; then ok; else bad "--game 5: status $status"; fi
run explain "$tmp/none.pgn"
if [[ $status -eq 2 ]]; then ok; else bad "missing file: status $status"; fi
# a legal game without --ply explains nothing and says so
run explain "$tmp/e4.pgn"
if [[ $status -eq 0 ]] && grep -q 'the game is legal (2 plies); --ply P explains any ply' "$tmp/out"; then ok
else bad "legal game: $(cat "$tmp/out")"; fi
finish
