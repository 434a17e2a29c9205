"""Square names and geometry on a chessboard of any size: a1 is p1's left back corner."""

from __future__ import annotations

import functools
import re

FILES = "abcdefghijkl"
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
SQUARE = re.compile(r"^([a-l])(1[0-2]|[1-9])$")
_COORDS = {f"{f}{r}": (i, r) for i, f in enumerate(FILES) for r in range(1, 13)}  # every square


def name(file: int, rank: int) -> str:
    """The name of the square at 0-based `file` and 1-based `rank`, e.g. (0, 1) -> 'a1'."""
    return f"{FILES[file]}{rank}"


def parse(text: str, size: int) -> tuple[int, int] | None:
    """(file, rank) of a square name on a `size` board, or None if it is not one."""
    found = SQUARE.match(text.strip().lower())
    if not found:
        return None
    file, rank = FILES.index(found.group(1)), int(found.group(2))
    return (file, rank) if file < size and rank <= size else None


def valid(text: str, size: int) -> bool:
    """True when `text` names a square of the board."""
    return parse(text, size) is not None


def coords(square: str) -> tuple[int, int]:
    """(file, rank) of a square name known to be valid."""
    found = _COORDS.get(square)
    return found if found is not None else (FILES.index(square[0]), int(square[1:]))


def step(square: str, delta: tuple[int, int], size: int) -> str | None:
    """The square `delta` away, or None when that is off the board."""
    file, rank = coords(square)
    f, r = file + delta[0], rank + delta[1]
    return name(f, r) if 0 <= f < size and 1 <= r <= size else None


def neighbours(square: str, size: int) -> list[str]:
    """The up to eight squares one king's step away, in a fixed order."""
    return list(near(square, size))


@functools.lru_cache(maxsize=4096)
def near(square: str, size: int) -> tuple[str, ...]:
    """`neighbours` as a tuple, worked out once per square and board size."""
    return tuple(s for d in DIRECTIONS if (s := step(square, d, size)) is not None)


def knight_squares(square: str, size: int) -> list[str]:
    """The squares a chess knight's move away."""
    return [s for d in KNIGHT if (s := step(square, d, size)) is not None]


def distance(a: str, b: str) -> int:
    """King-step distance between two squares."""
    (fa, ra), (fb, rb) = coords(a), coords(b)
    return max(abs(fa - fb), abs(ra - rb))


def line_between(a: str, b: str) -> list[str] | None:
    """The squares strictly between a and b on one rank, file or diagonal; None if not on one."""
    (fa, ra), (fb, rb) = coords(a), coords(b)
    df, dr = fb - fa, rb - ra
    if (df, dr) == (0, 0) or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return None
    sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
    steps = max(abs(df), abs(dr))
    return [name(fa + sf * i, ra + sr * i) for i in range(1, steps)]


def forward(seat_index: int) -> int:
    """The rank direction a seat faces: +1 for the first seat, -1 for the second."""
    return 1 if seat_index == 0 else -1


def all_squares(size: int) -> list[str]:
    """Every square, a1, b1, … rank by rank."""
    return [name(f, r) for r in range(1, size + 1) for f in range(size)]


def sort_key(square: str) -> tuple[int, int]:
    """Order squares rank by rank, then file."""
    file, rank = coords(square)
    return rank, file
