"""Where on the canvas a scene's items may paint: pixel boxes, merged into disjoint patches.

The PNG renderer repaints only these patches over a cached board, so their bounds must be
generous: a stroke's half width, line caps, text halos and wide glyphs all fall inside.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from pbem.render.scene import Item, Text

PixelBox = tuple[int, int, int, int]  # left, top, right, bottom; right and bottom exclusive
SLACK = 3.0  # pixels of margin round every item, for anti-aliasing and rounding
HALO = 3.0  # a text halo's reach, in scene pixels
Measure = Callable[[Text], float]  # a text's drawn width in scene pixels


def item_box(item: Item, scale: float, measure: Measure) -> PixelBox:
    """Return a box, in output pixels, that holds everything the item paints."""
    if isinstance(item, Text):
        width = measure(item) + 2 * HALO
        left = {"start": 0.0, "middle": 0.5, "end": 1.0}[item.anchor] * width
        x, y = item.at[0] - left, item.at[1]
        return _box(((x, y), (x + width, y)), scale, HALO, item.size + HALO)
    reach = (item.radius if item.kind == "circle" else 0.0) + item.stroke_width
    return _box(item.points, scale, reach, reach)


def _box(
    points: tuple[tuple[float, float], ...], scale: float, reach_x: float, reach_y: float
) -> PixelBox:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (
        math.floor((min(xs) - reach_x) * scale - SLACK),
        math.floor((min(ys) - reach_y) * scale - SLACK),
        math.ceil((max(xs) + reach_x) * scale + SLACK),
        math.ceil((max(ys) + reach_y) * scale + SLACK),
    )


def overlaps(a: PixelBox, b: PixelBox) -> bool:
    """Tell whether two boxes share any pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def clamp(box: PixelBox, size: tuple[int, int]) -> PixelBox:
    """Return the part of a box inside a canvas of `size`."""
    return max(0, box[0]), max(0, box[1]), min(size[0], box[2]), min(size[1], box[3])


def patches(
    items: list[Item], scale: float, size: tuple[int, int], measure: Measure
) -> list[tuple[PixelBox, list[Item]]]:
    """Group items into disjoint boxes on the canvas, each with its items in painting order."""
    groups = [(item_box(item, scale, measure), [index]) for index, item in enumerate(items)]
    while True:  # merged boxes may overlap boxes they did not overlap before: merge again
        merged = _merge(groups)
        if len(merged) == len(groups):
            break
        groups = merged
    result = []
    for box, indices in groups:
        inside = clamp(box, size)
        if inside[0] < inside[2] and inside[1] < inside[3]:
            result.append((inside, [items[i] for i in sorted(indices)]))
    return result


Group = tuple[PixelBox, list[int]]


def _merge(groups: list[Group]) -> list[Group]:
    """One pass: join every group with the groups it overlaps (a sweep from left to right)."""
    parent = list(range(len(groups)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    active: list[int] = []
    for i in sorted(range(len(groups)), key=lambda k: groups[k][0][0]):
        box = groups[i][0]
        active = [j for j in active if groups[j][0][2] > box[0]]
        for j in active:
            if overlaps(box, groups[j][0]):
                parent[root(j)] = root(i)
        active.append(i)
    joined: dict[int, Group] = {}
    for i, (box, members) in enumerate(groups):
        top = root(i)
        if top in joined:
            joined[top] = (_union(joined[top][0], box), joined[top][1] + members)
        else:
            joined[top] = (box, list(members))
    return list(joined.values())


def _union(a: PixelBox, b: PixelBox) -> PixelBox:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])
