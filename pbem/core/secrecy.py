"""Secrecy as indistinguishability: what a seat receives must not depend on what is hidden from it.

A game with hidden information supplies the optional `resample_hidden` (pbem/core/game.py): a
second state that differs from the first only in what the rules hide from one seat. `play_twins`
then plays both states forward on the same inputs of that seat and the same public behaviour of
the others, and compares everything the seat receives at every step through a `receive` function
given by the caller (the services compose the real mails; core only drives and compares).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from pbem.core.game import Event, Game
from pbem.core.rng import SeededRng, derive_seed

Receive = Callable[[Game, Any, str, list[Event], Sequence[str]], dict[str, Any]]
OthersInput = Callable[[Game, Any, str], BaseModel]


@dataclass
class TwinStep:
    """The two runs at one step: their states and the events that led there."""

    first: Any
    second: Any
    first_events: list[Event] = field(default_factory=list)
    second_events: list[Event] = field(default_factory=list)


def first_difference(a: Any, b: Any, path: str = "$") -> str | None:
    """Where two JSON-like values first differ (`$.view.board[3]`), or None when equal."""
    if isinstance(a, BaseModel) and isinstance(b, BaseModel):
        return first_difference(a.model_dump(mode="json"), b.model_dump(mode="json"), path)
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: present on one side only"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        if len(a) != len(b):
            return f"{path}: {len(a)} items against {len(b)}"
        for index, (left, right) in enumerate(zip(a, b, strict=True)):
            found = first_difference(left, right, f"{path}[{index}]")
            if found:
                return found
        return None
    if a != b:
        return f"{path}: {_short(a)} against {_short(b)}"
    return None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 160 else text[:157] + "..."


def knows_the_same(game: Game, step: TwinStep, seat: str) -> bool:
    """Whether `seat`'s own secrets are alike in both runs (else it drew from the hidden pool)."""
    if game.private_strings is None:
        return True
    return sorted(game.private_strings(step.first, seat)) == sorted(
        game.private_strings(step.second, seat)
    )


def shows_the_same(game: Game, step: TwinStep) -> bool:
    """Whether both runs have turned the same hidden cards face up for everyone."""
    if game.revealed is None:
        return True
    return bool(game.revealed(step.first) == game.revealed(step.second))


def seat_text(game: Game, state: Any, seat: str, rng: SeededRng) -> str:
    """What `seat` sends now in a twin run: a random legal input in canonical text, or ''."""
    if game.random_input is None:
        return game.canonical(state, seat, game.default_input(state, seat))
    return game.canonical(state, seat, game.random_input(state, seat, rng))


def default_others(game: Game, state: Any, seat: str) -> BaseModel:
    """The others' public behaviour in a twin run: each sends what the rules default to."""
    return game.default_input(state, seat)


@dataclass
class TwinRun:
    """One comparison: a game, the seat that must not tell the runs apart, and how to play."""

    game: Game
    seat: str
    receive: Receive
    seed: int
    steps: int = 3
    others: OthersInput = default_others
    probes: Sequence[str] = ()
    _own: tuple[Any, int, str] | None = field(default=None, init=False, repr=False, compare=False)

    def compare(self, state: Any) -> str | None:
        """Play `state` and its twin forward; the first difference the seat would see, or None."""
        game = self.game
        if game.resample_hidden is None:
            return None
        twin = game.resample_hidden(state, self.seat, SeededRng(derive_seed(self.seed, "twin")))
        step = TwinStep(state, twin)
        for number in range(self.steps + 1):
            if not (knows_the_same(game, step, self.seat) and shows_the_same(game, step)):
                return None  # the seat drew from, or all were shown, the resampled pool
            found = self._differs(step, number)
            if found or not self._advance(step, number):
                return found
        return None

    def _differs(self, step: TwinStep, number: int) -> str | None:
        texts = [*self.probes, self._own_text(step.first, number)]
        seen_first = self.receive(self.game, step.first, self.seat, step.first_events, texts)
        seen_second = self.receive(self.game, step.second, self.seat, step.second_events, texts)
        found = first_difference(seen_first, seen_second)
        return f"step {number}: {found}" if found else None

    def _own_text(self, state: Any, number: int) -> str:
        """What the seat sends at step `number` from `state` (read for the report's readings,
        then played): drawn once, since the draw is seeded by the step alone."""
        if self._own is None or self._own[0] is not state or self._own[1] != number:
            self._own = (state, number, self._draw_own_text(state, number))
        return self._own[2]

    def _draw_own_text(self, state: Any, number: int) -> str:
        due = self.game.due(state)
        if self.seat not in due.players or self.game.outcome(state) is not None:
            return ""
        return seat_text(
            self.game, state, self.seat, SeededRng(derive_seed(self.seed, f"own{number}"))
        )

    def _advance(self, step: TwinStep, number: int) -> bool:
        """Move both runs on by one phase; False when the game ended or waits on the referee."""
        game = self.game
        due = game.due(step.first)
        if game.outcome(step.first) is not None or due.referee or not due.players:
            return False
        own = self._own_text(step.first, number)
        inputs = [self._inputs(state, due.players, own) for state in (step.first, step.second)]
        if inputs[0] is None or inputs[1] is None:
            return False
        rolls = derive_seed(self.seed, f"advance{number}")
        first = game.advance(step.first, inputs[0], SeededRng(rolls))
        second = game.advance(step.second, inputs[1], SeededRng(rolls))
        step.first, step.second = first.state, second.state
        step.first_events, step.second_events = first.events, second.events
        return True

    def _inputs(self, state: Any, owing: list[str], own: str) -> dict[str, Any] | None:
        inputs: dict[str, Any] = {}
        for seat in owing:
            if seat != self.seat:
                inputs[seat] = self.others(self.game, state, seat)
                continue
            read = self.game.parse(state, seat, own)
            if read.orders is None or read.errors:
                return None
            inputs[seat] = read.orders
        return inputs
