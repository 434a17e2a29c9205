"""Helpers for Diplomacy tests: a standard game with seats in board order, orders from text."""

from __future__ import annotations

from functools import cache
from typing import Any

from pbem.core.game import Seat, Setup
from pbem.core.rng import SeededRng
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.inputs import DipOrders
from pbem.games.diplomacy.state import DipState
from pbem.paths import campaigns_dir

# p1 Austria, p2 England, p3 France, p4 Germany, p5 Italy, p6 Russia, p7 Turkey
SEATS = {"austria": "p1", "england": "p2", "france": "p3", "germany": "p4", "italy": "p5",
         "russia": "p6", "turkey": "p7"}


@cache
def standard_scenario() -> dict[str, Any]:
    """The shipped standard board, read once."""
    path = campaigns_dir() / "diplomacy" / "standard.toml"
    return GAME.load_scenario(path.read_text(encoding="utf-8"), str(path))


def standard_game(players: int = 7, **settings: Any) -> DipState:
    """Spring 1901 with `players` seats given powers in board order."""
    seats = [Seat(id=f"p{n}", name=f"Player {n}") for n in range(1, players + 1)]
    setup = Setup(seats=seats, scenario=standard_scenario(),
                  settings={"powers": "in-order", **settings})
    return GAME.start(setup, SeededRng(1))


def orders(state: DipState, seat: str, text: str) -> DipOrders:
    """Orders read from text, which must read without an error."""
    parsed = GAME.parse(state, seat, text)
    assert parsed.errors == [], parsed.errors
    assert isinstance(parsed.orders, DipOrders)
    return parsed.orders
