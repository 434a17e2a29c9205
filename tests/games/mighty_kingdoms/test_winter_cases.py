"""Winter rules as data: every TOML case under winter_cases/ is one test.

A case starts from `two_kingdoms` (or an empty board), changes tiles, armies and balances,
parses each seat's orders (or takes raw orders that bypass the parser), resolves the winter
and checks events (code plus a subset of data) and the resulting state.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.winter.orders import WinterOrders, default_winter, parse_winter
from pbem.games.mighty_kingdoms.winter.season import resolve_winter
from tests.games.mighty_kingdoms.winter_fixtures import (
    add_army,
    describe,
    make_state,
    put,
    seed_for_first_die,
    two_kingdoms,
    unit,
)

CASES = Path(__file__).parent / "winter_cases"


def load_cases() -> list[Any]:
    """Every case from every TOML file, with an id `file:name`."""
    found = []
    for path in sorted(CASES.glob("*.toml")):
        for case in tomllib.loads(path.read_text())["case"]:
            found.append(pytest.param(case, id=f"{path.stem}:{case['name']}"))
    return found


def build(case: dict[str, Any]) -> MKState:
    """The starting state a case describes."""
    settings = case.get("settings", {})
    if case.get("start", "two_kingdoms") == "two_kingdoms" and case.get("seats", 2) == 2:
        state = two_kingdoms()
        state.settings = state.settings.model_copy(update=settings)
    else:
        state = make_state(case.get("seats", 2), **settings)
    for tile, spec in case.get("tiles", {}).items():
        put(state, tile, spec)
    for army_id in case.get("remove_armies", []):
        del state.armies[army_id]
    for army_id, spec in case.get("armies", {}).items():
        owner, tile, *flags = spec.split()
        army = add_army(state, army_id, owner, tile, case.get("units", {}).get(army_id),
                        lying="lying" in flags)
        army.allied = "allied" in flags
    for ref, name in case.get("carrying", {}).items():
        army_id, unit_name = ref.split(".", 1)
        unit(state, army_id, unit_name).artefact = name
    for seat, (gold, food) in case.get("balance", {}).items():
        state.kingdoms[seat].gold, state.kingdoms[seat].food = gold, food
    for seat, names in case.get("held", {}).items():
        state.kingdoms[seat].artefacts_held = list(names)
    if "pool" in case:
        state.artefacts_pool = list(case["pool"])
    state.player_order = case.get("order", state.player_order)
    state.year = case.get("year", 1)
    return state


def read_orders(state: MKState, case: dict[str, Any]) -> dict[str, WinterOrders]:
    """Parse each seat's orders; the parse problems must be exactly those the case lists."""
    inputs: dict[str, WinterOrders] = {}
    codes: list[str] = []
    for seat, text in case.get("orders", {}).items():
        result = parse_winter(state, seat, text)
        codes += [p.code for p in result.errors]
        inputs[seat] = result.orders or default_winter(state, seat)
    assert sorted(codes) == sorted(case.get("problems", []))
    for seat, raw in case.get("raw", {}).items():
        inputs[seat] = WinterOrders.model_validate(raw)
    return inputs


def nulls(values: dict[str, Any]) -> dict[str, Any]:
    """TOML has no null: the string "none" stands for None in expectations."""
    return {k: None if v == "none" else v for k, v in values.items()}


def matches(event: Event, wanted: dict[str, Any]) -> bool:
    """True if the event has the code and every listed data item (and visibility)."""
    if event.code != wanted["code"]:
        return False
    if "visible_to" in wanted and event.visible_to != wanted["visible_to"]:
        return False
    return all(event.data.get(k) == v for k, v in nulls(wanted.get("data", {})).items())


def check_after(state: MKState, after: dict[str, Any]) -> None:
    """Compare the resulting state with the case's `after` table."""
    for tile, spec in after.get("tiles", {}).items():
        assert describe(state, tile) == spec, tile
    for army_id, where in after.get("armies", {}).items():
        army = state.armies.get(army_id)
        assert (army.tile if army else "gone") == where, f"army {army_id}"
    for army_id, flags in after.get("army_flags", {}).items():
        assert {k: getattr(state.armies[army_id], k) for k in flags} == flags
    for key in ("stage", "year", "month", "player_order", "next_army", "artefacts_pool"):
        if key in after:
            assert getattr(state, key) == after[key], key
    for seat, names in after.get("held", {}).items():
        assert state.kingdoms[seat].artefacts_held == names
    for ref, fields in after.get("units", {}).items():
        army_id, name = ref.split(".", 1)
        found = next((u for u in state.armies[army_id].units if u.name == name), None)
        if fields == "gone":
            assert found is None, ref
        else:
            assert found is not None and found.model_dump(include=set(fields)) == nulls(fields)


@pytest.mark.parametrize("case", load_cases())
def test_winter_case(case: dict[str, Any]) -> None:
    """One winter rule or default, as described in the case's `rule`."""
    state = build(case)
    before = state.model_dump_json()
    seed = seed_for_first_die(case["first_die"]) if "first_die" in case else case.get("seed", 1)
    after, events = resolve_winter(state, read_orders(state, case), SeededRng(seed))
    assert state.model_dump_json() == before, "resolve_winter changed its input"
    for wanted in case.get("expect", []):
        assert any(matches(e, wanted) for e in events), (wanted, [e.model_dump() for e in events])
    for unwanted in case.get("absent", []):
        assert not any(matches(e, unwanted) for e in events), unwanted
    for seq in case.get("sequence", []):
        assert [e.data.get(seq["key"]) for e in events if e.code == seq["code"]] == seq["values"]
    check_after(after, case.get("after", {}))
