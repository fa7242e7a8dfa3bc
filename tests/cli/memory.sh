#!/usr/bin/env bash
# Memory is bounded by the configuration, never by the input (README "Limits"): the peak resident
# size of `check -j 2` and `trace -j 2` on a generated annotated file (about 100 KB per game: long
# comments and variations after every move) at 1x and at 4x its size. The test fails when the peak
# at 4x exceeds the peak at 1x by more than 20% or 8 MB, whichever is larger. Then one game of
# deeply nested variations, whose peak must stay within the README's bound.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -u
pgnsem=$1 build=$4
# Under the sanitizers (the checked build) the peak memory is theirs (quarantine, shadow), not
# pgnsem's: the runs are made and their verdicts and exit codes checked, the peaks are not, and the
# file at 4x its size, there only to compare peaks, is not read.
sanitized=${PGNSEM_SANITIZE:-0}
if [[ ! -x /usr/bin/time ]]; then
  echo "FAIL /usr/bin/time is missing (scripts/install-deps installs the time package)"
  exit 1
fi
tmp=$(mktemp -d "$build/memory.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# Legal games from gen, each move followed by a comment and a variation that plays the same move,
# padded to about 100 KB a game.
"$pgnsem" gen --seed 11 --games 160 >"$tmp/plain.pgn" || { echo "FAIL gen"; exit 1; }
python3 - "$tmp/plain.pgn" "$tmp" <<'PY' || { echo "FAIL generator"; exit 1; }
import re, sys
text = open(sys.argv[1]).read()
games = [g for g in re.split(r'\n\n(?=\[Event )', text) if g.strip()]
out = []
for n, g in enumerate(games):
    head, _, moves = g.partition('\n\n')
    tokens = moves.split()
    plies = sum(1 for t in tokens if not re.match(r'^\d+\.+$', t)) or 1
    words = ('the knight', 'a quiet move', 'better was', 'with the idea', 'White keeps', 'an old line')
    filler = ' '.join(words[(n + k) % len(words)] for k in range(100000 // plies // 12 + 1))
    body, number, white = [], '1', True
    for t in tokens[:-1]:
        m = re.match(r'^(\d+)(\.+)$', t)
        if m:
            number, white = m.group(1), m.group(2) == '.'
            body.append(t)
            continue
        body.append(t)
        body.append('{' + filler + '}')
        # the same move as a variation: legal, replayed from the position before it
        body.append('(' + number + ('.' if white else '...') + ' ' + t + ' {' + filler[:200] + '})')
        white = False
    body.append(tokens[-1])
    lines, line = [], ''
    for t in body:
        if len(line) + len(t) + 1 > 79 and line:
            lines.append(line)
            line = t
        else:
            line = (line + ' ' + t) if line else t
    lines.append(line)
    out.append(head + '\n\n' + '\n'.join(lines) + '\n')
with open(sys.argv[2] + '/x4.pgn', 'w') as f:
    f.write('\n'.join(out))
with open(sys.argv[2] + '/x1.pgn', 'w') as f:
    f.write('\n'.join(out[:40]))
PY
pass=0 fail=0
peak() {  # peak KB of: pgnsem ARGS... (stdout to a file, the exit status kept in $tmp/status)
  /usr/bin/time -f %M -o "$tmp/kb" "$pgnsem" "$@" >"$tmp/stdout" 2>"$tmp/stderr"
  echo $? >"$tmp/status"
  cat "$tmp/kb"
}
for cmd in check trace; do
  p1=$(peak $cmd -j 2 --format jsonl "$tmp/x1.pgn")
  s1=$(cat "$tmp/status")
  v1=$(wc -l <"$tmp/stdout")
  if [[ $sanitized == 1 ]]; then
    echo "$cmd -j 2: $v1 lines at 1x ($(stat -c %s "$tmp/x1.pgn") bytes); peaks not compared under the sanitizers"
    if [[ $cmd == check && $v1 != 40 ]]; then
      fail=$((fail+1)); echo "FAIL $cmd: expected 40 verdicts"
    elif [[ $s1 != 0 ]]; then
      fail=$((fail+1)); echo "FAIL $cmd: exit $s1, expected 0 (every generated game is legal)"; head -c 600 "$tmp/stderr"
    else
      pass=$((pass+1))
    fi
    continue
  fi
  p4=$(peak $cmd -j 2 --format jsonl "$tmp/x4.pgn")
  s4=$(cat "$tmp/status")
  v4=$(wc -l <"$tmp/stdout")
  allowed=$(( p1 / 5 > 8192 ? p1 / 5 : 8192 ))
  echo "$cmd -j 2: peak $p1 KB at 1x ($(stat -c %s "$tmp/x1.pgn") bytes, $v1 lines), $p4 KB at 4x ($(stat -c %s "$tmp/x4.pgn") bytes, $v4 lines); allowed growth $allowed KB"
  if [[ $cmd == check && ( $v1 != 40 || $v4 != 160 ) ]]; then
    fail=$((fail+1)); echo "FAIL $cmd: expected 40 and 160 verdicts"; continue
  fi
  if [[ $s1 != 0 || $s4 != 0 ]]; then
    fail=$((fail+1)); echo "FAIL $cmd: exit $s1 / $s4, expected 0 (every generated game is legal)"; head -c 600 "$tmp/stderr"; continue
  fi
  if (( p4 - p1 > allowed )); then
    fail=$((fail+1)); echo "FAIL $cmd -j 2: the peak grows with the input ($p1 KB -> $p4 KB)"
  else
    pass=$((pass+1))
  fi
done
# One game of nested variations: `1. e4 e5 (c5 (c5 … ))) 2. Nf3 *`, 2,000,000
# deep, 10 MB. The judging holds one position per open variation, not one per nested ply, so the
# peak is the AST's (README "Limits": at most 30 times the text for this game, at -j 1 and -j 2).
python3 -c "
import sys
n = 2000000
sys.stdout.write('1. e4 e5 ' + '(c5 ' * n + ')' * n + ' 2. Nf3 *\n')" >"$tmp/nested.pgn"
size_kb=$(( $(stat -c %s "$tmp/nested.pgn") / 1024 ))
for jobs in 1 2; do
  pn=$(peak check -j $jobs --format jsonl "$tmp/nested.pgn")
  sn=$(cat "$tmp/status")
  echo "check -j $jobs, 10 MB of nested variations: peak $pn KB for $size_kb KB of text; allowed $((30 * size_kb)) KB"
  if [[ $sn != 0 ]] || ! grep -q '"verdict":"legal"' "$tmp/stdout"; then
    fail=$((fail+1)); echo "FAIL nested variations -j $jobs: exit $sn, expected a legal game"; head -c 600 "$tmp/stderr"
  elif [[ $sanitized == 1 ]]; then
    pass=$((pass+1)); echo "nested variations: peak not compared under the sanitizers"
  elif (( pn > 30 * size_kb )); then
    fail=$((fail+1)); echo "FAIL nested variations -j $jobs: peak $pn KB over 30 times the text ($size_kb KB)"
  else
    pass=$((pass+1))
  fi
done
echo "$pass passed, $fail failed"
[[ $fail == 0 ]]
