"""Arrows bent clear of place labels: an arrow whose straight shaft would run over a label is
drawn through a point beside its middle instead, the nearest such point that clears every
label (or, where none does, crosses the fewest)."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import replace

from pbem.core.board import Picture
from pbem.render.areas import area_label, label_box, text_width
from pbem.render.layout import MIN_TEXT, ArrowGeometry, Layout, id_label_at

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom

BENDS = (12.0, -12.0, 20.0, -20.0, 30.0, -30.0, 42.0, -42.0, 56.0, -56.0)  # px beside the middle
PAD = 2.0  # kept clear round a label, for its halo and the arrow's outline
START_SLIDE = 0.4  # how far along its shaft an arrow's start may move out from under a label
START_STEPS = 16


def label_boxes(picture: Picture, layout: Layout) -> dict[str, Box]:
    """The box of every place's label on the map (hex ids, area names), by place."""
    boxes = {}
    for cell in picture.cells:
        geo = layout.cells.get(cell.id)
        if geo is None or geo.kind == "square":
            continue  # a square board's labels are beside it, on its axes
        if geo.kind == "area":
            boxes[cell.id] = label_box(id_label_at(geo), area_label(cell), PAD)
            continue
        x, y = id_label_at(geo)
        half_w, half_h = text_width(cell.label or cell.id, MIN_TEXT) / 2 + PAD, MIN_TEXT / 2
        boxes[cell.id] = (x - half_w, y - half_h, x + half_w, y + half_h)
    return boxes


def others(boxes: dict[str, Box], ends: tuple[str, str]) -> list[Box]:
    """The labels an arrow between `ends` must keep clear of: all but its own places'."""
    return [box for cell, box in boxes.items() if cell not in ends]


def route(geo: ArrowGeometry, boxes: Sequence[Box]) -> ArrowGeometry:
    """The arrow, bent round the labels its straight shaft would cross (an arrow with a stop
    bar or an attack's cross stays straight: those marks sit on its middle)."""
    return _routed(geo, tuple(boxes))


@functools.lru_cache(maxsize=2048)  # every reader of a phase sees the same arrows and labels
def _routed(geo: ArrowGeometry, boxes: tuple[Box, ...]) -> ArrowGeometry:
    """route's answer, kept: a pure function of the arrow and the labels round it."""
    start, neck = geo.shaft[0], geo.shaft[-1]
    if not geo.head or geo.bar or geo.cross or not crossed((start, neck), boxes):
        return geo
    tip = geo.head[0]
    start = _clear_start(start, tip, boxes)
    if not crossed((start, neck), boxes):
        return replace(geo, shaft=(start, neck))
    (mx, my), length = _mid(start, tip), max(1e-9, math.dist(start, tip))
    nx, ny = (start[1] - tip[1]) / length, (tip[0] - start[0]) / length
    corners = _corners((start, tip), boxes)
    candidates: list[tuple[Point, ...]] = [((mx + nx * bend, my + ny * bend),) for bend in BENDS]
    candidates += sorted([(c,) for c in corners] + [(a, b) for a in corners for b in corners
                                                    if a != b and (a[0] == b[0] or a[1] == b[1])],
                         key=lambda way: _length((start, *way, tip)))
    best: tuple[int, tuple[Point, ...]] | None = None
    for way in candidates:
        points = (start, *way, tip)
        count = sum(crossed(leg, boxes) for leg in itertools.pairwise(points))
        if best is None or count < best[0]:
            best = (count, way)
        if count == 0:
            break
    assert best is not None
    head, neck = _head_from(geo.head, best[1][-1])
    return replace(geo, shaft=(start, *best[1], neck), head=head)


def _length(points: tuple[Point, ...]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def _corners(segment: tuple[Point, Point], boxes: Sequence[Box]) -> list[Point]:
    """Points just outside the corners of the labels `segment` runs through: a way round a
    label too wide for a bend beside the middle to clear."""
    out = PAD + 1.0
    return [(x, y) for left, top, right, bottom in (b for b in boxes if _through(segment, b))
            for x in (left - out, right + out) for y in (top - out, bottom + out)]


def _clear_start(start: Point, tip: Point, boxes: Sequence[Box]) -> Point:
    """Where the shaft may start: `start`, or where its straight line first leaves a label that
    covers it (no further than START_SLIDE of the way to the tip), so a place whose arrow starts
    under a neighbour's label does not strike through it."""
    if not any(_inside(start, box) for box in boxes):
        return start
    for step in range(1, START_STEPS + 1):
        share = START_SLIDE * step / START_STEPS
        point = (start[0] + (tip[0] - start[0]) * share, start[1] + (tip[1] - start[1]) * share)
        if not any(_inside(point, box) for box in boxes):
            return point
    return start


def _inside(point: Point, box: Box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def crossed(segment: tuple[Point, Point], boxes: Sequence[Box]) -> int:
    """How many of `boxes` the segment runs through."""
    return sum(1 for box in boxes if _through(segment, box))


def _through(segment: tuple[Point, Point], box: Box) -> bool:
    """Whether a segment meets a box (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = segment
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _head_from(head: tuple[Point, ...], back: Point) -> tuple[tuple[Point, ...], Point]:
    """The same arrowhead turned to point from `back` to its tip, and its new neck."""
    tip, left, right = head
    base = _mid(left, right)
    length, half = math.dist(tip, base), math.dist(left, right) / 2
    span = max(1e-9, math.dist(back, tip))
    ux, uy = (tip[0] - back[0]) / span, (tip[1] - back[1]) / span
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    turned = (tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half))
    return turned, (tip[0] - ux * length * 0.8, tip[1] - uy * length * 0.8)


def _mid(a: Point, b: Point) -> Point:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2

