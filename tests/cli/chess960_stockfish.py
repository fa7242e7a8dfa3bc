#!/usr/bin/env python3
"""Chess960 (proofs-notes/chess960.md): pgnsem's perft divided by root move against Stockfish's
`go perft DEPTH` with `UCI_Chess960` on positions reached by random play from every one of the 960
start positions (a few plies each, chosen by a seeded generator, so that castling rights, castlings
already made and moved rooks all occur). Both give a count per root move, castling as the king
taking its rook; they must be equal, position by position. A difference names the position and
the moves only one side lists. pgnsem is asked through one `pgnsem serve` (its `moves`, `play` and
`perft` requests with "chess960": true), and its `perft --divide --chess960` command line is asked
too on every tenth position, so that the command's own reading of a Chess960 FEN is tested.

  chess960_stockfish.py PGNSEM STOCKFISH [--depth 3] [--starts 960] [--seed 20261130]
Exit 0 when every position agrees, 1 otherwise, 77 when Stockfish is not there."""
import argparse
import json
import os
import random
import subprocess
import sys


class Serve:
    def __init__(self, pgnsem):
        self.p = subprocess.Popen([pgnsem, 'serve'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  bufsize=1)

    def ask(self, **request):
        self.p.stdin.write(json.dumps(request) + '\n')
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise SystemExit('pgnsem serve stopped')
        response = json.loads(line)
        if not response['ok']:
            raise SystemExit('pgnsem serve refused %s: %s' % (request, response['error']))
        return response['result']

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=10)


def divide_lines(text):
    moves = {}
    for line in text.splitlines():
        if ':' not in line:
            continue
        move, count = line.split(':', 1)
        move, count = move.strip(), count.strip()
        if 4 <= len(move) <= 5 and move[0] in 'abcdefgh' and count.isdigit():
            moves[move] = int(count)
    return moves


class Stockfish:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send('uci')
        self.until('uciok')
        self.send('setoption name UCI_Chess960 value true')
        self.send('setoption name Threads value 1')
        self.send('isready')
        self.until('readyok')

    def send(self, line):
        self.p.stdin.write(line + '\n')
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit('Stockfish stopped')
            line = line.rstrip('\n')
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def divide(self, fen, depth):
        self.send('position fen ' + fen)
        self.send('go perft %d' % depth)
        return divide_lines('\n'.join(self.until('Nodes searched')))

    def close(self):
        self.send('quit')
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('pgnsem')
    ap.add_argument('stockfish')
    ap.add_argument('--depth', type=int, default=3)
    ap.add_argument('--starts', type=int, default=960)
    ap.add_argument('--seed', type=int, default=20261130)
    o = ap.parse_args()
    if not os.access(o.stockfish, os.X_OK):
        print('SKIPPED: %s is not there (Debian package stockfish)' % o.stockfish)
        return 77
    rng = random.Random(o.seed)
    sf = Stockfish(o.stockfish)
    serve = Serve(o.pgnsem)
    failures = positions = castlings = 0
    leaves = 0
    for n in range(o.starts):
        fen = 'chess960:%d' % n
        plies = rng.randrange(0, 13)
        for _ in range(plies):
            moves = serve.ask(op='moves', fen=fen, chess960=True)['moves']
            if not moves:
                break
            # a castling, when there is one, half of the time: positions after it, with one side's
            # rights gone and the other's kept, are what this test is for
            castles = [m for m in moves if m['san'].startswith('O-O')]
            move = rng.choice(castles) if castles and rng.random() < 0.5 else rng.choice(moves)
            castlings += move['san'].startswith('O-O')
            fen = serve.ask(op='play', fen=fen, move=move['uci'], chess960=True)['fen_after']
        perft = serve.ask(op='perft', fen=fen, depth=o.depth, divide=True, chess960=True)
        mine = {m['uci']: m['nodes'] for m in perft['divide']}
        if n % 10 == 0:
            ours = subprocess.run([o.pgnsem, 'perft', str(o.depth), '--divide', '--chess960', '--fen', fen],
                                  capture_output=True, text=True)
            if divide_lines(ours.stdout) != mine:
                failures += 1
                print('FAIL start %d, %s: perft --divide and serve differ' % (n, fen))
        theirs = sf.divide(perft['fen'], o.depth)
        positions += 1
        leaves += sum(mine.values())
        if mine != theirs:
            failures += 1
            only_ours = sorted(set(mine) - set(theirs))
            only_theirs = sorted(set(theirs) - set(mine))
            counts = sorted(m for m in set(mine) & set(theirs) if mine[m] != theirs[m])
            print('FAIL start %d, %s: only pgnsem %s, only Stockfish %s, counts differ %s' % (
                n, fen, only_ours, only_theirs, [(m, mine[m], theirs[m]) for m in counts][:5]))
    sf.close()
    serve.close()
    print('%d positions from %d start positions, depth %d, %d leaves, %d castlings played on the way: '
          '%d differ' % (positions, o.starts, o.depth, leaves, castlings, failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
