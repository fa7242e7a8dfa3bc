#!/usr/bin/env python3
"""The Python example client of `pgnsem serve` (examples/serve/pgnsem_client.py), used as a user
would: a good request, then each kind of bad request followed by a good one (tests/cli/serve_clients.sh).

  serve_clients.py PGNSEM SOURCE_DIR

Each bad request must be refused (`ok` false) with its rule, and the good request after it answered
as it should be: the server goes on. Prints one line per failed check and a summary; exit 1 on any
failure.
"""
import os
import sys

PGNSEM, SOURCE = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(SOURCE, "examples", "serve"))
sys.dont_write_bytecode = True  # (no __pycache__ written into the source tree)
from pgnsem_client import PgnsemClient  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - -"
passed, failed = 0, 0


def check(what, condition, response):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print("FAIL %s: %s" % (what, str(response)[:300]))


def good(what, client):
    """A good request after `what`: the stalemate's moves, answered with its own id."""
    r = client.ask({"id": "after " + what, "op": "moves", "fen": STALEMATE})
    check("the good request after " + what, r["ok"] and r["id"] == "after " + what and r["result"]["moves"] == []
          and r["result"]["stalemate"] is True and r["error"] is None, r)


def refused(what, r, rule, id_=None):
    check(what + " is refused with " + rule, r["ok"] is False and r["error"]["rule"] == rule and r["id"] == id_, r)


# serve's limits: perft at most 6 deep and 1,000,000 leaves (depth 6 from the start has 119,060,324)
client = PgnsemClient(PGNSEM, "--perft-depth", "6", "--perft-nodes", "1000000")

r = client.ask({"op": "moves", "fen": START})
check("moves of the start position", r["ok"] and r["op"] == "moves" and len(r["result"]["moves"]) == 20
      and {"uci": "g1f3", "san": "Nf3"} in r["result"]["moves"], r)
r = client.ask({"op": "play", "fen": START, "move": "e4"})
check("play e4", r["ok"] and r["result"]["uci"] == "e2e4"
      and r["result"]["fen_after"] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", r)

r = client.ask_line('{"id": 7, "op": "moves", "fen": ')
refused("a line that is not JSON", r, "request/json")
check("a line that is not JSON: the column where it stops", r["error"]["column"] == 33, r)
good("a line that is not JSON", client)

r = client.ask({"id": 8, "op": "fly"})
refused("an unknown operation", r, "request/op", 8)
good("an unknown operation", client)

r = client.ask({"id": 9, "op": "play", "fen": START, "move": "Ke2"})
refused("an illegal move", r, "dest/own-piece", 9)
check("an illegal move: the move object beside the error", r["result"] is not None and r["result"]["legal"] is False, r)
good("an illegal move", client)

r = client.ask_line('{"id": 10, "op": "moves", "pad": "' + "x" * (10 << 20) + '"}')
refused("a request of 10 MiB", r, "request/too-large")
good("a request of 10 MiB", client)

r = client.ask({"id": 11, "op": "perft", "depth": 7})
refused("perft deeper than --perft-depth", r, "limit/perft-depth", 11)
good("perft deeper than --perft-depth", client)

r = client.ask({"id": 12, "op": "perft", "depth": 6})
refused("perft over --perft-nodes", r, "limit/perft-nodes", 12)
good("perft over --perft-nodes", client)

r = client.ask({"op": "perft", "depth": 4})
check("perft 4 within the limits", r["ok"] and r["result"]["nodes"] == 197281, r)
status = client.close()
check("the end of the input ends the server with status 0", status == 0, status)

print("python client (examples/serve/pgnsem_client.py): %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
