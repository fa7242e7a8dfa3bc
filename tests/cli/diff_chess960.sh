#!/usr/bin/env bash
# `pgnsem diff` on Chess960 positions (README, "pgnsem diff"; proofs-notes/chess960.md) against
# Stockfish: the position before every castling of the real Chess960 games
# (tests/fixtures/chess960-real-games.pgn: the king walking far, standing still, swapping with its
# rook), read as X-FEN with --chess960, agree at depth 2, each with its castling right; Stockfish
# deaf to UCI_Chess960 differs at the root of every one, by its castling. Shredder-FEN, chess960:N
# and standard positions mixed in one file agree too: the engine is told UCI_Chess960 true before a
# Chess960 position and false before a standard one after it, and an engine that sees standard
# positions only is told nothing new (the lines it reads are those it read before Chess960). The mixed
# file agrees with `pgnsem serve` too (`diff --serve`, "chess960": true).
# Skipped (77), never passed, without /usr/games/stockfish (Debian's stockfish, scripts/install-deps).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
stockfish=/usr/games/stockfish
[[ -x $stockfish ]] || { echo "SKIPPED: $stockfish is missing (scripts/install-deps installs it)"; exit 77; }
fixture=$src/tests/fixtures/chess960-real-games.pgn

# --- the position before every castling of the real games, X-FEN -------------------------------------
run trace --quiet --format jsonl "$fixture"
python3 - "$tmp/out" "$tmp/before.fen" "$tmp/apart.fen" "$tmp/castlings" <<'EOF'
import json, sys
steps = [json.loads(line) for line in open(sys.argv[1])]
before, castlings = [], []
for prev, s in zip(steps, steps[1:]):
    if s["game"] == prev["game"] and s["san"].startswith("O-O"):
        before.append(prev["fen_after"])
        castlings.append(s["uci"])
assert len(before) >= 25, len(before)
# the king takes its rook: walking far (d1e1), standing still (c8a8), swapping (f8g8)
assert {"d1e1", "c8a8", "f8g8"} <= set(castlings), castlings
open(sys.argv[2], "w").write("".join(f + "\n" for f in before))
# where the castling rook did not start on the king's destination (g1, c1, g8, c8) nor the king on
# b or d (where an engine writing castling as the king's move lists the step to c1 twice): eight
apart = [(f, c) for f, c in zip(before, castlings) if c[2] not in "gc" and c[0] not in "bd"][:8]
assert len(apart) == 8, apart
open(sys.argv[3], "w").write("".join(f + "\n" for f, c in apart))
open(sys.argv[4], "w").write("".join(c + "\n" for f, c in apart))
EOF
count=$(wc -l <"$tmp/before.fen")
run diff --uci "$stockfish" --depth 2 --chess960 --format jsonl "$tmp/before.fen"
if [[ $status == 0 ]] && python3 - "$tmp/out" "$count" <<'EOF'; then ok; else bad "X-FEN with --chess960: exit $status: $(head -c 600 "$tmp/out") $(cat "$tmp/err")"; fi
import json, sys
objects = [json.loads(line) for line in open(sys.argv[1])]
assert len(objects) == int(sys.argv[2]), len(objects)
for o in objects:
    assert o["agree"] is True and o["legal"], o
    assert o["fen"].split()[2] != "-", o["fen"]  # the right to castle, kept
EOF
# without --chess960 X-FEN's rights are standard ones: those whose king and rook are not on e1 and
# a corner are dropped, and the standard positions left agree
run diff --uci "$stockfish" --depth 1 --format jsonl "$tmp/before.fen"
if [[ $status == 0 ]] && python3 - "$tmp/out" "$tmp/before.fen" <<'EOF'; then ok; else bad "X-FEN without --chess960: exit $status: $(head -c 400 "$tmp/out")"; fi
import json, sys
objects = [json.loads(line) for line in open(sys.argv[1])]
given = open(sys.argv[2]).read().splitlines()
assert all(o["agree"] is True for o in objects), objects
dropped = sum(o["fen"].split()[2] != g.split()[2] for o, g in zip(objects, given))
assert dropped >= len(given) - 2, (dropped, len(given))
EOF

# Stockfish never told UCI_Chess960 writes castling as the king's move to g1 or c1 (g8, c8): where
# the castling rook did not start there, that is not pgnsem's king taking its rook, and the two part
# at the root by the castling the game played there
cat >"$tmp/deaf.sh" <<EOF
#!/bin/sh
grep --line-buffered -v 'setoption name UCI_Chess960' | $stockfish
EOF
run diff --uci "sh '$tmp/deaf.sh'" --depth 1 --chess960 --format jsonl "$tmp/apart.fen"
if [[ $status == 1 ]] && python3 - "$tmp/out" "$tmp/castlings" <<'EOF'; then ok; else bad "a deaf Stockfish: exit $status: $(head -c 600 "$tmp/out")"; fi
import json, sys
objects = [json.loads(line) for line in open(sys.argv[1])]
castlings = open(sys.argv[2]).read().split()
assert len(objects) == len(castlings) == 8
for o, c in zip(objects, castlings):
    d = o["difference"]
    assert o["agree"] is False and d["path"] == [], o
    assert c in [m["written"] for m in d["missing"]], (c, d)
EOF

# --- Shredder-FEN, chess960:N and standard positions in one file --------------------------------------
# (a standard position where both sides can castle after each Chess960 one: an engine left in
# Chess960 mode would write e1h1 for e1g1)
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
printf '%s\n' "$kiwipete" \
  'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9' "$kiwipete" \
  'chess960:105' "$kiwipete" \
  "$(sed -n 1p "$tmp/before.fen" | python3 -c '
import sys
# X-FEN to Shredder-FEN: K and Q name the outermost rook of their side of the king
board, side, rights, *rest = sys.stdin.read().split()
ranks = board.split("/")
def files(rank, piece):
    row = "".join("." * int(c) if c.isdigit() else c for c in rank)
    return [i for i, c in enumerate(row) if c == piece]
out = ""
for ch in rights:
    white = ch.isupper()
    rank = ranks[7] if white else ranks[0]
    king = files(rank, "K" if white else "k")[0]
    rooks = files(rank, "R" if white else "r")
    f = max(rooks) if ch in "Kk" else min(rooks) if ch in "Qq" else "abcdefgh".index(ch.lower())
    out += "ABCDEFGH"[f] if white else "abcdefgh"[f]
print(board, side, out, *rest)')" "$kiwipete" >"$tmp/mixed.fen"
cat >"$tmp/logged.sh" <<EOF
#!/bin/sh
tee -a '$tmp/engine.log' | $stockfish
EOF
: >"$tmp/engine.log"
run diff --uci "sh '$tmp/logged.sh'" --depth 2 --format jsonl "$tmp/mixed.fen"
if [[ $status == 0 ]] && python3 - "$tmp/out" "$tmp/engine.log" <<'EOF'; then ok; else bad "mixed positions: exit $status: $(head -c 600 "$tmp/out") $(cat "$tmp/engine.log")"; fi
import json, sys
objects = [json.loads(line) for line in open(sys.argv[1])]
assert [o["agree"] for o in objects] == [True] * 7, objects
assert all(o["fen"].split()[2] != "-" for o in objects[1:6:2]), objects
told = [l.split()[-1] for l in open(sys.argv[2]).read().splitlines() if l.startswith("setoption name UCI_Chess960")]
assert told == ["true", "false"] * 3, told
EOF
# the same file against pgnsem's own serve (the serve protocol, "chess960": true beside the Shredder-FEN)
run diff --serve "$pgnsem serve" --depth 2 --format jsonl "$tmp/mixed.fen"
if [[ $status == 0 ]] && python3 - "$tmp/out" <<'EOF'; then ok; else bad "mixed positions, --serve: exit $status: $(head -c 600 "$tmp/out") $(cat "$tmp/err")"; fi
import json, sys
objects = [json.loads(line) for line in open(sys.argv[1])]
assert [o["agree"] for o in objects] == [True] * 7, objects
EOF
# standard positions only: the engine reads what it read before Chess960 (no setoption)
: >"$tmp/engine.log"
printf '%s\n' "$kiwipete" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' >"$tmp/standard.fen"
run diff --uci "sh '$tmp/logged.sh'" --depth 2 "$tmp/standard.fen"
[[ $status == 0 ]] && ! grep -q setoption "$tmp/engine.log" &&
  [[ $(grep -c '^position fen ' "$tmp/engine.log") == 2 ]] && ok ||
  bad "standard positions: exit $status: $(cat "$tmp/engine.log")"
finish
