#!/usr/bin/env bash
# The conformance cases (tests/conformance/*.pgn) and the bundled examples (examples/*.pgn),
# judged by pgnsem check and compared with their Expect* tags; the signature also covers the
# real-games file (all of it, or the first PGNSEM_CORPUS_GAMES games: tests/cli/corpus_data.py)
# when ../shared/data is there and the build reads it; it is not computed otherwise, and the
# runner says so.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -euo pipefail
corpus=()
if path=$(python3 "$2/tests/cli/corpus_data.py" "$3" "$4"); then
  corpus=(--corpus "$path")
else
  status=$?
  [[ $status == 77 ]] || exit "$status"
  echo "no corpus signature: $path"
fi
exec python3 "$2/tests/conformance/run.py" "$1" "$2/examples" "$2/tests/conformance" "${corpus[@]}"
