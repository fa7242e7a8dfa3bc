#!/usr/bin/env bash
# Issue 15: `check -j N` splits the input into blocks and parses them in the workers
# (interpreter/README.md, "check's pipeline"); its output must be -j 1's, byte for byte. Blocks are
# forced tiny (PGNSEM_BLOCK_BYTES=MIN[,MAX[,TAIL]], a hidden knob) so that candidate boundaries fall
# everywhere, and cut without a candidate (MAX) inside games, lines and CRLF pairs. Compared, stdout
# and stderr (but the time line), text and jsonl, -j 1 against -j 2 and -j 3: every .pgn of examples/
# and tests/, and a generated file whose comments hold `[Event` lines after blank lines, with broken
# games that resynchronise, text after results, escape lines, tagless and tag-only games, blank
# lines inside tag sections, escaped tags and a game far larger than a block, written with LF, CRLF
# and CR alone, with a byte order mark, and gzip-compressed. Each file set goes through one run of check per setting (the files of
# one run are split each on its own). The pipeline's own counts (PGNSEM_PIPELINE_STATS) show that guesses
# were read again and that the split was abandoned somewhere, so those paths are exercised too.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
command -v gzip >/dev/null || { echo "SKIP: gzip is not installed (scripts/install-deps)"; exit 77; }

# one run: stdout in $1, stderr without its time line in $1.err
check() {
  local to=$1
  shift
  "$pgnsem" check "$@" >"$to" 2>"$to.err.raw"
  echo "exit $?" >>"$to"
  grep -v '^time: ' "$to.err.raw" >"$to.err"
}

# compare LABEL SIZES... -- FILES...: -j 1 against -j N at each block size, every file in one run
# (check splits each file on its own; one run of many files is many runs' worth of splits for one
# process start). Each size is run twice, -j 2 as JSON Lines and -j 3 as text (in the smaller
# builds: -j 2 only, the two formats in turn), so that every size meets both formats and both
# worker counts without running their whole product.
compare() {
  local label=$1 sizes=() k=0
  shift
  while [[ $1 != -- ]]; do sizes+=("$1"); shift; done
  shift
  check "$tmp/ref.jsonl" -j 1 --format jsonl "$@"
  check "$tmp/ref.text" -j 1 --format text "$@"
  for size in "${sizes[@]}"; do
    local runs=("2 jsonl" "3 text")
    ((small)) && { runs=("2 jsonl"); ((k % 2)) && runs=("2 text"); }
    k=$((k + 1))
    for run in "${runs[@]}"; do
      read -r j format <<<"$run"
      PGNSEM_BLOCK_BYTES=$size check "$tmp/par" -j $j --format $format "$@"
      if cmp -s "$tmp/ref.$format" "$tmp/par" && cmp -s "$tmp/ref.$format.err" "$tmp/par.err"; then
        ok
      else
        bad "$label: check -j $j --format $format with PGNSEM_BLOCK_BYTES=$size differs from -j 1"
        diff "$tmp/ref.$format" "$tmp/par" | head -5
        diff "$tmp/ref.$format.err" "$tmp/par.err" | head -5
      fi
    done
  done
}

# The smaller builds (PGNSEM_PERFT_SCALE=0: the checked build, under the sanitizers) run fewer block
# sizes: the same paths of the pipeline, fewer times over.
small=0
[[ ${PGNSEM_PERFT_SCALE:-1} == 0 ]] && small=1

# --- every bundled PGN file ----------------------------------------------------------------------
files=()
while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$src/examples" "$src/tests" -name '*.pgn' -print0 | sort -z)
[[ ${#files[@]} -ge 20 ]] && ok || bad "only ${#files[@]} .pgn files found under examples/ and tests/"
if ((small)); then
  compare "the bundled files" "" 1 3,64 -- "${files[@]}"
else
  compare "the bundled files" "" 1 5 3,64 2,1000,3 -- "${files[@]}"
fi

# --- a generated file of boundaries that are not what they look like ------------------------------
python3 "$src/tests/cli/boundaries.py" "$tmp"
gzip -c "$tmp/gen-lf.pgn" >"$tmp/gen-lf.pgn.gz"
generated=("$tmp"/gen-lf.pgn "$tmp"/gen-crlf.pgn "$tmp"/gen-cr.pgn "$tmp"/gen-bom.pgn)
if ((small)); then
  compare "generated (LF, CRLF, CR, BOM)" "" 1 7 1,40 5,333 1,100000,1 -- "${generated[@]}"
  compare "generated (gzip)" "" 7 -- "$tmp/gen-lf.pgn.gz"
else
  compare "generated (LF, CRLF, CR, BOM)" "" 1 2 3 7 64 4096 1,40 5,333 64,4096 1,100000,1 9,1000,40 -- "${generated[@]}"
  compare "generated (gzip)" "" 1 7 64,4096 -- "$tmp/gen-lf.pgn.gz"
fi
# the same verdicts from the compressed file as from the plain one (the file name aside)
"$pgnsem" check -j 2 --format jsonl "$tmp/gen-lf.pgn" 2>/dev/null | sed 's/"file":"[^"]*",//' >"$tmp/plain"
"$pgnsem" check -j 2 --format jsonl "$tmp/gen-lf.pgn.gz" 2>/dev/null | sed 's/"file":"[^"]*",//' >"$tmp/gz"
cmp -s "$tmp/plain" "$tmp/gz" && ok || bad "the gzip file's verdicts differ from the plain file's"

# --- the paths are taken: guesses read again, and a split abandoned -------------------------------
again=0 abandoned=0
for size in 1,40 5,333 64,4096 1,100000,1; do
  PGNSEM_BLOCK_BYTES=$size PGNSEM_PIPELINE_STATS=1 "$pgnsem" check -j 2 --quiet "$tmp/gen-lf.pgn" >/dev/null 2>"$tmp/stats"
  grep -Eq 'read again [1-9]' "$tmp/stats" && again=1
  grep -q 'split abandoned' "$tmp/stats" && abandoned=1
done
[[ $again == 1 ]] && ok || bad "no block was read again from the previous block's stop: the test misses that path"
[[ $abandoned == 1 ]] && ok || bad "no split was abandoned: the test misses the fallback reader"
finish
