"""Square geometry on the 8x8 board: names a1-h8, straight lines and knight's jumps."""

from __future__ import annotations

FILES = "abcdefgh"
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
ORTH_DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAG_DIRS = ((1, 1), (1, -1), (-1, -1), (-1, 1))


def all_squares() -> list[str]:
    """Every square, a1 … h8, rank by rank."""
    return [f"{f}{r}" for r in range(1, 9) for f in FILES]


def is_square(text: str) -> bool:
    """True for a square name a1-h8."""
    return len(text) == 2 and text[0] in FILES and text[1] in "12345678"


def xy(square: str) -> tuple[int, int]:
    """File and rank of a square, both 0-based."""
    return FILES.index(square[0]), int(square[1]) - 1


def name(x: int, y: int) -> str | None:
    """The square at 0-based file x and rank y, or None off the board."""
    return f"{FILES[x]}{y + 1}" if 0 <= x < 8 and 0 <= y < 8 else None


def directions(lines: tuple[str, ...]) -> list[tuple[int, int]]:
    """The unit steps a card's 'orthogonal' / 'diagonal' allows."""
    found: list[tuple[int, int]] = []
    if "orthogonal" in lines:
        found += ORTH_DIRS
    if "diagonal" in lines:
        found += DIAG_DIRS
    return found


def ray(start: str, step: tuple[int, int], length: int) -> list[str] | None:
    """The squares entered going `length` steps from `start` (not including it), or None."""
    x, y = xy(start)
    path = []
    for i in range(1, length + 1):
        square = name(x + step[0] * i, y + step[1] * i)
        if square is None:
            return None
        path.append(square)
    return path


def knight_jumps(start: str) -> list[str]:
    """The squares a knight's jump from `start` reaches."""
    x, y = xy(start)
    found = [name(x + dx, y + dy) for dx, dy in KNIGHT_STEPS]
    return sorted(s for s in found if s is not None)


def line_between(a: str, b: str) -> tuple[str, int, list[str]] | None:
    """('orthogonal'|'diagonal', distance, squares strictly between) on a shared line, else None."""
    (ax, ay), (bx, by) = xy(a), xy(b)
    dx, dy = bx - ax, by - ay
    if (dx, dy) == (0, 0) or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    steps = max(abs(dx), abs(dy))
    unit = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    between = [name(ax + unit[0] * i, ay + unit[1] * i) or "" for i in range(1, steps)]
    return ("orthogonal" if dx == 0 or dy == 0 else "diagonal"), steps, between


def knight_apart(a: str, b: str) -> bool:
    """True when b is a knight's jump from a."""
    return b in knight_jumps(a)
