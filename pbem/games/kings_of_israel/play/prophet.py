"""The False Prophet of the Expert Version: where he moves, his sin, and his return."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.games.kings_of_israel.sin import increase
from pbem.games.kings_of_israel.state import KIState

APPEARS = {2: "Baasha", 3: "Solomon", 4: "Saul"}


def occupied(state: KIState) -> set[str]:
    """Locations with a prophet of the players."""
    return {p.at for p in state.prophets.values()}


def closed(state: KIState) -> set[str]:
    """Where he never goes: a prophet's location or a destroyed one."""
    return occupied(state) | set(state.destroyed)


def stays(state: KIState) -> bool:
    """True when he stands at an Altar with no prophet there, and so does not move."""
    here = state.false_prophet
    return here is not None and here in state.altars and here not in occupied(state)


def move_options(state: KIState) -> tuple[str, list[str]]:
    """His wish (altar, idol, least sin or stay) and the places that fulfil it equally."""
    here = state.false_prophet
    if here is None or stays(state):
        return "stay", []
    board = state.board
    near = [*board.road_neighbours(here), *board.sea_neighbours(here)]
    free = [p for p in board.locations() if p in near and p not in closed(state)]
    if not free:
        return "stay", []
    altars = [p for p in free if p in state.altars]
    if altars:
        return "altar", altars
    idols = [p for p in free if p in state.idols]
    if idols:
        return "idol", idols
    least = min(state.sin.get(p, 0) for p in free)
    return "least sin", [p for p in free if state.sin.get(p, 0) == least]


def move_to(state: KIState, place: str | None, events: list[Event]) -> None:
    """Move him (or not), then he adds a Sin Cube where he stands."""
    here = state.false_prophet
    if here is None:
        return
    if place is not None and place != here:
        state.false_prophet = place
        events.append(Event(code="ki.prophet_moved", data={"from": here, "to": place}))
    else:
        events.append(Event(code="ki.prophet_stays", data={"place": here}))
    before = set(state.idols)
    increase(state, state.false_prophet or here, set(), events)
    _idols_break_altars(state, [p for p in state.idols if p not in before], events)


def _idols_break_altars(state: KIState, made: list[str], events: list[Event]) -> None:
    """Every Idol his cube made, at his place or where its sin spread, destroys an Altar there."""
    for place in made:
        if place in state.altars:
            state.altars.remove(place)
            data = {"place": place, "why": "false prophet"}
            events.append(Event(code="ki.altar_lost", data=data))


def return_options(state: KIState) -> list[str]:
    """Where the Starting Player may put a new False Prophet: any location without a prophet
    that is not destroyed."""
    taken = closed(state)
    places = [p for p in state.board.locations() if p not in taken]
    return sorted(places, key=lambda p: (-state.sin.get(p, 0), state.board.locations().index(p)))
