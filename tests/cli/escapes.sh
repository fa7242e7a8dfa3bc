#!/usr/bin/env bash
# The terminal is protected (README "Exit codes", the paragraph after the table): text for people
# (check, trace and fen text formats, stderr) writes control bytes from the input as \xNN, JSON as
# \u00XX, and normalize writes the games' bytes as read. I/O error messages name the path once.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
# ESC ] 0 ; ... BEL retitles a terminal; ESC [ 31 m recolours it, and so does CSI (0x9b, a C1
# control in ISO 8859-1) in an 8-bit terminal. The reader refuses C0 bytes in a tag value, so
# those come in a comment (normalize) and as a token (the error message).
printf '[White "\23331mowned"]\n[Black "B"]\n[Result "*"]\n\n1. e4 {\033]0;owned\007} e5 2. Ke3 *\n\n' >"$tmp/esc.pgn"
printf '[White "x"]\n[Result "*"]\n\n1. e4 \033[31m *\n' >"$tmp/token.pgn"
raw() { LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$1"; }  # a control byte other than tab and newline
for args in "check" "check -j 2" "trace"; do
  $pgnsem $args "$tmp/esc.pgn" "$tmp/token.pgn" >"$tmp/out" 2>"$tmp/err"
  status=$?
  # the run itself, not only its silence: exit 1 (neither game is legal) and both files reported
  if [[ $status != 1 ]] || ! grep -q 'esc\.pgn' "$tmp/out" || ! grep -q 'token\.pgn' "$tmp/out"; then
    bad "$args text: exit $status, and the report does not name both files: $(head -c 300 "$tmp/err")"
  elif raw "$tmp/out" || raw "$tmp/err"; then bad "$args text: a control byte reached the terminal"; else ok; fi
done
$pgnsem check "$tmp/esc.pgn" >"$tmp/out" 2>/dev/null
if grep -qF '\x9b31mowned - B' "$tmp/out"; then ok; else bad "check text does not show the C1 byte as \\xNN"; cat -v "$tmp/out"; fi
$pgnsem check "$tmp/token.pgn" >"$tmp/out" 2>/dev/null
if grep -qF '\x1b' "$tmp/out"; then ok; else bad "the message about the token does not show ESC as \\x1b"; cat -v "$tmp/out"; fi
$pgnsem check --format jsonl "$tmp/token.pgn" >"$tmp/out" 2>/dev/null
if ! raw "$tmp/out" && grep -qF '"written":"\u001b' "$tmp/out"; then ok; else bad "JSON does not escape control bytes as \\u00XX"; cat -v "$tmp/out"; fi
$pgnsem check --format jsonl "$tmp/esc.pgn" >"$tmp/out" 2>/dev/null
if grep -qF '"white":"\u009b31mowned"' "$tmp/out" && python3 -c "
import json; v=json.loads(open('$tmp/out').read()); assert v['players']['white']=='\x9b31mowned', v"; then ok; else bad "JSON does not escape a C1 control as \\u00XX"; cat -v "$tmp/out"; fi
$pgnsem normalize "$tmp/esc.pgn" >"$tmp/out" 2>"$tmp/err"
if grep -qF $'\033]0;owned\007' "$tmp/out"; then ok; else bad "normalize does not write the bytes as read"; fi
$pgnsem normalize "$tmp/token.pgn" >/dev/null 2>"$tmp/err"
if raw "$tmp/err"; then bad "normalize's stderr carries a control byte"; cat -v "$tmp/err"; else ok; fi
# san writes the token it was given: as \xNN in text, \u00XX in JSON
for fen in "" "4k3/8/8/8/8/8/8/4K3 w - - 0 1"; do
  args=(); [[ -n $fen ]] && args=(--fen "$fen")
  $pgnsem san "${args[@]}" $'e4\033]0;owned\007' $'K\033e2' >"$tmp/out" 2>"$tmp/err"
  if raw "$tmp/out" || raw "$tmp/err" || ! grep -qF '\x1b' "$tmp/out"; then bad "san ${args[*]} text: control bytes not escaped"; cat -v "$tmp/out"; else ok; fi
  $pgnsem san --format json "${args[@]}" $'e4\033]0;owned\007' >"$tmp/out" 2>"$tmp/err"
  if raw "$tmp/out" || ! grep -qF '\u001b' "$tmp/out"; then bad "san ${args[*]} json: control bytes not escaped"; cat -v "$tmp/out"; else ok; fi
done
$pgnsem moves --fen $'4k3/8/8/8/8/8/8/4K3 w - - 0 \0331' >"$tmp/out" 2>"$tmp/err"
if raw "$tmp/out" || raw "$tmp/err"; then bad "moves: a control byte of the FEN reached the terminal"; cat -v "$tmp/err"; else ok; fi
printf '[Event "\033]0;owned\007"]\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 {\033[31m}\nx\033[31m y\n' >"$tmp/esc.fen"
$pgnsem fen "$tmp/esc.fen" >"$tmp/out" 2>"$tmp/err"
if raw "$tmp/out" || raw "$tmp/err" || ! grep -qF '\x1b]0;owned\x07' "$tmp/out"; then bad "fen text: control bytes not escaped"; cat -v "$tmp/out"; else ok; fi
# An I/O error names the path once.
mkdir "$tmp/dir"
$pgnsem check "$tmp/dir" >/dev/null 2>"$tmp/err"; status=$?
if [[ $status == 2 && $(grep -o "$tmp/dir" "$tmp/err" | wc -l) == 1 ]]; then ok; else bad "check DIR: exit $status, message: $(cat "$tmp/err")"; fi
$pgnsem normalize "$tmp/dir" >/dev/null 2>"$tmp/err"; status=$?
if [[ $status == 2 && $(grep -o "$tmp/dir" "$tmp/err" | wc -l) == 1 ]]; then ok; else bad "normalize DIR: exit $status, message: $(cat "$tmp/err")"; fi
finish
