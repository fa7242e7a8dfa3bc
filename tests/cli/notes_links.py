#!/usr/bin/env python3
"""Check the links of proofs-notes (called by notes_links.sh).

  notes_links.py ROOT [NOTES_DIR]

ROOT is the repository; NOTES_DIR (default ROOT/proofs-notes) holds the notes, read as if they stood
at ROOT/proofs-notes. The documents of ROOT/docs (docs/ARCHITECTURE.md) are checked as the glossary
is. Checked, outside fenced code blocks:
  - every relative link [text](target) of every note: the file exists and, with #anchor, the
    target note has a heading whose GitHub-style anchor is that (lowercase, punctuation removed,
    spaces to hyphens, -1, -2, ... for repeats); a link "#anchor" looks in its own note;
  - every repo-relative path in backticks in glossary.md exists under ROOT: a token whose first
    part is a top-level entry of ROOT and that names a file (its last part has a dot:
    `semantics/state.cpp`) or a folder (it ends with a slash: `semantics/fast/`); so rule ids such
    as `syntax/promotion-rank` are not taken for paths. (The other notes name paths of other
    projects too, such as D3-Chess's test vector, so only the glossary's are checked.)
Prints one line per broken link or path and exits 1 if there is any.
"""
import os
import re
import sys

from md_anchors import anchors, prose_lines

root = os.path.abspath(sys.argv[1])
notes = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.path.join(root, "proofs-notes")
top = set(os.listdir(root)) - {"build", ".git"}

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"^[A-Za-z0-9_.\-]+(/[A-Za-z0-9_.\-]+)*/?$")


def where(rel):
    """A repo-relative path: inside proofs-notes it is read from NOTES_DIR."""
    rel = os.path.normpath(rel)
    if rel == "proofs-notes" or rel.startswith("proofs-notes" + os.sep):
        return os.path.join(notes, os.path.relpath(rel, "proofs-notes"))
    return os.path.join(root, rel)


broken = []
cache = {}


def check(folder, name, text, paths):
    """The links of FOLDER/NAME (FOLDER repo-relative) and, when PATHS, its paths in backticks."""
    for n, line in prose_lines(text):
        code_free = CODE.sub("", line)
        for target in LINK.findall(code_free):
            if re.match(r"^[a-z]+:", target):  # https:, mailto:
                continue
            file, _, anchor = target.partition("#")
            rel = os.path.join(folder, file) if file else os.path.join(folder, name)
            path = where(rel)
            if not os.path.exists(path):
                broken.append(f"{folder}/{name}:{n}: link to missing file {target}")
                continue
            if anchor and path.endswith(".md"):
                if path not in cache:
                    cache[path] = anchors(path)
                if anchor not in cache[path]:
                    broken.append(f"{folder}/{name}:{n}: link to missing heading {target}")
        if not paths:
            continue
        for token in CODE.findall(line):
            token = token.strip()
            if "/" not in token or not PATH.match(token):
                continue
            if token.split("/")[0] not in top or not (token.endswith("/") or "." in token.split("/")[-1]):
                continue
            if not os.path.exists(where(token)):
                broken.append(f"{folder}/{name}:{n}: missing path `{token}`")


for name in sorted(os.listdir(notes)):
    if name.endswith(".md"):
        with open(os.path.join(notes, name), encoding="utf-8") as f:
            check("proofs-notes", name, f.read(), name == "glossary.md")
docs = os.path.join(root, "docs")
for name in sorted(os.listdir(docs)) if os.path.isdir(docs) else []:
    if name.endswith(".md"):
        with open(os.path.join(docs, name), encoding="utf-8") as f:
            check("docs", name, f.read(), True)

for b in broken:
    print(b)
sys.exit(1 if broken else 0)
