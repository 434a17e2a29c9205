"""Whole months: random legal play, reproducibility, purity and a golden month."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from pbem.core.game import REFEREE
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.orders_setup import ring_tiles
from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.summer.orders import move_problem
from tests.games.mighty_kingdoms.summer_fixtures import add_army, new_game, two_kingdoms

GOLDEN = Path(__file__).parent / "golden" / "summer_month.json"


def random_orders(state: MKState, seat: str, pick: random.Random) -> str:
    """A random but legal month for one seat, with some standing instructions."""
    lines = []
    armies = [a for a in state.armies_of(seat) if a.tile]
    pick.shuffle(armies)
    for army in armies:
        here = army.tile or ""
        if army.lying:
            lines.append(f"regroup {army.id}")
            continue
        options = [f"defend {army.id}"]
        targets = [t for t in state.map.neighbours(here).values()
                   if move_problem(state, here, t) is None]
        hostile = [t for t in targets if state.tiles[t].owner not in (None, seat)
                   or any(a.owner != seat for a in state.armies_in(t))]
        options += [f"move {army.id} to {t}" for t in targets + hostile * 4] * 2
        if state.tiles[here].settlement and pick.random() < 0.1:
            options.append(f"raze {army.id}")
        lines.append(pick.choice(options))
        if pick.random() < 0.3:
            lines.append(f"retreat {army.id} to {pick.choice(state.controlled(seat))}")
    if pick.random() < 0.3:
        lines.append("battle " + " ".join(pick.sample(sorted(state.map.tiles), 2)))
    return "\n".join(lines)


def random_setup(state: MKState, seat: str, pick: random.Random) -> str:
    """Random but legal setup choices for the current setup stage."""
    if state.stage == "race":
        return f"race {pick.choice(['Elves', 'Dwarfs', 'Orcs'])}"
    if state.stage == "capital":
        return "capital " + " ".join(pick.sample(state.map.start_tiles(), 2))
    if state.stage == "placement":
        free = [t for t in ring_tiles(state, seat) if state.map.tile(t).enterable
                and state.tiles[t].owner is None]
        chosen = pick.sample(free, min(4, len(free)))
        lines = [f"{kind} {tile}" for kind, tile in zip(
            ("city", "fortress", "village", "village"), chosen, strict=False)]
        return "\n".join(lines)
    settled = [t for t in state.controlled(seat) if state.tiles[t].settlement]
    text = f"army {pick.choice(settled)}"
    if state.settings.battle_mode == "kow":
        text += "\nunit Guard strength 1 points 100\nunit Spears strength 2 points 150"
    return text


def random_result(state: MKState, pick: random.Random) -> str:
    """A random referee result for the waiting tabletop battle."""
    record = state.progress.battles[-1]
    lines = [pick.choice([f"winner {record.attacker}", f"winner {record.defender}", "draw"])]
    for army_id in record.attacker_armies + record.defender_armies:
        army = state.armies.get(army_id)
        if army is not None and army.units and pick.random() < 0.5:
            lines.append(f"routed {army_id}/1")
    return "\n".join(lines)


def reinforce(state: MKState, mode: str) -> None:
    """Two more armies per kingdom in its settlements, as a winter would give them."""
    for seat in state.player_order:
        settled = [t for t in state.controlled(seat) if state.tiles[t].settlement]
        for tile in settled[1:3]:
            units = " units Guard:1,Spears:2" if mode == "kow" else ""
            add_army(state, f"{state.next_army} {seat} {tile}{units}")


def play(seed: int, mode: str = "simple", months: int = 6) -> tuple[MKState, int]:
    """Setup with defaults, then `months` summer months of random legal orders."""
    pick = random.Random(seed)
    state = new_game(3, battle_mode=mode, advanced="true")
    battles = 0
    while state.stage != "winter" and not (state.stage == "summer" and state.month > months):
        inputs: dict[str, Any] = {}
        for seat in GAME.due(state).players:
            text = random_orders(state, seat, pick) if state.stage == "summer" else \
                random_setup(state, seat, pick)
            parsed = GAME.parse(state, seat, text)
            assert not parsed.errors, (text, parsed.errors)
            if parsed.orders is not None:
                inputs[seat] = parsed.orders
        if GAME.due(state).referee:
            parsed = GAME.parse(state, REFEREE, random_result(state, pick))
            assert not parsed.errors, parsed.errors
            inputs[REFEREE] = parsed.orders
        result = GAME.advance(state, inputs, SeededRng(seed * 1000 + state.turn))
        state = result.state
        if state.stage == "summer" and state.month == 1:
            reinforce(state, mode)
        battles += sum(1 for e in result.events if e.code == "mk.battle")
        assert GAME.view(state, "p1", [])["phase"]["turn"] == state.turn
    return state, battles


def test_random_legal_play_runs_through_six_months() -> None:
    fought = 0
    for seed in range(6):
        state, battles = play(seed)
        assert state.stage == "winter"
        assert state.turn == 4 + 6 + 1
        fought += battles
    assert fought > 0


def test_random_kow_play_pauses_for_every_battle() -> None:
    paused = 0
    for seed in range(4):
        state, battles = play(seed, "kow")
        assert state.stage == "winter"
        paused += battles
    assert paused > 0


def test_the_same_seed_gives_the_same_bytes() -> None:
    first, _ = play(11)
    second, _ = play(11)
    assert first.model_dump_json() == second.model_dump_json()
    third, _ = play(12)
    assert third.model_dump_json() != first.model_dump_json()


def test_advance_never_changes_its_input() -> None:
    state = golden_position()
    before = state.model_dump_json()
    inputs = golden_inputs(state)
    result = GAME.advance(state, inputs, SeededRng(7))
    assert state.model_dump_json() == before
    assert result.state is not state and result.state.model_dump_json() != before


def test_state_round_trips_through_json() -> None:
    state, _ = play(3, months=2)
    again = GAME.state_from_json(json.loads(state.model_dump_json()))
    assert again == state


def golden_position() -> MKState:
    """Two kingdoms with armies poised for a crowded month."""
    state = two_kingdoms()
    for spec in ("3 p1 B3", "4 p2 B4", "5 p1 C2", "6 p2 C4 points 300"):
        add_army(state, spec)
    return state


def golden_inputs(state: MKState) -> dict[str, Any]:
    """The golden month's orders."""
    texts = {
        "p1": "move 3 to B4\nmove 5 to C3\nmove 1 to A3\ntarget 6\nwin move 3 to B3",
        "p2": "defend 4\nmove 6 to C3\nmove 2 to A5\nretreat 6 to C4\nbattle C3",
    }
    return {seat: GAME.parse(state, seat, text).orders for seat, text in texts.items()}


def test_golden_month() -> None:
    state = golden_position()
    result = GAME.advance(state, golden_inputs(state), SeededRng(2024))
    actual = {
        "events": [e.model_dump() for e in result.events],
        "state": json.loads(result.state.model_dump_json(exclude={"map"})),
    }
    codes = [e["code"] for e in actual["events"]]
    assert codes.count("mk.battle") >= 2
    if os.environ.get("PBEM_UPDATE_GOLDEN") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(actual, indent=1, sort_keys=True) + "\n")
    assert GOLDEN.exists(), "run with PBEM_UPDATE_GOLDEN=1 to create the golden file"
    assert json.loads(GOLDEN.read_text()) == actual


def test_a_shipped_map_plays_to_the_end_on_defaults() -> None:
    from pbem.core.game import Game, Seat, Setup
    from pbem.paths import campaigns_dir

    assert isinstance(GAME, Game)
    path = campaigns_dir() / "mighty-kingdoms" / "maps" / "valley-3.toml"
    scenario = GAME.load_scenario(path.read_text(), str(path))
    setup = Setup(seats=[Seat(id=f"p{n}", name=f"K{n}") for n in (1, 2, 3)],
                  scenario=scenario, settings={"years": "2"})
    state = GAME.start(setup, SeededRng(1))
    keys = []
    while GAME.outcome(state) is None:
        keys.append(GAME.phase(state).key)
        inputs = {s: GAME.default_input(state, s) for s in GAME.due(state).players}
        state = GAME.advance(state, inputs, SeededRng(state.turn)).state
    assert keys[:5] == ["setup-race", "setup-capital", "setup-placement", "setup-army", "y1-m1"]
    assert "y1-winter" in keys and "y2-m6" in keys and keys[-1] == "y2-winter"
    assert len(keys) == len(set(keys))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.finished and len(outcome.standings) == 3
