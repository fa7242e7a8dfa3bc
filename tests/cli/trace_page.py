#!/usr/bin/env python3
"""The trace page as a class uses it, in headless Chromium (tests/cli/browser.py drives it):

  trace_page.py CHROMIUM PGNSEM SOURCE_DIR WORK_DIR SHOTS_DIR

1. Fischer–Spassky 1992's page (`trace --format html`, every ply's explanation folded): under
   300 KB, a move list, 85 plies each with its explanation; following the move list's link to ply
   30 scrolls that ply to the top; its explanation unfolds and shows the premises.
2. examples/illegal.pgn's page: "jump to ⊥" of game 1 reaches the ⊥ step, whose board outlines the
   king on e2 (red) and the pawn attacking it on e4 (blue), and of game 2 the king on e1 and the
   bishop on b4 pinning the knight.
3. `trace --game 2-3` of illegal.pgn: the sections of games 2 and 3 only; --semantics paper names
   the paper's reading in the banner.
Screenshots of each step are written to SHOTS_DIR. Prints one line per problem, exits 1 if any.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Browser  # noqa: E402

problems = []


def problem(msg):
    problems.append(msg)


def page(pgnsem, work, name, *args):
    path = os.path.join(work, name)
    with open(path, "wb") as f:
        subprocess.run([pgnsem, "trace", "--quiet", "--format", "html", *args], stdout=f, check=False)
    return path


def main():
    chromium, pgnsem, src, work, shots = sys.argv[1:6]
    os.makedirs(shots, exist_ok=True)
    fischer = page(pgnsem, work, "fischer.html", os.path.join(src, "examples/fischer-spassky-1992.pgn"))
    illegal = page(pgnsem, work, "illegal.html", os.path.join(src, "examples/illegal.pgn"))
    some = page(pgnsem, work, "some.html", "--game", "2-3", "--semantics", "paper",
                os.path.join(src, "examples/illegal.pgn"))
    size = os.path.getsize(fischer)
    if size >= 300 * 1024:
        problem(f"Fischer–Spassky's page is {size} bytes, not under 300 KB")
    with Browser(chromium, os.path.join(work, "profile")) as b:
        b.open("file://" + fischer)
        plies = b.eval("document.querySelectorAll('#f1g1 div.ply:not(.start):not(.bottom)').length")
        folded = b.eval("document.querySelectorAll('#f1g1 div.ply details').length")
        if plies != 85 or folded != 85:
            problem(f"Fischer–Spassky: {plies} plies and {folded} folded explanations, expected 85 each")
        if not b.eval("!!document.querySelector('p.banner') && document.querySelector('p.banner').textContent"
                      ".startsWith('reading: laws')"):
            problem("Fischer–Spassky: no banner naming the Laws' reading")
        clicked = b.eval("(() => { const a = document.querySelector('#f1g1 nav.movelist a[href=\"#f1g1p30\"]');"
                         " if (!a) return false; a.click(); return true; })()")
        top = b.eval("document.getElementById('f1g1p30').getBoundingClientRect().top")
        if not clicked or b.eval("location.hash") != "#f1g1p30" or top is None or abs(top) > 2:
            problem(f"Fischer–Spassky: the move list's link to ply 30 (clicked {clicked}) did not bring it to the "
                    f"top (hash {b.eval('location.hash')!r}, top {top})")
        b.eval("document.querySelector('#f1g1p30 details summary').click()")
        text = b.eval("(() => { const d = document.querySelector('#f1g1p30 details'); "
                      "return d.open ? d.querySelector('pre').innerText : ''; })()") or ""
        if "premises, in the order tested" not in text or "IIC(σ′" not in text:
            problem(f"Fischer–Spassky ply 30: the unfolded explanation shows {text[:200]!r}")
        b.screenshot(os.path.join(shots, "fischer-ply30.png"))

        b.open("file://" + illegal)
        for game, king, attacker in (("f1g1", "e2", "e4"), ("f1g2", "e1", "b4")):
            b.eval(f"document.querySelector('#{game} nav.movelist a.jump').click()")
            if b.eval("location.hash") != f"#{game}-bottom":
                problem(f"illegal.pgn {game}: jump to ⊥ reached {b.eval('location.hash')!r}")
                continue
            top = b.eval(f"document.getElementById('{game}-bottom').getBoundingClientRect().top")
            if top is None or abs(top) > 2:
                problem(f"illegal.pgn {game}: the ⊥ step is not at the top after the jump (top {top})")
            marks = b.eval(f"""Array.from(document.querySelectorAll('#{game}-bottom svg.board rect.mk')).map(r =>
                [r.dataset.mark, r.dataset.square, getComputedStyle(r).stroke])""") or []
            found = {m: (sq, stroke) for m, sq, stroke in marks}
            if found.get("king", (None,))[0] != king or found.get("attacker", (None,))[0] != attacker:
                problem(f"illegal.pgn {game}: marks {marks}, want the king on {king} and the attacker on {attacker}")
            elif found["king"][1] != "rgb(200, 16, 46)" or found["attacker"][1] != "rgb(31, 111, 235)":
                problem(f"illegal.pgn {game}: the marks are drawn {found}, not red and blue")
            b.screenshot(os.path.join(shots, f"illegal-{game}-bottom.png"))

        b.open("file://" + some)
        sections = b.eval("Array.from(document.querySelectorAll('section.game')).map(s => s.id)")
        if sections != ["f1g2", "f1g3"]:
            problem(f"trace --game 2-3: sections {sections}")
        if not b.eval("document.querySelector('p.banner').textContent.startsWith('reading: paper')"):
            problem("--semantics paper: the banner does not name the paper's reading")
    for p in problems:
        print(p)
    if not problems:
        print(f"ok: Fischer–Spassky's page {size} bytes; screenshots in {shots}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
