"""SmtpMailer against the stack's SMTP relay, read back from Dovecot over IMAP."""

from __future__ import annotations

import asyncio
import logging
import ssl
import uuid

import pytest

from pbem.mail.transport.smtp import PermanentSendError, SmtpMailer, TransientSendError
from pbem.mail.transport.urls import parse_server_url
from tests.support.mailstack import MailStack

pytestmark = pytest.mark.services
SENDER = "referee@pbem.example"


def report_mail(to: str) -> tuple[bytes, str]:
    """A turn report with a unique Message-ID; returns (raw, message id)."""
    message_id = f"<{uuid.uuid4().hex}@pbem.example>"
    raw = (
        f"From: {SENDER}\r\nTo: {to}\r\nSubject: Turn 4 report\r\n"
        f"Message-ID: {message_id}\r\n\r\nYour armies advance.\r\n"
    ).encode()
    return raw, message_id


def arrived(stack: MailStack, user: str, message_id: str) -> bool:
    """Whether the user's INBOX holds the message (no polling: LMTP stored it before 250)."""
    return any(message_id.encode() in raw for raw in stack.messages(user))


def test_plain_send_arrives(mail_stack: MailStack, monkeypatch: pytest.MonkeyPatch) -> None:
    user = mail_stack.fresh_user()
    # The relay offers STARTTLS with a self-signed cert; a plain URL must not try to upgrade.
    monkeypatch.setenv("SSL_CERT_FILE", ssl.get_default_verify_paths().openssl_cafile)
    raw, message_id = report_mail(f"{user}@pbem.example")
    SmtpMailer(mail_stack.smtp_url()).send_sync(raw, SENDER, [f"{user}@pbem.example"])
    assert arrived(mail_stack, user, message_id)
    assert mail_stack.received[-1].mail_from == SENDER


def test_async_send_with_login(mail_stack: MailStack) -> None:
    user = mail_stack.fresh_user()
    raw, message_id = report_mail(user)
    mailer = SmtpMailer(mail_stack.smtp_url("referee"))
    asyncio.run(mailer.send(raw, SENDER, [f"{user}@pbem.example"]))
    assert arrived(mail_stack, user, message_id)


def test_wrong_smtp_password_is_permanent(mail_stack: MailStack) -> None:
    url = mail_stack.smtp_url("referee").replace("pw-referee", "not-the-password")
    raw, _ = report_mail("alice")
    with pytest.raises(PermanentSendError) as caught:
        SmtpMailer(url, timeout=10).send_sync(raw, SENDER, ["alice@pbem.example"])
    assert caught.value.smtp_code == 535
    assert "not-the-password" not in str(caught.value)


def test_unknown_recipient_is_permanent(mail_stack: MailStack) -> None:
    raw, _ = report_mail("ghost")
    with pytest.raises(PermanentSendError) as caught:
        SmtpMailer(mail_stack.smtp_url()).send_sync(raw, SENDER, ["ghost@pbem.example"])
    assert caught.value.code == "smtp.E_PERMANENT"
    assert caught.value.smtp_code == 550
    assert caught.value.refused == ("ghost@pbem.example",)


def test_partly_refused_says_who_got_it(mail_stack: MailStack) -> None:
    user = mail_stack.fresh_user()
    raw, message_id = report_mail(user)
    recipients = [f"{user}@pbem.example", "ghost@pbem.example"]
    with pytest.raises(PermanentSendError) as caught:
        SmtpMailer(mail_stack.smtp_url()).send_sync(raw, SENDER, recipients)
    assert caught.value.accepted == (f"{user}@pbem.example",)
    assert caught.value.refused == ("ghost@pbem.example",)
    assert arrived(mail_stack, user, message_id)


@pytest.mark.parametrize("kind", ["smtps", "starttls"])
def test_tls_sends_with_the_stack_ca(mail_stack: MailStack, kind: str) -> None:
    user = mail_stack.fresh_user()
    text = (
        mail_stack.smtps_url("referee")
        if kind == "smtps"
        else mail_stack.smtp_starttls_url("referee")
    )
    url = parse_server_url(text)
    assert url.tls == ("ssl" if kind == "smtps" else "starttls")
    raw, message_id = report_mail(user)
    SmtpMailer(url).send_sync(raw, SENDER, [f"{user}@pbem.example"])
    assert arrived(mail_stack, user, message_id)


@pytest.mark.parametrize("kind", ["smtps", "starttls"])
def test_untrusted_certificate_is_transient(mail_stack: MailStack, kind: str) -> None:
    text = mail_stack.smtps_url() if kind == "smtps" else mail_stack.smtp_starttls_url()
    mailer = SmtpMailer(text, ssl_context=ssl.create_default_context(), timeout=10)
    raw, _ = report_mail("alice")
    with pytest.raises(TransientSendError) as caught:
        mailer.send_sync(raw, SENDER, ["alice@pbem.example"])
    assert "certificate" in str(caught.value).lower()


def test_password_stays_out_of_logs(
    mail_stack: MailStack, caplog: pytest.LogCaptureFixture
) -> None:
    raw, _ = report_mail("alice")
    url = mail_stack.smtp_starttls_url("referee")
    with caplog.at_level(logging.DEBUG):
        mailer = SmtpMailer(url)
        logging.getLogger("pbem.test").info("sending via %s (%r)", mailer.url, mailer)
        mailer.send_sync(raw, SENDER, ["alice@x.example"])
    # aiosmtpd's logger ("mail.log") belongs to the test server, not to pbem.
    client_side = [r.getMessage() for r in caplog.records if not r.name.startswith("mail.log")]
    assert any("referee:***@" in line for line in client_side)
    assert not any("pw-referee" in line for line in client_side)
