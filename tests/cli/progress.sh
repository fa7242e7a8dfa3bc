#!/usr/bin/env bash
# The progress line (io/progress.hpp): drawn in place on stderr when it is a terminal (a
# pseudo-terminal here, python3's pty module) and stdout is not; never when stderr is a pipe or a
# file, or with --quiet; erased before the summary.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
# The line redrawn every 2 ms (PGNSEM_PROGRESS_MS, a hidden knob; 100 ms otherwise), so that a run
# of some tens of milliseconds draws it several times.
export PGNSEM_PROGRESS_MS=2
# (1,500 games four times; 400 in the smaller builds, PGNSEM_PERFT_SCALE=0, slower by as much)
games=1500
[[ ${PGNSEM_PERFT_SCALE:-1} == 0 ]] && games=400
all=$((4 * games))
"$pgnsem" gen --seed 5 --games $games >"$tmp/one.pgn"
cat "$tmp/one.pgn" "$tmp/one.pgn" "$tmp/one.pgn" "$tmp/one.pgn" >"$tmp/games.pgn"
gzip -c "$tmp/games.pgn" >"$tmp/games.pgn.gz"
gzip -c "$tmp/one.pgn" >"$tmp/one.pgn.gz"
# on_tty OUT ARGS...: runs pgnsem ARGS with stderr on a pseudo-terminal and stdout to /dev/null;
# what the terminal received goes to OUT
on_tty() {
  local out=$1; shift
  python3 - "$out" "$pgnsem" "$@" <<'PY'
import os, pty, subprocess, sys
out, cmd = sys.argv[1], sys.argv[2:]
master, slave = pty.openpty()
p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
os.close(slave)
data = b''
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the last writer closed the terminal
        break
    if not chunk:
        break
    data += chunk
p.wait()
open(out, 'wb').write(data)
sys.exit(p.returncode)
PY
}
for input in games.pgn games.pgn.gz; do
  for j in 1 2; do
    on_tty "$tmp/tty" check -j $j --format jsonl "$tmp/$input"
    # the line: \r, the file, the games, the share of the file, the rate, erased to the line's end
    draws=$(grep -ao $'\rpgnsem: [^\r]*: [0-9,]* games, *[0-9]*% of [0-9.]* [kKMG]*B, [0-9,]* games/s\e\[K' "$tmp/tty" | wc -l)
    if ((draws >= 2)); then ok; else bad "$input -j $j: $draws progress lines on a terminal: $(cat -v "$tmp/tty" | head -c 600)"; fi
    # erased before the summary, which starts a line of its own
    if grep -aq $'\r\e\[K'"$all games, " "$tmp/tty"; then ok; else bad "$input -j $j: the line is not erased before the summary"; fi
  done
done
on_tty "$tmp/tty" check -j 1 --quiet --format jsonl "$tmp/one.pgn"
if [[ ! -s $tmp/tty ]]; then ok; else bad "--quiet still writes: $(cat -v "$tmp/tty" | head -c 300)"; fi
on_tty "$tmp/tty" trace -j 2 --format jsonl "$tmp/one.pgn.gz"
if grep -aq $'\rpgnsem: .* games/s\e\[K' "$tmp/tty"; then ok; else bad "trace draws no progress line"; fi
on_tty "$tmp/tty" trace -j 2 --quiet --format jsonl "$tmp/one.pgn.gz"
if [[ ! -s $tmp/tty ]]; then ok; else bad "trace --quiet still writes"; fi
# not a terminal: a pipe or a file gets the summary only, no \r and no escape sequence
"$pgnsem" check -j 2 --format jsonl "$tmp/games.pgn" 2>&1 >/dev/null | cat >"$tmp/pipe"
if grep -q "^$all games, " "$tmp/pipe" && ! grep -q $'[\r\e]' "$tmp/pipe"; then ok; else bad "progress in a pipe: $(cat -v "$tmp/pipe" | head -c 300)"; fi
"$pgnsem" check -j 1 --format jsonl "$tmp/games.pgn" >/dev/null 2>"$tmp/file"
if grep -q "^$all games, " "$tmp/file" && ! grep -q $'[\r\e]' "$tmp/file"; then ok; else bad "progress in a file: $(cat -v "$tmp/file" | head -c 300)"; fi

finish
