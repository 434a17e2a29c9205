"""Helpers for King David tests: the shipped scenario, openings, random play, scripted dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem.core.game import Event, Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.king_david import GAME
from pbem.games.king_david.state import KDState
from pbem.paths import campaigns_dir

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]


def scenario() -> dict[str, Any]:
    """The shipped scenario, validated."""
    path = campaigns_dir() / GAME.meta.default_scenario
    return GAME.load_scenario(path.read_text(encoding="utf-8"), str(path))


def opening(players: int, seed: int = 1, **settings: Any) -> KDState:
    """A new campaign's opening state (before countries are chosen)."""
    seats = [Seat(id=f"p{i + 1}", name=NAMES[i]) for i in range(players)]
    return GAME.start(Setup(seats=seats, scenario=scenario(), settings=settings), SeededRng(seed))


def play_out(state: KDState, seed: int, limit: int = 5000,
             watch: Callable[[KDState], None] = lambda _: None,
             ) -> tuple[KDState, list[Event], int]:
    """Random legal play to the end; the final state, every event, and the inputs sent.
    `watch` sees every state on the way."""
    events: list[Event] = []
    steps = 0
    while GAME.outcome(state) is None and steps < limit:
        due = GAME.due(state)
        bots = SeededRng(derive_seed(seed, f"bots-{steps}"))
        inputs = {s: GAME.random_input(state, s, bots) for s in due.players}
        advanced = GAME.advance(state, inputs, SeededRng(derive_seed(seed, str(steps))))
        state, steps = advanced.state, steps + 1
        events += advanced.events
        watch(state)
    return state, events, steps


class ScriptedRng(SeededRng):
    """A SeededRng whose dice come from a script, for the rulebook's worked example."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(0)
        self.script = list(rolls)

    def die(self, sides: int = 6, purpose: str = "die") -> int:
        """The next scripted roll (checked against the die's faces)."""
        value = self.script.pop(0)
        assert 1 <= value <= sides, (value, sides, purpose)
        self.draws.append(type(self.draws[0])(purpose, value) if self.draws else _draw(purpose,
                                                                                      value))
        return value


def _draw(purpose: str, value: int) -> Any:
    from pbem.core.rng import Draw

    return Draw(purpose, value)
