"""Geometry of area maps: where each area and its label sit, and how links run between them.

An area map is drawn to fit a phone: its areas' centres span SPAN_WIDTH pixels across, so the
whole map, labels and margins included, is about as wide as a phone shows with its text still
legible. A crowded map is drawn taller, never wider: its y scale grows, step by step, until
every label finds a place of its own. An area with an outline is drawn as that polygon; one
without is a small round node, its pieces in a row to its right (a room kept free of labels)
and its label on the first side of it that no other label, node or piece room holds.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pbem.core.board import Cell

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom

# pixels the areas' centres span across: a 400 px map (layout.FIT_WIDTH) less its margins, the
# outer nodes and the room left of the first and right of the last (SIDE_ROOM, PIECE_ROOM)
SPAN_WIDTH = 286.0
SIDE_ROOM = 24.0  # pixels a label may reach left of the leftmost area (beyond its rim)
MAX_SCALE = 1.0  # pixels per map unit, for a map whose areas span few units
# y scale / x scale, tried in turn until every label finds a place
STRETCHES = (1.0, 1.15, 1.3, 1.45, 1.6, 1.8, 2.0, 2.25, 2.5, 2.75, 3.0, 3.5, 4.0)
NODE_RADIUS = 13.0  # a round area's radius in pixels, where there is room
MIN_NODE_RADIUS = 8.0
NODE_SHARE = 0.34  # of the distance to the nearest node, the most a node's radius may take
NODE_CORNERS = 32  # a round area is this many corners: smooth, and every renderer can inset it
AREA_LABEL_FONT = 12.0  # area labels, as big as hex id labels
LABEL_GAP = 3.0  # between a round area (or its piece room) and its label
LABEL_PAD = 1.5  # kept clear round a label, for its halo
AMBIGUOUS = 60.0  # what a label nearer another area than its own counts as, in px² of overlap
NODE_WEIGHT = 10.0  # px² of overlap a label counts for each px it reaches into a node
PIECE_ROOM = 26.0  # pixels right of a round area kept for its pieces (a counter of two)
PORT_ROOM = 12.0  # pixels left of a round area kept for its port's anchor
OUTLINE_RADIUS = (24.0, 44.0)  # the least and most an outlined area's piece radius may be
AREA_LABEL_LIMIT = 22  # characters of an area's label before it is clipped


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
    return text_width(text[:AREA_LABEL_LIMIT], AREA_LABEL_FONT)


def text_width(text: str, font_size: float) -> float:
    """Estimate the width of a line of sans-serif text: 0.6 em a character, 0.9 em for
    symbols (stars, crosses) that are wider."""
    wide = sum(1 for char in text if ord(char) >= 0x2000)
    return font_size * (0.6 * len(text) + 0.3 * wide)


def place_areas(cells: list[Cell], span: float = 0.0) -> dict[str, AreaShape]:
    """Place every area and its label, stretching a crowded map downwards until labels fit;
    the areas' centres span `span` pixels across (0: SPAN_WIDTH, a phone's width)."""
    scale = _x_scale(cells, span or SPAN_WIDTH)
    best: tuple[int, dict[str, AreaShape]] | None = None
    for stretch in STRETCHES:
        clashes, shapes = _attempt(cells, scale, scale * stretch)
        if best is None or clashes < best[0]:
            best = (clashes, shapes)
        if clashes == 0:
            break
    return best[1] if best is not None else {}


def _x_scale(cells: list[Cell], pixels: float) -> float:
    xs = [x for cell in cells for x, _ in [_units(cell), *cell.outline]]
    span = max(xs) - min(xs) if xs else 0.0
    return min(MAX_SCALE, pixels / span) if span > 0 else MAX_SCALE


def _attempt(cells: list[Cell], sx: float, sy: float) -> tuple[int, dict[str, AreaShape]]:
    """Every area at one pair of scales, and how many labels found no place of their own."""
    nodes = [c for c in cells if len(c.outline) < 3]
    radius = _node_radius([_scaled(c, sx, sy) for c in nodes])
    shapes = {c.id: _shape(c, sx, sy, radius) for c in cells}
    hard = _beyond([shapes[c.id] for c in nodes])
    soft = [box for c in nodes
            for box in room_boxes(shapes[c.id].centre, shapes[c.id].radius, "port" in c.marks)]
    clashes = 0
    centres = [shapes[c.id].centre for c in nodes]
    for cell in nodes:
        shape = shapes[cell.id]
        at, free = _free_place(shape, area_label(cell), (hard, soft), centres)
        clashes += 0 if free else 1
        hard.append(label_box(at, area_label(cell)))
        shapes[cell.id] = AreaShape(shape.centre, shape.polygon, shape.radius, True, at)
    return clashes, shapes


def _beyond(shapes: list[AreaShape]) -> list[Box]:
    """Two walls left and right of the map that labels must keep within, so the map stays as
    narrow as its areas and their piece rooms."""
    if not shapes:
        return []
    xs = [shape.centre[0] for shape in shapes]
    radius = shapes[0].radius
    left, right = min(xs) - radius - SIDE_ROOM, max(xs) + radius + PIECE_ROOM + LABEL_GAP
    far = 1e6
    return [(-far, -far, left, far), (right, -far, far, far)]


def _units(cell: Cell) -> Point:
    return cell.x or 0.0, cell.y or 0.0


def _scaled(cell: Cell, sx: float, sy: float) -> Point:
    x, y = _units(cell)
    return x * sx, y * sy


def _node_radius(points: list[Point]) -> float:
    """Nodes as large as NODE_RADIUS, but never so large that two nearest ones crowd."""
    if len(points) < 2:
        return NODE_RADIUS
    nearest = min(math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1 :])
    return min(NODE_RADIUS, max(MIN_NODE_RADIUS, NODE_SHARE * nearest))


def _shape(cell: Cell, sx: float, sy: float, radius: float) -> AreaShape:
    centre = _scaled(cell, sx, sy)
    if len(cell.outline) >= 3:
        polygon = tuple((px * sx, py * sy) for px, py in cell.outline)
        low, high = OUTLINE_RADIUS
        inner = min(high, max(low, _inradius(polygon, centre)))
        return AreaShape(centre, polygon, inner, False, (centre[0], centre[1] + 0.72 * inner))
    below = (centre[0], centre[1] + radius + LABEL_GAP + AREA_LABEL_FONT / 2)
    return AreaShape(centre, node_polygon(centre, radius), radius, True, below)


def room_boxes(centre: Point, r: float, port: bool = False) -> list[Box]:
    """What a round area keeps free of labels: itself, its pieces' room, its port's anchor."""
    x, y = centre
    boxes = [(x - r, y - r, x + r + PIECE_ROOM, y + r)]
    if port:
        boxes.append((x - r - PORT_ROOM, y - r / 2, x - r, y + r))
    return boxes


def _free_place(
    shape: AreaShape, text: str, taken: tuple[list[Box], list[Box]], centres: list[Point]
) -> tuple[Point, bool]:
    """The first place round a node where its label meets no other label or node and sits
    nearer its own node than any other, and whether there was one (if not, the least bad).
    `taken` holds what a label must not cover (labels, the map's sides) and what it had better
    not (the rooms kept for pieces, often empty); `centres` are the nodes, all of one radius."""
    reach = shape.radius + LABEL_GAP + LABEL_PAD
    near = _near(shape.centre, reach + PIECE_ROOM + label_width(text) + shape.radius,
                 reach + 3 * AREA_LABEL_FONT + shape.radius)
    hard, soft = [b for b in taken[0] if near(b)], [b for b in taken[1] if near(b)]
    centres = [c for c in centres if near((*c, *c))]
    scores = []
    for at in _label_places(shape, text):
        box = label_box(at, text, LABEL_PAD)
        blocked = sum(_overlap_area(box, other) for other in hard)
        blocked += sum(NODE_WEIGHT * max(0.0, shape.radius - _box_distance(box, centre))
                       for centre in centres)
        if _nearer_another(box, shape.centre, centres):
            blocked += AMBIGUOUS
        scores.append((blocked > 0, blocked, sum(_overlap_area(box, o) for o in soft), at))
    best = min(range(len(scores)), key=lambda i: (*scores[i][:3], i))
    return scores[best][3], not scores[best][0]


def _near(centre: Point, reach_x: float, reach_y: float) -> Callable[[Box], bool]:
    """A test of whether a box comes within reach of `centre` (a cheap first sieve)."""
    x, y = centre

    def test(box: Box) -> bool:
        return (box[0] < x + reach_x and box[2] > x - reach_x
                and box[1] < y + reach_y and box[3] > y - reach_y)

    return test


def _nearer_another(box: Box, own: Point, centres: list[Point]) -> bool:
    """Whether a label's box lies nearer another node than its own."""
    mine = _box_distance(box, own)
    return any(_box_distance(box, other) < mine - 2.0 for other in centres if other != own)


def _box_distance(box: Box, point: Point) -> float:
    """How far a point lies from a box (0 inside it)."""
    x, y = point
    dx = box[0] - x if x < box[0] else (x - box[2] if x > box[2] else 0.0)
    dy = box[1] - y if y < box[1] else (y - box[3] if y > box[3] else 0.0)
    return math.hypot(dx, dy)


def _label_places(shape: AreaShape, text: str) -> list[Point]:
    """Where a round area's label may go, best first: below, above, left, beyond the piece
    room, then the four corners."""
    (x, y), r = shape.centre, shape.radius
    half_w, half_h = label_width(text) / 2, AREA_LABEL_FONT / 2
    below, above = y + r + LABEL_GAP + half_h, y - r - LABEL_GAP - half_h
    left, right = x - r - LABEL_GAP - half_w, x + r + PIECE_ROOM + LABEL_GAP + half_w
    return [
        (x, below),
        (x, above),
        (left, y),
        (right, y),
        (x + half_w - r / 2, below),
        (x - half_w + r / 2, below),
        (x + half_w - r / 2, above),
        (x - half_w + r / 2, above),
        (x, below + 2 * half_h),
        (x, above - 2 * half_h),
    ]


def label_box(at: Point, text: str, pad: float = 0.0) -> Box:
    """The box an area label centred at `at` takes (left, top, right, bottom), `pad` px more
    on every side."""
    half_w, half_h = label_width(text) / 2 + pad, AREA_LABEL_FONT / 2 + pad
    return at[0] - half_w, at[1] - half_h, at[0] + half_w, at[1] + half_h


def _overlap_area(a: Box, b: Box) -> float:
    if a[0] >= b[2] or b[0] >= a[2] or a[1] >= b[3] or b[1] >= a[3]:
        return 0.0
    return (min(a[2], b[2]) - max(a[0], b[0])) * (min(a[3], b[3]) - max(a[1], b[1]))


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
