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


def disc(centre: Point, radius: float, corners: int = 12) -> Polygon:
    """Return a small round polygon (a head, a stone) at `centre` in the unit box."""
    return tuple((centre[0] + radius * x, centre[1] + radius * y)
                 for x, y in regular_polygon(corners, 15.0))


OTHER: tuple[Polygon, ...] = (regular_polygon(8, 22.5),)
BURST: Polygon = star(8, 0.5)
CENTRE: Polygon = star(5, 0.45)
COUNTER: tuple[Polygon, ...] = (  # a counter's shape; the renderer sizes it to its label
    ((-1.0, -0.7), (-0.8, -1.0), (0.8, -1.0), (1.0, -0.7), (1.0, 0.7), (0.8, 1.0),
     (-0.8, 1.0), (-1.0, 0.7)),
)
FIGURE: tuple[Polygon, ...] = (  # a standing person: David, Goliath
    disc((0.0, -0.68), 0.3),
    ((-0.55, -0.3), (0.55, -0.3), (0.38, 0.3), (0.3, 1.0), (0.06, 1.0), (0.0, 0.45),
     (-0.06, 1.0), (-0.3, 1.0), (-0.38, 0.3)),
)
PROPHET: tuple[Polygon, ...] = (  # a robed figure with a staff
    disc((-0.12, -0.66), 0.28),
    ((-0.62, 1.0), (0.4, 1.0), (0.22, -0.3), (-0.46, -0.3)),
    ((0.5, -1.0), (0.8, -1.0), (0.8, -0.8), (0.68, -0.8), (0.68, 1.0), (0.5, 1.0)),
)
FALSE_PROPHET: tuple[Polygon, ...] = (  # a robed figure, horned, with no staff
    ((-0.5, -0.95), (-0.28, -0.62), (0.08, -0.62), (0.3, -0.95), (0.3, -0.4), (-0.5, -0.4)),
    ((-0.7, 1.0), (0.5, 1.0), (0.3, -0.3), (-0.5, -0.3)),
)
ALTAR: tuple[Polygon, ...] = (  # a horned altar of stone
    ((-0.85, 1.0), (0.85, 1.0), (0.85, -0.3), (0.65, -0.75), (0.45, -0.3), (-0.45, -0.3),
     (-0.65, -0.75), (-0.85, -0.3)),
)
IDOL: tuple[Polygon, ...] = (  # a statue on its pedestal
    ((-0.65, 1.0), (0.65, 1.0), (0.65, 0.6), (0.3, 0.6), (0.3, -0.15), (0.45, -0.5),
     (0.2, -1.0), (-0.2, -1.0), (-0.45, -0.5), (-0.3, -0.15), (-0.3, 0.6), (-0.65, 0.6)),
)
CUBE: tuple[Polygon, ...] = (((-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)),)
SPEAR: tuple[Polygon, ...] = (
    ((-0.95, 0.8), (0.45, -0.6), (0.55, -0.5), (-0.85, 0.9)),
    ((0.3, -0.55), (1.0, -1.0), (0.55, -0.3)),
)
STONES: tuple[Polygon, ...] = (
    disc((-0.45, 0.4), 0.42), disc((0.45, 0.4), 0.42), disc((0.0, -0.35), 0.42),
)
TREE: tuple[Polygon, ...] = (
    ((-0.14, 1.0), (0.14, 1.0), (0.14, 0.3), (-0.14, 0.3)),
    disc((0.0, -0.25), 0.68, 16),
)
ROCK: tuple[Polygon, ...] = (
    ((-0.95, 0.75), (-0.75, -0.05), (-0.35, -0.6), (0.15, -0.75), (0.7, -0.35), (0.95, 0.45),
     (0.65, 0.8)),
)
CITY_MARK: tuple[Polygon, ...] = FORTRESS  # an area that holds a walled city

PIECE_GLYPHS: dict[str, tuple[Polygon, ...]] = {
    "village": VILLAGE,
    "city": CITY,
    "fortress": FORTRESS,
    "capital": CAPITAL,
    "army": ARMY,
    "fleet": FLEET,
    "card": CARD,
    "stack": COUNTER,
    "unit": COUNTER,
    "elite": COUNTER,
    "fort": COUNTER,
    "sin": COUNTER,
    "figure": FIGURE,
    "prophet": PROPHET,
    "false-prophet": FALSE_PROPHET,
    "altar": ALTAR,
    "idol": IDOL,
    "cube": CUBE,
    "spear": SPEAR,
    "stones": STONES,
}
# drawn as a counter with the label inside
COUNTER_KINDS = frozenset({"stack", "unit", "elite", "fort", "sin"})
BANDED_KINDS = frozenset({"elite"})  # counters with a white band inside their rim
MARK_GLYPHS: dict[str, tuple[Polygon, ...]] = {"city": CITY_MARK, "rock": ROCK, "tree": TREE}


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


def place_box(polygon: Polygon, centre: Point, half_width: float, half_height: float) -> Polygon:
    """Scale a unit polygon to a box `half_width` by `half_height` about `centre`."""
    cx, cy = centre
    return tuple((cx + x * half_width, cy + y * half_height) for x, y in polygon)
