#!/usr/bin/env bash
# The conformance cases (tests/conformance/*.pgn) and the bundled examples (examples/*.pgn),
# judged by pgnsem check and compared with their Expect* tags; the signature also covers the
# real-games file when ../shared/data is there (decompressed into the build folder).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -euo pipefail
corpus=()
gz="$3/data/games/real-games.pgn.gz"
if [[ -f "$gz" && "${PGNSEM_PERFT_SCALE:-1}" != 0 ]]; then
  mkdir -p "$4/data"
  [[ -f "$4/data/real-games.pgn" ]] || gzip -dc "$gz" > "$4/data/real-games.pgn"
  corpus=(--corpus "$4/data/real-games.pgn")
fi
exec python3 "$2/tests/conformance/run.py" "$1" "$2/examples" "$2/tests/conformance" "${corpus[@]}"
