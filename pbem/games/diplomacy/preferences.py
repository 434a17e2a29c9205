"""Power preferences from SIGNON (issue 37): each seat's line read as the board's powers, and
the powers given first come, first served in seat (sign-up) order; the rest drawn by lot."""

from __future__ import annotations

import re

from pbem.core.rng import SeededRng
from pbem.games.diplomacy.content import Board

_SEPARATORS = re.compile(r"[\s,;>/]+")


def wanted_powers(board: Board, line: str) -> list[str]:
    """The power keys a preference line names, in its order: a power's key, name or adjective,
    any case; other words and repeats are passed over."""
    names = {}
    for power in board.powers:
        for word in (power.key, power.name, power.adjective):
            names[word.lower()] = power.key
    wanted: list[str] = []
    for word in _SEPARATORS.split(line.strip().lower()):
        key = names.get(word)
        if key is not None and key not in wanted:
            wanted.append(key)
    return wanted


def assign_powers(
    board: Board, seats: list[str], played: list[str], lines: dict[str, str], rng: SeededRng
) -> dict[str, str]:
    """Seat -> power. Seats in order each take the first power on their line still free; the
    seats left get the powers left, shuffled by the seeded lot as without preferences."""
    given: dict[str, str] = {}
    for seat in seats:
        free = [p for p in wanted_powers(board, lines.get(seat, "")) if p in played]
        choice = next((p for p in free if p not in given.values()), None)
        if choice is not None:
            given[seat] = choice
    left = rng.shuffled([p for p in played if p not in given.values()], purpose="powers")
    rest = [s for s in seats if s not in given]
    return {**given, **dict(zip(rest, left, strict=False))}
