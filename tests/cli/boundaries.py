# A generated PGN file of game boundaries that are not what they look like, in four spellings:
# gen-lf.pgn, gen-crlf.pgn, gen-cr.pgn and gen-bom.pgn in the folder given. Comments, strings,
# variations and tag sections that hold a `[` after a blank line (a candidate boundary that is not
# one, or is one by the reader's rules), broken games that resynchronise, text after results, escape
# lines, tagless and tag-only games, and one game of 300 KB. Used by tests/cli/parallel_split.sh
# (check -j N) and tests/cli/shards.sh (check --shard K/N).
import random, sys
out = sys.argv[1]
random.seed(15)
pieces = [
    b'[Event "plain"]\n[Site "?"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n',
    # a comment holding what looks like the next game
    b'[Event "comment"]\n\n1. e4 {a note\n\n[Event "x"]\n[Site "y"]\n\n1. d4 *\n\nstill the note} e5 1/2-1/2\n\n',
    # broken: the skip stops at a tag line after a blank line even inside an open comment
    # a false candidate in a comment, and the true next game inside the block after it
    b'[Event "comment 2"]\n\n1. e4 {x\n\n[Event "y"]\n} e5 1-0\n[Event "tight"]\n1. d4 *\n1. c4 *\n\n',
    b'[Event "broken"]\n\n1. e4 Qx9 e5 {open\n\n[Event "inside"]\n} 2. Nf3 1-0\n\n',
    b'[Event "broken 2"]\n1. e4 {never closed\n2. Nf3 *\n\n',
    b'[Event "cut string\n1. e4 *\n\n',
    b'[Event "after"]\n\n1. d4 d5 0-1 trailing words [not a tag\nmore words\n\n',
    b'1. c4 c5 *\n1. g3 *\n',
    b'%escape line\n[Event "escaped"]\n[White "a\\"b\\\\c"]\n\n1. e4 *\n\n',
    b'[Event "tags only"]\n\n[Event "next"]\n\n1. e4 e5\n[Event "no result before me"]\n\n1. d4 *\n\n',
    # a blank line inside a tag section: one section when the tags after it are new (ChessBase),
    # the next game when one is named again
    b'[Event "chessbase"]\n\n[Site "?"]\n[Date "2017.12.04"]\n\n[Round "1"]\n\n1. e4 e5 0-1\n\n',
    b'[Event "tags only"]\n[Site "a"]\n\n[Round "2"]\n[Site "b"]\n\n1. d4 *\n\n',
    b'; a line comment\n[Event "leading comment"]\n\n1. e4 (1. d4 d5 (1... Nf6)) 1-0\n\n',
    b'[Event "variation open"]\n\n1. e4 (1. d4 1-0\n\n',
    b'\n\n   \n\n',
    b'[Event "late"]\n\n\n\n1. e4\n\n[Event "x"] *\n\n',
]
body = []
for i in range(400):
    body.append(random.choice(pieces))
    if i == 200:
        # a game far larger than a block: 300 KB of comments with blank lines and tag lines
        note = b''.join(b'{part %d\n\n[Event "x%d"]\n\n}' % (k, k) for k in range(9000))
        body.append(b'[Event "huge"]\n\n1. e4 ' + note + b' e5 1-0\n\n')
text = b''.join(body)
open(out + '/gen-lf.pgn', 'wb').write(text)
open(out + '/gen-crlf.pgn', 'wb').write(text.replace(b'\n', b'\r\n'))
open(out + '/gen-cr.pgn', 'wb').write(text.replace(b'\n', b'\r'))
open(out + '/gen-bom.pgn', 'wb').write(b'\xef\xbb\xbf' + text)
