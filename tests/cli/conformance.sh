#!/usr/bin/env bash
# The conformance cases (tests/conformance/*.pgn) and the bundled examples (examples/*.pgn),
# judged by pgnsem check and compared with their Expect* tags; the signatures over every verdict
# are compared with those pinned in tests/conformance/signatures.txt. The corpus signature covers
# the real-games file (all of it, or the first PGNSEM_CORPUS_GAMES games: tests/cli/corpus_data.py)
# when ../shared/data is there, in the builds that pin it (PGNSEM_PIN_CORPUS: the release build and
# the debug build of --full, not the checked build); it is not computed otherwise, and the runner
# says so. PGNSEM_UPDATE_SIGNATURES=1 rewrites the pinned signatures instead (a change of
# meaning that is intended; the commit says why).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -euo pipefail
corpus=()
if [[ ${PGNSEM_PIN_CORPUS:-1} == 0 ]]; then
  echo "no corpus signature: this build does not pin it (tests/CMakeLists.txt, PGNSEM_PIN_CORPUS)"
elif path=$(python3 "$2/tests/cli/corpus_data.py" "$3" "$4"); then
  corpus=(--corpus "$path")
else
  status=$?
  [[ $status == 77 ]] || exit "$status"
  echo "no corpus signature: $path"
fi
update=()
[[ "${PGNSEM_UPDATE_SIGNATURES:-0}" == 1 ]] && update=(--update)
exec python3 "$2/tests/conformance/run.py" "$1" "$2/examples" "$2/tests/conformance" "${corpus[@]}" \
  --expect "$2/tests/conformance/signatures.txt" "${update[@]}"
