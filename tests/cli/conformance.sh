#!/usr/bin/env bash
# The conformance cases (tests/conformance/*.pgn) and the bundled examples (examples/*.pgn),
# judged by pgnsem check and compared with their Expect* tags.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -euo pipefail
exec python3 "$2/tests/conformance/run.py" "$1" "$2/examples" "$2/tests/conformance"
