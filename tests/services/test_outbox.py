"""The outbox: idempotent queueing, retries with backoff, dead letters, stable Message-IDs."""

from __future__ import annotations

import email
from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.ledger.models import Outbox
from pbem.mail.transport.mailers import RecordingMailer
from pbem.mail.transport.smtp import PermanentSendError, TransientSendError
from pbem.services.base.runtime import Runtime
from pbem.services.base.time_budget import TimeBudget
from pbem.services.outbox import outbox
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.outbox import Lane, enqueue, flush
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.runtime import scenario_file


def _queue(rt: Runtime, key: str, to: str = "x@localhost") -> None:
    with Session(rt.engine) as session:
        enqueue(session, rt, Letter(key=key, kind="notice", to=to, subject="s", text="t"), None)
        session.commit()


def test_same_key_queues_once_with_a_stable_message_id(rt: Runtime) -> None:
    _queue(rt, "k1")
    _queue(rt, "k1")
    with Session(rt.engine) as session:
        rows = session.exec(select(Outbox)).all()
    assert len(rows) == 1
    parsed = email.message_from_bytes(rows[0].raw)
    assert (
        parsed["Message-ID"] == rows[0].message_id and parsed["Auto-Submitted"] == "auto-generated"
    )


def test_transient_failures_back_off_then_send(rt: Runtime) -> None:
    _queue(rt, "k2")
    mailer = RecordingMailer(failures=[TransientSendError("busy"), TransientSendError("busy")])
    assert flush(rt, mailer).retrying == 1
    assert flush(rt, mailer).sent == 0  # not due yet: backing off
    rt.clock.at += timedelta(minutes=2)  # type: ignore[attr-defined]
    assert flush(rt, mailer).retrying == 1
    rt.clock.at += timedelta(minutes=6)  # type: ignore[attr-defined]
    assert flush(rt, mailer).sent == 1
    with Session(rt.engine) as session:
        row = session.exec(select(Outbox)).one()
    assert (row.status, row.attempts) == ("sent", 3)
    assert len(mailer.sent) == 1


def test_permanent_failure_is_a_dead_letter(rt: Runtime) -> None:
    _queue(rt, "k3")
    mailer = RecordingMailer(failures=[PermanentSendError("550 unknown")])
    assert flush(rt, mailer).dead == 1
    rt.clock.at += timedelta(days=1)  # type: ignore[attr-defined]
    assert flush(rt, mailer).sent == 0
    with Session(rt.engine) as session:
        assert session.exec(select(Outbox)).one().status == "dead"


def test_a_row_left_sending_by_a_crash_is_sent_again(rt: Runtime) -> None:
    _queue(rt, "k4")
    with Session(rt.engine) as session:
        row = session.exec(select(Outbox)).one()
        row.status = "sending"
        session.add(row)
        session.commit()
    mailer = RecordingMailer()
    assert flush(rt, mailer).sent == 1 and len(mailer.sent) == 1


class _SpentAfter(TimeBudget):
    """A budget that runs out after a set number of questions."""

    def __init__(self, answers: int) -> None:
        super().__init__(float("inf"))
        self.answers = answers

    def spent(self) -> bool:
        self.answers -= 1
        return self.answers < 0


def test_rows_claimed_in_a_batch_but_not_tried_are_given_back(rt: Runtime) -> None:
    for number in range(5):
        _queue(rt, f"batch{number}")
    mailer = RecordingMailer()
    # the pass asks before its page, before the batch, then before each of the five sends
    assert flush(rt, mailer, _SpentAfter(4)).sent == 2
    with Session(rt.engine) as session:
        rows = session.exec(select(Outbox).order_by(Outbox.id)).all()
    assert [(r.status, r.attempts) for r in rows] == [("sent", 1)] * 2 + [("pending", 0)] * 3
    assert flush(rt, mailer).sent == 3 and len(mailer.sent) == 5  # the rest, once each


def test_each_lane_sends_the_mail_of_its_own_campaigns_in_order(
    rt: Runtime, tmp_path: Path
) -> None:
    players = ["A <a@localhost>", "B <b@localhost>", "C <c@localhost>"]
    for name in ("one", "two"):  # campaign ids 1 and 2: the welcome mails are queued
        create_campaign(rt, NewCampaign(name, "toy", scenario_file(tmp_path), players, seed=1))
    with Session(rt.engine) as session:
        queued = {r.id: r.campaign_id for r in session.exec(select(Outbox).order_by(Outbox.id))}
    odd, even = RecordingMailer(), RecordingMailer()
    assert flush(rt, odd, lane=Lane(1, 2)).sent == 3  # campaign 1's mail only
    assert flush(rt, even, lane=Lane(0, 2)).sent == 3  # campaign 2's
    for mailer, campaign in ((odd, 1), (even, 2)):
        ids = [r for r, c in queued.items() if c == campaign]
        sent = [email.message_from_bytes(m.raw)["Message-ID"] for m in mailer.sent]
        with Session(rt.engine) as session:
            expected = [session.get(Outbox, i).message_id for i in ids]  # type: ignore[union-attr]
        assert sent == expected  # in the order they were queued


def test_a_pass_scans_again_only_after_a_full_page(
    rt: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    scans: list[int] = []
    scan = outbox._due_ids

    def counted(rt: Runtime, after: int, replies_only: bool, lane: Lane | None) -> list[int]:
        scans.append(after)
        return scan(rt, after, replies_only, lane)

    monkeypatch.setattr(outbox, "_due_ids", counted)
    for key in ("a", "b", "c"):
        _queue(rt, key)
    mailer = RecordingMailer()
    assert flush(rt, mailer).sent == 3 and scans == [0]  # a short page: nothing after it
    for key in ("d", "e", "f"):
        _queue(rt, key)
    monkeypatch.setattr(outbox, "PAGE", 2)
    scans.clear()
    assert flush(rt, mailer).sent == 3  # full pages go on; the short one ends the pass
    assert len(scans) == 2 and scans[0] == 0 < scans[1]
    assert len(mailer.sent) == 6
