"""Area maps: areas placed by x/y, links between them, pieces inside, readable labels."""

from __future__ import annotations

import io
import itertools
import math
import random
import xml.etree.ElementTree as ET

from PIL import Image

from pbem.core.board import Cell, Link, Picture, Piece
from pbem.render.layout import FIT_WIDTH, compute_layout, id_label_at, piece_places, text_width
from pbem.render.png import render_png
from pbem.render.svg import render_svg

from .make_samples import PORTS, SEA_AREAS, area_picture, hex_picture

NS = "{http://www.w3.org/2000/svg}"
ROW_REACH = 110.0  # px a row of up to three pieces and their labels may reach past a node
Box = tuple[float, float, float, float]


def _root(picture: Picture) -> ET.Element:
    return ET.fromstring(render_svg(picture))


def _with_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}") if e.get("class", "").split() == cls.split()]


def _points(element: ET.Element) -> list[tuple[float, float]]:
    pairs = (pair.split(",") for pair in element.get("points", "").split())
    return [(float(x), float(y)) for x, y in pairs]


def _label_box(label: ET.Element) -> Box:
    x, y, size = (float(label.get(k, "0")) for k in ("x", "y", "font-size"))
    width = text_width(label.text or "", size)
    return x - width / 2, y - size / 2, x + width / 2, y + size / 2


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_the_sample_has_about_25_areas_and_40_links_of_every_kind() -> None:
    picture = area_picture()
    assert len(picture.cells) == 25
    assert len(picture.links) == 40
    assert {link.kind for link in picture.links} == {
        "road",
        "path",
        "sea",
        "river",
        "ford",
        "border",
    }


def test_svg_shows_every_areas_label() -> None:
    picture = area_picture()
    labels = {e.get("data-cell"): e.text for e in _with_class(_root(picture), "text", "cell-id")}
    assert labels == {cell.id: cell.label for cell in picture.cells}


def test_sea_links_are_dashed_and_roads_solid() -> None:
    root = _root(area_picture())
    sea, road = (
        _with_class(root, "polyline", "link sea"),
        _with_class(root, "polyline", "link road"),
    )
    assert len(sea) == 7
    assert all(line.get("stroke-dasharray") for line in sea)
    assert road and not any(line.get("stroke-dasharray") for line in road)


def test_rivers_wave_and_links_run_over_outlines_but_under_round_areas() -> None:
    root = _root(area_picture())
    (river, *_) = _with_class(root, "polyline", "link river")
    assert len(_points(river)) > 10
    children = list(root)
    links = [i for i, e in enumerate(children) if e.get("class", "").startswith("link ")]
    cells = {e.get("data-cell"): i for i, e in enumerate(children) if e.get("class") == "cell"}
    outlines = [i for key, i in cells.items() if key in SEA_AREAS]
    nodes = [i for key, i in cells.items() if key not in SEA_AREAS]
    assert max(outlines) < min(links) and max(links) < min(nodes)


def test_outlined_areas_are_drawn_as_their_outline() -> None:
    picture = area_picture()
    layout = compute_layout(picture)
    root = _root(picture)
    cells = {e.get("data-cell"): e for e in _with_class(root, "polygon", "cell")}
    for cell in picture.cells:
        corners = len(_points(cells[cell.id]))
        assert (corners == 4) == (cell.id in SEA_AREAS), cell.id
        assert len(layout.cells[cell.id].polygon) == corners


def test_each_piece_is_drawn_inside_its_outlined_area_or_beside_its_round_one() -> None:
    picture = area_picture()
    layout = compute_layout(picture)
    glyphs = [e for e in _root(picture).iter(f"{NS}polygon") if e.get("data-index")]
    drawn = {int(e.get("data-index", "-1")) for e in glyphs}
    assert {0, 1, 2, 5, len(picture.pieces) - 1} <= drawn
    for glyph in glyphs:
        cell = layout.cells[glyph.get("data-cell", "")]
        xs, ys = zip(*cell.polygon, strict=True)
        for x, y in _points(glyph):
            if cell.round:  # on the node, or in a row level with it to one side
                assert min(ys) - 2 <= y <= max(ys) + 2, glyph.get("data-cell")
                assert abs(x - cell.centre[0]) < cell.radius + ROW_REACH, glyph.get("data-cell")
            else:
                assert min(xs) <= x <= max(xs) and min(ys) <= y <= max(ys), glyph.get("data-cell")


def test_a_round_areas_pieces_keep_clear_of_labels_when_a_side_is_free() -> None:
    picture = area_picture()
    layout = compute_layout(picture)
    root = _root(picture)
    labels = {e.get("data-cell"): _label_box(e) for e in _with_class(root, "text", "cell-id")}
    clear = 0
    for glyph in (e for e in root.iter(f"{NS}polygon") if e.get("data-index")):
        cell = glyph.get("data-cell", "")
        if not layout.cells[cell].round or glyph.get("data-kind") in ("capital", "city"):
            continue
        xs, ys = zip(*_points(glyph), strict=True)
        box = (min(xs), min(ys), max(xs), max(ys))
        clear += not any(_overlap(box, label) for label in labels.values())
    assert clear >= 5


def test_a_crowded_area_shows_stacks_with_counts() -> None:
    picture = area_picture()
    root = _root(picture)
    counts = [e for e in _with_class(root, "text", "piece-label") if e.get("data-count")]
    assert [(e.get("data-cell"), e.text) for e in counts] == [("C4", "×5")]
    places = piece_places(picture, compute_layout(picture))
    crowd = [p for p, piece in zip(places, picture.pieces, strict=True) if piece.cell == "C4"]
    assert sum(1 for p in crowd if p is not None) == 2  # five like armies fold into one stack


def test_area_labels_are_at_least_as_big_as_hex_labels_and_never_overlap() -> None:
    hex_size = float(_with_class(_root(hex_picture()), "text", "cell-id")[0].get("font-size", 0))
    labels = _with_class(_root(area_picture()), "text", "cell-id")
    assert min(float(e.get("font-size", 0)) for e in labels) >= hex_size >= 12.0
    for a, b in itertools.combinations(labels, 2):
        assert not _overlap(_label_box(a), _label_box(b)), (a.text, b.text)


def test_round_area_labels_sit_beside_their_own_area_inside_the_canvas() -> None:
    picture = area_picture()
    layout = compute_layout(picture)
    for cell in picture.cells:
        geo = layout.cells[cell.id]
        x, y = id_label_at(geo)
        assert 0 < x < layout.width and 0 < y < layout.height
        if geo.round:
            nearest = min(layout.cells.values(), key=lambda g: math.dist(g.centre, (x, y)))
            assert math.dist((x, y), geo.centre) < geo.radius + 60, cell.id
            assert nearest.id == cell.id or math.dist((x, y), geo.centre) < 2.5 * geo.radius


def test_png_decodes_at_the_layout_size_and_shows_the_terrain() -> None:
    picture = area_picture()
    layout = compute_layout(picture)
    image = Image.open(io.BytesIO(render_png(picture))).convert("RGB")
    assert image.size == (layout.width, layout.height)
    assert layout.width <= 900  # fits a report mail like the shipped hex maps
    x, y = layout.cells["E1"].centre  # a plain, unowned area with nothing on it
    assert image.getpixel((round(x), round(y))) == (0xF1, 0xEB, 0xD0)


def test_png_draws_labels_with_ink_where_the_layout_puts_them() -> None:
    picture = area_picture()
    layout = compute_layout(picture)
    image = Image.open(io.BytesIO(render_png(picture))).convert("L")
    for cell in picture.cells:
        x, y = (round(v) for v in id_label_at(layout.cells[cell.id]))
        window = image.crop((x - 12, y - 7, x + 13, y + 8))
        assert min(window.tobytes()) < 90, cell.id


def test_links_to_unknown_areas_and_an_empty_map_are_harmless() -> None:
    cells = [Cell(id="A", x=0, y=0), Cell(id="B", x=1000, y=300, label="Far")]
    links = [Link(a="A", b="B", kind="sea"), Link(a="A", b="Z"), Link(a="B", b="B")]
    picture = Picture(kind="area", cells=cells, links=links, pieces=[Piece(cell="Z", kind="army")])
    root = _root(picture)
    assert len(_with_class(root, "polyline", "link sea")) == 1
    assert len([e for e in root.iter() if e.get("class", "").startswith("link ")]) == 1
    assert render_png(picture).startswith(b"\x89PNG")
    assert render_png(Picture(kind="area")).startswith(b"\x89PNG")


def test_hex_boards_dump_as_before_and_area_boards_keep_their_places() -> None:
    hexes = hex_picture().model_dump()
    assert "links" not in hexes
    assert not {"x", "y", "outline"} & set(hexes["cells"][0])
    areas = area_picture().model_dump(mode="json")
    sea = next(c for c in areas["cells"] if c["id"] in SEA_AREAS)
    assert len(areas["links"]) == 40 and len(sea["outline"]) == 4 and sea["x"] > 0
    assert Picture.model_validate(areas) == area_picture()
    assert Picture.model_validate(hexes) == hex_picture()


def _crowded(seed: int, count: int = 34, gap: float = 60.0) -> Picture:
    """Areas scattered at random, no two closer than `gap` map units (a dense real map: as
    many areas to a phone's 400 px map as 45 were to the 460 px one it replaced, by area)."""
    pick = random.Random(seed)
    places: list[tuple[float, float]] = []
    while len(places) < count:
        place = (pick.uniform(20, 980), pick.uniform(20, 980))
        if all(math.dist(place, other) >= gap for other in places):
            places.append(place)
    cells = [
        Cell(id=f"a{i}", x=x, y=y, label=f"Area {i:02d}" + "x" * (i % 6))
        for i, (x, y) in enumerate(places)
    ]
    return Picture(kind="area", title="Crowded", cells=cells)


def _box_distance(box: tuple[float, float, float, float], point: tuple[float, float]) -> float:
    """How far a point lies from a box (0 inside it)."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def test_a_crowded_map_grows_taller_not_wider_and_keeps_nodes_and_labels_apart() -> None:
    for seed in range(3):
        picture = _crowded(seed)
        layout = compute_layout(picture)
        geos = [layout.cells[cell.id] for cell in picture.cells]
        assert all(geo.round and 8 <= geo.radius <= 13 for geo in geos)
        for a, b in itertools.combinations(geos, 2):
            assert math.dist(a.centre, b.centre) >= a.radius + b.radius
        labels = _with_class(_root(picture), "text", "cell-id")
        for one, two in itertools.combinations(labels, 2):
            assert not _overlap(_label_box(one), _label_box(two)), (seed, one.text, two.text)
        for label in labels:
            own = label.get("data-cell")
            for cell, geo in zip(picture.cells, geos, strict=True):  # a node is a disc
                reach = _box_distance(_label_box(label), geo.centre)
                assert cell.id == own or reach >= geo.radius, (seed, own, cell.id)
        assert layout.width <= FIT_WIDTH  # a phone shows it whole
        board = max(g.centre[1] for g in geos) - min(g.centre[1] for g in geos)
        assert board > 1.2 * (max(g.centre[0] for g in geos) - min(g.centre[0] for g in geos))


def test_ports_are_marked_beside_their_area_and_in_the_legend() -> None:
    picture = area_picture()
    layout = compute_layout(picture)
    root = _root(picture)
    anchors = _with_class(root, "polygon", "mark-port")
    assert {a.get("data-cell") for a in anchors} == PORTS
    for anchor in anchors:
        geo = layout.cells[anchor.get("data-cell", "")]
        reach = geo.radius + 14 if geo.round else geo.radius
        assert all(math.dist(p, geo.centre) < reach for p in _points(anchor))
    legend = [e.get("data-key") for e in _with_class(root, "text", "legend-text")]
    assert "port" in legend
