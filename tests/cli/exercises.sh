#!/usr/bin/env bash
# The exercises of proofs-notes/exercises.md and their grader (scripts/grade-exercise): every model
# answer tests/exercises/answers/N.pgn passes, every wrong answer tests/exercises/wrong/N-*.pgn fails
# (exit 1, not a usage error), every exercise has both; the exercises' numbers and titles in the note
# are those of tests/exercises/exercises.json. Then the grader itself can fail: with a predicate
# dropped from a copy of the spec, the wrong answer that only that predicate rejects passes.
# Needs python3 only; a few seconds.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
grade="$src/scripts/grade-exercise"
dir="$src/tests/exercises"

numbers=$(python3 "$grade" --list | cut -f1)
[[ -n $numbers ]] && ok || bad "grade-exercise --list lists no exercise"

for n in $numbers; do
  # the model answer passes under both readings
  if [[ -f $dir/answers/$n.pgn ]]; then
    python3 "$grade" "$n" "$dir/answers/$n.pgn" --pgnsem "$pgnsem" >"$tmp/out" 2>&1
    status=$?
    [[ $status == 0 ]] && ok || { bad "exercise $n: the model answer does not pass (exit $status)"; cat "$tmp/out"; }
  else
    bad "exercise $n has no model answer tests/exercises/answers/$n.pgn"
  fi
  # every wrong answer is rejected: exit 1 and a FAIL line
  wrong=("$dir"/wrong/"$n"-*.pgn)
  [[ -f ${wrong[0]} ]] || bad "exercise $n has no wrong answer tests/exercises/wrong/$n-*.pgn"
  for f in "${wrong[@]}"; do
    [[ -f $f ]] || continue
    python3 "$grade" "$n" "$f" --pgnsem "$pgnsem" >"$tmp/out" 2>&1
    status=$?
    if [[ $status == 1 ]] && grep -q "^exercise $n: FAIL$" "$tmp/out"; then ok; else
      bad "exercise $n: the wrong answer $(basename "$f") is not rejected (exit $status)"
      cat "$tmp/out"
    fi
  done
done

# no answer file for an exercise that does not exist
for f in "$dir"/answers/*.pgn "$dir"/wrong/*.pgn; do
  n=$(basename "$f" .pgn)
  n=${n%%-*}
  grep -qx "$n" <<<"$numbers" && ok || bad "$f answers exercise $n, which exercises.json does not have"
done

# the note lists the same exercises, in order: its "## N. Title" headings
python3 "$grade" --list | cut -f1,2 | sed 's/\t/. /' >"$tmp/spec"
sed -n 's/^## \([0-9][0-9]*\. .*\)$/\1/p' "$src/proofs-notes/exercises.md" >"$tmp/note"
if diff -u "$tmp/spec" "$tmp/note" >"$tmp/diff"; then ok; else
  bad "proofs-notes/exercises.md's headings (+) differ from tests/exercises/exercises.json (-):"
  cat "$tmp/diff"
fi

# The grader can fail the other way too: exercise 6's wrong answer 6-king-survives is legal under the
# paper's reading and illegal under the Laws', so only the predicate king-captured rejects it; with
# the predicate dropped from a copy of the spec, it passes.
python3 - "$dir/exercises.json" "$tmp/spec.json" <<'EOF'
import json, sys
spec = json.load(open(sys.argv[1]))
for ex in spec['exercises']:
    if ex['number'] == 6:
        for r in ex['readings']:
            r.get('predicates', []).clear()
json.dump(spec, open(sys.argv[2], 'w'))
EOF
python3 "$grade" 6 "$dir/wrong/6-king-survives.pgn" --pgnsem "$pgnsem" --spec "$tmp/spec.json" >"$tmp/out" 2>&1
status=$?
[[ $status == 0 ]] && ok || { bad "without king-captured, 6-king-survives is still rejected (exit $status)"; cat "$tmp/out"; }

# usage errors are exit 2, not a verdict
python3 "$grade" 99 "$dir/answers/1.pgn" --pgnsem "$pgnsem" >"$tmp/out" 2>&1
status=$?
[[ $status == 2 ]] && ok || bad "an exercise that does not exist: exit $status, not 2"
python3 "$grade" 1 "$dir/answers/1.pgn" --pgnsem "$tmp/no-such-pgnsem" >"$tmp/out" 2>&1
status=$?
[[ $status == 2 ]] && ok || bad "a pgnsem that does not run: exit $status, not 2"
finish
