#!/usr/bin/env bash
# The Laws' rook flags in a Chess960 game's trace and explanation are named by the square each
# watches, its castling rook's start square (proofs-notes/chess960.md, "The rook flags"): in the
# second real Chess960 game (tests/fixtures/chess960-real-games.pgn: rooks on b1 and e1) `trace`
# (text and JSON) writes e1_rook_moved and b1_rook_moved, never a1 or h1, and `explain` reads the
# castling premise as b1_rook_moved = 0; a Chess960 game from position 518, whose rooks start on the
# corners, and a standard game keep the standard names. And explain's premise of a castling whose
# king and rook swap squares, which needs no square empty.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
fixture=$src/tests/fixtures/chess960-real-games.pgn

# --- text: O-O moves the e1 rook, Rbe1 the b1 rook --------------------------------------------------
run trace --quiet --game 2 "$fixture"
grep -q '^ply 13  7\. O-O  \[castle/king-side\] .* w_king ↦ 1 (was 0), e1_rook_moved ↦ 1 (was 0)\]$' "$tmp/out" &&
  grep -q '^ply 23  12\. Rbe1  .* b1_rook_moved ↦ 1 (was 0)\]$' "$tmp/out" &&
  ! grep -q '[ah][18]_rook_moved' "$tmp/out" && ok || bad "the text trace: $(grep rook_moved "$tmp/out")"

# --- JSON: the same names, and only the four start squares ------------------------------------------
run trace --quiet --game 2 --format jsonl "$fixture"
names=$(python3 -c '
import json, sys
names = set()
for line in open(sys.argv[1]):
    for i in json.loads(line)["identifiers"] or []:
        if i["name"].endswith("_rook_moved"):
            names.add(i["name"])
print(" ".join(sorted(names)))' "$tmp/out")
[[ $names == "b1_rook_moved b8_rook_moved e1_rook_moved e8_rook_moved" ]] && ok || bad "the JSON trace's names: $names"

# --- explain: the premise of O-O-O after the b1 rook left and came back -------------------------------
cat >"$tmp/returned.pgn" <<'EOF'
[Event "Chess960: O-O-O after the b1 rook left and came back"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "qrbkrnnb/pppppppp/8/8/8/8/PPPPPPPP/QRBKRNNB w EBeb - 0 1"]
[Result "*"]

1. b3 b6 2. Bb2 Bb7 3. Rc1 Rc8 4. Rb1 Rb8 5. O-O-O *
EOF
run explain "$tmp/returned.pgn"
grep -q 'false  b1_rook_moved = 0   (σ: b1_rook_moved = 1)   → castle/rook-moved' "$tmp/out" && ok ||
  bad "explain's premise: $(cat "$tmp/out")"
run explain --game 1 --ply 5 "$tmp/returned.pgn"
grep -q 'b1_rook_moved ↦ 1 (was 0)   \[the Laws. addition\]' "$tmp/out" && ok || bad "explain's update of Rc1: $(cat "$tmp/out")"

# the king and the rook swapping squares (O-O with the king on f8, the rook on g8) need no square empty
printf '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "bbnnrkrq/pppppppp/8/8/8/8/PPPPPPPP/BBNNRKRQ w KQkq - 0 1"]\n\n1. O-O O-O *\n' \
  >"$tmp/swap.pgn"
run explain --game 1 --ply 2 "$tmp/swap.pgn"
grep -q '^    true   no square must be empty (the king and the rook swap squares)$' "$tmp/out" &&
  grep -q 'σ′ = σ^{21,24,4,1}_{g8,f8,turn,b_king}' "$tmp/out" && ok || bad "explain of a swap: $(cat "$tmp/out")"

# --- the standard names where the rooks start on the corners ------------------------------------------
printf '[Variant "Chess960"]\n[Result "*"]\n\n1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O *\n' >"$tmp/corners.pgn"
run trace --quiet "$tmp/corners.pgn"
grep -q 'w_king ↦ 1 (was 0), h1_rook_moved ↦ 1 (was 0)\]$' "$tmp/out" &&
  grep -q 'b_king ↦ 1 (was 0), h8_rook_moved ↦ 1 (was 0)\]$' "$tmp/out" && ok ||
  bad "position 518: $(grep rook_moved "$tmp/out")"
run trace --quiet "$src/examples/fischer-spassky-1992.pgn"
grep -q 'h1_rook_moved ↦ 1 (was 0)' "$tmp/out" && grep -q 'h8_rook_moved ↦ 1 (was 0)' "$tmp/out" && ok ||
  bad "a standard game: $(grep rook_moved "$tmp/out")"
finish
