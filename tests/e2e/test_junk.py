"""Bad and odd mail through the real servers: each has a defined outcome, no run crashes."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.ledger.models import Player
from pbem.sandbox.mailstack import MailStack
from tests.e2e.loop import Loop, text_of


def _loop(mail_stack: MailStack, tmp_path: Path) -> Loop:
    loop = Loop(mail_stack, tmp_path).start(count=2)
    loop.tick()
    for player in loop.players:
        loop.new_mail(player)
    return loop


def _to_referee(
    loop: Loop, player: str, build: EmailMessage | bytes, with_key: bool = True
) -> None:
    welcome = loop.inbox(player)[0]
    if isinstance(build, bytes):
        raw = build
    else:
        if "From" not in build:
            build["From"] = f"{player}@localhost"
        build["To"] = str(welcome["Reply-To"]) if with_key else f"{loop.referee}@localhost"
        if "Subject" not in build:
            build["Subject"] = "Re: " + str(welcome["Subject"])
        build["Message-ID"] = make_msgid(domain="players.localhost")
        raw = bytes(build)
    loop.stack.deliver(raw, f"{loop.referee}@localhost")


@pytest.mark.slow
def test_auto_replies_bulk_and_loops_get_no_answer(mail_stack: MailStack, tmp_path: Path) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice = loop.players[0]
    for headers in (
        {"Auto-Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"X-Pbem-Loop": "localhost"},
        {"Subject": "Out of Office: away until Monday"},
    ):
        message = EmailMessage()
        for name, value in headers.items():
            message[name] = value
        message.set_content("I am away.")
        _to_referee(loop, alice, message)
    report = loop.tick()
    assert report.ingest.outcomes == {
        "mail.ignored_auto_reply": 2,
        "mail.ignored_bulk": 1,
        "mail.ignored_loop": 1,
    }
    assert loop.new_mail(alice) == []


@pytest.mark.slow
def test_bounce_naming_a_player_only_in_its_text_is_not_answered_and_marks_no_one(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    bob = loop.players[1]
    raw = (
        "From: Mail Delivery System <MAILER-DAEMON@localhost>\r\n"
        f"To: {loop.referee}@localhost\r\nSubject: Undelivered Mail Returned to Sender\r\n"
        f"Message-ID: {make_msgid(domain='localhost')}\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"\r\n\r\n'
        "--b1\r\nContent-Type: text/plain\r\n\r\nThe mail could not be delivered.\r\n"
        "--b1\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; localhost\r\n\r\n"
        f"Final-Recipient: rfc822; {bob}@localhost\r\n"
        "Action: failed\r\nStatus: 5.1.1\r\n\r\n--b1--\r\n"
    ).encode()
    _to_referee(loop, bob, raw)
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.bounce_unverified": 1}  # no VERP address: unproven
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        player = session.exec(select(Player).where(Player.address == f"{bob}@localhost")).one()
    assert (player.delivery, player.bounces) == ("ok", 0)
    assert loop.new_mail(bob) == []


@pytest.mark.slow
def test_html_only_base64_latin1_and_attachment_orders_are_read(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice, bob = loop.players
    html = EmailMessage()
    html.set_content(
        "<html><body><p>pick 4</p><blockquote>pick 1</blockquote></body></html>", subtype="html"
    )
    _to_referee(loop, alice, html)
    latin = EmailMessage()
    latin.set_content("pick 5 # café crème\n", charset="iso-8859-1", cte="base64")
    _to_referee(loop, bob, latin)
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.orders_accepted": 2}
    assert "pick 4" in text_of(loop.new_mail(alice)[0])
    assert "pick 5" in text_of(loop.new_mail(bob)[0])


@pytest.mark.slow
def test_quoted_reply_history_is_cut(mail_stack: MailStack, tmp_path: Path) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice = loop.players[0]
    outlook = EmailMessage()
    outlook.set_content(
        "pick 2\n\n-----Original Message-----\nFrom: referee\nSent: today\n\npick 9 nonsense\n"
    )
    _to_referee(loop, alice, outlook)
    loop.tick()
    ack = text_of(loop.new_mail(alice)[0])
    assert "pick 2" in ack and "PROBLEMS" not in ack


@pytest.mark.slow
def test_encrypted_and_oversized_mail_get_a_polite_refusal(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice, bob = loop.players
    sealed = EmailMessage()
    sealed.set_content("-----BEGIN PGP MESSAGE-----\nhQEMA...\n-----END PGP MESSAGE-----\n")
    _to_referee(loop, alice, sealed)
    huge = EmailMessage()
    huge.set_content("pick 3\n" + "x" * 1_200_000)
    _to_referee(loop, bob, huge)
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.refused": 2}
    assert "unencrypted" in text_of(loop.new_mail(alice)[0])
    assert "too large" in text_of(loop.new_mail(bob)[0])


@pytest.mark.slow
def test_fresh_mail_with_the_key_line_is_accepted(mail_stack: MailStack, tmp_path: Path) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice = loop.players[0]
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        secret = (
            session.exec(select(Player).where(Player.address == f"{alice}@localhost")).one().secret
        )
    fresh = EmailMessage()
    fresh["Subject"] = "my orders"
    fresh.set_content(f"loop p1 {secret}\npick 6\n")
    _to_referee(loop, alice, fresh, with_key=False)
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.orders_accepted": 1}
    assert "pick 6" in text_of(loop.new_mail(alice)[0])


@pytest.mark.slow
def test_mail_commands_answer(mail_stack: MailStack, tmp_path: Path) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice, bob = loop.players
    for body in ("HELP", "STATUS", "ORDERS", "PRESS p2\nAn alliance?", "REFEREE\nI will be away."):
        message = EmailMessage()
        message.set_content(body)
        _to_referee(loop, alice, message)
    report = loop.tick()
    assert report.ingest.outcomes == {
        "mail.help": 1,
        "mail.status": 1,
        "mail.orders_listed": 1,
        "mail.press": 1,
        "mail.to_referee": 1,
    }
    answers = [text_of(m) for m in loop.new_mail(alice)]
    assert len(answers) == 5
    assert any("Waiting for:" in a for a in answers)
    assert any("We hold no orders" in a for a in answers)
    assert "An alliance?" in text_of(loop.new_mail(bob)[0])
    assert any(
        "I will be away." in text_of(m)
        for m in loop.inbox(loop.referee)
        if "Message from" in str(m["Subject"])
    )
