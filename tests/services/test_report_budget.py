"""The mail budget: a report when a seat must act, otherwise one a game turn, each covering
every phase since the seat's last report; nothing a seat has not been told is ever lost."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from pbem.core.game import Due
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Outbox, Phase
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.referee.people import replace_player
from pbem.services.reports import notify
from pbem.services.reports.owed import BUDGET, EVERY, readers_now
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.rollback import rollback
from pbem.services.turns.turns import run_phase
from tests.support.relay_toy import GAME as RELAY

ADDRESSES = ["ann@localhost", "ben@localhost", "cy@localhost"]
NAME = "relay"
SEATS = {"p1": "ann@localhost", "p2": "ben@localhost", "p3": "cy@localhost"}


@pytest.fixture
def relay(rt: Runtime, tmp_path: Path) -> Iterator[str]:
    """A three-seat relay campaign of two rounds (a round is the game turn)."""
    games()["relay"] = RELAY
    scenario = tmp_path / "relay.txt"
    scenario.write_text("rounds = 2\n")
    players = [f"{a.split('@')[0].title()} <{a}>" for a in ADDRESSES]
    create_campaign(rt, NewCampaign(NAME, "relay", str(scenario), players, seed=3))
    yield NAME
    games().pop("relay", None)


def _go(rt: Runtime, number: int = 2, seats: dict[str, str] = SEATS) -> None:
    """The seat that owes adds `number` (by its address in `seats`), and the phase runs."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        phase = queries.open_phase(session, campaign)
        assert phase is not None
        seat = phase.key.split("-")[1]
    submit_by_address(rt, NAME, seats[seat], f"add {number}")
    run_phase(rt, NAME, force=True)


def _mailed(rt: Runtime, after: int = 0) -> list[tuple[str, str]]:
    """(recipient, key) of each report or correction queued after row `after`."""
    with Session(rt.engine) as session:
        rows = session.exec(
            select(Outbox)
            .where(col(Outbox.kind).in_(["report", "correction"]), col(Outbox.id) > after)
            .order_by(col(Outbox.id))
        ).all()
        return [(r.recipient, r.key) for r in rows]


def _last_id(rt: Runtime) -> int:
    with Session(rt.engine) as session:
        return max(session.exec(select(Outbox.id)).all(), default=0) or 0


def _subject(rt: Runtime, key: str) -> str:
    with Session(rt.engine) as session:
        return session.exec(select(Outbox.subject).where(Outbox.key == key)).one()


def _text(rt: Runtime, key: str) -> str:
    with Session(rt.engine) as session:
        row = session.exec(select(Outbox).where(Outbox.key == key)).one()
    message = message_from_bytes(row.raw, policy=policy.SMTP)
    part = message.get_body(preferencelist=("plain",))  # type: ignore[attr-defined]
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


def test_a_seat_is_mailed_when_it_must_act_and_at_a_turns_end_only_if_not_told_of_it(
    rt: Runtime, relay: str
) -> None:
    mailed = []
    for _ in range(3):  # round one: ann, ben and cy add in turn
        before = _last_id(rt)
        _go(rt)
        mailed.append(_mailed(rt, before))
    assert mailed[0] == [("ben@localhost", "report:relay:1:p2")]  # ben must act next
    assert mailed[1] == [("cy@localhost", "report:relay:2:p3")]
    # the round is over: ann, who owes next and has heard nothing of it; ben and cy were told
    assert mailed[2] == [("ann@localhost", "report:relay:3:p1")]
    ann = _text(rt, "report:relay:3:p1")
    assert "Report: Round 1: p3 adds (3 phases)" in _subject(rt, "report:relay:3:p1")
    for label in ("Round 1: p1 adds", "Round 1: p2 adds", "Round 1: p3 adds"):
        assert f"== {label} ==" in ann  # each phase under its own heading
    assert "relay.add (number=2, seat=p1)" in ann  # her own add
    assert "seat=p2" not in ann  # ben's number is his alone
    assert "relay.round" in ann
    ben = _text(rt, "report:relay:1:p2")
    assert "==" not in ben.split("WHAT HAPPENED")[1].split("NEXT:")[0]  # one phase: no heading


def test_the_campaigns_end_tells_everyone_what_they_have_not_been_told(
    rt: Runtime, relay: str
) -> None:
    for _ in range(5):
        _go(rt)
    before = _last_id(rt)
    _go(rt)  # cy's last add ends the campaign
    got = _mailed(rt, before)
    assert [to for to, _ in got] == ADDRESSES
    ben = _text(rt, "report:relay:6:p2")  # ben's last report was when he had to act, at seq 4
    assert "== Round 2: p2 adds ==" in ben and "== Round 2: p3 adds ==" in ben
    assert "Round 2: p1 adds" not in ben
    ann = _text(rt, "report:relay:6:p1")  # ann's was the round's end, at seq 3
    assert all(f"== Round 2: p{n} adds ==" in ann for n in (1, 2, 3))
    with Session(rt.engine) as session:
        closing = session.exec(select(Outbox).where(Outbox.kind == "closing")).all()
    assert len(closing) == 3


def test_every_mode_mails_everyone_after_every_phase(rt: Runtime, tmp_path: Path) -> None:
    games()["relay"] = RELAY
    scenario = tmp_path / "relay.txt"
    scenario.write_text("rounds = 1\n")
    players = [f"{a.split('@')[0].title()} <{a}>" for a in ADDRESSES]
    sets = {"reports": "every"}
    create_campaign(rt, NewCampaign(NAME, "relay", str(scenario), players, seed=3, sets=sets))
    try:
        before = _last_id(rt)
        _go(rt)
        assert [to for to, _ in _mailed(rt, before)] == ADDRESSES
    finally:
        games().pop("relay", None)


def test_whether_a_seat_is_mailed_depends_only_on_its_own_due_and_the_turn() -> None:
    seats = ["p1", "p2", "p3"]
    done = Phase(campaign_id=1, seq=4, key="k", label="l", turn=2, seed=1, opened_at=None)  # type: ignore[arg-type]
    for turn, owing in itertools.product((2, 3), itertools.product((False, True), repeat=3)):
        following = Phase(
            campaign_id=1, seq=5, key="n", label="n", turn=turn, seed=1, opened_at=None  # type: ignore[arg-type]
        )
        due = Due(players=[s for s, owes in zip(seats, owing, strict=True) if owes])
        readers = readers_now(BUDGET, seats, due, done, following)
        for seat, owes in zip(seats, owing, strict=True):
            # the answer for a seat is a function of its own owing and the public turn alone
            assert (seat in readers) == (owes or turn != 2)
        assert readers_now(EVERY, seats, due, done, following) == seats


def test_a_replaced_players_successor_hears_what_the_seat_was_not_told(
    rt: Runtime, relay: str
) -> None:
    _go(rt)  # ann adds; ben owes, cy hears nothing yet
    replace_player(rt, NAME, "cy@localhost", "Dee <dee@localhost>", "Cy left")
    _go(rt)  # ben adds: the seat must act, and its new player hears both phases
    dee = _text(rt, "report:relay:2:p3")
    assert "== Round 1: p1 adds ==" in dee and "== Round 1: p2 adds ==" in dee
    assert ("dee@localhost", "report:relay:2:p3") in _mailed(rt)
    _go(rt, seats={**SEATS, "p3": "dee@localhost"})  # and her orders are taken


def test_a_rollback_sends_each_player_one_correction_covering_all_they_missed(
    rt: Runtime, relay: str
) -> None:
    for _ in range(4):  # round one, then ann's go in round two
        _go(rt)
    plan = rollback(rt, NAME, "2", {"p2": "add 6"}, "Ben meant six")
    assert plan.mails == 3 and plan.rerun == ["r1-p2", "r1-p3", "r2-p1"]
    before = _last_id(rt)
    done = rollback(rt, NAME, "2", {"p2": "add 6"}, "Ben meant six", confirm=True)
    assert done.committed
    got = _mailed(rt, before)
    assert len(got) == done.mails == 3
    assert {to for to, _ in got} == set(ADDRESSES)
    assert all(key.startswith("report:relay:8:") for _, key in got)  # the re-run's last phase
    ann = _text(rt, "report:relay:8:p1")
    assert ann.startswith("CORRECTION: the referee re-ran the campaign from Round 1: p2 adds")
    assert "== Round 1: p2 adds ==" in ann and "== Round 2: p1 adds ==" in ann
    before = _last_id(rt)
    _go(rt)  # ben's go: cy must act next and is told only that phase
    assert _mailed(rt, before) == [("cy@localhost", "report:relay:9:p3")]


def test_resend_sends_the_latest_report_with_everything_since(rt: Runtime, relay: str) -> None:
    _go(rt)
    _go(rt)
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        ben = queries.find_player(session, campaign, "ben@localhost")
        letter = notify.latest_report(session, rt, campaign, ben, key="resend:test")
        assert letter is not None
        session.rollback()
    assert "== Round 1: p1 adds ==" in letter.text  # his last report, seq 1 ...
    assert "== Round 1: p2 adds ==" in letter.text  # ... and what came after it
    assert "(2 phases)" in letter.subject


def test_an_adjudication_that_fails_before_its_commit_leaves_no_reader_behind(
    rt: Runtime, relay: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _go(rt)  # ann adds: only ben is told
    monkeypatch.setattr(notify, "phase_opened", _crash)  # after the drafts, before the commit
    with pytest.raises(RuntimeError):
        _go(rt)
    monkeypatch.undo()
    assert _mailed(rt) == [("ben@localhost", "report:relay:1:p2")]  # nothing of the failed run
    run_phase(rt, NAME, force=True)  # ben's orders are still on file: the phase runs again
    cy = _text(rt, "report:relay:2:p3")
    assert "== Round 1: p1 adds ==" in cy and "== Round 1: p2 adds ==" in cy


def _crash(*args: object) -> None:
    raise RuntimeError("the tick died here")
