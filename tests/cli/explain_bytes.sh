#!/usr/bin/env bash
# `pgnsem explain`'s output, byte for byte: a SHA-256 over its text and JSON for the examples and
# the conformance games under several readings, and for every ply of two examples
# (tests/cli/explain_bytes.py), compared with the one pinned in tests/cli/explain_bytes.sha256.
# What explain prints is what the reference computes (semantics/why.hpp): a change to how the
# equations are written must leave it as it is. PGNSEM_UPDATE_SIGNATURES=1 rewrites the pinned hash
# instead (a change of explain's words that is intended; the commit says why).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -euo pipefail
update=()
[[ "${PGNSEM_UPDATE_SIGNATURES:-0}" == 1 ]] && update=(--update)
exec python3 "$2/tests/cli/explain_bytes.py" "$1" "$2" "$2/tests/cli/explain_bytes.sha256" "${update[@]}"
