#!/usr/bin/env bash
# normalize on several files: the files are read in order (the output is each
# file's output one after another) and stderr names the file and game; a game that cannot be
# rewritten (an unreadable token, a broken tag, a FEN tag that does not parse, an impossible start
# position, a variant, an unclosed comment, CRLF line ends) is written byte for byte as read, never
# cut; --accepted/--rejected split the games: every legal one (normalised) in the accepted file,
# every other one exactly as read in the rejected file, none lost, and check reads both back with
# the verdicts of the input; a game without tags written as read after one without a marker (which
# any reader joins to it) is named on stderr; gzip input and standard input work; an output that cannot be created,
# named twice or also an input (standard input included) is an error (exit 2) that leaves the input alone;
# so is an output that is also standard output (README "normalize": two handles on one file would
# overwrite each other's bytes), and standard output into an input (normalize F >> F never ends).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -euo pipefail
source "$2/tests/cli/lib.sh" "$@"
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
# runs normalize, keeping its exit status in $status (set -e would stop at 1)
norm() { status=0; "$pgnsem" normalize "$@" || status=$?; }

# --- hand-made games, one file each, every one ending in a blank line ------------------------
g() { printf '%b' "$2" >"$tmp/g$1.pgn"; }
g 01 '[Event "legal"]\n[Result "*"]\n\n1. e4 e5 *\n\n'
g 02 '[Event "unreadable token mid-game"]\n[Result "*"]\n\n1. e4 Nz9 2. Nf3 {kept} Nc6 *\n\n'
g 03 '[Ev-ent "broken tag"]\n[Result "*"]\n\n1. d4 d5 2. c4 *\n\n'
g 04 '[Event "FEN that does not parse"]\n[SetUp "1"]\n[FEN "8/8/8 w - - 0 1"]\n[Result "*"]\n\n1. Kb1 *\n\n'
g 05 '[Event "no white king"]\n[SetUp "1"]\n[FEN "k7/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *\n\n'
g 06 '[Event "variant"]\n[Variant "Crazyhouse"]\n\n1. e4 e5 *\n\n'
g 07 '[Event "promotion on the wrong rank, CRLF"]\r\n[Result "*"]\r\n\r\n1. e4 e5 2. e5=Q Nc6 3. Nf3 *\r\n\r\n'
g 08 '[Event "illegal"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 Nc6 3. 0-0 *\n\n'
g 09 '[Event "spellings"]\n\n1. e4 e5 2. Ng1-f3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *\n\n'
g 10 '[Event "unclosed variation"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 (2. Nc3 Nc6 3. Nf3\n\n'
g 11 '[Event "comment never closed"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 {never closed\n2. Nc3 Nc6\n\n'
cat "$tmp"/g0?.pgn "$tmp"/g10.pgn >"$tmp/made.pgn"
cp "$tmp/g11.pgn" "$tmp/last.pgn"  # an unclosed comment runs to the end of its file

# every game that cannot be rewritten, alone: the output is the input, byte for byte
for n in 02 03 04 05 06 07 10 11; do
  norm "$tmp/g$n.pgn" >"$tmp/out" 2>"$tmp/err"
  if cmp -s "$tmp/out" "$tmp/g$n.pgn"; then ok; else bad "game g$n is not written as read"; diff "$tmp/g$n.pgn" "$tmp/out" | head -5 || true; fi
  if [[ $status == 1 ]] && grep -qF "pgnsem: $tmp/g$n.pgn: game 1 is written as read: " "$tmp/err"; then ok
  else bad "g$n: exit $status, stderr: $(cat "$tmp/err")"; fi
done
# the ones that can, are rewritten
norm "$tmp/g09.pgn" >"$tmp/out" 2>"$tmp/err"
if [[ $status == 0 ]] && grep -q '^1\. e4 e5 2\. Nf3 Nc6 3\. Bc4 Bc5 4\. O-O Nf6 \*$' "$tmp/out" && [[ ! -s "$tmp/err" ]]; then ok
else bad "g09 is not normalised: exit $status: $(cat "$tmp/out" "$tmp/err")"; fi
norm "$tmp/g08.pgn" >"$tmp/out" 2>"$tmp/err"
if [[ $status == 1 ]] && grep -q '^1\. e4 e5 2\. Ke3 Nc6 3\. O-O \*$' "$tmp/out" && grep -q '^\[White "?"\]$' "$tmp/out"; then ok
else bad "g08 (illegal) is not normalised up to its illegal move: exit $status: $(cat "$tmp/out" "$tmp/err")"; fi

# --- several files, in order -------------------------------------------------------------------
inputs=("$tmp/made.pgn" "$src/examples/illegal.pgn" "$src"/tests/conformance/*.pgn "$tmp/last.pgn")
norm "${inputs[@]}" >"$tmp/all.out" 2>"$tmp/all.err"
[[ $status == 1 ]] && ok || bad "normalize of several files exits $status, not 1"
: >"$tmp/each.out"
: >"$tmp/each.err"
for f in "${inputs[@]}"; do norm "$f" >>"$tmp/each.out" 2>>"$tmp/each.err"; done
if cmp -s "$tmp/all.out" "$tmp/each.out"; then ok; else bad "normalize A B … differs from normalize A; normalize B; …"; fi
if cmp -s "$tmp/all.err" "$tmp/each.err"; then ok; else bad "the messages of several files differ from each file's"; fi
for n in 2 3 4 5 6 7 10; do
  grep -qF "pgnsem: $tmp/made.pgn: game $n is written as read: " "$tmp/all.err" && ok || bad "no message names made.pgn game $n"
done
grep -qF "pgnsem: $tmp/last.pgn: game 1 is written as read: malformed" "$tmp/all.err" && ok || bad "no message names last.pgn"
# standard input is a file like the others
norm - "$tmp/last.pgn" <"$tmp/made.pgn" >"$tmp/out" 2>/dev/null
norm "$tmp/made.pgn" "$tmp/last.pgn" >"$tmp/files.out" 2>/dev/null
if cmp -s "$tmp/out" "$tmp/files.out"; then ok; else bad "normalize - FILE differs from normalize FILE FILE"; fi

# no FILE: standard input
norm <"$tmp/made.pgn" >"$tmp/out" 2>/dev/null
if [[ $status == 1 ]] && cmp -s "$tmp/out" <("$pgnsem" normalize "$tmp/made.pgn" 2>/dev/null); then ok; else bad "normalize <FILE differs"; fi
# a game whose bytes the reader does not keep (a UTF-16 file) is not written, and stderr names it
printf '\xff\xfe[\x00E\x00v\x00' >"$tmp/utf16.pgn"
norm "$tmp/utf16.pgn" "$tmp/g01.pgn" >"$tmp/out" 2>"$tmp/err"
if [[ $status == 1 ]] && cmp -s "$tmp/out" <("$pgnsem" normalize "$tmp/g01.pgn") &&
  grep -qF "pgnsem: $tmp/utf16.pgn: game 1 (line 1) is not written: the input is UTF-16LE" "$tmp/err"; then ok
else bad "a UTF-16 file: exit $status: $(cat "$tmp/err")"; fi

# --- the checks in Python: verdicts, partitions, bytes ----------------------------------------
# check.py VERDICTS_OF... : prints FAIL lines; exit 1 on any
cat >"$tmp/check.py" <<'EOF'
import json, re, subprocess, sys

FIELDS = ('verdict', 'plies', 'fen_after', 'end')
pgnsem = sys.argv[1]


def verdicts(*paths):
    p = subprocess.run([pgnsem, 'check', '--format', 'jsonl', '--quiet', '-j', '1', *paths],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return [json.loads(l) for l in p.stdout.splitlines()]


def key(v):
    e = v.get('error') or {}
    return tuple(v.get(f) for f in FIELDS) + (e.get('rule'), e.get('ply'))


def split_games(data):
    # the games of these files start with `[` after a blank line
    return [c for c in re.split(rb'(?:(?<=\n\n)|(?<=\r\n\r\n))(?=\[)', data) if c]


def main():
    what, failures = sys.argv[2], []
    if what == 'partition':
        accepted, rejected, err, inputs = sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:]
        before = verdicts(*inputs)
        acc, rej = verdicts(accepted), verdicts(rejected)
        if len(acc) + len(rej) != len(before):
            failures.append('%d games read, %d accepted + %d rejected' % (len(before), len(acc), len(rej)))
        if any(v['verdict'] != 'legal' for v in acc):
            failures.append('a game of the accepted file is not legal')
        if any(v['verdict'] == 'legal' for v in rej):
            failures.append('a game of the rejected file is legal')
        legal = [key(v) for v in before if v['verdict'] == 'legal']
        other = [key(v) for v in before if v['verdict'] != 'legal']
        if legal != [key(v) for v in acc]:
            failures.append('check reads the accepted games back with other verdicts')
        if other != [key(v) for v in rej]:
            failures.append('check reads the rejected games back with other verdicts')
        # the rejected games are the input's bytes: the chunks of the rejected games, in order
        errors = open(err, encoding='utf-8', errors='replace').read()
        expected = []
        for path in inputs:
            chunks = split_games(open(path, 'rb').read())
            mine = [v for v in before if v['file'] == path]
            if len(chunks) != len(mine):
                failures.append('%s: %d games by blank line and [, %d read' % (path, len(chunks), len(mine)))
                continue
            for v, c in zip(mine, chunks):
                if v['verdict'] != 'legal':
                    expected.append((path, v['game'], c))
        got = split_games(open(rejected, 'rb').read())
        if len(got) != len(expected):
            failures.append('%d rejected games expected, %d written' % (len(expected), len(got)))
        for (path, n, want), have in zip(expected, got):
            # (the last game of a file may lack the blank line normalize writes after every game)
            if have.rstrip(b'\r\n') == want.rstrip(b'\r\n'):
                continue
            # text after the termination marker is not part of the game (stderr says so)
            after = '%s: game %d: text after the termination marker' % (path, n)
            if want.startswith(have.rstrip(b'\n')) and after in errors:
                continue
            failures.append('%s game %d is not written as read: %r, not %r' % (path, n, have[:80], want[:80]))
    elif what == 'as-read':
        # every game of the inputs that cannot be rewritten stands in the output byte for byte
        out, inputs = open(sys.argv[3], 'rb').read(), sys.argv[4:]
        for path in inputs:
            chunks = split_games(open(path, 'rb').read())
            mine = verdicts(path)
            if len(chunks) != len(mine):
                failures.append('%s: %d games by blank line and [, %d read' % (path, len(chunks), len(mine)))
                continue
            for v, c in zip(mine, chunks):
                e = v.get('error') or {}
                if v['verdict'] in ('malformed', 'unsupported') or e.get('ply') == 0:
                    if c.rstrip() not in out:
                        failures.append('%s game %d is not in the output as read' % (path, v['game']))
    for f in failures:
        print('FAIL ' + f)
    sys.exit(1 if failures else 0)


main()
EOF

python3 "$tmp/check.py" "$pgnsem" as-read "$tmp/all.out" "${inputs[@]}" && ok || bad "games written as read (above)"

# --- --accepted / --rejected ---------------------------------------------------------------------
norm --accepted "$tmp/acc.pgn" --rejected "$tmp/rej.pgn" "${inputs[@]}" >"$tmp/out" 2>"$tmp/err"
[[ $status == 1 ]] && ok || bad "--accepted --rejected exits $status, not 1: $(cat "$tmp/err")"
[[ ! -s "$tmp/out" ]] && ok || bad "with --accepted and --rejected something went to stdout"
python3 "$tmp/check.py" "$pgnsem" partition "$tmp/acc.pgn" "$tmp/rej.pgn" "$tmp/err" "${inputs[@]}" && ok || bad "the partition (above)"
# the hand-made file: the rejected file is its non-legal games, byte for byte
norm --accepted "$tmp/acc.pgn" --rejected "$tmp/rej.pgn" "$tmp/made.pgn" 2>/dev/null
cat "$tmp"/g0[2-8].pgn "$tmp/g10.pgn" >"$tmp/want.pgn"
if cmp -s "$tmp/rej.pgn" "$tmp/want.pgn"; then ok; else bad "the rejected games of made.pgn are not its bytes"; fi
norm "$tmp/g01.pgn" "$tmp/g09.pgn" >"$tmp/want.pgn" 2>/dev/null
if cmp -s "$tmp/acc.pgn" "$tmp/want.pgn"; then ok; else bad "the accepted games of made.pgn are not the normalised legal ones"; fi
# one of them: the other kind goes to stdout
norm --rejected "$tmp/rej1.pgn" "$tmp/made.pgn" >"$tmp/out" 2>/dev/null
if cmp -s "$tmp/rej1.pgn" "$tmp/rej.pgn" && cmp -s "$tmp/out" "$tmp/acc.pgn"; then ok; else bad "--rejected alone: the legal games are not on stdout"; fi
norm --accepted "$tmp/acc1.pgn" "$tmp/made.pgn" >"$tmp/out" 2>/dev/null
if cmp -s "$tmp/acc1.pgn" "$tmp/acc.pgn" && cmp -s "$tmp/out" "$tmp/rej.pgn"; then ok; else bad "--accepted alone: the other games are not on stdout as read"; fi
# only legal games: exit 0, an empty rejected file
norm --accepted "$tmp/acc2.pgn" --rejected "$tmp/rej2.pgn" "$tmp/g01.pgn" "$tmp/g09.pgn" 2>/dev/null
if [[ $status == 0 && -f "$tmp/rej2.pgn" && ! -s "$tmp/rej2.pgn" ]]; then ok; else bad "only legal games: exit $status, or a rejected file not empty"; fi

# a game without tags written as read right after one without a marker is joined to it by any
# reader (README, "normalize"): stderr says so, and only then
printf '[Event "A"]\n\n1. e4 Nz9\n\n[Event "B"]\n\n1. e4 e5 *\n1. d4 Nz9 *\n' >"$tmp/join.pgn"
norm --rejected "$tmp/rej3.pgn" "$tmp/join.pgn" >/dev/null 2>"$tmp/err"
if grep -qF "pgnsem: $tmp/join.pgn: game 3 has no tags and is written right after $tmp/join.pgn game 1, which has no termination marker" "$tmp/err"; then ok
else bad "no warning for a game that a reader joins to the one before: $(cat "$tmp/err")"; fi
norm "$tmp/join.pgn" >"$tmp/out" 2>"$tmp/err"
if ! grep -q "has no tags" "$tmp/err" && [[ $("$pgnsem" check --quiet --format jsonl "$tmp/out" | wc -l) == 3 ]]; then ok
else bad "join.pgn without --rejected: $(cat "$tmp/err")"; fi

# --- gzip, several files -----------------------------------------------------------------------
if command -v gzip >/dev/null; then
  gzip -c "$tmp/made.pgn" >"$tmp/made.gz"
  gzip -c "$src/examples/illegal.pgn" >"$tmp/illegal.pgn"  # the content decides, not the name
  norm --accepted "$tmp/accz.pgn" --rejected "$tmp/rejz.pgn" "$tmp/made.gz" "$tmp/illegal.pgn" 2>/dev/null
  norm --accepted "$tmp/accp.pgn" --rejected "$tmp/rejp.pgn" "$tmp/made.pgn" "$src/examples/illegal.pgn" 2>/dev/null
  if [[ $status == 1 ]] && cmp -s "$tmp/accz.pgn" "$tmp/accp.pgn" && cmp -s "$tmp/rejz.pgn" "$tmp/rejp.pgn"; then ok
  else bad "gzip files split differently from the plain ones"; fi
  norm "$tmp/made.gz" "$tmp/illegal.pgn" >"$tmp/z.out" 2>/dev/null
  norm "$tmp/made.pgn" "$src/examples/illegal.pgn" >"$tmp/p.out" 2>/dev/null
  if cmp -s "$tmp/z.out" "$tmp/p.out"; then ok; else bad "normalize of gzip files differs from the plain ones"; fi
fi

# --- usage and I/O errors: exit 2, the file named, the input left alone --------------------------
cp "$tmp/made.pgn" "$tmp/keep.pgn"
norm --accepted "$tmp/keep.pgn" "$tmp/keep.pgn" >/dev/null 2>"$tmp/err"
if [[ $status == 2 ]] && grep -qF "keep.pgn" "$tmp/err" && cmp -s "$tmp/keep.pgn" "$tmp/made.pgn"; then ok
else bad "--accepted = the input: exit $status: $(cat "$tmp/err")"; fi
ln -s "$tmp/keep.pgn" "$tmp/link.pgn"
norm --rejected "$tmp/link.pgn" "$tmp/keep.pgn" >/dev/null 2>"$tmp/err"
if [[ $status == 2 ]] && cmp -s "$tmp/keep.pgn" "$tmp/made.pgn"; then ok; else bad "--rejected = the input by another name: exit $status"; fi
norm --accepted "$tmp/same.pgn" --rejected "$tmp/same.pgn" "$tmp/made.pgn" >/dev/null 2>"$tmp/err"
if [[ $status == 2 ]] && grep -qF "same.pgn" "$tmp/err"; then ok; else bad "the same output twice: exit $status: $(cat "$tmp/err")"; fi
norm --accepted - "$tmp/made.pgn" >/dev/null 2>"$tmp/err"
[[ $status == 2 ]] && ok || bad "--accepted -: exit $status"
norm --rejected "$tmp/no/such/dir/rej.pgn" "$tmp/made.pgn" >"$tmp/out" 2>"$tmp/err"
if [[ $status == 2 ]] && grep -qF "$tmp/no/such/dir/rej.pgn" "$tmp/err"; then ok
else bad "an output that cannot be created: exit $status: $(cat "$tmp/err")"; fi
# a missing input among others: named, exit 2, the others still normalised
norm "$tmp/missing.pgn" "$tmp/g09.pgn" >"$tmp/out" 2>"$tmp/err"
if [[ $status == 2 ]] && grep -qF "$tmp/missing.pgn" "$tmp/err" && grep -q 'O-O' "$tmp/out"; then ok
else bad "a missing input: exit $status: $(cat "$tmp/err")"; fi
# an output that is also standard output, by name or through /dev/stdout, into a file or a pipe:
# exit 2, nothing written (the shell emptied the file; pgnsem adds nothing to it)
for opt in --accepted --rejected; do
  norm $opt "$tmp/both.pgn" "$tmp/made.pgn" >"$tmp/both.pgn" 2>"$tmp/err"
  if [[ $status == 2 && ! -s "$tmp/both.pgn" ]] && grep -qF -- "pgnsem normalize: $opt $tmp/both.pgn is also standard output" "$tmp/err"
  then ok; else bad "$opt F > F: exit $status, F $(wc -c <"$tmp/both.pgn") bytes: $(head -c 300 "$tmp/err")"; fi
  norm $opt /dev/stdout "$tmp/made.pgn" >"$tmp/both.pgn" 2>"$tmp/err"
  if [[ $status == 2 && ! -s "$tmp/both.pgn" ]] && grep -qF -- "$opt /dev/stdout is also standard output" "$tmp/err"; then ok
  else bad "$opt /dev/stdout > F: exit $status, F $(wc -c <"$tmp/both.pgn") bytes: $(head -c 300 "$tmp/err")"; fi
  (
    st=0
    "$pgnsem" normalize $opt /dev/stdout "$tmp/made.pgn" 2>"$tmp/err" || st=$?
    echo $st >"$tmp/status"
  ) | cat >"$tmp/out"
  if [[ $(cat "$tmp/status") == 2 && ! -s "$tmp/out" ]]; then ok; else bad "$opt /dev/stdout into a pipe: exit $(cat "$tmp/status")"; fi
done
# an output that is the file standard input reads (opening it would empty it before it is read)
norm --accepted "$tmp/keep.pgn" - <"$tmp/keep.pgn" >/dev/null 2>"$tmp/err"
if [[ $status == 2 ]] && cmp -s "$tmp/keep.pgn" "$tmp/made.pgn" && grep -qF -- "--accepted $tmp/keep.pgn is also standard input" "$tmp/err"
then ok; else bad "--accepted = standard input: exit $status, input $(wc -c <"$tmp/keep.pgn") bytes: $(head -c 300 "$tmp/err")"; fi
# standard output into an input: refused before a byte is read or written (it would never end)
timeout 60 "$pgnsem" normalize "$tmp/g09.pgn" "$tmp/keep.pgn" >>"$tmp/keep.pgn" 2>"$tmp/err" && status=0 || status=$?
if [[ $status == 2 ]] && cmp -s "$tmp/keep.pgn" "$tmp/made.pgn" && grep -qF "standard output is $tmp/keep.pgn, which is also read" "$tmp/err"
then ok; else bad "normalize F >> F: exit $status, F $(wc -c <"$tmp/keep.pgn") bytes: $(head -c 300 "$tmp/err")"; fi
timeout 60 "$pgnsem" normalize --rejected "$tmp/rej4.pgn" <"$tmp/keep.pgn" >>"$tmp/keep.pgn" 2>"$tmp/err" && status=0 || status=$?
if [[ $status == 2 ]] && cmp -s "$tmp/keep.pgn" "$tmp/made.pgn"; then ok; else bad "normalize <F >>F: exit $status: $(head -c 300 "$tmp/err")"; fi
# a character device keeps nothing to overwrite: /dev/null as an output and as standard output is no error
norm --accepted /dev/null "$tmp/g01.pgn" >/dev/null 2>"$tmp/err"
[[ $status == 0 ]] && ok || bad "--accepted /dev/null >/dev/null: exit $status: $(head -c 300 "$tmp/err")"
if [[ -w /dev/full ]]; then
  norm --accepted /dev/full "$tmp/g09.pgn" >/dev/null 2>"$tmp/err"
  if [[ $status == 2 ]] && grep -qF "/dev/full: write error" "$tmp/err"; then ok; else bad "a full --accepted file: exit $status: $(cat "$tmp/err")"; fi
fi

finish
