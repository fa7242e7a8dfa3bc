# Sourced by the shell tests of tests/cli, first thing after their header comment:
#   source "$2/tests/cli/lib.sh" "$@"
# It gives them what every one of them needs:
#   pgnsem src shared build   the four arguments tests/CMakeLists.txt passes (PGNSEM SOURCE_DIR
#                             SHARED_DIR BUILD_DIR)
#   tmp                       a fresh folder under the build folder, named after the script,
#                             removed on exit (even when a test made part of it unreadable)
#   ok / bad MESSAGE...       count a check that passed / failed (bad prints "FAIL MESSAGE")
#   run ARGS...               pgnsem ARGS, its stdout in $tmp/out, stderr in $tmp/err, exit
#                             status in $status
#   finish                    prints "N passed, M failed" and exits 0 when none failed, 1 otherwise
#   find_chromium             sets $chromium to a headless Chromium (chromium-headless-shell, else
#                             chromium; scripts/install-deps installs one), or to "" when none is here
# A script may redefine bad (to print more) after sourcing this file.
set -u
pgnsem=$1 src=$2 shared=$3 build=$4
tmp=$(mktemp -d "$build/$(basename "$0" .sh).XXXXXX")
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() {
  fail=$((fail + 1))
  echo "FAIL $*"
}
run() {
  "$pgnsem" "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
}
finish() {
  echo "$pass passed, $fail failed"
  exit $((fail != 0))
}
find_chromium() {
  chromium=""
  local c
  for c in chromium-headless-shell /usr/lib/chromium/chromium-headless-shell chromium /usr/lib/chromium/chromium; do
    if command -v "$c" >/dev/null 2>&1; then chromium=$(command -v "$c"); return; fi
  done
}
