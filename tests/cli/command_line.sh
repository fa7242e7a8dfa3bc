#!/usr/bin/env bash
# The command line's manners: --version says project(VERSION) of CMakeLists.txt; check,
# trace and normalize read standard input when no file is given (and refuse a terminal there); a
# file that cannot be read is named on stderr, exit 2, without a summary of nothing; every command
# that writes JSON writes one document with --format json, the objects --format jsonl writes one a
# line; check --only-failures
# leaves the legal games out of the text report; every warning line names its file and game.
# Numbers (README "Using it"): every numeric option and argument takes decimal digits within its
# range, and an empty value, a sign, a space, 0x, trailing junk, an overflow, nan or inf is a usage
# error naming the option, never some other number. Exit codes (README "Exit codes"): an empty PGN
# input is an empty answer (exit 0), fen without a record, explain without its --game or --ply exit
# 2; no command reads a file that standard output writes (normalize F >> F would never end), and
# gen --labels is not standard output. A first word that is no subcommand, and a flag the command
# does not have, are named with the nearest valid one.
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
"$pgnsem" check --format jsonl --erratum game-over=paper "$ill" 2>/dev/null | sed 's/"file":"[^"]*",//' >"$tmp/file"
"$pgnsem" check --format jsonl --erratum game-over=paper - <"$ill" 2>/dev/null | sed 's/"file":"[^"]*",//' >"$tmp/dash"
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

# --- a first word that is no subcommand is named, with the nearest one --------------------------
"$pgnsem" chek x >/dev/null 2>"$tmp/err"; status=$?
if [[ $status == 2 ]] && grep -q "no subcommand is called 'chek', did you mean 'check'?" "$tmp/err"; then ok; else
  bad "pgnsem chek x: exit $status, $(cat "$tmp/err")"; fi
"$pgnsem" qqqqqq >/dev/null 2>"$tmp/err"; status=$?
if [[ $status == 2 ]] && grep -q "no subcommand is called 'qqqqqq' (pgnsem --help lists them: check," "$tmp/err"; then ok; else
  bad "pgnsem qqqqqq: exit $status, $(cat "$tmp/err")"; fi

# --- a flag the command does not have is named, with the command and its nearest flag ------------
# (CLI11 said only "The following argument was not expected: --foo")
flag_error() {  # flag_error EXPECTED ARGS...: exit 2, and stderr is EXPECTED
  local expected=$1; shift
  "$pgnsem" "$@" </dev/null >/dev/null 2>"$tmp/err"; status=$?
  if [[ $status == 2 && $(cat "$tmp/err") == "$expected" ]]; then ok; else
    bad "pgnsem $*: exit $status, stderr '$(cat "$tmp/err")', not '$expected'"; fi
}
flag_error "pgnsem check: no option is called '--foo' (pgnsem check --help lists them)" check --foo "$ill"
flag_error "pgnsem check: no option is called '--fromat', did you mean '--format'? (pgnsem check --help lists them)" \
  check --fromat json "$ill"
flag_error "pgnsem check: no option is called '--qiuet', did you mean '--quiet'? (pgnsem check --help lists them)" \
  check --format jsonl --qiuet=1 "$ill"
# a flag of another subcommand
flag_error "pgnsem moves: no option is called '--divide' (pgnsem moves --help lists them)" moves --divide
# a one-letter flag is one edit from every other: no guess
flag_error "pgnsem perft: no option is called '-j' (pgnsem perft --help lists them)" perft -j 2 3
# before the subcommand (CLI11 said "A subcommand is required")
flag_error "pgnsem: no option is called '--verison', did you mean '--version'? (pgnsem --help lists them)" --verison

# --- the manual page (docs/pgnsem.1) has every subcommand `pgnsem --help` lists ----------------
for sub in $("$pgnsem" --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NF > 1 {print $1}'); do
  if grep -q "^\.B pgnsem $sub\$" "$src/docs/pgnsem.1"; then ok; else bad "docs/pgnsem.1 has no synopsis of $sub"; fi
done

# --- --format json and jsonl --------------------------------------------------------------------
# the commands of the output contract (docs/vocabulary.md): json is one document, jsonl one object a line,
# with the same objects (cli:schemas checks them against their schemas)
same_objects() {  # same_objects NAME ARGS... (the ARGS take --format next)
  local name=$1; shift
  "$pgnsem" "$@" --format json >"$tmp/json" 2>/dev/null
  "$pgnsem" "$@" --format jsonl >"$tmp/jsonl" 2>/dev/null
  if [[ -s $tmp/json ]] && python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
lines = [json.loads(l) for l in open(sys.argv[2])]
assert isinstance(doc, list) and doc == lines and len(lines) > 0
' "$tmp/json" "$tmp/jsonl"; then ok; else
    bad "$name: --format json is not one document holding the objects --format jsonl writes a line each"; fi
}
same_objects errata errata
same_objects check check "$ill"
same_objects "check -j 2 of two files" check -j 2 "$ill" "$ill"
same_objects trace trace "$ill"
same_objects "trace -j 2" trace -j 2 "$ill"
same_objects moves moves
same_objects perft perft 2 --divide
same_objects san san e4 Nf3
same_objects "fen (an argument)" fen "8/8/8/4k3/8/8/8/4K3 w - - 0 1"
printf '8/8/8/4k3/8/8/8/4K3 w - - 0 1\n\n8/8/8/4k3/8/8/8/3QK3 b - - 0 1\n' >"$tmp/two.fen"
same_objects "fen (a file)" fen "$tmp/two.fen"
same_objects explain explain "$ill"

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


# --- numbers: decimal digits within the option's range, nothing else (README "Using it") ----------
king_fen='8/8/8/4k3/8/8/8/4K3 w - - 0 1'
# (perft from a checkmate: a depth misread as another number is still counted at once)
mated='rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq -'
# refused NAME ARGS...: pgnsem ARGS is a usage error: exit 2, nothing on stdout, NAME on stderr
# (within a minute: a value misread as a large number must not make the test wait for it)
refused() {
  local name=$1; shift
  timeout 60 "$pgnsem" "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
  if [[ $status == 2 && ! -s $tmp/out ]] && grep -qF -- "$name" "$tmp/err"; then ok; else
    bad "$(printf '%q ' "$@"): exit $status, $(wc -c <"$tmp/out") bytes on stdout, stderr: $(head -c 300 "$tmp/err")"; fi
}
for v in '' 5x ' 5' '5 ' +5 -1 0x10 1e3 1.0 18446744073709551616 100000000000000000000000 -18446744073709551615; do
  refused --seed gen --seed "$v" --games 1
  refused --games gen --seed 1 --games "$v"
  refused --jobs check -j "$v" --quiet "$ill"
  refused --jobs trace -j "$v" --quiet "$ill"
  refused --game explain --game "$v" "$ill"
  refused --ply explain --ply "$v" "$ill"
  refused --dead-budget fen --dead-budget "$v" "$king_fen"
  # (a value with a leading - is read as an option there, also a usage error: contract.sh)
  [[ $v == -* ]] || refused depth perft "$v" --fen "$mated"
done
for v in 33 4294967296; do refused depth perft "$v" --fen "$mated"; done
for v in 0 257; do refused --jobs check -j "$v" "$ill"; done
refused --games gen --seed 1 --games 4294967296
refused --dead-budget fen --dead-budget 10000001 "$king_fen"
for v in '' nan NaN inf -inf infinity -0.5 1.5 1.0000001 0x1p-1 ' 0.5' +0.5 0.5x 1,5; do
  refused --near-miss gen --seed 1 --games 1 --near-miss "$v"
done
# the message gives the range
run gen --seed -1 --games 1
grep -qF -- "--seed: '-1' is not a whole number from 0 to 18446744073709551615" "$tmp/err" && ok || bad "--seed -1: $(cat "$tmp/err")"
run gen --seed '' --games 1
grep -qF -- "--seed: the value is empty; it must be a whole number from 0 to 18446744073709551615" "$tmp/err" && ok ||
  bad "--seed '': $(cat "$tmp/err")"
run gen --seed 1 --games 1 --near-miss nan
grep -qF -- "--near-miss: 'nan' is not a number from 0 to 1" "$tmp/err" && ok || bad "--near-miss nan: $(cat "$tmp/err")"
# what is accepted: the ends of each range, a leading 0 read as decimal (not octal), fractions
"$pgnsem" gen --seed 18446744073709551615 --games 2 >"$tmp/max.pgn"; s1=$?
"$pgnsem" gen --seed 0 --games 2 >"$tmp/zero.pgn"; s2=$?
if [[ $s1 == 0 && $s2 == 0 && -s $tmp/max.pgn && -s $tmp/zero.pgn ]] && ! cmp -s "$tmp/max.pgn" "$tmp/zero.pgn"; then ok; else
  bad "seeds 0 and 2^64-1: exit $s1, $s2, or the same games"; fi
"$pgnsem" gen --seed 010 --games 2 --near-miss .5 >"$tmp/a.pgn"
"$pgnsem" gen --seed 10 --games 2 --near-miss 0.5 >"$tmp/b.pgn"
"$pgnsem" gen --seed 8 --games 2 --near-miss 5e-1 >"$tmp/c.pgn"
if [[ -s $tmp/a.pgn ]] && cmp -s "$tmp/a.pgn" "$tmp/b.pgn" && ! cmp -s "$tmp/a.pgn" "$tmp/c.pgn"; then ok; else
  bad "--seed 010 is not seed 10, or --near-miss .5 not 0.5"; fi
run gen --seed 1 --games 0
[[ $status == 0 && ! -s $tmp/out ]] && ok || bad "--games 0: exit $status"
for v in 0 1; do
  run gen --seed 3 --games 4 --near-miss "$v"
  [[ $status == 0 && -s $tmp/out ]] && ok || bad "--near-miss $v: exit $status: $(cat "$tmp/err")"
done
run perft 0
[[ $status == 0 && $(cat "$tmp/out") == "Nodes searched: 1" ]] && ok || bad "perft 0: exit $status"
# depth 32 is allowed: from a checkmate it is counted at once
run perft 32 --fen "$mated"
[[ $status == 0 && $(cat "$tmp/out") == "Nodes searched: 0" ]] && ok || bad "perft 32: exit $status: $(cat "$tmp/err")"
run check -j 01 --quiet --format jsonl "$ill"
[[ $status == 1 && $(wc -l <"$tmp/out") == 24 ]] && ok || bad "check -j 01: exit $status"

# --- empty input: an empty answer where the input is a database, exit 2 where something is asked for
: >"$tmp/empty.pgn"
for cmd in "check" "check --format jsonl" "trace" "normalize" "explain" "explain --ply 3"; do
  run $cmd "$tmp/empty.pgn"
  [[ $status == 0 && ! -s $tmp/out ]] && ok || bad "$cmd on an empty file: exit $status: $(cat "$tmp/err")"
done
run fen "$tmp/empty.pgn"
[[ $status == 2 && ! -s $tmp/out ]] && grep -q "no FEN" "$tmp/err" && ok || bad "fen on an empty file: exit $status"

# --- explain: a game without the ply --ply asks for, a file without game N: exit 2 -------------
printf '1. e4 e5 *\n' >"$tmp/e4.pgn"
run explain --ply 999 "$tmp/e4.pgn"
if [[ $status == 2 ]] && grep -qF "pgnsem explain: $tmp/e4.pgn game 1: the game has no ply 999: [[S]] played 2 plies" "$tmp/err" &&
  grep -q "the game has no ply 999" "$tmp/out"; then ok; else bad "explain --ply 999: exit $status: $(cat "$tmp/err")"; fi
run explain --ply 2 "$tmp/e4.pgn"
[[ $status == 0 ]] && grep -q '^ply 2  1\.\.\. e5' "$tmp/out" && ok || bad "explain --ply 2: exit $status: $(cat "$tmp/out" "$tmp/err")"
# after the ply where the game is illegal (game 1 of illegal.pgn is ⊥ at ply 5); the other games explained
run explain --format jsonl --ply 6 "$ill" "$tmp/e4.pgn"
if [[ $status == 2 && $(wc -l <"$tmp/out") == 25 ]] && grep -qF "$ill game 1: the game has no ply 6" "$tmp/err" &&
  grep -qF "$tmp/e4.pgn game 1: the game has no ply 6" "$tmp/err"; then ok; else bad "explain --ply 6: exit $status: $(cat "$tmp/err")"; fi
run explain --game 2 "$ill" "$tmp/e4.pgn"
if [[ $status == 2 ]] && grep -qF "pgnsem explain: no game 2 in $tmp/e4.pgn" "$tmp/err" && grep -qF "$ill:2" "$tmp/out"; then ok; else
  bad "explain --game 2 with a file of one game: exit $status: $(cat "$tmp/err")"; fi

# --- no command reads what standard output writes (README "Exit codes") ----------------------------
printf '%s\n\n%s\n' "$king_fen" '8/8/8/4k3/8/8/8/3QK3 b - - 0 1' >"$tmp/two.fen"
for cmd in "check" "check --format jsonl" "trace" "explain" "normalize" "fen"; do
  want=$ill
  [[ $cmd == fen ]] && want=$tmp/two.fen
  cp "$want" "$tmp/self"
  timeout 60 "$pgnsem" $cmd "$tmp/self" >>"$tmp/self" 2>"$tmp/err"; status=$?
  if [[ $status == 2 ]] && cmp -s "$tmp/self" "$want" && grep -qF "pgnsem ${cmd%% *}: standard output is $tmp/self, which is also read" "$tmp/err"
  then ok; else bad "$cmd F >> F: exit $status, F $(wc -c <"$tmp/self") bytes (was $(wc -c <"$want")): $(head -c 300 "$tmp/err")"; fi
done
cp "$ill" "$tmp/self"
ln -sf "$tmp/self" "$tmp/link"
for cmd in "normalize -" "check" "trace --format jsonl -" "explain -"; do
  timeout 60 "$pgnsem" $cmd <"$tmp/self" >>"$tmp/link" 2>"$tmp/err"; status=$?
  if [[ $status == 2 ]] && cmp -s "$tmp/self" "$ill" && grep -qF "standard output is the file standard input reads" "$tmp/err"; then ok
  else bad "$cmd <F >>F: exit $status: $(head -c 300 "$tmp/err")"; fi
done
timeout 60 "$pgnsem" fen - <"$tmp/two.fen" >>"$tmp/two.fen" 2>/dev/null; status=$?
[[ $status == 2 ]] && ok || bad "fen - <F >>F: exit $status"
# a character device keeps nothing to read back: /dev/null on both sides is harmless
"$pgnsem" check --quiet /dev/null >/dev/null 2>&1; status=$?
[[ $status == 0 ]] && ok || bad "check /dev/null >/dev/null: exit $status"
# gen --labels is not standard output (two handles would overwrite each other)
"$pgnsem" gen --seed 3 --games 5 --near-miss 0.5 --labels "$tmp/gen.out" >"$tmp/gen.out" 2>"$tmp/err"; status=$?
if [[ $status == 2 && ! -s $tmp/gen.out ]] && grep -qF -- "--labels $tmp/gen.out is also standard output" "$tmp/err"; then ok; else
  bad "gen --labels F >F: exit $status: $(cat "$tmp/err")"; fi
( "$pgnsem" gen --seed 3 --games 5 --labels /dev/stdout 2>"$tmp/err"; echo $? >"$tmp/status" ) | cat >"$tmp/out"
[[ $(cat "$tmp/status") == 2 && ! -s $tmp/out ]] && ok || bad "gen --labels /dev/stdout into a pipe: exit $(cat "$tmp/status")"

finish
