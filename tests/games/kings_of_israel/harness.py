"""Shared helpers for the Kings of Israel tests: the shipped scenario, games played by bots."""

from __future__ import annotations

from functools import cache
from typing import Any

from pbem.core.game import Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.state import KIState
from pbem.paths import campaigns_dir

SCENARIO = campaigns_dir() / "kings-of-israel" / "israel.toml"
NAMES = ["Ann", "Ben", "Cy", "Di"]


def scenario_text() -> str:
    """The shipped scenario file's text."""
    return SCENARIO.read_text(encoding="utf-8")


@cache
def scenario(gentle: bool = False) -> dict[str, Any]:
    """The shipped scenario; `gentle` makes every king good (no Sin & Punishment cards)."""
    text = scenario_text()
    if gentle:
        text = text.replace("| evil |", "| good |")
    return GAME.load_scenario(text, str(SCENARIO))


def opening(players: int, seed: int, gentle: bool = False, **settings: str) -> KIState:
    """A new game for `players` seats."""
    seats = [Seat(id=f"p{i + 1}", name=NAMES[i]) for i in range(players)]
    setup = Setup(seats=seats, scenario=scenario(gentle), settings=settings)
    return GAME.start(setup, SeededRng(seed))


def play_out(state: KIState, seed: int, cap: int = 800) -> tuple[KIState, list[Any]]:
    """Bot input until the game ends (or `cap` phases); the last state and every event."""
    events: list[Any] = []
    for step in range(cap):
        if GAME.outcome(state) is not None:
            break
        due = GAME.due(state)
        bots = SeededRng(derive_seed(seed, f"b{step}"))
        inputs = {s: GAME.random_input(state, s, bots) for s in due.players}
        advance = GAME.advance(state, inputs, SeededRng(derive_seed(seed, str(step))))
        state, events = advance.state, events + advance.events
    return state, events
