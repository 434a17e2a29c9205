"""Any registered game played in memory, without a ledger: its opening from the default
scenario, and bots' random legal input phase after phase (for the rules tests)."""

from __future__ import annotations

from typing import Any

from pbem.core.game import REFEREE, Event, Game, Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.paths import campaigns_dir

MAX_PHASES = 3000


def opening(game: Game, players: int, seed: int, settings: dict[str, Any] | None = None) -> Any:
    """The game's opening state for `players` seats p1, p2, … on its default scenario."""
    path = campaigns_dir() / game.meta.default_scenario
    scenario = game.load_scenario(path.read_text(encoding="utf-8"), str(path))
    seats = [Seat(id=f"p{i}", name=f"Player {i}") for i in range(1, players + 1)]
    setup = Setup(seats=seats, scenario=scenario, settings=settings or {})
    return game.start(setup, SeededRng(seed))


def play_phase(game: Game, state: Any, seed: int) -> tuple[Any, list[Event]]:
    """One phase: every seat owing input (and the referee, if owed) sends a bot's input."""
    assert game.random_input is not None
    due, rng = game.due(state), SeededRng(seed)
    owing = [*due.players, *([REFEREE] if due.referee else [])]
    inputs = {seat: game.random_input(state, seat, rng) for seat in owing}
    advance = game.advance(state, inputs, SeededRng(derive_seed(seed, "advance")))
    return advance.state, advance.events


def play_to_end(
    game: Game, state: Any, seed: int, limit: int = MAX_PHASES
) -> tuple[Any, list[Event], list[list[str]]]:
    """Play until the game's outcome is final; the end state, every event and who owed when."""
    events: list[Event] = []
    owed: list[list[str]] = []
    for step in range(limit):
        outcome = game.outcome(state)
        if outcome is not None and outcome.finished:
            return state, events, owed
        owed.append(list(game.due(state).players))
        state, new = play_phase(game, state, derive_seed(seed, f"phase-{step}"))
        events += new
    raise AssertionError(f"{game.meta.name} did not end within {limit} phases")
