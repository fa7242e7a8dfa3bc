#!/usr/bin/env python3
"""normalize writes every comment and NAG where it stood, read by a reader of its own.

Games from `pgnsem gen` are decorated with comments ({…} and ;…) in every kind of place — before the
game's first move, before a variation's first move, in an empty variation, after a move, after each
of a move's variations, before the marker — NAGs after moves and after variations, and variations
that replay the main line's moves (so every game stays legal) nested up to five deep, one chain at
least three deep in every game. normalize's output is read back by the small movetext reader below
(not pgnsem's), and each game must have the same lines, moves (check signs aside), the same comments
at the same places in the same order and the same NAGs on the same moves. The London 1834 game 4
(tests/fixtures/london-1834-game-4.pgn) keeps `({White can play} 9. Kxf2`.

  normalize_places.py PGNSEM SOURCE_DIR BUILD_DIR
"""
import os
import random
import re
import subprocess
import sys

pgnsem, src, build = sys.argv[1:4]
failures = 0
checks = 0


def bad(message):
    global failures
    failures += 1
    print('FAIL', message)


def ok():
    global checks
    checks += 1


# --- an independent movetext reader: the place of every comment and NAG ---------------------------
# A place is the line (a path of (ply index, variation ordinal) pairs from the main line), the ply
# it follows in that line (-1: before the line's first move) and, after a ply, how many of that
# ply's variations were closed before it.

TOKEN = re.compile(r'\{[^}]*\}|;[^\n]*|\(|\)|\$\d+|\d+\.(?:\.\.)?|1-0|0-1|1/2-1/2|\*|[^\s{};()$]+')


def places(movetext):
    comments, nags, moves = [], [], []
    # a frame: (line path, plies read in it, variations closed after its last ply)
    stack = [[(), -1, 0]]
    for token in TOKEN.findall(movetext):
        frame = stack[-1]
        path, last, closed = frame
        if token.startswith('{') or token.startswith(';'):
            text = token[1:-1] if token.startswith('{') else token[1:]
            comments.append((path, last, closed if last >= 0 else 0, text))
        elif token.startswith('$'):
            nags.append((path, last, int(token[1:])))
        elif token == '(':
            stack.append([path + ((last, closed),), -1, 0])
        elif token == ')':
            stack.pop()
            stack[-1][2] += 1
        elif re.fullmatch(r'\d+\.(?:\.\.)?|1-0|0-1|1/2-1/2|\*', token):
            continue
        else:
            frame[1] += 1
            frame[2] = 0
            moves.append((path, frame[1], token.rstrip('+#')))
    return comments, nags, moves


def movetext_of(game_text):
    # after the tag section: the lines that are not tag pairs or escapes
    return '\n'.join(l for l in game_text.split('\n') if not l.startswith('[') and not l.startswith('%'))


def games_of(text):
    return [g for g in re.split(r'\n\n(?=\[Event )', text.strip('\n')) if g.strip()]


# --- decorated games -----------------------------------------------------------------------------

WORDS = ['good', 'bad', 'idea', '(sic)', 'e4?', 'a "quote"', '$5', 'wins', 'draws', 'ok;', 'x']


def comment(rng):
    text = ' '.join(rng.choice(WORDS) for _ in range(rng.randint(0, 3)))
    if rng.random() < 0.15:
        return ';' + text + '\n'
    return '{' + text + '}'


def comments(rng, chance):
    out = []
    while rng.random() < chance and len(out) < 3:
        out.append(comment(rng))
    return out


def number(index):
    move = index // 2 + 1
    return '%d.' % move if index % 2 == 0 else '%d...' % move


def line(rng, sans, start, length, depth, forced):
    """Tokens of a line playing sans[start:start+length] (a main line or a variation replacing the
    ply at `start`, which replays the same moves); `forced` > 0 nests a variation that deep on its
    first ply."""
    out = comments(rng, 0.3)
    for k in range(length):
        i = start + k
        out.append(number(i))
        out.append(sans[i])
        if rng.random() < 0.25:
            out += ['$%d' % rng.randint(0, 255) for _ in range(rng.randint(1, 2))]
        out += comments(rng, 0.25)
        variations = 1 if k == 0 and forced > 0 else 0
        if depth < 5 and rng.random() < 0.2:
            variations += rng.randint(1, 3)
        for v in range(variations):
            out.append('(')
            inner = forced - 1 if k == 0 and v == 0 and forced > 0 else 0
            if rng.random() < 0.1 and inner == 0:
                out += comments(rng, 0.7)  # an empty variation, perhaps with comments
            else:
                n = rng.randint(1, min(6, len(sans) - i))
                out += line(rng, sans, i, n, depth + 1, inner)
            out.append(')')
            out += comments(rng, 0.3)
            if rng.random() < 0.1:
                out.append('$%d' % rng.randint(0, 255))  # a NAG written after a variation
    return out


def decorate(rng, game_text, index):
    sans = [t for t in TOKEN.findall(movetext_of(game_text))
            if not re.fullmatch(r'\d+\.(?:\.\.)?|1-0|0-1|1/2-1/2|\*', t)]
    if not sans:
        return None
    body = line(rng, sans, 0, len(sans), 0, 3)
    body += comments(rng, 0.5)  # before the marker
    return '[Event "places %d"]\n\n%s *\n\n' % (index, ' '.join(body).replace('\n ', '\n'))


def depth_of(moves):
    return max((len(path) for path, _, _ in moves), default=0)


def main():
    rng = random.Random(42)
    generated = subprocess.run([pgnsem, 'gen', '--seed', '42', '--games', '300'], capture_output=True,
                               text=True, check=True).stdout
    decorated = [d for d in (decorate(rng, g, i + 1) for i, g in enumerate(games_of(generated))) if d]
    # two games of the issue, as written
    decorated.append('[Event "t"]\n\n1. e4 e5 2. Nf3 ({c} 2. f4) 2... Nc6 *\n\n')
    decorated.append('[Event "t"]\n\n1. e4 {a} e5 2. Nf3 (2. f4) ({c} 2. c4) *\n\n')
    decorated.append('[Event "t"]\n\n{only a comment} *\n\n')
    path = os.path.join(build, 'normalize_places.pgn')
    with open(path, 'w') as f:
        f.write(''.join(decorated))
    r = subprocess.run([pgnsem, 'normalize', path], capture_output=True, text=True)
    if r.returncode != 0:
        bad('normalize exits %d on legal games: %s' % (r.returncode, r.stderr[:500]))
    written = games_of(r.stdout)
    if len(written) != len(decorated):
        bad('%d games in, %d out' % (len(decorated), len(written)))
    deep = 0
    kinds = set()
    for i, (before, after) in enumerate(zip(decorated, written)):
        c1, n1, m1 = places(movetext_of(before))
        c2, n2, m2 = places(movetext_of(after))
        deep += depth_of(m1) >= 3
        for path, last, closed, _ in c1:
            kinds.add('game start' if not path and last < 0 else 'variation start' if last < 0
                      else 'after a variation' if closed else 'after a move')
        if m1 != m2:
            bad('game %d: the moves differ' % (i + 1))
        elif [(p, l, c, t.strip()) for p, l, c, t in c1] != [(p, l, c, t.strip()) for p, l, c, t in c2]:
            first = next(k for k, (x, y) in enumerate(zip(c1 + [None], c2 + [None])) if x != y)
            bad('game %d: comment %d stood at %s, written at %s\n  in:  %s\n  out: %s' % (
                i + 1, first + 1, c1[first] if first < len(c1) else None, c2[first] if first < len(c2) else None,
                movetext_of(before)[:300], movetext_of(after)[:300]))
        elif sorted(n1, key=lambda x: (x[0], x[1])) != sorted(n2, key=lambda x: (x[0], x[1])):
            bad('game %d: the NAGs differ' % (i + 1))
        else:
            ok()
    if deep < 250:
        bad('only %d games nest variations three deep' % deep)
    if kinds != {'game start', 'variation start', 'after a move', 'after a variation'}:
        bad('places drawn: %s' % sorted(kinds))

    fixture = os.path.join(src, 'tests', 'fixtures', 'london-1834-game-4.pgn')
    r = subprocess.run([pgnsem, 'normalize', fixture], capture_output=True, text=True)
    flat = ' '.join(r.stdout.split())
    if r.returncode != 0 or '9. Kf1 $2 ({White can play} 9. Kxf2' not in flat or '{White can play} 1.' in flat:
        bad('London 1834 game 4: the comment moved:\n' + r.stdout)
    else:
        ok()
    print('%d passed, %d failed (%d games nest three deep; places: %s)' % (checks, failures, deep,
                                                                           ', '.join(sorted(kinds))))
    return 1 if failures else 0


sys.exit(main())
