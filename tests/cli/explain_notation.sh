#!/usr/bin/env bash
# `pgnsem explain` in the paper's notation (app/explain_notation.cpp): premises for the move at hand
# as the paper prints them (`a1 = 17`, `d5 ∈ {17…32}`), pawns named by their file in GTSS/GCSS, IIC as
# 1 or 0, the en passant stamps' values, the erratum behind a premise the paper's equation shapes;
# `--format tree`; the departures the notes state (a pawn's push onto a piece read as printed, the
# stamp of a double step from another rank); advice that names what is wrong; and the reading named
# at the top of check's text report.
source "$2/tests/cli/lib.sh" "$@"

errata="$src/tests/conformance/errata.pgn"
game_of() { # the number of the game of $errata whose Event is $1
  grep '^\[Event ' "$errata" | grep -n -F "\"$1\"" | cut -d: -f1
}
has() { # has FILE TEXT: the file holds TEXT as a fixed string
  grep -q -F -- "$2" "$1"
}

# the paper's a1 = 17, with what σ holds there
run explain --erratum castle-black-queenside-rook=paper --game "$(game_of "erratum: Black's O-O-O tests a8, not a1")" "$errata"
if has "$tmp/out" 'false  a1 = 17   (σ: a1 = 1)   → castle/no-rook   [erratum castle-black-queenside-rook: paper]' &&
  has "$tmp/out" '(reading: laws, with castle-black-queenside-rook=paper)'; then ok
else bad "a1 = 17: $(cat "$tmp/out")"; fi

# a capture's premises under the paper: Q ∈ {17…32} and turn = 0, with σ's values; the reading
# named from the paper's side
printf '1. e4 d5 2. exd5 *\n' >"$tmp/capture.pgn"
run explain --semantics paper --erratum destination-empty=laws "$tmp/capture.pgn"
if has "$tmp/out" 'true   d5 ∈ {17…32}   (σ: d5 = 28)' &&
  has "$tmp/out" 'false  turn = 0   (σ: turn = 2)   → paper/capture-turn   [erratum capture-turn-parity: paper]' &&
  has "$tmp/out" 'GCSS(d5, e, σ)' && has "$tmp/out" '(reading: paper, with destination-empty=laws)'; then ok
else bad "capture premises: $(cat "$tmp/out")"; fi

# pawns by file, IIC as 1/0, the en passant stamp against turn − 1
printf '1. e4 d5 2. e5 f5 3. exf6 *\n' >"$tmp/ep.pgn"
run explain --ply 5 "$tmp/ep.pgn"
if has "$tmp/out" 'GCSS(f6, e, σ)' &&
  has "$tmp/out" 'step 5  en passant: f6 = 0, the pawn behind it on f5 has f7_2step = 3, turn − 1 = 4 − 1 = 3: it applies' &&
  has "$tmp/out" 'IIC(σ′, White) = 0' && has "$tmp/out" 'true   IIC(σ′, White) = 0   [erratum check-turn-reading: Laws]' &&
  ! grep -q '= ⊤$\|= ⊥$\|^    [⊤⊥]  ' "$tmp/out"; then ok
else bad "en passant: $(cat "$tmp/out")"; fi
run explain --ply 1 "$tmp/ep.pgn"
if has "$tmp/out" 'GTSS(e4, e, σ)'; then ok; else bad "GTSS(e4, e, σ): $(cat "$tmp/out")"; fi
printf '1. e4 f5 2. e5 f4 3. exf6 *\n' >"$tmp/ep-late.pgn"
run explain --ply 5 "$tmp/ep-late.pgn"
if [[ $status -eq 0 ]] && ! has "$tmp/out" 'step 5  en passant'; then ok; else bad "no pawn behind f6, no step 5: $(cat "$tmp/out")"; fi

# every ply of the walkthrough's second game under the paper's reading (with the three errata corrected
# that would stop it at its first moves): no premise marked ⊤/⊥, every IIC 1 or 0, pawns by file
tricky="$src/examples/legal-tricky.pgn"
n=$(grep '^\[Event ' "$tricky" | grep -n -F 'the walkthrough game' | cut -d: -f1)
plies=$("$pgnsem" check --format jsonl "$tricky" 2>/dev/null | sed -n "${n}p" | sed 's/.*"plies":\([0-9]*\).*/\1/')
walked=0
for ((p = 1; p <= plies; p++)); do
  "$pgnsem" explain --semantics paper --erratum destination-empty=laws --erratum capture-turn-parity=laws \
    --erratum en-passant-capture=laws \
    --game "$n" --ply "$p" "$tricky" >"$tmp/ply" 2>/dev/null || break
  walked=$p
  if grep -q '^    [⊤⊥]  \|IIC(σ′*, [A-Za-z]*) = [⊤⊥]' "$tmp/ply" ||
    grep 'IIC(σ′*, [A-Za-z]*) = ' "$tmp/ply" | grep -v -q 'IIC(σ′*, \(White\|Black\)) = [01]' ||
    grep -q 'G[TC]SS([a-h][1-8], P' "$tmp/ply"; then
    bad "ply $p of the walkthrough game: $(cat "$tmp/ply")"
    break
  fi
done
if ((plies > 10 && walked >= 8)); then ok; else bad "walked $walked of $plies plies"; fi

# promotion by capture read as printed: the paper's file(Q), tagged, and not blamed on the notation
run explain --erratum promotion-capture-file=paper --game "$(game_of "erratum: promotion by capture takes the pawn from W, not from the file of Q")" "$errata"
if has "$tmp/out" 'GCSS(a8, a, σ)' &&
  has "$tmp/out" "step 2  … on file(Q) = a, where the paper's [[W::x::Q=T]] looks (the move writes W = b): {}   [erratum promotion-capture-file: paper]" &&
  has "$tmp/out" "no pawn on file a can capture on a8: the paper's [[W::x::Q=T]] as printed looks for its pawn on file(Q), not on the file b written (erratum promotion-capture-file)" &&
  ! has "$tmp/out" 'the file or rank bxa8=Q names'; then ok
else bad "promotion-capture-file: $(cat "$tmp/out")"; fi

# the double step read as printed from e3: the stamp set, and the identifier the paper writes
run explain --erratum pawn-double-step-start-rank=paper --ply 5 --game "$(game_of "erratum: the double step only from the start rank")" "$errata"
if has "$tmp/out" 'e2_2step ↦ 4 (was none)' && has "$tmp/out" "the paper's equation writes S_2step = e3_2step"; then ok
else bad "stamp of e3-e5: $(cat "$tmp/out")"; fi

# a pawn's push onto a piece: read as printed, defined (GTSS asks nothing of Q, T(Q) asks Q ≠ 0);
# corrected, trav/pawn-blocked
printf '[SetUp "1"]\n[FEN "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1"]\n\n1. e5 *\n' >"$tmp/push.pgn"
run check --semantics paper --format jsonl "$tmp/push.pgn"
if has "$tmp/out" '"verdict":"legal"' && has "$tmp/out" '"fen_after":"4k3/8/8/4P3/8/8/8/4K3 b - - 0 1"'; then ok
else bad "paper push onto a piece: $(cat "$tmp/out")"; fi
run check --semantics paper --erratum destination-empty=laws --format jsonl "$tmp/push.pgn"
if has "$tmp/out" '"rule":"trav/pawn-blocked"'; then ok; else bad "corrected push onto a piece: $(cat "$tmp/out")"; fi

# advice: the e3 pawn cannot step twice (not "only the black pawn could play e5"), under both engines
for engine in fast reference; do
  printf '1. e3 a6 2. e5 *\n' >"$tmp/e3e5.pgn"
  run check --engine "$engine" "$tmp/e3e5.pgn"
  if has "$tmp/out" 'src/unreachable: the white pawn on e3 cannot step twice to e5: a pawn makes its double step only from its start rank'; then ok
  else bad "e3-e5 advice ($engine): $(cat "$tmp/out")"; fi
done
# the paper's Nd2 onto its own pawn is a traversal: no x suggested
printf '1. Nd2 *\n' >"$tmp/nd2.pgn"
run check --semantics paper "$tmp/nd2.pgn"
if has "$tmp/out" 'legal, 1 ply' && ! has "$tmp/out" 'capture-marker' && ! has "$tmp/out" 'Nxd2'; then ok
else bad "paper Nd2: $(cat "$tmp/out")"; fi

# the derivation tree: T at the root, [[M]] and T's premises below, each leaf with where it comes from
run explain --format tree --game 3 "$src/examples/illegal.pgn"
if has "$tmp/out" '  T(Q)(σ) = ⊥   check/unanswered' &&
  has "$tmp/out" '├─ (σ, σ′) ∈ [[Q]]: σ′ = σ^{9,0,5}_{a3,a2,turn}   ⟸ equation trav/pawn' &&
  has "$tmp/out" '│  └─ GTSS(a3, a, σ)  mover = White   ⟸ Algorithm 1 (GTSS)' &&
  has "$tmp/out" "├─ false  IIC(σ′, White) = 0   (IIC(σ′, White) = 1, attacked by {h4})   → check/unanswered   ⟸ T(Q); erratum check-turn-reading (the Laws' form)"; then ok
else bad "tree: $(cat "$tmp/out")"; fi
run explain --format tree --erratum castle-black-queenside-rook=paper --game "$(game_of "erratum: Black's O-O-O tests a8, not a1")" "$errata"
if has "$tmp/out" "│  └─ false  a1 = 17   (σ: a1 = 1)   → castle/no-rook   ⟸ [[O-O-O]]; erratum castle-black-queenside-rook (as printed)" &&
  has "$tmp/out" '├─ [[O-O-O]]σ undefined: (σ, σ′) ∈ [[O-O-O]] for no σ′'; then ok
else bad "castling tree: $(cat "$tmp/out")"; fi

# check's text report names its reading before the first verdict, and writes nothing for no game
run check --semantics paper "$src/examples/illegal.pgn"
if [[ "$(head -1 "$tmp/out")" == "reading: paper" ]]; then ok; else bad "check's header: $(head -3 "$tmp/out")"; fi
printf '' >"$tmp/empty.pgn"
run check "$tmp/empty.pgn"
if [[ ! -s "$tmp/out" ]]; then ok; else bad "empty input wrote: $(cat "$tmp/out")"; fi
run check -j 2 --erratum castle-through-check=paper "$src/examples/illegal.pgn"
cp "$tmp/out" "$tmp/j2"
run check --erratum castle-through-check=paper "$src/examples/illegal.pgn"
if cmp -s "$tmp/j2" "$tmp/out" && [[ "$(head -1 "$tmp/out")" == "reading: laws, with castle-through-check=paper" ]]; then ok
else bad "header with -j 2: $(head -2 "$tmp/j2")"; fi
finish
