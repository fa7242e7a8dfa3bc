#!/usr/bin/env bash
# Output errors (README "Exit codes"): with stdout on a full disk (/dev/full) every subcommand, for
# a small and a large output, exits 2 and says "pgnsem: write error: No space left on device";
# a closed pipe (`| head -c 10`) stays quiet: the process is killed by SIGPIPE (status 141).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -u
pgnsem=$1 build=$4
tmp=$(mktemp -d "$build/write_errors.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
if [[ ! -w /dev/full ]]; then echo "FAIL /dev/full is missing"; exit 1; fi
"$pgnsem" gen --seed 3 --games 2 >"$tmp/small.pgn"
"$pgnsem" gen --seed 3 --games 3000 --near-miss 0.1 >"$tmp/large.pgn"
printf 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n' >"$tmp/one.fen"
for i in $(seq 2000); do printf 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 %d\n' $i; done >"$tmp/many.fen"
full() {  # full NAME COMMAND...: stdout on /dev/full
  local name=$1; shift
  "$@" >/dev/full 2>"$tmp/err"; local got=$?
  if [[ $got == 2 ]] && grep -q '^pgnsem: write error: No space left on device$' "$tmp/err"; then
    pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL $name > /dev/full: exit $got, stderr:"; head -c 400 "$tmp/err"; echo
  fi
}
piped() {  # piped NAME COMMAND...: stdout into head -c 10
  local name=$1; shift
  "$@" 2>"$tmp/err" | head -c 10 >/dev/null
  local got=${PIPESTATUS[0]}
  if [[ $got == 141 && ! -s "$tmp/err" ]]; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL $name | head -c 10: exit $got (expected 141), stderr:"; head -c 400 "$tmp/err"; echo; fi
}
for j in 1 2; do
  for size in small large; do
    full "check -j $j $size" "$pgnsem" check -j $j --quiet "$tmp/$size.pgn"
    full "check -j $j --format jsonl $size" "$pgnsem" check -j $j --quiet --format jsonl "$tmp/$size.pgn"
    full "trace -j $j $size" "$pgnsem" trace -j $j "$tmp/$size.pgn"
  done
  piped "check -j $j" "$pgnsem" check -j $j --quiet "$tmp/large.pgn"
  piped "trace -j $j" "$pgnsem" trace -j $j --format jsonl "$tmp/large.pgn"
done
full "fen small" "$pgnsem" fen "$tmp/one.fen"
full "fen large" "$pgnsem" fen "$tmp/many.fen"
full "fen json large" "$pgnsem" fen --format json "$tmp/many.fen"
full "perft small" "$pgnsem" perft 1
full "perft large" "$pgnsem" perft 2 --divide
full "gen small" "$pgnsem" gen --seed 1 --games 1
full "gen large" "$pgnsem" gen --seed 1 --games 2000
full "normalize small" "$pgnsem" normalize "$tmp/small.pgn"
full "normalize large" "$pgnsem" normalize "$tmp/large.pgn"
full "moves" "$pgnsem" moves
full "moves json" "$pgnsem" moves --format json --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -'
full "san" "$pgnsem" san e4 0-0 Nz9
full "san --fen json" "$pgnsem" san --format json --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' e4 Nf3
full "errata" "$pgnsem" errata
full "errata json" "$pgnsem" errata --format json
full "errata jsonl" "$pgnsem" errata --format jsonl
full "perft json" "$pgnsem" perft 2 --divide --format json
"$pgnsem" gen --seed 1 --games 50 --labels /dev/full >/dev/null 2>"$tmp/err"; got=$?
if [[ $got == 2 ]] && grep -q '^pgnsem: write error: /dev/full: No space left on device$' "$tmp/err"; then pass=$((pass+1)); else
  fail=$((fail+1)); echo "FAIL gen --labels /dev/full: exit $got"; cat "$tmp/err"; fi
piped "fen" "$pgnsem" fen "$tmp/many.fen"
piped "gen" "$pgnsem" gen --seed 1 --games 2000
piped "normalize" "$pgnsem" normalize "$tmp/large.pgn"
# What was written before is what a good run writes: a full disk never changes the bytes.
"$pgnsem" check -j 2 --quiet --format jsonl "$tmp/large.pgn" >"$tmp/ok" 2>/dev/null
if [[ $(wc -l <"$tmp/ok") == 3000 ]]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL check on a normal stdout"; fi
echo "$pass passed, $fail failed"
[[ $fail == 0 ]]
