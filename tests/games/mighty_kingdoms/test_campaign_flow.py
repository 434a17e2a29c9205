"""The issue's "Done when": Mighty Kingdoms campaigns driven through the services layer.

Every phase is played the way the CLI plays it: orders go in as text with `submit_by_address`,
`run_phase` adjudicates, `status` says who is owed, and `replay` rebuilds every snapshot.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, col, select

from pbem.core.game import REFEREE
from pbem.core.hexgrid import distance
from pbem.core.rng import SeededRng
from pbem.errors import Conflict
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.summer.orders import move_problem
from pbem.ledger import queries
from pbem.ledger.models import Event, Submission
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.referee.timing import set_deadline
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.replay import replay
from pbem.services.turns.status import status
from pbem.services.turns.turns import run_due, run_phase
from tests.games.mighty_kingdoms.summer_fixtures import add_army, two_kingdoms
from tests.support.runtime import make_runtime, sqlite_url

NAME = "valley"
PLAYERS = ["Alice <alice@localhost>", "Bob <bob@localhost>", "Carol <carol@localhost>"]
ADDRESS = {"p1": "alice@localhost", "p2": "bob@localhost", "p3": "carol@localhost"}
SEED = 7  # a seed where battles happen in year 1 in both modes
KOW_SEED = 1  # a seed where the kow campaign reaches a battle and the first winter
WINTER = {
    "p1": "# Alice's winter\nTithe p2 gold 0 food 1   // a loaf for Bob\n",
    "p2": "pass  # nothing this year",
    "p3": "",  # replaced by the canonical default text, so every seat sends something
}
HAND_MONTHS = (2, 3, 4, 6)
HAND_SEATS = ("p1", "p2")
DIRECTION_NAMES = {"e": "east", "ne": "north-east", "nw": "north-west", "w": "west",
                   "sw": "south-west", "se": "south-east"}


@pytest.fixture
def rt(tmp_path: Path) -> Iterator[Runtime]:
    """A runtime on a fresh SQLite ledger."""
    runtime = make_runtime(sqlite_url(tmp_path))
    yield runtime
    runtime.engine.dispose()


def start(rt: Runtime, seed: int = SEED, **sets: str) -> None:
    """A three-player campaign on the shipped valley-3 map."""
    create_campaign(rt, NewCampaign(name=NAME, game="mighty-kingdoms", scenario="valley-3",
                                    players=PLAYERS, seed=seed, sets=dict(sets)))


def state_now(rt: Runtime) -> MKState:
    """The campaign's newest snapshot."""
    with Session(rt.engine) as session:
        state: MKState = current_state(session, queries.campaign_named(session, NAME))
        return state


def hand_written(state: MKState, seat: str) -> str:
    """Forgiving summer orders: `Army N: Move <direction>` towards the nearest enemy, comments."""
    lines = [f"# {seat} writes by hand", ""]
    for army in state.armies_of(seat):
        if army.tile is None:
            continue
        if army.lying:
            lines.append(f"regroup army {army.id}")
            continue
        step = _step_towards_enemy(state, seat, army.tile)
        if step:
            lines.append(f"Army {army.id}: Move {DIRECTION_NAMES[step]}   // onwards")
        else:
            lines.append(f"{army.id} defend  # nowhere to go")
    return "\n".join(lines)


def _step_towards_enemy(state: MKState, seat: str, here: str) -> str | None:
    """The legal direction that comes closest to an enemy army or enemy tile."""
    enemies = [a.tile for a in state.armies.values() if a.owner != seat and a.tile]
    enemies += [t.id for t in state.tiles.values() if t.owner not in (None, seat)]
    if not enemies:
        return None
    legal = {d: t for d, t in state.map.neighbours(here).items()
             if move_problem(state, here, t) is None}

    def gap(tile: str) -> int:
        spot = state.map.tile(tile).hex
        return min(distance(spot, state.map.tile(e).hex) for e in enemies)

    ranked = sorted(legal, key=lambda d: (gap(legal[d]), d))
    return ranked[0] if ranked else None


def text_for(state: MKState, seat: str, rng: SeededRng) -> str:
    """Order text for `seat`: winter by hand, some summers by hand, the rest from the bots."""
    if state.stage == "winter":
        given = WINTER[seat]
        return given or GAME.canonical(state, seat, GAME.default_input(state, seat))
    if state.stage == "summer" and state.month in HAND_MONTHS and seat in HAND_SEATS:
        return hand_written(state, seat)
    return GAME.canonical(state, seat, GAME.random_input(state, seat, rng))


def submit_everyone(rt: Runtime, state: MKState, rng: SeededRng) -> None:
    """Every player sends text for the open phase; each must be accepted without errors."""
    due = GAME.due(state)
    for seat in [*due.players, *due.optional]:
        text = text_for(state, seat, rng)
        if not text.strip():
            continue  # a seat with nothing to order (no armies) has nothing to write
        receipt = submit_by_address(rt, NAME, ADDRESS[seat], text)
        errors = [p for p in receipt["problems"] if p["severity"] == "error"]
        assert receipt["accepted"] and not errors, (seat, text, receipt["problems"])


def play_until(rt: Runtime, stop: Any, rng: SeededRng, referee: Any = None) -> list[str]:
    """Play phases until `stop(state)`; `referee(state)` answers battle pauses (else stop)."""
    keys: list[str] = []
    while not stop(state := state_now(rt)):
        if GAME.due(state).referee:
            if referee is None:
                break
            referee(rt, state)
        else:
            submit_everyone(rt, state, rng)
        keys.append(run_phase(rt, NAME).phase_key)
    return keys


def after_first_winter(state: MKState) -> bool:
    """Stop once year 2's first two summer months are played (its month 3 is open)."""
    return (state.year == 2 and state.month >= 3) or state.stage == "over"


def phase_events(rt: Runtime) -> list[list[tuple[str, dict[str, Any]]]]:
    """(code, data) of every recorded event, one list per adjudicated phase."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        found = []
        for phase in queries.done_phases(session, campaign):
            rows = session.exec(select(Event).where(Event.phase_id == phase.id)
                                .order_by(col(Event.seq))).all()
            found.append([(r.code, json.loads(r.data_json)) for r in rows])
        return found


def dice_in_events(events: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, list[int]]]:
    """Exploration and battle dice as the events tell them, in order."""
    told = []
    for code, data in events:
        if code == "mk.explore":
            told.append((f"explore {data['tile']}", list(data["dice"])))
        elif code == "mk.battle_dice":
            told.append((f"battle {data['battle']} {data['seat']}", list(data["dice"].values())))
    return told


def dice_drawn(events: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, list[int]]]:
    """Exploration and battle dice as the RNG log recorded them, in order."""
    draws = next(d["draws"] for c, d in events if c == "core.rng")
    return [(str(d["purpose"]), list(d["value"])) for d in draws
            if str(d["purpose"]).startswith(("explore ", "battle "))]


# --- (a) simple mode ---------------------------------------------------------------------------


def test_simple_campaign_plays_a_year_and_a_bit_and_replays(rt: Runtime) -> None:
    start(rt)
    keys = play_until(rt, after_first_winter, SeededRng(99))
    assert keys[:4] == ["setup-race", "setup-capital", "setup-placement", "setup-army"]
    assert [k for k in keys if k.startswith("y1-m")] == [f"y1-m{m}" for m in range(1, 7)]
    assert "y1-winter" in keys and keys[-2:] == ["y2-m1", "y2-m2"]
    report = replay(rt, NAME)
    assert report.ok, report.mismatches
    assert report.checked == len(keys) + 1
    every = phase_events(rt)
    for events in every:
        assert dice_in_events(events) == dice_drawn(events)
    codes = [code for events in every for code, _ in events]
    assert codes.count("mk.explore") >= 3
    assert "mk.battle" in codes, "pick a seed where a battle happens"
    assert "mk.battle_dice" in codes
    orders = [d["text"] for events in every for c, d in events if c == "mk.orders"]
    assert any("move " in text for text in orders)
    winter = next(events for events in every if any(c == "mk.winter.end" for c, _ in events))
    assert [d["from"] for c, d in winter if c == "mk.winter.tithe"] == ["p1"]
    assert not [d for c, d in winter if c == "mk.default_used"]  # everyone wrote


# --- (b) kow mode ------------------------------------------------------------------------------


def referee_result(rt: Runtime, state: MKState, destroy: bool = True) -> None:
    """The referee's result: the attacker wins; the defender's first unit is routed once."""
    record = next(b for b in state.progress.battles if b.pending)
    army = state.armies[record.defender_armies[0]]
    lines = [f"battle {record.number}", f"winner {record.attacker}"]
    if destroy:
        twice = submit_by_address(rt, NAME, REFEREE, "\n".join(
            [*lines, f"routed {army.id}/1", f"strength {army.id}/1 -1"]))
        assert not twice["accepted"]  # a unit routs at most once a battle: nothing on file
        assert [p["code"] for p in twice["problems"]] == ["mk.E_ROUTED_TWICE"]
        lines.append(f"routed {army.id}/1")
    receipt = submit_by_address(rt, NAME, REFEREE, "\n".join(lines))
    assert receipt["accepted"], receipt["problems"]


def until_battle(state: MKState) -> bool:
    """Stop at the first battle pause (or give up after year 1)."""
    return state.stage == "battle" or state.stage == "winter" or state.year > 1


def test_kow_campaign_pauses_for_the_referee_and_applies_strength(rt: Runtime) -> None:
    start(rt, battle_mode="kow")
    play_until(rt, until_battle, SeededRng(99))
    state = state_now(rt)
    assert state.stage == "battle", "pick a seed where a battle happens in year 1"
    assert status(rt, NAME)["waiting_for"] == ["referee"]
    with pytest.raises(Conflict) as owed:
        run_phase(rt, NAME)
    assert owed.value.code == "turn.E_REFEREE_OWES"
    set_deadline(rt, NAME, "battle night", extend="1d")  # a deadline the referee set
    rt.clock.at += timedelta(days=30)  # type: ignore[attr-defined]  # long past it
    assert run_due(rt) == []  # a tick still waits for the referee's result
    assert status(rt, NAME)["waiting_for"] == ["referee"]
    record = next(b for b in state.progress.battles if b.pending)
    army_id = record.defender_armies[0]
    doomed = state.armies[army_id].units[0]
    referee_result(rt, state)
    run_phase(rt, NAME)
    assert GAME.phase(state_now(rt)).key != GAME.phase(state).key  # the campaign went on
    events = phase_events(rt)[-1]
    results = [d for c, d in events if c == "mk.battle_result"]
    assert results[0]["battle"] == record.number
    assert results[0]["result"][record.attacker] == "win"
    strength = [d for c, d in events if c == "mk.unit_strength"]
    assert strength and strength[0]["army"] == army_id
    assert strength[0]["now"] == doomed.current - 1
    destroyed = doomed.name in _destroyed_units(rt, army_id)
    assert destroyed == (doomed.current - 1 <= -2)
    assert (doomed.name not in [u.name for u in _units_after(rt, army_id)]) == destroyed


def test_kow_campaign_goes_on_to_winter_and_replays(rt: Runtime) -> None:
    start(rt, seed=KOW_SEED, battle_mode="kow")

    def answer(rt: Runtime, state: MKState) -> None:
        referee_result(rt, state, destroy=False)

    keys = play_until(rt, after_first_winter, SeededRng(99), referee=answer)
    assert "y1-winter" in keys and keys[-1] == "y2-m2"
    assert any("-battle-" in k for k in keys)
    report = replay(rt, NAME)
    assert report.ok, report.mismatches


def _destroyed_units(rt: Runtime, army_id: str) -> list[str]:
    """Units reported destroyed at reform, from every phase so far."""
    return [d["unit"] for events in phase_events(rt) for c, d in events
            if c == "mk.unit_destroyed" and d["army"] == army_id]


def _units_after(rt: Runtime, army_id: str) -> list[Any]:
    army = state_now(rt).armies.get(army_id)
    return list(army.units) if army else []


# --- (c) a summer month checked by hand against the rulebook ----------------------------------


def small_position() -> MKState:
    """p1 (capital B2, village B3) and p2 (capital B5, fortress B4, village C4).

    Army 3 (p1, 300 points) stands in B3 and army 4 (p2, 400 points) in p2's fortress B4.
    """
    state = two_kingdoms()
    add_army(state, "3 p1 B3 points 300")
    add_army(state, "4 p2 B4 points 400")
    return state


def fight(seed: int) -> tuple[MKState, dict[str, list[dict[str, Any]]]]:
    """p1 attacks B4 from B3; p2 defends it. Events grouped by code."""
    state = small_position()
    inputs = {"p1": GAME.parse(state, "p1", "move 3 east  # into the fortress\ndefend 1").orders,
              "p2": GAME.parse(state, "p2", "defend 4\ndefend 2").orders}
    result = GAME.advance(state, inputs, SeededRng(seed))
    grouped: dict[str, list[dict[str, Any]]] = {}
    for event in result.events:
        grouped.setdefault(event.code, []).append(event.data)
    return result.state, grouped


def test_hand_checked_month_attacker_wins() -> None:
    new, events = fight(26)
    assert events["mk.move"] == [{"army": "3", "seat": "p1", "from": "B3", "to": "B4"}]
    assert "mk.explore" not in events  # B4 is p2's already: nothing to explore
    battle = events["mk.battle"][0]
    assert (battle["tile"], battle["attacker"], battle["defender"]) == ("B4", "p1", "p2")
    # Defence = points / 100, +1 for the army that took Defend this month.
    assert [d["defence"] for d in events["mk.battle_defence"]] == [{"3": 3}, {"4": 4 + 1}]
    # One die per upright army, as recorded; seed 26 rolls 5 for p1 and 2 for p2.
    dice = {d["seat"]: d["dice"] for d in events["mk.battle_dice"]}
    assert dice == {"p1": {"3": 5}, "p2": {"4": 2}}
    p1_die, p2_die = dice["p1"]["3"], dice["p2"]["4"]
    # A die hits if it is at least the target's Defence: 5 >= 5 hits, 2 >= 3 misses.
    shots = {d["seat"]: d for d in events["mk.battle_allocation"]}
    assert (shots["p1"]["target"], shots["p1"]["hit"]) == ("4", p1_die >= 5) == ("4", True)
    assert (shots["p2"]["target"], shots["p2"]["hit"]) == ("3", p2_die >= 3) == ("3", False)
    # Each hit costs 100 points.
    assert shots["p1"]["points_after"] == 400 - 100 == new.armies["4"].points
    assert new.armies["3"].points == 300
    # Both kingdoms are still in the tile, so the winner is whoever caused more reductions.
    assert events["mk.battle_result"][0]["result"] == {"p1": "win", "p2": "loss"}
    # Loss: the army moves to an adjacent tile its kingdom controls and lies on its side;
    # of B5 (capital) and C4 (village), the better settlement, the capital, is chosen.
    assert new.armies["4"].tile == "B5" and new.armies["4"].lying
    # Win: the winner takes the tile, fortress and all; B3 -> B4 crosses no forest or
    # mountain and B4 has no river, so army 3 stays upright.
    assert new.tiles["B4"].owner == "p1" and new.tiles["B4"].settlement == "fortress"
    assert new.armies["3"].tile == "B4" and not new.armies["3"].lying


def test_hand_checked_month_equal_reductions_are_a_draw() -> None:
    new, events = fight(0)
    dice = {d["seat"]: d["dice"] for d in events["mk.battle_dice"]}
    assert dice == {"p1": {"3": 6}, "p2": {"4": 5}}  # 6 >= 5 hits, 5 >= 3 hits
    assert [d["hit"] for d in events["mk.battle_allocation"]] == [True, True]
    assert (new.armies["3"].points, new.armies["4"].points) == (200, 300)
    assert events["mk.battle_result"][0]["result"] == {"p1": "draw", "p2": "draw"}
    # Draw: p2 controls B4 so army 4 stays; army 3 moves back as for a loss but upright.
    assert new.armies["4"].tile == "B4" and new.tiles["B4"].owner == "p2"
    assert new.armies["3"].tile == "B3" and not new.armies["3"].lying


def test_forcing_a_tabletop_battle_without_a_result_is_a_draw(rt: Runtime) -> None:
    """The docs' promise: `pbem turn --force` with no result records the referee's default."""
    start(rt, battle_mode="kow")
    play_until(rt, until_battle, SeededRng(99))
    state = state_now(rt)
    assert state.stage == "battle", "pick a seed where a battle happens in year 1"
    record = next(b for b in state.progress.battles if b.pending)
    run_phase(rt, NAME, force=True)
    events = phase_events(rt)[-1]
    assert ("mk.default_used", {"seat": REFEREE, "what": "battle result",
                                "battle": record.number}) in events
    result = next(d for c, d in events if c == "mk.battle_result")
    assert result["result"] == {record.attacker: "draw", record.defender: "draw"}
    assert not [c for c, _ in events if c == "mk.unit_strength"]
    with Session(rt.engine) as session:
        used = session.exec(select(Submission).where(
            Submission.seat == REFEREE, Submission.source == "default")).all()
    assert len(used) == 1 and used[0].used and "draw" in used[0].canonical
    assert replay(rt, NAME).ok
