"""Bounces through the real servers: VERP senders, marks and clears, a corpus left unanswered."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.clock import FixedClock
from pbem.ledger.models import Outbox, Player
from pbem.sandbox.mailstack import MailStack
from tests.e2e.loop import Loop
from tests.mail.bounce_corpus import NAMES, bounce

VERP = re.compile(r"^<(?P<local>[a-z0-9]+)\+bounce-(?P<row>\d+)-(?P<mac>[a-z2-7]{12})@localhost>$")


def _loop(mail_stack: MailStack, tmp_path: Path, database_url: str | None = None) -> Loop:
    loop = Loop(mail_stack, tmp_path).start(count=3, database_url=database_url)
    assert loop.rt is not None
    loop.rt.clock = FixedClock(datetime.now(UTC) + timedelta(seconds=1))
    loop.tick()
    for player in loop.players:
        loop.new_mail(player)
    return loop


def _advance(loop: Loop, minutes: int = 1) -> None:
    assert loop.rt is not None and isinstance(loop.rt.clock, FixedClock)
    loop.rt.clock.at += timedelta(minutes=minutes)


def _player(loop: Loop, user: str) -> Player:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        return session.exec(select(Player).where(Player.address == f"{user}@localhost")).one()


def _return_path(loop: Loop, user: str) -> str:
    """The envelope sender of the user's first mail, as their server recorded it."""
    return str(loop.inbox(user)[0]["Return-Path"])


def test_mail_goes_out_with_a_verp_sender_and_a_random_stored_message_id(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    assert loop.rt is not None
    seen_ids = set()
    for user in loop.players:
        welcome = loop.inbox(user)[0]
        match = VERP.match(_return_path(loop, user))
        assert match is not None and match.group("local") == loop.referee
        with Session(loop.rt.engine) as session:
            row = session.get(Outbox, int(match.group("row")))
        assert row is not None and row.recipient == f"{user}@localhost"
        assert str(welcome["Message-ID"]) == row.message_id
        assert re.fullmatch(r"<pbem\.r\.[0-9a-f]{32}@localhost>", row.message_id)
        seen_ids.add(row.message_id)
    assert len(seen_ids) == 3


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_only_a_valid_verp_bounce_marks_and_mail_getting_through_clears(
    mail_stack: MailStack, tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue("pg_url") if backend == "postgresql" else None
    loop = _loop(mail_stack, tmp_path, url)
    alice, bob, carol = loop.players
    bob_verp = _return_path(loop, bob).strip("<>")
    carol_verp = VERP.match(_return_path(loop, carol))
    assert carol_verp is not None
    wrong_mac = "a" * 12 if carol_verp.group("mac") != "a" * 12 else "b" * 12
    forged = f"{loop.referee}+bounce-{carol_verp.group('row')}-{wrong_mac}@localhost"
    loop.stack.deliver(bounce("postfix.eml", bob_verp, f"{bob}@localhost"), bob_verp, sender="")
    loop.stack.deliver(bounce("gmail.eml", forged, f"{carol}@localhost"), forged, sender="")
    warning = bounce("dsn_delay_fail.eml", bob_verp, f"{bob}@localhost")
    loop.stack.deliver(warning, bob_verp, sender="")
    report = loop.tick()
    assert report.ingest.outcomes == {
        "mail.bounce_recorded": 1,
        "mail.bounce_unverified": 1,
        "mail.bounce_delayed": 1,  # a delay warning marks no one
    }
    assert (_player(loop, bob).delivery, _player(loop, bob).bounces) == ("bouncing", 1)
    assert _player(loop, carol).delivery == "ok"
    assert all(loop.new_mail(user) == [] for user in loop.players)

    _advance(loop)
    loop.reply(bob, loop.inbox(bob)[0], "pick 3\n")  # his own authenticated mail
    outcomes = loop.tick().ingest.outcomes  # (the referee's own bounce alert comes back a loop)
    assert outcomes.get("mail.orders_accepted") == 1
    assert _player(loop, bob).delivery == "ok"

    _advance(loop)
    loop.stack.deliver(bounce("exim.eml", bob_verp, f"{bob}@localhost"), bob_verp, sender="")
    loop.tick()
    assert (_player(loop, bob).delivery, _player(loop, bob).bounces) == ("bouncing", 2)
    _advance(loop)
    loop.reply(alice, loop.inbox(alice)[0], f"PRESS {bob.title()} are you there?")
    loop.tick()  # the press letter, queued after the mark, is delivered to Bob
    assert _player(loop, bob).delivery == "ok"


def test_bounce_corpus_is_never_answered_whatever_its_sender(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice, bob = loop.players[0], loop.players[1]
    referee = f"{loop.referee}@localhost"
    for name in NAMES:
        loop.stack.deliver(bounce(name, referee, f"{bob}@localhost"), referee, sender="")
        as_alice = bounce(name, referee, f"{bob}@localhost", sender=f"Alice <{alice}@localhost>")
        loop.stack.deliver(as_alice, referee, sender=f"{alice}@localhost")
    report = loop.tick()
    assert sum(report.ingest.outcomes.values()) == 2 * len(NAMES)
    assert set(report.ingest.outcomes) <= {
        "mail.bounce_unverified",
        "mail.bounce_unmatched",
        "mail.bounce_delayed",
    }
    assert all(loop.new_mail(user) == [] for user in loop.players)
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        assert session.exec(select(Outbox).where(Outbox.kind != "welcome")).all() == []
    assert (_player(loop, bob).delivery, _player(loop, alice).delivery) == ("ok", "ok")


def test_replies_to_a_verp_address_that_are_not_bounces_get_no_answer(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _loop(mail_stack, tmp_path)
    alice = loop.players[0]
    verp = _return_path(loop, alice).strip("<>")
    raw = (
        f"From: {alice}@localhost\r\nTo: {verp}\r\nSubject: Re: Welcome\r\n"
        "Message-ID: <r1@players.localhost>\r\n\r\npick 2\r\n"
    ).encode()
    loop.stack.deliver(raw, verp, sender=f"{alice}@localhost")
    assert loop.tick().ingest.outcomes == {"mail.ignored_bounce_address": 1}
    assert loop.new_mail(alice) == []
