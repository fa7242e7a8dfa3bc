#!/usr/bin/env bash
# The command line's manners: --version says project(VERSION) of CMakeLists.txt; check,
# trace and normalize read standard input when no file is given (and refuse a terminal there); a
# file that cannot be read is named on stderr, exit 2, without a summary of nothing; every command
# that writes JSON takes --format json and jsonl alike, one object per line; check --only-failures
# leaves the legal games out of the text report; every warning line names its file and game.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
ill=$src/examples/illegal.pgn tricky=$src/examples/legal-tricky.pgn

# --- --version ---------------------------------------------------------------------------------
version=$(sed -n 's/^project(pgnsem VERSION \([0-9.]*\) .*/\1/p' "$src/CMakeLists.txt")
out=$("$pgnsem" --version); status=$?
if [[ -n $version && $status == 0 && $out == "pgnsem $version" ]]; then ok; else bad "--version: '$out' (exit $status), CMakeLists.txt says '$version'"; fi

# --- standard input when no file is given ---------------------------------------------------
for cmd in "check --format jsonl" "trace --format jsonl" "normalize"; do
  "$pgnsem" $cmd - <"$ill" >"$tmp/dash" 2>/dev/null
  "$pgnsem" $cmd <"$ill" >"$tmp/none" 2>/dev/null
  if [[ -s $tmp/none ]] && cmp -s "$tmp/dash" "$tmp/none"; then ok; else bad "$cmd without a file does not read stdin as '-' does"; fi
done
# --erratum takes one value: a file (or -) after it is a file
"$pgnsem" check --format jsonl --erratum game-over=paper "$ill" 2>/dev/null | sed 's/^{"file":"[^"]*",//' >"$tmp/file"
"$pgnsem" check --format jsonl --erratum game-over=paper - <"$ill" 2>/dev/null | sed 's/^{"file":"[^"]*",//' >"$tmp/dash"
if [[ $(wc -l <"$tmp/file") == 24 ]] && cmp -s "$tmp/file" "$tmp/dash"; then ok; else bad "a file after --erratum is not read"; fi
# a terminal on stdin is nobody typing PGN: a usage error, not a wait
for cmd in check trace normalize; do
  python3 - "$pgnsem" $cmd >"$tmp/tty" 2>&1 <<'PY'
import os, pty, subprocess, sys
master, slave = pty.openpty()
try:
    p = subprocess.run(sys.argv[1:], stdin=slave, capture_output=True, timeout=20)
except subprocess.TimeoutExpired:
    print('waited for the terminal'); sys.exit(0)
sys.stdout.write(p.stderr.decode())
sys.exit(p.returncode)
PY
  status=$?
  if [[ $status == 2 ]] && grep -q "standard input is a terminal" "$tmp/tty"; then ok; else bad "$cmd with a terminal on stdin: exit $status: $(cat "$tmp/tty")"; fi
done

# --- a file that cannot be read ---------------------------------------------------------------
for what in "$tmp/no-such-file.pgn" "$tmp"; do
  for cmd in check trace normalize; do
    "$pgnsem" $cmd "$what" >"$tmp/out" 2>"$tmp/err"; status=$?
    if [[ $status == 2 && ! -s $tmp/out ]] && grep -q "^pgnsem: cannot [a-z]* $what: " "$tmp/err" &&
      ! grep -q "games, " "$tmp/err"; then ok; else bad "$cmd $what: exit $status, stderr: $(cat "$tmp/err")"; fi
  done
done
# with a readable file beside it, that file's summary stays, and the exit is still 2
"$pgnsem" check "$tmp/no-such-file.pgn" "$ill" >/dev/null 2>"$tmp/err"; status=$?
if [[ $status == 2 ]] && grep -q "^24 games, " "$tmp/err"; then ok; else bad "a missing file beside a readable one: exit $status, $(cat "$tmp/err")"; fi

# --- --format json = jsonl, one object per line -------------------------------------------------
same_json() {  # same_json NAME ARGS... (the ARGS take --format next)
  local name=$1; shift
  "$pgnsem" "$@" --format json >"$tmp/json" 2>/dev/null
  "$pgnsem" "$@" --format jsonl >"$tmp/jsonl" 2>/dev/null
  if [[ -s $tmp/json ]] && cmp -s "$tmp/json" "$tmp/jsonl" &&
    python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$tmp/json"; then ok; else
    bad "$name: --format json and jsonl differ, or a line is not one JSON object"; fi
}
same_json check check "$ill"
same_json trace trace "$ill"
same_json "fen (an argument)" fen "8/8/8/4k3/8/8/8/4K3 w - - 0 1"
printf '8/8/8/4k3/8/8/8/4K3 w - - 0 1\n\n8/8/8/4k3/8/8/8/3QK3 b - - 0 1\n' >"$tmp/two.fen"
same_json "fen (a file)" fen "$tmp/two.fen"
same_json errata errata
[[ $(wc -l <"$tmp/json") == 1 ]] && ok || bad "errata --format json is not one line"

# --- check --only-failures ---------------------------------------------------------------------
"$pgnsem" check -j 1 --format jsonl "$ill" "$tricky" 2>/dev/null >"$tmp/all.jsonl"
"$pgnsem" check -j 2 --only-failures "$ill" "$tricky" >"$tmp/only.txt" 2>"$tmp/only.err"; status=$?
"$pgnsem" check -j 1 "$ill" "$tricky" >"$tmp/full.txt" 2>"$tmp/full.err"
if python3 - "$tmp/all.jsonl" "$tmp/only.txt" "$tmp/full.txt" <<'PY'
import json, re, sys
verdicts = [json.loads(l) for l in open(sys.argv[1])]
failures = ['%s:%d' % (v['file'], v['game']) for v in verdicts if v['verdict'] != 'legal']
assert len(failures) > 0 and len(failures) < len(verdicts), 'the inputs need legal games and others'
def headers(path):
    return [m.group(1) for m in (re.match(r'^(\S+:\d+)  ', l) for l in open(path, encoding='utf-8')) if m]
assert headers(sys.argv[2]) == failures, (headers(sys.argv[2]), failures)
assert len(headers(sys.argv[3])) == len(verdicts)
# a failure's report is the full report's, line for line
full = open(sys.argv[3], encoding='utf-8').read()
assert all(block in full for block in open(sys.argv[2], encoding='utf-8').read().split('\n\n') if block)
PY
then ok; else bad "--only-failures does not keep exactly the games that are not legal"; fi
if [[ $status == 1 ]] && cmp -s <(grep -v '^time: ' "$tmp/only.err") <(grep -v '^time: ' "$tmp/full.err"); then ok; else
  bad "--only-failures: exit $status, or its summary is not the full report's"; fi
"$pgnsem" check --only-failures --format jsonl "$ill" >/dev/null 2>"$tmp/err"
[[ $? == 2 ]] && grep -q "only-failures" "$tmp/err" && ok || bad "--only-failures with jsonl is not a usage error"

# --- warnings name their game -------------------------------------------------------------------
if python3 - "$tmp/full.txt" <<'PY'
import re, sys
game, seen = None, 0
for line in open(sys.argv[1], encoding='utf-8'):
    m = re.match(r'^(\S+:\d+)  ', line)
    if m:
        game = m.group(1)
    if line.startswith('  warning '):
        seen += 1
        w = re.match(r'^  warning (\S+:\d+) line \d+:\d+ [a-z-]+: ', line)
        assert w and w.group(1) == game, (line, game)
assert seen >= 2, seen
PY
then ok; else bad "a warning line does not name its game"; fi

finish
