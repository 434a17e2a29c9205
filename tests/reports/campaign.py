"""A seeded Mighty Kingdoms campaign driven through GAME with fixed, aggressive inputs."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from pbem.core.game import REFEREE, Event, Seat, Setup
from pbem.core.hexgrid import distance
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.state import MKState
from pbem.paths import campaigns_dir

SEATS = (("p1", "Alba"), ("p2", "Brython"), ("p3", "Cymru"))
SETUP_TEXT = {
    "race": {"p1": "race Elves", "p2": "race Orcs", "p3": "race Dwarfs"},
    "capital": {"p1": "capital C2 G7", "p2": "capital C8 G7", "p3": "capital G7 C2"},
}
KOW_LIST = ("unit Spears of {seat} strength 2 points 150 type infantry\n"
            "unit Captain of {seat} strength 0 points 90 type hero hero")
WINTER_TEXT = {"p1": "tithe p2 gold 1\nrecruit {fortress}", "p2": "pass"}


@dataclass
class Step:
    """One adjudicated phase: the state before and after, the inputs and what happened."""

    label: str
    key: str
    before: MKState
    after: MKState
    inputs: dict[str, Any]
    events: list[Event]


def header(state: MKState, seat: str | None, after: MKState) -> dict[str, Any]:
    """A fixed report header (no clock): the shape pbem.services.reports.bundle.header makes."""
    info, following = GAME.phase(state), GAME.phase(after)
    over = after.stage == "over"
    return {
        "campaign": "valley", "game": "mighty-kingdoms", "seat": seat, "turn": info.turn,
        "phase_label": info.label, "phase_key": info.key,
        "next_phase": None if over else following.label,
        "deadline": None if over else "2030-05-04T18:00:00+01:00",
        "deadline_text": "" if over else "2030-05-04 18:00 BST (+01:00)",
        "finished": over,
    }


def new_campaign(mode: str = "simple", seats: int = 2, years: int = 1) -> MKState:
    """The opening state on the shipped valley-3 map."""
    text = (campaigns_dir() / "mighty-kingdoms" / "maps" / "valley-3.toml").read_text()
    setup = Setup(seats=[Seat(id=s, name=n) for s, n in SEATS[:seats]],
                  scenario=GAME.load_scenario(text, "valley-3"),
                  settings={"battle_mode": mode, "years": years})
    return GAME.start(setup, SeededRng(7))


def order_text(state: MKState, seat: str) -> str:
    """Fixed order text for a seat: setup choices, marches on the enemy, simple winters."""
    if state.stage in SETUP_TEXT:
        return SETUP_TEXT[state.stage][seat]
    if state.stage == "army" and state.settings.battle_mode == "kow":
        return KOW_LIST.format(seat=seat)
    if state.stage == "summer":
        return "\n".join(_march(state, seat, army.id) for army in state.armies_of(seat)
                         if army.tile)
    if state.stage == "winter" and seat in WINTER_TEXT:
        return _winter(state, seat)
    return ""


def _winter(state: MKState, seat: str) -> str:
    forts = [t for t in state.controlled(seat) if state.tiles[t].settlement == "fortress"]
    if not forts:
        return "pass"
    return WINTER_TEXT[seat].format(fortress=forts[0])


def _march(state: MKState, seat: str, army_id: str) -> str:
    """Move one army a step closer to the nearest enemy army (or regroup/defend)."""
    army = state.armies[army_id]
    if army.lying:
        return f"regroup {army_id}"
    here = state.map.tile(army.tile or "")
    enemies = [state.map.tile(a.tile) for a in state.armies.values()
               if a.owner != seat and a.tile]
    if not enemies:
        return f"defend {army_id}"
    steps = sorted(state.map.neighbours(here.id).values(),
                   key=lambda t: (min(distance(state.map.tile(t).hex, e.hex) for e in enemies),
                                  t))
    for target in steps:
        line = f"move {army_id} to {target}"
        if not GAME.parse(state, seat, line).errors:
            return line
    return f"defend {army_id}"


def inputs_for(state: MKState) -> dict[str, Any]:
    """Every owed (and optional) input, parsed from the fixed order text."""
    due = GAME.due(state)
    found: dict[str, Any] = {}
    for seat in sorted(set(due.players) | set(due.optional)):
        text = order_text(state, seat)
        parsed = GAME.parse(state, seat, text) if text else None
        if parsed is not None and parsed.orders is not None and not parsed.errors:
            found[seat] = parsed.orders
    if due.referee:
        found[REFEREE] = GAME.default_input(state, REFEREE)
    return found


def play(state: MKState, limit: int = 40) -> Iterator[Step]:
    """Adjudicate phase after phase with the fixed inputs and dice seeded by turn."""
    for _ in range(limit):
        if state.stage == "over":
            return
        inputs = inputs_for(state)
        info = GAME.phase(state)
        result = GAME.advance(state, inputs, SeededRng(1000 + info.turn))
        yield Step(info.label, info.key, state, result.state, inputs, list(result.events))
        state = result.state


VIEWERS = ("p1", "p2", None, REFEREE)


@cache
def steps(mode: str = "simple", seats: int = 2, years: int = 1) -> tuple[Step, ...]:
    """Every adjudicated phase of the fixed campaign (cached: the engine is deterministic)."""
    return tuple(play(new_campaign(mode, seats, years)))


def step_named(mode: str, key: str, seats: int = 2) -> Step:
    """The step that adjudicated phase `key`."""
    return next(s for s in steps(mode, seats) if s.key == key)
