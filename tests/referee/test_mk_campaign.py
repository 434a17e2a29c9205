"""Mighty Kingdoms through the services: edits and a concession are replayed from the ledger."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.errors import Invalid
from pbem.games.mighty_kingdoms import GAME
from pbem.ledger import queries
from pbem.ledger.models import Player
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns import adjustments
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.replay import replay
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime, sqlite_url

NAME = "kingdoms"
ADDRESS = {"p1": "alice@localhost", "p2": "bob@localhost", "p3": "carol@localhost"}


@pytest.fixture
def rt(tmp_path: Path) -> Iterator[Runtime]:
    """A runtime on a fresh SQLite ledger."""
    runtime = make_runtime(sqlite_url(tmp_path))
    yield runtime
    runtime.engine.dispose()


def _state(rt: Runtime) -> object:
    with Session(rt.engine) as session:
        return current_state(session, queries.campaign_named(session, NAME))


def _to_summer(rt: Runtime) -> None:
    players = [f"{a.split('@')[0].title()} <{a}>" for a in ADDRESS.values()]
    create_campaign(rt, NewCampaign(NAME, "mighty-kingdoms", "valley-3", players, seed=7))
    while (state := _state(rt)).stage != "summer":  # type: ignore[attr-defined]
        for seat in GAME.due(state).players:
            text = GAME.canonical(state, seat, GAME.default_input(state, seat))
            assert submit_by_address(rt, NAME, ADDRESS[seat], text)["accepted"]
        run_phase(rt, NAME, force=True)


def test_edits_and_a_concession_survive_replay(rt: Runtime) -> None:
    _to_summer(rt)
    with pytest.raises(Invalid):
        adjustments.edit_state(rt, NAME, "gold p1 lots", "typo")
    adjustments.edit_state(rt, NAME, "gold p1 30", "tithe owed from last year")
    adjustments.drop_player(rt, NAME, "p3", "Carol concedes")
    state = _state(rt)
    assert state.kingdoms["p1"].gold == 30  # type: ignore[attr-defined]
    assert state.armies_of("p3") == [] and "p3" not in GAME.due(state).players  # type: ignore[attr-defined]
    with Session(rt.engine) as session:
        assert session.exec(select(Player).where(Player.seat == "p3")).one().status == "dropped"
    run_phase(rt, NAME, force=True)
    report = replay(rt, NAME)
    assert report.ok and report.checked == 1 + 4 + 2 + 1  # opening, setup, two edits, month 1
