#!/usr/bin/env bash
# The one-position commands (README "pgnsem moves and pgnsem san", "pgnsem fen"): `moves` and `san` in
# text and JSON with their exit codes; four-field EPD wherever a position is given on the command line
# (`fen`, `perft --fen`, `moves --fen`, `san --fen`); `fen`'s check, checkmate and stalemate; `fen` on a
# file of several seed-001 records, each record's fields in its JSON; a missing file name an I/O error.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
bad() { fail=$((fail+1)); echo "FAIL $*"; cat "$tmp/out" "$tmp/err" | head -20; }
py() {  # py 'python asserting on o (the JSON lines of $tmp/out)'
  python3 -c "
import json
o = [json.loads(l) for l in open('$tmp/out')]
$1"
}
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
fool='rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq -'

# moves: the initial position by default, 20 moves sorted by UCI
run moves --format jsonl
if [[ $status == 0 ]] && py "
m = o[0]
assert len(o) == 1 and m['fen'] == '$start' and m['side'] == 'white' and m['object'] == 'moves', m
assert [x['uci'] for x in m['moves']] == sorted(x['uci'] for x in m['moves']) and len(m['moves']) == 20, m
assert {'uci': 'g1f3', 'san': 'Nf3'} in m['moves'] and (m['check'], m['checkmate'], m['stalemate']) == (False, False, False)
"; then ok; else bad "moves: the initial position"; fi
run moves --fen "$fool" --format jsonl
if [[ $status == 0 ]] && py "
m = o[0]
assert m['moves'] == [] and m['check'] and m['checkmate'] and not m['stalemate'], m
assert m['fen'] == '$fool 0 1', m
"; then ok; else bad "moves: checkmate, from EPD"; fi
run moves --fen '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'
if [[ $status == 0 ]] && grep -q '^moves: *0 legal' "$tmp/out" && grep -q '^stalemate: *yes' "$tmp/out"; then ok; else bad "moves: stalemate in text"; fi
run moves --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
if [[ $status == 0 ]] && grep -q '^  e1g1 *O-O$' "$tmp/out" && grep -q '^  a1a8 *Rxa8+$' "$tmp/out"; then ok; else bad "moves: text lines UCI then SAN"; fi
run moves --fen 'not a fen'
if [[ $status == 2 && ! -s "$tmp/out" ]] && grep -q 'does not parse' "$tmp/err"; then ok; else bad "moves: a FEN that does not parse exits 2 (exit $status)"; fi
# a position that cannot arise (two checkers no last move could give) is listed all the same, as perft counts it
run moves --fen '3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - -' --format jsonl
if [[ $status == 1 ]] && grep -q 'warning: .*position/impossible-check' "$tmp/err" && py "assert o[0]['check'] and len(o[0]['moves']) > 0 and not o[0]['legal'] and o[0]['problems'][0]['rule'] == 'position/impossible-check', o"; then ok; else
  bad "moves: an impossible position is listed, exit 1 (exit $status)"; fi

# san without a position: the reader's structure, warnings, errors; --strict
run san --format jsonl Nbxd7+ 0-0 e9 exf8=Q#
if [[ $status == 1 ]] && py "
assert len(o) == 4, o
parts = {k: v for k, v in o[0].items() if k not in ('contract', 'pgnsem', 'reading')}
assert parts == {'object': 'san', 'written': 'Nbxd7+', 'canonical': 'Nbxd7+', 'piece': 'N', 'from_file': 'b',
                 'from_rank': None, 'capture': True, 'to': 'd7', 'promotion': None, 'castle': None, 'claim': '+',
                 'suffix': None, 'error': None, 'warnings': []}, o[0]
assert o[1]['castle'] == 'king' and o[1]['canonical'] == 'O-O' and o[1]['warnings'][0]['kind'] == 'castling-zero', o[1]
assert o[2]['written'] == 'e9' and set(o[2]['error']) == {'rule', 'message', 'line', 'column'} and o[2]['error']['rule'].startswith('syntax/'), o[2]
assert o[3]['promotion'] == 'Q' and o[3]['from_file'] == 'e' and o[3]['claim'] == '#' and o[3]['piece'] is None, o[3]
"; then ok; else bad "san: JSON structure (exit $status)"; fi
run san --format jsonl e4 O-O
if [[ $status == 0 ]]; then ok; else bad "san: every token reads: exit $status"; fi
run san --strict --format jsonl 0-0 Pe4 e4
if [[ $status == 1 ]] && py "
assert o[0]['error']['rule'] == 'notation/castling-zero' and o[1]['error']['rule'] == 'notation/pawn-letter', o
assert o[2]['to'] == 'e4' and o[2]['warnings'] == [], o[2]
"; then ok; else bad "san --strict (exit $status)"; fi
run san e4 Nz9
if [[ $status == 1 ]] && grep -q '^reads as: *pawn, to e4' "$tmp/out" && grep -q '^error: *syntax/' "$tmp/out"; then ok; else bad "san: text"; fi

# san with a position: resolved, illegal with the rule, EPD
run san --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' --format jsonl g1f3 e4 Ke3 Nxf3
if [[ $status == 1 ]] && py "
assert o[0]['legal'] and o[0]['san'] == 'Nf3' and o[0]['uci'] == 'g1f3' and o[0]['warnings'][0]['kind'] == 'coordinate-move', o[0]
assert (o[1]['written'], o[1]['legal'], o[1]['san'], o[1]['uci'], o[1]['equation'], o[1]['error'], o[1]['warnings']) == (
    'e4', True, 'e4', 'e2e4', 'trav/pawn-double', None, []), o[1]
assert o[2]['legal'] is False and o[2]['error']['rule'] == 'src/unreachable' and o[2]['error']['message'] and o[2]['san'] is None, o[2]
assert o[3]['legal'] and o[3]['san'] == 'Nf3' and o[3]['warnings'][0]['kind'] == 'capture-marker', o[3]
"; then ok; else bad "san --fen (exit $status)"; fi
run san --fen "$start" --strict --format jsonl Nxf3
if [[ $status == 1 ]] && py "assert o[0]['error']['rule'] == 'notation/capture-marker', o"; then ok; else bad "san --fen --strict"; fi

# perft and fen take EPD; a PGN [FEN] tag still needs six fields
run perft 3 --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -'
if [[ $status == 0 ]] && grep -q '^Nodes searched: 97862$' "$tmp/out"; then ok; else bad "perft --fen EPD (Kiwipete, depth 3)"; fi
run fen --format jsonl "$fool"
if [[ $status == 0 ]] && py "
f = o[0]
assert f['fen'] == '$fool 0 1' and f['halfmove_clock'] == 0 and f['fullmove_number'] == 1, f
assert (f['check'], f['checkmate'], f['stalemate']) == (True, True, False) and f['record'] is None, f
"; then ok; else bad "fen: EPD, check and checkmate"; fi
run fen --format jsonl '8/8/8/8/8/8/8/K1k5 w - - id "x y"; hmvc 7; fmvn 30;'
if [[ $status == 0 ]] && py "assert o[0]['halfmove_clock'] == 7 and o[0]['fullmove_number'] == 30 and o[0]['check'] is False, o"; then ok; else bad "fen: EPD operations"; fi
run fen --format jsonl '8/8/8/8/8/8/8/8 w - - 0 1'
if [[ $status == 1 ]] && py "assert o[0]['check'] is None and o[0]['checkmate'] is None, o"; then ok; else bad "fen: no status for an impossible position"; fi
run fen "$fool"
if [[ $status == 0 ]] && grep -q '^check: *yes' "$tmp/out" && grep -q '^checkmate: *yes' "$tmp/out"; then ok; else bad "fen: text status lines"; fi
printf '[Event "e"]\n[SetUp "1"]\n[FEN "%s"]\n\n*\n' "$fool" >"$tmp/epd-tag.pgn"
run check --format jsonl "$tmp/epd-tag.pgn"
if [[ $status == 1 ]] && py "assert o[0]['verdict'] == 'malformed' and o[0]['error']['rule'] == 'syntax/fen', o"; then ok; else bad "a [FEN] tag with four fields is malformed (exit $status)"; fi

# fen on a file of several seed-001 records: one object per record, in order, errors included
{
  printf '[Event "Opening"]\n[White "Ann"]\n[Black "Bob"]\n%s {the start}\n\n' "$start"
  printf '[Event "Broken"]\n8/8/8/8/8/8/8/K6k w - - 0 x {bad clock}\n\n'
  printf '[White "Cy"]\n%s\n{mate\non two lines}\n\n' "$fool"
  printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n'
} >"$tmp/records.fen"
run fen --format jsonl "$tmp/records.fen"
if [[ $status == 1 ]] && py "
assert len(o) == 4, o
assert o[0]['record'] == {'event': 'Opening', 'players': {'white': 'Ann', 'black': 'Bob'}, 'comment': 'the start'}, o[0]
assert o[0]['legal'] and o[0]['pieces']['white'].startswith('Ke1') and o[0]['side'] == 'white', o[0]
assert o[1]['legal'] is False and o[1]['error']['line'] == 7, o[1]
assert o[2]['record'] == {'event': None, 'players': {'white': 'Cy', 'black': None}, 'comment': 'mate\non two lines'} and o[2]['checkmate'], o[2]
assert o[3]['record'] is None and o[3]['legal'], o[3]
"; then ok; else bad "fen: several seed-001 records (exit $status)"; fi
run fen "$tmp/records.fen"
if [[ $status == 1 && $(grep -c '^FEN: ' "$tmp/out") == 4 ]] && grep -q '^event: *Opening' "$tmp/out" && grep -q '^white name: *Cy' "$tmp/out"; then ok; else bad "fen: records in text"; fi
# a name that is no file and no FEN: an I/O error, not a FEN that does not parse
run fen --format jsonl "$tmp/records.fne"
if [[ $status == 2 && ! -s "$tmp/out" ]] && grep -q 'No such file' "$tmp/err"; then ok; else bad "fen: a misspelled file name (exit $status)"; fi
run fen "$tmp/no such dir/x.fen"
if [[ $status == 1 ]]; then ok; else bad "fen: an argument with spaces is read as a FEN (exit $status)"; fi

finish
