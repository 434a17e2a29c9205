"""Rules cases kept as TOML data in cases/*.toml: a board, something that happens, what follows.

Each case starts from a bare board (no cubes, no Idols, the Altars it lists), places the
prophets, hands and the False Prophet it names, then does one of: `increase` (one sin
increase per listed place, each as its own card), `orders` (the active seat's turn, as
text), `prophet_turn` (the False Prophet's turn) or `sin_cards` (resolve these cards).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from pbem.core.game import Event
from pbem.core.reactions import StandingReaction
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.cards.punish import sin_card
from pbem.games.kings_of_israel.play.rounds import prophet_turn
from pbem.games.kings_of_israel.play.turn import take_turn
from pbem.games.kings_of_israel.sin import increase
from pbem.games.kings_of_israel.state import KIState
from tests.games.kings_of_israel.harness import opening

CASES = Path(__file__).parent / "cases"


def load_cases() -> list[dict[str, Any]]:
    """Every case of every file, with its file name."""
    found = []
    for path in sorted(CASES.glob("*.toml")):
        for case in tomllib.loads(path.read_text(encoding="utf-8"))["case"]:
            found.append({**case, "file": path.name})
    return found


def board_for(case: dict[str, Any]) -> KIState:
    """The case's starting position."""
    settings = {"version": case.get("version", "base")}
    state = opening(int(case.get("players", 2)), 1, **settings)
    state.sin = dict(case.get("sin", {}))
    state.idols = list(case.get("idols", []))
    state.altars = list(case.get("altars", []))
    state.false_prophet = case.get("false_prophet")
    state.prophet_appeared = state.false_prophet is not None
    state.permanents = [f"s:{c}" for c in case.get("permanents", [])]
    state.step, state.turn_index, state.starter = "work", 0, 0
    state.actions_left = 4
    for seat, place in case.get("prophets", {}).items():
        state.prophets[seat].at = place
    for seat, prophet in state.prophets.items():
        prophet.ability = case.get("abilities", {}).get(seat, "hosea")  # altar_blessing
    for seat, prophet in state.prophets.items():
        kinds = case.get("hands", {}).get(seat, [])
        prophet.hand = [f"{k}.{90 + i}" for i, k in enumerate(kinds)]
        titles = case.get("blessings", {}).get(seat, [])
        prophet.blessings = [f"{t}.{90 + i}" for i, t in enumerate(titles)]
    for seat, rules in case.get("standing", {}).items():
        state.prophets[seat].standing = [StandingReaction.model_validate(r) for r in rules]
    return state


def act(case: dict[str, Any], state: KIState) -> list[Event]:
    """Do what the case says happens; the events."""
    events: list[Event] = []
    rng = SeededRng(5)
    for place in case.get("increase", []):
        increase(state, place, set(), events)
    for seat, text in case.get("orders", {}).items():
        parsed = GAME.parse(state, seat, text)
        assert parsed.errors == [], parsed.errors
        take_turn(state, seat, parsed.orders.acts, rng, events)
    if case.get("prophet_turn"):
        prophet_turn(state, rng, events)
    for card in case.get("sin_cards", []):
        sin_card(state, f"{card}.1", rng, events)
    return events


@pytest.mark.parametrize("case", load_cases(), ids=lambda c: f"{c['file']}: {c['name']}")
def test_case(case: dict[str, Any]) -> None:
    state = board_for(case)
    events = act(case, state)
    expect = case["expect"]
    codes = [e.code for e in events]
    if "sin" in expect:
        wanted = expect["sin"]
        assert {p: state.sin.get(p, 0) for p in wanted} == wanted
    if "total_sin" in expect:
        assert sum(state.sin.values()) == expect["total_sin"]
    if "idols" in expect:
        assert sorted(state.idols) == sorted(expect["idols"])
    if "altars" in expect:
        assert sorted(state.altars) == sorted(expect["altars"])
    if "false_prophet" in expect:
        assert state.false_prophet == (expect["false_prophet"] or None)
    if "at" in expect:
        assert {s: state.prophets[s].at for s in expect["at"]} == expect["at"]
    if "hands" in expect:
        hands = {
            s: sorted(c.rsplit(".", 1)[0] for c in state.prophets[s].hand) for s in expect["hands"]
        }
        assert hands == {s: sorted(h) for s, h in expect["hands"].items()}
    if "hands_count" in expect:
        counts = {s: len(state.prophets[s].hand) for s in expect["hands_count"]}
        assert counts == expect["hands_count"]
    if "result" in expect:
        assert (state.result or "") == expect["result"]
        assert state.reason == expect.get("reason", state.reason)
    for code in expect.get("events", []):
        assert code in codes, (code, codes)
    for code in expect.get("absent", []):
        assert code not in codes, (code, codes)
    if "skipped" in expect:
        problems = [e.data["problem"] for e in events if e.code == "ki.skipped"]
        assert problems == expect["skipped"]
    if "asked" in expect:
        assert state.window is not None and state.window.trigger == expect["asked"]
    if "choices" in expect:
        assert state.window is not None
        assert sorted(c.key for c in state.window.choices) == sorted(expect["choices"])
