"""Where a report's map is cut for a phone: a map wider than a phone shows legibly is sent as
strips of the board that sit side by side on a desktop (the whole map, seamless) and one above
another on a phone, each scaled to the screen with its text still legible, and its legend as a
strip of its own. A map that fits is one strip: the whole picture.

Cuts run where they cross the fewest labels and pieces: between a cell's label and its pieces.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from pbem.core.board import Picture
from pbem.render.areas import area_label, label_box, text_width
from pbem.render.dirty import PixelBox
from pbem.render.layout import LEGIBLE_PX, MARGIN, MIN_TEXT, Layout, id_label_at

PHONE_MAP_BOX = 370.0  # CSS px a report's map is shown in on a 390 px phone
LABEL_COST = 4  # crossing a label costs this many times crossing a cell's middle
MIDDLE = 0.45  # a cell's pieces and settlement lie within this many radii of its centre
SEARCH = 0.15  # a cut may move this share of a strip's width from an even split


@dataclass(frozen=True)
class Strip:
    """One picture of a report's map: its box in the drawn map and its content id."""

    box: PixelBox
    cid: str

    @property
    def width(self) -> int:
        """How many pixels wide the strip is drawn."""
        return self.box[2] - self.box[0]


def strip_limit(scale: float) -> float:
    """The widest strip drawn at `scale` whose smallest text (MIN_TEXT) a phone still shows at
    LEGIBLE_PX when it scales the strip to PHONE_MAP_BOX."""
    return PHONE_MAP_BOX * MIN_TEXT * scale / LEGIBLE_PX


def strips(picture: Picture, layout: Layout, scale: float = 1.0) -> list[Strip]:
    """The strips a map drawn at `scale` is sent as: the whole picture when it fits a phone,
    else the board cut into columns and the legend below them."""
    width, height = round(layout.width * scale), round(layout.height * scale)
    limit = strip_limit(scale)
    if width <= limit:
        return [Strip((0, 0, width, height), "map")]
    bottom = _board_bottom(layout, scale, height)
    edges = [0, *_cuts(picture, layout, scale, width, limit), width]
    boxes = [(left, 0, right, bottom) for left, right in itertools.pairwise(edges)]
    if layout.legend is not None:
        x, _, w, _ = layout.legend.box
        right = min(width, math.ceil((x + w + MARGIN) * scale))
        boxes.append((0, bottom, right, height))
    return [Strip(box, "map" if n == 0 else f"map-{n + 1}") for n, box in enumerate(boxes)]


def _board_bottom(layout: Layout, scale: float, height: int) -> int:
    """Where the board ends and the legend begins (half way through the margin between)."""
    if layout.legend is None:
        return height
    return round((layout.legend.box[1] - MARGIN / 2) * scale)


def _cuts(picture: Picture, layout: Layout, scale: float, width: int, limit: float) -> list[int]:
    """Where to cut the board, left to right: as evenly as the strips allow, each cut moved to
    where it crosses the least."""
    count = math.ceil(width / limit)
    cost = _crossing_cost(picture, layout, scale, width)
    cuts, left = [], 0
    for number in range(1, count):
        aim = left + (width - left) / (count - number + 1)
        low, high = max(left + 1, math.ceil(width - (count - number) * limit)), int(left + limit)
        reach = max(1, min(aim - low, high - aim, SEARCH * limit))
        span = range(max(low, int(aim - reach)), min(high, int(aim + reach)) + 1)
        best = min(span, key=lambda x: (cost[x], abs(x - aim)))
        cuts.append(best)
        left = best
    return cuts


def _crossing_cost(picture: Picture, layout: Layout, scale: float, width: int) -> list[int]:
    """For each pixel column, how much a cut there would cross: labels and cells' middles."""
    delta = [0] * (width + 2)

    def cover(x0: float, x1: float, weight: int) -> None:
        first, last = max(0, int(x0 * scale)), min(width, math.ceil(x1 * scale))
        if first <= last:
            delta[first] += weight
            delta[last + 1] -= weight

    for cell in picture.cells:
        geo = layout.cells.get(cell.id)
        if geo is None:
            continue
        reach = MIDDLE * geo.radius
        cover(geo.centre[0] - reach, geo.centre[0] + reach, 1)
        text = area_label(cell) if geo.kind == "area" else cell.label or cell.id
        if geo.kind == "area":
            left, _, right, _ = label_box(id_label_at(geo), text)
        else:
            half = text_width(text, MIN_TEXT) / 2
            left, right = id_label_at(geo)[0] - half, id_label_at(geo)[0] + half
        cover(left, right, LABEL_COST)
    cost, running = [], 0
    for step in delta[: width + 1]:
        running += step
        cost.append(running)
    return cost
