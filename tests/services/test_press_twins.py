"""Secrecy of press as indistinguishability (issue 36 item 5): two Diplomacy campaigns alike but
for who sent a grey press, or whether a press to all was a fake, must send its recipient the
same mails through real ticks (Maildir in, every mail out), header and part for part. White
press is the control: there the recipient rightly tells the senders apart."""

from __future__ import annotations

import email
import mailbox
from email.message import Message
from email.policy import default as default_policy
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session

from pbem.ledger import queries
from pbem.mail.routing import token_for
from pbem.mail.transport.maildir import MaildirSource
from pbem.mail.transport.mailers import RecordingMailer
from pbem.services.base.runtime import Runtime
from pbem.services.tick.tick import tick
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.player_mail import player_mail
from tests.support.runtime import make_runtime, sqlite_url

FIRST, SECOND = "twin-one", "twin-two"  # alike in length: headings underline the name
WATCHED = "p3"
HEADERS = ("Subject", "From", "To", "Reply-To", "Auto-Submitted", "Content-Type")
Sent = tuple[str, str]  # the seat that writes, and its mail's body


def _start(tmp_path: Path, sets: dict[str, str]) -> tuple[Runtime, dict[str, dict[str, str]]]:
    """Both campaigns, and each one's seats' addresses; the welcome mails already sent."""
    rt = make_runtime(sqlite_url(tmp_path))
    players = [f"P{i} <p{i}@localhost>" for i in range(1, 6)]
    for name in (FIRST, SECOND):
        create_campaign(rt, NewCampaign(name, "diplomacy", None, players, seed=9, sets=sets))
    with Session(rt.engine) as session:
        seats = {
            name: {p.seat: p.address for p in queries.players_of(session, row)}
            for name in (FIRST, SECOND)
            for row in [queries.campaign_named(session, name)]
        }
    return rt, seats


def _masks(rt: Runtime, address: str) -> dict[str, str]:
    """What names a campaign in the watched player's mail: its name, their token and secret."""
    found: dict[str, str] = {}  # tokens first: they hold the campaign's name
    with Session(rt.engine) as session:
        for name in (FIRST, SECOND):
            player = next(
                p
                for p in queries.players_of(session, queries.campaign_named(session, name))
                if p.address == address
            )
            found[token_for(name, player.seat, player.secret)] = "TOKEN"
            found[player.secret] = "SECRET"
    return {**found, FIRST: "CAMPAIGN", SECOND: "CAMPAIGN"}


def _shown(message: Message, masks: dict[str, str]) -> dict[str, Any]:
    """A mail as its reader sees it: the headers a client shows, and every part."""

    def mask(text: str) -> str:
        for word, mark in masks.items():
            text = text.replace(word, mark)
        return text

    parts = [
        (p.get_content_type(), (p.get_payload(decode=True) or b"").decode("utf-8", "replace"))
        for p in message.walk()
        if not p.is_multipart()
    ]
    return {
        "headers": [mask(str(message[h])) for h in HEADERS],
        "parts": [(kind, mask(text)) for kind, text in parts],
    }


def _received(tmp_path: Path, sets: dict[str, str], first: Sent, second: Sent) -> list[Any]:
    """What the watched seat receives in each campaign when `first` is mailed in the first and
    `second` in the second."""
    rt, seats = _start(tmp_path, sets)
    mailer, box_path = RecordingMailer(), tmp_path / "Maildir"
    box = mailbox.Maildir(box_path, create=True)
    tick(rt, MaildirSource(str(box_path)), mailer, wait_seconds=5)
    start = len(mailer.sent)
    for name, (seat, body) in ((FIRST, first), (SECOND, second)):
        box.add(player_mail(rt, name, seats[name][seat], body))
    tick(rt, MaildirSource(str(box_path)), mailer, wait_seconds=5)
    address = seats[FIRST][WATCHED]
    masks = _masks(rt, address)
    by_campaign: dict[str, list[Any]] = {FIRST: [], SECOND: []}
    for sent in mailer.sent[start:]:
        if address in sent.recipients:
            message = email.message_from_bytes(sent.raw, policy=default_policy)
            name = FIRST if f"[{FIRST}]" in str(message["Subject"]) else SECOND
            by_campaign[name].append(_shown(message, masks))
    return [by_campaign[FIRST], by_campaign[SECOND]]


GREY = {"press_style": "grey"}
TO_ONE, TO_ALL = "PRESS p3 meet me in Tyrolia", "PRESS ALL peace in our time"
TWINS = [
    ("grey press to one", GREY, ("p1", TO_ONE), ("p2", TO_ONE)),
    ("grey press to all", GREY, ("p1", TO_ALL), ("p4", TO_ALL)),
    ("grey when the sender chooses", {"press_style": "either"},
     ("p2", "PRESS GREY p3 a secret"), ("p5", "PRESS GREY 3: a secret")),
    ("a fake broadcast", {"press_fake": "true"},
     ("p1", "PRESS FAKE p3 all hail"), ("p1", "PRESS ALL all hail")),
    ("grey fake or broadcast", {"press_style": "grey", "press_fake": "true"},
     ("p1", "PRESS FAKE p3 all hail"), ("p2", "PRESS ALL all hail")),
]  # fmt: skip


@pytest.mark.parametrize(("case", "sets", "first", "second"), TWINS, ids=[t[0] for t in TWINS])
def test_a_recipient_cannot_tell_who_sent_grey_press_or_a_fake_from_a_broadcast(
    case: str, sets: dict[str, str], first: Sent, second: Sent, tmp_path: Path
) -> None:
    mine, theirs = _received(tmp_path, sets, first, second)
    assert len(mine) == 1, (case, "the press reached the watched seat once")
    assert mine == theirs


def test_white_press_is_told_apart_so_the_check_can_fail(tmp_path: Path) -> None:
    same = "PRESS p3 meet me in Tyrolia"
    mine, theirs = _received(tmp_path, {}, ("p1", same), ("p2", same))
    assert len(mine) == len(theirs) == 1 and mine != theirs
    assert "P1 (p1)" in mine[0]["parts"][0][1] and "P2 (p2)" in theirs[0]["parts"][0][1]
