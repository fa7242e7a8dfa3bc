#!/usr/bin/env bash
# Every command that writes the contract's objects, in both JSON layouts, checked against its schema
# in schemas/ (docs/vocabulary.md), and the schemas shown able to fail (tests/cli/schemas.py).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
exec python3 "$2/tests/cli/schemas.py" "$1" "$2"
