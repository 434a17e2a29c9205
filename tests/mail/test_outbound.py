"""compose builds standard MIME that re-parses to what was given."""

from __future__ import annotations

from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.mail.headers import LOOP_HEADER, loop_value
from pbem.mail.outbound import (
    Attachment,
    InlineImage,
    OutgoingMessage,
    compose,
    make_message_id,
    new_message_id,
)
from pbem.mail.reading.inbound import read_message
from tests.support.examples import examples

WHEN = datetime(2026, 11, 16, 10, 0, tzinfo=UTC)
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))


def build(**changes: object) -> bytes:
    """compose with sensible defaults, overridden by `changes`."""
    args: dict[str, object] = {
        "sender": "Mighty Kingdoms Referee <referee@pbem.example>",
        "to": "anna@example.org",
        "subject": "Turn 3 report",
        "text": "Your orders are due.\n",
        "html": None,
        "message_id": "<pbem.abc@pbem.example>",
        "in_reply_to": None,
        "references": [],
        "reply_to": None,
        "loop_value": loop_value("referee@pbem.example"),
        "date": WHEN,
    }
    args.update(changes)
    return compose(OutgoingMessage(**args))


def parse(raw: bytes) -> EmailMessage:
    """Parse composed bytes with the modern policy."""
    msg = message_from_bytes(raw, policy=policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def test_required_headers_are_always_set() -> None:
    msg = parse(build())
    assert msg["Message-ID"] == "<pbem.abc@pbem.example>"
    assert msg["Auto-Submitted"] == "auto-replied"
    assert msg[LOOP_HEADER] == "pbem; referee@pbem.example"
    assert msg["MIME-Version"] == "1.0"
    assert msg["Date"] == "Mon, 16 Nov 2026 10:00:00 +0000"
    assert msg["Precedence"] is None


def test_output_uses_crlf_and_short_lines() -> None:
    raw = build(text="x" * 500 + "\nZürich " * 40)
    lines = raw.split(b"\r\n")
    assert b"\n" not in b"".join(lines)
    assert max(len(line) for line in lines) <= 78
    assert all(byte < 128 for byte in raw)


def test_text_only_mail_is_single_text_plain_part() -> None:
    msg = parse(build(text="hold c3\n"))
    assert msg.get_content_type() == "text/plain"
    assert msg.get_content().replace("\r\n", "\n") == "hold c3\n"


def test_threading_headers_and_reply_to() -> None:
    msg = parse(build(in_reply_to="a@x", references=["<z@x>", "a@x"], reply_to="r+t@pbem.example"))
    assert (msg["In-Reply-To"], msg["References"]) == ("<a@x>", "<z@x> <a@x>")
    assert msg["Reply-To"] == "r+t@pbem.example"


def test_html_with_inline_image_builds_alternative_with_related() -> None:
    image = InlineImage(cid="map-p2", filename="map.png", data=PNG)
    html = '<p>Turn 3</p><img src="cid:map-p2">'
    msg = parse(build(html=html, images=[image]))
    assert msg.get_content_type() == "multipart/alternative"
    plain, related = list(msg.iter_parts())
    assert (plain.get_content_type(), related.get_content_type()) == (
        "text/plain",
        "multipart/related",
    )
    html_part, image_part = list(related.iter_parts())
    assert html_part.get_content().replace("\r\n", "\n") == html + "\n"
    assert image_part["Content-ID"] == "<map-p2>"
    assert image_part.get_content_disposition() == "inline"
    assert image_part.get_payload(decode=True) == PNG


def test_image_can_also_be_attached_and_files_attached() -> None:
    image = InlineImage(cid="m", filename="map.png", data=PNG, also_attach=True)
    files = [Attachment("orders.txt", b"hold c3\n", "text/plain")]
    msg = parse(build(html="<img src='cid:m'>", images=[image], attachments=files))
    assert msg.get_content_type() == "multipart/mixed"
    attached = {part.get_filename() or "": part for part in msg.iter_attachments()}
    assert sorted(attached) == ["map.png", "orders.txt"]
    assert attached["map.png"].get_payload(decode=True) == PNG


def test_non_ascii_subject_and_sender_are_rfc2047_encoded_and_round_trip() -> None:
    raw = build(subject="Zug 3 – Königreich", sender="Référée <referee@pbem.example>")
    assert b"=?utf-8?" in raw
    inbound = read_message(raw)
    assert (inbound.subject, inbound.from_name) == ("Zug 3 – Königreich", "Référée")


def test_composed_mail_reads_back_as_our_own_loop() -> None:
    inbound = read_message(build(text="Bonjour, château\n"))
    assert (inbound.kind, inbound.message_id) == ("loop", "pbem.abc@pbem.example")
    assert inbound.body_text == "Bonjour, château"


def test_output_is_deterministic() -> None:
    image = InlineImage(cid="m", filename="map.png", data=PNG, also_attach=True)
    assert build(html="<b>x</b>", images=[image]) == build(html="<b>x</b>", images=[image])


def test_make_message_id_is_deterministic_and_well_formed() -> None:
    first = make_message_id("campaign:mk1:turn:3:p2", "pbem.example")
    assert first == make_message_id("campaign:mk1:turn:3:p2", "pbem.example")
    assert first != make_message_id("campaign:mk1:turn:3:p3", "pbem.example")
    assert first.startswith("<pbem.") and first.endswith("@pbem.example>")
    assert len(first) == len("<pbem.@pbem.example>") + 24


@pytest.mark.parametrize(
    "changes",
    [
        {"date": datetime(2026, 11, 16, 10, 0)},
        {"auto_submitted": "no"},
        {"images": [InlineImage("m", "m.png", PNG)]},
        {"extra_headers": {"message-id": "<x@y>"}},
        {"subject": "two\nlines"},
    ],
)
def test_invalid_requests_raise(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        build(**changes)


def test_extra_headers_are_added() -> None:
    msg = parse(build(extra_headers={"X-Pbem-Campaign": "mk1", "List-Unsubscribe": "<x>"}))
    assert msg["X-Pbem-Campaign"] == "mk1"


def test_long_non_ascii_subject_keeps_spaces_and_plain_subject_tag() -> None:
    tag = "[pbem mk1.p2.krvbjf65i6]"
    subject = "Königreich der Mächtigen – Zug 3 – Bericht für Spieler " * 3 + tag
    raw = build(subject=subject)
    assert tag.encode() in raw.replace(b"\r\n ", b" ")  # ASCII words stay readable
    assert read_message(raw).subject == subject
    header = raw.split(b"\r\n\r\n")[0]
    assert max(len(line) for line in header.split(b"\r\n")) <= 78


LONG_IDS = [
    "<1724157855.2349819.1724157855123.JavaMail.yahoo@tardis-ui-74cd9f.sonic312.mail.bf2"
    ".yahoo.com>",
    "<DB9PR03MB7313C4A8E2C1F0B3D8A5E6F7C9D1B2A3E4F5A@DB9PR03MB7313.eurprd03.prod.outlook.com>",
    "<OF1A2B3C4D.5E6F7A8B-ON86258A1C.004F2E3D-86258A1C.0050A1B2@LocalDomain.notes.com>",
]


def test_long_message_ids_are_folded_between_ids_and_never_encoded() -> None:
    raw = build(in_reply_to=LONG_IDS[0], references=["<root@pbem.example>", *LONG_IDS])
    head = raw.split(b"\r\n\r\n", 1)[0]
    assert b"=?" not in head
    for msg_id in LONG_IDS:
        assert msg_id.encode() in head  # each id whole on one line
    msg = parse(raw)
    assert msg["In-Reply-To"] == LONG_IDS[0]
    assert str(msg["References"]).split() == ["<root@pbem.example>", *LONG_IDS]


def test_ids_that_cannot_be_sent_verbatim_are_left_out() -> None:
    msg = parse(build(in_reply_to="<bär@x>", references=["<ok@x>", "<a b@x>", "<c<d@x>"]))
    assert msg["In-Reply-To"] is None
    assert msg["References"] == "<ok@x>"


def test_new_message_ids_are_random() -> None:
    ids = {new_message_id("pbem.example") for _ in range(100)}
    assert len(ids) == 100
    assert all(i.startswith("<pbem.r.") and i.endswith("@pbem.example>") for i in ids)


_ID_CHARS = "".join(chr(c) for c in range(33, 127) if chr(c) not in "<>")


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(_ID_CHARS.replace("@", ""), min_size=1, max_size=200),
            st.text(_ID_CHARS.replace("@", ""), min_size=1, max_size=120),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_any_printable_ids_round_trip_verbatim(parts: list[tuple[str, str]]) -> None:
    ids = [f"<{left}@{right}>" for left, right in parts]
    raw = build(in_reply_to=ids[-1], references=ids)
    head = raw.split(b"\r\n\r\n", 1)[0]
    assert all(i.encode() in head for i in ids)  # never encoded, never split inside an id
    assert all(len(line) <= 998 for line in head.split(b"\r\n"))
    msg = parse(raw)
    assert str(msg["References"]).split() == ids
    assert str(msg["In-Reply-To"]) == ids[-1]
