"""Adjudicating a phase reads the state once, writes its events in one statement and counts each
report's span once, however many events and readers the phase has."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlmodel import Session, col, select

from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.ledger.db import make_engine
from pbem.ledger.models import Event
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns import turns
from tests.support.any_game import start_campaign, state_and_seats
from tests.support.runtime import sqlite_url


def _adjudication_statements(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Counter[str], int]:
    """The statements of one forced adjudication of campaign "c" (its drawing left out), by
    their first words, and how many events it stored."""
    game, rt = start_campaign(name, tmp_path, seed=7)
    state, seats = state_and_seats(rt) or ({}, {})
    rng = SeededRng(3)
    assert game.random_input is not None
    for seat in game.due(state).players:
        text = game.canonical(state, seat, game.random_input(state, seat, rng))
        submit_by_address(rt, "c", seats[seat], text)
    monkeypatch.setattr(turns, "draw_drafts", lambda _rt: 0)
    seen: Counter[str] = Counter()

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen[" ".join(statement.split()[:4])] += 1

    event.listen(rt.engine, "before_cursor_execute", record)
    try:
        turns.run_phase(rt, "c", force=True)
    finally:
        event.remove(rt.engine, "before_cursor_execute", record)
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        done = queries.done_phases(session, campaign)[-1]
        stored = len(queries.events_of(session, done))
    return seen, stored


@pytest.mark.parametrize("name", ["diplomacy", "mighty-kingdoms"])
def test_one_adjudication_reads_the_state_once_and_writes_its_events_at_once(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen, stored = _adjudication_statements(name, tmp_path, monkeypatch)
    assert stored >= 2  # the game's events and the dice log, in one statement
    assert seen["INSERT INTO event (phase_id,"] == 1
    assert sum(n for words, n in seen.items() if words.startswith("SELECT snapshot.id,")) == 1
    assert seen["SELECT count(*) AS count_1"] <= 1  # the readers' spans start alike here
    assert not [words for words in seen if words.startswith("SELECT phase.id FROM")]


def test_events_keep_their_order_and_who_sees_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _adjudication_statements("mighty-kingdoms", tmp_path, monkeypatch)
    engine = make_engine(sqlite_url(tmp_path))
    with Session(engine) as session:
        rows = session.exec(select(Event).order_by(col(Event.id))).all()
    engine.dispose()
    last_phase = [row for row in rows if row.phase_id == rows[-1].phase_id]
    assert [row.seq for row in last_phase] == list(range(1, len(last_phase) + 1))
    assert (last_phase[-1].code, last_phase[-1].visible_to) == ("core.rng", "referee")
    assert any(row.visible_to is None for row in last_phase)  # public events stay public
