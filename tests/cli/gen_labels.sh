#!/usr/bin/env bash
# L1/gen: generated games read back by check give exactly the labels gen wrote (10,000 games per
# seed; 1,000 in the sanitizer build). Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
games=10000
[[ "${PGNSEM_PERFT_SCALE:-1}" == 0 ]] && games=1000
exec python3 "$2/tests/cli/gen_labels.py" "$1" "$4" "$games"
