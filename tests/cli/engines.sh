#!/usr/bin/env bash
# F (proofs-notes/invariants.md): the fast path is the reference, faster. `pgnsem check` and `trace`
# with --engine reference (the readable definition at the top of semantics/) and --engine fast
# (semantics/fast/, the default) must write the same bytes: on the examples and the conformance
# cases (check as JSON Lines, as text and with --strict; trace in both formats), on 2,000 generated
# games with near misses (500 in the smaller builds), and on the real games (check; --strict on the
# first 10,000 of them) (all of them, or the first PGNSEM_CORPUS_GAMES:
# tests/cli/corpus_data.py). With PGNSEM_FAIL_FAST=1 (scripts/mutation-check) it stops at the first
# difference.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -euo pipefail
pgnsem=$1
src=$2
work="$4/engines"
mkdir -p "$work"
failed=0

# Runs one pgnsem command with each engine and compares stdout and the exit code.
same() {
  local name=$1
  shift
  set +e
  "$pgnsem" "$@" --engine fast >"$work/fast.out" 2>/dev/null
  local fast=$?
  "$pgnsem" "$@" --engine reference >"$work/reference.out" 2>/dev/null
  local reference=$?
  set -e
  if [[ $fast -ge 2 || $reference -ge 2 ]]; then
    echo "FAIL $name: exit codes $fast (fast) and $reference (reference)"
    failed=$((failed + 1))
    [[ ${PGNSEM_FAIL_FAST:-0} == 1 ]] && exit 1
  elif [[ $fast != "$reference" ]] || ! cmp -s "$work/fast.out" "$work/reference.out"; then
    echo "FAIL $name: the engines differ (exit $fast and $reference); first difference:"
    # the first line that differs, as each engine wrote it (or diff's view when one output ends early)
    local line
    line=$(cmp "$work/fast.out" "$work/reference.out" 2>/dev/null | sed -n 's/.*, line \([0-9]*\)$/\1/p' || true)
    if [[ -n $line ]]; then
      echo "  line $line, fast:      $(sed -n "${line}p" "$work/fast.out")"
      echo "  line $line, reference: $(sed -n "${line}p" "$work/reference.out")"
    else
      diff "$work/fast.out" "$work/reference.out" | head -n 4
    fi
    failed=$((failed + 1))
    # scripts/mutation-check wants the first difference only
    [[ ${PGNSEM_FAIL_FAST:-0} == 1 ]] && exit 1
  else
    echo "same: $name ($(wc -l <"$work/fast.out") lines)"
  fi
}

cases=("$src"/examples/*.pgn "$src"/tests/conformance/*.pgn)
same "check, JSON Lines, the cases" check --quiet --format jsonl "${cases[@]}"
same "check, text, the cases" check --quiet "${cases[@]}"
same "check --strict, the cases" check --quiet --strict --format jsonl "${cases[@]}"
same "trace, JSON Lines, the cases" trace --format jsonl "${cases[@]}"
same "trace, text, the cases" trace "${cases[@]}"

# (500 in the smaller builds, PGNSEM_PERFT_SCALE=0)
generated=2000
[[ ${PGNSEM_PERFT_SCALE:-1} == 0 ]] && generated=500
"$pgnsem" gen --seed 20261121 --games $generated --near-miss 0.3 >"$work/generated.pgn"
same "check, $generated generated games" check --quiet --format jsonl "$work/generated.pgn"
same "check --strict, $generated generated games" check --quiet --strict --format jsonl "$work/generated.pgn"
same "trace, $generated generated games" trace --format jsonl "$work/generated.pgn"

if path=$(python3 "$src/tests/cli/corpus_data.py" "$3" "$4"); then
  same "check, real games" check --quiet --format jsonl "$path"
  # --strict turns the warnings that the run above compared into errors, in the interpreter, the
  # same for both engines: the first 10,000 games of the file show it
  head -c "$(python3 - "$path" <<'PY'
import sys
# the offset of the 10,001st game's first tag line (a tag line after a line that is not one)
games = 0
offset = 0
in_tags = False
with open(sys.argv[1], 'rb') as f:
    for raw in f:
        if raw.lstrip().startswith(b'['):
            if not in_tags:
                games += 1
                if games > 10000:
                    break
            in_tags = True
        elif raw.strip():
            in_tags = False
        offset += len(raw)
print(offset)
PY
)" "$path" >"$work/first.pgn"
  same "check --strict, the first 10,000 real games" check --quiet --strict --format jsonl "$work/first.pgn"
else
  status=$?
  [[ $status == 77 ]] || exit "$status"
  echo "real games not compared: $path"
fi

if ((failed > 0)); then
  echo "$failed comparisons differ"
  exit 1
fi
echo "every comparison the same"
