"""Poisoned mail through the real servers: quarantined or answered, and the tick goes on."""

from __future__ import annotations

import json
from collections.abc import Callable
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlmodel import Session, col, select
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.ledger.models import InboundMessage, MailboxCursor, Submission
from pbem.sandbox.mailstack import MailStack
from pbem.services.intake import ingest, mailroom
from pbem.services.intake.quarantine import E_PROCESS, E_STORE, QUARANTINED
from tests.e2e.loop import Loop, text_of

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh ledger URL on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ledger.db'}"
    return str(request.getfixturevalue("pg_url"))


def started(mail_stack: MailStack, tmp_path: Path, database_url: str, name: str = "loop") -> Loop:
    """A three-player campaign whose welcome mail has been sent and read."""
    loop = Loop(mail_stack, tmp_path).start(count=3, name=name, database_url=database_url)
    loop.tick()
    for player in loop.players:
        loop.new_mail(player)
    return loop


def raw_mail(
    loop: Loop,
    player: str,
    body: str,
    message_id: str | None = None,
    subject: str | None = None,
    with_key: bool = True,
) -> bytes:
    """A raw order mail from a player, with header values exactly as given."""
    welcome = loop.inbox(player)[0]
    to = str(welcome["Reply-To"]) if with_key else f"{loop.referee}@localhost"
    lines = [
        f"From: {player.title()} <{player}@localhost>",
        f"To: {to}",
        f"Subject: {subject or 'Re: ' + str(welcome['Subject'])}",
        f"Message-ID: {message_id or make_msgid(domain='players.localhost')}",
        "Content-Type: text/plain; charset=utf-8",
        "",
        body,
        "",
    ]
    return "\r\n".join(lines).encode("utf-8", "surrogateescape")


def send(loop: Loop, raw: bytes) -> None:
    """Deliver a raw mail to the referee's mailbox."""
    loop.stack.deliver(raw, f"{loop.referee}@localhost")


def inbound_rows(loop: Loop) -> list[InboundMessage]:
    """Every stored inbound message, oldest first."""
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        return list(session.exec(select(InboundMessage).order_by(col(InboundMessage.id))).all())


def accepted_picks(loop: Loop) -> list[str]:
    """The canonical text of every valid mailed submission."""
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        rows = session.exec(select(Submission).where(Submission.source == "mail")).all()
        return sorted(r.canonical.strip() for r in rows if r.valid)


@pytest.mark.slow
def test_issue_header_reproductions_are_stored_and_answered(
    mail_stack: MailStack, tmp_path: Path, database_url: str
) -> None:
    loop = started(mail_stack, tmp_path, database_url)
    alice, bob = loop.players[:2]
    send(loop, raw_mail(loop, alice, "pick 2", message_id="<=?utf-7?q?+2AA-?=@x>"))
    send(loop, raw_mail(loop, bob, "pick 3", message_id="<=?utf-8?q?a=00b?=@x>"))
    long_id = "<" + "\U0001f600" * 900 + "@x>"
    surrogate_subject = "=?utf-7?q?+2AA-?= my orders \udcff"
    send(loop, raw_mail(loop, alice, "pick 4", long_id, surrogate_subject, with_key=False))
    report = loop.tick()
    assert report.exit_code == 0
    assert report.ingest.outcomes == {"mail.orders_accepted": 2, "mail.E_NO_SECRET": 1}
    assert accepted_picks(loop) == ["pick 2", "pick 3"]
    rows = inbound_rows(loop)
    assert [len(r.message_id.encode()) <= 512 for r in rows] == [True, True, True]
    assert "\x00" not in rows[1].message_id
    answers = [text_of(m) for m in loop.new_mail(alice)]
    assert len(answers) == 2 and any("pick 2" in a for a in answers)
    assert not any("\ud800" <= ch <= "\udfff" for a in answers for ch in a)
    assert "pick 3" in text_of(loop.new_mail(bob)[0])
    # the same long Message-ID again is still recognised as a duplicate
    send(loop, raw_mail(loop, alice, "pick 5", long_id, "again", with_key=False))
    assert loop.tick().ingest.outcomes == {"mail.duplicate": 1}


@pytest.mark.slow
def test_mail_that_cannot_be_stored_is_quarantined_and_the_cursor_moves_on(
    mail_stack: MailStack, tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    loop = started(mail_stack, tmp_path, database_url)
    alice, bob = loop.players[:2]
    real_row = ingest._row

    def failing_row(rt: object, place: ingest.Place, raw: bytes) -> InboundMessage:
        if b"POISON" in raw:
            raise UnicodeEncodeError("utf-8", "\udc80", 0, 1, "surrogates not allowed")
        return real_row(rt, place, raw)  # type: ignore[arg-type]

    monkeypatch.setattr(ingest, "_row", failing_row)
    send(loop, raw_mail(loop, alice, "pick 2\nPOISON"))
    send(loop, raw_mail(loop, bob, "pick 3"))
    report = loop.tick()
    assert report.exit_code == 0 and report.ingest.stored == 2
    assert report.ingest.quarantined == 1
    assert report.ingest.outcomes == {"mail.orders_accepted": 1}
    poisoned = [r for r in inbound_rows(loop) if r.status == QUARANTINED]
    assert len(poisoned) == 1
    assert poisoned[0].quarantine_reason == E_STORE
    assert "UnicodeEncodeError" in poisoned[0].quarantine_detail
    assert b"POISON" in poisoned[0].raw
    assert accepted_picks(loop) == ["pick 3"]
    again = loop.tick()
    assert again.ingest.stored == 0 and again.ingest.processed == 0
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        cursor = session.exec(select(MailboxCursor)).one()
    assert cursor.last_uid == max(r.uid for r in inbound_rows(loop))


@pytest.mark.slow
def test_real_insert_failure_on_postgresql_is_quarantined(
    mail_stack: MailStack, tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With header cleaning switched off, PostgreSQL itself refuses the NUL; nothing is lost."""
    loop = started(mail_stack, tmp_path, pg_url)
    alice, bob = loop.players[:2]
    monkeypatch.setattr("pbem.mail.reading.inbound._sanitised", lambda record: record)
    send(loop, raw_mail(loop, alice, "pick 2", message_id="<=?utf-8?q?a=00b?=@x>"))
    send(loop, raw_mail(loop, bob, "pick 3"))
    report = loop.tick()
    assert report.exit_code == 0
    poisoned = [r for r in inbound_rows(loop) if r.status == QUARANTINED]
    assert [r.quarantine_reason for r in poisoned] == [E_STORE]
    assert "0x00" in poisoned[0].quarantine_detail or "NUL" in poisoned[0].quarantine_detail
    assert accepted_picks(loop) == ["pick 3"]


@pytest.mark.slow
def test_mail_whose_processing_fails_is_quarantined_and_the_rest_processed(
    mail_stack: MailStack, tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    loop = started(mail_stack, tmp_path, database_url)
    alice, bob = loop.players[:2]
    real_handle: Callable[..., str] = mailroom.handle

    def failing_handle(
        session: Session, rt: object, row: InboundMessage, parsed: object = None
    ) -> str:
        outcome = real_handle(session, rt, row, parsed)  # writes first: the rollback is tested
        if b"POISON" in row.raw:
            raise RuntimeError("handler blew up")
        return outcome

    monkeypatch.setattr(mailroom, "handle", failing_handle)
    send(loop, raw_mail(loop, alice, "pick 2\nPOISON"))
    send(loop, raw_mail(loop, bob, "pick 3"))
    report = loop.tick()
    assert report.exit_code == 0
    assert report.ingest.outcomes == {"mail.quarantined": 1, "mail.orders_accepted": 1}
    assert report.ingest.quarantined == 1
    poisoned = [r for r in inbound_rows(loop) if r.status == QUARANTINED]
    assert [(r.quarantine_reason, r.quarantine_detail) for r in poisoned] == [
        (E_PROCESS, "RuntimeError: handler blew up")
    ]
    assert accepted_picks(loop) == ["pick 3"]  # alice's orders were rolled back with her mail
    assert loop.new_mail(alice) == []
    assert loop.tick().ingest.processed == 0  # never retried
    cli = ["--config", str(loop.config), "mail"]
    listed = CliRunner().invoke(app, [*cli, "quarantined", "--json"])
    assert listed.exit_code == 0
    [entry] = json.loads(listed.output)
    assert (entry["id"], entry["reason"], entry["from"]) == (
        poisoned[0].id,
        E_PROCESS,
        f"{alice}@localhost",
    )
    shown = CliRunner().invoke(app, [*cli, "show", str(entry["id"])])
    assert shown.exit_code == 0
    assert "reason: intake.E_PROCESS" in shown.output and "POISON" in shown.output
    missing = CliRunner().invoke(app, [*cli, "show", "999999"])
    assert missing.exit_code == 3
    status = CliRunner().invoke(app, ["--config", str(loop.config), "status"])
    assert status.exit_code == 0 and "Quarantined mail: 1" in status.output


@pytest.mark.slow
def test_oversized_mail_is_stored_truncated_with_size_and_hash_and_answered(
    mail_stack: MailStack, tmp_path: Path, database_url: str
) -> None:
    import hashlib

    loop = started(mail_stack, tmp_path, database_url)
    bob = loop.players[1]
    raw = raw_mail(loop, bob, "pick 3\n" + "x" * 3_000_000)
    send(loop, raw)
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.refused": 1}
    row = inbound_rows(loop)[0]
    assert row.truncated and row.raw_size >= len(raw) - 100 and len(row.raw) < 100_000
    assert b"\r\nFrom: " in row.raw and b"pick 3" in row.raw
    delivered = loop.stack.messages(loop.referee)[-1]
    assert row.digest == hashlib.sha256(delivered).hexdigest() and row.raw_size == len(delivered)
    assert "too large" in text_of(loop.new_mail(bob)[0])
