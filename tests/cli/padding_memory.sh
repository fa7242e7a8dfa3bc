#!/usr/bin/env bash
# A stretch of input without a game boundary — NUL padding after a game, as a tape or a disk image
# leaves it — costs `check -j N` a bounded amount of memory, whatever its length and N (README,
# "The reference and the fast path"): at most 12 MiB more than the same games without it (one block
# of 4 MiB, the buffer it is read into, the reader that reads on from there). Peak resident sizes
# (GNU time's %M, as tests/cli/memory.sh) of one game, 20 MB or 80 MB of NUL bytes, then another
# game, read from a pipe (nothing written to disk), at -j 2 and -j 4, against the two games alone;
# the verdicts are -j 1's.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
if [[ ! -x /usr/bin/time ]]; then
  echo "FAIL /usr/bin/time is missing (scripts/install-deps installs the time package)"
  exit 1
fi
# under the sanitizers the peaks are theirs: the runs and their verdicts are checked, not the peaks
sanitized=${PGNSEM_SANITIZE:-0}

"$pgnsem" gen --seed 4 --games 2 >"$tmp/g.pgn"
sed -n '/^\[Event/,$p' "$tmp/g.pgn" | awk 'NR > 1 && /^\[Event/ { exit } { print }' >"$tmp/first.pgn"
tail -n +$(($(wc -l <"$tmp/first.pgn") + 1)) "$tmp/g.pgn" >"$tmp/second.pgn"
padded() {  # padded MB: the first game, MB million NUL bytes, the second game
  cat "$tmp/first.pgn"
  head -c $(($1 * 1000000)) /dev/zero
  cat "$tmp/second.pgn"
}
# peak J MB: the peak (KiB) of check -j J on padded MB, its output in $tmp/out.J.MB with the games'
# offsets left out (the padding moves the second game)
peak() {
  padded "$2" | /usr/bin/time -f %M -o "$tmp/kb" "$pgnsem" check -j "$1" --quiet --format jsonl - >"$tmp/raw" 2>"$tmp/err"
  echo $? >"$tmp/status"
  sed 's/"offset":[0-9]*,//' "$tmp/raw" >"$tmp/out.$1.$2"
  cat "$tmp/kb"
}

padded 20 | "$pgnsem" check -j 1 --quiet --format jsonl - >"$tmp/raw" 2>/dev/null
status=$?
sed 's/"offset":[0-9]*,//' "$tmp/raw" >"$tmp/ref"
if [[ $(wc -l <"$tmp/ref") == 2 ]]; then ok; else bad "-j 1 does not find the two games around the padding"; cat "$tmp/ref"; fi
for j in 2 4; do
  none=$(peak $j 0)
  for mb in 20 80; do
    kb=$(peak $j $mb)
    if cmp -s "$tmp/ref" "$tmp/out.$j.$mb" && [[ $(cat "$tmp/status") == "$status" ]]; then ok; else
      bad "-j $j with $mb MB of padding: the verdicts or the status (exit $(cat "$tmp/status")) differ from -j 1's"
      diff "$tmp/ref" "$tmp/out.$j.$mb" | head -4
    fi
    echo "check -j $j: peak $none KiB without padding, $kb KiB with $mb MB of NUL bytes"
    if [[ $sanitized == 1 ]]; then
      ok
    elif ((kb - none <= 12 * 1024)); then ok; else
      bad "-j $j: $mb MB of padding costs $((kb - none)) KiB, over 12 MiB"
    fi
  done
done

finish
