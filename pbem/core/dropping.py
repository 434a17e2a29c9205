"""Seats the referee has dropped: they never owe input, and a game that plays on without them
fills their turns with its default input (docs/referee.md, "People").

A state keeps its dropped seats in a list that is left out of its JSON while empty, so states
of games without a drop dump byte for byte as they did before drops existed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, TypeVar

from pbem.core.game import Due, Event

S = TypeVar("S")
MAX_STEPS = 10_000  # a game whose dropped seats owe forever is a bug, not a loop


def live_due(due: Due, dropped: Collection[str]) -> Due:
    """`due` without the dropped seats: nobody waits for them, nobody reminds them, and a
    question to one of them is no reaction window of the engine's (the game answers it)."""
    if not dropped:
        return due
    window = due.window if due.window is None or due.window.seat not in dropped else None
    return Due(
        players=[s for s in due.players if s not in dropped],
        referee=due.referee,
        optional=[s for s in due.optional if s not in dropped],
        window=window,
    )


def play_on(
    state: S,
    inputs: dict[str, Any],
    dropped: Collection[str],
    owed: Callable[[S], list[str]],
    default: Callable[[S, str], Any],
    step: Callable[[S, dict[str, Any]], list[Event]],
) -> list[Event]:
    """Run `step` on `state` (in place) with the live seats' inputs and the default input of
    each dropped seat that owes; then again while only dropped seats owe."""
    given = {s: v for s, v in inputs.items() if s not in dropped}
    events: list[Event] = []
    for _ in range(MAX_STEPS):
        filled = {**given, **{s: default(state, s) for s in owed(state) if s in dropped}}
        events += step(state, filled)
        owing = owed(state)
        if not owing or any(s not in dropped for s in owing):
            return events
        given = {}
    raise RuntimeError("dropped seats still owe after MAX_STEPS steps")


def without_empty(data: Any, *keys: str) -> Any:
    """A dumped state with the named keys taken out while they hold nothing."""
    if isinstance(data, dict):
        for key in keys:
            if key in data and not data[key]:
                del data[key]
    return data
