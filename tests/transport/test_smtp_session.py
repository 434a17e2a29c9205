"""One SMTP connection (and one login) for a whole send pass, against the stack's real relay."""

from __future__ import annotations

from typing import Any

import aiosmtplib
import pytest

from pbem.mail.transport.mailers import RecordingMailer, sending
from pbem.mail.transport.smtp import PermanentSendError, SmtpMailer
from tests.support.mailstack import MailStack
from tests.transport.test_smtp_mailer import SENDER, arrived, report_mail

pytestmark = pytest.mark.services


def _count(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    calls = [0]
    real = getattr(aiosmtplib.SMTP, name)

    async def counted(self: aiosmtplib.SMTP, *args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(aiosmtplib.SMTP, name, counted)
    return calls


@pytest.mark.slow
def test_a_session_sends_every_message_over_one_connection_and_login(
    mail_stack: MailStack, monkeypatch: pytest.MonkeyPatch
) -> None:
    connects, logins = _count(monkeypatch, "connect"), _count(monkeypatch, "login")
    users = [mail_stack.fresh_user() for _ in range(3)]
    mailer = SmtpMailer(mail_stack.smtp_url("referee"))
    sent = []
    with sending(mailer):
        for user in users:
            raw, message_id = report_mail(user)
            mailer.send_sync(raw, SENDER, [f"{user}@pbem.example"])
            sent.append((user, message_id))
        raw, _ = report_mail("ghost")
        with pytest.raises(PermanentSendError):  # a refusal does not spoil the connection
            mailer.send_sync(raw, SENDER, ["ghost@pbem.example"])
        last = mail_stack.fresh_user()
        raw, message_id = report_mail(last)
        mailer.send_sync(raw, SENDER, [f"{last}@pbem.example"])
        sent.append((last, message_id))
    assert all(arrived(mail_stack, user, mid) for user, mid in sent)
    assert connects[0] == 1 and logins[0] == 1


def test_outside_a_session_each_send_connects_on_its_own(
    mail_stack: MailStack, monkeypatch: pytest.MonkeyPatch
) -> None:
    connects = _count(monkeypatch, "connect")
    mailer = SmtpMailer(mail_stack.smtp_url())
    for _ in range(2):
        user = mail_stack.fresh_user()
        raw, message_id = report_mail(user)
        mailer.send_sync(raw, SENDER, [f"{user}@pbem.example"])
        assert arrived(mail_stack, user, message_id)
    assert connects[0] == 2


def test_mailers_without_sessions_pass_through() -> None:
    mailer = RecordingMailer()
    with sending(mailer):
        mailer.send_sync(b"x", SENDER, ["a@pbem.example"])
    assert len(mailer.sent) == 1
