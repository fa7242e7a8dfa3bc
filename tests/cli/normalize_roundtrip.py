#!/usr/bin/env python3
"""normalize → check keeps every verdict: for each game, check on normalize's
output gives the same `verdict`, `plies`, `error.rule`, `error.ply`, `fen_after`, `end` and draw
fields as check on the input, in default mode. The hard cases are written here; the real games
(../shared/data, the first 20,000 or PGNSEM_CORPUS_GAMES) follow when present.

  normalize_roundtrip.py PGNSEM SHARED_DIR BUILD_DIR
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus_data  # noqa: E402

FIELDS = ('verdict', 'plies', 'fen_after', 'end', 'draw_claimable_at', 'automatic_draw_at')


def shuffle(plies, first=1, black_first=False):
    cycle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'] if not black_first else ['Nf6', 'Nf3', 'Ng8', 'Ng1']
    out, number, white = [], first, not black_first
    if black_first:
        out.append('%d...' % number)
    for i in range(plies):
        if white:
            out.append('%d.' % number)
        out.append(cycle[i % 4])
        if not white:
            number += 1
        white = not white
    return ' '.join(out)


def game(movetext, fen=None, result='*', tags=''):
    head = '[Event "roundtrip"]\n[Result "%s"]\n' % result + tags
    if fen:
        head += '[SetUp "1"]\n[FEN "%s"]\n' % fen
    return head + '\n' + movetext + ' ' + result + '\n\n'


KINGS = 'k7/8/8/8/8/8/8/K7 %s - - %s %s'
HARD = [
    # limits: move numbers near and past 999,999,999, a huge halfmove clock, the ply limit
    game('999999999. Kb1 Kb8 Ka1 *', KINGS % ('w', 0, 999999999)),
    game('999999998... Kb8 999999999. Kb1 Ka8 Ka1', KINGS % ('b', 0, 999999998)),
    game('4294967295. Kb1 Kb8', KINGS % ('w', 0, 4294967295)),
    game('1. Kb1 Kb8', KINGS % ('w', 0, 1000000000)),
    game('7. Kb1 Kb8 8. Ka1 Ka8', KINGS % ('w', 65535, 7)),
    game('7. Kb1 Kb8', KINGS % ('w', 65536, 7)),
    game('1. Kb1 Kb8', KINGS % ('w', 0, 0)),
    game(shuffle(65001)),
    game(shuffle(65001, 1, True), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1'),
    # after automatic draws: fivefold, 75 moves, a dead position
    game(shuffle(40) + ' 11. e4 e5'),
    game(shuffle(160)),
    game('1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxd2+ 4. Bxd2 *'.replace(' *', '')),
    game('1. Kb2 Kb7', 'k7/1n6/8/8/8/8/1B6/K7 w - - 0 1'),
    game('1. Bxb7+ Kxb7 2. Kb1 Ka7', 'k7/1n6/8/8/4B3/8/8/K7 w - - 0 1'),
    # illegal games
    game('1. e4 e5 2. Ke3 Nc6 3. Nf3'),
    game('1. f3 e5 2. g4 Qh4# 3. a3 a6', result='0-1'),
    game('1. e4 -- 2. Nf3'),
    game('1. Kb1 Kb8', 'k7/8/8/8/8/8/8/8 w - - 0 1'),
    game('1. e4 (1. Ke2 Ke7 2. Kxe7) 1... e5'),
    # malformed games
    game('1. e4 Nz9 2. Nf3 Nc6'),
    game('1. e4 e5 2. e5=Q Nc6'),
    game('1. e4 e5 2. nf3 Nc6'),
    game('1. e4 e5 2. Nf3 (2. Nc3 Nz9) Nc6'),
    game('1. e4 e5 2. Nf3 {a comment never closed'),
    game('1. e4', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1'),
    game('1. e4 e5 1234567890. Nf3'),
    game('1. e4 e5 2. Nf3 ( 2. Nc3'),
    game('1. e4 e5 ) 2. Nf3'),
    game('1. e4 e5 2. Nf3 $256 Nc6'),
    game('1. e4 ( ( e5 ) )'),
    game('1. e4 e5 2. Qh5!+ Nc6'),
    game('1. e4 e5 2. Nf3 (2. Nc3 (2... Nc6 3. Nz9) 1-0) Nc6'),
    game('1. e4 e5 2. Nf3 (2. Nc3 1-0) Nc6'),
    # written as read: a malformed tag pair, a variant, a comment never closed before the next game
    '[Ev-ent "x"]\n[Result "*"]\n\n1. e4 e5 *\n\n',
    game('1. e4 e5', tags='[Variant "Chess960"]\n'),
    '[Event "x"]\n\n1. e4 {open\n\n',
    '[Event "x"]\r\n\r\n1. e4 e5 2. e5=Q *\r\n\r\n',
    # warnings only: wrong numbers, wrong claims, missing result
    game('1. e4 e5 3. Nf3 Nc6 4. Bb5+ a6'),
    '[Event "x"]\n\n1. e4 e5 2. Nf3\n\n',
]


def check(pgnsem, path):
    p = subprocess.run([pgnsem, 'check', '--format', 'jsonl', '--quiet', path], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    return [json.loads(l) for l in p.stdout.splitlines()]


def fields(v):
    out = {f: v.get(f) for f in FIELDS}
    e = v.get('error') or {}
    out['error.rule'] = e.get('rule')
    out['error.ply'] = e.get('ply')
    return out


def roundtrip(pgnsem, path, label, show):
    out_path = path + '.normalized.pgn'
    with open(out_path, 'wb') as f:
        p = subprocess.run([pgnsem, 'normalize', path], stdout=f, stderr=subprocess.PIPE)
    if p.returncode not in (0, 1):
        return ['%s: normalize exited %d: %s' % (label, p.returncode, p.stderr[-2000:].decode(errors='replace'))]
    before, after = check(pgnsem, path), check(pgnsem, out_path)
    failures = []
    if len(before) != len(after):
        failures.append('%s: %d verdicts before normalize, %d after' % (label, len(before), len(after)))
    differ = 0
    for b, a in zip(before, after):
        fb, fa = fields(b), fields(a)
        if fb != fa:
            differ += 1
            if differ <= show:
                diff = {k: (fb[k], fa[k]) for k in fb if fb[k] != fa[k]}
                failures.append('%s: game %d: before → after %s' % (label, b['game'], diff))
    print('%s: %d games, %d read back differently' % (label, len(before), differ))
    if differ > show:
        failures.append('%s: %d more games differ' % (label, differ - show))
    return failures


def main():
    pgnsem, shared, build = sys.argv[1:4]
    work = os.path.join(build, 'normalize_roundtrip')
    os.makedirs(work, exist_ok=True)
    hard = os.path.join(work, 'hard.pgn')
    with open(hard, 'w') as f:
        f.write(''.join(HARD))
    failures = roundtrip(pgnsem, hard, 'hard cases', len(HARD))
    wanted = corpus_data.wanted_games()
    src = os.path.join(shared, 'data', 'games', 'real-games.pgn.gz')
    if wanted != 0 and os.path.exists(src):
        games = min(corpus_data.ALL_GAMES if wanted is None else wanted, 20000)
        sample = os.path.join(work, 'real-first%d.pgn' % games)
        if not os.path.exists(sample):
            corpus_data.first_games(src, sample + '.tmp', games)
            os.replace(sample + '.tmp', sample)
        failures += roundtrip(pgnsem, sample, 'first %d real games' % games, 10)
    else:
        print('real games: not read by this build, or absent')
    for f in failures:
        print('FAIL: ' + f)
    print('%d passed, %d failed' % (0 if failures else 1, 1 if failures else 0))
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
