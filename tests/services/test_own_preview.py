"""A player's PREVIEW is a function of what that player knows (issue 36 item 6): the same answer
whatever the other powers filed or voted in secret, and nothing stored."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session, func, select

from pbem.ledger import queries
from pbem.ledger.models import Submission
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.now import read_now
from pbem.services.turns.own_preview import NOT_OWED, OwnPreview, own_preview
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime, sqlite_url

RUSSIA = "p4"  # the powers given in board order: Austria, England, France, Russia, Turkey
TRY = "A WAR - GAL\nF SEV - BLA\nDRAW"


def _campaign(tmp_path: Path, secret: bool) -> Runtime:
    """Spring 1901 played (everyone holds; with `secret`, all but Russia vote a draw and
    Austria files a move into Galicia for the Fall)."""
    rt = make_runtime(sqlite_url(tmp_path))
    players = [f"P{i} <p{i}@localhost>" for i in range(1, 6)]
    create_campaign(rt, NewCampaign("c", "diplomacy", None, players, seed=2,
                                    sets={"powers": "in-order"}))  # fmt: skip
    vote = "\nDRAW" if secret else ""
    with Session(rt.engine) as session:
        state = current_state(session, queries.campaign_named(session, "c"))
    for seat, power in state.powers.items():
        holds = "\n".join(f"{u.kind} {u.at.upper()} H" for u in state.units_of(power))
        submit_by_address(rt, "c", seat, holds + (vote if seat != RUSSIA else ""))
    run_phase(rt, "c", force=True)
    if secret:
        submit_by_address(rt, "c", "p1", "A VIE - GAL\nA BUD - GAL\nF TRI H")
    return rt


def _preview(rt: Runtime, seat: str, text: str) -> OwnPreview:
    with Session(rt.engine) as session:
        now = read_now(session, queries.campaign_named(session, "c"))
        return own_preview(session, now, seat, text)


def test_a_preview_is_the_same_whatever_others_filed_or_voted(tmp_path: Path) -> None:
    plain, secret = _campaign(tmp_path / "a", False), _campaign(tmp_path / "b", True)
    with Session(secret.engine) as session:
        assert len(current_state(session, queries.campaign_named(session, "c")).draw) == 4
        stored = session.exec(select(func.count()).select_from(Submission)).one()
    mine, theirs = _preview(plain, RUSSIA, TRY), _preview(secret, RUSSIA, TRY)
    assert mine.refusal == "" and mine.source == "mail"
    assert mine.report == theirs.report  # Austria's move and four secret draw votes: unseen
    assert "A WAR - GAL" in mine.report and "game is over" not in mine.report.lower()
    with Session(secret.engine) as session:
        assert session.exec(select(func.count()).select_from(Submission)).one() == stored


def test_a_seat_with_nothing_to_order_gets_no_preview(tmp_path: Path) -> None:
    rt = _campaign(tmp_path, False)
    assert _preview(rt, "p9", "A WAR - GAL").refusal == NOT_OWED
