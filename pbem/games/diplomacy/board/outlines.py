"""The drawn shape of every province: the part of the map nearer to one of its points than to
any other province's (a Voronoi partition of the board's points, clipped to the map's frame).

The board file gives each province its label point and, in `shapes`, more points along its
extent; scenery (Switzerland) adds land no unit enters. The partition is built from a
Delaunay triangulation: the border between two neighbouring points runs between the centres
of the circles through the two triangles they share, so shared borders are identical on both
sides and a province's outline is its points' cells joined. Computed once per board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pbem.games.diplomacy.content import Board

Point = tuple[float, float]
FRAME_GAP = 70.0  # map units between the frame and the ring of points that bounds it
FRAME_STEP = 45.0
OUTSIDE = "~"  # the owner of the ring's points


@dataclass(frozen=True)
class Frame:
    """The map's rectangle in map units."""

    width: float
    height: float


def frame_of(board: Board) -> Frame:
    """The rectangle round every point of the board, with a margin."""
    points = [(p.x, p.y) for p in board.provinces]
    points += [xy for p in board.provinces for xy in p.shape]
    points += [xy for s in board.scenery for xy in s.points]
    return Frame(max(x for x, _ in points) + 20.0, max(y for _, y in points) + 20.0)


def seeds(board: Board, frame: Frame) -> list[tuple[Point, str]]:
    """Every point and the area it belongs to (a province, scenery, or the outside ring)."""
    found: list[tuple[Point, str]] = []
    for p in board.provinces:
        found += [((p.x, p.y), p.id)] + [(xy, p.id) for xy in p.shape]
    for s in board.scenery:
        found += [(xy, s.id) for xy in s.points]
    found += [(xy, OUTSIDE) for xy in _ring(frame)]
    return found


def _ring(frame: Frame) -> list[Point]:
    left, top = -FRAME_GAP, -FRAME_GAP
    right, bottom = frame.width + FRAME_GAP, frame.height + FRAME_GAP
    xs = _steps(left, right)
    ys = _steps(top, bottom)
    return ([(x, top) for x in xs] + [(x, bottom) for x in xs]
            + [(left, y) for y in ys[1:-1]] + [(right, y) for y in ys[1:-1]])


def _steps(start: float, end: float) -> list[float]:
    count = max(2, math.ceil((end - start) / FRAME_STEP) + 1)
    return [start + (end - start) * i / (count - 1) for i in range(count)]


Triangle = tuple[int, int, int]


def triangulate(points: list[Point]) -> list[Triangle]:
    """Delaunay triangles of `points` (Bowyer-Watson), each counter-clockwise."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) * 20.0
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    every = [*points, (cx - span, cy - span), (cx + span, cy - span), (cx, cy + span)]
    n = len(points)
    triangles: list[Triangle] = [_ccw(every, (n, n + 1, n + 2))]
    circles = {triangles[0]: _circle(every, triangles[0])}
    for index in range(n):
        bad = [t for t in triangles if _inside(circles[t], every[index])]
        hole = _boundary(bad)
        triangles = [t for t in triangles if t not in set(bad)]
        for a, b in hole:
            made = _ccw(every, (a, b, index))
            triangles.append(made)
            circles[made] = _circle(every, made)
    return [t for t in triangles if max(t) < n]


def _ccw(points: list[Point], t: Triangle) -> Triangle:
    (ax, ay), (bx, by), (cx, cy) = points[t[0]], points[t[1]], points[t[2]]
    turn = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    return t if turn > 0 else (t[0], t[2], t[1])


def _circle(points: list[Point], t: Triangle) -> tuple[float, float, float]:
    centre = circumcentre(points, t)
    return centre[0], centre[1], math.dist(centre, points[t[0]])


def circumcentre(points: list[Point], t: Triangle) -> Point:
    """The centre of the circle through a triangle's corners."""
    (ax, ay), (bx, by), (cx, cy) = points[t[0]], points[t[1]], points[t[2]]
    d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
    a2, b2, c2 = ax * ax + ay * ay, bx * bx + by * by, cx * cx + cy * cy
    return ((a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d,
            (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d)


def _inside(circle: tuple[float, float, float], p: Point) -> bool:
    return math.dist((circle[0], circle[1]), p) < circle[2] - 1e-9


def _boundary(bad: list[Triangle]) -> list[tuple[int, int]]:
    """The edges of the cavity the bad triangles leave, each once, in their own direction."""
    count: dict[frozenset[int], int] = {}
    edges = []
    for a, b, c in bad:
        for edge in ((a, b), (b, c), (c, a)):
            key = frozenset(edge)
            count[key] = count.get(key, 0) + 1
            edges.append(edge)
    return [e for e in edges if count[frozenset(e)] == 1]


def outlines(board: Board) -> dict[str, list[Point]]:
    """Each area's outline (provinces and scenery), clipped to the frame, in map units."""
    frame = frame_of(board)
    placed = seeds(board, frame)
    points = [xy for xy, _ in placed]
    owner = [area for _, area in placed]
    triangles = triangulate(points)
    centres = [circumcentre(points, t) for t in triangles]
    loops = _loops(triangles, owner)
    found = {}
    for area, rings in loops.items():
        if area == OUTSIDE:
            continue
        best = max(rings, key=lambda ring: abs(_area([centres[i] for i in ring])))
        polygon = _clip([centres[i] for i in best], frame)
        found[area] = [(round(x, 1), round(y, 1)) for x, y in _simplify(polygon)]
    return found


def _loops(triangles: list[Triangle], owner: list[str]) -> dict[str, list[list[int]]]:
    """Each area's boundary as rings of triangle indices (circumcentres), counter-clockwise."""
    by_edge: dict[tuple[int, int], int] = {}
    for index, (a, b, c) in enumerate(triangles):
        for edge in ((a, b), (b, c), (c, a)):
            by_edge[edge] = index
    following: dict[str, dict[int, int]] = {}
    for (a, b), left in by_edge.items():
        right = by_edge.get((b, a))
        if right is not None and owner[a] != owner[b]:
            # the border of a's area between the triangles on either side of edge a-b
            following.setdefault(owner[a], {})[right] = left
    return {area: _chain(steps) for area, steps in following.items()}


def _chain(steps: dict[int, int]) -> list[list[int]]:
    rings, left = [], dict(steps)
    while left:
        start, _ = next(iter(left.items()))
        ring, here = [], start
        while here in left:
            ring.append(here)
            here = left.pop(here)
        rings.append(ring)
    return rings


def _area(polygon: list[Point]) -> float:
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in
               zip(polygon, polygon[1:] + polygon[:1], strict=True)) / 2


def _clip(polygon: list[Point], frame: Frame) -> list[Point]:
    """The polygon cut to the frame (Sutherland-Hodgman, one side at a time)."""
    sides = [(0, 0.0, 1), (0, frame.width, -1), (1, 0.0, 1), (1, frame.height, -1)]
    for axis, limit, sign in sides:
        if not polygon:
            break
        polygon = _clip_side(polygon, axis, limit, sign)
    return polygon


def _clip_side(polygon: list[Point], axis: int, limit: float, sign: int) -> list[Point]:
    def inside(p: Point) -> bool:
        return (p[axis] - limit) * sign >= 0

    def cut(p: Point, q: Point) -> Point:
        t = (limit - p[axis]) / (q[axis] - p[axis])
        return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t

    result: list[Point] = []
    for p, q in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if inside(q):
            if not inside(p):
                result.append(cut(p, q))
            result.append(q)
        elif inside(p):
            result.append(cut(p, q))
    return result


def _simplify(polygon: list[Point]) -> list[Point]:
    """Drop corners closer than a unit to the one before (cocircular points make them)."""
    kept: list[Point] = []
    for p in polygon:
        if not kept or math.dist(p, kept[-1]) > 1.0:
            kept.append(p)
    if len(kept) > 1 and math.dist(kept[0], kept[-1]) <= 1.0:
        kept.pop()
    return kept


_CACHE: dict[str, dict[str, list[Point]]] = {}


def board_outlines(board: Board) -> dict[str, list[Point]]:
    """The outlines of `board`, computed once per board."""
    key = board.digest or board.name
    if key not in _CACHE:
        _CACHE[key] = outlines(board)
    return _CACHE[key]
