#!/usr/bin/env python3
"""Property: `pgnsem gen` output read back by `pgnsem check` gives exactly the labels it wrote,
for 10,000 games and several seeds; the same seed gives the same bytes, and the first games of a
seed are the same whatever the number of games asked.

  gen_labels.py PGNSEM BUILD_DIR [GAMES]
"""
import json
import os
import subprocess
import sys


def main():
    pgnsem, build = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
    seeds = [int(s) for s in os.environ.get('PGNSEM_GEN_SEEDS', '1 20261121 987654321').split()]
    os.makedirs(os.path.join(build, 'gen'), exist_ok=True)
    failures = []
    for seed in seeds:
        print('seed %d, %d games' % (seed, games))
        pgn = os.path.join(build, 'gen', 'gen-%d.pgn' % seed)
        labels = os.path.join(build, 'gen', 'gen-%d.labels' % seed)
        with open(pgn, 'wb') as f:
            subprocess.run([pgnsem, 'gen', '--seed', str(seed), '--games', str(games), '--near-miss', '0.3',
                            '--labels', labels], stdout=f, check=True)
        # the same seed gives the same bytes, and game i does not depend on how many games are asked:
        # a second run for a fifth of the games writes the first run's first bytes
        fewer = max(1, games // 5)
        again = subprocess.run([pgnsem, 'gen', '--seed', str(seed), '--games', str(fewer), '--near-miss', '0.3'],
                               capture_output=True, check=True).stdout
        with open(pgn, 'rb') as f:
            first = f.read(len(again) + 1)
        if first[:len(again)] != again or not first[len(again):].startswith(b'['):
            failures.append('seed %d: a run of %d games is not the start of the run of %d' % (seed, fewer, games))
        out = subprocess.run([pgnsem, 'check', '--format', 'jsonl', '--quiet', pgn], capture_output=True)
        verdicts = [json.loads(l) for l in out.stdout.splitlines()]
        with open(labels) as f:
            wanted = [json.loads(l) for l in f]
        if len(verdicts) != len(wanted) or len(wanted) != games:
            failures.append('seed %d: %d verdicts, %d labels, %d games' % (seed, len(verdicts), len(wanted), games))
            continue
        near = 0
        for v, w in zip(verdicts, wanted):
            if w['error'] is None:
                ok = v['verdict'] == 'legal' and w['verdict'] == 'legal'
            else:
                near += 1
                ok = v['verdict'] == 'illegal' and w['verdict'] == 'illegal' and v['error']['ply'] == w['error']['ply'] \
                    and v['error']['rule'] == w['error']['rule']
            if not ok:
                failures.append('seed %d game %d: label %s, verdict %s %s' % (seed, w['game'], w, v['verdict'],
                                                                             v['error']))
                if len(failures) > 20:
                    break
        print('  %d near-miss games, %d legal' % (near, games - near))
        if near == 0:
            failures.append('seed %d: no near-miss game was generated' % seed)
    for f in failures[:20]:
        print('FAIL: ' + f)
    print('%d passed, %d failed' % (len(seeds) if not failures else 0, len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
