"""Summer, battle and reform rules as data: every TOML case under cases/ is one test.

A case starts from `two_kingdoms` (or an empty board), changes tiles and armies, parses each
seat's orders (checking the problems found on receipt), runs one month through GAME.advance with
scripted dice, feeds referee results while a tabletop battle waits, and checks events and state.
Every scripted die must be used, so a case cannot pass by rolling less than it claims.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from pbem.core.game import REFEREE, Event
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.state import MKState
from tests.games.mighty_kingdoms.summer_fixtures import (
    add_army,
    put,
    scripted,
    summer_state,
    two_kingdoms,
)

CASES = Path(__file__).parent / "cases"


def load_cases() -> list[Any]:
    """Every case of every TOML file, with an id `file:name`."""
    found = []
    for path in sorted(CASES.glob("*.toml")):
        for case in tomllib.loads(path.read_text())["case"]:
            found.append(pytest.param(case, id=f"{path.stem}:{case['name']}"))
    return found


def build(case: dict[str, Any]) -> MKState:
    """The case's starting position."""
    settings = case.get("settings", {})
    if case.get("base", "two_kingdoms") == "two_kingdoms":
        state = two_kingdoms(**settings)
    else:
        state = summer_state(case.get("seats", 2), **settings)
    for army in case.get("remove", []):
        del state.armies[army]
    if "seats" in case and case.get("base") != "empty":
        state = _with_seats(state, case["seats"])
    for tile, spec in case.get("tiles", {}).items():
        put(state, tile, spec)
    for spec in case.get("armies", []):
        add_army(state, spec)
    state.player_order = case.get("order", state.player_order)
    state.progress.defended = case.get("defended", [])
    for ref, name in case.get("carrying", {}).items():
        army_id, unit_name = ref.split(".", 1)
        next(u for u in state.armies[army_id].units if u.name == unit_name).artefact = name
    for seat, names in case.get("held", {}).items():
        state.kingdoms[seat].artefacts_held = list(names)
    state.artefacts_pool = list(case.get("pool", []))
    return state


def where_is(state: MKState, artefact: str) -> str:
    """`ARMY.UNIT`, a seat id (held by its capital) or `pool`; every place must hold it once."""
    places = [f"{a.id}.{u.name}" for a in state.armies.values() for u in a.units
              if u.artefact == artefact]
    places += [s for s, k in state.kingdoms.items() for n in k.artefacts_held if n == artefact]
    places += ["pool" for n in state.artefacts_pool if n == artefact]
    assert len(places) == 1, (artefact, places)
    return places[0]


def _with_seats(state: MKState, seats: int) -> MKState:
    extra = summer_state(seats)
    state.seats, state.kingdoms = extra.seats, extra.kingdoms
    state.player_order = list(extra.player_order)
    return state


def describe_tile(state: MKState, tile: str) -> str:
    """`OWNER [SETTLEMENT] [tower] [razing]` with `-` for no owner."""
    here = state.tiles[tile]
    words = [here.owner or "-"]
    kind = state.settlement_kind(tile)
    words += [kind] if kind else []
    words += ["tower"] if here.tower else []
    words += ["razing"] if here.razing else []
    return " ".join(words)


def check_army(state: MKState, army_id: str, expected: str) -> None:
    """Compare the words given: a tile or `gone`, `lying`/`upright`, `points N`, `units N`."""
    words = expected.split()
    army = state.armies.get(army_id)
    if words[0] == "gone":
        assert army is None, f"army {army_id} should be gone"
        return
    assert army is not None, f"army {army_id} is gone"
    assert army.tile == words[0], f"army {army_id} is in {army.tile}"
    if "lying" in words or "upright" in words:
        assert army.lying == ("lying" in words), f"army {army_id} lying={army.lying}"
    if "points" in words:
        assert army.points == int(words[words.index("points") + 1])
    if "units" in words:
        assert len(army.units) == int(words[words.index("units") + 1])


def matches(event: Event, wanted: dict[str, Any]) -> bool:
    """True if the event has the wanted code and every wanted data item."""
    if event.code != wanted["code"]:
        return False
    if "visible_to" in wanted and event.visible_to != wanted["visible_to"]:
        return False
    return all(event.data.get(k) == v for k, v in wanted.get("data", {}).items())


def run(case: dict[str, Any], state: MKState) -> tuple[MKState, list[Event], dict[str, list[str]]]:
    """Parse, advance, and answer tabletop battles; return the state, events and problems."""
    rng = scripted(case.get("dice", []), case.get("shuffles", []))
    inputs, problems = {}, {}
    for seat, text in case.get("orders", {}).items():
        parsed = GAME.parse(state, seat, text)
        problems[seat] = [p.code for p in parsed.problems]
        if parsed.orders is not None:
            inputs[seat] = parsed.orders
    result = GAME.advance(state, inputs, rng)
    state, events = result.state, list(result.events)
    for text in case.get("referee", []):
        assert state.stage == "battle", "a referee result was scripted but no battle waits"
        parsed = GAME.parse(state, REFEREE, text)
        assert not parsed.errors, parsed.errors
        result = GAME.advance(state, {REFEREE: parsed.orders}, rng)
        state, events = result.state, events + list(result.events)
    assert not rng.script, f"unused scripted dice: {rng.script}"
    return state, events, problems


@pytest.mark.parametrize("case", load_cases())
def test_case(case: dict[str, Any]) -> None:
    """One rules case."""
    state, events, problems = run(case, build(case))
    expect = case["expect"]
    for seat, codes in expect.get("problems", {}).items():
        assert problems.get(seat, []) == codes
    for tile, spec in expect.get("tiles", {}).items():
        assert describe_tile(state, tile) == spec, tile
    for army_id, spec in expect.get("armies", {}).items():
        check_army(state, army_id, spec)
    for wanted in expect.get("events", []):
        found = [e for e in events if matches(e, wanted)]
        assert len(found) == wanted.get("count", len(found) or 1), (wanted, [
            (e.code, e.data) for e in events if e.code == wanted["code"]])
    codes = [e.code for e in events]
    for absent in expect.get("absent", []):
        assert absent not in codes, absent
    for artefact, place in expect.get("artefacts", {}).items():
        assert where_is(state, artefact) == place, artefact
    if "stage" in expect:
        assert state.stage == expect["stage"]
    if "order" in expect:
        assert state.player_order == expect["order"]
    if "sequence" in expect:
        relevant = [c for c in codes if c in expect["sequence"]]
        assert relevant == expect["sequence"]
