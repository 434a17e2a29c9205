"""read_message over fixture mail from common clients, plus size, depth and damage."""

from __future__ import annotations

import hashlib
from email import message_from_bytes, policy
from pathlib import Path

import pytest

from pbem.mail.reading.body import (
    E_ENCRYPTED,
    E_NO_TEXT,
    E_TOO_DEEP,
    E_TOO_LARGE,
    E_TOO_MANY_PARTS,
    E_UNPARSEABLE,
    part_text,
)
from pbem.mail.reading.html_text import html_to_text
from pbem.mail.reading.inbound import MAX_PARTS, Inbound, read_message
from pbem.mail.reading.quotes import strip_reply

FIXTURES = Path(__file__).parent / "fixtures"
PYTHON_EMAIL_DATA = Path("/usr/lib/python3.11/test/test_email/data")
TOKEN = "mk1.p2.krvbjf65i6"


def read(name: str) -> Inbound:
    """read_message over one fixture file."""
    return read_message((FIXTURES / name).read_bytes())


@pytest.mark.parametrize(
    ("name", "body", "source"),
    [
        ("gmail_reply.eml", "move a1 b2\nhold c3", "plain"),
        ("outlook_reply.eml", "recruit 2 infantry at castle\nmove army1 e",
         "plain"),
        ("outlook_html_only.eml", "move army1 ne\nbesiege café castle", "html"),
        ("apple_mail.eml", "move fleet2 sw\nI\u2019ll hold the rest", "plain"),
        ("thunderbird_flowed.eml",
         "support army3 from the east hill against the northern raiders who keep crossing "
         "the river at night\nhold castle", "plain"),
        ("html_only.eml",
         "mk1 p3 s3cr3tword\nmove a1 b2\nhold c3 & pray\nrecruit 1 knight\ntax   north\n"
         "tax   south", "html"),
        ("base64_body.eml", "move a1 b2\nbuild tower in Zürich", "plain"),
        ("latin1.eml", "bewege armee1 nach Süden\nhalte Burg Größenwahn", "plain"),
        ("cp1252.eml", "pay 5€ to \u201cthe guild\u201d\nhold c3", "plain"),
        ("shift_jis.eml", "move a1 b2\n城を守る", "plain"),
        ("txt_attachment.eml", "move a1 b2\nhold c3", "attachment"),
        ("clearsigned.eml", "move a1 b2\n-- not a signature, dash-escaped", "plain"),
        ("truncated_mime.eml", "move a1 b2\nhold c3", "plain"),
    ],
)  # fmt: skip
def test_order_text_from_each_client(name: str, body: str, source: str) -> None:
    inbound = read(name)
    assert (inbound.body_text, inbound.body_source, inbound.refusal) == (body, source, None)


def test_gmail_reply_envelope_fields() -> None:
    inbound = read("gmail_reply.eml")
    assert inbound.message_id == "CAJx9f2Q4r0Vf+7kq-9vN1bW@mail.gmail.com"
    assert (inbound.from_address, inbound.from_name) == ("anna.player@gmail.com", "Anna Player")
    assert inbound.to_addresses == (f"referee+{TOKEN}@pbem.example",)
    assert inbound.subject == f"Re: [pbem {TOKEN}] Mighty Kingdoms: turn 3 report"
    assert inbound.in_reply_to == "pbem.0f1e2d3c4b5a69788796a5b4@pbem.example"
    assert inbound.references == ("pbem.0f1e2d3c4b5a69788796a5b4@pbem.example",)
    assert inbound.date == "Mon, 16 Nov 2026 11:42:17 +0100"
    assert inbound.sent_at is not None and inbound.sent_at.utcoffset() is not None
    assert inbound.kind == "normal"


def test_digest_and_size_describe_the_raw_bytes() -> None:
    raw = (FIXTURES / "gmail_reply.eml").read_bytes()
    inbound = read_message(raw)
    assert (inbound.digest, inbound.size) == (hashlib.sha256(raw).hexdigest(), len(raw))


def test_recipients_come_from_to_cc_and_delivery_headers_once_each() -> None:
    raw = (
        b"From: a@example.org\nTo: Ref <Referee@PBEM.example>, b@example.org\n"
        b'Cc: "Doe, Jo" <jo@example.org>\nDelivered-To: referee+x.y.abcdefghij@pbem.example\n'
        b"X-Original-To: referee@pbem.example\nMessage-ID: <r1@x>\n\nhold c3\n"
    )
    assert read_message(raw).to_addresses == (
        "referee@pbem.example",
        "b@example.org",
        "jo@example.org",
        "referee+x.y.abcdefghij@pbem.example",
    )


def test_encoded_subject_and_name_are_decoded() -> None:
    inbound = read("latin1.eml")
    assert (inbound.subject, inbound.from_name) == ("Befehle für Zug 4", "Hans Müller")
    assert read("shift_jis.eml").subject == "命令 ターン4"


def test_raw_utf8_in_header_is_decoded() -> None:
    assert read("truncated_mime.eml").subject == "orders \u2013 raw utf-8 in a header"


@pytest.mark.parametrize("name", ["pgp_encrypted.eml", "smime.eml", "pgp_inline.eml"])
def test_encrypted_mail_is_refused(name: str) -> None:
    inbound = read(name)
    assert (inbound.refusal, inbound.body_text) == (E_ENCRYPTED, "")


def test_auto_reply_bounce_list_and_loop_fixtures_are_classified() -> None:
    names = ("vacation.eml", "exchange_oof.eml", "dsn_bounce.eml", "mailing_list.eml", "loop.eml")
    kinds = {name: read(name).kind for name in names}
    assert kinds == {
        "vacation.eml": "auto_reply",
        "exchange_oof.eml": "auto_reply",
        "dsn_bounce.eml": "bounce",
        "mailing_list.eml": "bulk",
        "loop.eml": "loop",
    }


def test_bounce_names_the_failed_recipient() -> None:
    inbound = read("dsn_bounce.eml")
    assert (inbound.kind_reason, inbound.bounced_recipient) == (
        "mail.K_DELIVERY_REPORT",
        "oskar@gone.example",
    )


def test_interesting_headers_are_kept() -> None:
    assert read("loop.eml").headers["X-Pbem-Loop"] == "pbem; referee@pbem.example"
    assert read("mailing_list.eml").headers["Precedence"] == "list"


def test_malformed_headers_do_not_raise_and_get_synthetic_id() -> None:
    raw = (FIXTURES / "malformed.eml").read_bytes()
    inbound = read_message(raw)
    assert inbound.message_id == "nomsgid-" + hashlib.sha256(raw).hexdigest()
    assert inbound.from_address == ""
    assert inbound.to_addresses == ("referee@pbem.example",)
    assert inbound.sent_at is None
    assert inbound.date == "not a date at all"


def test_synthetic_message_id_is_stable() -> None:
    raw = b"From: a@example.org\n\nhold c3\n"
    assert read_message(raw).message_id == read_message(raw).message_id
    assert read_message(raw).message_id != read_message(raw + b"x").message_id


def test_oversized_mail_is_refused_but_headers_are_read() -> None:
    head = b"From: Big <big@example.org>\nMessage-ID: <big-1@example.org>\nSubject: huge\n\n"
    raw = head + b"move a1 b2\n" * 200_000
    inbound = read_message(raw, max_bytes=1_000_000)
    assert (inbound.refusal, inbound.body_text) == (E_TOO_LARGE, "")
    assert (inbound.message_id, inbound.from_address) == ("big-1@example.org", "big@example.org")
    assert read_message(raw, max_bytes=len(raw)).refusal is None


def nested(levels: int) -> bytes:
    """A message wrapped in `levels` multipart/mixed layers around one text part."""
    inner = b"Content-Type: text/plain\n\nhold c3\n"
    for level in range(levels):
        boundary = f"b{level}".encode()
        inner = (
            b'Content-Type: multipart/mixed; boundary="' + boundary + b'"\n\n--'
            + boundary + b"\n" + inner + b"\n--" + boundary + b"--\n"
        )  # fmt: skip
    return b"From: deep@example.org\nMessage-ID: <deep@x>\n" + inner


def test_nesting_within_limit_is_read() -> None:
    assert read_message(nested(10), max_depth=10).body_text == "hold c3"


def test_nesting_beyond_limit_is_refused() -> None:
    inbound = read_message(nested(11), max_depth=10)
    assert (inbound.refusal, inbound.message_id) == (E_TOO_DEEP, "deep@x")


def test_absurd_nesting_is_refused_before_parsing() -> None:
    inbound = read_message(nested(2000), max_bytes=10_000_000)
    assert (inbound.refusal, inbound.from_address) == (E_TOO_DEEP, "deep@example.org")


def test_forwarded_message_nesting_counts_toward_depth() -> None:
    raw = b"Content-Type: text/plain\n\nhold c3\n"
    for _ in range(12):
        raw = b"Content-Type: message/rfc822\n\n" + raw
    assert read_message(b"From: a@b.org\n" + raw).refusal == E_TOO_DEEP


@pytest.mark.parametrize("raw", [b"", b"\x00\xff\xfe", b"\n\n\n", b"no headers at all"])
def test_garbage_is_unparseable(raw: bytes) -> None:
    inbound = read_message(raw)
    assert inbound.refusal == E_UNPARSEABLE
    assert inbound.message_id.startswith("nomsgid-")


def test_headers_without_any_text_are_no_text() -> None:
    assert read_message(b"From: a@example.org\nSubject: x\n\n").refusal == E_NO_TEXT


def test_inbound_is_frozen_and_serialises() -> None:
    inbound = read("gmail_reply.eml")
    with pytest.raises(ValueError):
        inbound.subject = "x"
    assert Inbound.model_validate_json(inbound.model_dump_json()) == inbound


@pytest.mark.skipif(
    not PYTHON_EMAIL_DATA.is_dir(),
    reason="Python's email test data is absent (apt-get install libpython3.11-testsuite)",
)
def test_python_email_test_suite_messages_never_raise() -> None:
    files = sorted(PYTHON_EMAIL_DATA.glob("msg_*.txt"))
    assert len(files) > 40
    results = {path.name: read_message(path.read_bytes()) for path in files}
    assert all(result.digest for result in results.values())
    assert results["msg_01.txt"].body_text == "Hi,\n\nDo you like this message?\n\n-Me"
    assert results["msg_16.txt"].kind == "bounce"


def test_too_many_parts_is_refused_with_headers_read() -> None:
    part = b"--b\nContent-Type: text/plain\n\nhold c3\n"
    head = b"From: many@example.org\nContent-Type: multipart/mixed; boundary=b\n\n"
    assert read_message(head + part * (MAX_PARTS - 1) + b"--b--\n").refusal is None
    inbound = read_message(head + part * MAX_PARTS + b"--b--\n")
    assert (inbound.refusal, inbound.from_address) == (E_TOO_MANY_PARTS, "many@example.org")


def test_deeply_nested_comments_in_from_do_not_lose_the_body() -> None:
    inbound = read_message(b"From: " + b"(" * 5000 + b"\nMessage-ID: <c@x>\n\nhold c3\n")
    assert (inbound.from_address, inbound.body_text, inbound.refusal) == ("", "hold c3", None)


def test_very_long_content_type_is_read_with_the_legacy_parser() -> None:
    padding = "x" * 5000
    content_type = f'text/plain; charset=utf-8; junk="{padding}"'
    raw = f"From: a@example.org\nContent-Type: {content_type}\n\nZürich\n"
    assert read_message(raw.encode()).body_text == "Zürich"


def test_broken_rfc2231_parameters_fall_back_to_defaults() -> None:
    raw = (
        b"From: a@example.org\nContent-Type: text/plain; charset*0=utf-8; charset*=x; "
        b"charset*1*=y\n\nhold c3\n"
    )
    assert read_message(raw).body_text == "hold c3"


@pytest.mark.parametrize(
    ("name", "orders"),
    [
        ("gmail_reply.eml", "move a1 b2\nhold c3"),
        ("outlook_reply.eml", "recruit 2 infantry at castle\nmove army1 e"),
    ],
)
def test_html_alternative_alone_gives_the_same_orders(name: str, orders: str) -> None:
    msg = message_from_bytes((FIXTURES / name).read_bytes(), policy=policy.default)
    html = next(part for part in msg.walk() if part.get_content_type() == "text/html")
    assert strip_reply(html_to_text(part_text(html))) == orders
