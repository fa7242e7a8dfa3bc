#!/usr/bin/env bash
# Issue 11, the reader's bullets through the command line: every line-end convention gives the
# same verdicts on real games (with broken games among them, so that resynchronisation and the end
# of an unterminated `{` are exercised), games split as §8 says, padding after a game or before it
# changes no verdict and is not buffered, a game over 64 MiB does not take the games after it, UTF-16
# input is refused with its encoding named (with a byte order mark or, UTF-16 and UTF-32, without).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"

# --- line ends: LF, CRLF, CR alone on real games, broken games interleaved -------------------
games=${PGNSEM_CORPUS_GAMES:-all}
[[ $games == all || $games -gt 3000 ]] && games=3000
if [[ -f $shared/data/games/real-games.pgn.gz ]]; then
  gzip -dc "$shared/data/games/real-games.pgn.gz" | python3 -c '
import sys
limit = int(sys.argv[1]); out = sys.argv[2]
text = sys.stdin.buffer.read().replace(b"\r\n", b"\n")
starts = [0]
i = 0
while len(starts) <= limit:
    i = text.find(b"\n[Event ", i + 1)
    if i < 0: break
    # a game starts at the first tag line after a blank line
    if text[i - 1:i] == b"\n": starts.append(i + 1)
starts.append(len(text))
# (text, games): a broken game ends at its own marker, so a tag-less movetext after it is a game
broken = [(b"[Event \"broken 1\"]\n[Site \"?\"]\n\n1. e4 Nz9 e5 *\n2. d4 *\n\n", 2),
          (b"[Event \"broken 2\"]\n1. e4 {never closed\n2. Nf3 *\n\n", 1),
          (b"[Event \"broken 3\"]\n[Site \"cut\n1. e4 *\n\n", 1),
          (b"[Event \"broken 4\"]\n1. d4 1-0 trailing words\nmore\n\n", 1),
          (b"[Event \"broken 5\"]\n1. d4 {1-0} (1. c4 Nz9 0-1) 1-0-0 Nz9 1/2-1/2\n1. e4 *\n\n1. d4 *\n\n", 3)]
pieces = []
n = 0
for k in range(min(limit, len(starts) - 2)):
    pieces.append(text[starts[k]:starts[k + 1]].rstrip(b"\n") + b"\n\n"); n += 1
    if k % 100 == 7:
        b = broken[(k // 100) % len(broken)]
        pieces.append(b[0]); n += b[1]
lf = b"".join(pieces)
open(out + "/lf.pgn", "wb").write(lf)
open(out + "/crlf.pgn", "wb").write(lf.replace(b"\n", b"\r\n"))
open(out + "/cr.pgn", "wb").write(lf.replace(b"\n", b"\r"))
open(out + "/count", "w").write(str(n))
' "$games" "$tmp"
  want=$(cat "$tmp/count")
  for eol in lf crlf cr; do
    "$pgnsem" check -j 1 --format jsonl "$tmp/$eol.pgn" 2>/dev/null | sed 's/"file":"[^"]*",//; s/"offset":[0-9]*,//' >"$tmp/$eol.out"
  done
  for eol in crlf cr; do
    got=$(wc -l <"$tmp/$eol.out")
    if [[ $got == "$want" ]]; then ok; else bad "$eol: $got verdicts for $want games"; fi
    if cmp -s "$tmp/lf.out" "$tmp/$eol.out"; then ok; else bad "$eol: verdicts differ from LF"; diff "$tmp/lf.out" "$tmp/$eol.out" | head -4; fi
  done
  if [[ $(wc -l <"$tmp/lf.out") == "$want" ]]; then ok; else bad "lf: $(wc -l <"$tmp/lf.out") verdicts for $want games"; fi
else
  echo "note: $shared/data absent, the real-games line-end check is skipped"
fi

# --- games split as §8 says ----------------------------------------------------------------------
verdicts() {  # verdicts FILE [OPTIONS...]: "verdict plies warning-kinds" per game; exit code last
  local file=$1; shift
  "$pgnsem" check -j 1 --format jsonl "$@" "$file" >"$tmp/v.json" 2>/dev/null
  local code=$?
  python3 -c '
import json, sys
for line in open(sys.argv[1]):
    v = json.loads(line)
    print(v["verdict"], v["plies"], (v["players"] or {}).get("white"), ",".join(w["kind"] for w in v["warnings"]),
          v["error"]["rule"] if v["error"] else "-")' "$tmp/v.json"
  echo "exit $code"
}
expect_verdicts() {  # NAME EXPECTED FILE [OPTIONS...]
  local name=$1 want=$2; shift 2
  local got; got=$(verdicts "$@")
  if [[ $got == "$want" ]]; then ok; else bad "$name"; printf 'expected:\n%s\ngot:\n%s\n' "$want" "$got"; fi
}
# (Ke3 is judged before the reader's error at Nz9: the first problem of the game is its verdict)
printf '1. e4 e5 *  1. Ke3 Nz9 *\n' >"$tmp/two.pgn"
expect_verdicts "movetext after a marker is a new game" "legal 2 None  -
illegal 0 None  src/unreachable
exit 1" "$tmp/two.pgn"
# (after a syntax error the broken game ends at its own marker or at the next tag section, as
# syntax/README.md says)
printf '1. e4 e5 *\n1. d4 Nz9 *\n\n[White "W"]\n1. c4 *\ne4 *' >"$tmp/four.pgn"
expect_verdicts "movetext after a marker is a new game (malformed, then a bare move)" "legal 2 None  -
malformed 1 None  syntax/san
legal 1 W  -
legal 1 None move-number -
exit 1" "$tmp/four.pgn"
# (a broken game ends at its own marker, so the tag-less game after it keeps its verdict)
for eol in '\n' '\r\n' '\r'; do
  printf "1. d4 Nz9 2. c4 *${eol}${eol}1. e4 e5 *${eol}1. d4 {1-0} Nz9 (1. c4 0-1) 1-0-0 1-0${eol}1. c4 *${eol}" >"$tmp/tagless.pgn"
  expect_verdicts "tag-less games after broken ones (line end $eol)" "malformed 1 None  syntax/san
legal 2 None  -
malformed 1 None  syntax/san
legal 1 None  -
exit 1" "$tmp/tagless.pgn"
done
printf '[White "Alice"]\n\n[White "Bob"]\n\n1. e4 *\n' >"$tmp/alice.pgn"
expect_verdicts "a tag section without movetext is a game" "legal 0 Alice missing-result -
legal 1 Bob  -
exit 0" "$tmp/alice.pgn"
expect_verdicts "a tag section without movetext, --strict" "malformed 0 Alice missing-result notation/missing-result
legal 1 Bob  -
exit 1" "$tmp/alice.pgn" --strict
# Issue 42: ChessBase writes a blank line after [Event]; the tags after it name none of the tags
# before it, so they are the same tag section (warning blank-line-in-tags), in every line end
for eol in '\n' '\r\n' '\r'; do
  printf "[Event \"AlphaZero vs. Stockfish\"]${eol}${eol}[Date \"2017.12.04\"]${eol}[Round \"1\"]${eol}[White \"Stockfish 8\"]${eol}[Black \"AlphaZero\"]${eol}[Result \"0-1\"]${eol}${eol}1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. d3 Bc5 5. Bxc6 dxc6 0-1${eol}" >"$tmp/chessbase.pgn"
  expect_verdicts "a blank line after [Event] keeps one game (line end $eol)" "legal 10 Stockfish 8 blank-line-in-tags -
exit 0" "$tmp/chessbase.pgn"
  # under --strict it is the error, where the section goes on after the blank line
  "$pgnsem" check -j 1 --format jsonl --strict "$tmp/chessbase.pgn" >"$tmp/strict.json" 2>/dev/null
  code=$?
  got=$(python3 -c '
import json, sys
vs = [json.loads(line) for line in open(sys.argv[1])]
e = [v["error"] or {} for v in vs]
print(len(vs), *[(v["verdict"], x.get("rule"), x.get("line"), x.get("column")) for v, x in zip(vs, e)])' "$tmp/strict.json")
  want="1 ('malformed', 'notation/blank-line-in-tags', 3, 1)"
  if [[ $code == 1 && $got == "$want" ]]; then ok; else bad "a blank line after [Event], --strict (line end $eol): exit $code, $got"; fi
done
# a tag of the first section named again after the blank line: two games, as §8 says
printf '[Event "a"]\n[Site "x"]\n\n[Round "2"]\n[White "W"]\n[Site "y"]\n\n1. e4 *\n' >"$tmp/repeat.pgn"
expect_verdicts "a blank line, then a section that names a tag again, splits" "legal 0 None missing-result -
legal 1 W  -
exit 0" "$tmp/repeat.pgn"

# --- padding: 70 MB of NUL bytes after a game, of blank lines before one -------------------------
rss() {  # peak resident KiB of a check -j 1, its verdicts in $tmp/pad.out
  /usr/bin/time -f %M -o "$tmp/rss" "$pgnsem" check -j 1 --format jsonl "$1" >"$tmp/pad.out" 2>/dev/null
  echo $? >"$tmp/pad.code"
  tail -n 1 "$tmp/rss"
}
{ printf '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n'; head -c 70000000 /dev/zero; } >"$tmp/nul.pgn"
kib=$(rss "$tmp/nul.pgn")
if [[ $(cat "$tmp/pad.code") == 0 && $(wc -l <"$tmp/pad.out") == 1 ]] && grep -q '"verdict":"legal"' "$tmp/pad.out" &&
   grep -q '"kind":"text-after-result"' "$tmp/pad.out"; then ok; else bad "70 MB of NUL bytes after a legal game"; head -c 400 "$tmp/pad.out"; fi
if (( kib < 48 * 1024 )); then ok; else bad "70 MB of NUL bytes after a game: peak memory $kib KiB"; fi
{ head -c 70000000 /dev/zero | tr '\0' '\n'; printf '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n'; } >"$tmp/blank.pgn"
kib=$(rss "$tmp/blank.pgn")
if [[ $(cat "$tmp/pad.code") == 0 && $(wc -l <"$tmp/pad.out") == 1 ]] && grep -q '"warnings":\[\]' "$tmp/pad.out"; then ok
else bad "70 MB of blank lines before a legal game"; head -c 400 "$tmp/pad.out"; fi
if (( kib < 48 * 1024 )); then ok; else bad "70 MB of blank lines before a game: peak memory $kib KiB"; fi

# --- a game over 64 MiB on one line: the games after it keep their verdicts ----------------------
# (the skip of a game too long ends it where the resynchronisation after an error at its first byte
# would, syntax/README.md; -j 2 reads it through its fallback reader, with the same bytes out)
after='[Event "after"]\n\n1. e4 e5 *\n'
{ printf '[Event "before"]\n\n1. d4 *\n1. e4 {'; head -c 70000000 /dev/zero | tr '\0' x; printf "} e5 *\n$after"; } >"$tmp/long.pgn"
{ head -c 70000000 /dev/zero; printf "\n$after"; } >"$tmp/longnul.pgn"
expect_verdicts "a game over 64 MiB on line 4, then a game" "legal 1 None  -
malformed 0 None  syntax/game-too-long
legal 2 None  -
exit 1" "$tmp/long.pgn"
cp "$tmp/v.json" "$tmp/long.json"
expect_verdicts "70 MB of NUL bytes, then a game" "malformed 0 None  syntax/game-too-long
legal 2 None  -
exit 1" "$tmp/longnul.pgn"
cp "$tmp/v.json" "$tmp/longnul.json"
for f in long longnul; do
  "$pgnsem" check -j 2 --format jsonl "$tmp/$f.pgn" >"$tmp/j2.json" 2>/dev/null
  if cmp -s "$tmp/$f.json" "$tmp/j2.json"; then ok; else bad "a game over 64 MiB ($f): check -j 2 differs from -j 1"; fi
done
"$pgnsem" normalize "$tmp/long.pgn" >"$tmp/norm.out" 2>"$tmp/norm.err"
if grep -q '^pgnsem: .*long.pgn: game 2 (line 4) is not written: the game is longer than 64 MiB' "$tmp/norm.err" &&
   grep -q '^\[Event "after"\]$' "$tmp/norm.out" && grep -q '^1\. e4 e5 \*$' "$tmp/norm.out"; then ok
else bad "normalize of a game over 64 MiB, then a game"; cat "$tmp/norm.err"; head -c 400 "$tmp/norm.out"; fi
rm -f "$tmp/long.pgn" "$tmp/longnul.pgn"

# --- UTF-16 input ---------------------------------------------------------------------------------
printf '[Event "x"]\n1. e4 *\n' | iconv -f UTF-8 -t UTF-16 >"$tmp/utf16.pgn"
"$pgnsem" check -j 1 "$tmp/utf16.pgn" >"$tmp/u.out" 2>&1
code=$?
if [[ $code == 1 ]] && grep -q "UTF-16" "$tmp/u.out" && ! grep -q "starts no PGN token" "$tmp/u.out"; then ok
else bad "UTF-16 input: exit $code"; cat "$tmp/u.out"; fi
# without a byte order mark (iconv -t UTF-16LE writes none), read directly, from a pipe and
# compressed, at -j 1 and -j 2: the encoding is named by the ASCII bytes alternating with NULs
for enc in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
  printf '[Event "x"]\n1. e4 *\n' | iconv -f UTF-8 -t $enc >"$tmp/nobom.pgn"
  gzip -c "$tmp/nobom.pgn" >"$tmp/nobom.pgn.gz"
  for j in 1 2; do
    for input in "$tmp/nobom.pgn" "$tmp/nobom.pgn.gz" -; do
      "$pgnsem" check -j $j --format jsonl "$input" <"$tmp/nobom.pgn" >"$tmp/u.out" 2>/dev/null
      code=$?
      if [[ $code == 1 ]] && grep -q "\"rule\":\"syntax/encoding\",\"message\":\"the input is $enc without a byte order mark" "$tmp/u.out" &&
         [[ $(wc -l <"$tmp/u.out") == 1 ]]; then ok
      else bad "$enc without a byte order mark ($input, -j $j): exit $code"; cat "$tmp/u.out"; fi
    done
  done
done

finish
