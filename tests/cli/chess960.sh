#!/usr/bin/env bash
# Chess960 (proofs-notes/chess960.md) against Stockfish: `perft 3 --divide --chess960` and Stockfish's
# `go perft 3` with UCI_Chess960, on a position reached by random play (castling chosen half of the
# time it is legal) from every one of the 960 start positions (96 of them under the sanitizers), line
# by line (tests/cli/chess960_stockfish.py). Skipped (77), never passed, without /usr/games/stockfish
# (Debian's stockfish, scripts/install-deps).
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
set -u
# a Chess960 castling blocked on the rook's destination, which is not between king and rook: said so
blocked=$("$1" san --chess960 --fen 'bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1' O-O)
if ! grep -qF "castle/blocked: castling needs every square the king and the rook cross or land on empty but for the two of them, but the white rook on f1 is in the way" <<<"$blocked"; then
  echo "FAIL a blocked Chess960 castling: $blocked"
  exit 1
fi
starts=960
[[ ${PGNSEM_SANITIZE:-0} == 1 ]] && starts=96
exec python3 "$2/tests/cli/chess960_stockfish.py" "$1" /usr/games/stockfish --depth 3 --starts "$starts"
