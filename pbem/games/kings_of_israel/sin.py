"""Sin increase and spread: nations spread by road, three cubes make an Idol, Idols spread on
to their road neighbours in a chain, and a location is hit at most once per card."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.games.kings_of_israel.content import DESTRUCTION_SUPPLY, IDOL_SUPPLY
from pbem.games.kings_of_israel.state import KIState


def lose(state: KIState, reason: str, events: list[Event]) -> None:
    """The prophets lose: evil overruns Israel."""
    if state.result is None:
        state.result, state.reason, state.step = "lost", reason, "over"
        events.append(Event(code="ki.lost", data={"reason": reason}))


def increase(state: KIState, place: str, hit: set[str], events: list[Event]) -> None:
    """One sin increase at `place` for one card; `hit` holds the locations this card reached."""
    if state.board.place(place).nation:
        targets = [n for n in state.board.road_neighbours(place) if not _nation(state, n)]
        events.append(Event(code="ki.nation_spread", data={"nation": place, "to": targets}))
        for target in targets:
            add_cube(state, target, hit, events)
        return
    add_cube(state, place, hit, events)


def add_cube(state: KIState, place: str, hit: set[str], events: list[Event]) -> None:
    """Place a cube (once per card per location); an Idol already there spreads sin on."""
    queue = [place]
    while queue and state.result is None:
        here = queue.pop(0)
        if here in hit:
            continue
        hit.add(here)
        if here in state.destroyed:
            events.append(Event(code="ki.ruins", data={"place": here}))
            continue
        had_idol = here in state.idols
        if not _place_cube(state, here, events):
            return
        if had_idol:
            spread = [n for n in state.board.road_neighbours(here) if not _nation(state, n)]
            events.append(Event(code="ki.idol_spread", data={"place": here, "to": spread}))
            queue += [n for n in spread if n not in hit]


def _place_cube(state: KIState, place: str, events: list[Event]) -> bool:
    if state.sin_in_supply() <= 0:
        lose(state, "sin", events)
        return False
    state.sin[place] = state.sin.get(place, 0) + 1
    events.append(Event(code="ki.sin", data={"place": place, "cubes": state.sin[place]}))
    if state.sin[place] >= 3 and place not in state.idols:
        return place_idol(state, place, events)
    return True


def place_idol(state: KIState, place: str, events: list[Event]) -> bool:
    """Put an Idol at `place` (one at most); False when the supply is empty (the game is lost)."""
    if place in state.idols:
        return True
    if place in state.destroyed:
        events.append(Event(code="ki.ruins", data={"place": place}))
        return True
    if len(state.idols) >= IDOL_SUPPLY:
        lose(state, "idols", events)
        return False
    state.idols.append(place)
    state.asks.append({"kind": "idol", "place": place})
    events.append(Event(code="ki.idol", data={"place": place}))
    return True


def destroy_location(state: KIState, place: str, events: list[Event]) -> None:
    """A Destruction Cube on `place`: its Sin Cubes and Idol go back to the supply, its Altar
    is lost, and from now on nothing is placed there and no prophet enters it."""
    state.destroyed.append(place)
    cubes = state.sin.pop(place, 0)
    if place in state.idols:
        state.idols.remove(place)
    left = DESTRUCTION_SUPPLY - len(state.destroyed)
    data = {"place": place, "cubes": cubes, "left": left}
    events.append(Event(code="ki.destroyed", data=data))
    if place in state.altars:
        state.altars.remove(place)
        events.append(Event(code="ki.altar_lost", data={"place": place, "why": "brimstone"}))


def remove_cubes(state: KIState, place: str, count: int, events: list[Event]) -> int:
    """Take up to `count` cubes from `place` (never at the False Prophet's); how many went."""
    if state.false_prophet == place:
        return 0
    taken = min(count, state.sin.get(place, 0))
    if taken:
        state.sin[place] -= taken
        if not state.sin[place]:
            del state.sin[place]
        events.append(Event(code="ki.cleansed", data={"place": place, "cubes": taken}))
    return taken


def _nation(state: KIState, place: str) -> bool:
    return state.board.place(place).nation
