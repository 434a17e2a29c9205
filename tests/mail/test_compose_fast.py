"""compose's directly written bytes are the email package's bytes, and pbem's mail takes them."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, timezone
from email import policy
from email.contentmanager import _encode_text  # type: ignore[attr-defined]
from email.utils import format_datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.mail import mime_writer as mw
from pbem.mail import outbound
from pbem.mail.outbound import Attachment, InlineImage, OutgoingMessage, build_message, compose
from pbem.mail.slimming import without_images
from tests.mail.test_compose_reference import (
    HTMLS,
    PNG,
    RECIPIENTS,
    SENDERS,
    SUBJECTS,
    TEXTS,
    THREADS,
    arguments,
)
from tests.support.examples import examples


def fast_matches(args: dict[str, Any]) -> bool:
    """The fast path's bytes, when it writes any, are the email package's; True if it wrote.

    When the email package refuses the input, the fast path must refuse it too, and compose
    raises the email package's error.
    """
    try:
        expected = outbound._compose_slow(OutgoingMessage(**args))
    except Exception as error:
        with pytest.raises(Exception):  # noqa: B017 - any refusal: compose then asks the slow path
            outbound._compose_fast(OutgoingMessage(**args))
        with pytest.raises(type(error)):
            compose(OutgoingMessage(**args))
        return False
    assert build_message(policy.SMTP, OutgoingMessage(**args)).as_bytes() == expected
    assert compose(OutgoingMessage(**args)) == expected
    try:
        fast = outbound._compose_fast(OutgoingMessage(**args))
    except Exception:
        return False
    assert fast == expected
    return True


def report_args(**changes: Any) -> dict[str, Any]:
    """A report as notify queues it: text, HTML and the map inline, threaded, auto-generated."""
    text = "Winter 1201, Mighty Kingdoms\n\n" + "A Vienna - Budapest (moved)\n" * 60
    html = "<html><body>" + '<p class="order">A Vienna &rarr; Budapest</p>\n' * 120 + "</body>"
    args = arguments(
        sender="referee@pbem.example",
        to="anna@example.org",
        subject="Mighty Kingdoms: Winter 1201 report — Österreich",
        text=text,
        html=html,
        in_reply_to="<orders.1@players.example>",
        references=["<pbem.root@pbem.example>", "<orders.1@players.example>"],
        reply_to="referee+mighty.p1.k3y@pbem.example",
        auto_submitted="auto-generated",
        loop_value="pbem.example",
        images=[InlineImage("map", "Mighty Kingdoms-turn3-map.png", PNG)],
    )
    args.update(changes)
    return args


def ack_args(**changes: Any) -> dict[str, Any]:
    """An acknowledgement: text only, replying to the player's orders."""
    args = arguments(
        sender="Mighty Kingdoms Referee <referee@pbem.example>",
        to="Anna Celik <anna@example.org>",
        subject="Orders received: Winter 1201",
        text="Your orders for Winter 1201 were received:\n\nA Vienna - Budapest\n",
        in_reply_to="<orders.1@players.example>",
        references=["<orders.1@players.example>"],
        reply_to="referee+mighty.p1.k3y@pbem.example",
    )
    args.update(changes)
    return args


# -- the reference cases ------------------------------------------------------------------


@pytest.mark.parametrize("subject", SUBJECTS)
@pytest.mark.parametrize("sender", SENDERS)
def test_reference_headers(subject: str, sender: str) -> None:
    for to, (in_reply_to, references) in itertools.product(RECIPIENTS, THREADS):
        changes = {"in_reply_to": in_reply_to, "references": references}
        assert fast_matches(arguments(sender=sender, to=to, subject=subject, **changes))


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("html", HTMLS)
def test_reference_bodies(text: str, html: str | None) -> None:
    assert fast_matches(arguments(text=text, html=html))


@pytest.mark.parametrize("also_attach", [False, True])
@pytest.mark.parametrize("html", HTMLS[1:])
def test_reference_images_and_attachments(also_attach: bool, html: str | None) -> None:
    shown = [InlineImage("map.1@pbem.example", "map.png", PNG, also_attach=also_attach)]
    files = [
        Attachment("orders.txt", "pick 3\r\nünï\n".encode(), "text/plain"),
        Attachment("state.bin", bytes(range(256)) * 3),
        Attachment("empty.bin", b""),
        Attachment("one.bin", b"x" * 57),
        Attachment("odd", b"x", "not-a-type"),  # application/octet-stream, as _split_type says
    ]
    assert fast_matches(arguments(html=html, images=shown, attachments=files))
    assert fast_matches(arguments(html=html, images=shown * 3))
    assert fast_matches(arguments(html=None, attachments=files[:1]))
    # what only the email package writes as it does: the fast path leaves these to it
    for odd in (
        Attachment("orders-été.txt", b"x"),
        Attachment('say "hi".txt', b"x"),
        Attachment("x" * 80 + ".bin", b"x"),
        Attachment("mail.eml", b"x", "message/rfc822"),
        Attachment("x.bin", b"x", "Application/Octet-Stream"),
    ):
        assert not fast_matches(arguments(html=html, attachments=[odd]))
    assert not fast_matches(arguments(html=html, images=[InlineImage("=?x?q?y?=", "m.png", PNG)]))


def test_reference_extra_headers_dates_and_kinds() -> None:
    for hours, kind in itertools.product((0, 5, -8), ("auto-replied", "auto-generated")):
        date = datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=hours)))
        extra = {"X-Pbem-Campaign": "duel", "X-Note": "välue with ünïcödé " * 6}
        assert fast_matches(arguments(date=date, auto_submitted=kind, extra_headers=extra))
    assert not fast_matches(arguments(extra_headers={"Content-Language": "de"}))
    assert not fast_matches(arguments(extra_headers={"Cc": "a@example.org", "cc": "b@x.org"}))


def test_refusals_are_the_email_packages() -> None:
    shown = [InlineImage("map", "map.png", PNG)]
    for changes in (
        {"images": shown},
        {"to": "anna@example.org\r\nBcc: eve@example.org"},
        {"sender": "referee@pbem.example\u2028Bcc: eve@example.org"},
        {"subject": "two\nlines"},
        {"extra_headers": {"To": "eve@example.org"}},
        {"auto_submitted": "no"},
        {"date": datetime(2026, 1, 2)},
        {"message_id": "<a b@example.org>"},
        {"message_id": "<pbem.é@example.org>"},
        {"text": "lone \udc80 surrogate"},
        {"loop_value": "a\nb"},
    ):
        assert not fast_matches(arguments(**changes))


# -- the shortcuts, each against the email package -----------------------------------------

atext = "abcXYZ019_'+-"
words = st.text(alphabet=atext, min_size=1, max_size=12)
local = st.lists(st.text(alphabet="ab9_+-", min_size=1, max_size=8), min_size=1, max_size=3)
domain = st.lists(st.text(alphabet="ab9-", min_size=1, max_size=8), min_size=1, max_size=3)
addr_spec = st.builds(lambda lo, do: ".".join(lo) + "@" + ".".join(do), local, domain)
plain_address = addr_spec | st.builds(
    lambda ws, a: " ".join(ws) + f" <{a}>", st.lists(words, min_size=1, max_size=4), addr_spec
)
any_address = plain_address | st.text(
    alphabet=st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_categories=["Cs"]),
    max_size=80,
)


@settings(max_examples=examples(400), deadline=None)
@given(value=any_address, name=st.sampled_from(["From", "To", "Reply-To"]))
def test_address_lines_are_the_email_packages(value: str, name: str) -> None:
    try:
        expected = mw._fold(name, value)
    except Exception:
        return
    assert mw.address_line(name, value) == expected


offsets = st.integers(min_value=-23 * 3600 - 59 * 60, max_value=23 * 3600 + 59 * 60)


@settings(max_examples=examples(300), deadline=None)
@given(
    when=st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 30)),
    offset=st.one_of(offsets.map(lambda s: s - s % 60), offsets),
)
def test_date_lines_are_the_email_packages(when: datetime, offset: int) -> None:
    date = when.replace(tzinfo=timezone(timedelta(seconds=offset)))
    try:
        expected = mw._fold("Date", format_datetime(date))
    except Exception:
        return
    assert mw.date_line(date) == expected


body_chars = st.characters(min_codepoint=1, max_codepoint=0x2FFF, blacklist_categories=["Cs"])
line_parts = st.sampled_from(
    [" ", "\t", "=", ".", "From ", "\r\n", "\r", "\n", "é", "€", "\x0b", "\x85", "\u2028"]
)
qp_text = st.lists(
    st.text(alphabet=body_chars, max_size=30)
    | line_parts
    | st.integers(min_value=60, max_value=90).map(lambda n: "x" * n)
    | st.integers(min_value=20, max_value=30).map(lambda n: "é" * n),
    max_size=14,
).map("".join)


@settings(max_examples=examples(1500), deadline=None)
@given(text=qp_text)
def test_quoted_printable_is_the_email_packages(text: str) -> None:
    _cte, expected = _encode_text(text, "utf-8", "quoted-printable", policy.SMTP)
    assert mw.qp_body(text) == expected.replace("\n", "\r\n").encode("ascii")


def test_quoted_printable_wraps_every_line_length_as_the_email_package() -> None:
    for n, tail, pad in itertools.product(range(70, 240), ("", " ", "\t"), ("", "é", "=", "==")):
        for shift in range(3):
            text = "a" * shift + pad * 9 + "y" * n + pad + tail
            _cte, expected = _encode_text(text, "utf-8", "quoted-printable", policy.SMTP)
            assert mw.qp_body(text) == expected.replace("\n", "\r\n").encode("ascii")


@settings(max_examples=examples(300), deadline=None)
@given(data=st.binary(max_size=400))
def test_base64_is_the_email_packages(data: bytes) -> None:
    shown = OutgoingMessage(**arguments(html="<p>x</p>", attachments=[]))
    message = build_message(policy.SMTP, shown)
    message.add_attachment(data, "application", "octet-stream", filename="x.bin")
    part = next(iter(message.iter_attachments()))
    expected = part.as_bytes().split(b"\r\n\r\n", 1)[1]
    assert mw.base64_body(data) == expected


# -- everything at once --------------------------------------------------------------------

printable = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=30)
header_text = st.text(
    alphabet=st.characters(min_codepoint=32, max_codepoint=0x2FFF, blacklist_categories=["Cs"]),
    max_size=120,
)
mime_types = st.sampled_from(
    [
        "image/png",
        "image/svg+xml",
        "application/octet-stream",
        "text/plain",
        "x",
        "a/b/c",
        "IMAGE/png",
    ]
)
images = st.lists(
    st.builds(
        InlineImage,
        cid=st.sampled_from(["map", "map.1@pbem.example", "<x@y>", "m p", "é"]) | printable,
        filename=st.sampled_from(["map.png", "My Game-turn3-map.png"]) | printable,
        data=st.binary(max_size=300),
        mime_type=mime_types,
        also_attach=st.booleans(),
    ),
    max_size=3,
)
attachments = st.lists(
    st.builds(
        Attachment,
        filename=st.sampled_from(["orders.txt", "state.json"]) | printable,
        data=st.binary(max_size=200),
        mime_type=mime_types,
    ),
    max_size=2,
)
message_ids = st.sampled_from(
    ["<orders.1@players.example>", "orders.2@players.example", "<" + "a" * 90 + "@x.org>", "<é@x>"]
)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    subject=header_text,
    sender=plain_address | header_text,
    to=plain_address | header_text,
    text=qp_text,
    html=st.none() | qp_text,
    shown=images,
    files=attachments,
    in_reply_to=st.none() | message_ids,
    references=st.lists(message_ids, max_size=8),
    reply_to=st.none() | plain_address,
    hours=st.integers(min_value=-12, max_value=14),
)
def test_any_mail_gives_the_email_packages_bytes(
    subject: str,
    sender: str,
    to: str,
    text: str,
    html: str | None,
    shown: Sequence[InlineImage],
    files: Sequence[Attachment],
    in_reply_to: str | None,
    references: list[str],
    reply_to: str | None,
    hours: int,
) -> None:
    date = datetime(2026, 3, 4, 5, 6, 7, tzinfo=timezone(timedelta(hours=hours)))
    fast_matches(
        arguments(
            subject=subject,
            sender=sender,
            to=to,
            text=text,
            html=html,
            images=shown,
            attachments=files,
            in_reply_to=in_reply_to,
            references=references,
            reply_to=reply_to,
            date=date,
        )
    )


# -- pbem's own mail takes the fast path ---------------------------------------------------


def refuse(**_: Any) -> bytes:
    """Stands in for the email-package path in tests that must not reach it."""
    raise AssertionError("compose fell back to the email package")


@pytest.mark.parametrize(
    "args",
    [
        report_args(),
        report_args(images=[InlineImage("map", "duel-turn3-map.png", PNG, also_attach=True)]),
        report_args(to="Ånna Çelik <anna@example.org>", sender="Référé <referee@pbem.example>"),
        ack_args(),
        ack_args(html="<p>Your orders were received.</p>\n"),
        ack_args(
            date=datetime(2026, 7, 1, 12, tzinfo=UTC).astimezone(timezone(timedelta(hours=2)))
        ),
    ],
    ids=["report", "report-attached", "report-non-ascii-names", "ack", "ack-html", "ack-cest"],
)
def test_typical_mail_takes_the_fast_path(
    args: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = outbound._compose_slow(OutgoingMessage(**args))
    monkeypatch.setattr(outbound, "_compose_slow", refuse)
    assert compose(OutgoingMessage(**args)) == expected


def test_sent_mail_slimming_cuts_the_fast_paths_images() -> None:
    args = report_args(images=[InlineImage("map", "map.png", PNG, also_attach=True)])
    raw = outbound._compose_fast(OutgoingMessage(**args))
    slim = without_images(raw)
    assert b"image/png" not in slim and b"Content-Type: text/html" in slim
    assert b"X-Pbem-Dropped: 2 image part(s)" in slim
