"""Write sample SVG and PNG maps (a hex campaign board and a square board) to a directory.

Not a test: from the repo root run `python -m tests.render.make_samples OUT_DIR`, then look.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pbem.core.board import Arrow, Cell, Edge, Owner, Picture, Piece
from pbem.core.hexgrid import Hex, spiral
from pbem.render.png import render_png
from pbem.render.svg import render_svg

OWNERS = [
    Owner(key="north", name="Kingdom of <Nordmark>", slot=0),
    Owner(key="east", name="Eastreach", slot=1),
    Owner(key="south", name="Sudland & Isles", slot=2),
    Owner(key="west", name="Westfold", slot=3),
    Owner(key="hill", name="Hill Clans", slot=4),
    Owner(key="sea", name="Sea Lords", slot=5),
    Owner(key="wood", name="Woodwardens", slot=6),
]


def _hex_id(h: Hex) -> str:
    return f"{chr(ord('A') + h.q + 3)}{h.r + 4}"


def _terrain(h: Hex) -> str:
    if h in {Hex(3, 0), Hex(3, -1), Hex(2, 1), Hex(-3, 3)}:
        return "water"
    return "marsh" if h in {Hex(-1, -2), Hex(0, 3)} else "plain"


def _owner(h: Hex) -> str | None:
    if _terrain(h) != "plain":
        return None
    table = {(1, 0): "north", (0, 1): "east", (-1, 1): "south", (-1, 0): "west", (0, -1): "hill"}
    for (dq, dr), owner in table.items():
        if (h.q * dq + h.r * dr) >= 2:
            return owner
    return "sea" if h.q + h.r < -2 else "wood" if h == Hex(0, 0) else None


def hex_picture() -> Picture:
    """A radius-3 hex board using every feature the renderer knows."""
    hexes = spiral(Hex(0, 0), 3)
    cells = [Cell(id=_hex_id(h), q=h.q, r=h.r, terrain=_terrain(h), owner=_owner(h)) for h in hexes]
    by_id = {c.id: c for c in cells}
    by_id["D4"].marks.append("tower")
    by_id["E4"].marks.append("river")
    by_id["C5"].marks.extend(["river", "start"])
    by_id["F3"].marks.append("start")
    edges = [
        Edge(cell="D4", side="e", feature="water"),
        Edge(cell="D4", side="nw", feature="mountain"),
        Edge(cell="D4", side="sw", feature="forest"),
        Edge(cell="C5", side="se", feature="mountain"),
        Edge(cell="E3", side="ne", feature="forest"),
        Edge(cell="B5", side="w", feature="water"),
    ]
    pieces = [
        Piece(cell="F4", kind="capital", owner="north"),
        Piece(cell="F4", kind="army", owner="north", label="N1", highlight=True),
        Piece(cell="E4", kind="city", owner="north"),
        Piece(cell="E4", kind="army", owner="north", label="N2", highlight=True, lying=True),
        Piece(cell="E4", kind="army", owner="east", label="E1"),
        Piece(cell="D6", kind="fortress", owner="east"),
        Piece(cell="C5", kind="village", owner="south"),
        Piece(cell="C5", kind="army", owner="south", label="S1"),
        Piece(cell="C5", kind="army", owner="south", label="S2"),
        Piece(cell="C5", kind="army", owner="west", label="W3"),
        Piece(cell="A4", kind="capital", owner="west"),
        Piece(cell="D2", kind="village", owner="hill"),
        Piece(cell="D4", kind="village"),
    ]
    arrows = [
        Arrow(source="F4", target="E4", owner="north", style="move"),
        Arrow(source="E4", target="F4", owner="east", style="retreat"),
        Arrow(source="B5", target="C5", owner="west", style="battle"),
        Arrow(source="D6", target="D5", owner="east", style="blocked"),
    ]
    return Picture(
        kind="hex",
        title="Sample campaign — spring 1203, map for Nordmark",
        cells=cells,
        edges=edges,
        pieces=pieces,
        arrows=arrows,
        battles=["C5"],
        owners=OWNERS,
    )


def square_picture() -> Picture:
    """An 8x8 board with a few pieces, as a card or chess-like game might show it."""
    cells = [Cell(id=f"{chr(ord('a') + q)}{8 - r}", q=q, r=r) for r in range(8) for q in range(8)]
    pieces = [
        Piece(cell="e1", kind="capital", owner="white", highlight=True),
        Piece(cell="e8", kind="capital", owner="black"),
        Piece(cell="d4", kind="army", owner="white", label="1"),
        Piece(cell="d5", kind="army", owner="black", label="2", lying=True),
        Piece(cell="c6", kind="card", owner="black", label="Q"),
    ]
    owners = [Owner(key="white", name="Alice", slot=1), Owner(key="black", name="Bob", slot=5)]
    arrows = [Arrow(source="d4", target="d5", owner="white", style="battle")]
    return Picture(
        kind="square",
        title="Square board",
        cells=cells,
        pieces=pieces,
        arrows=arrows,
        owners=owners,
    )


def main(out: Path) -> None:
    """Write hex.svg, hex.png, square.svg and square.png into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    for name, picture in (("hex", hex_picture()), ("square", square_picture())):
        (out / f"{name}.svg").write_text(render_svg(picture), encoding="utf-8")
        (out / f"{name}.png").write_bytes(render_png(picture))
        (out / f"{name}@2x.png").write_bytes(render_png(picture, scale=2.0))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "render-samples"))
