"""How a game ends: a solo victory, a draw or concession agreed by vote, or the last year
played; and the standings, most supply centres first."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.games.diplomacy.state import DipState


def solo(state: DipState) -> str | None:
    """The power that owns enough centres to win, if any."""
    counts = state.centre_counts()
    best = max(counts, key=lambda p: (counts[p], p), default=None)
    return best if best is not None and counts[best] >= state.victory else None


def finish(state: DipState, how: str, winners: list[str], events: list[Event]) -> None:
    """End the game: `how` is solo, draw, concession or last_year; `winners` share it."""
    state.step = "over"
    names = ", ".join(state.board.power(p).name for p in winners)
    state.note = {"solo": f"{names} won with {state.victory} or more supply centres.",
                  "draw": f"Drawn by unanimous vote: {names}.",
                  "concession": f"The other players conceded to {names}.",
                  "last_year": f"The last year was played; the game is drawn among {names}."}[how]
    state.result = standings(state, how, winners)
    events.append(Event(code=f"dip.end_{how}", data={"powers": names, "year": state.year}))


def standings(state: DipState, how: str, winners: list[str]) -> list[dict[str, Any]]:
    """One row per player, most centres first: power, centres, units and the result."""
    draw = how in ("draw", "last_year") and len(winners) > 1
    rows = []
    for seat, power in state.powers.items():
        result = ("draw" if draw else "win") if power in winners else "loss"
        rows.append({"seat": seat, "power": state.board.power(power).name,
                     "centres": state.centre_count(power), "units": len(state.units_of(power)),
                     "result": result})
    return sorted(rows, key=lambda r: (r["result"] == "loss", -r["centres"], r["seat"]))
