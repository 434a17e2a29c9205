"""Geometry shared by the SVG and PNG renderers."""

from __future__ import annotations

import itertools
import math

import pytest

from pbem.core.board import Arrow, Cell, Owner, Picture, Piece
from pbem.core.hexgrid import DIRECTION_ORDER, OPPOSITE, Hex
from pbem.render.layout import (
    CellGeometry,
    Layout,
    arrow_geometries,
    compute_layout,
    dashes,
    legend_sections,
    piece_places,
    river_ends,
    wave,
    zigzag,
)

Point = tuple[float, float]


def _middle(segment: tuple[Point, Point]) -> Point:
    (ax, ay), (bx, by) = segment
    return (ax + bx) / 2, (ay + by) / 2


def _flat(segment: tuple[Point, Point]) -> list[float]:
    """The segment's end points, sorted, as one flat list (for approximate comparison)."""
    ordered = sorted(segment, key=lambda p: (round(p[0], 6), round(p[1], 6)))
    return [v for point in ordered for v in point]


def _inside(point: Point, geo: CellGeometry) -> bool:
    """Convex polygon test: the point is on the same side of every edge."""
    signs = []
    ring = [*geo.polygon, geo.polygon[0]]
    for (ax, ay), (bx, by) in itertools.pairwise(ring):
        signs.append((bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax) > 0)
    return all(signs) or not any(signs)


def _hex_pair(direction: str) -> Picture:
    there = Hex(0, 0).neighbour(direction)
    return Picture(kind="hex", cells=[Cell(id="A", q=0, r=0), Cell(id="B", q=there.q, r=there.r)])


def _one_hex() -> CellGeometry:
    return compute_layout(Picture(kind="hex", cells=[Cell(id="A", q=0, r=0)])).cells["A"]


@pytest.mark.parametrize("direction", DIRECTION_ORDER)
def test_hex_side_lies_halfway_to_the_neighbour_in_that_direction(direction: str) -> None:
    layout = compute_layout(_hex_pair(direction))
    a, b = layout.cells["A"], layout.cells["B"]
    side = a.side(direction)
    assert side is not None
    mx, my = _middle(side)
    assert mx == pytest.approx((a.centre[0] + b.centre[0]) / 2)
    assert my == pytest.approx((a.centre[1] + b.centre[1]) / 2)
    far = b.side(OPPOSITE[direction])
    assert far is not None
    assert _flat(far) == pytest.approx(_flat(side))


@pytest.mark.parametrize(
    ("side", "right", "below"),
    [("e", 1, 0), ("w", -1, 0), ("ne", 1, -1), ("nw", -1, -1), ("se", 1, 1), ("sw", -1, 1)],
)
def test_hex_sides_point_the_way_a_player_reads_them(side: str, right: int, below: int) -> None:
    geo = _one_hex()
    segment = geo.side(side)
    assert segment is not None
    mx, my = _middle(segment)
    dx, dy = mx - geo.centre[0], my - geo.centre[1]
    assert dx * right > 10
    if below:
        assert dy * below > 10
    else:
        assert abs(dy) < 1e-9
        assert segment[0][0] == pytest.approx(segment[1][0])  # e and w are vertical sides


def test_hex_east_side_joins_upper_right_and_lower_right_corners() -> None:
    geo = _one_hex()
    segment = geo.side("e")
    assert segment is not None
    (x1, y1), (x2, y2) = segment
    assert x1 > geo.centre[0] and x2 > geo.centre[0]
    assert min(y1, y2) < geo.centre[1] < max(y1, y2)


def test_inset_pulls_a_side_towards_the_centre() -> None:
    geo = _one_hex()
    plain, inset = geo.side("e"), geo.side("e", inset=3.0)
    assert plain is not None and inset is not None
    assert _middle(inset)[0] < _middle(plain)[0]
    assert geo.side("n") is None


def test_square_sides_and_neighbours() -> None:
    picture = Picture(kind="square", cells=[Cell(id="a", q=0, r=0), Cell(id="b", q=1, r=0)])
    layout = compute_layout(picture)
    a, b = layout.cells["a"], layout.cells["b"]
    expected = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
    for side, (sx, sy) in expected.items():
        segment = a.side(side)
        assert segment is not None
        mx, my = _middle(segment)
        assert math.copysign(1, mx - a.centre[0]) == sx or sx == 0
        assert math.copysign(1, my - a.centre[1]) == sy or sy == 0
    east, west = a.side("e"), b.side("w")
    assert east is not None and west is not None
    assert _flat(east) == pytest.approx(_flat(west))
    assert b.centre[0] > a.centre[0]


def _chess() -> Picture:
    cells = [Cell(id=f"{chr(97 + q)}{8 - r}", q=q, r=r) for r in range(8) for q in range(8)]
    return Picture(kind="square", title="Chess", cells=cells)


def test_square_board_has_file_and_rank_labels_with_rank_one_at_the_bottom() -> None:
    layout = compute_layout(_chess())
    labels = {label.text: label.at for label in layout.axis_labels}
    assert set(labels) == set("abcdefgh") | {str(n) for n in range(1, 9)}
    assert labels["1"][1] > labels["8"][1]
    assert labels["h"][0] > labels["a"][0]
    a1 = layout.cells["a1"]
    assert labels["1"][1] == pytest.approx(a1.centre[1])
    assert labels["a"][0] == pytest.approx(a1.centre[0])
    assert labels["a"][1] > max(y for _, y in a1.polygon)
    assert labels["1"][0] < min(x for x, _ in a1.polygon)


def _board_box(layout: Layout) -> tuple[float, float, float, float]:
    xs = [x for geo in layout.cells.values() for x, _ in geo.polygon]
    ys = [y for geo in layout.cells.values() for _, y in geo.polygon]
    return min(xs), min(ys), max(xs), max(ys)


def _busy_hex() -> Picture:
    cells = [Cell(id=f"H{q}{r}", q=q, r=r, owner="o1") for q in range(3) for r in range(3)]
    owners = [Owner(key="o1", name="One", slot=0), Owner(key="o2", name="Two", slot=1)]
    pieces = [
        Piece(cell="H00", kind="city", owner="o1"),
        *[Piece(cell="H00", kind="army", owner="o1", label=f"A{i}") for i in range(4)],
        Piece(cell="nowhere", kind="army"),
    ]
    return Picture(kind="hex", title="T", cells=cells, pieces=pieces, owners=owners)


def test_canvas_holds_the_board_and_a_legend_beside_it() -> None:
    layout = compute_layout(_busy_hex())
    left, top, right, bottom = _board_box(layout)
    assert left > 0 and top > 0 and right < layout.width and bottom < layout.height
    assert layout.legend is not None
    x, y, w, h = layout.legend.box
    assert x > right or y > bottom  # never over the board
    assert x + w <= layout.width and y + h <= layout.height
    assert layout.title_at is not None and layout.title_at[1] < top


def test_wide_boards_put_the_legend_below() -> None:
    cells = [Cell(id=f"C{q}", q=q, r=0) for q in range(12)]
    layout = compute_layout(
        Picture(kind="hex", cells=cells, owners=[Owner(key="a", name="A", slot=0)])
    )
    assert layout.legend is not None
    assert layout.legend.box[1] > _board_box(layout)[3]


def test_pieces_sit_inside_their_cell_without_overlapping() -> None:
    picture = _busy_hex()
    layout = compute_layout(picture)
    places = piece_places(picture, layout)
    assert places[-1] is None  # a piece in an unknown cell is skipped
    city, *armies = (p for p in places[:5] if p is not None)
    geo = layout.cells["H00"]
    assert city.centre[1] < geo.centre[1] < armies[0].centre[1]
    xs = sorted(a.centre[0] for a in armies)
    assert all(b - a >= 2 * armies[0].scale * 0.9 for a, b in itertools.pairwise(xs))
    for place in (city, *armies):
        assert _inside(place.centre, geo)
        assert _inside(place.label_at, geo)


def _arrow_picture(*arrows: Arrow) -> Picture:
    cells = [Cell(id="A", q=0, r=0), Cell(id="B", q=1, r=0), Cell(id="C", q=2, r=0)]
    return Picture(kind="hex", cells=cells, arrows=list(arrows))


def test_arrow_runs_from_source_towards_target_with_a_head() -> None:
    picture = _arrow_picture(Arrow(source="A", target="B"))
    layout = compute_layout(picture)
    (geo,) = arrow_geometries(picture, layout)
    a, b = layout.cells["A"].centre, layout.cells["B"].centre
    start, neck = geo.shaft
    tip = geo.head[0]
    assert a[0] < start[0] < neck[0] < tip[0] < b[0]
    assert geo.bar is None and geo.cross is None


def test_opposite_arrows_between_two_cells_do_not_coincide() -> None:
    picture = _arrow_picture(Arrow(source="A", target="B"), Arrow(source="B", target="A"))
    layout = compute_layout(picture)
    first, second = arrow_geometries(picture, layout)
    assert abs(first.shaft[0][1] - second.shaft[1][1]) > 4


def test_blocked_arrow_stops_before_the_edge_with_a_bar() -> None:
    picture = _arrow_picture(Arrow(source="A", target="B", style="blocked"))
    layout = compute_layout(picture)
    (geo,) = arrow_geometries(picture, layout)
    edge = layout.cells["A"].side("e")
    assert edge is not None
    assert geo.head == () and geo.bar is not None
    assert geo.shaft[1][0] < edge[0][0]


def test_battle_arrow_has_a_cross_and_unknown_cells_are_skipped() -> None:
    picture = _arrow_picture(
        Arrow(source="B", target="C", style="battle"), Arrow(source="A", target="Z")
    )
    geos = arrow_geometries(picture, compute_layout(picture))
    assert [g.index for g in geos] == [0]
    assert geos[0].cross is not None


def test_river_crosses_the_cell_from_west_to_east() -> None:
    geo = _one_hex()
    (wx, wy), (ex, ey) = river_ends(geo)
    assert wx < geo.centre[0] < ex
    assert wy == pytest.approx(ey)


def test_line_helpers_keep_their_ends() -> None:
    start, end = (0.0, 0.0), (40.0, 0.0)
    assert zigzag(start, end, 4, 3.0)[0] == start and zigzag(start, end, 4, 3.0)[-1] == end
    assert len(zigzag(start, end, 4, 3.0)) == 9
    assert wave(start, end, 2, 3.0)[-1] == pytest.approx(end)
    parts = dashes((start, end), 5.0, 3.0)
    assert len(parts) == 5
    assert sum(math.dist(p[0], p[-1]) for p in parts) == pytest.approx(25.0)


def test_legend_lists_only_what_the_picture_shows() -> None:
    long_name = "A" * 60
    picture = Picture(
        kind="hex",
        cells=[Cell(id="A", q=0, r=0, marks=["river"])],
        pieces=[Piece(cell="A", kind="army", lying=True)],
        owners=[Owner(key="k", name=long_name, slot=2)],
    )
    sections = {key: rows for key, _, rows in legend_sections(picture)}
    assert set(sections) == {"owners", "terrain", "marks", "pieces"}
    assert [k for k, _ in sections["pieces"]] == ["army", "lying"]
    assert [k for k, _ in sections["terrain"]] == ["plain"]
    assert len(sections["owners"][0][1]) < len(long_name)


def test_plain_squares_alternate_light_and_dark_in_the_legend() -> None:
    sections = {key: rows for key, _, rows in legend_sections(_chess())}
    assert [k for k, _ in sections["terrain"]] == ["light", "dark"]


def test_empty_picture_has_a_small_canvas_and_no_legend() -> None:
    layout = compute_layout(Picture(kind="hex"))
    assert layout.cells == {} and layout.legend is None
    assert layout.width >= 200 and layout.height >= 100
