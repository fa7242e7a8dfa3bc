#!/usr/bin/env bash
# pgnsem normalize on the real games reads back with --strict with the same verdicts and final
# FENs (except results that contradict the position), and normalize is idempotent.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
[[ "${PGNSEM_PERFT_SCALE:-1}" == 0 ]] && { echo "SKIP: corpus runs only in the release build"; exit 77; }
exec python3 "$2/tests/cli/corpus.py" "$1" "$3" "$4" normalize
