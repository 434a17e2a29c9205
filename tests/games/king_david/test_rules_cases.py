"""Rules cases as data: every file in cases/ holds [[case]] tables run against the rules.

A case starts from a two-player game (p1 Judah, p2 Philistia; `countries` may say otherwise;
`setup` gives a seat's lines sent with its country preference), replaces the armies with
`armies` ("ID COUNTRY KIND STRENGTH STEPS[/LEFT] AREA"), puts the leaders named in `leaders`
where it says (the others leave the map), sets `forts`, `control`, `stores` ([food,
resources]), `minors` (who runs an invaded minor), `minor_allies` (who a minor is allied to by
event 18), `pool` (a country's counters left to draw), `conquered` (minors conquered),
`hands` (event markers) and standing instructions
(`standing`, order text per seat). `phase` (default action) is then played (`turn-start`:
Hand of Fate; `initiative`: 5.2's rolls and places): in an action p1 sends `orders`; the dice
come from `dice` when given; open questions are answered from `answers` in turn.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david import GAME
from pbem.games.king_david.events.turn import hand_of_fate
from pbem.games.king_david.flow import begin_phase, keep_instructions
from pbem.games.king_david.inputs import KDOrders
from pbem.games.king_david.phases import roll_initiative
from pbem.games.king_david.state import Army, KDState
from tests.games.king_david.harness import ScriptedRng, opening

CASES = Path(__file__).parent / "cases"


def load_cases() -> list[Any]:
    """Every case of every file, as pytest params named file: case."""
    found = []
    for path in sorted(CASES.glob("*.toml")):
        for case in tomllib.loads(path.read_text(encoding="utf-8"))["case"]:
            found.append(pytest.param(case, id=f"{path.stem}: {case['name']}"))
    return found


def base(case: dict[str, Any]) -> KDState:
    """The opening after countries are chosen, then the case's board."""
    countries = case.get("countries", {"p1": "judah", "p2": "philistia"})
    state = opening(len(countries), seed=case.get("seed", 1))
    inputs = {s: KDOrders(prefer=[c]) for s, c in countries.items()}
    for seat, text in case.get("setup", {}).items():
        inputs[seat] = _parse(state, seat, text).model_copy(update={"prefer": [countries[seat]]})
    state = GAME.advance(state, inputs, SeededRng(1)).state.model_copy(deep=True)
    if "armies" in case:
        state.armies = [_army(text) for text in case["armies"]]
    if "leaders" in case:
        for leader in state.leaders:
            where = case["leaders"].get(leader.name)
            leader.area, leader.status = (where, "map") if where else (None, "dead")
    for key, seat in case.get("minors", {}).items():
        state.minors[key].seat, state.minors[key].active = seat, True
        state.minors[key].since = f"{state.turn}-0"  # chosen in this Action Phase
    for key, seat in case.get("minor_allies", {}).items():
        state.minors[key].seat, state.minors[key].active = seat, True
        state.minors[key].allied = True
    for key, counters in case.get("pool", {}).items():
        state.pool[key] = list(counters)
    for key in case.get("conquered", []):
        state.minors[key].conquered = True
    state.alliances = [sorted(pair) for pair in case.get("alliances", [])]
    state.forts.update(case.get("forts", {}))
    state.control.update(case.get("control", {}))
    for seat, (food, res) in case.get("stores", {}).items():
        state.players[seat].food, state.players[seat].resources = food, res
    for seat, hand in case.get("hands", {}).items():
        state.players[seat].events = [f"{k}.9{i}" for i, k in enumerate(hand)]
    for seat, text in case.get("standing", {}).items():
        keep_instructions(state, seat, _parse(state, seat, text))
    state.order = case.get("order", sorted(state.players))
    state.markers = [case.get("phase", "action").replace("turn-start", "action").replace(
        "initiative", "action")]
    state.markers += ["action"] * 11
    state.marker, state.actor, state.revealed, state.agenda = 0, 0, 6, []
    state.window, state.battle = None, None
    return state


def _army(text: str) -> Army:
    ident, country, kind, strength, steps, area = text.split()
    most, _, left = steps.partition("/")
    return Army.model_validate({"id": ident, "country": country, "kind": kind,
                                "strength": int(strength), "steps_max": int(most),
                                "steps": int(left or most), "area": area})


def _parse(state: KDState, seat: str, text: str) -> KDOrders:
    parsed = GAME.parse(state, seat, text)
    assert parsed.errors == [], parsed.errors
    return parsed.orders  # type: ignore[no-any-return]


def run(case: dict[str, Any]) -> tuple[KDState, list[Event], list[str]]:
    """Play the case; the final state, its events and the codes of any order problems."""
    state = base(case)
    rng: SeededRng = ScriptedRng(case["dice"]) if "dice" in case else SeededRng(
        case.get("seed", 1))
    events: list[Event] = []
    if case.get("phase") == "turn-start":
        hand_of_fate(state, rng, events)
        return state, events, []
    if case.get("phase") == "initiative":
        roll_initiative(state, rng, events)
        return state, events, []
    if case.get("phase", "action") != "action" or case.get("begin"):
        begin_phase(state, rng, events)
        if not case.get("begin"):
            return state, events, []
    parsed = GAME.parse(state, "p1", case.get("orders", ""))
    problems = [p.code for p in parsed.errors]
    if problems:
        return state, events, problems
    result = GAME.advance(state, {"p1": parsed.orders}, rng)
    state, events = result.state, list(result.events)
    for answer in case.get("answers", []):
        assert state.window is not None, "no question to answer"
        seat = state.window.seat
        result = GAME.advance(state, {seat: KDOrders(answer=answer)}, rng)
        state, events = result.state, events + list(result.events)
    if isinstance(rng, ScriptedRng):
        assert rng.script == [], f"dice left over: {rng.script}"
    return state, events, problems


@pytest.mark.parametrize("case", load_cases())
def test_rules_case(case: dict[str, Any]) -> None:
    state, events, problems = run(case)
    expect = case["expect"]
    assert problems == expect.get("problems", []), problems
    codes = [e.code for e in events]
    for code in expect.get("events", []):
        assert code in codes, (code, codes)
    for code in expect.get("absent", []):
        assert code not in codes, (code, codes)
    for wanted in expect.get("data", []):
        datas = [e.data for e in events if e.code == wanted["code"]]
        assert any(_matches(d, wanted["data"]) for d in datas), (wanted, datas)
    _board(state, expect)


def _matches(actual: dict[str, Any], wanted: dict[str, Any]) -> bool:
    return all(actual.get(k) == v for k, v in wanted.items())


def _board(state: KDState, expect: dict[str, Any]) -> None:
    armies = {a.id: a for a in state.armies}
    for ident, where in expect.get("armies", {}).items():
        if where == "gone":
            assert ident not in armies, (ident, armies.get(ident))
            continue
        area, steps = where.split()
        assert ident in armies, f"{ident} is gone"
        assert (armies[ident].area, armies[ident].steps) == (area, int(steps)), armies[ident]
    for area, country in expect.get("control", {}).items():
        assert state.control.get(area) == country, (area, state.control.get(area))
    for area, level in expect.get("forts", {}).items():
        assert state.forts.get(area, 0) == level, (area, state.forts.get(area))
    for seat, (food, res) in expect.get("stores", {}).items():
        player = state.players[seat]
        assert (player.food, player.resources) == (food, res), (seat, player.food,
                                                                player.resources)
    leaders = {ld.name: ld for ld in state.leaders}
    for name, where in expect.get("leaders", {}).items():
        leader = leaders[name]
        assert where in (leader.status, leader.area), (name, leader.status, leader.area)
    for seat, held in expect.get("hands", {}).items():
        assert sorted(m.split(".")[0] for m in state.players[seat].events) == sorted(held)
    for area, count in expect.get("counts", {}).items():
        assert len(state.armies_in(area)) == count, (area, state.armies_in(area))
    for country, kinds in expect.get("kinds", {}).items():
        held = sorted(a.kind for a in state.armies if a.country == country)
        assert held == sorted(kinds), (country, held)
    for key, seat in expect.get("minors", {}).items():
        assert state.minors[key].seat == seat and state.minors[key].active
    if expect.get("no_window"):
        assert state.window is None, state.window
    if "window" in expect:
        assert state.window is not None and state.window.trigger == expect["window"]
        assert state.window.seat == expect.get("window_seat", state.window.seat)
