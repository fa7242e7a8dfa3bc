#!/usr/bin/env bash
# No C++ source file of the repository is longer than 800 lines: every .cpp and .hpp under the
# source folder, outside build folders (a folder named build* at the top, or any folder holding a
# CMakeCache.txt) and .git, untracked files included. A file over the limit is named with its line
# count. Generated files could be listed in `exceptions` below, by repo-relative path; there are none.
# Then the check itself on a small tree of its own: it must name the file of 801 lines and only it.
# Needs bash and find only; well under a second.
# Arguments: SOURCE_DIR
set -u
src=$1
limit=800
exceptions=()

# Prints "PATH: N lines" for each C++ file under $1 longer than $limit lines; false if there is one.
check_tree() {
  local root=$1 found=0 path lines
  while IFS= read -r -d '' path; do
    path=${path#"$root"/}
    for skip in "${exceptions[@]}"; do [[ $path == "$skip" ]] && continue 2; done
    lines=$(wc -l <"$root/$path")
    if ((lines > limit)); then
      echo "$path: $lines lines"
      found=1
    fi
  done < <(find "$root" \( -name .git -o -path "$root/build*" -o \( -type d -exec test -e '{}/CMakeCache.txt' \; \) \) -prune \
                -o -type f \( -name '*.cpp' -o -name '*.hpp' \) -print0 | sort -z)
  return $found
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
if ! check_tree "$src" >"$tmp/report"; then
  echo "FAIL C++ source files over $limit lines (split them by concern):"
  sed 's/^/  /' "$tmp/report"
  fail=1
fi

# The check can fail: a tree with files of 800 and 801 lines, and files of 900 in build folders.
tree=$tmp/tree
mkdir -p "$tree/a" "$tree/build/x" "$tree/out"
touch "$tree/out/CMakeCache.txt"
seq 800 >"$tree/a/fits.hpp"
seq 801 >"$tree/a/long.cpp"
seq 900 >"$tree/build/x/ignored.cpp"
seq 900 >"$tree/out/ignored.cpp"
check_tree "$tree" >"$tmp/report"
status=$?
if [[ $status != 1 || $(cat "$tmp/report") != "a/long.cpp: 801 lines" ]]; then
  echo "FAIL the check on a tree with one file of 801 lines exits $status and reports:"
  cat "$tmp/report"
  fail=1
fi
((fail == 0)) && echo "every C++ source file has at most $limit lines"
exit $fail
