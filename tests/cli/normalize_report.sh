#!/usr/bin/env bash
# normalize --report says what was done with each game (tests/cli/normalize_report.py): normalised
# with the plies whose SAN changed counted, written as read to the rejected file, not written, each
# reason in the words of the note on stderr; the games written are the same with a report as
# without; the report's usage errors. Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
exec python3 "$2/tests/cli/normalize_report.py" "$1" "$2" "$4"
