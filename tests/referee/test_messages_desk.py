"""Questions held for the referee, bulletins, the mail desk, and referee alerts."""

from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage

import pytest
from sqlmodel import Session, select

from pbem.clock import FixedClock
from pbem.errors import Conflict, NotFound
from pbem.ledger import queries
from pbem.ledger.models import InboundMessage, Outbox, Phase, Player
from pbem.services.base.runtime import Runtime
from pbem.services.outbox.alerts import alert_referee
from pbem.services.referee import maildesk, timing
from pbem.services.referee.overview import overview
from pbem.services.turns import questions
from pbem.services.turns.turns import run_due, run_phase


def _ask(rt: Runtime, name: str, seat: str, text: str) -> int:
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        player = queries.player_by_seat(session, campaign, seat)
        assert player is not None
        row = questions.record_question(session, rt, campaign, player, text, None)
        session.commit()
        return row.id or 0


def test_an_open_question_holds_the_turn_until_answered(rt: Runtime, toy_campaign: str) -> None:
    timing.change_settings(rt, toy_campaign, {"hold_for_questions": "true"}, "rules queries")
    number = _ask(rt, toy_campaign, "p2", "May I pick 7?")
    assert overview(rt)[0]["questions"] == 1 and overview(rt)[0]["held"]
    with Session(rt.engine) as session:
        deadline = session.exec(select(Phase)).one().deadline
    assert isinstance(rt.clock, FixedClock) and deadline is not None
    rt.clock.at = deadline + timedelta(hours=1)
    assert run_due(rt) == []
    with pytest.raises(Conflict) as held:
        run_phase(rt, toy_campaign)
    assert held.value.code == "referee.E_HELD"
    questions.reply(rt, toy_campaign, number, "No: 1 to 6 only.")
    with pytest.raises(NotFound):
        questions.reply(rt, toy_campaign, number, "again")
    assert [r.phase_key for r in run_due(rt)] == ["round-1"]
    with Session(rt.engine) as session:
        answer = session.exec(select(Outbox).where(Outbox.kind == "answer")).one()
    assert answer.recipient == "bob@localhost" and b"1 to 6 only" in answer.raw
    assert b"> May I pick 7?" in answer.raw


def test_bulletins_go_to_all_or_one(rt: Runtime, toy_campaign: str) -> None:
    assert questions.bulletin(rt, toy_campaign, "Deadline is firm.")["recipients"] == 3
    assert questions.bulletin(rt, toy_campaign, "Psst.", to="p3")["recipients"] == 1
    with Session(rt.engine) as session:
        rows = session.exec(select(Outbox).where(Outbox.kind == "from-referee")).all()
    assert [r.recipient for r in rows][-1] == "carol@localhost" and len(rows) == 4


def _stranger_mail(rt: Runtime, outcome: str) -> int:
    message = EmailMessage()
    message["From"] = "alice.other@elsewhere.example"
    message["To"] = "referee@localhost"
    message["Subject"] = "my orders"
    message["Message-ID"] = "<stranger-1@elsewhere.example>"
    message.set_content("pick 5\n")
    raw = message.as_bytes()
    with Session(rt.engine) as session:
        row = InboundMessage(
            mailbox="INBOX", uidvalidity=1, uid=1, message_id="stranger-1@elsewhere.example",
            digest="d" * 64, raw=raw, received_at=rt.clock.now(), status="processed",
            outcome=outcome,
        )  # fmt: skip
        session.add(row)
        session.commit()
        return row.id or 0


def test_desk_mail_can_be_assigned_to_a_player(rt: Runtime, toy_campaign: str) -> None:
    number = _stranger_mail(rt, "mail.unknown_sender")
    listed = maildesk.desk(rt)
    assert [r["id"] for r in listed] == [number]
    assert listed[0]["from"] == "alice.other@elsewhere.example"
    result = maildesk.assign(rt, toy_campaign, number, "p1", "Alice wrote from her phone")
    assert result["accepted"] and maildesk.desk(rt) == []
    with Session(rt.engine) as session:
        phase = session.exec(select(Phase)).one()
        live = queries.live_submission(session, phase, "p1")
    assert live is not None and live.canonical == "pick 5"


def test_desk_mail_can_be_discarded(rt: Runtime, toy_campaign: str) -> None:
    number = _stranger_mail(rt, "mail.E_NO_SECRET")
    maildesk.discard(rt, toy_campaign, number, "spam")
    assert maildesk.desk(rt) == []
    with pytest.raises(NotFound):
        maildesk.discard(rt, toy_campaign, number, "twice")


def test_failed_mail_is_listed_and_retried_and_reports_resent(
    rt: Runtime, toy_campaign: str
) -> None:
    with Session(rt.engine) as session:
        row = session.exec(select(Outbox)).first()
        assert row is not None
        row.status, row.last_error = "dead", "550 no such user"
        session.add(row)
        session.commit()
        dead_id = row.id
    assert [r["id"] for r in maildesk.outbox(rt, toy_campaign, "dead")] == [dead_id]
    assert overview(rt)[0]["failed_mail"] == 1
    assert maildesk.retry(rt, toy_campaign, None, "mailbox fixed")["requeued"] == [dead_id]
    assert maildesk.outbox(rt, toy_campaign, "dead") == []
    run_phase(rt, toy_campaign, force=True)
    maildesk.resend_report(rt, toy_campaign, "p2", 1, "Bob lost it")
    with Session(rt.engine) as session:
        resent = session.exec(select(Outbox).where(Outbox.key.startswith("resend-report"))).one()
    assert resent.recipient == "bob@localhost" and resent.kind == "report"


def test_flagged_and_bouncing_players_are_told_to_the_referee_once(
    rt: Runtime, toy_campaign: str
) -> None:
    with Session(rt.engine) as session:
        bob = session.exec(select(Player).where(Player.seat == "p2")).one()
        bob.status, bob.missed, bob.delivery = "flagged", 3, "bouncing"
        session.add(bob)
        session.commit()
    assert alert_referee(rt) == 2
    assert alert_referee(rt) == 0
    with Session(rt.engine) as session:
        letters = session.exec(select(Outbox).where(Outbox.kind == "referee")).all()
    assert {r.recipient for r in letters} == {"referee@localhost"}
    assert sorted(r.subject.split("] ")[1] for r in letters) == [
        "Mail bouncing: Bob",
        "Player flagged: Bob",
    ]


def test_status_counts_a_refused_typo_apart_from_mail_problems(
    rt: Runtime, toy_campaign: str
) -> None:
    with Session(rt.engine) as session:
        campaign_id = queries.campaign_named(session, toy_campaign).id
        for uid, outcome in enumerate(["mail.orders_refused", "mail.E_BAD_SECRET"], start=1):
            session.add(InboundMessage(
                mailbox="INBOX", uidvalidity=1, uid=uid, message_id=f"m{uid}@localhost",
                digest=str(uid) * 64, raw=b"x", received_at=rt.clock.now(), status="processed",
                outcome=outcome, campaign_id=campaign_id,
            ))  # fmt: skip
        session.commit()
    (row,) = overview(rt)
    assert row["refused_mail"] == 1  # the wrong secret: for the desk
    assert row["refused_orders"] == 1  # the typo: the player was told why
    assert len(maildesk.desk(rt)) == 2  # the desk still shows both
