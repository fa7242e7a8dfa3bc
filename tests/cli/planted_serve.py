#!/usr/bin/env python3
"""A move generator with one planted bug, for tests/cli/diff.sh: `pgnsem serve` with its `moves`
answers changed. Each bug is one that real move generators have had:

  ep-rank         also lists an en passant capture that pgnsem refuses when the capturing pawn's
                  king stands on the pawns' rank (the capture takes two pawns off that rank at
                  once, which can open it to an enemy rook or queen)
  castle-through  also lists castling that pgnsem refuses as castle/through-check (the king
                  crosses an attacked square)
  queen-only      lists promotions to a queen only

    planted_serve.py MODE PGNSEM     (reads serve requests on stdin, answers on stdout)
"""
import json
import subprocess
import sys

mode, pgnsem = sys.argv[1], sys.argv[2]
serve = subprocess.Popen([pgnsem, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def ask(request):
    serve.stdin.write(json.dumps(request) + "\n")
    serve.stdin.flush()
    return json.loads(serve.stdout.readline())


def board_of(fen):
    """The squares of a FEN's placement: {'e1': 'K', …}."""
    squares = {}
    for r, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                squares["abcdefgh"[f] + str(8 - r)] = c
                f += 1
    return squares


def planted(fen, moves):
    fields = fen.split()
    white = fields[1] == "w"
    listed = {m["uci"] for m in moves}
    extra = []
    if mode == "ep-rank" and fields[3] != "-":
        board = board_of(fen)
        target = fields[3]
        rank = str(int(target[1]) - 1) if white else str(int(target[1]) + 1)  # the pawns' rank
        pawn, king = ("P", "K") if white else ("p", "k")
        king_rank = [s for s, p in board.items() if p == king]
        for df in (-1, 1):
            f = ord(target[0]) + df
            if not ord("a") <= f <= ord("h"):
                continue
            source = chr(f) + rank
            uci = source + target
            if board.get(source) == pawn and uci not in listed and king_rank and king_rank[0][1] == rank:
                if not ask({"op": "play", "fen": fen, "move": uci})["ok"]:
                    extra.append(uci)
    if mode == "castle-through":
        for uci in ("e1g1", "e1c1") if white else ("e8g8", "e8c8"):
            if uci in listed:
                continue
            r = ask({"op": "play", "fen": fen, "move": uci})
            if not r["ok"] and (r.get("error") or {}).get("rule") == "castle/through-check":
                extra.append(uci)
    kept = [m for m in moves if mode != "queen-only" or len(m["uci"]) == 4 or m["uci"][4] == "q"]
    return kept + [{"uci": u, "san": u} for u in extra]


for line in sys.stdin:
    request = json.loads(line)
    response = ask(request)
    if request.get("op") == "moves" and response.get("ok"):
        fen = response["result"]["fen"]
        response["result"]["moves"] = planted(fen, response["result"]["moves"])
    sys.stdout.write(json.dumps(response) + "\n")
    sys.stdout.flush()
