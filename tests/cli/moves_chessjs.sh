#!/usr/bin/env bash
# `pgnsem moves` against an independent library, chess.js 1.4.0 (installed from the npm registry into
# the build folder), on positions this project did not write: the `epd` lines of the perft suites of
# ../shared/data/perft (standard, tricky, random), the positions reached in the first real games of
# ../shared/data/games/real-games.pgn.gz and in games `pgnsem gen` plays at random. For every position:
# the whole list of legal moves (UCI and SAN, with `+`/`#`), and check, checkmate, stalemate
# (tests/cli/moves_chessjs.js compares). Skipped (77), never passed, when node, npm or the registry
# is not there.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -u
pgnsem=$1 src=$2 shared=$3 build=$4
source "$src/tests/cli/npm_peer.sh"
dir=$build/chessjs
npm_peer chess.js 1.4.0 "$dir" "$build/chessjs-install.log"
tmp=$(mktemp -d "$build/moves_chessjs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/positions"
perft=$shared/data/perft
if [[ -d $perft ]]; then
  for f in standard tricky random; do
    sed -n 's/^epd //p' "$perft/$f.perft" >>"$tmp/positions"
  done
  echo "perft suites: $(wc -l <"$tmp/positions") positions"
else
  echo "note: $perft is absent: no perft positions"
fi
# Positions reached in games: every ply's FEN of `trace`.
fens_of_trace() {
  python3 -c '
import json, sys
for line in sys.stdin:
    print(json.loads(line)["fen"])'
}
"$pgnsem" gen --seed 20261126 --games 25 >"$tmp/gen.pgn" 2>/dev/null
"$pgnsem" trace --format jsonl "$tmp/gen.pgn" 2>/dev/null | fens_of_trace >"$tmp/gen.fens"
echo "generated games: $(wc -l <"$tmp/gen.fens") positions"
cat "$tmp/gen.fens" >>"$tmp/positions"
games=$shared/data/games/real-games.pgn.gz
if [[ -f $games && "${PGNSEM_CORPUS_GAMES:-all}" != 0 ]]; then
  # the first 40 games (the last one read may be cut; trace gives only its legal plies)
  gzip -dc "$games" 2>/dev/null | awk '/^\[Event /{n++} n>40{exit} {print}' >"$tmp/real.pgn"
  "$pgnsem" trace --format jsonl "$tmp/real.pgn" 2>/dev/null | fens_of_trace >"$tmp/real.fens"
  echo "real games: $(wc -l <"$tmp/real.fens") positions"
  cat "$tmp/real.fens" >>"$tmp/positions"
else
  echo "note: no real games read ($games absent, or PGNSEM_CORPUS_GAMES=0)"
fi
# One position once (the first four fields decide the moves); then every sixth of them (every 30th
# in the checked and debug builds, PGNSEM_PERFT_SCALE=0; every one under scripts/test --full,
# PGNSEM_FULL=1), as each is one run of pgnsem: some 1,900 positions in the release build, 11,400
# with --full, a few hundred in the others.
step=6
[[ "${PGNSEM_SANITIZE:-0}" == 1 || "${PGNSEM_PERFT_SCALE:-1}" == 0 ]] && step=30
[[ "${PGNSEM_FULL:-0}" == 1 ]] && step=1
awk '!seen[$1" "$2" "$3" "$4]++' "$tmp/positions" | awk -v step="$step" '(NR - 1) % step == 0' >"$tmp/unique"
echo "distinct positions compared (one in ${step}): $(wc -l <"$tmp/unique")"
# A position that cannot arise in a game is listed all the same (exit 1) and compared, except one
# whose castling rights lack their king or rook (position/castling-rights; tricky.perft has a few,
# Chess960 starts among them): pgnsem castles only with king and rook on their squares, chess.js
# takes the FEN's word and castles with a king from c1.
fail=0 invalid=0 excluded=0
: >"$tmp/ours.jsonl"
while IFS= read -r fen; do
  "$pgnsem" moves --fen "$fen" --format jsonl >>"$tmp/ours.jsonl" 2>"$tmp/err"
  case $? in
    0) ;;
    1) if grep -q 'position/castling-rights' "$tmp/err"; then
         excluded=$((excluded + 1)); echo "not compared: $fen"; sed -i '$d' "$tmp/ours.jsonl"
       else invalid=$((invalid + 1)); fi ;;
    *) fail=1; echo "FAIL: pgnsem moves --fen '$fen': $(cat "$tmp/err")" ;;
  esac
done <"$tmp/unique"
echo "positions that cannot arise in a game, compared all the same: $invalid; castling rights without their king or rook, not compared: $excluded"
node "$src/tests/cli/moves_chessjs.js" "$dir" "$tmp/ours.jsonl" || fail=1
exit $fail
