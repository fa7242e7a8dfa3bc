#!/usr/bin/env bash
# The bash completion (app/cli/pgnsem.bash-completion), sourced into this bash and asked as bash asks
# it (COMP_WORDS, COMP_CWORD, then its function; the answers in COMPREPLY):
# - after `pgnsem`, exactly the subcommands `pgnsem --help` lists, and after `pgnsem -`, its flags;
# - after `pgnsem SUB -`, exactly the flags `pgnsem SUB --help` lists, for every subcommand: the
#   completion cannot offer a flag the command lacks, nor lack one it has;
# - the values of --format (each command's own list), --semantics, --engine and --erratum (every
#   erratum `pgnsem errata` says can run, both ways: each accepted by `check`), also as --format=…;
# - file names where a command reads files or an option names one; nothing after a flag that takes a
#   number or a FEN.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
# shellcheck source=../../app/cli/pgnsem.bash-completion
source "$src/app/cli/pgnsem.bash-completion" || { bad "the completion does not load"; finish; }
if [[ $(complete -p pgnsem 2>/dev/null) == "complete -F _pgnsem pgnsem" ]]; then ok; else
  bad "the completion does not register _pgnsem for pgnsem: $(complete -p pgnsem 2>&1)"; fi

# offered WORD...: the completions of the command line WORD... (the last word is the one completed),
# sorted, one a line
offered() {
  COMP_WORDS=("$pgnsem" "$@")
  COMP_CWORD=$#
  COMPREPLY=()
  _pgnsem 2>"$tmp/completion-err" || bad "_pgnsem failed on: $*"
  [[ -s $tmp/completion-err ]] && bad "_pgnsem wrote to stderr on '$*': $(cat "$tmp/completion-err")"
  ((${#COMPREPLY[@]})) && printf '%s\n' "${COMPREPLY[@]}" | sort
}
# expect "WORDS" "EXPECTED (separated by spaces)"
expect() {
  local got want
  read -ra words <<<"$1"
  [[ -z $1 || $1 == *" " ]] && words+=("")  # a trailing space: an empty word is completed
  got=$(offered "${words[@]}" | paste -sd' ')
  want=$(tr ' ' '\n' <<<"$2" | sed '/^$/d' | sort | paste -sd' ')
  if [[ $got == "$want" ]]; then ok; else bad "pgnsem $1<TAB>: offered '$got', expected '$want'"; fi
}
# the flags a --help lists, sorted, one a line (the Options section's first words: -h,--help → -h --help)
help_flags() {
  "$pgnsem" "$@" --help | sed -n '/^Options:/,/^$/p' | grep -oE '^  -[-a-zA-Z0-9]+(,-[-a-zA-Z0-9]+)*' |
    tr -d ' ' | tr ',' '\n' | sort
}

# --- the subcommands and every subcommand's flags, as --help lists them ---------------------------
subs=$("$pgnsem" --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NF > 1 {print $1}' | sort)
if (($(wc -l <<<"$subs") >= 11)); then ok; else bad "pgnsem --help lists only: $subs"; fi
expect "" "$subs"
expect "ch" "check"
expect "-" "$(help_flags)"
for sub in $subs; do
  flags=$(help_flags "$sub")
  if grep -qx -- --help <<<"$flags" && grep -qx -- -h <<<"$flags"; then ok; else
    bad "pgnsem $sub --help lists only these flags: $flags"; fi
  expect "$sub -" "$flags"
  # the flags are still offered after other words
  expect "$sub --help --" "$(grep -- '^--' <<<"$flags")"
done

# --- the values of the flags that take a word from a list --------------------------------------------
for sub in check fen perft moves san errata; do expect "$sub --format " "text json jsonl"; done
expect "trace --format " "text json jsonl html"
expect "explain --format " "text tree json jsonl"
expect "normalize --report r --format " "json jsonl"
expect "gen --format j" "json jsonl"
expect "check --format = js" "json jsonl"  # --format=js, as bash splits it
expect "check --format =" "text json jsonl"
expect "trace --semantics " "laws paper"
expect "explain --engine r" "reference"
expect "perft 3 --engine " "reference fast"
# every erratum that can run both ways, as `pgnsem errata` lists them, each value accepted by check
slugs=$("$pgnsem" errata --format jsonl | python3 -c '
import json, sys
for line in sys.stdin:
    o = json.loads(line)
    if o["object"] == "erratum" and o["executable"]:
        print(o["slug"] + "=paper"); print(o["slug"] + "=laws")')
if (($(wc -l <<<"$slugs") >= 20)); then ok; else bad "pgnsem errata lists only: $slugs"; fi
expect "check --quiet --erratum " "$slugs"
# errata --find takes the slug alone; --compare's readings and --max-plies get nothing
expect "errata --find " "$(sed -n 's/=paper$//p' <<<"$slugs")"
expect "check --compare " ""
expect "errata --find castle-through-check --max-plies " ""
for value in $(offered trace --erratum ""); do
  # (exit 1: a game is illegal under that reading; 2 would be the usage error)
  "$pgnsem" check --quiet --erratum "$value" "$src/examples/fischer-spassky-1992.pgn" >/dev/null 2>"$tmp/err"
  if (($? < 2)); then ok; else bad "check refuses the offered --erratum $value: $(cat "$tmp/err")"; fi
done

# --- file names where a command reads files or an option names one; nothing for a number or a FEN ---
mkdir -p "$tmp/games/sub"
touch "$tmp/games/a.pgn" "$tmp/games/a.pgn.zst" "$tmp/games/b.pgn"
for line in "check $tmp/games/a" "trace -j 2 $tmp/games/a" "explain --game 1 $tmp/games/a" "normalize $tmp/games/a" \
  "fen $tmp/games/a" "normalize --accepted $tmp/games/a" "normalize --rejected $tmp/games/a" \
  "normalize --report $tmp/games/a" "gen --labels $tmp/games/a"; do
  expect "$line" "$tmp/games/a.pgn $tmp/games/a.pgn.zst"
done
expect "check $tmp/games/" "$tmp/games/a.pgn $tmp/games/a.pgn.zst $tmp/games/b.pgn $tmp/games/sub"
for flag in "check -j" "check --jobs" "explain --game" "explain --ply" "fen --dead-budget" "perft 1 --fen" \
  "moves --fen" "san --fen" "gen --seed" "gen --games" "gen --near-miss" "serve --request-bytes" \
  "serve --perft-depth" "serve --perft-nodes" "serve --dead-budget"; do
  expect "$flag " ""
done
# perft's DEPTH and san's MOVEs are no files: the flags are offered instead
expect "perft " "$(help_flags perft)"
expect "san e4 --st" "--strict"
expect "san e4 --s" "--shredder --strict"
# a word that is no subcommand: nothing
expect "chek " ""
finish
