"""Every bounce in the written corpus is a bounce by its content, whatever its From."""

from __future__ import annotations

from email import message_from_bytes, message_from_string, policy
from email.message import Message

import pytest

from pbem.mail.reading import classify as c
from pbem.mail.reading.inbound import read_message
from tests.mail.bounce_corpus import NAMES, bounce

PLAYER = "alice@players.example"


def test_the_corpus_covers_the_common_mail_systems() -> None:
    assert len(NAMES) >= 10


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("sender", [None, f"Alice <{PLAYER}>"])
def test_corpus_bounce_is_a_bounce(name: str, sender: str | None) -> None:
    inbound = read_message(bounce(name, "referee@pbem.example", PLAYER, sender))
    assert inbound.kind == "bounce", inbound.kind_reason


@pytest.mark.parametrize("name", [n for n in NAMES if n not in {"yahoo.eml", "qmail.eml"}])
def test_bounces_with_a_status_part_or_header_name_the_failed_recipient(name: str) -> None:
    inbound = read_message(bounce(name, "referee@pbem.example", PLAYER, f"Alice <{PLAYER}>"))
    if name in {"lotus.eml", "returned_mail.eml", "dsn_delay_fail.eml"}:
        assert inbound.bounced_recipient is None  # plain text only, or only delayed
    else:
        assert inbound.bounced_recipient == PLAYER


@pytest.mark.parametrize("name", NAMES)
def test_only_the_delay_warning_is_only_delayed(name: str) -> None:
    parsed = message_from_bytes(bounce(name, "referee@pbem.example", PLAYER))
    assert c.only_delayed(parsed) == (name == "dsn_delay_fail.eml")


def test_status_part_nested_in_mixed_is_found_without_any_bounce_header() -> None:
    inbound = read_message(bounce("nested_mixed.eml", "referee@pbem.example", PLAYER))
    assert (inbound.kind, inbound.kind_reason) == ("bounce", c.R_STATUS_PART)


@pytest.mark.parametrize(
    "subject",
    [
        "Undeliverable: Re: [camp] Orders received",
        "Mail delivery failed: returning message to sender",
        "failure notice",
        "Delivery Status Notification (Failure)",
        "Returned mail: see transcript for details",
        "Undelivered Mail Returned to Sender",
        "DELIVERY FAILURE: User x not listed",
    ],
)
def test_bounce_subjects_from_an_ordinary_sender(subject: str) -> None:
    raw = f"From: {PLAYER}\r\nTo: referee@pbem.example\r\nSubject: {subject}\r\n\r\nx\r\n"
    verdict = c.explain(_parsed(raw))
    assert (verdict.kind, verdict.reason) == ("bounce", c.R_BOUNCE_SUBJECT)


def test_orders_with_ordinary_subjects_are_not_bounces() -> None:
    for subject in ("Re: [camp] Orders received", "Re: mail delivery was slow today", "orders"):
        raw = f"From: {PLAYER}\r\nTo: referee@pbem.example\r\nSubject: {subject}\r\n\r\nx\r\n"
        assert c.classify(_parsed(raw)) == "normal"


def _parsed(raw: str) -> Message:
    """Parse a small message with the modern policy."""
    return message_from_string(raw, policy=policy.default)
