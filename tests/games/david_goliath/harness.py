"""Build David and Goliath positions by hand and play single inputs through the game."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event, Seat, Setup
from pbem.core.rng import SeededRng
from pbem.games.david_goliath import GAME
from pbem.games.david_goliath.content import full_deck
from pbem.games.david_goliath.state import DGState

DAVID, GOLIATH = "p1", "p2"


def duel(
    *,
    step: str = "move-goliath",
    david: str = "d1",
    goliath: str = "d8",
    david_hand: tuple[str, ...] = (),
    goliath_hand: tuple[str, ...] = (),
    terrain: dict[str, str] | None = None,
    **changes: Any,
) -> DGState:
    """A position: figures on squares, hands of the named card slugs, the rest in the deck."""
    seats = [Seat(id=DAVID, name="Dan"), Seat(id=GOLIATH, name="Gil")]
    state = GAME.start(Setup(seats=seats, scenario={}, settings={}), SeededRng(1))
    used: dict[str, int] = {}

    def ids(slugs: tuple[str, ...]) -> list[str]:
        found = []
        for slug in slugs:
            used[slug] = used.get(slug, 0) + 1
            found.append(f"{slug}.{used[slug]}")
        return found

    state.figures["david"].hand = ids(david_hand)
    state.figures["goliath"].hand = ids(goliath_hand)
    held = set(state.figures["david"].hand + state.figures["goliath"].hand)
    state.deck = [c for c in full_deck() if c not in held]
    state.figures["david"].square, state.figures["goliath"].square = david, goliath
    state.terrain = dict(terrain or {})  # type: ignore[arg-type]
    state.turn, state.step = 1, step  # type: ignore[assignment]
    return state.model_copy(update=changes)


def send(state: DGState, seat: str, text: str, seed: int = 1) -> tuple[DGState, list[Event]]:
    """Parse `text` for `seat` (it must be accepted) and advance with it."""
    parsed = GAME.parse(state, seat, text)
    assert parsed.errors == [], parsed.errors
    result = GAME.advance(state, {seat: parsed.orders}, SeededRng(seed))
    return result.state, result.events


def silent(state: DGState, seed: int = 1) -> tuple[DGState, list[Event]]:
    """Advance with the owing seat's default input (a missed deadline)."""
    seat = GAME.due(state).players[0]
    result = GAME.advance(state, {seat: GAME.default_input(state, seat)}, SeededRng(seed))
    return result.state, result.events


def codes(events: list[Event]) -> list[str]:
    """The event codes, in order."""
    return [e.code for e in events]


def problem_codes(state: DGState, seat: str, text: str) -> list[str]:
    """The problem codes of a message."""
    return [p.code for p in GAME.parse(state, seat, text).problems]


def slugs(state: DGState, role: str) -> list[str]:
    """The card slugs in a hand."""
    return [c.rsplit(".", 1)[0] for c in state.figures[role].hand]
