#!/usr/bin/env bash
# pgnsem check on the real games (all 116,886, or the first PGNSEM_CORPUS_GAMES): verdict counts,
# the two known illegal games and the Chess960 games among those read, peak memory under 64 MiB
# and not growing with the file. Skipped (77) without data or when the build reads none.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
exec python3 "$2/tests/cli/corpus.py" "$1" "$3" "$4" check
