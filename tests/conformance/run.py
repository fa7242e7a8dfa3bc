#!/usr/bin/env python3
"""Runs the conformance cases (PGN files with Expect* tags) through `pgnsem check` and compares.

Usage: run.py PGNSEM [FILE_OR_DIR ...] [--corpus PGN] [--expect SIGNATURES [--update]]

Each case is a game whose tag section carries its expectations (tests/conformance/README.md):
ExpectVerdict, ExpectPly, ExpectRule, ExpectWarnings, ExpectFinalFen, ExpectColumn, ExpectEnd,
ExpectDrawClaimableAt, ExpectAutomaticDrawAt. The runner
reads the expectations with a deliberately small tag scanner (a case starts at the first tag of its tag section),
runs pgnsem once per file in JSON Lines mode, and compares game by game. It prints one line per
failing case, a summary line "N passed, M failed", and a signature: a SHA-256 over every verdict
(verdict, ply, rule, warning kinds, final FEN) so that any change of meaning is visible. With
--corpus PGN it also prints the same signature over every verdict of that file (the real-games
file, decompressed, whole or its first games), which has no expectations of its own.

With --expect FILE the signatures are compared with those pinned in FILE (one `name value` per
line, `#` comments): `conformance`, and `corpus-N-games` for a corpus of N games, so that the whole
file and a part of it each have their own. A signature that differs, or a corpus whose size has
none pinned, is a failure. --update writes this run's signatures into FILE instead (the other
lines are kept), for a change of meaning that is intended; the commit says why.
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys

TAG = re.compile(rb'^\s*\[(\w+)\s*"((?:[^"\\]|\\.)*)"\s*\]\s*$')


def expectations(path):
    """One dict of Event/Expect* tags per game, in order; a game starts at the first tag of each
    tag section (a tag line after a non-tag, non-blank line begins a new section)."""
    cases = []
    in_tags = False
    with open(path, 'rb') as f:
        for raw in f:
            m = TAG.match(raw)
            if not m:
                if raw.strip():
                    in_tags = False
                continue
            if not in_tags:
                cases.append({})
                in_tags = True
            name, value = m.group(1).decode(), m.group(2).decode('latin-1')
            value = value.replace('\\"', '"').replace('\\\\', '\\')
            if name == 'Event' or name.startswith('Expect'):
                cases[-1][name] = value
    return cases


def signature_line(v):
    kinds = ' '.join(sorted(w['kind'] for w in v['warnings']))
    err = v['error'] or {}
    return '%s|%s|%s|%s|%s' % (v['verdict'], err.get('ply', ''), err.get('rule', ''), kinds, v['final_fen'])


def compare(case, v):
    problems = []
    want = case.get('ExpectVerdict')
    if want is None:
        return ['no ExpectVerdict tag']
    if v['verdict'] != want:
        problems.append('verdict %s, expected %s' % (v['verdict'], want))
    err = v['error']
    if 'ExpectPly' in case:
        got = err['ply'] if err else None
        if str(got) != case['ExpectPly']:
            problems.append('ply %s, expected %s' % (got, case['ExpectPly']))
    if 'ExpectRule' in case:
        got = err['rule'] if err else None
        if got != case['ExpectRule']:
            problems.append('rule %s, expected %s' % (got, case['ExpectRule']))
    if 'ExpectColumn' in case:
        got = err['column'] if err else None
        if str(got) != case['ExpectColumn']:
            problems.append('column %s, expected %s' % (got, case['ExpectColumn']))
    got_w = sorted(w['kind'] for w in v['warnings'])
    want_w = sorted(case.get('ExpectWarnings', '').split())
    if got_w != want_w:
        problems.append('warnings %s, expected %s' % (got_w, want_w))
    for tag, field in (('ExpectEnd', 'end'), ('ExpectDrawClaimableAt', 'draw_claimable_at'),
                       ('ExpectAutomaticDrawAt', 'automatic_draw_at')):
        if tag in case:
            got = v.get(field)
            got = 'none' if got is None else str(got)
            if got != case[tag]:
                problems.append('%s %s, expected %s' % (field, got, case[tag]))
    if 'ExpectFinalFen' in case and v['final_fen'] != case['ExpectFinalFen']:
        problems.append('final FEN %s, expected %s' % (v['final_fen'], case['ExpectFinalFen']))
    if problems and err:
        problems.append('(pgnsem said: %s: %s)' % (err['rule'], err['message']))
    return problems


def corpus_signature(pgnsem, path):
    """(name, signature) of every verdict of the file; the name counts its games."""
    out = subprocess.run([pgnsem, 'check', '--format', 'jsonl', '--quiet', path], capture_output=True)
    digest = hashlib.sha256()
    count = 0
    for line in out.stdout.splitlines():
        digest.update(signature_line(json.loads(line)).encode() + b'\n')
        count += 1
    print('corpus signature (%d games of %s): %s' % (count, os.path.basename(path), digest.hexdigest()))
    return 'corpus-%d-games' % count, digest.hexdigest()


def read_pinned(path):
    pinned = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                name, value = line.split()
                pinned[name] = value
    return pinned


def update_pinned(path, got):
    """Rewrites the values of `got` in the file, keeping every other line; new names are appended."""
    lines = open(path).read().splitlines() if os.path.exists(path) else []
    left = dict(got)
    for i, line in enumerate(lines):
        words = line.split()
        if len(words) == 2 and not line.startswith('#') and words[0] in left:
            lines[i] = '%s %s' % (words[0], left.pop(words[0]))
    lines += ['%s %s' % item for item in sorted(left.items())]
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    for name, value in sorted(got.items()):
        print('updated %s: %s %s' % (path, name, value))


def compare_pinned(path, got):
    """One message per signature that differs from the pinned one or has none pinned."""
    pinned = read_pinned(path)
    problems = []
    for name, value in sorted(got.items()):
        want = pinned.get(name)
        if want is None:
            problems.append('FAIL signature %s: none pinned in %s (pinned: %s); got %s. Pin it with --update '
                            '(see the head of that file)' % (name, path, ', '.join(sorted(pinned)) or 'none', value))
        elif want != value:
            problems.append('FAIL signature %s changed: expected %s, got %s. The verdicts changed; if that is '
                            'intended, rewrite the pinned value with --update (see the head of %s) and say why in '
                            'the commit' % (name, want, value, path))
    return problems


def main():
    parser = argparse.ArgumentParser(description='Runs the conformance cases through pgnsem check.')
    parser.add_argument('pgnsem')
    parser.add_argument('targets', nargs='*', help='PGN files or folders of them')
    parser.add_argument('--corpus', help='a PGN file without expectations: its signature only')
    parser.add_argument('--expect', help='the file of pinned signatures to compare with')
    parser.add_argument('--update', action='store_true', help='write the signatures into the --expect file')
    args = parser.parse_args()
    if args.update and not args.expect:
        parser.error('--update needs --expect FILE')
    files = []
    for t in args.targets:
        if os.path.isdir(t):
            files += sorted(os.path.join(t, n) for n in os.listdir(t) if n.endswith('.pgn'))
        else:
            files.append(t)
    passed = failed = 0
    digest = hashlib.sha256()
    for path in files:
        cases = expectations(path)
        out = subprocess.run([args.pgnsem, 'check', '--format', 'jsonl', '--quiet', path], capture_output=True)
        if out.returncode not in (0, 1):
            print('FAIL %s: pgnsem exited %d: %s' % (path, out.returncode, out.stderr.decode(errors='replace')))
            failed += max(1, len(cases))
            continue
        verdicts = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
        if len(verdicts) != len(cases):
            print('FAIL %s: %d verdicts for %d cases' % (path, len(verdicts), len(cases)))
            failed += max(1, len(cases))
            continue
        for case, v in zip(cases, verdicts):
            digest.update(signature_line(v).encode() + b'\n')
            problems = compare(case, v)
            if problems:
                failed += 1
                print('FAIL %s game %d (%s): %s' % (path, v['game'], case.get('Event'), '; '.join(problems)))
            else:
                passed += 1
    print('conformance signature: %s' % digest.hexdigest())
    signatures = {'conformance': digest.hexdigest()}
    if args.corpus:
        name, value = corpus_signature(args.pgnsem, args.corpus)
        signatures[name] = value
    else:
        print('corpus signature: not computed (no --corpus)')
    if args.update:
        update_pinned(args.expect, signatures)
    elif args.expect:
        for problem in compare_pinned(args.expect, signatures):
            print(problem)
            failed += 1
    print('%d passed, %d failed' % (passed, failed))
    sys.exit(1 if failed or passed == 0 else 0)


if __name__ == '__main__':
    main()
