#!/usr/bin/env bash
# The layers of docs/ARCHITECTURE.md, held by the includes: a source of a folder includes only from
# the folders below it (and its own), and nothing outside the engine module (semantics/engine.hpp,
# semantics/engine.cpp, semantics/engines.hpp) and semantics/fast/ itself names semantics/fast/.
# tests/, bench/ and the fuzz targets may include anything: they hold the layers to each other. The
# Python bindings (python/) include the public interface (pgnsem/) only; the WebAssembly glue (wasm/)
# stands where the command line does, above app/.
# Then the check itself on a small tree of its own: an upward include and a fast-path include
# outside the engine module must both be named.
# Needs bash, grep and find only; well under a second.
# Arguments: SOURCE_DIR
set -u
src=$1

# folder: the folders its sources may include from (besides itself)
declare -A below=(
  [ast]=""
  [syntax]="ast"
  [semantics]="ast"
  [laws]="ast semantics"
  [interpreter]="ast syntax semantics laws"
  [io]="ast syntax semantics laws interpreter"
  [pgnsem]="ast syntax semantics laws interpreter io"
  [app]="ast syntax semantics laws interpreter io"
  [python]="pgnsem"
  [wasm]="ast syntax semantics laws interpreter io app"
)
engine_module="semantics/engine.hpp semantics/engine.cpp semantics/engines.hpp"

# Prints each include that breaks a rule, as "FILE:LINE: includes X"; false if there is one.
check_tree() {
  local root=$1 bad=0 folder file line target top allowed
  for folder in "${!below[@]}"; do
    [[ -d $root/$folder ]] || continue
    allowed=" $folder ${below[$folder]} "
    while IFS= read -r -d '' file; do
      file=${file#"$root"/}
      while IFS= read -r line; do
        target=${line#*:}
        target=${target#*\"}
        target=${target%%\"*}
        top=${target%%/*}
        if [[ $allowed != *" $top "* ]]; then
          echo "$file:${line%%:*}: includes $target ($folder may include from:${below[$folder]:- nothing} and itself)"
          bad=1
        elif [[ $target == semantics/fast/* && $file != semantics/fast/* && " $engine_module " != *" $file "* ]]; then
          echo "$file:${line%%:*}: includes $target (only the engine module and semantics/fast/ may)"
          bad=1
        fi
      done < <(grep -n '^#include "' "$root/$file")
    done < <(find "$root/$folder" -type f \( -name '*.cpp' -o -name '*.hpp' \) -print0)
  done
  return $bad
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/syntax" "$tmp/interpreter" "$tmp/semantics/fast"
printf '#include "ast/ast.hpp"\n#include "interpreter/interpret.hpp"\n' >"$tmp/syntax/upward.cpp"
printf '#include "semantics/state.hpp"\n#include "semantics/fast/in_check.hpp"\n' >"$tmp/interpreter/door.cpp"
printf '#include "semantics/fast/in_check.hpp"\n' >"$tmp/semantics/engines.hpp"
self=$(check_tree "$tmp")
if [[ $(grep -c . <<<"$self") != 2 || $self != *"syntax/upward.cpp:2: includes interpreter/interpret.hpp"* ||
      $self != *"interpreter/door.cpp:2: includes semantics/fast/in_check.hpp"* ]]; then
  echo "the check itself is broken: on its test tree it said:"
  echo "$self"
  exit 1
fi

if ! out=$(check_tree "$src"); then
  echo "includes against the layers of docs/ARCHITECTURE.md:"
  echo "$out"
  exit 1
fi
echo "every include goes to the same layer or one below it; only the engine module names semantics/fast/"
