"""Geometry of area maps: where each area and its label sit, and how links run between them.

Areas are placed by their x/y in map units (0..1000 on the longer side). An area with an
outline is drawn as that polygon; one without is a round node, its label beside it. Crowded
maps are drawn a little larger and with smaller nodes, and each label takes the first place
round its node that no other label or node holds.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from pbem.core.board import Cell

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom

AREA_SCALE = 0.72  # pixels per map unit: a 1000-unit map is 720 px wide, like a shipped hex map
MAX_AREA_SCALE = 0.95  # a crowded map may grow to this
NODE_GAP = 74.0  # pixels wanted between most neighbouring nodes' centres (the lower quartile)
NODE_RADIUS = 30.0  # a round area's radius in pixels, where there is room
MIN_NODE_RADIUS = 18.0
NODE_SHARE = 0.46  # of the distance to the nearest node, the most a node's radius may take
NODE_CORNERS = 32  # a round area is this many corners: smooth, and every renderer can inset it
AREA_LABEL_FONT = 12.0  # area labels, as big as hex id labels (0.3 of a 40 px hex)
LABEL_GAP = 4.0  # between a round area's edge and its label
OUTLINE_RADIUS = (24.0, 44.0)  # the least and most an outlined area's piece radius may be
AREA_LABEL_LIMIT = 22  # characters of an area's label before it is clipped
# Where a node's label may go, in order of preference: below, above, right, left, corners.
LABEL_PLACES: tuple[tuple[float, float], ...] = (
    (0.0, 1.0),
    (0.0, -1.0),
    (1.0, 0.0),
    (-1.0, 0.0),
    (0.8, 0.8),
    (-0.8, 0.8),
    (0.8, -0.8),
    (-0.8, -0.8),
)


@dataclass(frozen=True)
class AreaShape:
    """One area placed in pixels (before the canvas shift): centre, outline, radius, label."""

    centre: Point
    polygon: tuple[Point, ...]
    radius: float
    round: bool
    label_at: Point


def area_label(cell: Cell) -> str:
    """Return the text shown for an area: its label, or its id when it has none."""
    return cell.label or cell.id


def label_width(text: str) -> float:
    """Estimate the width of an area label in pixels (0.6 em a character, like the layout)."""
    return 0.6 * AREA_LABEL_FONT * len(text[:AREA_LABEL_LIMIT])


def place_areas(cells: list[Cell]) -> dict[str, AreaShape]:
    """Place every area and its label: the map's scale and node size suit its crowding."""
    nodes = [c for c in cells if len(c.outline) < 3]
    scale, radius = _scale_and_radius([_units(c) for c in nodes])
    shapes = {c.id: _shape(c, scale, radius) for c in cells}
    taken = [_node_box(shapes[c.id]) for c in nodes]
    for cell in cells:
        shape = shapes[cell.id]
        if shape.round:
            at = _free_place(shape, area_label(cell), taken)
            taken.append(_label_box(at, area_label(cell)))
            shapes[cell.id] = AreaShape(shape.centre, shape.polygon, shape.radius, True, at)
    return shapes


def _units(cell: Cell) -> Point:
    return cell.x or 0.0, cell.y or 0.0


def _scale_and_radius(points: list[Point]) -> tuple[float, float]:
    """A crowded map is drawn larger (up to a limit), then its nodes made small enough to
    stand apart."""
    if len(points) < 2:
        return AREA_SCALE, NODE_RADIUS
    nearest = sorted(min(math.dist(p, q) for q in points if q is not p) for p in points)
    quartile = statistics.quantiles(nearest, n=4)[0] if len(nearest) > 1 else nearest[0]
    scale = min(MAX_AREA_SCALE, max(AREA_SCALE, NODE_GAP / max(quartile, 1.0)))
    radius = min(NODE_RADIUS, max(MIN_NODE_RADIUS, NODE_SHARE * nearest[0] * scale))
    return scale, radius


def _shape(cell: Cell, scale: float, radius: float) -> AreaShape:
    x, y = _units(cell)
    centre = (x * scale, y * scale)
    if len(cell.outline) >= 3:
        polygon = tuple((px * scale, py * scale) for px, py in cell.outline)
        low, high = OUTLINE_RADIUS
        inner = min(high, max(low, _inradius(polygon, centre)))
        return AreaShape(centre, polygon, inner, False, (centre[0], centre[1] + 0.72 * inner))
    below = (centre[0], centre[1] + radius + LABEL_GAP + AREA_LABEL_FONT / 2)
    return AreaShape(centre, node_polygon(centre, radius), radius, True, below)


def _free_place(shape: AreaShape, text: str, taken: list[Box]) -> Point:
    """The first place round a node where its label meets no other label or node."""
    own = _node_box(shape)
    candidates = [_label_place(shape, text, dx, dy) for dx, dy in LABEL_PLACES]
    for at in candidates:
        box = _label_box(at, text)
        if not any(_overlap(box, other) for other in taken if other != own):
            return at
    return candidates[0]


def _label_place(shape: AreaShape, text: str, dx: float, dy: float) -> Point:
    """A label's centre beside a node, `dx`/`dy` saying which side (-1, 0 or 1, or between)."""
    half_w, half_h = label_width(text) / 2, AREA_LABEL_FONT / 2
    reach = shape.radius + LABEL_GAP
    x = shape.centre[0] + dx * (reach + half_w)
    y = shape.centre[1] + dy * (reach + half_h)
    return x, y


def _label_box(at: Point, text: str) -> Box:
    half_w, half_h = label_width(text) / 2, AREA_LABEL_FONT / 2
    return at[0] - half_w, at[1] - half_h, at[0] + half_w, at[1] + half_h


def _node_box(shape: AreaShape) -> Box:
    (x, y), r = shape.centre, shape.radius
    return x - r, y - r, x + r, y + r


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def node_polygon(centre: Point, radius: float) -> tuple[Point, ...]:
    """Return the many-cornered circle a round area is drawn as."""
    cx, cy = centre
    step = 2 * math.pi / NODE_CORNERS
    return tuple(
        (cx + radius * math.cos(i * step), cy + radius * math.sin(i * step))
        for i in range(NODE_CORNERS)
    )


def _inradius(polygon: tuple[Point, ...], centre: Point) -> float:
    """The distance from the centre to the nearest side of the outline."""
    sides = zip(polygon, (*polygon[1:], polygon[0]), strict=True)
    return min(_to_segment(centre, a, b) for a, b in sides)


def _to_segment(point: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length
    t = min(1.0, max(0.0, t))
    return math.dist(point, (a[0] + t * dx, a[1] + t * dy))


def link_ends(a: Point, b: Point, radius_a: float, radius_b: float) -> tuple[Point, Point]:
    """Return a link's ends: on the two round areas' rims, so no line crosses a node."""
    length = math.dist(a, b)
    if length <= radius_a + radius_b:
        return a, b
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    start = (a[0] + ux * radius_a, a[1] + uy * radius_a)
    return start, (b[0] - ux * radius_b, b[1] - uy * radius_b)
