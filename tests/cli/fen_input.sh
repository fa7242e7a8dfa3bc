#!/usr/bin/env bash
# `pgnsem fen` input (README "pgnsem fen"): read errors exit 2 with a message; no FEN at all exits 2
# with a message and nothing on stdout; one record of input gives one object of output, a record
# that does not parse an error object in its place (exit 1); input is read record by record.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
mkdir "$tmp/dir"
run fen "$tmp/dir"
if [[ $status == 2 && ! -s "$tmp/out" ]] && grep -q "Is a directory" "$tmp/err"; then ok; else bad "a directory: exit $status"; cat "$tmp/err"; fi
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' >"$tmp/locked.fen"
chmod 000 "$tmp/locked.fen"
if [[ -r "$tmp/locked.fen" ]]; then ok  # root reads every file: nothing to test
else
  run fen "$tmp/locked.fen"
  if [[ $status == 2 && ! -s "$tmp/out" ]] && grep -q "Permission denied" "$tmp/err"; then ok; else bad "an unreadable file: exit $status"; cat "$tmp/err"; fi
fi
: >"$tmp/empty.fen"
run fen "$tmp/empty.fen"
if [[ $status == 2 && ! -s "$tmp/out" && -s "$tmp/err" ]]; then ok; else bad "an empty file: exit $status"; fi
printf '\n  \n\n' >"$tmp/blank.fen"
run fen --format jsonl "$tmp/blank.fen"
if [[ $status == 2 && ! -s "$tmp/out" && -s "$tmp/err" ]]; then ok; else bad "a blank file: exit $status"; fi
"$pgnsem" fen - </dev/null >"$tmp/out" 2>"$tmp/err"; status=$?
if [[ $status == 2 && ! -s "$tmp/out" && -s "$tmp/err" ]]; then ok; else bad "empty stdin: exit $status"; fi
run fen "$tmp/no-such-file.fen"
if [[ $status == 2 && ! -s "$tmp/out" ]] && grep -q "No such file" "$tmp/err"; then ok; else bad "a missing file: exit $status"; cat "$tmp/err"; fi
# Records line up with the objects: plain FENs, a bad one, a seed-001 record with tags and a
# comment over two lines, CRLF line ends.
{
  printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\r\n'
  printf 'not a fen at all\r\n'
  printf '\r\n'
  printf '[Event "study"]\n[White "A"]\n8/8/8/8/8/8/8/K6k w - - 0 1 {a long\ncomment}\n'
  printf '8/8/8/8/8/8/8/8 w - - 0 1\n'
  printf '4k3/8/8/8/8/8/8/4K3 b - - 3 40\n'
} >"$tmp/mixed.fen"
run fen --format jsonl "$tmp/mixed.fen"
if [[ $status == 1 ]] && python3 - "$tmp/out" <<'PY'
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1])]
assert len(objs) == 5, objs
assert objs[0]['legal'] is True and objs[0]['fen'].startswith('rnbqkbnr/'), objs[0]
assert objs[1]['error'] is not None and objs[1]['legal'] is False and objs[1]['error']['line'] == 2, objs[1]
assert objs[1]['written'] == 'not a fen at all' and objs[1]['fen'] is None, objs[1]
assert objs[2]['legal'] is True and objs[2]['fen'] == '8/8/8/8/8/8/8/K6k w - - 0 1', objs[2]
assert objs[3]['error'] is None and objs[3]['legal'] is False, objs[3]  # parses, no kings
assert objs[4]['legal'] is True and objs[4]['fullmove_number'] == 40, objs[4]
PY
then ok; else bad "records and objects do not line up (exit $status)"; cat "$tmp/out" "$tmp/err"; fi
run fen "$tmp/mixed.fen"
if [[ $status == 1 && $(grep -c '^FEN: ' "$tmp/out") == 5 ]] && grep -q '^error: ' "$tmp/out"; then ok; else
  bad "text: five records, one error in its place (exit $status)"; cat "$tmp/out"; fi
# A FEN on the command line, and one that does not parse.
run fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
if [[ $status == 0 ]] && grep -q '^valid: *yes' "$tmp/out"; then ok; else bad "a FEN argument: exit $status"; fi
run fen --format jsonl 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0'
if [[ $status == 1 ]] && python3 -c "import json,sys; o=json.loads(open('$tmp/out').read()); assert o['error']['rule'] == 'syntax/fen' and o['legal'] is False" ; then ok; else
  bad "a FEN argument that does not parse: exit $status"; cat "$tmp/out"; fi
# One record too long for any FEN: an error object, the records after it still read.
{ head -c 200000 /dev/zero | tr '\0' 'p'; printf '\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n'; } >"$tmp/long.fen"
run fen --format jsonl "$tmp/long.fen"
if [[ $status == 1 && $(wc -l <"$tmp/out") == 2 ]] && tail -n 1 "$tmp/out" | grep -q '"legal":true'; then ok; else
  bad "a record too long: exit $status, $(wc -l <"$tmp/out") objects"; head -c 300 "$tmp/out"; fi
# Bounded reading: the peak memory at 4x the records is that at 1x (within 20% or 8 MB).
if [[ -x /usr/bin/time && ${PGNSEM_SANITIZE:-0} != 1 ]]; then
  python3 -c "
import sys
for n, path in ((25000, '$tmp/x1.fen'), (100000, '$tmp/x4.fen')):
    with open(path, 'w') as f:
        for i in range(n): f.write('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 %d\\n' % (i + 1))
"
  /usr/bin/time -f %M -o "$tmp/kb1" "$pgnsem" fen --format jsonl --dead-budget 0 "$tmp/x1.fen" >"$tmp/o1" 2>/dev/null
  /usr/bin/time -f %M -o "$tmp/kb4" "$pgnsem" fen --format jsonl --dead-budget 0 "$tmp/x4.fen" >"$tmp/o4" 2>/dev/null
  p1=$(cat "$tmp/kb1") p4=$(cat "$tmp/kb4")
  allowed=$(( p1 / 5 > 8192 ? p1 / 5 : 8192 ))
  echo "fen: peak $p1 KB for 25,000 records, $p4 KB for 100,000"
  if [[ $(wc -l <"$tmp/o4") == 100000 ]] && (( p4 - p1 <= allowed )); then ok; else bad "fen's memory grows with its input"; fi
fi
finish
