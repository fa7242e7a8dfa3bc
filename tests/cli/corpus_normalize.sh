#!/usr/bin/env bash
# pgnsem normalize on the real games (all, or the first PGNSEM_CORPUS_GAMES) reads back with
# --strict with the same verdicts and final FENs (except results that contradict the position),
# and normalize is idempotent. Skipped (77) without data or when the build reads none.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
exec python3 "$2/tests/cli/corpus.py" "$1" "$3" "$4" normalize
