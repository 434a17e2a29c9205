"""Golden mail of a David and Goliath campaign: the first question and the asked seat's report.

Run with PBEM_UPDATE_GOLDEN=1 after an intended change and review the diff.
"""

from __future__ import annotations

import email
import os
from email.policy import default as default_policy
from pathlib import Path

from sqlmodel import Session, select

from pbem.core.rng import SeededRng
from pbem.games.david_goliath import GAME
from pbem.ledger import queries
from pbem.ledger.models import Outbox
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime, sqlite_url

GOLDEN = Path(__file__).parent / "golden"
ADDRESSES = {"p1": "dan@localhost", "p2": "gil@localhost"}


def _play_to_first_question(rt: Runtime) -> str:
    """Send bot orders as mail text until a question is open; return the asked seat."""
    for step in range(200):
        with Session(rt.engine) as session:
            state = current_state(session, queries.campaign_named(session, "elah"))
        if state.window is not None:
            return str(state.window.seat)
        seat = GAME.due(state).players[0]
        text = GAME.canonical(state, seat, GAME.random_input(state, seat, SeededRng(step)))
        assert submit_by_address(rt, "elah", ADDRESSES[seat], text)["accepted"]
        run_phase(rt, "elah", force=True)
    raise AssertionError("no question in 200 phases")


def _body(row: Outbox) -> str:
    message = email.message_from_bytes(row.raw, policy=default_policy)
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")  # type: ignore[attr-defined]


def _check(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("PBEM_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"missing {path}; run with PBEM_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def test_first_question_and_report_match_their_golden_files(tmp_path: Path) -> None:
    rt = make_runtime(sqlite_url(tmp_path))
    players = ["Dan <dan@localhost>", "Gil <gil@localhost>"]
    create_campaign(rt, NewCampaign("elah", "david-goliath", None, players, seed=0))
    seat = _play_to_first_question(rt)
    with Session(rt.engine) as session:
        questions = session.exec(select(Outbox).where(Outbox.kind == "reaction")).all()
        reports = session.exec(
            select(Outbox).where(Outbox.kind == "report", Outbox.recipient == ADDRESSES[seat])
        ).all()
    assert [q.recipient for q in questions] == [ADDRESSES[seat]]
    _check("question.txt", _body(questions[0]))
    _check("report-before-question.txt", _body(reports[-1]))
    rt.engine.dispose()
