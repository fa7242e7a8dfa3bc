#!/usr/bin/env bash
# The examples of the README (and of pgnsem/README.md) that show a command and what it writes, its
# ```console blocks, are run and compared with the program's output (tests/cli/readme_examples.py),
# so that an example cannot go stale: a change of the tool's words or of the examples' files fails
# here until the README shows the new output.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -euo pipefail
files=()
for f in README.md pgnsem/README.md; do
  grep -q '^```console' "$2/$f" && files+=("$f")
done
exec python3 "$2/tests/cli/readme_examples.py" "$1" "$2" "${files[@]}"
