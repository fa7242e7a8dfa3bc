#!/usr/bin/env python3
"""Runs the conformance cases (PGN files with Expect* tags) through `pgnsem check` and compares.

Usage: run.py PGNSEM [FILE_OR_DIR ...] [--corpus PGN]

Each case is a game whose tag section carries its expectations (tests/conformance/README.md):
ExpectVerdict, ExpectPly, ExpectRule, ExpectWarnings, ExpectFinalFen, ExpectColumn, ExpectEnd,
ExpectDrawClaimableAt, ExpectAutomaticDrawAt. The runner
reads the expectations with a deliberately small tag scanner (a case starts at the first tag of its tag section),
runs pgnsem once per file in JSON Lines mode, and compares game by game. It prints one line per
failing case, a summary line "N passed, M failed", and a signature: a SHA-256 over every verdict
(verdict, ply, rule, warning kinds, final FEN) so that any change of meaning is visible. With
--corpus PGN it also prints the same signature over every verdict of that file (the real-games
file, decompressed), which has no expectations of its own.
"""
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
    out = subprocess.run([pgnsem, 'check', '--format', 'jsonl', '--quiet', path], capture_output=True)
    digest = hashlib.sha256()
    count = 0
    for line in out.stdout.splitlines():
        digest.update(signature_line(json.loads(line)).encode() + b'\n')
        count += 1
    print('corpus signature (%d games of %s): %s' % (count, os.path.basename(path), digest.hexdigest()))


def main():
    argv = sys.argv[1:]
    corpus = None
    if '--corpus' in argv:
        i = argv.index('--corpus')
        corpus = argv[i + 1]
        del argv[i:i + 2]
    args = [a for a in argv if not a.startswith('--')]
    pgnsem, targets = args[0], args[1:]
    files = []
    for t in targets:
        if os.path.isdir(t):
            files += sorted(os.path.join(t, n) for n in os.listdir(t) if n.endswith('.pgn'))
        else:
            files.append(t)
    passed = failed = 0
    digest = hashlib.sha256()
    for path in files:
        cases = expectations(path)
        out = subprocess.run([pgnsem, 'check', '--format', 'jsonl', '--quiet', path], capture_output=True)
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
    if corpus:
        corpus_signature(pgnsem, corpus)
    print('%d passed, %d failed' % (passed, failed))
    sys.exit(1 if failed or passed == 0 else 0)


if __name__ == '__main__':
    main()
