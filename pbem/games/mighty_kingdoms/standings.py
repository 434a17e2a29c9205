"""End-of-campaign standings, counted as the later edition's "might".

Village 1, city 2, fortress 2, capital 3, army 5. A captured capital counts as a city for
its captor. Ties keep the seat order.
"""

from __future__ import annotations

from typing import Any

from pbem.core.game import Outcome
from pbem.games.mighty_kingdoms.state import MKState

MIGHT_NOTE = ("Might as in the later edition: village 1, city 2, fortress 2, capital 3, army 5. "
              "Equal might: the earlier seat (p1 before p2) ranks higher.")
MIGHT_POINTS: dict[str, int] = {"villages": 1, "cities": 2, "fortresses": 2, "capitals": 3,
                                "armies": 5}
PLURAL = {"village": "villages", "city": "cities", "fortress": "fortresses",
          "capital": "capitals"}


def kingdom_row(state: MKState, seat: str) -> dict[str, Any]:
    """One kingdom's counts and its might."""
    counts = dict.fromkeys(MIGHT_POINTS, 0)
    for tile in state.controlled(seat):
        kind = state.settlement_kind(tile)
        if kind:
            counts[PLURAL[kind]] += 1
    counts["armies"] = len(state.armies_of(seat))
    might = sum(MIGHT_POINTS[key] * value for key, value in counts.items())
    return {"seat": seat, "name": state.kingdoms[seat].name, **counts, "might": might}


def standings(state: MKState) -> list[dict[str, Any]]:
    """Every kingdom, best might first; ties in seat order."""
    rows = [kingdom_row(state, seat.id) for seat in state.seats]
    return sorted(rows, key=lambda row: -int(row["might"]))


def outcome(state: MKState) -> Outcome | None:
    """The standings once the last year is over."""
    if state.stage != "over":
        return None
    return Outcome(finished=True, standings=standings(state), note=MIGHT_NOTE)
