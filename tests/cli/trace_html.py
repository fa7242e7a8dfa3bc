#!/usr/bin/env python3
"""Checks of `pgnsem trace --format html` (called by trace_html.sh). Python's standard library only.

  trace_html.py page PAGE VERDICTS TRACE ROOT [HOSTILE]
      PAGE is the html trace of some files; VERDICTS and TRACE are `check --format jsonl` and
      `trace --format jsonl` of the same files and reading. Checked: <!DOCTYPE html>, <meta
      charset="utf-8">, a <title>; every non-void element closed, in order; one <section
      class="game"> per verdict, in order, headed by file:game; one svg.board for σ₀ (unless the
      start position itself failed) and one per defined ply; each ply's highlighted squares are
      the squares of its `changes`, its rule, SAN and FEN the trace's, its update names each
      change as the text trace writes it, its explanation folded under it; a move list linking
      every defined ply and, when there is one, the ⊥ step; the ⊥ step of every game that is not
      legal marked (div.ply.bottom, "⊥", its rule, premise and message, and for a move T refused
      the board it was tried on, the king and the attacker marked for a check/ rule), none in a
      legal game; the verdict line; every board labelled for screen readers; the reading's banner; no script, no external resource (src, url(), @import, <link>, <img>, ...), every
      href either #id of an element of the page or a relative link into proofs-notes/ whose
      file exists, whose heading anchor exists (md_anchors.py, as notes_links.py reads them)
      and whose section names the rule in backticks. With HOSTILE, some game's White must show
      that text literally (it was escaped, not read as markup).
  trace_html.py png FILE WIDTH HEIGHT
      A screenshot of a page: a PNG of that size (parsed here: chunks, zlib, scanline filters)
      that is not blank and shows the light and dark squares, the highlighted squares, black
      pieces and the ⊥ marker, in the colours io/trace_html.cpp draws them with.
Prints one line per problem and exits 1 if there is any.
"""
import collections
import json
import os
import re
import struct
import sys
import zlib
from html.parser import HTMLParser

from md_anchors import sections

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
EXTERNAL_ELEMENTS = {"script", "link", "img", "iframe", "object", "embed", "audio", "video", "source", "image",
                     "frame", "base", "form", "foreignobject"}
URL_ATTRIBUTES = {"src", "srcset", "action", "formaction", "poster", "data", "background", "xlink:href", "ping",
                  "manifest", "cite", "longdesc", "codebase", "archive", "profile", "usemap", "icon"}
# name: (colour, the fewest pixels of it a screenshot of a short game's page has): a board has 32
# light and 32 dark squares of 30x30 pixels, a ply two or more highlighted ones, the ⊥ marker is a
# 254x60 block (text in its colour elsewhere covers far fewer pixels), a black piece some 100.
COLOURS = {"light square": ((0xF0, 0xD9, 0xB5), 5000), "dark square": ((0xB5, 0x88, 0x63), 5000),
           "highlighted square": ((0xF6, 0xD3, 0x4A), 1000), "⊥ marker": ((0xC8, 0x10, 0x2E), 5000),
           "black piece": ((0, 0, 0), 300)}

problems = []


def problem(msg):
    problems.append(msg)


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children, self.text = [], []

    def classes(self):
        return set((self.attrs.get("class") or "").split())

    def all_text(self):
        return "".join(t if isinstance(t, str) else t.all_text() for t in self.text)

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def find(self, tag, cls=None):
        return [n for n in self.walk() if n.tag == tag and (cls is None or cls in n.classes())]


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", [], None)
        self.at = self.root
        self.decls = []
        self.before_doctype = ""

    def handle_decl(self, decl):
        self.decls.append(decl)

    def in_svg(self):
        n = self.at
        while n is not None:
            if n.tag == "svg":
                return True
            n = n.parent
        return False

    def open(self, tag, attrs):
        n = Node(tag, attrs, self.at)
        self.at.children.append(n)
        self.at.text.append(n)
        return n

    def handle_starttag(self, tag, attrs):
        n = self.open(tag, attrs)
        if tag not in VOID:
            self.at = n

    def handle_startendtag(self, tag, attrs):
        if tag not in VOID and not self.in_svg():
            problem(f"<{tag}/> is not a void element (outside SVG)")
        self.open(tag, attrs)

    def handle_endtag(self, tag):
        if tag in VOID:
            problem(f"</{tag}> closes a void element")
            return
        if self.at.tag != tag:
            problem(f"</{tag}> closes <{self.at.tag}> (line {self.getpos()[0]})")
            # recover: close up to the nearest open <tag>, if any
            n = self.at
            while n is not None and n.tag != tag:
                n = n.parent
            if n is None:
                return
            self.at = n
        self.at = self.at.parent

    def handle_data(self, data):
        if not self.decls and self.at is self.root and not self.root.children:
            self.before_doctype += data
        self.at.text.append(data)


def norm(s):
    return " ".join(s.split())


def check_links(page, root):
    ids = {n.attrs["id"] for n in page.root.walk() if n.attrs.get("id")}
    note_sections = {}
    links = 0
    for n in page.root.walk():
        if n.tag in EXTERNAL_ELEMENTS:
            problem(f"a <{n.tag}> element")
        for name, value in n.attrs.items():
            value = value or ""
            if name in URL_ATTRIBUTES:
                problem(f"<{n.tag} {name}={value!r}>: a resource attribute")
            if name.startswith("on"):
                problem(f"<{n.tag} {name}=...>: an event handler")
            if name == "style" and re.search(r"url\s*\(|@import", value, re.I):
                problem(f"<{n.tag} style={value!r}>: an external resource in a style")
            if name != "href":
                continue
            if value.startswith("#"):
                if value[1:] not in ids:
                    problem(f"href={value!r}: no element has that id")
                continue
            if re.match(r"^([a-z][a-z0-9+.-]*:|//)", value, re.I) or not value.startswith("proofs-notes/"):
                problem(f"href={value!r}: not a relative link into proofs-notes/")
                continue
            links += 1
            file, _, anchor = value.partition("#")
            path = os.path.join(root, file)
            if os.path.normpath(path) != path or not os.path.isfile(path):
                problem(f"href={value!r}: no such file")
                continue
            if path not in note_sections:
                note_sections[path] = sections(path)
            if anchor not in note_sections[path]:
                problem(f"href={value!r}: no heading with that anchor")
                continue
            rule = n.all_text()
            if f"`{rule}`" not in note_sections[path][anchor]:
                problem(f"href={value!r}: the section does not name the rule `{rule}`")
    for style in page.root.find("style"):
        if re.search(r"url\s*\(|@import", style.all_text(), re.I):
            problem("the style sheet loads something (url() or @import)")
    return links


def check_page(page_path, verdicts_path, trace_path, root, hostile=None):
    with open(page_path, encoding="utf-8") as f:
        text = f.read()
    page = Page()
    page.feed(text)
    page.close()
    if page.at is not page.root:
        problem(f"<{page.at.tag}> is never closed")
    if not text.startswith("<!DOCTYPE html>"):
        problem("the page does not start with <!DOCTYPE html>")
    if [d.lower() for d in page.decls] != ["doctype html"]:
        problem(f"declarations {page.decls}: expected one DOCTYPE html")
    if not any(m.attrs.get("charset", "").lower() == "utf-8" for m in page.root.find("meta")):
        problem('no <meta charset="utf-8">')
    titles = page.root.find("title")
    if len(titles) != 1 or not titles[0].all_text().strip():
        problem("no title, or more than one")
    links = check_links(page, root)

    with open(verdicts_path, encoding="utf-8") as f:
        verdicts = [json.loads(line) for line in f]
    trace = {}
    with open(trace_path, encoding="utf-8") as f:
        for line in f:
            o = json.loads(line)
            trace.setdefault((o["file"], o["game"]), []).append(o)
    games = page.root.find("section", "game")
    if len(games) != len(verdicts):
        problem(f"{len(games)} game sections, {len(verdicts)} verdicts")
    boards = [n for n in page.root.walk() if n.tag == "svg" and "board" in n.classes()]
    expected_boards = 0
    hostile_seen = False
    for section, v in zip(games, verdicts):
        where = f"{v['file']}:{v['game']}"
        h2 = section.find("h2")
        heading = norm(h2[0].all_text()) if h2 else ""
        players = v["players"] or {}
        white = players.get("white") if players.get("white") is not None else "?"
        black = players.get("black") if players.get("black") is not None else "?"
        if heading != norm(f"{where} {white} – {black}"):
            problem(f"{where}: heading {heading!r}")
        if hostile is not None and white == hostile and hostile in heading:
            hostile_seen = True
        steps = trace.get((v["file"], v["game"]), [])
        defined = [s for s in steps if s["legal"]]
        failed = [s for s in steps if not s["legal"]]
        plies = [d for d in section.find("div", "ply")]
        start = [d for d in plies if "start" in d.classes()]
        moves = [d for d in plies if not d.classes() & {"start", "bottom"}]
        bottoms = [d for d in plies if "bottom" in d.classes()]
        has_start = not (failed and failed[0]["ply"] is None)
        expected_boards += has_start + len(defined)
        if len(start) != has_start:
            problem(f"{where}: {len(start)} σ₀ boards, expected {int(has_start)}")
        if not has_start and not section.find("p", "nostart"):
            problem(f"{where}: no σ₀ and no line saying so")
        for d in start:
            if len(d.find("svg", "board")) != 1 or d.find("rect", "hl"):
                problem(f"{where}: σ₀ is not one board without highlights")
        if len(moves) != len(defined):
            problem(f"{where}: {len(moves)} plies shown, the trace has {len(defined)} defined")
        for d, s in zip(moves, defined):
            at = f"{where} ply {s['ply']}"
            if len(d.find("svg", "board")) != 1:
                problem(f"{at}: not one board")
            lit = sorted(r.attrs.get("data-square") for r in d.find("rect", "hl"))
            want = sorted(c["square"] for c in s["changes"])
            if lit != want:
                problem(f"{at}: highlighted {lit}, the update changes {want}")
            rule = [n.all_text() for n in d.walk() if "rule" in n.classes()]
            if rule != [s["equation"]]:
                problem(f"{at}: rule {rule}, the trace says {s['equation']}")
            move = norm(d.find("p", "move")[0].all_text()) if d.find("p", "move") else ""
            dots = ". " if s["side"] == "white" else "... "
            if not move.startswith(f"ply {s['ply']} {s['move_number']}{dots}{s['written']}"):
                problem(f"{at}: move line {move!r}")
            fen = [n.all_text() for n in d.find("p", "fen")]
            if fen != [s["fen_after"]]:
                problem(f"{at}: FEN {fen}, the trace says {s['fen_after']}")
            update = "".join(n.all_text() for n in d.find("p", "update"))
            if not update.startswith("σ' = σ[") or not update.endswith("]"):
                problem(f"{at}: update {update!r}")
            for c in s["changes"]:
                if f"{c['square']} ↦ {c['new']} (was {c['old']})" not in update:
                    problem(f"{at}: the update does not name {c}")
            for c in s["identifiers"]:
                if f"{c['name']} ↦ {c['new']}" not in update:
                    problem(f"{at}: the update does not name {c}")
        if len(bottoms) != len(failed):
            problem(f"{where}: {len(bottoms)} ⊥ steps shown, the trace has {len(failed)}")
        nav = section.find("nav", "movelist")
        nav_links = {n.attrs.get("href") for n in nav[0].find("a")} if nav else set()
        sid = section.attrs.get("id", "")
        if not nav:
            problem(f"{where}: no move list")
        for s in defined:
            if f"#{sid}p{s['ply']}" not in nav_links:
                problem(f"{where}: the move list has no link to ply {s['ply']}")
        if failed and f"#{sid}-bottom" not in nav_links:
            problem(f"{where}: the move list has no jump to ⊥")
        for d, s in zip(moves, defined):
            folded = d.find("details")
            if len(folded) != 1 or "production" not in folded[0].all_text():
                problem(f"{where} ply {s['ply']}: its explanation is not folded under it")
        for d, s in zip(bottoms, failed):
            at = f"{where} ⊥ at ply {s['ply']}"
            tried = d.find("svg", "board")
            # the position the move was tried in, for a move T refused (not a syntax error)
            want_board = v["verdict"] == "illegal" and s["ply"] is not None
            expected_boards += want_board
            if len(tried) != want_board:
                problem(f"{at}: {len(tried)} boards, expected {int(want_board)} (σ where the move was tried)")
            marks = {r.attrs.get("data-mark") for r in d.find("rect", "mk")}
            if want_board and s["error"]["rule"].startswith("check/") and not {"king", "attacker"} <= marks:
                problem(f"{at}: the king and the attacker are not marked ({sorted(m for m in marks if m)})")
            marker = d.find("p", "marker")
            if not marker or marker[0].all_text() != "⊥" or not d.find("span", "bot"):
                problem(f"{at}: not marked ⊥")
            rule = [n.all_text() for n in d.walk() if "rule" in n.classes()]
            if rule != [s["error"]["rule"]]:
                problem(f"{at}: rule {rule}, the trace says {s['error']['rule']}")
            premise = [n.all_text() for n in d.find("p", "premise")]
            if premise != ([] if s["premise"] is None else [f"premise: {s['premise']}"]):
                problem(f"{at}: premise {premise}, the trace says {s['premise']}")
            message = [n.all_text() for n in d.find("p", "message")]
            if message != [s["error"]["message"]]:
                problem(f"{at}: message {message}, the trace says {s['error']['message']!r}")
            if s["ply"] is not None and s["written"] and s["written"] not in d.find("p", "move")[0].all_text():
                problem(f"{at}: the move {s['written']} is not shown")
        verdict = section.find("p", "verdict")
        if len(verdict) != 1 or v["verdict"] not in verdict[0].classes():
            problem(f"{where}: no verdict line of class {v['verdict']}")
        elif not verdict[0].all_text().startswith(f"verdict: {v['verdict']}"):
            problem(f"{where}: verdict line {verdict[0].all_text()!r}")
        # the section ends with its verdict line
        if section.children and section.children[-1] is not (verdict[0] if verdict else None):
            problem(f"{where}: the verdict line is not the section's last element")
    for b in boards:
        if b.attrs.get("role") != "img" or not (b.attrs.get("aria-label") or "").count("White:"):
            problem(f"a board without a label for screen readers: {b.attrs.get('aria-label')!r}")
    if not page.root.find("p", "banner"):
        problem("no banner naming the reading")
    if len(boards) != expected_boards:
        problem(f"{len(boards)} boards, expected {expected_boards} (σ₀ per game + defined plies)")
    if hostile is not None and not hostile_seen:
        problem(f"the hostile White tag {hostile!r} is not shown as text")
    if links == 0 and any(trace.values()):
        problem("no rule links")
    return len(games), len(boards), links


def png_pixels(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if zlib.crc32(kind + body) != struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0]:
            raise ValueError(f"bad CRC in {kind}")
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        ftype = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif ftype == 2:  # bytewise a + b mod 256 on whole lines as integers (no carry between bytes)
            a, b = int.from_bytes(line, "big"), int.from_bytes(prev, "big")
            low = int.from_bytes(b"\x7f" * stride, "big")
            line = bytearray((((a & low) + (b & low)) ^ ((a ^ b) & ~low)).to_bytes(stride, "big"))
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif ftype == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        elif ftype != 0:
            raise ValueError(f"filter type {ftype}")
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def check_png(path, width, height):
    try:
        w, h, bpp, rows = png_pixels(path)
    except (ValueError, OSError, zlib.error, TypeError, struct.error) as e:
        problem(f"{path}: {e}")
        return
    if (w, h) != (width, height):
        problem(f"the screenshot is {w}x{h}, not {width}x{height}")
    counts = collections.Counter()
    for row in rows:
        counts.update(zip(row[0::bpp], row[1::bpp], row[2::bpp]))
    if len(counts) < 50:
        problem(f"the screenshot has {len(counts)} colours: blank or nearly so")
    for name, (rgb, least) in COLOURS.items():
        n = counts.get(rgb, 0)
        if n < least:
            problem(f"the screenshot has {n} pixels of the {name}'s colour #{bytes(rgb).hex()}")
    return len(counts)


def main():
    if len(sys.argv) >= 6 and sys.argv[1] == "page":
        games, boards, links = check_page(*sys.argv[2:6], hostile=sys.argv[6] if len(sys.argv) > 6 else None)
        info = f"{games} games, {boards} boards, {links} rule links"
    elif len(sys.argv) == 5 and sys.argv[1] == "png":
        info = f"{check_png(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))} colours"
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    if not problems:
        print(f"ok: {info}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
