"""Write the piece drawings in assets/pieces/ from the shape data below.

Every piece is a list of parts drawn in order on a 100x100 canvas. A part has
a role that decides its paint, so both colours and every kind share one style:

- ``body``   the silhouette: ivory or near-black fill, dark 3px outline
- ``line``   inner detail: dark on white pieces, light on black pieces
- ``join``   a light line drawn on black pieces only, where two body parts
             meet (on white pieces the dark outlines already show the join)
- ``dot``    a small filled detail (eye, nostril): dark on white, light on black
- ``hole``   a dark opening (the assassin's hood): dark fill on both colours,
             outlined light on black pieces so it still reads

Run:  python scripts/make_piece_art.py
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "assets" / "pieces"

PALETTE = {
    "white": {
        "fill": "#f4ecd6",
        "stroke": "#221d19",
        "line": "#221d19",
        "hole": "#3b332d",
        "hole_edge": "#221d19",
    },
    "black": {
        "fill": "#2a2624",
        "stroke": "#0e0c0b",
        "line": "#e9e1cc",
        "hole": "#0e0c0b",
        "hole_edge": "#e9e1cc",
    },
}

OUTLINE = 3.0
DETAIL = 2.0


# --------------------------------------------------------------- part makers
def path(d: str, role: str = "body") -> tuple[str, str, str]:
    return (role, "path", f'd="{d}"')


def circle(cx: float, cy: float, r: float, role: str = "body") -> tuple[str, str, str]:
    return (role, "circle", f'cx="{cx:g}" cy="{cy:g}" r="{r:g}"')


def ellipse(cx: float, cy: float, rx: float, ry: float, role: str = "body"):
    return (role, "ellipse", f'cx="{cx:g}" cy="{cy:g}" rx="{rx:g}" ry="{ry:g}"')


def rect(x: float, y: float, w: float, h: float, rx: float = 2.5, role: str = "body"):
    return (role, "rect", f'x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}"')


def group(parts: list, dx: float, dy: float, scale: float, flip: bool = False):
    """Parts moved and scaled as one (outline widths are kept constant)."""
    return ("group", (dx, dy, scale, flip), parts)


def star(cx: float, cy: float, r_out: float, r_in: float, points: int = 5, turn: float = 0.0):
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.pi * i / points - math.pi / 2 + turn
        pts.append(f"{cx + r * math.cos(a):.2f} {cy + r * math.sin(a):.2f}")
    return "M " + " L ".join(pts) + " Z"


# ---------------------------------------------------------- shared furniture
def plinth(narrow: bool = False) -> list:
    """The two-step base every piece stands on."""
    if narrow:
        return [
            rect(30, 76, 40, 8, 2.5),
            rect(24, 82, 52, 9, 3),
            path("M 32 82 L 68 82", "join"),
        ]
    return [
        rect(27, 76, 46, 8, 2.5),
        rect(20, 82, 60, 9, 3),
        path("M 29 82 L 71 82", "join"),
    ]


def collar(y: float, half: float, h: float = 6.0) -> list:
    return [
        rect(50 - half, y, 2 * half, h, h / 2),
        path(f"M {50 - half + 3:g} {y:g} L {50 + half - 3:g} {y:g}", "join"),
        path(f"M {50 - half + 3:g} {y + h:g} L {50 + half - 3:g} {y + h:g}", "join"),
    ]


def stem(top_y: float, top_half: float, bottom_half: float = 18.0, bottom_y: float = 78.0):
    """A concave flaring stem from a narrow neck down to the plinth."""
    t, b = top_half, bottom_half
    mid = (top_y + bottom_y) / 2
    return path(
        f"M {50 - t:g} {top_y:g} C {50 - t:g} {mid:g} {50 - b + 2:g} {bottom_y - 6:g} "
        f"{50 - b:g} {bottom_y:g} L {50 + b:g} {bottom_y:g} "
        f"C {50 + b - 2:g} {bottom_y - 6:g} {50 + t:g} {mid:g} {50 + t:g} {top_y:g} Z"
    )


# --------------------------------------------------------------- the pieces
KNIGHT_HEAD = (
    "M 70 78 "
    "C 73 62 74 44 66 32 "  # back of the neck up to the poll
    "C 64 28 62 25 60 23 "
    "L 61 12 "  # far ear tip
    "L 54 19 "
    "L 48 10 "  # near ear tip
    "L 45 21 "
    "C 38 23 32 29 28 37 "  # forehead
    "C 24 44 19 50 17 56 "  # face down to the nose
    "C 15 61 18 67 23 67 "  # muzzle
    "C 28 67 31 64 34 63 "  # mouth
    "C 39 62 44 59 47 55 "  # under the jaw
    "C 46 63 40 70 35 78 Z"  # chest down to the base
)
KNIGHT_DETAIL = [
    path("M 66 33 C 70 44 71 58 68 72", "line"),  # mane
    path("M 63 30 C 67 40 68 52 66 62", "line"),
    path("M 47 55 C 50 50 50 45 47 41", "line"),  # jaw line
    ellipse(40, 33, 3.0, 2.2, "dot"),  # eye
    ellipse(21, 57, 1.6, 2.2, "dot"),  # nostril
    path("M 18.5 63 C 22 63 25 62 27 60", "line"),  # mouth
]


def knight() -> list:
    return [path(KNIGHT_HEAD), *KNIGHT_DETAIL, *plinth()]


def pawn() -> list:
    return [
        stem(48, 6, 16),
        *collar(44, 11, 6),
        circle(50, 31, 12),
        *plinth(narrow=True),
    ]


def rook() -> list:
    return [
        path("M 34 76 L 36 44 L 64 44 L 66 76 Z"),
        path(
            "M 29 44 L 29 20 L 38 20 L 38 27 L 46 27 L 46 20 L 54 20 L 54 27 "
            "L 62 27 L 62 20 L 71 20 L 71 44 Z"
        ),
        path("M 33 44 L 67 44", "join"),
        rect(27, 40, 46, 7, 2.5),
        path("M 31 40 L 69 40 M 31 47 L 69 47", "join"),
        *plinth(),
    ]


def bishop() -> list:
    return [
        stem(58, 8, 17),
        *collar(53, 13, 6),
        circle(50, 14, 4.5),
        path("M 50 18 C 38 28 34 40 38 53 L 62 53 C 66 40 62 28 50 18 Z"),
        path("M 56 27 L 46 41", "line"),
        path("M 50 43 L 50 50 M 46.5 46.5 L 53.5 46.5", "line"),
        *plinth(),
    ]


def queen() -> list:
    tips = [(21, 30), (35, 21), (50, 17), (65, 21), (79, 30)]
    return [
        stem(66, 14, 20),
        path(
            "M 31 64 L 21 30 L 33 47 L 35 21 L 44 44 L 50 17 L 56 44 L 65 21 "
            "L 67 47 L 79 30 L 69 64 Z"
        ),
        *[circle(x, y - 3, 4) for x, y in tips],
        rect(29, 61, 42, 7, 3.5),
        path("M 33 61 L 67 61 M 33 68 L 67 68", "join"),
        path("M 32 57 C 44 53 56 53 68 57", "line"),
        *plinth(),
    ]


def king() -> list:
    return [
        stem(66, 14, 20),
        path("M 50 46 C 40 40 39 28 50 23 C 61 28 60 40 50 46 Z"),
        path(
            "M 31 64 C 17 52 21 33 35 36 C 42 37 47 43 50 50 "
            "C 53 43 58 37 65 36 C 79 33 83 52 69 64 Z"
        ),
        path(
            "M 47 8 L 53 8 L 53 13 L 58 13 L 58 19 L 53 19 L 53 24 L 47 24 L 47 19 "
            "L 42 19 L 42 13 L 47 13 Z"
        ),
        path("M 50 50 L 50 60", "line"),
        path("M 33 57 C 44 53 56 53 67 57", "line"),
        rect(29, 61, 42, 7, 3.5),
        path("M 33 61 L 67 61 M 33 68 L 67 68", "join"),
        *plinth(),
    ]


def spiked_ball(cx: float, cy: float, r: float, reach: float = 6.5) -> list:
    return [path(star(cx, cy, r + reach, r - 1, 8, math.pi / 8)), circle(cx, cy, r)]


def mace() -> list:
    # A head of long spikes as wide as the base, on a thin shaft: at the
    # 20 px of the captured-pieces row it must not read as a pawn.
    return [
        stem(60, 5, 15),
        *collar(56, 10, 5),
        rect(46, 42, 8, 16, 2),
        *spiked_ball(50, 27, 13, 13),
        path("M 42.5 23 C 43.5 19 47 16.5 51 16", "line"),
        *plinth(narrow=True),
    ]


def tulpa_mace() -> list:
    # The mace with a halo floating over its head: a thick outlined ring.
    halo = "M 35 9 C 35 3 65 3 65 9 C 65 15 35 15 35 9 Z"
    return [
        stem(60, 5, 15),
        *collar(56, 10, 5),
        rect(46, 44, 8, 14, 2),
        *spiked_ball(50, 35, 10, 10),
        path("M 44 31.5 C 45 28.5 47.5 26.5 51 26", "line"),
        ("ring", "path", f'd="{halo}"'),
        *plinth(narrow=True),
    ]


def amazon() -> list:
    crown = [
        path("M 40 26 L 35 8 L 44 17 L 50 4 L 56 17 L 65 8 L 62 28 C 55 25 47 24 40 26 Z"),
        circle(35, 7, 3),
        circle(50, 3.5, 3),
        circle(65, 7, 3),
        path("M 41 23 C 48 21 55 22 61 24", "line"),
    ]
    return [path(KNIGHT_HEAD), *KNIGHT_DETAIL, *crown, *plinth()]


def horse_apult() -> list:
    frame = [
        path("M 28 76 L 46 40 L 56 40 L 74 76 L 64 76 L 51 50 L 38 76 Z"),
        circle(51, 43, 5),
        circle(51, 43, 1.6, "dot"),
    ]
    arm = [
        path("M 76 62 L 80 57 L 38 25 L 34 30 Z"),
        path("M 25 34 C 22 24 34 14 44 19 L 40 26 C 35 24 30 28 31 34 Z"),
    ]
    head = group([path(KNIGHT_HEAD), *KNIGHT_DETAIL[:1], KNIGHT_DETAIL[3]], 7, -3, 0.5)
    return [*arm, head, *frame, *plinth()]


def wild_ox() -> list:
    return [
        stem(62, 10, 18),
        # horns sweep out and up
        path("M 36 30 C 24 30 14 24 12 10 C 20 18 28 20 38 22 Z"),
        path("M 64 30 C 76 30 86 24 88 10 C 80 18 72 20 62 22 Z"),
        # ears
        path("M 34 34 C 26 34 20 38 18 42 C 26 44 32 42 36 40 Z"),
        path("M 66 34 C 74 34 80 38 82 42 C 74 44 68 42 64 40 Z"),
        # head
        path(
            "M 38 20 C 44 16 56 16 62 20 C 68 26 66 36 62 46 C 60 52 60 58 58 64 "
            "L 42 64 C 40 58 40 52 38 46 C 34 36 32 26 38 20 Z"
        ),
        ellipse(50, 60, 12, 8),
        ellipse(45.5, 60, 1.8, 2.6, "dot"),
        ellipse(54.5, 60, 1.8, 2.6, "dot"),
        ellipse(42, 34, 2.4, 2.0, "dot"),
        ellipse(58, 34, 2.4, 2.0, "dot"),
        path("M 44 24 C 48 27 52 27 56 24", "line"),
        *plinth(),
    ]


def archer() -> list:
    return [
        stem(60, 7, 16),
        *collar(55, 11, 5),
        # the bow: a thick crescent, string on its left
        ("cord", "path", 'd="M 38 10 L 38 62"'),
        path("M 36 8 C 80 14 80 58 36 64 C 64 52 64 20 36 8 Z"),
        # the arrow across the bow, pointing up and right
        ("cord", "path", 'd="M 22 54 L 66 18"'),
        path("M 74 11 L 61 16 L 69 24 Z"),
        path("M 18 52 L 24 46 L 28 50 L 22 56 Z"),
        *plinth(narrow=True),
    ]


def spider() -> list:
    legs = []
    for side in (-1, 1):
        for i, (kx, ky, fx, fy) in enumerate(
            [(18, 26, 12, 44), (16, 40, 10, 58), (18, 52, 14, 70), (22, 60, 22, 76)]
        ):
            sy = 40 + i * 5
            x0 = 50 + side * 6
            x1 = 50 + side * (50 - kx)
            x2 = 50 + side * (50 - fx)
            legs.append(f"M {x0:g} {sy:g} L {x1:g} {ky:g} L {x2:g} {fy:g}")
    leg_d = " ".join(legs)
    return [
        *plinth(),
        ("legs", "path", f'd="{leg_d}"'),
        ellipse(50, 60, 13, 15),
        circle(50, 38, 9),
        path("M 50 50 L 44 58 L 50 68 L 56 58 Z", "line"),
        circle(46.5, 35, 1.7, "dot"),
        circle(53.5, 35, 1.7, "dot"),
        circle(48, 40.5, 1.2, "dot"),
        circle(52, 40.5, 1.2, "dot"),
    ]


def assassin() -> list:
    return [
        # cloak
        path("M 34 40 C 28 54 26 66 25 77 L 75 77 C 74 66 72 54 66 40 Z"),
        path("M 50 47 L 50 76", "line"),
        # hood
        path("M 50 7 C 38 13 30 28 32 44 C 40 48 60 48 68 44 C 70 28 62 13 50 7 Z"),
        path("M 50 19 C 42 23 40 33 41 42 C 46 44 54 44 59 42 C 60 33 58 23 50 19 Z", "hole"),
        circle(46, 33, 1.6, "dot_hole"),
        circle(54, 33, 1.6, "dot_hole"),
        # a dagger held across the front, blade up and to the left
        path("M 62 64 L 30 42 L 26 37 L 33 39 L 65 60 Z"),
        path("M 31 40.5 L 61 61", "line"),
        path("M 58 69 L 70 55 L 73 58 L 61 72 Z"),
        path("M 66 65 L 73 71 L 76 68 L 69 62 Z"),
        *plinth(),
    ]


def cardinal() -> list:
    # The bishop-knight compound: a knight's head wearing a bishop's mitre.
    mitre = [
        circle(53, 4.5, 3),
        path("M 53 7 C 44 13 40 21 42 29 L 64 29 C 66 21 62 13 53 7 Z"),
        path("M 57 13 L 50 23", "line"),
        rect(40, 26, 26, 5, 2.5),
    ]
    return [path(KNIGHT_HEAD), *KNIGHT_DETAIL, *mitre, *plinth()]


def mage() -> list:
    return [
        stem(60, 9, 18),
        # beard-ish robe collar
        path("M 34 54 C 38 62 44 66 50 66 C 56 66 62 62 66 54 Z"),
        # the hat: cone with a bent tip, then the brim
        path(
            "M 32 50 C 40 38 44 24 46 14 C 48 8 56 4 64 8 C 58 10 55 14 56 22 C 58 32 62 42 68 50 Z"
        ),
        ellipse(50, 52, 24, 6),
        path(star(50, 36, 7.5, 3.2), "line_fill"),
        *plinth(),
    ]


PIECES = {
    "king": king,
    "queen": queen,
    "rook": rook,
    "bishop": bishop,
    "knight": knight,
    "pawn": pawn,
    "mace": mace,
    "horse_apult": horse_apult,
    "amazon": amazon,
    "wild_ox": wild_ox,
    "archer": archer,
    "spider": spider,
    "assassin": assassin,
    "cardinal": cardinal,
    "mage": mage,
    "tulpa_mace": tulpa_mace,
}


# ---------------------------------------------------------------- rendering
def style(role: str, colour: str, scale: float) -> str:
    p = PALETTE[colour]
    w = OUTLINE / scale
    d = DETAIL / scale
    join = 'stroke-linejoin="round" stroke-linecap="round"'
    if role == "body":
        return f'fill="{p["fill"]}" stroke="{p["stroke"]}" stroke-width="{w:g}" {join}'
    if role == "line":
        return f'fill="none" stroke="{p["line"]}" stroke-width="{d:g}" {join}'
    if role == "line_fill":
        return f'fill="{p["line"]}" stroke="{p["line"]}" stroke-width="{d / 2:g}" {join}'
    if role == "dot":
        return f'fill="{p["line"]}" stroke="none"'
    if role == "dot_hole":
        return f'fill="{PALETTE["white"]["fill"]}" stroke="none"'
    if role == "hole":
        return f'fill="{p["hole"]}" stroke="{p["hole_edge"]}" stroke-width="{d:g}" {join}'
    if role == "join":
        if colour == "white":
            return ""
        return f'fill="none" stroke="{p["line"]}" stroke-width="{d * 0.75:g}" {join}'
    raise ValueError(role)


def banded(kind: str, tag: str, attrs: str, colour: str, width: float, scale: float) -> str:
    """A thick band: an outline-coloured wide stroke under a fill-coloured one."""
    p = PALETTE[colour]
    cap = 'stroke-linecap="round" stroke-linejoin="round" fill="none"'
    outer = (width + 2 * OUTLINE) / scale
    inner = width / scale
    return (
        f'  <{tag} {attrs} {cap} stroke="{p["stroke"]}" stroke-width="{outer:g}"/>\n'
        f'  <{tag} {attrs} {cap} stroke="{p["fill"]}" stroke-width="{inner:g}"/>\n'
    )


def render_parts(parts: list, colour: str, scale: float = 1.0) -> str:
    out = []
    for part in parts:
        role = part[0]
        if role == "group":
            (dx, dy, s, flip), children = part[1], part[2]
            tr = f"translate({dx:g} {dy:g}) scale({s:g})"
            if flip:
                tr = f"translate({dx + 100 * s:g} {dy:g}) scale({-s:g} {s:g})"
            out.append(f'  <g transform="{tr}">\n')
            out.append(render_parts(children, colour, scale * s))
            out.append("  </g>\n")
            continue
        _, tag, attrs = part
        if role == "ring":
            out.append(banded(role, tag, attrs, colour, 3.5, scale))
            if colour == "black":  # a light core so the dark ring reads as a ring
                out.append(f"  <{tag} {attrs} {style('line', colour, scale * 1.6)}/>\n")
        elif role == "legs":
            out.append(banded(role, tag, attrs, colour, 2.5, scale))
        elif role == "cord":
            out.append(banded(role, tag, attrs, colour, 1.6, scale))
        else:
            st = style(role, colour, scale)
            if st:
                out.append(f"  <{tag} {attrs} {st}/>\n")
    return "".join(out)


def svg(kind: str, colour: str) -> str:
    body = render_parts(PIECES[kind](), colour)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
        'width="100" height="100">\n'
        f"<!-- {colour} {kind}: generated by scripts/make_piece_art.py -->\n"
        f"{body}</svg>\n"
    )


def main() -> None:
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()  # only --help: the script takes no options
    OUT.mkdir(parents=True, exist_ok=True)
    for kind in PIECES:
        for colour in ("white", "black"):
            (OUT / f"{colour}_{kind}.svg").write_text(svg(kind, colour), encoding="utf-8")
    print(f"wrote {2 * len(PIECES)} files to {OUT}")


if __name__ == "__main__":
    main()
