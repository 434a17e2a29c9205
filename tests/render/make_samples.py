"""Write sample SVG and PNG maps (a hex campaign board, a square board, an area map).

Not a test: from the repo root run `python -m tests.render.make_samples OUT_DIR`, then look.
`python -m tests.render.make_samples --area-example docs/area-map-example.png` remakes the
area map shown in docs/map-format.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pbem.core.board import Arrow, Cell, Edge, Link, Owner, Picture, Piece
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


AREA_NAMES = (
    *("Ashford", "Brackenholt", "Cinderfell", "Dunmere", "Eastwatch"),
    *("Farrowdale", "Greymoor", "Hallowmere", "Ironbridge", "Juniper Cove"),
    *("Kestrel Keep", "Lowmarsh", "Merrow", "Northgate", "Oldwick"),
    *("Pikestone", "Quarry Hill", "Ravensend", "Saltmarsh", "Thorn Sea"),
    *("Underhold", "Vale Ends", "Westmarch", "Yarrow", "Storm Bay"),
)
AREA_IDS = [f"{chr(ord('A') + row)}{col + 1}" for row in range(5) for col in range(5)]
SEA_AREAS = {"D5", "E5"}  # drawn as outlines
PORTS = {"C5", "D4", "E4"}
# Link kinds along each row (west to east) and down each column (north to south).
ROW_LINKS = ("road", "road", "river", "sea")
COLUMN_LINKS = ("road", "path", "ford", "border")


def _area(area_id: str, name: str) -> Cell:
    row, col = ord(area_id[0]) - ord("A"), int(area_id[1:]) - 1
    x, y = 100.0 + 200.0 * col, 90.0 + 170.0 * row + (40.0 if col % 2 else 0.0)
    if area_id in SEA_AREAS:
        top = y - 70.0
        outline = [(x - 75.0, top), (1000.0, top), (1000.0, top + 165.0), (x - 60.0, top + 165.0)]
        return Cell(id=area_id, x=x + 20.0, y=y, outline=outline, terrain="sea", label=name)
    terrain = ("plain", "forest", "hills", "plain", "mountain")[(row * 5 + col) % 5]
    owner = "north" if row < 2 and col < 2 else "east" if col >= 3 and row < 3 else None
    marks = ["port"] if area_id in PORTS else []
    return Cell(id=area_id, x=x, y=y, terrain=terrain, owner=owner, label=name, marks=marks)


def _area_links() -> list[Link]:
    links: list[Link] = []
    for row in "ABCDE":
        for col in range(1, 5):
            a, b = f"{row}{col}", f"{row}{col + 1}"
            kind = "sea" if b in SEA_AREAS else ROW_LINKS[col - 1]
            links.append(Link(a=a, b=b, kind=kind))  # type: ignore[arg-type]
    for col in range(1, 6):
        for row in "ABCD":
            a, b = f"{row}{col}", f"{chr(ord(row) + 1)}{col}"
            kind = "sea" if col == 5 and row in "CD" else COLUMN_LINKS["ABCD".index(row)]
            links.append(Link(a=a, b=b, kind=kind))  # type: ignore[arg-type]
    links[1] = links[1].model_copy(update={"label": "King's Road"})
    return links


def area_picture() -> Picture:
    """A 25-area map with 40 links of every kind, pieces, a crowded stack, arrows, a battle."""
    cells = [_area(i, n) for i, n in zip(AREA_IDS, AREA_NAMES, strict=True)]
    pieces = [
        Piece(cell="A1", kind="capital", owner="north"),
        Piece(cell="A1", kind="army", owner="north", label="N1", highlight=True),
        Piece(cell="B2", kind="city", owner="north"),
        Piece(cell="B2", kind="army", owner="north", label="N2", lying=True),
        Piece(cell="A4", kind="capital", owner="east"),
        Piece(cell="B4", kind="army", owner="east", label="E1"),
        Piece(cell="C3", kind="village"),
        *[Piece(cell="C4", kind="army", owner="east") for _ in range(5)],
        Piece(cell="C4", kind="army", owner="north", label="N3"),
        Piece(cell="D5", kind="army", owner="east", label="Fleet"),
    ]
    arrows = [
        Arrow(source="A1", target="A2", owner="north", style="move"),
        Arrow(source="B2", target="B3", owner="north", style="battle"),
        Arrow(source="B4", target="B3", owner="east", style="retreat"),
        Arrow(source="C4", target="D4", owner="east", style="blocked"),
    ]
    owners = [OWNERS[0], OWNERS[1]]
    return Picture(
        kind="area",
        title="Sample area map — autumn 1203",
        cells=cells,
        links=_area_links(),
        pieces=pieces,
        arrows=arrows,
        battles=["B3"],
        owners=owners,
    )


def write_area_example(path: Path) -> None:
    """Write the area map sample as one PNG (the picture in docs/map-format.md)."""
    path.write_bytes(render_png(area_picture()))


def main(out: Path) -> None:
    """Write hex, square and area maps as .svg, .png and @2x.png into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    samples = (("hex", hex_picture()), ("square", square_picture()), ("area", area_picture()))
    for name, picture in samples:
        (out / f"{name}.svg").write_text(render_svg(picture), encoding="utf-8")
        (out / f"{name}.png").write_bytes(render_png(picture))
        (out / f"{name}@2x.png").write_bytes(render_png(picture, scale=2.0))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--area-example"]:
        write_area_example(Path(sys.argv[2]))
    else:
        main(Path(sys.argv[1] if len(sys.argv) > 1 else "render-samples"))
