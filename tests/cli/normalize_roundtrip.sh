#!/usr/bin/env bash
# normalize's output reads back under check (default mode) with the same verdict, plies, error rule
# and ply, final FEN, end and draw facts: hard cases (limits, malformed and illegal games, games
# after automatic draws), then the first real games. Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
exec python3 "$2/tests/cli/normalize_roundtrip.py" "$1" "$3" "$4"
