"""Reply budgets, held acknowledgements, STATUS privacy and threading, through the real servers."""

from __future__ import annotations

import email
import re
import smtplib
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage, Message
from email.policy import default as default_policy
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.clock import FixedClock
from pbem.ledger.models import HeldAck
from pbem.sandbox.mailstack import MailStack
from pbem.services.referee import timing
from pbem.services.turns import questions
from tests.e2e.loop import Loop, subjects, text_of

EVIL = "CLICK http://evil.example/win NOW"


def _loop(mail_stack: MailStack, tmp_path: Path, count: int = 3, **settings: int) -> Loop:
    """A started campaign, welcome mail read, on a clock the test moves, with `settings`."""
    loop = Loop(mail_stack, tmp_path).start(count=count)
    assert loop.rt is not None
    loop.rt.settings = replace(loop.rt.settings, **settings)
    loop.rt.clock = FixedClock(datetime.now(UTC) + timedelta(seconds=1))
    loop.tick()
    for player in loop.players:
        loop.new_mail(player)
    return loop


def _send(loop: Loop, message: EmailMessage) -> None:
    """Hand a message to the sandbox SMTP server."""
    if "Message-ID" not in message:
        message["Message-ID"] = make_msgid(domain="players.localhost")
    with smtplib.SMTP("127.0.0.1", loop.stack.smtp_port, timeout=30) as smtp:
        smtp.send_message(message)


def _forged(loop: Loop, sender: str, to: str, number: int) -> EmailMessage:
    """Mail claiming to be `sender`, with attacker-chosen subject and body."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = f"{EVIL} #{number}"
    message.set_content(f"pick 6\n{EVIL}\n")
    return message


def _advance(loop: Loop, minutes: int) -> None:
    assert loop.rt is not None and isinstance(loop.rt.clock, FixedClock)
    loop.rt.clock.at += timedelta(minutes=minutes)


@pytest.mark.slow
def test_forged_mail_cannot_use_up_a_players_reply_budget(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice = loop.players[0]
    for number in range(20):
        _send(loop, _forged(loop, f"{alice}@localhost", f"{loop.referee}@localhost", number))
    loop.reply(alice, loop.inbox(alice)[-1], "pick 4\n")
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.E_NO_SECRET": 20, "mail.orders_accepted": 1}
    got = loop.new_mail(alice)
    notices = [m for m in got if "A message was not used" in str(m["Subject"])]
    acks = [m for m in got if "Orders received" in str(m["Subject"])]
    assert (len(notices), len(acks)) == (3, 1)  # the notice budget is 3 a day; the ack still came
    for message in notices:
        raw = message.as_string()
        assert "evil" not in raw.lower() and "#1" not in raw
        assert "mail.E_NO_SECRET" in text_of(message)


@pytest.mark.slow
def test_key_used_from_another_address_is_reported_without_quoting(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice, mallory = loop.players[0], loop.stack.fresh_user()
    welcome = loop.inbox(alice)[0]
    for number in range(5):
        _send(loop, _forged(loop, f"{mallory}@localhost", str(welcome["Reply-To"]), number))
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.E_FROM_MISMATCH": 5}
    notices = loop.new_mail(alice)
    assert len(notices) == 3
    for message in notices:
        assert "evil" not in message.as_string().lower()
        assert mallory not in message.as_string()
    assert loop.new_mail(mallory) == []


@pytest.mark.slow
def test_press_and_referee_relays_have_their_own_limits(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path, press_rate_per_hour=2, referee_rate_per_hour=1)
    alice, bob = loop.players[0], loop.players[1]
    for text in ("PRESS ALL hello one", "PRESS ALL hello two", "PRESS ALL hello three"):
        loop.reply(alice, loop.inbox(alice)[0], text)
    for text in ("REFEREE question one", "REFEREE question two"):
        loop.reply(alice, loop.inbox(alice)[0], text)
    report = loop.tick()
    assert report.ingest.outcomes == {
        "mail.press": 2,
        "mail.E_PRESS_LIMIT": 1,
        "mail.to_referee": 1,
        "mail.E_REFEREE_LIMIT": 1,
    }
    assert len(loop.new_mail(bob)) == 2
    refused = [text_of(m) for m in loop.new_mail(alice) if "not used" in str(m["Subject"])]
    assert len(refused) == 2
    assert any("2 press messages in the last hour" in text for text in refused)
    assert any("1 messages to the referee in the last hour" in text for text in refused)
    _advance(loop, 61)
    loop.reply(alice, loop.inbox(alice)[0], "PRESS ALL hello again")
    outcomes = loop.tick().ingest.outcomes  # the relayed REFEREE mail comes back as a loop
    assert outcomes.get("mail.press") == 1 and "mail.E_PRESS_LIMIT" not in outcomes


@pytest.mark.slow
def test_acknowledgements_past_the_budget_come_later_as_one_digest(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path, reply_rate_per_hour=2)
    alice = loop.players[0]
    for pick in (1, 2, 3, 4, 5):
        loop.reply(alice, loop.inbox(alice)[0], f"pick {pick}\n")
    report = loop.tick()
    assert report.ingest.outcomes == {"mail.orders_accepted": 5}
    assert subjects(loop.new_mail(alice)) == ["[loop] Orders received: Round 1"] * 2
    _advance(loop, 30)
    loop.tick()
    assert loop.new_mail(alice) == []  # the budget is still used up
    _advance(loop, 31)
    loop.tick()
    digest = loop.new_mail(alice)
    assert subjects(digest) == ["[loop] Orders on file: Round 1"]
    text = text_of(digest[0])
    assert "3 mails" in text and "pick 5" in text
    loop.tick()
    assert loop.new_mail(alice) == []  # one digest, sent once
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        held = session.exec(select(HeldAck)).all()
    assert [(h.held, h.released_at is not None) for h in held] == [(3, True)]


@pytest.mark.slow
def test_refused_orders_and_commands_past_the_budget_are_answered_in_the_digest(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path, reply_rate_per_hour=2)
    alice = loop.players[0]
    for body in ("pick 1", "pick 2", "pick 9", "HELP", "pick me\npick 4"):
        loop.reply(alice, loop.inbox(alice)[0], body)
    outcomes = loop.tick().ingest.outcomes
    assert outcomes == {"mail.orders_accepted": 3, "mail.orders_refused": 1, "mail.help": 1}
    assert len(loop.new_mail(alice)) == 2  # the budget: two answers, the rest wait
    _advance(loop, 61)
    loop.tick()
    (digest,) = loop.new_mail(alice)
    text = text_of(digest).replace("\r\n", "\n")
    assert "3 mails" in text
    refused, helped, partial = re.split(r"\n[123]\. ", text.split("\n\nOrders on file")[0])[1:]
    assert "NOT used" in refused and "toy.E_PICK" in refused  # the refused mail, with why
    assert "HELP: not answered" in helped
    assert "WITH PROBLEMS" in partial and "line 1" in partial
    assert "Orders on file for Round 1" in text and "pick 4" in text


@pytest.mark.slow
def test_notices_the_referee_causes_do_not_spend_a_players_reply_budget(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path, reply_rate_per_hour=2)
    assert loop.rt is not None
    alice = loop.players[0]
    timing.pause(loop.rt, "loop", "a holiday")
    timing.resume(loop.rt, "loop", "back again")
    timing.set_deadline(loop.rt, "loop", "more time", extend="1d")
    questions.bulletin(loop.rt, "loop", "Deadlines are firm.")
    for pick in (3, 4):
        loop.reply(alice, loop.inbox(alice)[0], f"pick {pick}")
    loop.tick()
    got = subjects(loop.new_mail(alice))
    assert sum("Orders received" in s for s in got) == 2, got  # both answered at once
    assert sum("paused" in s or "resumed" in s or "eadline" in s for s in got) == 3, got


@pytest.mark.slow
def test_status_names_players_but_never_their_addresses(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice, bob, carol = loop.players
    loop.reply(alice, loop.inbox(alice)[0], "STATUS")
    loop.tick()
    (status,) = loop.new_mail(alice)
    text = text_of(status)
    assert bob.title() in text and carol.title() in text
    assert f"{bob}@" not in text and f"{carol}@" not in text and "@localhost" not in text


PROVIDER_IDS = {
    "yahoo": "<1724157855.2349819.1724157855123.JavaMail.yahoo@tardis-ui-74cd9f.sonic312"
    ".mail.bf2.yahoo.com>",
    "outlook": "<DB9PR03MB7313C4A8E2C1F0B3D8A5E6F7C9D1B2A3E4F5A@DB9PR03MB7313.eurprd03.prod"
    ".outlook.com>",
    "exchange": "<AM6PR10MB2838B6E1F0C4D7A9E3B5C8D2F1A4E6B7C9D0@AM6PR10MB2838.EURPRD10.PROD"
    ".OUTLOOK.COM>",
    "lotus": "<OF1A2B3C4D.5E6F7A8B-ON86258A1C.004F2E3D-86258A1C.0050A1B2@LocalDomain.notes.com>",
    "long": "<CAJ8x9h6Zm+Qq1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c2v3b4n5m6"
    "qwertyuiopasdfghjkl@mail.gmail.com>",
}


@pytest.mark.slow
def test_replies_thread_to_long_message_ids_without_encoding(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice = loop.players[0]
    welcome = loop.inbox(alice)[0]
    for msg_id in PROVIDER_IDS.values():
        assert len(msg_id) >= 78
        reply = EmailMessage()
        reply["From"] = f"{alice}@localhost"
        reply["To"] = str(welcome["Reply-To"])
        reply["Subject"] = "Re: " + str(welcome["Subject"])
        reply["Message-ID"] = msg_id
        reply.set_content("HELP")
        _send(loop, reply)
    assert loop.tick().ingest.outcomes == {"mail.help": len(PROVIDER_IDS)}
    raws = loop.stack.messages(alice)[-len(PROVIDER_IDS) :]
    answered: list[str] = []
    for raw in raws:
        head = raw.split(b"\r\n\r\n", 1)[0]
        assert b"=?" not in head  # nothing in these headers needs an encoded word
        parsed: Message = email.message_from_bytes(raw, policy=default_policy)
        in_reply_to = str(parsed["In-Reply-To"])
        references = str(parsed["References"]).split()
        assert "=?" not in in_reply_to and all("=?" not in r for r in references)
        assert references[-1] == in_reply_to
        assert in_reply_to.encode() in head  # verbatim in the bytes sent
        answered.append(in_reply_to)
    assert sorted(answered) == sorted(PROVIDER_IDS.values())
