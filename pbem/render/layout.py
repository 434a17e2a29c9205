"""Geometry shared by the SVG and PNG map renderers: canvas, cells, sides, slots, arrows, legend.

All lengths are pixels at scale 1; y points down. Hexes are pointy-top (see pbem.core.hexgrid);
squares sit on a grid whose rank 0 is the top row; areas are placed by x/y (see .areas).
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace

from pbem.core.board import Arrow, Cell, Picture, Piece
from pbem.core.hexgrid import Hex, corners, to_pixel
from pbem.render.areas import (
    AREA_LABEL_LIMIT,
    area_label,
    label_box,
    place_areas,
    room_boxes,
    text_width,
)
from pbem.render.glyphs import BANDED_KINDS, COUNTER_KINDS
from pbem.render.palette import (
    ARROW_STYLES,
    EDGE_STYLES,
    LINK_STYLES,
    MARK_LABELS,
    PIECE_LABELS,
    TERRAIN,
    edge_style,
    terrain_style,
)

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x, y, width, height

SIZE = 40.0  # hex circumradius
MIN_TEXT = 12.0  # no text on a map is smaller, in map pixels (the PNG shows them 1:1)
LEGIBLE_PX = 11.0  # the smallest a map's text may be shown, in CSS pixels, and stay legible
# the widest map a phone (390 px) shows whole with its text legible: its map box is 370 px
# (pbem.render.tiles), and MIN_TEXT shown at 370/400 is 11.1 px
FIT_WIDTH = 400.0
ID_LABEL_SIZE = 0.3  # hex id labels, in radii: 12 px at SIZE, shown 1:1 in the HTML mail
ID_LABEL_LEVEL = 0.64  # how far below a hex's centre its id label sits, in radii
MARGIN = 16.0
TITLE_BAND = 30.0
TITLE_FONT = 16.0
AXIS_BAND = 18.0
AXIS_FONT = 12.0
LEGEND_FONT = 12.0
LEGEND_HEADING_FONT = 13.0
LEGEND_ROW = 20.0
LEGEND_PAD = 10.0
SWATCH_W = 28.0
SWATCH_H = 16.0
NAME_LIMIT = 28
SQUARE_SIDES = (28.0, SIZE * math.sqrt(3.0))  # the least and most a square's side may be
COUNTER_H = 16.0  # a counter's height: its label and a little room
COUNTER_PAD = 3.0  # each side of a counter's label
COUNTER_BAND = 2.0  # the band inside an elite counter's rim
AREA_GLYPH = 8.5  # half the height of a piece glyph beside a round area
OUTLINED_GLYPH = 0.3  # a piece's half-height in an outlined area, in its radii (its inradius)
SQRT3 = math.sqrt(3.0)

# Corner indices from hexgrid.corners (0 = top, then clockwise) bounding each named side.
HEX_SIDE_CORNERS: dict[str, tuple[int, int]] = {
    "ne": (0, 1),
    "e": (1, 2),
    "se": (2, 3),
    "sw": (3, 4),
    "w": (4, 5),
    "nw": (5, 0),
}
# Square corners: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left.
SQUARE_SIDE_CORNERS: dict[str, tuple[int, int]] = {
    "n": (0, 1),
    "e": (1, 2),
    "s": (2, 3),
    "w": (3, 0),
}
ARROW_GAP = 0.36  # arrows start this many radii from the source's centre
ARROW_TIP_GAP = 0.5  # and stop this far from the target's, short of the pieces there
ROUND_ARROW_RADIUS = 22.0  # arrows between small round areas are sized as for this radius
RIVER_LEVEL = -0.12  # rivers cross cells between the settlement and the army row
SQUARE_GLYPH_BOOST = 1.3  # a square's radius is its inradius, smaller than a hex's corner radius
SETTLEMENT_KINDS = frozenset({"village", "city", "fortress", "capital"})
# what stands at the top of a hex, or inside a round area, rather than in the row of pieces
INSIDE_KINDS = SETTLEMENT_KINDS | {"fort", "altar"}
AREA_ROW_LIMIT = 3  # an area with more pieces in its row shows one stack per kind and owner
PIECE_LABEL_LIMIT = 16  # characters of a piece's label (player names) before it is clipped


@dataclass(frozen=True)
class CellGeometry:
    """Where one cell sits on the canvas: its centre, outline and radius."""

    id: str
    centre: Point
    polygon: tuple[Point, ...]
    radius: float  # hex circumradius, or half a square's side
    kind: str
    round: bool = False  # an area drawn as a round node
    label_at: Point | None = None  # where an area's label is centred

    def side(self, name: str, inset: float = 0.0) -> tuple[Point, Point] | None:
        """Return the segment of a named side, pulled `inset` px towards the centre, or None."""
        if self.kind == "area":
            return None  # areas have no numbered sides: their borders are links
        table = HEX_SIDE_CORNERS if self.kind == "hex" else SQUARE_SIDE_CORNERS
        if name not in table:
            return None
        first, second = table[name]
        return (
            _towards(self.polygon[first], self.centre, inset),
            _towards(self.polygon[second], self.centre, inset),
        )

    def at(self, dx: float, dy: float) -> Point:
        """Return the point offset from the centre by (dx, dy) cell radii."""
        return self.centre[0] + dx * self.radius, self.centre[1] + dy * self.radius


@dataclass(frozen=True)
class AxisLabel:
    """A file letter or rank number beside a square board."""

    text: str
    at: Point


@dataclass(frozen=True)
class LegendRow:
    """One legend line: a swatch centred at `swatch` and its text starting at `text_at`."""

    section: str  # owners, terrain, edges, marks, pieces, arrows
    key: str
    text: str
    swatch: Point
    text_at: Point


@dataclass(frozen=True)
class LegendHeading:
    """A section heading in the legend."""

    text: str
    at: Point


@dataclass(frozen=True)
class Legend:
    """The legend panel: its box, headings and rows."""

    box: Box
    headings: tuple[LegendHeading, ...]
    rows: tuple[LegendRow, ...]


@dataclass(frozen=True)
class Layout:
    """The whole canvas: size, cells by id, title position, axis labels and legend."""

    kind: str
    width: float
    height: float
    size: float
    cells: dict[str, CellGeometry]
    title_at: Point | None
    axis_labels: tuple[AxisLabel, ...]
    legend: Legend | None


@dataclass(frozen=True)
class PiecePlace:
    """Where one piece's glyph goes: centre, glyph half-height and label position."""

    centre: Point
    scale: float
    label_at: Point
    count: int = 1  # on area maps, how many like pieces this one glyph stands for
    label_anchor: str = "middle"  # "start": the label reads rightwards from label_at


@dataclass(frozen=True)
class ArrowGeometry:
    """The drawable parts of one arrow."""

    index: int  # position in Picture.arrows
    shaft: tuple[Point, ...]  # from its start to its neck, bent round labels (routing)
    head: tuple[Point, ...]  # a triangle, empty for blocked arrows
    bar: tuple[Point, Point] | None  # the stop bar of a blocked arrow
    cross: tuple[tuple[Point, Point], tuple[Point, Point]] | None  # the X of an attack


def counter_width(label: str, kind: str = "") -> float:
    """The width of a counter of `kind` that shows `label` inside it (measured in the bundled
    font: a counter must hold its label exactly)."""
    from pbem.render.typeface import bold_width  # Pillow loads only when a map is drawn

    band = 2 * COUNTER_BAND if kind in BANDED_KINDS else 0.0
    return max(COUNTER_H, bold_width(label, MIN_TEXT) + 2 * COUNTER_PAD + band)


def clip_name(name: str, limit: int = NAME_LIMIT) -> str:
    """Shorten a long player-supplied name with an ellipsis."""
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _towards(point: Point, target: Point, distance: float) -> Point:
    dx, dy = target[0] - point[0], target[1] - point[1]
    length = math.hypot(dx, dy)
    if length == 0.0 or distance == 0.0:
        return point
    return point[0] + dx * distance / length, point[1] + dy * distance / length


def _hex_cell(cell: Cell, size: float) -> CellGeometry:
    cx, cy = to_pixel(Hex(cell.q, cell.r), size)
    return CellGeometry(cell.id, (cx, cy), tuple(corners(cx, cy, size)), size, "hex")


def square_side(picture: Picture) -> float:
    """A square's side: as large as lets the board fit FIT_WIDTH, within SQUARE_SIDES."""
    files = max((c.q for c in picture.cells), default=0) + 1
    room = FIT_WIDTH - 2 * MARGIN - AXIS_BAND
    return min(SQUARE_SIDES[1], max(SQUARE_SIDES[0], room / files))


def _square_cell(cell: Cell, size: float) -> CellGeometry:
    side = size * SQRT3
    x, y = cell.q * side, cell.r * side
    polygon = ((x, y), (x + side, y), (x + side, y + side), (x, y + side))
    return CellGeometry(cell.id, (x + side / 2, y + side / 2), polygon, side / 2, "square")


def _area_label_box(cell: Cell, geo: CellGeometry) -> Box:
    """The box an area's label takes, for the canvas bounds (labels hang beside round areas)."""
    left, top, right, bottom = label_box(id_label_at(geo), area_label(cell)[:AREA_LABEL_LIMIT])
    return left, top, right - left, bottom - top


def _area_boxes(cell: Cell, geo: CellGeometry) -> list[Box]:
    """Everything of an area that the canvas must hold: its label, and a round area's rooms."""
    boxes = [_area_label_box(cell, geo)]
    if geo.round:
        for left, top, right, bottom in room_boxes(geo.centre, geo.radius, "port" in cell.marks):
            boxes.append((left, top, right - left, bottom - top))
    return boxes


def _with_labels(box: Box, labels: Iterable[Box]) -> Box:
    left, top, right, bottom = box[0], box[1], box[0] + box[2], box[1] + box[3]
    for x, y, w, h in labels:
        left, top = min(left, x), min(top, y)
        right, bottom = max(right, x + w), max(bottom, y + h)
    return left, top, right - left, bottom - top


def _shifted(geometry: CellGeometry, dx: float, dy: float) -> CellGeometry:
    polygon = tuple((x + dx, y + dy) for x, y in geometry.polygon)
    centre = (geometry.centre[0] + dx, geometry.centre[1] + dy)
    label = geometry.label_at
    label_at = None if label is None else (label[0] + dx, label[1] + dy)
    return CellGeometry(
        geometry.id, centre, polygon, geometry.radius, geometry.kind, geometry.round, label_at
    )


def _bounds(cells: Iterable[CellGeometry]) -> Box:
    xs = [x for c in cells for x, _ in c.polygon]
    ys = [y for c in cells for _, y in c.polygon]
    if not xs:
        return 0.0, 0.0, 0.0, 0.0
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _axis_labels(
    picture: Picture, cells: dict[str, CellGeometry], bottom: float
) -> list[AxisLabel]:
    if picture.kind != "square" or not picture.cells:
        return []
    files = {c.q: cells[c.id].centre[0] for c in picture.cells}
    ranks = {c.r: cells[c.id].centre[1] for c in picture.cells}
    last_rank = max(ranks)
    left = min(x for c in cells.values() for x, _ in c.polygon)
    labels = [
        AxisLabel(_file_letter(q), (x, bottom + AXIS_BAND / 2)) for q, x in sorted(files.items())
    ]
    labels += [
        AxisLabel(str(last_rank - r + 1), (left - AXIS_BAND / 2, y))
        for r, y in sorted(ranks.items())
    ]
    return labels


def _file_letter(q: int) -> str:
    return chr(ord("a") + q) if 0 <= q < 26 else str(q + 1)


def compute_layout(picture: Picture, size: float = SIZE) -> Layout:
    """Compute every position the renderers need for `picture`, with hexes of radius `size`
    (squares take the side that fits a phone, see square_side)."""
    if picture.kind == "square":
        size = square_side(picture) / SQRT3
    cells, bw, bh = _placed_cells(picture, size)
    axis = AXIS_BAND if picture.kind == "square" else 0.0
    top = MARGIN + (TITLE_BAND if picture.title else 0.0)
    board_bottom = top + bh + axis
    axis_labels = _axis_labels(picture, cells, top + bh)
    sections = [] if picture.keyless else legend_sections(picture)
    room = FIT_WIDTH - 2 * MARGIN  # a phone shows the legend whole, under a wide map too
    legend = _legend(sections, (MARGIN, board_bottom + MARGIN), room) if sections else None
    width, height = _canvas(picture.title, (MARGIN + axis + bw, board_bottom), legend)
    title_at = (MARGIN, MARGIN + TITLE_BAND / 2 - 4) if picture.title else None
    return Layout(picture.kind, width, height, size, cells, title_at, tuple(axis_labels), legend)


PLACED_CACHE_SIZE = 16
_placed: OrderedDict[tuple[object, ...], tuple[dict[str, CellGeometry], float, float]] = (
    OrderedDict()
)


def _placed_cells(picture: Picture, size: float) -> tuple[dict[str, CellGeometry], float, float]:
    """Every cell placed on the canvas, with the board's width and height; every reader of a
    map shares them, so they are kept."""
    key = (picture.kind, size, bool(picture.title), picture.span,
           *map(_place_key, picture.cells))
    if key not in _placed:
        _placed[key] = _place_cells(picture, size)
        while len(_placed) > PLACED_CACHE_SIZE:
            _placed.popitem(last=False)
    cells, width, height = _placed[key]
    return dict(cells), width, height


def _place_key(cell: Cell) -> tuple[object, ...]:
    return cell.id, cell.q, cell.r, cell.x, cell.y, tuple(cell.outline), cell.label


def _place_cells(picture: Picture, size: float) -> tuple[dict[str, CellGeometry], float, float]:
    if picture.kind == "area":
        shapes = place_areas(picture.cells, picture.span)
        raw = {
            key: CellGeometry(key, s.centre, s.polygon, s.radius, "area", s.round, s.label_at)
            for key, s in shapes.items()
        }
    else:
        make = _hex_cell if picture.kind == "hex" else _square_cell
        raw = {c.id: make(c, size) for c in picture.cells}
    bx, by, bw, bh = _bounds(raw.values())
    if picture.kind == "area" and raw:
        labels = (box for c in picture.cells for box in _area_boxes(c, raw[c.id]))
        bx, by, bw, bh = _with_labels((bx, by, bw, bh), labels)
    left = MARGIN + (AXIS_BAND if picture.kind == "square" else 0.0)
    top = MARGIN + (TITLE_BAND if picture.title else 0.0)
    return {key: _shifted(g, left - bx, top - by) for key, g in raw.items()}, bw, bh


def _canvas(title: str, board_corner: Point, legend: Legend | None) -> tuple[float, float]:
    right, bottom = board_corner
    if legend is not None:
        x, y, w, h = legend.box
        right, bottom = max(right, x + w), max(bottom, y + h)
    right = max(right, MARGIN + text_width(title, TITLE_FONT))
    # a hair's rounding (12 squares of a third of a pixel) must not cost a whole pixel
    return _whole(max(right + MARGIN, 200.0)), _whole(max(bottom + MARGIN, 120.0))


def _whole(pixels: float) -> int:
    return math.ceil(pixels - 1e-6)


Section = tuple[str, str, list[tuple[str, str]]]  # section key, heading, (item key, text) rows


def legend_sections(picture: Picture) -> list[Section]:
    """List what the legend explains: only the owners, terrain, features and pieces present,
    in the game's words where the picture names them, and the picture's notes."""
    candidates: list[Section] = [
        ("owners", "Owners", [(o.key, clip_name(o.name)) for o in picture.owners]),
        ("terrain", "Terrain", _terrain_rows(picture)),
        ("edges", "Edges", _edge_rows(picture)),
        ("links", "Links", _link_rows(picture)),
        ("marks", "Marks", _mark_rows(picture)),
        ("pieces", "Pieces", _piece_rows(picture)),
        ("arrows", "Arrows", _arrow_rows(picture)),
    ]
    named = [
        (key, heading, [(item, picture.names.get(item, text)) for item, text in rows])
        for key, heading, rows in candidates
    ]
    notes: list[Section] = [("notes", "Key", [("", note) for note in picture.notes])]
    return [section for section in named + notes if section[2]]


def terrain_shown(picture: Picture, cell: Cell) -> str:
    """Return the terrain key drawn for a cell: plain squares alternate light and dark."""
    if picture.kind == "square" and cell.terrain == "plain":
        return "light" if (cell.q + cell.r) % 2 == 0 else "dark"
    return cell.terrain


def _ordered(present: set[str], known: Iterable[str]) -> list[str]:
    known_list = [k for k in known if k in present]
    return known_list + sorted(present - set(known_list))


def _terrain_rows(picture: Picture) -> list[tuple[str, str]]:
    present = {terrain_shown(picture, c) for c in picture.cells}
    return [(k, terrain_style(k).label if k in TERRAIN else k) for k in _ordered(present, TERRAIN)]


def _edge_rows(picture: Picture) -> list[tuple[str, str]]:
    present = {e.feature for e in picture.edges}
    return [
        (k, edge_style(k).label if k in EDGE_STYLES else f"{k} edge")
        for k in _ordered(present, EDGE_STYLES)
    ]


def _link_rows(picture: Picture) -> list[tuple[str, str]]:
    present = {str(link.kind) for link in picture.links}
    return [(k, LINK_STYLES[k].label) for k in _ordered(present, LINK_STYLES)]


def _mark_rows(picture: Picture) -> list[tuple[str, str]]:
    terrains = {c.terrain for c in picture.cells}  # a mark named as a terrain is shown there
    present = {m for c in picture.cells for m in c.marks if m in MARK_LABELS} - terrains
    rows = [(k, MARK_LABELS[k]) for k in _ordered(present, MARK_LABELS)]
    return rows + ([("battle", "battle")] if picture.battles else [])


def _piece_rows(picture: Picture) -> list[tuple[str, str]]:
    present = {p.kind for p in picture.pieces}
    rows = [(k, PIECE_LABELS.get(k, k)) for k in _ordered(present, PIECE_LABELS)]
    if any(p.lying for p in picture.pieces):
        kind = next(p.kind for p in picture.pieces if p.lying)
        rows.append(("lying", f"{PIECE_LABELS.get(kind, kind)} on its side"))
    if any(p.highlight for p in picture.pieces):
        rows.append(("highlight", "your piece"))
    return rows


def _arrow_rows(picture: Picture) -> list[tuple[str, str]]:
    present: set[str] = {str(a.style) for a in picture.arrows}
    rows = [(k, ARROW_STYLES[k].label) for k in _ordered(present, ARROW_STYLES)]
    return rows + ([("failed", "failed (dashed)")] if any(a.failed for a in picture.arrows) else [])


def _section_width(section: Section) -> float:
    _, heading, rows = section
    swatch = 0.0 if section[0] == "notes" else SWATCH_W + 8
    texts = [text_width(text, LEGEND_FONT) + swatch for _, text in rows]
    return max([text_width(heading, LEGEND_HEADING_FONT), *texts]) + 2 * LEGEND_PAD


def _section_height(section: Section) -> float:
    return LEGEND_ROW * (len(section[2]) + 1) + LEGEND_PAD / 2


def _legend(sections: list[Section], origin: Point, room: float) -> Legend:
    """Lay the sections out left to right, starting a new row where the next would pass
    `room` px; notes wider than the room are folded onto more lines."""
    headings: list[LegendHeading] = []
    rows: list[LegendRow] = []
    x, y = origin[0], origin[1] + LEGEND_PAD / 2
    widest, tallest = 0.0, 0.0
    for section in (_folded(s, room) for s in sections):
        width = _section_width(section)
        if x > origin[0] and x - origin[0] + width > room:
            x, y, tallest = origin[0], y + tallest, 0.0
        _place_section(section, (x, y), headings, rows)
        x += width
        widest, tallest = max(widest, x - origin[0]), max(tallest, _section_height(section))
    height = y + tallest - origin[1] + LEGEND_PAD / 2
    return Legend((origin[0], origin[1], widest, height), tuple(headings), tuple(rows))


def _folded(section: Section, room: float) -> Section:
    """Rows cut into lines that fit `room`: a row's later lines have no key (and no swatch)."""
    key, heading, items = section
    swatch = 0.0 if key == "notes" else SWATCH_W + 8
    limit = max(12, int((room - 2 * LEGEND_PAD - swatch) / text_width("M", LEGEND_FONT)))
    if key != "notes" and all(len(text) <= limit for _, text in items):
        return section
    rows = [(item if n == 0 and key != "notes" else "", line)
            for item, text in items for n, line in enumerate(_fold(text, limit))]
    return key, heading, rows


def _fold(text: str, limit: int) -> list[str]:
    lines, current = [], ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > limit:
            lines.append(current)
            current = "  " + word  # a note's later lines are indented under its first
        else:
            current = f"{current} {word}" if current else word
    return [*lines, current] if current else lines


def _place_section(
    section: Section, corner: Point, headings: list[LegendHeading], rows: list[LegendRow]
) -> None:
    key, heading, items = section
    x, y = corner[0] + LEGEND_PAD, corner[1] + LEGEND_ROW / 2
    headings.append(LegendHeading(heading, (x, y)))
    indent = 0.0 if key == "notes" else SWATCH_W + 8
    for number, (item, text) in enumerate(items, start=1):
        row_y = y + number * LEGEND_ROW
        rows.append(LegendRow(key, item, text, (x + SWATCH_W / 2, row_y), (x + indent, row_y)))


def id_label_at(cell: CellGeometry) -> Point:
    """Return where a cell's id label is centred: inside a hex's lower half, clear of its bottom
    point and of the army row; a square's bottom left; below a round area, or low in an outline."""
    if cell.label_at is not None:
        return cell.label_at
    return cell.at(0.0, ID_LABEL_LEVEL) if cell.kind == "hex" else cell.at(-0.72, 0.8)


def mark_at(cell: CellGeometry, mark: str) -> Point:
    """Return where a small mark glyph (start, tower, battle, port) goes inside a cell."""
    offsets = {
        "start": (-0.6, -0.02),
        "tower": (0.6, -0.05),
        "battle": (-0.5, -0.47),
        "port": (0.5, 0.38),
        "centre": (0.0, -0.46),
    }
    dx, dy = offsets.get(mark, (0.0, 0.0))
    return cell.at(dx, dy)


def river_ends(cell: CellGeometry) -> tuple[Point, Point]:
    """Return where a river enters and leaves a cell: its west and east sides, a little high."""
    west, east = cell.side("w"), cell.side("e")
    assert west is not None and east is not None  # every hex and square has both
    lift = RIVER_LEVEL * cell.radius
    (wx, wy), (ex, ey) = _middle(*west), _middle(*east)
    return (wx, wy + lift), (ex, ey + lift)


def _middle(a: Point, b: Point) -> Point:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def piece_places(picture: Picture, layout: Layout) -> list[PiecePlace | None]:
    """Place every piece (parallel to Picture.pieces): settlements top centre (inside a round
    area), the rest in a row (beside a round area, on whichever side keeps clear of labels)."""
    places: list[PiecePlace | None] = [None] * len(picture.pieces)
    top: dict[str, list[int]] = defaultdict(list)
    row: dict[str, list[int]] = defaultdict(list)
    for index, piece in enumerate(picture.pieces):
        if piece.cell in layout.cells:
            group = top if piece.kind in INSIDE_KINDS else row
            group[piece.cell].append(index)
    for cell_id, indices in top.items():
        geo = layout.cells[cell_id]
        if geo.round:
            _inside(places, indices, geo)
        else:
            _fill_row(places, indices, geo, level=-0.42, glyph=0.24)
    blocked = _area_obstacles(picture, layout) if picture.kind == "area" else []
    for cell_id, indices in row.items():
        geo = layout.cells[cell_id]
        counts: dict[int, int] = {}
        if geo.kind == "area" and len(indices) > AREA_ROW_LIMIT:
            indices, counts = _stacks(picture, indices)
        if geo.round:
            _beside(places, picture, indices, geo, counts, blocked)
        else:
            # a square holds one piece or two; an outlined area's radius is its inradius
            glyph = {"square": 0.38, "area": OUTLINED_GLYPH}.get(geo.kind, 0.2)
            _fill_row(places, indices, geo, level=_row_level(picture, indices, geo), glyph=glyph)
        for index, count in counts.items():
            place = places[index]
            if place is not None and place.count == 1:
                places[index] = replace(place, count=count)
    return places


def _area_obstacles(picture: Picture, layout: Layout) -> list[tuple[float, float, float, float]]:
    """What a round area's pieces should not cover: every area's label and every round node."""
    boxes = []
    for cell in picture.cells:
        geo = layout.cells[cell.id]
        boxes.append(label_box(id_label_at(geo), area_label(cell)[:AREA_LABEL_LIMIT]))
        if geo.round:
            (x, y), r = geo.centre, geo.radius
            boxes.append((x - r, y - r, x + r, y + r))
    return boxes


def piece_text(label: str, count: int = 1) -> str:
    """What a piece's label shows: its label, and how many like pieces its glyph stands for."""
    text = clip_name(label, PIECE_LABEL_LIMIT)
    return f"{text} ×{count}".strip() if count > 1 else text


def _row_level(picture: Picture, indices: list[int], geo: CellGeometry) -> float:
    """A hex's pieces sit low, clear of its settlement; a square's counters in its middle."""
    if geo.kind != "square":
        return 0.14
    counters = all(picture.pieces[i].kind in COUNTER_KINDS for i in indices)
    return 0.0 if counters else -0.18


def _inside(places: list[PiecePlace | None], indices: list[int], geo: CellGeometry) -> None:
    """Settlements inside a round area, side by side when there are several."""
    count = len(indices)
    scale = 0.62 * geo.radius / math.sqrt(count)
    for slot, index in enumerate(indices):
        centre = (geo.centre[0] + (slot - (count - 1) / 2) * 2.1 * scale, geo.centre[1])
        places[index] = PiecePlace(centre, scale, centre)


def _beside(
    places: list[PiecePlace | None],
    picture: Picture,
    indices: list[int],
    geo: CellGeometry,
    counts: dict[int, int],
    blocked: list[tuple[float, float, float, float]],
) -> None:
    """A round area's pieces in a row to its right, or to its left when that covers less of
    the labels and areas around: counters, or glyphs with their labels after them."""
    widths = [_piece_width(picture.pieces[i], counts.get(i, 1)) for i in indices]
    total = sum(widths) + 2.0 * (len(widths) - 1)
    (cx, y), r = geo.centre, geo.radius
    right, left = cx + r + 3.0, cx - r - 3.0 - total
    cover_left, cover_right = (_row_cover(at, y, total, blocked) for at in (left, right))
    x = left if cover_left < cover_right else right
    for index, width in zip(indices, widths, strict=True):
        piece, count = picture.pieces[index], counts.get(index, 1)
        if piece.kind in COUNTER_KINDS:
            centre = (x + width / 2, y)
            places[index] = PiecePlace(centre, COUNTER_H / 2, centre, count)
        else:
            centre, label_at = (x + AREA_GLYPH, y), (x + 2 * AREA_GLYPH + 2.0, y)
            places[index] = PiecePlace(centre, AREA_GLYPH, label_at, count, "start")
        x += width + 2.0


def _piece_width(piece: Piece, count: int) -> float:
    """How wide a piece is beside a round area: a counter, or a glyph and its label."""
    text = piece_text(piece.label, count)
    if piece.kind in COUNTER_KINDS:
        return counter_width(text, piece.kind)
    return 2 * AREA_GLYPH + (text_width(text, MIN_TEXT) + 4.0 if text else 0.0)


def _row_cover(
    x: float, y: float, width: float, blocked: list[tuple[float, float, float, float]]
) -> float:
    """How much of the labels and areas around a row of pieces would cover, in px²."""
    top, bottom, right = y - COUNTER_H / 2, y + COUNTER_H / 2, x + width
    cover = 0.0
    for left, upper, far, lower in blocked:  # most boxes lie clear of the row: skip them early
        if far > x and left < right and lower > top and upper < bottom:
            cover += (min(right, far) - max(x, left)) * (min(bottom, lower) - max(top, upper))
    return cover


def _stacks(picture: Picture, indices: list[int]) -> tuple[list[int], dict[int, int]]:
    """Fold a crowded area's pieces into one stack per kind, owner and look, with counts."""
    firsts: dict[tuple[str, str | None, bool, bool], int] = {}
    counts: dict[int, int] = defaultdict(int)
    for index in indices:
        piece = picture.pieces[index]
        first = firsts.setdefault((piece.kind, piece.owner, piece.lying, piece.highlight), index)
        counts[first] += 1
    return list(firsts.values()), dict(counts)


def _fill_row(
    places: list[PiecePlace | None],
    indices: list[int],
    cell: CellGeometry,
    level: float,
    glyph: float,
) -> None:
    count = len(indices)
    spacing = min(0.52, 1.5 / count)
    # squares and round areas are small for their radius; hexes and outlined areas are not
    small = cell.kind == "square" or cell.round
    boost = SQUARE_GLYPH_BOOST if small else 1.0
    scale = glyph * boost * min(1.0, spacing / 0.52) * cell.radius
    for slot, index in enumerate(indices):
        centre = cell.at((slot - (count - 1) / 2) * spacing, level)
        label_at = (centre[0], centre[1] + scale + 0.15 * cell.radius)
        places[index] = PiecePlace(centre, scale, label_at)


def arrow_geometries(picture: Picture, layout: Layout) -> list[ArrowGeometry]:
    """Compute arrows between cell centres; arrows sharing a pair of cells run side by side."""
    lanes: dict[tuple[str, str], list[int]] = defaultdict(list)
    for index, arrow in enumerate(picture.arrows):
        if arrow.source in layout.cells and arrow.target in layout.cells:
            lanes[_pair(arrow)].append(index)
    result: list[ArrowGeometry] = []
    for pair, indices in lanes.items():
        for lane, index in enumerate(indices):
            offset = (lane - (len(indices) - 1) / 2) * 0.2
            result.append(_arrow(picture.arrows[index], index, layout, pair, offset))
    return sorted(result, key=lambda g: g.index)


def _pair(arrow: Arrow) -> tuple[str, str]:
    a, b = sorted((arrow.source, arrow.target))
    return a, b


def _arrow(
    arrow: Arrow, index: int, layout: Layout, pair: tuple[str, str], offset: float
) -> ArrowGeometry:
    source, target = layout.cells[arrow.source], layout.cells[arrow.target]
    radius = max(source.radius, ROUND_ARROW_RADIUS) if source.round else source.radius
    gaps = (source.radius + 2.0, target.radius + 3.0) if source.round and target.round else None
    first, second = layout.cells[pair[0]].centre, layout.cells[pair[1]].centre
    # the normal of the sorted pair, so lanes in both directions share one side order
    nx, ny = _unit(second[1] - first[1], first[0] - second[0])
    shift = (nx * offset * radius, ny * offset * radius)
    return arrow_between(index, source.centre, target.centre, radius, arrow.style, shift, gaps)


def arrow_between(
    index: int,
    source: Point,
    target: Point,
    radius: float,
    style: str,
    shift: Point = (0.0, 0.0),
    gaps: tuple[float, float] | None = None,
) -> ArrowGeometry:
    """Compute an arrow of `style` from one cell centre to another, moved sideways by `shift`;
    `gaps`: how far from each centre it starts and ends (else set by `radius`)."""
    start_gap, tip_gap = gaps or (ARROW_GAP * radius, ARROW_TIP_GAP * radius)
    start = _along(source, target, start_gap, shift)
    if style == "blocked":
        stop = _along(source, target, math.dist(source, target) / 2 - 0.08 * radius, shift)
        return ArrowGeometry(index, (start, stop), (), _bar(start, stop, 0.24 * radius), None)
    tip = _along(target, source, tip_gap, shift)
    head, neck = _head(start, tip, 0.34 * radius, 0.17 * radius)
    cross = _cross(start, neck, 0.12 * radius) if style == "battle" else None
    return ArrowGeometry(index, (start, neck), head, None, cross)


def _unit(dx: float, dy: float) -> Point:
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length else (0.0, 0.0)


def _along(origin: Point, towards: Point, distance: float, shift: Point) -> Point:
    ux, uy = _unit(towards[0] - origin[0], towards[1] - origin[1])
    return origin[0] + ux * distance + shift[0], origin[1] + uy * distance + shift[1]


def _head(
    start: Point, tip: Point, length: float, half_width: float
) -> tuple[tuple[Point, ...], Point]:
    ux, uy = _unit(tip[0] - start[0], tip[1] - start[1])
    base = (tip[0] - ux * length, tip[1] - uy * length)
    left = (base[0] - uy * half_width, base[1] + ux * half_width)
    right = (base[0] + uy * half_width, base[1] - ux * half_width)
    neck = (tip[0] - ux * length * 0.8, tip[1] - uy * length * 0.8)
    return (tip, left, right), neck


def _bar(start: Point, stop: Point, half: float) -> tuple[Point, Point]:
    ux, uy = _unit(stop[0] - start[0], stop[1] - start[1])
    return (stop[0] - uy * half, stop[1] + ux * half), (stop[0] + uy * half, stop[1] - ux * half)


def _cross(
    start: Point, end: Point, half: float
) -> tuple[tuple[Point, Point], tuple[Point, Point]]:
    mx, my = _middle(start, end)
    ux, uy = _unit(end[0] - start[0], end[1] - start[1])
    a = (ux + uy, uy - ux)  # the shaft direction turned 45 degrees either way
    b = (ux - uy, uy + ux)
    scale = half / math.sqrt(2.0)
    one = ((mx - a[0] * scale, my - a[1] * scale), (mx + a[0] * scale, my + a[1] * scale))
    two = ((mx - b[0] * scale, my - b[1] * scale), (mx + b[0] * scale, my + b[1] * scale))
    return one, two


def zigzag(start: Point, end: Point, teeth: int, amplitude: float) -> tuple[Point, ...]:
    """Return a zig-zag polyline from `start` to `end` with `teeth` peaks of `amplitude` px."""
    ux, uy = _unit(end[0] - start[0], end[1] - start[1])
    steps = 2 * teeth
    points = [start]
    for step in range(1, steps):
        t = step / steps
        side = amplitude if step % 2 else -amplitude
        base = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        points.append((base[0] - uy * side, base[1] + ux * side))
    points.append(end)
    return tuple(points)


def wave(
    start: Point, end: Point, waves: float, amplitude: float, steps: int = 24
) -> tuple[Point, ...]:
    """Return a sine-wave polyline from `start` to `end`."""
    ux, uy = _unit(end[0] - start[0], end[1] - start[1])
    points: list[Point] = []
    for step in range(steps + 1):
        t = step / steps
        side = amplitude * math.sin(2 * math.pi * waves * t)
        base = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        points.append((base[0] - uy * side, base[1] + ux * side))
    return tuple(points)


def dashes(points: tuple[Point, ...], on: float, off: float) -> list[tuple[Point, ...]]:
    """Cut a polyline into dashes `on` px long with `off` px gaps (for outputs without dashing)."""
    result: list[tuple[Point, ...]] = []
    current: list[Point] = [points[0]] if points else []
    drawing, left = True, on
    for a, b in itertools.pairwise(points):
        position, length = 0.0, math.dist(a, b)
        while length - position > left:
            position += left
            t = position / length
            cut = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if drawing:
                result.append((*current, cut))
            current, drawing = [cut], not drawing
            left = on if drawing else off
        left -= length - position
        if drawing:
            current.append(b)
    if drawing and len(current) > 1:
        result.append(tuple(current))
    return result
