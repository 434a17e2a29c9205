"""A player who lost the thread writes a fresh mail starting with the welcome's seat-secret line."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.ledger.models import Submission
from pbem.sandbox.mailstack import MailStack
from tests.e2e.loop import Loop, subjects, text_of


def _secret_line(welcome: str) -> str:
    lines = welcome.splitlines()
    at = next(i for i, line in enumerate(lines) if "campaign seat secret" in line)
    return next(line.strip() for line in lines[at + 1 :] if line.strip())


@pytest.mark.slow
def test_fresh_mail_starting_with_the_welcome_secret_line_is_accepted(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path).start(count=2)
    loop.tick()
    alice = loop.players[0]
    welcome = loop.new_mail(alice)
    assert subjects(welcome) == ["[loop] Welcome to Toy Dice"]
    line = _secret_line(text_of(welcome[0]))
    assert line.startswith("loop p1 ") and len(line.split()) == 3
    fresh = EmailMessage()  # a new mail, not a reply: no token in the address or the subject
    fresh["From"] = f"Alice <{alice}@localhost>"
    fresh["To"] = f"{loop.referee}@localhost"
    fresh["Subject"] = "my orders"
    fresh["Message-ID"] = make_msgid(domain="players.localhost")
    fresh.set_content(f"{line}\npick 5\n")
    with smtplib.SMTP("127.0.0.1", mail_stack.smtp_port, timeout=30) as smtp:
        smtp.send_message(fresh)
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.orders_accepted": 1}
    assert subjects(loop.new_mail(alice)) == ["[loop] Orders received: Round 1"]
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        held = session.exec(select(Submission).where(Submission.seat == "p1")).all()
    assert [s.canonical for s in held] == ["pick 5"]
