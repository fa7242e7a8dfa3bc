#!/usr/bin/env bash
# Interrupted mid-run (README "Exit codes"), a command ends by the signal — status 128 + N, no
# summary — and what it wrote ends with a whole line: every line of `check --format jsonl` and
# `trace --format jsonl` parses as JSON, the text report ends where a verdict ends, and normalize's
# and gen's output where a game ends. Each command runs on 300,000 games (3,000 generated games read 100 times
# from a pipe) with its output in a file, and gets SIGTERM, SIGINT or SIGHUP after a delay from 0.2 to
# 1.1 s: a run of many delays, so that a write cut in its middle cannot go unseen (stdio writes
# whole buffers of 4 KiB; one of them ending at a line end is a chance of about 1 in 300).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
# job control: a background job keeps SIGINT (a script's background jobs otherwise ignore it)
set -m

"$pgnsem" gen --seed 5 --games 3000 >"$tmp/g.pgn"
games() { for _ in $(seq 100); do cat "$tmp/g.pgn"; done; }
declare -A number=([TERM]=15 [INT]=2 [HUP]=1)
wrote=0

# interrupt SIGNAL DELAY KIND ARGS...: pgnsem ARGS on the games, SIGNAL after DELAY seconds; the
# output is checked as KIND (jsonl, text or pgn)
interrupt() {
  local sig=$1 delay=$2 kind=$3
  shift 3
  "$pgnsem" "$@" >"$tmp/out" 2>"$tmp/err" < <(games) &
  local pid=$!
  sleep "$delay"
  # (the shell's notice of a job ended by a signal is not the test's)
  { kill -s "$sig" $pid; wait $pid; } 2>/dev/null
  local status=$? label="$* (SIG$sig after $delay s)"
  [[ -s $tmp/out ]] && wrote=$((wrote + 1))
  if [[ $status == $((128 + number[$sig])) ]]; then ok; else bad "$label: exit $status"; fi
  if [[ ! -s $tmp/err ]]; then ok; else bad "$label: stderr: $(head -c 300 "$tmp/err")"; fi
  if python3 - "$tmp/out" "$kind" <<'PY'; then ok; else bad "$label: the output does not end with a whole line"; fi
import json, re, sys
data = open(sys.argv[1], 'rb').read()
kind = sys.argv[2]
if not data:
    sys.exit(0)
if not data.endswith(b'\n'):
    print('the output ends inside a line:', data[-80:])
    sys.exit(1)
lines = data[:-1].split(b'\n')
if kind == 'jsonl':
    for n, line in enumerate(lines, 1):
        try:
            json.loads(line)
        except ValueError:
            print('line', n, 'is not JSON:', line[:80])
            sys.exit(1)
elif kind == 'text':
    # a verdict ends with its own line (a legal game without warnings) or its board's file letters
    if not re.match(rb'^\S+:\d+ .*(legal|illegal|malformed|unsupported)', lines[-1]) and lines[-1] != b'  a   b   c   d   e   f   g   h':
        print('the last line is not the end of a verdict:', lines[-1][:80])
        sys.exit(1)
else:
    # a game ends with its result marker, then a blank line (or the end)
    last = lines[-1] if lines[-1] else lines[-2]
    if not re.search(rb'(1-0|0-1|1/2-1/2|\*)$', last):
        print("the last game's last line is not its end:", last[-80:])
        sys.exit(1)
PY
}

for delay in 0.2 0.5 0.8 1.1; do
  interrupt TERM $delay jsonl check -j 1 --format jsonl -
  interrupt TERM $delay jsonl check -j 2 --format jsonl -
done
for delay in 0.3 0.7; do
  interrupt INT $delay jsonl check -j 2 --format jsonl -
  interrupt HUP $delay jsonl check -j 1 --format jsonl -
  interrupt TERM $delay text check -j 2 --format text -
  interrupt TERM $delay pgn normalize -
done
interrupt TERM 0.3 jsonl trace -j 2 --format jsonl -
interrupt INT 0.4 jsonl trace -j 1 --format jsonl -
# gen writes its own games (it leaves its standard input alone): more than the delay lets it write
interrupt TERM 0.3 pgn gen --seed 5 --games 300000
interrupt HUP 0.6 pgn gen --seed 5 --games 300000
# a run that wrote nothing before its signal proves nothing; many must have written (fewer in the
# slower, sanitized build)
if ((wrote >= 8)); then ok; else bad "only $wrote of 20 runs wrote anything before their signal"; fi

finish
