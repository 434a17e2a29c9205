"""Routing and answering stored mail without servers: rate limits, Maildir intake, dry runs."""

from __future__ import annotations

import email
import email.policy
import mailbox
from dataclasses import replace
from email.message import EmailMessage
from pathlib import Path

from sqlmodel import Session, select

from pbem.ledger.models import Campaign, Outbox, Submission
from pbem.mail.transport.maildir import MaildirSource
from pbem.mail.transport.mailers import RecordingMailer
from pbem.services.base.runtime import Runtime
from pbem.services.intake.ingest import IngestStats, store_raw
from pbem.services.intake.mailroom import process_pending
from pbem.services.tick.tick import dry_run, tick
from tests.support.player_mail import player_mail


def _mail_from(rt: Runtime, campaign: str, address: str, body: str) -> bytes:
    return player_mail(rt, campaign, address, body)


def test_replies_are_rate_limited_but_orders_still_count(rt: Runtime, toy_campaign: str) -> None:
    rt.settings = replace(rt.settings, reply_rate_per_hour=2)
    for uid, body in enumerate(["HELP", "STATUS", "HELP", "pick 4"], start=1):
        store_raw(rt, "test://box", _mail_from(rt, toy_campaign, "alice@localhost", body), uid)
    stats = IngestStats()
    process_pending(rt, stats)
    assert stats.outcomes == {"mail.help": 2, "mail.status": 1, "mail.orders_accepted": 1}
    with Session(rt.engine) as session:
        replies = session.exec(
            select(Outbox).where(Outbox.recipient == "alice@localhost", Outbox.kind != "welcome")
        ).all()
        orders = session.exec(select(Submission)).all()
    assert len(replies) == 2 and [o.canonical for o in orders] == ["pick 4"]


def test_tick_reads_a_local_maildir(rt: Runtime, toy_campaign: str, tmp_path: Path) -> None:
    box = mailbox.Maildir(tmp_path / "Maildir", create=True)
    box.add(_mail_from(rt, toy_campaign, "bob@localhost", "pick 5"))
    mailer = RecordingMailer()
    report = tick(rt, MaildirSource(str(tmp_path / "Maildir")), mailer, wait_seconds=5)
    assert report.ingest.outcomes == {"mail.orders_accepted": 1}
    sent_to = sorted(m.recipients[0] for m in mailer.sent)
    assert sent_to == ["alice@localhost", "bob@localhost", "bob@localhost", "carol@localhost"]
    again = tick(rt, MaildirSource(str(tmp_path / "Maildir")), mailer, wait_seconds=5)
    assert again.ingest.stored == 0 and again.sent == 0


def test_dry_run_lists_and_sends_nothing(rt: Runtime, toy_campaign: str) -> None:
    report = dry_run(rt)
    assert sorted(item["to"] for item in report.would_send) == [
        "alice@localhost",
        "bob@localhost",
        "carol@localhost",
    ]
    with Session(rt.engine) as session:
        assert {row.status for row in session.exec(select(Outbox)).all()} == {"pending"}


def _process(
    rt: Runtime, campaign: str, address: str, bodies: list[str], first_uid: int
) -> IngestStats:
    for uid, body in enumerate(bodies, start=first_uid):
        store_raw(rt, "test://box", _mail_from(rt, campaign, address, body), uid)
    stats = IngestStats()
    process_pending(rt, stats)
    return stats


def _outbox(rt: Runtime, kind: str) -> list[Outbox]:
    with Session(rt.engine) as session:
        return list(session.exec(select(Outbox).where(Outbox.kind == kind)).all())


def test_resend_mails_the_last_report_again(rt: Runtime, toy_campaign: str) -> None:
    from pbem.services.turns.turns import run_phase

    early = _process(rt, toy_campaign, "alice@localhost", ["RESEND"], 1)
    assert early.outcomes == {"mail.resend": 1}
    assert [n.recipient for n in _outbox(rt, "notice")] == ["alice@localhost"]  # no report yet
    run_phase(rt, toy_campaign, force=True)
    _process(rt, toy_campaign, "alice@localhost", ["RESEND"], 2)
    reports = [r for r in _outbox(rt, "report") + _outbox(rt, "resend")
               if r.recipient == "alice@localhost"]
    assert [r.key.split(":")[0] for r in reports] == ["report", "resend"]
    assert (
        reports[0].subject == reports[1].subject and reports[0].message_id != reports[1].message_id
    )


def test_press_to_all_and_press_switched_off(rt: Runtime, toy_campaign: str) -> None:
    stats = _process(
        rt, toy_campaign, "alice@localhost", ["PRESS ALL\nHello all", "PRESS zed\nhi"], 1
    )
    assert stats.outcomes == {"mail.press": 1, "mail.E_PRESS_TARGET": 1}
    assert sorted(p.recipient for p in _outbox(rt, "press")) == ["bob@localhost", "carol@localhost"]
    with Session(rt.engine) as session:
        campaign = session.exec(select(Campaign)).one()
        campaign.allow_press = False
        session.add(campaign)
        session.commit()
    stats = _process(rt, toy_campaign, "bob@localhost", ["PRESS p1\nsecret deal"], 3)
    assert stats.outcomes == {"mail.E_PRESS_OFF": 1}
    assert len(_outbox(rt, "press")) == 2


def test_the_acknowledgement_says_an_order_file_beside_the_text_was_not_read(
    rt: Runtime, toy_campaign: str
) -> None:
    message = email.message_from_bytes(
        _mail_from(rt, toy_campaign, "alice@localhost", "pick 4"), policy=email.policy.default
    )
    assert isinstance(message, EmailMessage)
    message.add_attachment("pick 6\n", filename="orders.txt")
    store_raw(rt, "test://box", bytes(message), 1)
    process_pending(rt, IngestStats())
    with Session(rt.engine) as session:
        ack = session.exec(select(Outbox).where(Outbox.kind == "ack")).one()
        orders = session.exec(select(Submission)).all()
    assert [o.canonical for o in orders] == ["pick 4"]  # the text of the mail, as before
    text = email.message_from_bytes(ack.raw).get_payload(decode=True)  # type: ignore[union-attr]
    assert b"orders.txt was NOT read" in bytes(text)


def test_broadcast_only_press_relays_press_to_all_and_refuses_press_to_one(
    rt: Runtime, toy_campaign: str
) -> None:
    from pbem.services.referee.timing import change_settings

    change_settings(rt, toy_campaign, {"press_to": "all"}, "broadcast press only")
    stats = _process(
        rt, toy_campaign, "alice@localhost", ["PRESS p2\nA private word", "PRESS ALL\nHello"], 1
    )
    assert stats.outcomes == {"mail.E_PRESS_BROADCAST": 1, "mail.press": 1}
    assert sorted(p.recipient for p in _outbox(rt, "press")) == ["bob@localhost", "carol@localhost"]
    notice = _outbox(rt, "notice")[-1]
    assert notice.recipient == "alice@localhost" and b"PRESS ALL" in notice.raw


def test_resent_reports_count_against_the_reply_budget(rt: Runtime, toy_campaign: str) -> None:
    from pbem.services.turns.turns import run_phase

    run_phase(rt, toy_campaign, force=True)
    rt.settings = replace(rt.settings, reply_rate_per_hour=2)
    stats = _process(rt, toy_campaign, "alice@localhost", ["RESEND"] * 5, 1)
    assert stats.outcomes == {"mail.resend": 5}
    assert len(_outbox(rt, "resend")) == 2  # the rest wait for the held digest, not a report each
    assert len(_outbox(rt, "report")) == 3  # the phase's own reports, one a player
