#!/usr/bin/env bash
# The real Chess960 games (tests/fixtures/chess960-real-games.pgn, the 21 games of the real-game file
# with [Variant "Chess960"]; proofs-notes/chess960.md): `pgnsem check` judges every one legal, and its
# final FEN (X-FEN) equals byte for byte the one an independent library reaches replaying the game,
# chessops 0.15.1 (installed from the npm registry into the build folder; tests/cli/chess960_games.mjs),
# and its placement and side to move equal the game's [CurrentPosition] tag (whose castling field
# chess.com writes loosely, so it is not compared). Skipped (77), never passed, when node, npm or the
# registry is not there.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -u
pgnsem=$1 src=$2 build=$4
fixture=$src/tests/fixtures/chess960-real-games.pgn
source "$src/tests/cli/npm_peer.sh"
dir=$build/chessops
npm_peer chessops 0.15.1 "$dir" "$build/chessops-install.log"
tmp=$(mktemp -d "$build/chess960_games.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$pgnsem" check --format jsonl "$fixture" >"$tmp/ours.jsonl" 2>"$tmp/err"
echo "pgnsem check: exit $?"
node "$src/tests/cli/chess960_games.mjs" "$dir" "$fixture" >"$tmp/theirs.jsonl" || { echo "FAIL: chessops did not run"; exit 1; }
python3 - "$tmp/ours.jsonl" "$tmp/theirs.jsonl" "$fixture" <<'PY'
import json, re, sys
ours = [json.loads(l) for l in open(sys.argv[1])]
theirs = [json.loads(l) for l in open(sys.argv[2])]
text = open(sys.argv[3], encoding='latin-1').read()
current = [m.group(1) if m else None
           for m in (re.search(r'\[CurrentPosition "([^"]*)"\]', g) for g in re.split(r'(?m)^(?=\[Event )', text) if g.strip().startswith('[Event'))]
fails = []
if not (len(ours) == len(theirs) == len(current) == 21):
    fails.append('games: pgnsem %d, chessops %d, tags %d, expected 21' % (len(ours), len(theirs), len(current)))
castled = 0
for a, b, cp in zip(ours, theirs, current):
    g = a['game']
    if a['verdict'] != 'legal':
        fails.append('game %d: %s %s' % (g, a['verdict'], a['error']))
    if b['error'] is not None:
        fails.append('game %d: chessops could not play %s' % (g, b['error']))
    if a['plies'] != b['plies'] or a['fen_after'] != b['fen']:
        fails.append('game %d: pgnsem %d plies, %s; chessops %d plies, %s' % (g, a['plies'], a['fen_after'], b['plies'], b['fen']))
    if cp is not None and a['fen_after'].split()[:2] != cp.split()[:2]:
        fails.append('game %d: final position %s, CurrentPosition %s' % (g, a['fen_after'], cp))
for f in fails:
    print('FAIL ' + f)
print('%d Chess960 games: %d legal, %d final FENs equal to chessops\', %d CurrentPosition tags compared' % (
    len(ours), sum(v['verdict'] == 'legal' for v in ours),
    sum(a['fen_after'] == b['fen'] for a, b in zip(ours, theirs)), sum(c is not None for c in current)))
sys.exit(1 if fails else 0)
PY
