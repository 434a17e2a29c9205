"""The test harness itself: greetings, LMTP delivery, relay quirks, doveadm helpers."""

from __future__ import annotations

import smtplib
import socket
import uuid

import pytest

from tests.support.mailstack import MailStack

pytestmark = pytest.mark.services


def greeting(port: int) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        return sock.recv(200)


def test_greetings_and_capabilities(mail_stack: MailStack) -> None:
    assert greeting(mail_stack.imap_port).startswith(b"* OK")
    assert b"STARTTLS" in greeting(mail_stack.imap_port)
    assert greeting(mail_stack.smtp_port).startswith(b"220")


def test_deliver_and_read_back(mail_stack: MailStack) -> None:
    user = mail_stack.fresh_user()
    mail_stack.deliver(b"Subject: one\r\nMessage-ID: <one@x>\r\n\r\nbody one\r\n", f"{user}@x")
    mail_stack.deliver(b"Subject: two\r\nMessage-ID: <two@x>\r\n\r\nbody two\r\n", user)
    stored = mail_stack.messages(user)
    assert [b"<one@x>" in m for m in stored] == [True, False]
    assert stored[1].endswith(b"body two\r\n")


def test_relay_accepts_auth_parameter_on_mail_from(mail_stack: MailStack) -> None:
    user = mail_stack.fresh_user()
    with smtplib.SMTP("127.0.0.1", mail_stack.smtp_port, timeout=10) as client:
        client.login("referee", "pw-referee")
        client.sendmail(
            "referee@x", [f"{user}@x"], b"Subject: relayed\r\n\r\nhi\r\n", mail_options=["AUTH=<>"]
        )
    assert len(mail_stack.messages(user)) == 1


def test_relay_refuses_unknown_recipient_at_rcpt(mail_stack: MailStack) -> None:
    with smtplib.SMTP("127.0.0.1", mail_stack.smtp_port, timeout=10) as client:
        client.ehlo()
        client.mail("referee@x")
        code, _ = client.rcpt("nobody@x")
    assert code == 550


def test_uidvalidity_can_be_changed(mail_stack: MailStack) -> None:
    user = mail_stack.fresh_user()
    mail_stack.deliver(b"Subject: x\r\n\r\nx\r\n", user)
    mail_stack.set_uidvalidity(user, 777)
    assert mail_stack.uidvalidity(user) == 777


def test_added_user_can_receive_mail(mail_stack: MailStack) -> None:
    name = f"late{uuid.uuid4().hex[:8]}"
    mail_stack.add_user(name, f"pw-{name}")
    mail_stack.deliver(b"Subject: welcome\r\n\r\nhello\r\n", f"{name}@x")
    assert len(mail_stack.messages(name)) == 1


def test_a_stack_whose_port_another_server_took_starts_on_fresh_ports(
    mail_stack: MailStack,
) -> None:
    """Test processes running side by side pick ports that were free a moment ago: a stack
    must not take another's IMAP server (same users, same passwords) for its own."""
    other = mail_stack
    stack = MailStack({"referee": "pw-referee"})
    taken = stack.imap_port = other.imap_port  # the other stack's Dovecot answers here
    try:
        stack.start()
        assert stack.imap_port != taken
        assert f"pbem-{stack.root.name} ready".encode() in greeting(stack.imap_port)
        assert f"pbem-{other.root.name} ready".encode() in greeting(taken)
        user = "referee"
        stack.deliver(b"Subject: mine\r\n\r\nmine\r\n", user)
        assert len(stack.messages(user)) == 1  # in this stack's mailbox, not the other's
    finally:
        stack.stop()
