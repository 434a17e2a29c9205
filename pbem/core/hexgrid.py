"""Hex-grid geometry on axial coordinates (q, r), pointy-top layout."""

from __future__ import annotations

from typing import NamedTuple


class Hex(NamedTuple):
    """An axial hex coordinate."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate."""
        return -self.q - self.r

    def neighbour(self, direction: str) -> Hex:
        """Return the adjacent hex in a compass direction (see DIRECTIONS)."""
        dq, dr = DIRECTIONS[direction]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> list[Hex]:
        """Return the six adjacent hexes in DIRECTION_ORDER."""
        return [self.neighbour(d) for d in DIRECTION_ORDER]


# Pointy-top axial directions, named as a player reads the map.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "e": (1, 0),
    "ne": (1, -1),
    "nw": (0, -1),
    "w": (-1, 0),
    "sw": (-1, 1),
    "se": (0, 1),
}
DIRECTION_ORDER: tuple[str, ...] = ("e", "ne", "nw", "w", "sw", "se")
OPPOSITE: dict[str, str] = {"e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se", "se": "nw"}


def distance(a: Hex, b: Hex) -> int:
    """Return the number of steps between two hexes."""
    return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.s - b.s)) // 2


def direction_between(a: Hex, b: Hex) -> str | None:
    """Return the direction from `a` to adjacent `b`, or None if not adjacent."""
    for name, (dq, dr) in DIRECTIONS.items():
        if (a.q + dq, a.r + dr) == (b.q, b.r):
            return name
    return None


def ring(center: Hex, radius: int) -> list[Hex]:
    """Return the hexes exactly `radius` steps from `center`, in a fixed order."""
    if radius == 0:
        return [center]
    result: list[Hex] = []
    h = Hex(center.q - radius, center.r + radius)  # start radius steps to the south-west
    for direction in DIRECTION_ORDER:
        for _ in range(radius):
            result.append(h)
            h = h.neighbour(direction)
    return result


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Return every hex within `radius` of `center`, ring by ring."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Return the centre of a pointy-top hex of circumradius `size`."""
    x = size * (3**0.5 * h.q + 3**0.5 / 2 * h.r)
    y = size * 1.5 * h.r
    return x, y


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """Return the six corners of a pointy-top hex, starting at the top and going clockwise."""
    import math

    return [
        (
            cx + size * math.cos(math.radians(60 * i - 90)),
            cy + size * math.sin(math.radians(60 * i - 90)),
        )
        for i in range(6)
    ]
