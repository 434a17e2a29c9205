"""classify/explain: loop, bounce, auto-reply, bulk and normal mail, with stable reasons."""

from __future__ import annotations

from email import message_from_bytes, policy
from email.message import Message
from pathlib import Path

import pytest

from pbem.mail.headers import LOOP_HEADER, loop_value
from pbem.mail.reading import classify as c

FIXTURES = Path(__file__).parent / "fixtures"


def fixture(name: str) -> Message:
    """Parse one fixture file."""
    return message_from_bytes((FIXTURES / name).read_bytes(), policy=policy.default)


def headers(*lines: str) -> Message:
    """A small text message with the given extra header lines."""
    head = "\n".join(("From: p@example.org", "To: referee@pbem.example", *lines))
    return message_from_bytes(f"{head}\n\nhold c3\n".encode(), policy=policy.default)


@pytest.mark.parametrize(
    ("name", "kind", "reason"),
    [
        ("gmail_reply.eml", "normal", c.R_NORMAL),
        ("vacation.eml", "auto_reply", c.R_AUTO_SUBMITTED),
        ("exchange_oof.eml", "auto_reply", c.R_SUPPRESS),
        ("dsn_bounce.eml", "bounce", c.R_DSN),
        ("mailing_list.eml", "bulk", c.R_PRECEDENCE_BULK),
        ("loop.eml", "loop", c.R_LOOP),
    ],
)
def test_fixtures_classify(name: str, kind: str, reason: str) -> None:
    verdict = c.explain(fixture(name))
    assert (verdict.kind, verdict.reason) == (kind, reason)
    assert c.classify(fixture(name)) == kind


@pytest.mark.parametrize(
    ("line", "kind", "reason"),
    [
        ("Auto-Submitted: no", "normal", c.R_NORMAL),
        ("Auto-Submitted: auto-generated", "auto_reply", c.R_AUTO_SUBMITTED),
        ("X-Autoreply: yes", "auto_reply", c.R_AUTOREPLY_HEADER),
        ("X-Autorespond: vacation", "auto_reply", c.R_AUTOREPLY_HEADER),
        ("X-Auto-Response-Suppress: DR, OOF", "auto_reply", c.R_SUPPRESS),
        ("X-Auto-Response-Suppress: RN, NRN", "normal", c.R_NORMAL),
        ("Precedence: auto_reply", "auto_reply", c.R_PRECEDENCE_AUTO),
        ("Subject: Out of Office: Re: turn 3", "auto_reply", c.R_AUTO_SUBJECT),
        ("Subject: Automatic reply: turn 3", "auto_reply", c.R_AUTO_SUBJECT),
        ("Subject: Auto: turn 3", "auto_reply", c.R_AUTO_SUBJECT),
        ("Subject: Abwesenheitsnotiz: Zug 3", "auto_reply", c.R_AUTO_SUBJECT),
        ("Subject: =?utf-8?q?R=C3=A9ponse_automatique?=", "auto_reply", c.R_AUTO_SUBJECT),
        ("Subject: Re: what about out of office hours?", "normal", c.R_NORMAL),
        ("Precedence: junk", "bulk", c.R_PRECEDENCE_BULK),
        ("Precedence: bulk", "bulk", c.R_PRECEDENCE_BULK),
        ("List-Id: <games.lists.example>", "bulk", c.R_LIST),
        ("List-Unsubscribe: <mailto:x@lists.example>", "bulk", c.R_LIST),
        ("Return-Path: <>", "bounce", c.R_NULL_SENDER),
        ("X-Failed-Recipients: gone@example.org", "bounce", c.R_FAILED_RECIPIENTS),
        (f"{LOOP_HEADER}: {loop_value('referee@pbem.example')}", "loop", c.R_LOOP),
    ],
)
def test_header_rules(line: str, kind: str, reason: str) -> None:
    verdict = c.explain(headers(line))
    assert (verdict.kind, verdict.reason) == (kind, reason)


def test_mailer_daemon_and_postmaster_senders_are_bounces() -> None:
    for sender in ("MAILER-DAEMON@mx.example", "Postmaster <postmaster@mx.example>"):
        msg = message_from_bytes(f"From: {sender}\n\nfailed\n".encode())
        assert c.explain(msg).reason == c.R_MAILER_DAEMON


def test_loop_header_wins_over_everything() -> None:
    msg = headers("Precedence: bulk", "Auto-Submitted: auto-replied", f"{LOOP_HEADER}: x")
    assert c.classify(msg) == "loop"


def test_auto_reply_with_null_return_path_is_an_auto_reply_not_a_bounce() -> None:
    assert c.classify(fixture("vacation.eml")) == "auto_reply"


def test_read_receipt_report_is_an_auto_reply() -> None:
    raw = (
        "From: p@example.org\nContent-Type: multipart/report; "
        'report-type=disposition-notification; boundary="b"\n\n--b\n'
        "Content-Type: text/plain\n\nread\n--b--\n"
    )
    verdict = c.explain(message_from_bytes(raw.encode()))
    assert (verdict.kind, verdict.reason) == ("auto_reply", c.R_RECEIPT)


def test_bounced_recipient_prefers_original_recipient_of_failed_block() -> None:
    assert c.bounced_recipient(fixture("dsn_bounce.eml")) == "oskar@gone.example"


def test_bounced_recipient_skips_delayed_blocks_and_uses_final_recipient() -> None:
    raw = (
        "From: MAILER-DAEMON@mx\nContent-Type: multipart/report; report-type=delivery-status; "
        'boundary="b"\n\n--b\nContent-Type: message/delivery-status\n\n'
        "Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822; late@example.org\nAction: delayed\n\n"
        "Final-Recipient: rfc822; <Gone@Example.org>\nAction: failed\n--b--\n"
    )
    assert c.bounced_recipient(message_from_bytes(raw.encode())) == "gone@example.org"


def test_bounced_recipient_from_exim_header() -> None:
    assert c.bounced_recipient(headers("X-Failed-Recipients: Gone@Example.org")) == (
        "gone@example.org"
    )


def test_no_bounced_recipient_in_normal_mail() -> None:
    assert c.bounced_recipient(fixture("gmail_reply.eml")) is None
