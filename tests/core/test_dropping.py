"""The shared pieces of a drop: dropped seats leave `due`, and play runs on past their turns."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.core import dropping
from pbem.core.game import Due, Event
from pbem.core.reactions import Window


def _window(seat: str) -> Window:
    return Window(id="w1", seat=seat, trigger="t", choices=[], default="pass")


def test_live_due_leaves_out_dropped_seats_and_their_questions() -> None:
    due = Due(players=["p1", "p2"], optional=["p3"], window=_window("p2"))
    live = dropping.live_due(due, ["p2", "p3"])
    assert live.players == ["p1"] and live.optional == [] and live.window is None
    kept = dropping.live_due(due, ["p3"])
    assert kept.window is not None and kept.players == ["p1", "p2"]
    assert dropping.live_due(due, []) is due


class Ring:
    """Seats take turns round a ring; each step records who played what."""

    def __init__(self) -> None:
        self.turn = 0
        self.played: list[dict[str, Any]] = []

    def owed(self, _: Any) -> list[str]:
        """The seat whose turn it is."""
        return [f"p{self.turn % 3 + 1}"]

    def step(self, _: Any, given: dict[str, Any]) -> list[Event]:
        """Record the inputs and pass the turn on."""
        self.played.append(dict(given))
        self.turn += 1
        return [Event(code="ring.step")]


def test_play_on_plays_dropped_seats_by_default_until_a_live_one_owes() -> None:
    ring = Ring()
    events = dropping.play_on(ring, {"p1": "move", "p2": "sneaky"}, ["p2", "p3"], ring.owed,
                              lambda _, seat: f"default {seat}", ring.step)
    assert ring.played == [{"p1": "move"}, {"p2": "default p2"}, {"p3": "default p3"}]
    assert len(events) == 3 and ring.owed(None) == ["p1"]


def test_play_on_stops_when_everyone_owing_is_dropped_for_ever() -> None:
    ring = Ring()
    with pytest.raises(RuntimeError):
        dropping.play_on(ring, {}, ["p1", "p2", "p3"], ring.owed, lambda _, s: s, ring.step)


def test_without_empty_keeps_what_holds_something() -> None:
    assert dropping.without_empty({"a": [], "b": ["p1"], "c": None}, "a", "b", "c") == {
        "b": ["p1"]}
