"""Reports drafted with their adjudication, drawn after its commit, and mail sent in order."""

from __future__ import annotations

import threading
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Outbox
from pbem.mail.transport.mailers import FileMailer, RecordingMailer
from pbem.services.base.isolation import CampaignNote
from pbem.services.base.runtime import Runtime
from pbem.services.base.time_budget import TimeBudget
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.outbox import enqueue, flush
from pbem.services.outbox.sender import BackgroundSender
from pbem.services.reports import drafts
from pbem.services.reports.drafts import draw_drafts
from pbem.services.reports.viewing import bundle_for
from pbem.services.turns import turns


def _adjudicated_undrawn(rt: Runtime, campaign: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turns, "draw_drafts", lambda _rt: 0)  # as if it crashed before drawing
    turns.run_phase(rt, campaign, force=True)
    monkeypatch.undo()


def _reports(rt: Runtime) -> list[Outbox]:
    with Session(rt.engine) as session:
        query = select(Outbox).where(Outbox.kind == "report").order_by(col(Outbox.id))
        return list(session.exec(query).all())


def _body(raw: bytes) -> str:
    message = message_from_bytes(raw, policy=policy.SMTP)
    part = message.get_body(preferencelist=("plain",))  # type: ignore[attr-defined]
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


def test_a_drawn_report_is_the_report_the_ledger_gives(
    rt: Runtime, toy_campaign: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _adjudicated_undrawn(rt, toy_campaign, monkeypatch)
    drafts = _reports(rt)
    assert [r.status for r in drafts] == ["draft"] * 3 and {r.raw for r in drafts} == {b""}
    assert draw_drafts(rt) == 3
    assert draw_drafts(rt) == 0  # each draft turns into mail once
    drawn = _reports(rt)
    assert [r.status for r in drawn] == ["pending"] * 3
    assert [r.message_id for r in drawn] == [r.message_id for r in drafts]
    assert [r.subject for r in drawn] == [r.subject for r in drafts]  # drafted with its subject
    with Session(rt.engine) as session:
        campaign = session.exec(select(Campaign)).one()
        for row, seat in zip(drawn, ["p1", "p2", "p3"], strict=True):
            assert bundle_for(session, campaign, seat, None).text.strip() in _body(row.raw)


def test_a_campaigns_mail_waits_for_its_earlier_drafts(
    rt: Runtime, toy_campaign: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    flush(rt, FileMailer(str(tmp_path / "welcome")))
    _adjudicated_undrawn(rt, toy_campaign, monkeypatch)
    with session_scope(rt.engine) as session:
        campaign = session.exec(select(Campaign)).one()
        letter = Letter(key="later", kind="notice", to="alice@localhost", subject="Later", text="x")
        enqueue(session, rt, letter, campaign.id)
        enqueue(session, rt, Letter("other", "notice", "zed@localhost", "Other", "y"), None)
    mailer = RecordingMailer()
    assert flush(rt, mailer).sent == 1  # only mail of no campaign: the notice waits
    assert [list(m.recipients) for m in mailer.sent] == [["zed@localhost"]]
    draw_drafts(rt)
    assert flush(rt, mailer).sent == 4
    kinds = [str(message_from_bytes(m.raw)["Subject"]).split()[-1] for m in mailer.sent]
    assert kinds[0] == "Other" and kinds[-1] == "Later"  # the notice after the reports
    assert all("Report:" in str(message_from_bytes(m.raw)["Subject"]) for m in mailer.sent[1:4])


def test_the_background_sender_settles_and_sends_everything_before_it_ends(
    rt: Runtime, toy_campaign: str
) -> None:
    mailer = RecordingMailer()
    with BackgroundSender(rt, mailer, TimeBudget(60)) as sender:
        sender.settle()
        welcomed = len(mailer.sent)
        assert welcomed == 3  # the welcome letters, queued before the sender started
        with session_scope(rt.engine) as session:
            enqueue(session, rt, Letter("late", "notice", "zed@localhost", "Late", "z"), None)
    assert len(mailer.sent) == 4 and sender.result.sent == 4  # the last pass took the late one


class _Broken(RecordingMailer):
    def send_sync(self, raw: bytes, sender: str, recipients: list[str]) -> None:  # type: ignore[override]
        raise RuntimeError("mailer blew up")


def test_an_error_in_the_sender_thread_reaches_the_tick(rt: Runtime, toy_campaign: str) -> None:
    before = threading.active_count()
    broken = BackgroundSender(rt, _Broken(), TimeBudget(60))
    with pytest.raises(RuntimeError, match="mailer blew up"), broken as sender:
        sender.settle()  # returns though the thread died
    assert threading.active_count() == before


def test_answers_go_out_after_the_budget_is_spent_and_reports_wait(
    rt: Runtime, toy_campaign: str
) -> None:
    with session_scope(rt.engine) as session:
        enqueue(session, rt, Letter("ack", "ack", "zed@localhost", "Orders received", "a"), None)
        enqueue(session, rt, Letter("rep", "report", "zed@localhost", "Report", "r"), None)
    mailer = RecordingMailer()
    with BackgroundSender(rt, mailer, TimeBudget(0)) as sender:  # the tick's time is up
        sender.settle()
    subjects = sorted(str(message_from_bytes(m.raw)["Subject"]) for m in mailer.sent)
    assert "Orders received" in subjects and "Report" not in subjects
    assert sender.result.sent == len(mailer.sent) == 4  # the welcomes are answers too


def test_a_draft_that_fails_to_draw_is_noted_and_the_pass_goes_on(
    rt: Runtime, toy_campaign: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _adjudicated_undrawn(rt, toy_campaign, monkeypatch)
    calls = {"n": 0}
    real = drafts.drawn_report

    def first_fails(*args: object, **kwargs: object) -> object:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("no ink")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(drafts, "drawn_report", first_fails)
    notes: list[CampaignNote] = []
    assert draw_drafts(rt, notes=notes) == 2  # the other readers' reports were drawn
    assert [(n.campaign, n.step) for n in notes] == [(toy_campaign, "report")]
    assert "no ink" in notes[0].detail
    assert [r.status for r in _reports(rt)] == ["draft", "pending", "pending"]


def test_a_drawing_pass_keeps_few_boards_and_a_pass_with_nothing_to_draw_loads_no_pictures(
    rt: Runtime, toy_campaign: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tick draws campaign after campaign: what it keeps of the last is all it reads again."""
    calls: list[str] = []
    monkeypatch.setattr(drafts, "keep_few_drawings", lambda: calls.append("few"))
    assert draw_drafts(rt) == 0 and calls == []  # nothing drafted
    _adjudicated_undrawn(rt, toy_campaign, monkeypatch)
    monkeypatch.setattr(drafts, "keep_few_drawings", lambda: calls.append("few"))
    assert draw_drafts(rt) == 3 and calls == ["few"]
