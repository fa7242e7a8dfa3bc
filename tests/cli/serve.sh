#!/usr/bin/env bash
# `pgnsem serve` against the one-shot commands and the schemas: every kind of request, the bad ones
# each followed by a good one, 100,000 mixed requests in order (tests/cli/serve.py).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
exec python3 "$2/tests/cli/serve.py" "$1" "$2"
