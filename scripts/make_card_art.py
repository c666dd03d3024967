"""Write the chess-card drawings in assets/cards/ from the piece art.

One card per side and kind (``{white|black}_{kind}.svg`` for pawn, knight,
bishop, rook, queen, king and checker) and ``back.svg``, on a 250 x 350
canvas (playing-card proportions, 5:7). A face: light card stock, a frame in
the side's accent (Appendix A pairs White with the red playing cards, Black
with the black ones), the piece drawing from assets/pieces/ embedded large in
the middle, the kind's letter in two opposite corners, and for pieces with a
gap (knight 1, bishop 2, rook 3, queen 5, king 6) that many pips at the top
and the bottom. The checker card shows a checker disc drawn in the pieces'
palette.

Only what pygame's SVG loader (nanosvg) draws well: paths, rects, circles,
ellipses, groups with transforms, plain fills and strokes. No text elements:
the letters are stroked paths.

Run after scripts/make_piece_art.py:  python scripts/make_card_art.py
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from make_piece_art import PALETTE as PIECE_PALETTE  # noqa: E402

from game.engine.cards import GAPS, KINDS, LETTERS  # noqa: E402

OUT = ROOT / "assets" / "cards"
PIECES = ROOT / "assets" / "pieces"

W, H = 250, 350
STOCK = "#fbf7ee"
EDGE = "#6b6259"

# Per side: the accent (frame, letters, pips) and the field behind the piece.
SIDE_STYLE = {
    "white": {"accent": "#b3261e", "field": "#f6e2d6"},
    "black": {"accent": "#25282e", "field": "#e2e4e8"},
}


# ------------------------------------------------------------------ letters
# Stroked glyphs on a 20 x 28 box (origin at the top left), bold sans style.
GLYPHS = {
    "P": "M 3 28 L 3 1 L 10.5 1 C 17 1 19 4.5 19 8 C 19 11.5 17 15 10.5 15 L 3 15",
    "N": "M 3 28 L 3 1 L 17 28 L 17 1",
    "B": (
        "M 3 14 L 10.5 14 C 15.5 14 17.5 11 17.5 7.5 C 17.5 4 15.5 1 10.5 1 L 3 1 L 3 28 "
        "L 11.5 28 C 17 28 19.5 24.5 19.5 21 C 19.5 17.5 17 14 11.5 14"
    ),
    "R": (
        "M 3 28 L 3 1 L 10.5 1 C 17 1 19 4.5 19 8 C 19 11.5 17 15 10.5 15 L 3 15 "
        "M 10.5 15 L 18.5 28"
    ),
    "Q": (
        "M 10 1 C 16 1 19 6 19 14 C 19 22 16 27 10 27 C 4 27 1 22 1 14 C 1 6 4 1 10 1 Z "
        "M 12.5 20.5 L 19.5 29"
    ),
    "K": "M 3 1 L 3 28 M 18 1 L 3 17 M 8.5 11.5 L 18.5 28",
    "C": (
        "M 18.5 5.5 C 17 2.5 14 1 10.5 1 C 4.5 1 1.5 6.5 1.5 14.5 C 1.5 22.5 4.5 28 10.5 28 "
        "C 14 28 17 26.5 18.5 23.5"
    ),
}
GLYPH_STROKE = 4.6


def letter(char: str, x: float, y: float, scale: float, colour: str) -> str:
    """The glyph for ``char`` with its box's top left at (x, y)."""
    return (
        f'  <g transform="translate({x:g} {y:g}) scale({scale:g})">\n'
        f'    <path d="{GLYPHS[char]}" fill="none" stroke="{colour}" '
        f'stroke-width="{GLYPH_STROKE:g}" stroke-linecap="round" stroke-linejoin="round"/>\n'
        "  </g>\n"
    )


def rotated(body: str) -> str:
    """``body`` turned half a turn about the card's centre (the far corner)."""
    return f'  <g transform="rotate(180 {W / 2:g} {H / 2:g})">\n{body}  </g>\n'


# -------------------------------------------------------------------- pips
def diamond(cx: float, cy: float, r: float, width: float = 0.78) -> str:
    """A diamond ``2r`` tall and ``2r * width`` wide, as path data."""
    w = r * width
    return f"M {cx:g} {cy - r:g} L {cx + w:g} {cy:g} L {cx:g} {cy + r:g} L {cx - w:g} {cy:g} Z"


def pips(n: int, cy: float, colour: str) -> str:
    """``n`` diamonds in a row centred across the card."""
    step, r = 16.5, 8.0
    x0 = W / 2 - step * (n - 1) / 2
    d = " ".join(diamond(x0 + i * step, cy, r) for i in range(n))
    return f'  <path d="{d}" fill="{colour}" stroke="none"/>\n'


# ------------------------------------------------------------------ pieces
_ELEMENT = re.compile(r"^\s*<(path|rect|circle|ellipse|g|/g)[\s>].*$")


def piece_shapes(colour: str, kind: str) -> str:
    """The drawing elements of assets/pieces/{colour}_{kind}.svg (100 x 100)."""
    text = (PIECES / f"{colour}_{kind}.svg").read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines() if _ELEMENT.match(line)]
    if not lines:
        raise ValueError(f"no shapes in {colour}_{kind}.svg")
    return "".join(f"    {line}\n" for line in lines)


def checker_shapes(colour: str) -> str:
    """A checker disc seen from a little above, on the pieces' 100 x 100 canvas."""
    p = PIECE_PALETTE[colour]
    body = f'fill="{p["fill"]}" stroke="{p["stroke"]}" stroke-width="3" stroke-linejoin="round"'
    line = f'fill="none" stroke="{p["line"]}" stroke-width="2"'
    cx, top, rx, ry, depth = 50, 46, 38, 17, 16
    side = (
        f"M {cx - rx} {top} L {cx - rx} {top + depth} "
        f"A {rx} {ry} 0 0 0 {cx + rx} {top + depth} L {cx + rx} {top} Z"
    )
    # Ribs round the rim, as on a real draughts piece.
    ribs = []
    for i in range(1, 12):
        a = math.pi * i / 12
        x = cx - rx * math.cos(a)
        y = top + ry * math.sin(a)
        ribs.append(f"M {x:.2f} {y + 3:.2f} L {x:.2f} {y + depth - 2:.2f}")
    return (
        f'    <path d="{side}" {body}/>\n'
        f'    <path d="{" ".join(ribs)}" {line}/>\n'
        f'    <ellipse cx="{cx}" cy="{top}" rx="{rx}" ry="{ry}" {body}/>\n'
        f'    <ellipse cx="{cx}" cy="{top}" rx="{rx - 9}" ry="{ry - 4}" {line}/>\n'
        f'    <ellipse cx="{cx}" cy="{top}" rx="{rx - 18}" ry="{ry - 8}" {line}/>\n'
    )


# ------------------------------------------------------------------- cards
def card_frame(style: dict[str, str]) -> str:
    return (
        f'  <rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="16" '
        f'fill="{STOCK}" stroke="{EDGE}" stroke-width="3"/>\n'
        f'  <rect x="11" y="11" width="{W - 22}" height="{H - 22}" rx="10" '
        f'fill="{style["field"]}" stroke="{style["accent"]}" stroke-width="9"/>\n'
    )


def face(colour: str, kind: str) -> str:
    style = SIDE_STYLE[colour]
    accent = style["accent"]
    shapes = checker_shapes(colour) if kind == "checker" else piece_shapes(colour, kind)
    scale = 2.1
    px, py = W / 2 - 50 * scale, H / 2 - 48 * scale  # the drawings' middle is near (50, 48)
    corner = letter(LETTERS[kind], 23, 23, 1.6, accent)
    gap = GAPS.get(kind)
    marks = pips(gap, 41, accent) if gap else ""
    return (
        card_frame(style)
        + corner
        + rotated(corner)
        + marks
        + (rotated(marks) if marks else "")
        + f'  <g transform="translate({px:g} {py:g}) scale({scale:g})">\n{shapes}  </g>\n'
    )


def back() -> str:
    """A symmetric lattice of diamonds in two blues round a star medallion."""
    deep, light, gold = "#1f3b5a", "#2f5680", "#d9c58f"
    inset = 14
    left, top, right, bottom = inset, inset, W - inset, H - inset
    step, r = 18.0, 7.5
    cx, cy = W / 2, H / 2
    # Diamonds on a chequer of half steps from the centre, so the lattice is
    # symmetric; only those wholly inside the field (nanosvg has no clipping).
    diamonds = []
    for j in range(-int(H / step), int(H / step) + 1):
        for i in range(-int(W / step), int(W / step) + 1):
            x, y = cx + i * step / 2, cy + j * step / 2
            inside = left + 4 <= x - r and x + r <= right - 4 and top + 4 <= y - r <= bottom
            if (i + j) % 2 == 0 and inside and y + r <= bottom - 4:
                diamonds.append(diamond(x, y, r, 1.0))
    ring_r = 48
    star = []
    for i in range(16):  # an eight-pointed star, points on the axes and diagonals
        r = ring_r - 12 if i % 2 == 0 else (ring_r - 12) * 0.45
        a = math.pi * i / 8 - math.pi / 2
        star.append(f"{cx + r * math.cos(a):.2f} {cy + r * math.sin(a):.2f}")
    return (
        f'  <rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="16" '
        f'fill="{STOCK}" stroke="{EDGE}" stroke-width="3"/>\n'
        f'  <rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="9" '
        f'fill="{deep}" stroke="{gold}" stroke-width="3"/>\n'
        f'  <path d="{" ".join(diamonds)}" fill="{light}" stroke="none"/>\n'
        f'  <circle cx="{cx:g}" cy="{cy:g}" r="{ring_r:g}" '
        f'fill="{deep}" stroke="{gold}" stroke-width="4"/>\n'
        f'  <circle cx="{cx:g}" cy="{cy:g}" r="{ring_r - 7:g}" fill="{STOCK}" stroke="none"/>\n'
        f'  <path d="M {" L ".join(star)} Z" fill="{deep}" stroke="none"/>\n'
    )


def svg(body: str, what: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
        f'width="{W}" height="{H}">\n'
        f"<!-- {what}: generated by scripts/make_card_art.py -->\n"
        f"{body}</svg>\n"
    )


def drawings() -> dict[str, str]:
    """File name -> SVG text for every card and the back."""
    out = {}
    for colour in ("white", "black"):
        for kind in KINDS:
            out[f"{colour}_{kind}.svg"] = svg(face(colour, kind), f"{colour} {kind} card")
    out["back.svg"] = svg(back(), "card back")
    return out


def main() -> None:
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()  # only --help: the script takes no options
    OUT.mkdir(parents=True, exist_ok=True)
    files = drawings()
    for name, text in files.items():
        (OUT / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} files to {OUT}")


if __name__ == "__main__":
    main()
