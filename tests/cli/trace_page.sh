#!/usr/bin/env bash
# The trace page as a class uses it, driven in headless Chromium over the DevTools protocol
# (tests/cli/trace_page.py, tests/cli/browser.py): the move list's links, the folded explanations,
# "jump to ⊥" with the king and the attacker marked, `trace --game`, the reading's banner, and the
# size of Fischer–Spassky's page. Screenshots go to BUILD_DIR/screenshots/trace-page/. A missing
# Chromium fails the test under CI=true; elsewhere the test is skipped (exit 77).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
find_chromium
if [[ -z $chromium ]]; then
  if [[ ${CI:-} == true ]]; then
    bad "no chromium-headless-shell or chromium installed (scripts/install-deps installs it)"
    finish
  fi
  echo "SKIP: no chromium-headless-shell or chromium (scripts/install-deps installs it)"
  exit 77
fi
if timeout 300 python3 "$src/tests/cli/trace_page.py" "$chromium" "$pgnsem" "$src" "$tmp" \
  "$build/screenshots/trace-page" >"$tmp/check" 2>&1; then
  ok
  cat "$tmp/check"
else
  bad "the trace page in Chromium:"
  cat "$tmp/check"
fi
finish
