"""Simple piece and mark glyphs as polygons in a unit box (x and y in -1..1, y pointing down)."""

from __future__ import annotations

import math

Point = tuple[float, float]
Polygon = tuple[Point, ...]

VILLAGE: tuple[Polygon, ...] = (
    ((-0.75, 1.0), (0.75, 1.0), (0.75, -0.1), (0.0, -0.9), (-0.75, -0.1)),
)
CITY: tuple[Polygon, ...] = (
    (
        (-1.0, 1.0),
        (1.0, 1.0),
        (1.0, 0.0),
        (0.45, -0.5),
        (-0.1, 0.0),
        (-0.1, -0.55),
        (-0.55, -1.0),
        (-1.0, -0.55),
    ),
)
FORTRESS: tuple[Polygon, ...] = (
    (
        (-1.0, 1.0),
        (1.0, 1.0),
        (1.0, -0.85),
        (0.6, -0.85),
        (0.6, -0.45),
        (0.2, -0.45),
        (0.2, -0.85),
        (-0.2, -0.85),
        (-0.2, -0.45),
        (-0.6, -0.45),
        (-0.6, -0.85),
        (-1.0, -0.85),
    ),
)
CAPITAL: tuple[Polygon, ...] = (
    ((-1.0, 1.0), (1.0, 1.0), (1.0, -0.75), (0.5, 0.05), (0.0, -1.0), (-0.5, 0.05), (-1.0, -0.75)),
)
ARMY: tuple[Polygon, ...] = (
    ((-0.75, 1.0), (-0.55, 1.0), (-0.55, -1.0), (-0.75, -1.0)),  # pole
    ((-0.55, -1.0), (0.85, -1.0), (0.55, -0.55), (0.85, -0.1), (-0.55, -0.1)),  # flag
)
FLEET: tuple[Polygon, ...] = (
    ((-1.0, 0.35), (1.0, 0.35), (0.65, 0.95), (-0.65, 0.95)),  # hull
    ((-0.1, 0.25), (-0.1, -1.0), (0.75, 0.25)),  # sail
)
CARD: tuple[Polygon, ...] = (((-0.7, -1.0), (0.7, -1.0), (0.7, 1.0), (-0.7, 1.0)),)
TOWER: tuple[Polygon, ...] = (
    (
        (-0.45, 1.0),
        (0.45, 1.0),
        (0.45, -0.55),
        (0.7, -0.55),
        (0.7, -1.0),
        (0.35, -1.0),
        (0.35, -0.8),
        (0.1, -0.8),
        (0.1, -1.0),
        (-0.1, -1.0),
        (-0.1, -0.8),
        (-0.35, -0.8),
        (-0.35, -1.0),
        (-0.7, -1.0),
        (-0.7, -0.55),
        (-0.45, -0.55),
    ),
)


ANCHOR: Polygon = (  # a port: an anchor's ring, stock, shank and flukes in one outline
    (-0.2, -0.62),
    (-0.6, -0.62),
    (-0.6, -0.38),
    (-0.2, -0.38),
    (-0.2, 0.62),
    (-0.62, 0.3),
    (-0.85, 0.42),
    (0.0, 1.0),
    (0.85, 0.42),
    (0.62, 0.3),
    (0.2, 0.62),
    (0.2, -0.38),
    (0.6, -0.38),
    (0.6, -0.62),
    (0.2, -0.62),
    (0.3, -0.75),
    (0.0, -1.0),
    (-0.3, -0.75),
)


def regular_polygon(corners: int, phase: float = 0.0) -> Polygon:
    """Return a regular polygon of unit circumradius, first corner at `phase` degrees from east."""
    step = 360.0 / corners
    return tuple(
        (math.cos(math.radians(phase + i * step)), math.sin(math.radians(phase + i * step)))
        for i in range(corners)
    )


def star(points: int, inner: float) -> Polygon:
    """Return a star with `points` tips of radius 1 and notches of radius `inner`."""
    outer = regular_polygon(points, -90.0)
    notches = regular_polygon(points, -90.0 + 180.0 / points)
    result: list[Point] = []
    for (ox, oy), (nx, ny) in zip(outer, notches, strict=True):
        result.extend([(ox, oy), (nx * inner, ny * inner)])
    return tuple(result)


OTHER: tuple[Polygon, ...] = (regular_polygon(8, 22.5),)
BURST: Polygon = star(8, 0.5)
CENTRE: Polygon = star(5, 0.45)

PIECE_GLYPHS: dict[str, tuple[Polygon, ...]] = {
    "village": VILLAGE,
    "city": CITY,
    "fortress": FORTRESS,
    "capital": CAPITAL,
    "army": ARMY,
    "fleet": FLEET,
    "card": CARD,
}


def piece_glyph(kind: str) -> tuple[Polygon, ...]:
    """Return the polygons of a piece kind; unknown kinds get an octagon."""
    return PIECE_GLYPHS.get(kind, OTHER)


def place(polygon: Polygon, centre: Point, scale: float, quarter_turns: int = 0) -> Polygon:
    """Scale a unit polygon, turn it clockwise by quarter turns, and move it to `centre`."""
    cx, cy = centre
    placed: list[Point] = []
    for x, y in polygon:
        for _ in range(quarter_turns % 4):
            x, y = -y, x
        placed.append((cx + x * scale, cy + y * scale))
    return tuple(placed)
