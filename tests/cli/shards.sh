#!/usr/bin/env bash
# `check --shard K/N` and `merge` (README, "Shards"; syntax/README.md, "Shards"): the N outputs,
# merged, are `check --format jsonl` of the whole file, byte for byte, for N = 1, 2 and 7 on the real
# games (all, or the first PGNSEM_CORPUS_GAMES), and for more N on the generated file of misleading
# boundaries (tests/cli/boundaries.py: candidates inside tags, comments and variations, broken games;
# LF, CRLF, CR, a byte order mark) and on a file with a game over the reader's 64 MiB limit. Every
# verdict's offset is its game's first byte. What is refused, with exit 2 and a message: compressed
# input, standard input, another layout, --jobs, a malformed K/N; outputs that do not fit together
# (another order, a shard missing, a truncated output, another reading).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
command -v gzip >/dev/null || { echo "SKIP: gzip is not installed (scripts/install-deps)"; exit 77; }

small=0
[[ ${PGNSEM_PERFT_SCALE:-1} == 0 ]] && small=1

# merged LABEL FILE N...: for each N, the N shards (two at a time) merged equal the whole file's output,
# both read with the options in reading=()
reading=()
merged() {
  local label=$1 file=$2
  shift 2
  "$pgnsem" check --quiet -j 1 --format jsonl "${reading[@]}" "$file" >"$tmp/whole"
  local n k outs
  for n in "$@"; do
    outs=()
    for ((k = 1; k <= n; k++)); do
      "$pgnsem" check --quiet --shard "$k/$n" --format jsonl "${reading[@]}" "$file" >"$tmp/part.$k" 2>"$tmp/part.$k.err" &
      ((k % 2 == 0)) && wait
      outs+=("$tmp/part.$k")
    done
    wait
    if "$pgnsem" merge "${outs[@]}" >"$tmp/merged" 2>"$tmp/merge.err" && cmp -s "$tmp/whole" "$tmp/merged"; then
      ok
    else
      bad "$label: $n shards merged differ from the whole file's output"
      cat "$tmp/merge.err" "$tmp"/part.*.err | head -5
      diff "$tmp/whole" "$tmp/merged" | head -4 | cut -c1-300
    fi
    rm -f "$tmp"/part.*
  done
}

# --- the generated file of misleading boundaries -------------------------------------------------
python3 "$src/tests/cli/boundaries.py" "$tmp"
for f in gen-lf gen-crlf gen-cr gen-bom; do
  if ((small)); then
    merged "$f" "$tmp/$f.pgn" 1 2 7 64
  else
    merged "$f" "$tmp/$f.pgn" 1 2 3 7 13 64 257
  fi
done
# the paper's reading, whose warnings about illegal variations name the variation
reading=(--semantics paper)
grep -q '"kind":"variation-illegal"' <("$pgnsem" check --quiet --format jsonl "${reading[@]}" "$tmp/gen-lf.pgn") && ok ||
  bad "gen-lf.pgn has no illegal variation under the paper's reading: the test misses them"
merged "gen-lf (paper)" "$tmp/gen-lf.pgn" 7 64
reading=()
# the offsets: each verdict's names its game's first byte (not white space), in increasing order
for f in gen-lf gen-crlf; do
  "$pgnsem" check --quiet --format jsonl "$tmp/$f.pgn" >"$tmp/whole"
  if python3 - "$tmp/$f.pgn" "$tmp/whole" <<'EOF'; then ok; else bad "$f: an offset that is not a game's first byte"; fi
import json, sys
data = open(sys.argv[1], 'rb').read()
offsets = [json.loads(line)['offset'] for line in open(sys.argv[2])]
assert len(offsets) > 300 and offsets == sorted(set(offsets)), 'not increasing'
for o in offsets:
    assert data[o:o + 1] not in (b' ', b'\t', b'\n', b'\r', b''), o
    assert o == 0 or data[o - 1:o] in (b'\n', b'\r', b' ', b'\t', b']', b'}', b')') or data[o:o + 1] == b'[', o
EOF
done

# --- a game over the reader's limit, with shard boundaries inside it -------------------------------
python3 - "$tmp/giant.pgn" <<'EOF'
import sys
with open(sys.argv[1], 'wb') as f:
    for i in range(50):
        f.write(b'[Event "before %d"]\n\n1. e4 e5 2. Nf3 {a note\n\n} Nc6 1-0\n\n' % i)
    f.write(b'[Event "giant"]\n[White "a"]\n\n1. e4 {')
    # 65 MiB of comment, with blank lines (a `[` opening a line would end the skip of the game there:
    # syntax/README.md, "Errors and resynchronisation")
    line = b'x' * 100 + b'\n\n' + b'y [ ' * 20 + b'\n'
    f.write(line * (65 * 2**20 // len(line) + 1))
    f.write(b'} e5 (1... c5 {a variation}) 2. Nf3 1-0\n\n')
    for i in range(50):
        f.write(b'[Event "after %d"]\n\n1. d4 d5 2. c4 (2. Nf3) *\n\n' % i)
EOF
"$pgnsem" check --quiet --format jsonl "$tmp/giant.pgn" >"$tmp/whole"
grep -q '"rule":"syntax/game-too-long"' "$tmp/whole" && [[ $(wc -l <"$tmp/whole") == 101 ]] && ok ||
  bad "giant.pgn: not 101 verdicts with the giant game too long"
merged "giant" "$tmp/giant.pgn" 1 2 7
rm -f "$tmp/giant.pgn"

# --- the real games ---------------------------------------------------------------------------------
if corpus=$(python3 "$src/tests/cli/corpus_data.py" "$shared" "$build"); then
  merged "the real games" "$corpus" 1 2 7
else
  echo "$corpus"
  [[ ${PGNSEM_CORPUS_GAMES:-all} == 0 ]] || bad "the real games could not be read"
fi

# --- what is refused -------------------------------------------------------------------------------
ex=$src/examples/illegal.pgn
gzip -c "$ex" >"$tmp/ex.pgn.gz"
refused() {  # WHAT PATTERN ARGS...: exit 2, the pattern on stderr, nothing on stdout
  local what=$1 pattern=$2
  shift 2
  run "$@"
  if [[ $status == 2 && ! -s $tmp/out ]] && grep -q -- "$pattern" "$tmp/err"; then
    ok
  else
    bad "$what: expected exit 2 and \"$pattern\"; got $status: $(head -c 300 "$tmp/err")"
  fi
}
refused "gzip input" "gzip-compressed; --shard reads a byte range of a plain file" \
  check --quiet --shard 1/2 --format jsonl "$tmp/ex.pgn.gz"
refused "standard input" "give one FILE (not standard input)" check --shard 1/2 --format jsonl - <"$ex"
refused "two files" "give one FILE" check --shard 1/2 --format jsonl "$ex" "$ex"
refused "text layout" "and --format jsonl" check --shard 1/2 "$ex"
refused "--jobs" "leave out --jobs" check --shard 1/2 -j 2 --format jsonl "$ex"
for spec in 0/3 4/3 1/0 a/b 3 1/2/3 " 1/2" 1/2097152 -1/2; do
  refused "--shard '$spec'" "is not K/N" check --shard "$spec" --format jsonl "$ex"
done
refused "a missing file" "cannot open" check --shard 1/2 --format jsonl "$tmp/none.pgn"

for k in 1 2 3; do "$pgnsem" check --quiet --shard $k/3 --format jsonl "$ex" >"$tmp/s$k"; done
"$pgnsem" check --quiet --shard 2/3 --format jsonl --semantics paper "$ex" >"$tmp/paper2"
head -n -1 "$tmp/s2" >"$tmp/cut2"
grep -v '"object":"shard"' "$tmp/s3" | head -n 2 >"$tmp/no-record"
cat "$tmp/s2" "$tmp/s2" >"$tmp/twice2"
refused "merge: another order" "give the outputs in the order of their shards" merge "$tmp/s2" "$tmp/s1" "$tmp/s3"
refused "merge: a shard missing" "outputs were given" merge "$tmp/s1" "$tmp/s2"
refused "merge: a truncated output" "not a shard record" merge "$tmp/s1" "$tmp/cut2" "$tmp/s3"
refused "merge: an output with no record" "not a shard record" merge "$tmp/s1" "$tmp/s2" "$tmp/no-record"
refused "merge: another reading" "another reading" merge "$tmp/s1" "$tmp/paper2" "$tmp/s3"
refused "merge: two outputs in one" "goes on after its shard record" merge "$tmp/s1" "$tmp/twice2" "$tmp/s3"
refused "merge: a missing output" "cannot open" merge "$tmp/s1" "$tmp/none" "$tmp/s3"
run merge "$tmp/s1" "$tmp/s2" "$tmp/s3"
"$pgnsem" check --quiet --format jsonl "$ex" >"$tmp/whole"
[[ $status == 0 ]] && cmp -s "$tmp/out" "$tmp/whole" && ok || bad "merge of the examples' three shards"
finish
