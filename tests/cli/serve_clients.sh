#!/usr/bin/env bash
# The example clients of `pgnsem serve` (examples/serve/), Python and Node, each used as a user would
# (tests/cli/serve_clients.py and serve_clients.js): a good request, then a line that is not JSON, an
# unknown operation, an illegal move, a request of 10 MiB, a perft over --perft-depth and one over
# --perft-nodes, each refused with its rule and followed by a good request that must be answered.
# Without node the Node client is not tested: the test is skipped (77), never passed, and fails
# under CI=true (scripts/install-deps --test installs node).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -u
pgnsem=$1 src=$2
status=0
python3 "$src/tests/cli/serve_clients.py" "$pgnsem" "$src" || status=1
if command -v node >/dev/null; then
  node "$src/tests/cli/serve_clients.js" "$pgnsem" "$src" || status=1
elif [[ ${CI:-} == true ]]; then
  echo "FAIL: node is not installed, so the Node client is not tested (scripts/install-deps --test installs it)"
  status=1
else
  echo "SKIPPED the Node client: node is not installed (scripts/install-deps --test installs it)"
  ((status == 0)) && status=77
fi
exit $status
