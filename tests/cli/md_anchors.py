"""GitHub-style heading anchors of Markdown files, shared by the tests that check links into the notes
(notes_links.py: the notes' own links; trace_html.py: the rule links of `pgnsem trace --format html`).

An anchor is the heading's text, lowercase, punctuation removed, spaces to hyphens, with -1, -2, ...
for repeats; headings inside ``` fences do not count.
"""
import re

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(text):
    """The lines outside ``` fences, with their numbers."""
    fenced = False
    for n, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield n, line


def slug(heading):
    h = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    h = h.replace("`", "").replace("*", "").strip().lower()
    h = "".join(c for c in h if c.isalnum() or c in "_- " or c.isdigit())
    return h.replace(" ", "-")


def sections(path):
    """{anchor: the section's text}: from its heading to the next heading of the same or a higher
    level (its subsections included)."""
    seen, out, open_ = {}, {}, []  # open_: [(level, anchor)] of the sections still running
    with open(path, encoding="utf-8") as f:
        for _, line in prose_lines(f.read()):
            m = HEADING.match(line)
            if m:
                level = len(m.group(1))
                a = slug(m.group(2))
                k = seen.get(a, 0)
                seen[a] = k + 1
                a = a if k == 0 else f"{a}-{k}"
                open_ = [(lv, x) for lv, x in open_ if lv < level] + [(level, a)]
                out[a] = ""
            for _, a in open_:
                out[a] += line + "\n"
    return out


def anchors(path):
    return set(sections(path))
