#!/usr/bin/env python3
"""The C++ examples of pgnsem/README.md, out of the page so that the build compiles them and a test
runs them: every ```cpp block followed (after one line of prose) by a ```text block of what it
writes. Writes OUT/readme_N.cpp and OUT/readme_N.txt for N = 1, 2, …, and prints N.
Usage: readme_blocks.py README OUT"""
import os
import re
import sys

readme, out = sys.argv[1], sys.argv[2]
text = open(readme, encoding='utf-8').read()
pairs = re.findall(r'```cpp\n(.*?)```\n\n[^\n]*\n\n```text\n(.*?)```\n', text, re.S)
os.makedirs(out, exist_ok=True)
for n, (code, written) in enumerate(pairs, 1):
    for ext, body in (('cpp', code), ('txt', written)):
        path = os.path.join(out, 'readme_%d.%s' % (n, ext))
        # written only when changed, so that a configure does not make the build compile them again
        if not os.path.exists(path) or open(path, encoding='utf-8').read() != body:
            with open(path, 'w', encoding='utf-8') as f:
                f.write(body)
print(len(pairs))
