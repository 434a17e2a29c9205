"""The indistinguishability check itself: it must find a phase that depends on a hidden card,
and pass a game whose flow does not (pbem/core/secrecy.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from pbem.core.game import Advance, Due, Event, ParseResult, PhaseInfo
from pbem.core.rng import SeededRng
from pbem.core.secrecy import TwinRun, first_difference

CARDS = ["sword", "shield", "event", "stone"]


class Hands(BaseModel):
    """Two hands of one card each, and whose turn it is."""

    hands: dict[str, str]
    mover: str = "p1"
    turn: int = 1


class Play(BaseModel):
    """Pass the turn."""

    word: str = "pass"


class TwoCards:
    """Each seat holds one hidden card; `leaky` makes the phase name the holder's card kind."""

    private_strings = None  # capabilities it lacks (pbem/core/game.py)
    revealed = None

    def __init__(self, leaky: bool) -> None:
        self.leaky = leaky

    def phase(self, state: Hands) -> PhaseInfo:
        """Whose turn, and in the leaky game which step comes next."""
        step = "event" if self.leaky and state.hands[state.mover] == "event" else "move"
        return PhaseInfo(
            key=f"t{state.turn}", label=f"{state.mover} {step}", turn=state.turn, topic="x"
        )

    def due(self, state: Hands) -> Due:
        """The mover owes."""
        return Due(players=[state.mover])

    def view(self, state: Hands, viewer: str | None, events: list[Event]) -> dict[str, Any]:
        """A seat sees its own card only."""
        return {"mine": state.hands.get(viewer or ""), "mover": state.mover}

    def parse(self, state: Hands, seat: str, text: str) -> ParseResult:
        """Only 'pass' is an order."""
        return ParseResult(orders=Play())

    def canonical(self, state: Hands, seat: str, orders: Play) -> str:
        """The one word."""
        return orders.word

    def default_input(self, state: Hands, seat: str) -> Play:
        """Pass."""
        return Play()

    def random_input(self, state: Hands, seat: str, rng: SeededRng) -> Play:
        """Pass."""
        return Play()

    def advance(self, state: Hands, inputs: dict[str, Any], rng: SeededRng) -> Advance:
        """The other seat moves next."""
        mover = "p2" if state.mover == "p1" else "p1"
        return Advance(state=state.model_copy(update={"mover": mover, "turn": state.turn + 1}))

    def outcome(self, state: Hands) -> None:
        """Never ends."""
        return None

    def resample_hidden(self, state: Hands, seat: str, rng: SeededRng) -> Hands:
        """The other seat's card drawn afresh from those `seat` does not hold."""
        other = "p2" if seat == "p1" else "p1"
        pool = [c for c in CARDS if c != state.hands[seat]]
        return state.model_copy(update={"hands": {**state.hands, other: rng.choice(pool)}})


def _seen(
    game: Any, state: Hands, seat: str, events: list[Event], texts: Sequence[str]
) -> dict[str, Any]:
    return {"label": game.phase(state).label, "view": game.view(state, seat, events)}


def _compare(leaky: bool, seed: int) -> str | None:
    game = TwoCards(leaky)
    state = Hands(hands={"p1": "sword", "p2": "event"})
    return TwinRun(game, "p1", _seen, seed=seed, steps=2).compare(state)  # type: ignore[arg-type]


def test_a_phase_that_depends_on_a_hidden_card_is_found() -> None:
    assert TwoCards(True).resample_hidden is not None
    found = [_compare(True, seed) for seed in range(20)]
    assert any(f and "$.label" in f and "p2 event" in f for f in found)


def test_a_flow_that_ignores_hidden_cards_passes() -> None:
    assert all(_compare(False, seed) is None for seed in range(20))


def test_first_difference_names_the_path() -> None:
    assert (
        first_difference({"a": [1, {"b": "x"}]}, {"a": [1, {"b": "y"}]})
        == "$.a[1].b: 'x' against 'y'"
    )
    assert first_difference({"a": 1}, {"a": 1}) is None
    assert first_difference([1], [1, 2]) == "$: 1 items against 2"
