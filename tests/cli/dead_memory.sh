#!/usr/bin/env bash
# `pgnsem fen --dead-budget N` (README "pgnsem fen"): the dead-position analysis takes memory for the
# positions it visits, not for its budget. At the largest budget, 10,000,000, K v K (decided by
# material: nothing searched) and K+B+N v K (a helpmate found within a few thousand positions) each
# keep the peak resident size of `fen` under 64 MB, with the verdicts of the default budget. Under
# the sanitizers the peaks are theirs (shadow memory, quarantine), so only the verdicts are checked.
# About a second.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
sanitized=${PGNSEM_SANITIZE:-0}
if [[ ! -x /usr/bin/time ]]; then
  echo "FAIL /usr/bin/time is missing (scripts/install-deps installs the time package)"
  exit 1
fi
limit_kb=$((64 * 1024))
# fen --dead-budget BUDGET FEN: the verdict line in $tmp/out, the peak in KB in $peak.
peak_of() {
  /usr/bin/time -f %M -o "$tmp/kb" "$pgnsem" fen --dead-budget "$1" "$2" >"$tmp/out" 2>"$tmp/err"
  status=$?
  peak=$(tail -n 1 "$tmp/kb")
}
while IFS='|' read -r fen verdict; do
  for budget in 100000 10000000; do
    peak_of "$budget" "$fen"
    echo "fen --dead-budget $budget '$fen': peak $peak KB"
    if [[ $status != 0 ]]; then
      bad "fen --dead-budget $budget '$fen': exit $status"
      head -c 600 "$tmp/err"
    elif ! grep -qxF "can mate:   $verdict (by some series of legal moves)" "$tmp/out"; then
      bad "fen --dead-budget $budget '$fen': expected \"$verdict\""
      grep "can mate" "$tmp/out"
    elif [[ $sanitized != 1 && $budget == 10000000 ]] && ((peak >= limit_kb)); then
      bad "fen --dead-budget $budget '$fen': peak $peak KB, not under $limit_kb KB (README \"pgnsem fen\")"
    else
      ok
    fi
  done
done <<'EOF'
8/8/8/4k3/8/8/8/4K3 w - - 0 1|White no, Black no
8/8/8/4k3/8/8/8/2B1K1N1 w - - 0 1|White yes, Black no
EOF
[[ $sanitized == 1 ]] && echo "peaks not compared under the sanitizers"
finish
