#!/usr/bin/env bash
# Compressed input (io/input.hpp): gzip, bzip2, xz and zstd files, recognised by their
# first bytes whatever their names, give check, trace, normalize and fen the bytes the plain file
# gives (-j 1 and -j 2, a file and standard input); gzip members, bzip2 and xz streams and zstd
# frames one after another read as one text, zstd's skippable frames (pzstd writes them) passed
# over wherever they stand, NUL padding after the last gzip member read as its end (as gzip -d reads
# it); a truncated or corrupt file, or bytes after a member that begin none (or after gzip's padding),
# exit 2 with the file and the compressed byte named, never a crash or a hang; a zstd frame whose
# window is over the limit is refused with its window and the way round it named; the real games, and
# a sample of them in every format, give the same verdicts; memory stays flat.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
for tool in gzip bzip2 xz zstd; do
  command -v $tool >/dev/null || { echo "SKIP: $tool is not installed (scripts/install-deps)"; exit 77; }
done
formats=(gzip bzip2 xz zstd)
# the same bytes whatever the file's name: the "file" field is the path as given
unname() { sed 's/"file":"[^"]*",//'; }

# --- every bundled example, every format, every reader ---------------------------------------
cat "$src"/examples/*.pgn >"$tmp/all.pgn"
"$pgnsem" check -j 1 --quiet --format jsonl "$tmp/all.pgn" 2>/dev/null | unname >"$tmp/plain.check"
"$pgnsem" trace -j 1 --quiet --format jsonl "$tmp/all.pgn" 2>/dev/null | unname >"$tmp/plain.trace"
"$pgnsem" normalize "$tmp/all.pgn" >"$tmp/plain.norm" 2>/dev/null
[[ $(wc -l <"$tmp/plain.check") -gt 20 ]] || bad "the examples give too few verdicts"
for z in "${formats[@]}"; do
  # named .pgn on purpose: the content decides, not the name
  $z -c "$tmp/all.pgn" >"$tmp/$z.pgn"
  for j in 1 2; do
    "$pgnsem" check -j $j --quiet --format jsonl "$tmp/$z.pgn" 2>"$tmp/err" | unname >"$tmp/out"
    if cmp -s "$tmp/out" "$tmp/plain.check"; then ok; else bad "check -j $j of $z differs from the plain file"; cat "$tmp/err"; fi
    "$pgnsem" check -j $j --quiet --format jsonl - <"$tmp/$z.pgn" 2>"$tmp/err" | unname >"$tmp/out"
    if cmp -s "$tmp/out" "$tmp/plain.check"; then ok; else bad "check -j $j of $z on stdin differs"; cat "$tmp/err"; fi
    "$pgnsem" trace -j $j --quiet --format jsonl "$tmp/$z.pgn" 2>"$tmp/err" | unname >"$tmp/out"
    if cmp -s "$tmp/out" "$tmp/plain.trace"; then ok; else bad "trace -j $j of $z differs"; cat "$tmp/err"; fi
  done
  "$pgnsem" normalize "$tmp/$z.pgn" >"$tmp/out" 2>"$tmp/err"
  if cmp -s "$tmp/out" "$tmp/plain.norm"; then ok; else bad "normalize of $z differs"; cat "$tmp/err"; fi
done
printf '8/8/8/4k3/8/8/8/4K3 w - - 0 1\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n' >"$tmp/f.fen"
"$pgnsem" fen --format json "$tmp/f.fen" >"$tmp/plain.fen"
for z in "${formats[@]}"; do
  $z -c "$tmp/f.fen" >"$tmp/f.$z"
  if "$pgnsem" fen --format json "$tmp/f.$z" | cmp -s - "$tmp/plain.fen"; then ok; else bad "fen of a $z file differs"; fi
done

# --- members, streams and frames one after another ------------------------------------------
split -n 3 -d "$src/examples/illegal.pgn" "$tmp/part."
"$pgnsem" check -j 1 --quiet --format jsonl "$src/examples/illegal.pgn" 2>/dev/null | unname >"$tmp/ill.check"
for z in "${formats[@]}"; do
  for p in "$tmp"/part.0?; do $z -c "$p"; done >"$tmp/multi.$z"
  "$pgnsem" check -j 2 --quiet --format jsonl "$tmp/multi.$z" 2>"$tmp/err" | unname >"$tmp/out"
  if cmp -s "$tmp/out" "$tmp/ill.check"; then ok; else bad "$z in three members does not read as one text"; cat "$tmp/err"; fi
done

# --- NUL padding after the last gzip member (a tape's blocks, a disk image), which gzip -d reads as
# the end of the data: the text is the plain file's; bytes after the padding are an error, as to gzip
for pad in 1 10240 300000; do
  { for p in "$tmp"/part.0?; do gzip -c "$p"; done; head -c $pad /dev/zero; } >"$tmp/padded.gz"
  for j in 1 2; do
    "$pgnsem" check -j $j --quiet --format jsonl "$tmp/padded.gz" 2>"$tmp/err" | unname >"$tmp/out"
    if [[ ${PIPESTATUS[0]} == 1 ]] && cmp -s "$tmp/out" "$tmp/ill.check" && [[ ! -s $tmp/err ]]; then ok; else
      bad "gzip followed by $pad NUL bytes (check -j $j) is not read as gzip -d reads it"; cat "$tmp/err"; fi
  done
done
for after in 'x' "$(gzip -c "$tmp/part.00" | base64 -w0)"; do
  { gzip -c "$tmp/part.00"; head -c 512 /dev/zero; printf '%s' "$after" | { [[ $after == x ]] && cat || base64 -d; }; } >"$tmp/garbage.gz"
  "$pgnsem" check -j 1 --quiet --format jsonl "$tmp/garbage.gz" >/dev/null 2>"$tmp/err"
  status=$?
  offset=$(($(gzip -c "$tmp/part.00" | wc -c) + 512))
  if [[ $status == 2 ]] && grep -q "after the NUL bytes .* at compressed byte $offset," "$tmp/err"; then ok; else
    bad "bytes after a gzip member's NUL padding: exit $status, $(cat "$tmp/err")"; fi
done

# --- zstd skippable frames (magic 5? 2A 4D 18, a 4-byte size, that many bytes), which pzstd writes
# before each frame: a file that starts with one is zstd, and they are passed over wherever they stand
skippable() { printf "\\x5$1\\x2a\\x4d\\x18\\x0$2\\x00\\x00\\x00%.*s" "$2" 'skippable'; }  # NIBBLE SIZE (below 10)
{ skippable 0 4; zstd -q -c "$tmp/part.00"; skippable f 9; skippable 7 0; zstd -q -c "$tmp/part.01"
  zstd -q -c "$tmp/part.02"; skippable a 3; } >"$tmp/skippable.zst"
for j in 1 2; do
  "$pgnsem" check -j $j --quiet --format jsonl "$tmp/skippable.zst" 2>"$tmp/err" | unname >"$tmp/out"
  if cmp -s "$tmp/out" "$tmp/ill.check"; then ok; else bad "zstd with skippable frames (check -j $j) differs"; cat "$tmp/err"; fi
done
"$pgnsem" check -j 2 --quiet --format jsonl - <"$tmp/skippable.zst" 2>"$tmp/err" | unname >"$tmp/out"
if cmp -s "$tmp/out" "$tmp/ill.check"; then ok; else bad "zstd with skippable frames on stdin differs"; cat "$tmp/err"; fi
if command -v pzstd >/dev/null; then
  pzstd -q -p 2 -c "$src/examples/illegal.pgn" >"$tmp/p.zst"
  "$pgnsem" check -j 1 --quiet --format jsonl "$tmp/p.zst" 2>"$tmp/err" | unname >"$tmp/out"
  if cmp -s "$tmp/out" "$tmp/ill.check"; then ok; else bad "pzstd's output differs"; cat "$tmp/err"; fi
else
  echo "pzstd is not installed: its own output is not read (the skippable frames above stand for it)"
fi

# --- a zstd frame whose window is over the limit (128 MiB, zstd -d's default): refused, with the
# window named and the way round it, which works. zstd --long=30 on standard input (no size to fit
# the window to) asks for 1 GiB; a frame of raw blocks is written by hand for 144 MiB (window
# descriptor 0x89: 2^27 + 2^27/8), after an ordinary frame whose verdicts come first.
window() {  # window FILE MIB: exit 2 at -j 1 and -j 2, the message naming MIB and the remedy
  local j
  for j in 1 2; do
    "$pgnsem" check -j $j --quiet --format jsonl "$1" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [[ $got == 2 ]] && grep -q "the frame needs a window of $2 MiB, over the limit of 128 MiB; decompress it with zstd -d --memory=$2MB" "$tmp/err"; then
      ok
    else
      bad "zstd with a window of $2 MiB (-j $j): exit $got, stderr: $(cat "$tmp/err")"
    fi
  done
}
zstd -q --long=30 -c <"$src/examples/illegal.pgn" >"$tmp/long.zst"
window "$tmp/long.zst" 1024
python3 - "$src/examples/illegal.pgn" "$tmp/wide.zst" <<'PY'
import sys
text = open(sys.argv[1], 'rb').read()
frame = bytearray(b'\x28\xb5\x2f\xfd\x00\x89')  # no checksum, no size; window 144 MiB
for k in range(0, len(text), 100000):  # raw blocks (type 0), the last one flagged
    piece = text[k:k + 100000]
    last = k + 100000 >= len(text)
    frame += ((len(piece) << 3) | int(last)).to_bytes(3, 'little') + piece
open(sys.argv[2], 'wb').write(bytes(frame))
PY
{ zstd -q -c "$tmp/part.00"; cat "$tmp/wide.zst"; } >"$tmp/wide2.zst"
window "$tmp/wide2.zst" 144
"$pgnsem" check -j 1 --quiet --format jsonl "$tmp/part.00" 2>/dev/null | unname >"$tmp/first.check"
"$pgnsem" check -j 2 --quiet --format jsonl "$tmp/wide2.zst" 2>/dev/null | unname >"$tmp/out"
if [[ -s $tmp/first.check ]] && cmp -s "$tmp/out" "$tmp/first.check"; then ok; else bad "the frame before the wide one lost its verdicts"; fi
zstd -q -dc --memory=144MB "$tmp/wide.zst" | "$pgnsem" check -j 1 --quiet --format jsonl - 2>/dev/null | unname >"$tmp/out"
if cmp -s "$tmp/out" "$tmp/ill.check"; then ok; else bad "the remedy the message names (zstd -d --memory=144MB) does not read the frame"; fi

# --- broken files: exit 2, the file and the place named, the text before kept ----------------
# enough text (1.1 MB) that the break falls after some games, in every format (-1: bzip2's
# blocks of 100 kB)
# (500 games, 280 KB, three bzip2 blocks, in the smaller builds)
games=2000
[[ ${PGNSEM_PERFT_SCALE:-1} == 0 ]] && games=500
"$pgnsem" gen --seed 7 --games $games >"$tmp/big.pgn"
"$pgnsem" check -j 1 --quiet --format jsonl "$tmp/big.pgn" 2>/dev/null | unname >"$tmp/big.check"
broken() {  # broken NAME FILE: exit 2, no crash or hang, the message names the file and the byte
  local name=$1 file=$2 j
  for j in 1 2; do
    timeout 60 "$pgnsem" check -j $j --quiet --format jsonl "$file" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [[ $got == 2 ]] && grep -q "pgnsem: $file: .* at compressed byte [0-9]*, after [0-9]* bytes of text" "$tmp/err"; then
      ok
    else
      bad "$name (-j $j): exit $got, stderr: $(cat "$tmp/err")"
    fi
  done
}
for z in "${formats[@]}"; do
  $z -1 -c "$tmp/big.pgn" >"$tmp/big.$z"
  size=$(stat -c %s "$tmp/big.$z")
  head -c $((size / 2)) "$tmp/big.$z" >"$tmp/trunc.$z"
  broken "truncated $z" "$tmp/trunc.$z"
  # the text before the cut is the file's own: every verdict but the last one's is the plain one's
  "$pgnsem" check -j 2 --quiet --format jsonl "$tmp/trunc.$z" 2>/dev/null | unname | sed '$d' >"$tmp/out"
  n=$(wc -l <"$tmp/out")
  if [[ $n -gt 0 ]] && head -n "$n" "$tmp/big.check" | cmp -s - "$tmp/out"; then ok; else
    bad "truncated $z: the $n verdicts before the cut are not the plain file's"; fi
  head -c 7 "$tmp/big.$z" >"$tmp/stub.$z"
  broken "$z header only" "$tmp/stub.$z"
  python3 - "$tmp/big.$z" "$tmp/corrupt.$z" <<'PY'
import sys
b = bytearray(open(sys.argv[1], 'rb').read())
for k in range(len(b) // 2, len(b) // 2 + 64):
    b[k] ^= 0x55
open(sys.argv[2], 'wb').write(b)
PY
  broken "corrupt $z" "$tmp/corrupt.$z"
  { cat "$tmp/big.$z"; printf 'not a member'; } >"$tmp/trail.$z"
  broken "bytes after the last $z member" "$tmp/trail.$z"
done
# a skippable frame that says it is longer than the file
printf '\x50\x2a\x4d\x18\xff\x00\x00\x00abc' >"$tmp/trunc-skippable.zst"
broken "a truncated zstd skippable frame" "$tmp/trunc-skippable.zst"
# fewer bytes than a magic number, or a near miss of one: plain text, judged as such
printf '\x1f' >"$tmp/short.pgn"
"$pgnsem" check -j 1 --quiet --format jsonl "$tmp/short.pgn" >"$tmp/out" 2>"$tmp/err"
if [[ $? == 1 ]] && grep -q '"verdict":"malformed"' "$tmp/out"; then ok; else bad "one byte 1F is not read as plain text"; fi
printf 'BZ\n' >"$tmp/bz.pgn"
"$pgnsem" check -j 1 --quiet --format jsonl "$tmp/bz.pgn" >"$tmp/out" 2>"$tmp/err"
if [[ $? == 1 ]] && ! grep -q bzip2 "$tmp/err"; then ok; else bad "'BZ' is not read as plain text"; fi

# --- the real games -----------------------------------------------------------------------------
real=$shared/data/games/real-games.pgn.gz
if [[ ${PGNSEM_CORPUS_GAMES:-all} == 0 ]]; then
  echo "the real games: not read by this build (PGNSEM_CORPUS_GAMES=0)"
elif [[ ! -f $real ]]; then
  echo "the real games: $real is absent, not compared"
else
  # the shared file itself, read directly (it used to give 394 malformed games), against its text:
  # its first 6 MB (1 MB in the smaller builds, PGNSEM_PERFT_SCALE=0)
  bytes=6000000 least=5000
  [[ ${PGNSEM_PERFT_SCALE:-1} == 0 ]] && { bytes=1000000 least=800; }
  gzip -dc "$real" | head -c $bytes >"$tmp/real.pgn"
  "$pgnsem" check -j 2 --quiet --format jsonl "$tmp/real.pgn" 2>/dev/null | unname | sed '$d' >"$tmp/real.check"
  n=$(wc -l <"$tmp/real.check")
  "$pgnsem" check -j 2 --quiet --format jsonl "$real" 2>/dev/null | unname | head -n "$n" >"$tmp/out"
  if [[ $n -gt $least ]] && cmp -s "$tmp/out" "$tmp/real.check"; then ok; else bad "real-games.pgn.gz read directly differs ($n games)"; fi
  "$pgnsem" check -j 2 --quiet --format jsonl "$tmp/real.pgn" 2>/dev/null | unname >"$tmp/real.check"
  for z in "${formats[@]}"; do
    level=-1; [[ $z == bzip2 ]] && level=-9
    $z $level -c "$tmp/real.pgn" >"$tmp/real.$z"
    "$pgnsem" check -j 2 --quiet --format jsonl "$tmp/real.$z" 2>/dev/null | unname >"$tmp/out"
    if cmp -s "$tmp/out" "$tmp/real.check"; then ok; else bad "$bytes bytes of real games in $z differ"; fi
  done
  # memory is the codec's window and a few MiB, not the file's: 4 times the text, the same peak
  if [[ ${PGNSEM_SANITIZE:-0} == 1 ]]; then
    echo "memory: not measured under the sanitizers"
  else
    for i in 1 2 3 4; do cat "$tmp/real.pgn"; done | zstd -1 -q -c >"$tmp/real4.zst"
    peak() { /usr/bin/time -f %M "$pgnsem" check -j 2 --quiet --format jsonl "$1" 2>&1 >/dev/null | tail -n 1; }
    one=$(peak "$tmp/real.zstd") four=$(peak "$tmp/real4.zst") plain=$(peak "$tmp/real.pgn")
    echo "peak RSS (KiB), check -j 2: plain 6 MB $plain, zstd 6 MB $one, zstd 24 MB $four"
    if ((four <= one * 12 / 10 || four <= one + 8192)); then ok; else bad "memory grows with the compressed file: $one KiB -> $four KiB"; fi
  fi
fi

finish
