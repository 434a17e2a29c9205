"""The contract every registered game keeps (plus the toy game that tests the engine)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pbem.core.game import REFEREE, Event, Game, Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.paths import campaigns_dir
from pbem.registry import games
from pbem.render.report import PHASE_HEADING
from tests.support.toy_game import GAME as TOY

MAX_PHASES = 40
SEEDS = (1, 2, 3)
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]


def all_games() -> list[Game]:
    """Every registered game, and the toy game."""
    return [*games().values(), TOY]


def opening(game: Game, seed: int) -> Any:
    """The opening state of a game with as many seats as fit its default scenario."""
    count = min(3, game.meta.max_players) if game.meta.min_players <= 3 else game.meta.min_players
    seats = [Seat(id=f"p{i + 1}", name=NAMES[i]) for i in range(count)]
    scenario = _scenario(game)
    settings = {s.key: s.default for s in game.meta.settings}
    if game is TOY:
        settings["rounds"] = 4
    return game.start(Setup(seats=seats, scenario=scenario, settings=settings), SeededRng(seed))


def _scenario(game: Game) -> dict[str, Any]:
    if game is TOY:
        return {"rounds": 4}
    path = campaigns_dir() / game.meta.default_scenario
    return game.load_scenario(path.read_text(encoding="utf-8"), str(path))


def inputs_for(game: Game, state: Any, rng: SeededRng) -> dict[str, Any]:
    """Random legal input from every seat that owes it (else each seat's default)."""
    due = game.due(state)
    seats = list(due.players) + ([REFEREE] if due.referee else [])
    chosen: dict[str, Any] = {}
    for seat in seats:
        if game.random_input is not None:
            chosen[seat] = game.random_input(state, seat, rng)
        else:
            chosen[seat] = game.default_input(state, seat)
    return chosen


def play(game: Game, seed: int) -> list[str]:
    """Play seeded random input to the end or MAX_PHASES; return each state's canonical JSON."""
    state = opening(game, seed)
    history = [_dump(state)]
    for step in range(MAX_PHASES):
        if (outcome := game.outcome(state)) is not None and outcome.finished:
            break
        bots = SeededRng(derive_seed(seed, f"bots-{step}"))
        state = game.advance(
            state, inputs_for(game, state, bots), SeededRng(derive_seed(seed, str(step)))
        ).state
        history.append(_dump(state))
    return history


def _dump(state: Any) -> str:
    return json.dumps(state.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))


@pytest.fixture(params=all_games(), ids=lambda g: g.meta.name)
def game(request: pytest.FixtureRequest) -> Game:
    """Each game in turn."""
    return request.param  # type: ignore[no-any-return]


@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_runs_without_error_and_is_deterministic(game: Game, seed: int) -> None:
    first, second = play(game, seed), play(game, seed)
    assert len(first) > 1
    assert first == second


def test_different_seeds_can_differ(game: Game) -> None:
    runs = {tuple(play(game, seed)) for seed in (11, 12, 13, 14)}
    assert len(runs) > 1


def test_state_and_inputs_round_trip_through_json(game: Game) -> None:
    state = opening(game, 5)
    for step in range(6):
        assert _dump(game.state_from_json(json.loads(_dump(state)))) == _dump(state)
        inputs = inputs_for(game, state, SeededRng(step))
        for value in inputs.values():
            assert game.input_from_json(json.loads(value.model_dump_json())) == value
        if not inputs:
            break
        state = game.advance(state, inputs, SeededRng(step)).state


def test_canonical_text_parses_back_to_the_same_orders(game: Game) -> None:
    state = opening(game, 9)
    for step in range(8):
        inputs = inputs_for(game, state, SeededRng(100 + step))
        for seat, orders in inputs.items():
            for candidate in (orders, game.default_input(state, seat)):
                text = game.canonical(state, seat, candidate)
                parsed = game.parse(state, seat, text)
                assert parsed.errors == [], (seat, text, parsed.errors)
                assert parsed.orders == candidate, (seat, text)
        if not inputs:
            break
        state = game.advance(state, inputs, SeededRng(step)).state


def test_advance_never_changes_its_input(game: Game) -> None:
    state = opening(game, 21)
    for step in range(6):
        before = _dump(state)
        inputs = inputs_for(game, state, SeededRng(step))
        if not inputs:
            break
        after = game.advance(state, inputs, SeededRng(step)).state
        assert _dump(state) == before
        state = after


def test_no_view_shows_another_seats_secrets(game: Game) -> None:
    if game.private_strings is None:
        pytest.skip(f"{game.meta.name} names no private strings")
    state = opening(game, 31)
    seats = [s for s in json.loads(_dump(state)).get("seats", [])]
    ids = [s["id"] for s in seats] or ["p1", "p2", "p3"]
    for step in range(12):
        for owner in ids:
            secrets = [s for s in game.private_strings(state, owner) if s]
            for viewer in [*[i for i in ids if i != owner], None]:
                shown = json.dumps(game.view(state, viewer, []))
                leaked = [s for s in secrets if s in shown]
                assert not leaked, (owner, viewer, leaked)
        inputs = inputs_for(game, state, SeededRng(step))
        if not inputs:
            break
        state = game.advance(state, inputs, SeededRng(step)).state


def test_a_view_keeps_the_phase_headings_of_a_report_of_several_phases(game: Game) -> None:
    state = opening(game, 5)
    heading = Event(code=PHASE_HEADING, data={"label": "Round 1", "turn": 1})
    for viewer in ["p1", None, REFEREE]:
        shown = game.view(state, viewer, [heading, heading])["events"]
        assert [e["code"] for e in shown] == [PHASE_HEADING] * 2, viewer
        assert shown[0]["data"]["label"] == "Round 1"
