"""The SVG renderer: valid, self-contained XML that draws each part of a Picture."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pbem.core.board import Arrow, Cell, Edge, Owner, Picture, Piece
from pbem.render.palette import TERRAIN, owner_style
from pbem.render.svg import render_svg

from .make_samples import hex_picture, square_picture

NS = "{http://www.w3.org/2000/svg}"
Point = tuple[float, float]


def _parse(picture: Picture) -> ET.Element:
    return ET.fromstring(render_svg(picture))


def _all(root: ET.Element, tag: str, role: str | None = None) -> list[ET.Element]:
    found = root.iter(NS + tag)
    return [e for e in found if role is None or role in e.get("class", "").split()]


def _points(element: ET.Element) -> list[Point]:
    pairs = (pair.split(",") for pair in element.get("points", "").split())
    return [(float(x), float(y)) for x, y in pairs]


def _mean(points: list[Point]) -> Point:
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def _cell_centres(root: ET.Element) -> dict[str, Point]:
    return {e.get("data-cell", ""): _mean(_points(e)) for e in _all(root, "polygon", "cell")}


def test_hex_board_parses_with_one_cell_polygon_per_cell() -> None:
    picture = hex_picture()
    root = _parse(picture)
    assert root.tag == NS + "svg"
    cells = _all(root, "polygon", "cell")
    assert sorted(e.get("data-cell", "") for e in cells) == sorted(c.id for c in picture.cells)
    assert all(len(_points(e)) == 6 for e in cells)


def test_title_and_size_are_set() -> None:
    root = _parse(hex_picture())
    title = root.find(NS + "title")
    assert title is not None and title.text == hex_picture().title
    assert float(root.get("width", "0")) > 300 and float(root.get("height", "0")) > 300


def test_no_scripts_or_external_resources() -> None:
    text = render_svg(hex_picture())
    assert "<script" not in text and "href" not in text and "@import" not in text
    assert text.count("http") == 1  # the SVG namespace only


def test_owned_cells_and_legend_use_the_owner_palette_colour() -> None:
    picture = hex_picture()
    root = _parse(picture)
    slots = {o.key: o.slot for o in picture.owners}
    fills = _all(root, "polygon", "owner-fill")
    assert len(fills) == sum(1 for c in picture.cells if c.owner)
    for element in fills:
        assert element.get("fill") == owner_style(slots[element.get("data-owner", "")]).colour
        assert 0 < float(element.get("fill-opacity", "1")) < 1
    swatches = {e.get("data-owner"): e.get("fill") for e in _all(root, "polygon", "legend-owner")}
    assert swatches == {o.key: owner_style(o.slot).colour for o in picture.owners}


def test_owner_patterns_are_defined_and_distinct_per_owner() -> None:
    root = _parse(hex_picture())
    pattern_ids = {p.get("id") for p in _all(root, "pattern")}
    by_owner: dict[str, set[str]] = {}
    for element in _all(root, "polygon", "owner-pattern"):
        fill = element.get("fill", "")
        assert fill.startswith("url(#") and fill[5:-1] in pattern_ids
        by_owner.setdefault(element.get("data-owner", ""), set()).add(fill)
    assert all(len(fills) == 1 for fills in by_owner.values())
    assert len({next(iter(f)) for f in by_owner.values()}) == len(by_owner)


def _edge_picture(side: str) -> Picture:
    cells = [Cell(id="A", q=0, r=0)]
    return Picture(kind="hex", cells=cells, edges=[Edge(cell="A", side=side, feature="water")])


def _edge_offset(picture: Picture) -> Point:
    root = _parse(picture)
    (line,) = _all(root, "polyline", "edge")
    cx, cy = _cell_centres(root)["A"]
    mx, my = _mean(_points(line))
    return mx - cx, my - cy


def test_edges_are_drawn_on_their_own_side() -> None:
    expected = {
        "e": (1, 0),
        "w": (-1, 0),
        "ne": (1, -1),
        "nw": (-1, -1),
        "se": (1, 1),
        "sw": (-1, 1),
    }
    for side, (sx, sy) in expected.items():
        dx, dy = _edge_offset(_edge_picture(side))
        assert dx * sx > 10, side
        assert (dy * sy > 10) if sy else abs(dy) < 0.5, side


def test_edge_feature_styles_differ() -> None:
    cells = [Cell(id="A", q=0, r=0)]
    edges = [
        Edge(cell="A", side=s, feature=f)
        for s, f in (("e", "water"), ("w", "mountain"), ("ne", "forest"))
    ]
    root = _parse(Picture(kind="hex", cells=cells, edges=edges))
    lines = {e.get("data-feature"): e for e in _all(root, "polyline", "edge")}
    assert len(_points(lines["water"])) == 2 and lines["water"].get("stroke-dasharray") is None
    assert len(_points(lines["mountain"])) > 4  # a zig-zag
    assert lines["forest"].get("stroke-dasharray") is not None


def _army_box(root: ET.Element, index: int) -> tuple[float, float]:
    polygons = [e for e in _all(root, "polygon", "army") if e.get("data-index") == str(index)]
    points = [p for e in polygons for p in _points(e)]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return max(xs) - min(xs), max(ys) - min(ys)


def test_lying_armies_are_drawn_on_their_side() -> None:
    cells = [Cell(id="A", q=0, r=0), Cell(id="B", q=1, r=0)]
    pieces = [
        Piece(cell="A", kind="army", label="1"),
        Piece(cell="B", kind="army", label="2", lying=True),
    ]
    root = _parse(Picture(kind="hex", cells=cells, pieces=pieces))
    standing_w, standing_h = _army_box(root, 0)
    lying_w, lying_h = _army_box(root, 1)
    assert standing_h > standing_w and lying_w > lying_h
    assert len(_all(root, "polygon", "lying")) == 2  # pole and flag
    labels = [e.text for e in _all(root, "text", "piece-label")]
    assert labels == ["1", "2"]


def test_highlight_rings_only_the_viewers_pieces() -> None:
    picture = hex_picture()
    root = _parse(picture)
    rings = _all(root, "circle", "highlight")
    expected = [str(i) for i, p in enumerate(picture.pieces) if p.highlight]
    assert sorted(e.get("data-index", "") for e in rings) == sorted(expected)


def test_settlement_kinds_have_distinct_glyphs() -> None:
    cells = [Cell(id=k, q=i, r=0) for i, k in enumerate(["village", "city", "fortress", "capital"])]
    pieces = [Piece(cell=c.id, kind=c.id) for c in cells]
    root = _parse(Picture(kind="hex", cells=cells, pieces=pieces))
    shapes = {len(_points(e)) for e in _all(root, "polygon", "piece")}
    assert len(shapes) == 4


def test_arrow_styles() -> None:
    cells = [Cell(id=f"C{q}", q=q, r=0) for q in range(5)]
    arrows = [
        Arrow(source="C0", target="C1", style="move"),
        Arrow(source="C1", target="C2", style="retreat"),
        Arrow(source="C2", target="C3", style="battle"),
        Arrow(source="C3", target="C4", style="blocked"),
    ]
    root = _parse(Picture(kind="hex", cells=cells, arrows=arrows, battles=["C3"]))
    shafts = {e.get("data-style"): e for e in _all(root, "polyline", "arrow")}
    assert shafts["move"].get("stroke-dasharray") is None
    assert shafts["retreat"].get("stroke-dasharray") is not None
    heads = {e.get("data-style") for e in _all(root, "polygon", "arrow-head")}
    assert heads == {"move", "retreat", "battle"}
    marks = [e.get("data-style", "") for e in _all(root, "polyline", "arrow-mark")]
    assert sorted(marks) == ["battle", "battle", "blocked"]  # the X has two strokes, the bar one
    assert [e.get("data-cell") for e in _all(root, "polygon", "battle")] == ["C3"]


def test_marks_are_drawn() -> None:
    cells = [Cell(id="A", q=0, r=0, marks=["river", "start", "tower"])]
    root = _parse(Picture(kind="hex", cells=cells))
    assert len(_all(root, "polyline", "river")) == 1
    (start,) = _all(root, "circle", "mark-start")
    assert start.get("fill") == "#FFFFFF"
    assert len(_all(root, "polygon", "mark-tower")) == 1


def test_player_supplied_text_is_escaped() -> None:
    evil = '<script>alert("x")</script>&'
    picture = Picture(
        kind="hex",
        title=f"Map for {evil}",
        cells=[Cell(id="A", q=0, r=0, owner="k", label="<b>")],
        pieces=[Piece(cell="A", kind="army", owner="k", label="</text>")],
        owners=[Owner(key="k", name=evil, slot=0)],
    )
    text = render_svg(picture)
    assert "<script" not in text and "<b>" not in text and "</text></text>" not in text
    root = ET.fromstring(text)
    legend = [e.text for e in _all(root, "text", "legend-text")]
    assert evil in legend
    title = root.find(NS + "title")
    assert title is not None and title.text == f"Map for {evil}"


def test_control_characters_in_names_do_not_break_the_xml() -> None:
    picture = Picture(
        kind="hex", title="bad\x00\x07name", owners=[Owner(key="k", name="x\x1by", slot=0)]
    )
    root = _parse(picture)
    title = root.find(NS + "title")
    assert title is not None and title.text == "badname"


def test_square_board_alternates_and_labels_files_and_ranks() -> None:
    picture = square_picture()
    root = _parse(picture)
    cells = {e.get("data-cell"): e.get("fill") for e in _all(root, "polygon", "cell")}
    assert len(cells) == 64
    light, dark = TERRAIN["light"].fill, TERRAIN["dark"].fill
    assert cells["a1"] == dark and cells["h1"] == light and cells["a8"] == light
    assert cells["b1"] == light and cells["a2"] == light
    axis = [e.text or "" for e in _all(root, "text", "axis")]
    assert sorted(axis) == sorted([*"abcdefgh", *"12345678"])


def test_empty_picture_renders() -> None:
    root = _parse(Picture(kind="square"))
    title = root.find(NS + "title")
    assert title is not None and title.text == "Board"
    assert _all(root, "polygon", "cell") == []


def test_output_is_deterministic() -> None:
    assert render_svg(hex_picture()) == render_svg(hex_picture())


def test_long_cell_labels_are_clipped_to_the_cell() -> None:
    cells = [Cell(id="C4", q=0, r=0, label="Oakham-upon-the-Very-Long-River")]
    root = _parse(Picture(kind="hex", cells=cells))
    (label,) = _all(root, "text", "cell-id")
    assert label.text is not None and label.text.startswith("C4 O") and label.text.endswith("…")
    assert len(label.text) < 14
