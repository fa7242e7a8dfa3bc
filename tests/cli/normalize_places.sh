#!/usr/bin/env bash
# normalize writes every comment and NAG where it stood, at every depth, as an independent movetext
# reader sees it (tests/cli/normalize_places.py). Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
exec python3 "$2/tests/cli/normalize_places.py" "$1" "$2" "$4"
