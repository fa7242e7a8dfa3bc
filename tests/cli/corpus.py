#!/usr/bin/env python3
"""Whole-program tests over ../shared/data/games/real-games.pgn.gz (decompressed into the build
folder, never into the repo): all 116,886 games, or the first PGNSEM_CORPUS_GAMES of them
(tests/cli/corpus_data.py). Exit 77 (ctest: skipped) when the data is absent or the build reads
no real games.

  corpus.py PGNSEM SHARED_DIR BUILD_DIR check      verdict counts, the two illegal games, Chess960, memory
  corpus.py PGNSEM SHARED_DIR BUILD_DIR normalize  normalize → check --strict gives the same verdicts
"""
import json
import os
import shutil
import subprocess
import sys

import corpus_data

PEAK_LIMIT_KB = 64 * 1024
# Under the sanitizers (the checked build) the peak memory is theirs (quarantine, shadow), not
# pgnsem's: the same runs are made and their verdicts checked, the peaks are not.
SANITIZED = os.environ.get('PGNSEM_SANITIZE', '0') == '1'
# The illegal games of the file (its README): game → (move number, side, move as written).
ILLEGAL = {116885: (31, 'white', 'Qxe1'), 116886: (38, 'white', 'Bf3')}
# The variants the verdict contract counts as standard chess, and those it reads as Chess960 (its
# castling, proofs-notes/chess960.md); a Variant tag with any other value makes a game `unsupported`.
STANDARD_VARIANTS = {'', 'standard', 'chess', 'normal', 'from position', 'standard chess'}
CHESS960_VARIANTS = {'chess960', '960', 'fischerandom', 'fischerrandom', 'fischerrandomchess', 'fischerandomchess',
                     'frc', 'freestyle', 'freestylechess'}


def chess960_variant(v):
    return ''.join(c for c in v.lower() if c not in ' -_') in CHESS960_VARIANTS


def run(cmd, stdin_path=None, stdin_repeat=1):
    """Runs cmd, returns (exit code, stdout lines, peak RSS of the child in KiB).

    The peak is measured by GNU time, which forks from a small process: a child forked from this
    Python process would count Python's own memory (ru_maxrss survives exec)."""
    stdin = subprocess.PIPE if stdin_path else subprocess.DEVNULL
    p = subprocess.Popen(['/usr/bin/time', '-f', 'peak-rss-kib %M'] + cmd, stdin=stdin, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    if stdin_path:
        import threading

        def feed():
            for _ in range(stdin_repeat):
                with open(stdin_path, 'rb') as f:
                    shutil.copyfileobj(f, p.stdin, 1 << 20)
            p.stdin.close()
        t = threading.Thread(target=feed)
        t.start()
    out = p.stdout.read()
    err = p.stderr.read().decode(errors='replace')
    p.wait()
    if stdin_path:
        t.join()
    peak = 0
    lines = []
    for line in err.splitlines():
        if line.startswith('peak-rss-kib '):
            peak = int(line.split()[1])
        elif not line.startswith('Command exited with non-zero status'):
            lines.append(line)
    sys.stderr.write('\n'.join(lines) + ('\n' if lines else ''))
    return p.returncode, out.splitlines(), peak


def check(pgnsem, path):
    failures = []
    games = corpus_data.expected_games()
    # What to expect of the games read, from the file itself and the facts of its README: the
    # known illegal games among them, and every game whose Variant tag names another variant.
    expected_illegal = {g: want for g, want in ILLEGAL.items() if g <= games}
    variants = corpus_data.variant_tags(path)
    expected_unsupported = sorted(g for g, v in variants.items()
                                  if v.lower() not in STANDARD_VARIANTS and not chess960_variant(v))
    chess960 = sorted(g for g, v in variants.items() if chess960_variant(v))
    if games == corpus_data.ALL_GAMES and (len(chess960) != 21 or expected_unsupported or
                                           any(variants[g] != 'Chess960' for g in chess960)):
        failures.append('the whole file should hold the 21 Chess960 games and no other variant, found %s and %s' %
                        (chess960, expected_unsupported))
    expected_legal = games - len(expected_illegal) - len(expected_unsupported)
    print('reading %d games: expecting %d legal, %d illegal, %d unsupported' % (
        games, expected_legal, len(expected_illegal), len(expected_unsupported)))

    code, lines, peak = run([pgnsem, 'check', '--format', 'jsonl', path])
    verdicts = [json.loads(l) for l in lines]
    print('verdicts: %d, exit code %d, peak memory %.1f MiB' % (len(verdicts), code, peak / 1024))
    if len(verdicts) != games:
        failures.append('%d verdicts, expected %d' % (len(verdicts), games))
    want_code = 0 if expected_legal == games else 1
    if code != want_code:
        failures.append('exit code %d, expected %d' % (code, want_code))
    if peak > PEAK_LIMIT_KB and not SANITIZED:
        failures.append('peak memory %.1f MiB, limit 64 MiB' % (peak / 1024))
    by_kind = {}
    for v in verdicts:
        by_kind.setdefault(v['verdict'], []).append(v)
    print('by verdict: %s' % {k: len(v) for k, v in by_kind.items()})
    illegal = by_kind.get('illegal', [])
    got_illegal = {v['game']: (v['error']['move_number'], v['error']['side'], v['error']['written']) for v in illegal}
    for g, want in expected_illegal.items():
        got = got_illegal.get(g)
        # the move as written may carry a check sign; compare without it
        if not got or (got[0], got[1], got[2].rstrip('+#')) != want:
            failures.append('game %d: expected illegal at %s, got %s' % (g, want, got))
    extra = sorted(set(got_illegal) - set(expected_illegal))
    if extra:
        failures.append('unexpected illegal games: %s' % [(g, got_illegal[g]) for g in extra[:10]])
    unsupported = by_kind.get('unsupported', [])
    got_unsupported = sorted(v['game'] for v in unsupported)
    if got_unsupported != expected_unsupported:
        failures.append('unsupported games %s, expected %s' % (got_unsupported[:25], expected_unsupported[:25]))
    for v in unsupported:
        want = variants.get(v['game'])
        if want is None or want not in v['error']['message']:
            failures.append('game %d: unsupported without naming its variant %s: %s' % (
                v['game'], want, v['error']['message']))
    malformed = by_kind.get('malformed', [])
    if malformed:
        failures.append('%d malformed games, e.g. %s' % (len(malformed), [(v['game'], v['error']) for v in malformed[:5]]))
    if len(by_kind.get('legal', [])) != expected_legal:
        failures.append('%d legal games, expected %d' % (len(by_kind.get('legal', [])), expected_legal))
    # Memory bounded whatever the input's size: the file over standard input, repeated until more
    # than the 64 MiB limit has been read (twice for the whole file), stays under the limit, so it
    # cannot be holding the input. With the whole file the peak also may not grow by more than
    # 4 MiB from one reading to two; a part of the file is too small for that (the peak still creeps
    # up over the first tens of MiB read), and the test says so.
    repeat = 2 if SANITIZED else max(2, -(-PEAK_LIMIT_KB * 1024 // os.path.getsize(path)))
    _, lines2, peak2 = run([pgnsem, 'check', '--format', 'jsonl', '--quiet', '-'], stdin_path=path,
                           stdin_repeat=repeat)
    print('%d times over stdin: %d verdicts, peak memory %.1f MiB' % (repeat, len(lines2), peak2 / 1024))
    if len(lines2) != repeat * games:
        failures.append('file %d times: %d verdicts, expected %d' % (repeat, len(lines2), repeat * games))
    if SANITIZED:
        print('peak memory: not measured under the sanitizers')
    elif peak2 > PEAK_LIMIT_KB:
        failures.append('file %d times: peak memory %.1f MiB, limit 64 MiB' % (repeat, peak2 / 1024))
    if games == corpus_data.ALL_GAMES and not SANITIZED:
        if peak2 > peak + 4 * 1024:
            failures.append('file twice: peak memory grew from %.1f to %.1f MiB' % (peak / 1024, peak2 / 1024))
    else:
        print('growth from one reading to two: compared on the whole file only')
    return failures


def normalize(pgnsem, path, build):
    failures = []
    stem = os.path.splitext(path)[0]
    out_path = stem + '.normalized.pgn'
    with open(out_path, 'wb') as f:
        p = subprocess.run([pgnsem, 'normalize', path], stdout=f, stderr=subprocess.PIPE)
    if p.returncode not in (0, 1):
        return ['normalize exited %d: %s' % (p.returncode, p.stderr[-2000:].decode(errors='replace'))]
    _, before, _ = run([pgnsem, 'check', '--format', 'jsonl', '--quiet', path])
    _, after, _ = run([pgnsem, 'check', '--format', 'jsonl', '--quiet', '--strict', out_path])
    before = [json.loads(l) for l in before]
    after = [json.loads(l) for l in after]
    if len(before) != corpus_data.expected_games() or len(before) != len(after):
        return ['%d games before normalize, %d after, expected %d' % (len(before), len(after),
                                                                      corpus_data.expected_games())]
    excused = differ = 0
    for b, a in zip(before, after):
        same = b['verdict'] == a['verdict'] and b['fen_after'] == a['fen_after'] and b['plies'] == a['plies']
        if same:
            continue
        kinds = {w['kind'] for w in b['warnings']}
        # normalize never changes a result: where the result contradicts the position or the
        # Result tag, --strict reports exactly that
        if a['error'] and a['error']['rule'] in ('notation/result-position', 'notation/result-mismatch') \
                and kinds & {'result-position', 'result-mismatch'}:
            excused += 1
            continue
        differ += 1
        if differ <= 10:
            failures.append('game %d: before %s %s, after --strict %s %s' % (
                b['game'], b['verdict'], b['error'], a['verdict'], a['error']))
    print('normalize: %d games, %d differ only by a result that contradicts the position or tag, %d differ otherwise'
          % (len(before), excused, differ))
    # normalize is idempotent
    again = stem + '.normalized2.pgn'
    with open(again, 'wb') as f:
        subprocess.run([pgnsem, 'normalize', out_path], stdout=f, stderr=subprocess.DEVNULL)
    with open(out_path, 'rb') as f1, open(again, 'rb') as f2:
        if f1.read() != f2.read():
            failures.append('normalize is not idempotent')
    return failures


def main():
    pgnsem, shared, build, what = sys.argv[1:5]
    path = corpus_data.corpus_file(shared, build)
    failures = check(pgnsem, path) if what == 'check' else normalize(pgnsem, path, build)
    for f in failures:
        print('FAIL: ' + f)
    print('%d passed, %d failed' % (0 if failures else 1, 1 if failures else 0))
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
