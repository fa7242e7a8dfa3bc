#!/usr/bin/env bash
# pgnsem check on the 116,886 real games: verdict counts, the two known illegal games, the 21
# Chess960 games, peak memory under 64 MiB and not growing with the file. Skipped (77) without data.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
[[ "${PGNSEM_PERFT_SCALE:-1}" == 0 ]] && { echo "SKIP: corpus runs only in the release build"; exit 77; }
exec python3 "$2/tests/cli/corpus.py" "$1" "$3" "$4" check
