"""Every game leaves the state it is given as it was when it reads orders: what is due,
parsing and the canonical text. The tick rebuilds a snapshot's state once and lets every order
mail of that phase read it (services/states.shared_current_state), which is only safe so."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.core.game import REFEREE, Game
from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.registry import games
from pbem.services.base.states import canonical_json, current_state, shared_current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.turns import run_phase
from tests.support.any_game import start_campaign, state_and_seats

PHASES = 6


@pytest.mark.parametrize("name", sorted(games()))
def test_reading_orders_never_changes_the_state(name: str, tmp_path: Path) -> None:
    game, rt = start_campaign(name, tmp_path, seed=5)
    read = 0
    for step in range(PHASES):
        current = state_and_seats(rt)
        if current is None:
            break
        state, seats = current
        before = canonical_json(state)
        texts = _read_every_owed_input(game, state, step)
        assert canonical_json(state) == before, f"{name}: reading orders changed the state"
        read += len(texts)
        for seat, text in texts.items():
            submit_by_address(rt, "c", seats.get(seat, REFEREE), text)
        run_phase(rt, "c", force=True)
    assert read > 0


def test_the_shared_state_is_rebuilt_once_per_snapshot(tmp_path: Path) -> None:
    _, rt = start_campaign("mighty-kingdoms", tmp_path, seed=5)
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        first = shared_current_state(session, campaign)
        assert shared_current_state(session, campaign) is first
        assert canonical_json(first) == canonical_json(current_state(session, campaign))
    run_phase(rt, "c", force=True)
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        after = shared_current_state(session, campaign)
        assert after is not first  # a new snapshot: a new state
        assert canonical_json(after) == canonical_json(current_state(session, campaign))


def _read_every_owed_input(game: Game, state: object, step: int) -> dict[str, str]:
    """What is due, then each owed seat's input as text, parsed and made canonical again."""
    due = game.due(state)
    owed = list(due.players) + ([REFEREE] if due.referee else [])
    rng = SeededRng(step)
    texts = {}
    for seat in owed:
        orders = (
            game.random_input(state, seat, rng)
            if game.random_input is not None
            else game.default_input(state, seat)
        )
        text = game.canonical(state, seat, orders)
        parsed = game.parse(state, seat, text)
        if parsed.orders is not None:
            game.canonical(state, seat, parsed.orders)
        texts[seat] = text
    return texts
