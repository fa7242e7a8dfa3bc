#!/usr/bin/env python3
"""The real-games corpus as the whole-program tests read it: ../shared/data/games/real-games.pgn.gz,
decompressed into the build folder (never into the repo), whole or its first N games.

How much is read is the build's choice, PGNSEM_CORPUS_GAMES (tests/CMakeLists.txt passes it on):
  all   every game (the release build)
  N     the first N games (the debug build reads 5,000)
  0     none: this build runs no whole-program test over the corpus (the sanitizer build, whose
        time and peak memory are not pgnsem's)

  corpus_data.py SHARED_DIR BUILD_DIR   prints the path of the file to read; exit 77 (ctest:
                                        skipped) with the reason when there is none
"""
import fcntl
import gzip
import os
import shutil
import sys

# What the data's README says of the whole file: the tests compare with it when they read it all.
ALL_GAMES = 116886


def wanted_games():
    """None for every game, 0 for none, or N."""
    value = os.environ.get('PGNSEM_CORPUS_GAMES', 'all').strip() or 'all'
    if value == 'all':
        return None
    if not value.isdigit():
        sys.exit('PGNSEM_CORPUS_GAMES=%s: expected all, 0 or a number of games' % value)
    return int(value)


def skip(why):
    print('SKIP: ' + why)
    sys.exit(77)


def is_tag_line(raw):
    return raw.lstrip().startswith(b'[')


def first_games(src, dst, games):
    """Writes the first `games` games of the gzip file src to dst. A game starts with the first tag
    line of a tag section (a tag line after a line that is not one); the file's games all have
    tags, and the tests check that pgnsem counts exactly `games` games in what is written."""
    seen = 0
    in_tags = False
    with gzip.open(src, 'rb') as fin, open(dst, 'wb') as fout:
        for raw in fin:
            if is_tag_line(raw):
                if not in_tags:
                    seen += 1
                    if seen > games:
                        break
                in_tags = True
            elif raw.strip():
                in_tags = False
            fout.write(raw)


def variant_tags(path):
    """{game: value} of the [Variant "…"] tags of the file, games counted as first_games counts
    them; read here independently of pgnsem, so that the tests know which games to expect
    `unsupported` on whatever part of the corpus they read."""
    found = {}
    game = 0
    in_tags = False
    with open(path, 'rb') as f:
        for raw in f:
            if is_tag_line(raw):
                if not in_tags:
                    game += 1
                in_tags = True
                line = raw.strip()
                if line.startswith(b'[Variant "'):
                    found[game] = line[len(b'[Variant "'):].split(b'"')[0].decode('latin-1')
            elif raw.strip():
                in_tags = False
    return found


def corpus_file(shared, build):
    """The path of the corpus to read (prepared once; concurrent tests wait for each other), or
    exit 77 when this build reads none or the data is absent."""
    games = wanted_games()
    if games == 0:
        skip('this build reads no real games (PGNSEM_CORPUS_GAMES=0)')
    src = os.path.join(shared, 'data', 'games', 'real-games.pgn.gz')
    if not os.path.exists(src):
        skip('%s is absent, so the corpus test cannot run' % src)
    folder = os.path.join(build, 'data')
    os.makedirs(folder, exist_ok=True)
    name = 'real-games.pgn' if games is None else 'real-games.first%d.pgn' % games
    dst = os.path.join(folder, name)
    # Tests run in parallel (ctest -j): one prepares the file under the lock, the others wait and
    # find it ready; a file is only ever seen whole (written aside, then renamed).
    with open(os.path.join(folder, '.lock'), 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(dst) or os.path.getmtime(dst) < os.path.getmtime(src):
            tmp = dst + '.tmp'
            if games is None:
                with gzip.open(src, 'rb') as fin, open(tmp, 'wb') as fout:
                    shutil.copyfileobj(fin, fout, 1 << 20)
            else:
                first_games(src, tmp, games)
            os.replace(tmp, dst)
    return dst


def expected_games():
    """How many games the file of corpus_file holds (None: the whole file, ALL_GAMES)."""
    games = wanted_games()
    return ALL_GAMES if games is None else min(games, ALL_GAMES)


def main():
    print(corpus_file(sys.argv[1], sys.argv[2]))


if __name__ == '__main__':
    main()
