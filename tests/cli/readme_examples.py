#!/usr/bin/env python3
"""Runs every ```console block of the given Markdown files and compares what the commands write with
what the block shows (tests/cli/readme_examples.sh).

A block is a session: lines starting with `$ ` are commands, the lines after one, up to the next
command or the block's end, are what it writes (stdout, then stderr: the tool writes its report
before its summary). Each command runs with bash from the repository's root, with
`build/release/pgnsem` standing for the tool under test; `echo $?` gives the previous command's exit
status. In the shown output, a line that is `…` alone stands for any number of lines, and `…` inside
a line for any text (the README abridges a long report so, and writes a time that no run repeats as
`…`).

  readme_examples.py PGNSEM SOURCE_DIR FILE.md...
Exit 0 when every block matches, 1 otherwise (with the first line that differs).
"""
import re
import subprocess
import sys
from pathlib import Path


def blocks(path):
    lines = path.read_text(encoding='utf-8').split('\n')
    i = 0
    while i < len(lines):
        if lines[i].strip() == '```console':
            start = i + 1
            j = start
            while lines[j].strip() != '```':
                j += 1
            yield start + 1, lines[start:j]
            i = j
        i += 1


def pattern(shown):
    parts = []
    for line in shown:
        if line == '…':
            parts.append(r'(?:[^\n]*\n)*?')
        else:
            parts.append('.*?'.join(re.escape(piece) for piece in line.split('…')) + r'\n')
    return re.compile(''.join(parts))


def first_difference(shown, actual):
    """The first shown line not written in its order (each line as its own pattern)."""
    got = actual.split('\n')
    at = 0
    for line in shown:
        if line == '…':
            continue
        one = re.compile('.*?'.join(re.escape(piece) for piece in line.split('…')))
        while at < len(got) and not one.fullmatch(got[at]):
            at += 1
        if at == len(got):
            return 'the shown line %r is not written where the block has it' % line
        at += 1
    return 'the written lines around the shown ones differ (more, or fewer, than the block has)'


def main():
    pgnsem, source = sys.argv[1], Path(sys.argv[2])
    failures = 0
    count = 0
    for name in sys.argv[3:]:
        path = source / name
        for first_line, block in blocks(path):
            status = 0
            k = 0
            while k < len(block):
                if not block[k].startswith('$ '):
                    print('FAIL %s:%d: a console block starts with a command (`$ …`)' % (name, first_line + k))
                    failures += 1
                    break
                command = block[k][2:]
                shown = []
                k += 1
                while k < len(block) and not block[k].startswith('$ '):
                    shown.append(block[k])
                    k += 1
                count += 1
                if command.strip() == 'echo $?':
                    actual = '%d\n' % status
                else:
                    run = subprocess.run(['bash', '-c', command.replace('build/release/pgnsem', pgnsem)], cwd=source,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                    status = run.returncode
                    actual = (run.stdout + run.stderr).decode('utf-8', errors='replace')
                if pattern(shown).fullmatch(actual):
                    continue
                failures += 1
                print('FAIL %s:%d: `%s` does not write what the block shows; %s'
                      % (name, first_line, command, first_difference(shown, actual)))
                print('  written:')
                for line in actual.split('\n')[:60]:
                    print('  | ' + line)
    print('%d commands of console blocks, %d differ' % (count, failures))
    if count == 0:
        print('FAIL no console block found')
        return 1
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
