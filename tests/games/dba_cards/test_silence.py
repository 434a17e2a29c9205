"""A question left unanswered: the default (pass) is taken and the reports call it the default."""

from __future__ import annotations

import email
from email.policy import default as default_policy
from pathlib import Path

from sqlmodel import Session, col, select

from pbem.core.rng import SeededRng
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.state import DBAState
from pbem.ledger import queries
from pbem.ledger.models import Outbox
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime, sqlite_url

ADDRESSES = {"p1": "ann@localhost", "p2": "bob@localhost"}


def _state(rt: Runtime) -> DBAState:
    with Session(rt.engine) as session:
        state: DBAState = current_state(session, queries.campaign_named(session, "cannae"))
    return state


def _play_to_first_question(rt: Runtime) -> DBAState:
    """Bots' orders sent as mail text, phase by phase, until a defender is asked."""
    for step in range(300):
        state = _state(rt)
        if state.window is not None:
            return state
        for seat in GAME.due(state).players:
            text = GAME.canonical(state, seat, GAME.random_input(state, seat, SeededRng(step)))
            assert submit_by_address(rt, "cannae", ADDRESSES[seat], text)["accepted"]
        run_phase(rt, "cannae", force=True)
    raise AssertionError("no question in 300 phases")


def _last_report(rt: Runtime, seat: str) -> str:
    with Session(rt.engine) as session:
        rows = session.exec(
            select(Outbox)
            .where(Outbox.kind == "report", Outbox.recipient == ADDRESSES[seat])
            .order_by(col(Outbox.id))
        ).all()
    message = email.message_from_bytes(rows[-1].raw, policy=default_policy)
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content())  # type: ignore[attr-defined]


def test_a_question_left_unanswered_is_reported_as_the_default(tmp_path: Path) -> None:
    rt = make_runtime(sqlite_url(tmp_path))
    players = [f"Ann <{ADDRESSES['p1']}>", f"Bob <{ADDRESSES['p2']}>"]
    sets = {"turn_limit": "0"}
    create_campaign(rt, NewCampaign("cannae", "dba-cards", None, players, seed=15, sets=sets))
    asked = _play_to_first_question(rt)
    assert asked.window is not None
    seat, window = asked.window.seat, asked.window.id
    run_phase(rt, "cannae", force=True)  # nobody answers: the deadline has passed
    after = _state(rt)
    assert after.window is None or after.window.id != window
    for reader in ("p1", "p2"):
        text = _last_report(rt, reader)
        assert f"Question {window} to {seat} closed: pass (default)." in text, text
        assert "(answered)" not in text
    rt.engine.dispose()
