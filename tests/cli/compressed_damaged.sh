#!/usr/bin/env bash
# A damaged compressed file gives the same answer at -j 1 and -j 2 (README "Input"): the same
# verdicts, byte for byte, the same message — the compressed byte and the text byte it names — and
# the same exit status (2). Each of gzip, bzip2, xz and zstd is damaged three ways: its content
# checksum at the end flipped, 64 bytes in the middle of its data (a block inside) garbled, and the
# file cut (at half and one byte short). The files are generated: 1,000 games (580 KB of text,
# 180 to 250 KB compressed), and 300 games for a zstd frame of less text than one of the decoder's
# blocks. The message's offsets are checked against the damage: the compressed byte is within the
# file, at or after the damaged byte (zstd, which reports nothing of a block it refuses, names where
# that block or the frame's checksum begins: at or before it; a cut file, its end), and the text
# before it is at most the file's text (but where garbled data decodes to more).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
for tool in gzip bzip2 xz zstd; do
  command -v $tool >/dev/null || { echo "SKIP: $tool is not installed (scripts/install-deps)"; exit 77; }
done

"$pgnsem" gen --seed 8 --games 1000 >"$tmp/g.pgn"
"$pgnsem" gen --seed 8 --games 300 >"$tmp/s.pgn"

# flip FILE OUT AT [COUNT]: OUT is FILE with COUNT bytes (1) from offset AT inverted
flip() {
  python3 - "$@" <<'PY'
import sys
b = bytearray(open(sys.argv[1], 'rb').read())
at, count = int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 1
for k in range(at, at + count):
    b[k] ^= 0xFF
open(sys.argv[2], 'wb').write(b)
PY
}

# same NAME FILE TEXT_BYTES DAMAGED_AT KIND: -j 1 and -j 2 answer alike, and the message names the
# place of the damage (KIND: sum, mid or cut)
same() {
  local name=$1 file=$2 text=$3 at=$4 kind=$5 j
  for j in 1 2; do
    "$pgnsem" check -j $j --quiet --format jsonl "$file" >"$tmp/out.$j" 2>"$tmp/err.$j"
    echo "exit $?" >>"$tmp/err.$j"
  done
  if cmp -s "$tmp/out.1" "$tmp/out.2" && cmp -s "$tmp/err.1" "$tmp/err.2"; then
    ok
  else
    bad "$name: -j 1 and -j 2 differ ($(wc -l <"$tmp/out.1") and $(wc -l <"$tmp/out.2") verdicts)"
    diff "$tmp/err.1" "$tmp/err.2"
    return
  fi
  local size message
  size=$(stat -c %s "$file")
  message=$(head -n 1 "$tmp/err.1")
  if [[ $message =~ ^pgnsem:\ $file:\ .*\ at\ compressed\ byte\ ([0-9]+),\ after\ ([0-9]+)\ bytes\ of\ text$ ]] &&
    [[ $(tail -n 1 "$tmp/err.1") == "exit 2" ]]; then
    local byte=${BASH_REMATCH[1]} made=${BASH_REMATCH[2]} place=1
    case $kind:$file in
      cut:*) ((byte == size)) || place=0 ;;
      *.zstd) ((byte <= at)) || place=0 ;;
      *) ((byte >= at && byte <= size)) || place=0 ;;
    esac
    [[ $kind == mid ]] || ((made <= text)) || place=0
    if ((place)); then ok; else
      bad "$name: compressed byte $byte (damage at $at, file of $size), text $made (of $text)"; fi
  else
    bad "$name: $(cat "$tmp/err.1")"
  fi
}

for z in gzip bzip2 xz zstd; do
  for p in g s; do
    [[ $p == s && $z != zstd ]] && continue
    f=$tmp/$p.$z
    case $z in
      zstd) zstd -q --check -c "$tmp/$p.pgn" >"$f" ;;
      bzip2) bzip2 -1 -c "$tmp/$p.pgn" >"$f" ;;
      *) $z -c "$tmp/$p.pgn" >"$f" ;;
    esac
    size=$(stat -c %s "$f") text=$(stat -c %s "$tmp/$p.pgn")
    # the content checksum: gzip's CRC-32 (8 bytes from the end), bzip2's combined CRC (its last
    # bits), xz's CRC-64 (the last 8 bytes of the one block: xz --robot -lvv), zstd's XXH64 (last)
    case $z in
      gzip) at=$((size - 8)) ;;
      xz) at=$(xz --robot -lvv "$f" | awk -F'\t' '$1 == "block" { print $5 + $7 - 8 }') ;;
      *) at=$((size - 1)) ;;
    esac
    flip "$f" "$tmp/sum.$p.$z" "$at"
    same "$z ($p.pgn), its checksum flipped" "$tmp/sum.$p.$z" "$text" "$at" sum
    flip "$f" "$tmp/mid.$p.$z" $((size / 2)) 64
    same "$z ($p.pgn), garbled in the middle" "$tmp/mid.$p.$z" "$text" $((size / 2)) mid
    for cut in $((size / 2)) $((size - 1)); do
      head -c $cut "$f" >"$tmp/cut.$p.$z"
      same "$z ($p.pgn), cut at $cut of $size bytes" "$tmp/cut.$p.$z" "$text" $cut cut
    done
  done
done

finish
