#!/usr/bin/env python3
"""Runs the conformance cases (PGN files with Expect* tags) through `pgnsem check` and compares.

Usage: run.py PGNSEM [FILE_OR_DIR ...] [--corpus PGN] [--expect SIGNATURES [--update]]

Each case is a game whose tag section carries its expectations (tests/conformance/README.md):
ExpectVerdict, ExpectPly, ExpectRule, ExpectWarnings, ExpectFinalFen, ExpectColumn, ExpectEnd,
ExpectDrawClaimableAt, ExpectAutomaticDrawAt; a case that tells an erratum of proofs-notes/errata.md
apart also carries [Erratum "SLUG"] and the same tags prefixed ExpectPaper (what `check --erratum
SLUG=paper` answers: the paper's form of that one correction); a case with [ErratumWith "SLUG2 …"]
is judged with those errata read as printed too, in both readings (ExpectWith…: only them;
ExpectPaper…: them and SLUG). A case may carry ExpectAllPaper…
(what `check --semantics paper` answers: every correction undone). The runner
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
    """One dict of Event/Erratum/Expect* tags per game, in order; a game starts at the first tag of
    each tag section (a tag line after a non-tag, non-blank line begins a new section). '_text' is
    the case's own text (from its first tag to the next case), '_tags' every tag of it."""
    cases = []
    in_tags = False
    with open(path, 'rb') as f:
        for raw in f:
            m = TAG.match(raw)
            if not m:
                if raw.strip():
                    in_tags = False
                if cases:
                    cases[-1]['_text'] += raw
                continue
            if not in_tags:
                cases.append({'_text': b'', '_tags': {}})
                in_tags = True
            cases[-1]['_text'] += raw
            name = m.group(1).decode()
            # as pgnsem reads tag values: UTF-8, else ISO 8859-1 (the standard's charset)
            try:
                value = m.group(2).decode('utf-8')
            except UnicodeDecodeError:
                value = m.group(2).decode('latin-1')
            value = value.replace('\\"', '"').replace('\\\\', '\\')
            cases[-1]['_tags'][name] = value
            if name in ('Event', 'Erratum', 'ErratumWith') or name.startswith('Expect'):
                cases[-1][name] = value
    return cases


def movetext(text):
    """The case's movetext (its lines that are not tag pairs), whitespace made single spaces."""
    lines = [raw for raw in text.splitlines() if not TAG.match(raw)]
    return ' '.join(b' '.join(lines).decode('utf-8', errors='replace').split())


def error_ply(err):
    """The ply of a verdict's error: 0 for the start position (null in the verdict), '' without an error."""
    if not err:
        return ''
    return 0 if err['ply'] is None else err['ply']


def signature_line(v):
    kinds = ' '.join(sorted(w['kind'] for w in v['warnings']))
    err = v['error'] or {}
    return '%s|%s|%s|%s|%s' % (v['verdict'], error_ply(err), err.get('rule', ''), kinds, v['fen_after'])


def compare(case, v, prefix='Expect'):
    """What differs between the verdict v and the case's tags of this prefix (Expect, ExpectPaper,
    ExpectAllPaper: each reading's expectations have their own)."""
    problems = []
    want = case.get(prefix + 'Verdict')
    if want is None:
        return ['no %sVerdict tag' % prefix]
    if v['verdict'] != want:
        problems.append('verdict %s, expected %s' % (v['verdict'], want))
    err = v['error']
    if prefix + 'Ply' in case:
        got = error_ply(err) if err else None
        if str(got) != case[prefix + 'Ply']:
            problems.append('ply %s, expected %s' % (got, case[prefix + 'Ply']))
    if prefix + 'Rule' in case:
        got = err['rule'] if err else None
        if got != case[prefix + 'Rule']:
            problems.append('rule %s, expected %s' % (got, case[prefix + 'Rule']))
    if prefix + 'Column' in case:
        got = err['column'] if err else None
        if str(got) != case[prefix + 'Column']:
            problems.append('column %s, expected %s' % (got, case[prefix + 'Column']))
    got_w = sorted(w['kind'] for w in v['warnings'])
    want_w = sorted(case.get(prefix + 'Warnings', '').split())
    if got_w != want_w:
        problems.append('warnings %s, expected %s' % (got_w, want_w))
    for tag, field in (('End', 'end'), ('DrawClaimableAt', 'draw_claimable_at'),
                       ('AutomaticDrawAt', 'automatic_draw_at')):
        if prefix + tag in case:
            got = v.get(field)
            got = 'none' if got is None else str(got)
            if got != case[prefix + tag]:
                problems.append('%s %s, expected %s' % (field, got, case[prefix + tag]))
    if prefix + 'FinalFen' in case and v['fen_after'] != case[prefix + 'FinalFen']:
        problems.append('final FEN %s, expected %s' % (v['fen_after'], case[prefix + 'FinalFen']))
    if problems and err:
        problems.append('(pgnsem said: %s: %s)' % (err['rule'], err['message']))
    return problems


def check_one(pgnsem, text, options):
    """pgnsem check of one case's text with these options: (exit code, verdict or None)."""
    out = subprocess.run([pgnsem, 'check', '--format', 'jsonl', '--quiet'] + options + ['-'], input=text,
                         capture_output=True)
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    return out.returncode, (json.loads(lines[0]) if len(lines) == 1 else None), out.stderr.decode(errors='replace')


def paper_readings(pgnsem, path, cases):
    """The cases' other readings: --erratum SLUG=paper (ExpectPaper…, or a refusal for an erratum
    of the prose only) and --semantics paper (ExpectAllPaper…). Returns (passed, failed)."""
    passed = failed = 0
    for case in cases:
        runs = []
        # ErratumWith: errata read as printed in both of the case's readings, the Laws' side
        # (ExpectWith…) and the paper's (ExpectPaper…), when only they let the game reach what the
        # erratum is about (proofs-notes/errata.md says which)
        also = [a for slug in case.get('ErratumWith', '').split() for a in ('--erratum', slug + '=paper')]
        if also:
            runs.append((also, 'ExpectWith'))
        if 'Erratum' in case:
            runs.append((also + ['--erratum', case['Erratum'] + '=paper'], 'ExpectPaper'))
        if 'ExpectAllPaperVerdict' in case:
            runs.append((['--semantics', 'paper'], 'ExpectAllPaper'))
        for options, prefix in runs:
            code, v, err = check_one(pgnsem, case['_text'], options)
            where = '%s (%s) with %s' % (path, case.get('Event'), ' '.join(options))
            if case.get(prefix + 'Verdict') == 'refused':
                problems = [] if code == 2 and v is None else ['expected pgnsem to refuse the reading, exit %d' % code]
            elif code not in (0, 1) or v is None:
                problems = ['pgnsem exited %d: %s' % (code, err.strip())]
            else:
                problems = compare(case, v, prefix)
                if problems and v['error']:
                    problems.append('(pgnsem said: %s: %s)' % (v['error']['rule'], v['error']['message']))
            if problems:
                failed += 1
                print('FAIL %s: %s' % (where, '; '.join(problems)))
            else:
                passed += 1
    return passed, failed


def errata_listed(pgnsem, all_cases):
    """Every erratum `pgnsem errata` lists has its case: one carrying [Erratum "SLUG"], where the
    list says (file and Event), with the game the list shows. Returns the problems."""
    out = subprocess.run([pgnsem, 'errata', '--format', 'json'], capture_output=True)
    errata = [o for o in json.loads(out.stdout) if o['object'] == 'erratum']
    problems = []
    for e in errata:
        slug, game = e['slug'], e['game']
        named = [(p, c) for p, c in all_cases if c.get('Erratum') == slug]
        if not named:
            problems.append('erratum %s: no case carries [Erratum "%s"]' % (slug, slug))
            continue
        at = [(p, c) for p, c in named if p.endswith(game['file']) and c.get('Event') == game['event']]
        if not at:
            problems.append('erratum %s: pgnsem errata names %s, "%s", which is not a case with its Erratum tag'
                            % (slug, game['file'], game['event']))
            continue
        if game['pgn'] is not None:
            listed = game['pgn'].encode()
            case = at[0][1]
            if movetext(listed) != movetext(case['_text']):
                problems.append('erratum %s: the game pgnsem errata shows (%s) is not the case\'s (%s)'
                                % (slug, movetext(listed), movetext(case['_text'])))
            for line in listed.splitlines():
                m = TAG.match(line)
                if m and case['_tags'].get(m.group(1).decode()) != m.group(2).decode():
                    problems.append('erratum %s: the case lacks the tag %s' % (slug, line.decode()))
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
    all_cases = []
    for path in files:
        cases = expectations(path)
        all_cases += [(path, c) for c in cases]
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
        p, f = paper_readings(args.pgnsem, path, cases)
        passed += p
        failed += f
    for problem in errata_listed(args.pgnsem, all_cases):
        print('FAIL %s' % problem)
        failed += 1
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
