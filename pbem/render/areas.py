"""Geometry of area maps: where each area and its label sit, and how links run between them.

Areas are placed by their x/y in map units (0..1000 on the longer side). An area with an
outline is drawn as that polygon; one without is a round node, with its label underneath.
"""

from __future__ import annotations

import math

from pbem.core.board import Cell

Point = tuple[float, float]

AREA_SCALE = 0.72  # pixels per map unit: a 1000-unit map is 720 px wide, like a shipped hex map
NODE_RADIUS = 30.0  # a round area's radius in pixels
NODE_CORNERS = 32  # a round area is this many corners: smooth, and every renderer can inset it
AREA_LABEL_FONT = 12.0  # area labels, as big as hex id labels (0.3 of a 40 px hex)
LABEL_GAP = 4.0  # between a round area's edge and the top of its label
OUTLINE_RADIUS = (24.0, 44.0)  # the least and most an outlined area's piece radius may be
AREA_LABEL_LIMIT = 22  # characters of an area's label before it is clipped


def area_label(cell: Cell) -> str:
    """Return the text shown for an area: its label, or its id when it has none."""
    return cell.label or cell.id


def area_shape(cell: Cell) -> tuple[Point, tuple[Point, ...], float]:
    """Return an area's centre, outline and piece radius in pixels (before the canvas shift)."""
    centre = ((cell.x or 0.0) * AREA_SCALE, (cell.y or 0.0) * AREA_SCALE)
    if len(cell.outline) >= 3:
        polygon = tuple((x * AREA_SCALE, y * AREA_SCALE) for x, y in cell.outline)
        low, high = OUTLINE_RADIUS
        return centre, polygon, min(high, max(low, _inradius(polygon, centre)))
    return centre, node_polygon(centre, NODE_RADIUS), NODE_RADIUS


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


def is_node(polygon: tuple[Point, ...]) -> bool:
    """Tell whether an area's polygon is a round node rather than an outline."""
    return len(polygon) == NODE_CORNERS


def label_offset(polygon: tuple[Point, ...], radius: float) -> float:
    """Return how far below the centre an area's label is centred, in pixels."""
    if is_node(polygon):
        return radius + LABEL_GAP + AREA_LABEL_FONT * 0.6
    return 0.72 * radius


def link_ends(a: Point, b: Point, radius_a: float, radius_b: float) -> tuple[Point, Point]:
    """Return a link's ends: on the two round areas' rims, so no line crosses a node."""
    length = math.dist(a, b)
    if length <= radius_a + radius_b:
        return a, b
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    start = (a[0] + ux * radius_a, a[1] + uy * radius_a)
    return start, (b[0] - ux * radius_b, b[1] - uy * radius_b)
