"""compose's faster policy and generator give the bytes the email package gives on policy.SMTP."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, timezone
from email import policy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.mail.outbound import Attachment, InlineImage, OutgoingMessage, build_message, compose
from tests.support.examples import examples

WHEN = datetime(2026, 11, 24, 3, 4, 5, tzinfo=UTC)
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40  # several base64 lines

SUBJECTS = [
    "Orders received: Spring 1201",
    "Réponse : ordres reçus — été 1201",
    "日本語の件名です、長い件名のテスト " * 6,
    "A long plain subject that has to be folded over several lines " * 4,
    "Ünïcödé and ASCII words mixed, " * 8 + "end",
    "=?utf-8?q?looks_encoded?= but is not",
    "",
]
SENDERS = [
    "referee@pbem.example",
    "Référé du Jeu <referee@pbem.example>",
    '"Referee, Mighty Kingdoms (the long display name of the referee)" <referee@pbem.example>',
]
RECIPIENTS = ["anna@example.org", "Ånna Çelik <anna@example.org>"]
TEXTS = [
    "Your orders are due.\n",
    "no newline at the end",
    "crlf line\r\nand a lone cr\rand lf\n" * 5,
    "unicode — ünïcödé “quotes” €\n" * 40 + "x" * 200 + "\n",
    "",
    "From the start of a line\n.\nend\n",
]
HTMLS: list[str | None] = [
    None,
    "<p>Hello</p>\n",
    "<html><body>" + "<p>Réponse à tout, été 1201 — ok</p>\n" * 60 + "</body></html>",
]
THREADS: list[tuple[str | None, list[str]]] = [
    (None, []),
    ("<orders.1@players.example>", ["<pbem.root@pbem.example>", "<orders.1@players.example>"]),
    (
        "<" + "a" * 90 + "@players.example>",
        [f"<ref.{n}.{'b' * 30}@pbem.example>" for n in range(6)],
    ),
]


def arguments(**changes: Any) -> dict[str, Any]:
    """compose's arguments with plain defaults, overridden by `changes`."""
    args: dict[str, Any] = {
        "sender": SENDERS[0],
        "to": RECIPIENTS[0],
        "subject": SUBJECTS[0],
        "text": TEXTS[0],
        "html": None,
        "message_id": "<pbem.r.0123456789abcdef@pbem.example>",
        "in_reply_to": None,
        "references": [],
        "reply_to": None,
        "auto_submitted": "auto-replied",
        "loop_value": "pbem.example",
        "images": [],
        "attachments": [],
        "extra_headers": {},
        "date": WHEN,
    }
    args.update(changes)
    return args


def reference(args: dict[str, Any]) -> bytes:
    """The same message built and flattened by the email package alone, on policy.SMTP."""
    return build_message(policy.SMTP, OutgoingMessage(**args)).as_bytes()


def assert_same(args: dict[str, Any]) -> None:
    """compose gives the reference bytes, also when its header memo already holds them."""
    expected = reference(args)
    assert compose(OutgoingMessage(**args)) == expected
    # the second time every header comes from the memo
    assert compose(OutgoingMessage(**args)) == expected


def images(also_attach: bool) -> Sequence[InlineImage]:
    """One inline map picture."""
    return [InlineImage("map.1@pbem.example", "map.png", PNG, also_attach=also_attach)]


@pytest.mark.parametrize("subject", SUBJECTS)
@pytest.mark.parametrize("sender", SENDERS)
def test_headers_fold_and_encode_as_the_email_package_does(subject: str, sender: str) -> None:
    for to, (in_reply_to, references) in itertools.product(RECIPIENTS, THREADS):
        assert_same(
            arguments(
                sender=sender,
                to=to,
                subject=subject,
                in_reply_to=in_reply_to,
                references=references,
                reply_to="referee+duel.p1.k3y@pbem.example",
            )
        )


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("html", HTMLS)
def test_bodies_are_the_email_packages(text: str, html: str | None) -> None:
    assert_same(arguments(text=text, html=html))


@pytest.mark.parametrize("also_attach", [False, True])
@pytest.mark.parametrize("html", HTMLS[1:])
def test_inline_images_and_attachments_are_the_email_packages(
    also_attach: bool, html: str | None
) -> None:
    files = [
        Attachment("orders-été.txt", "pick 3\r\nünï\n".encode(), "text/plain"),
        Attachment("state.bin", bytes(range(256)) * 3),
        Attachment("odd", b"x", "not-a-type"),
    ]
    assert_same(arguments(html=html, images=images(also_attach), attachments=files))
    assert_same(arguments(html=html, images=images(also_attach)))
    assert_same(arguments(html=None, attachments=files[:1]))


def test_extra_headers_dates_and_automatic_kinds_are_the_email_packages() -> None:
    for hours, kind in itertools.product((0, 5, -8), ("auto-replied", "auto-generated")):
        date = datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=hours)))
        extra = {"X-Pbem-Campaign": "duel", "X-Note": "välue with ünïcödé " * 6}
        assert_same(arguments(date=date, auto_submitted=kind, extra_headers=extra))


def test_the_same_errors_are_raised() -> None:
    with pytest.raises(ValueError):
        compose(OutgoingMessage(**arguments(images=images(False))))  # images need HTML
    with pytest.raises(ValueError):
        compose(OutgoingMessage(**arguments(to="anna@example.org\r\nBcc: eve@example.org")))
    with pytest.raises(ValueError):
        compose(OutgoingMessage(**arguments(extra_headers={"To": "eve@example.org"})))


header_text = st.text(
    alphabet=st.characters(min_codepoint=32, max_codepoint=0x2FFF, blacklist_categories=["Cs"]),
    max_size=160,
)
body_text = st.text(
    alphabet=st.characters(min_codepoint=1, max_codepoint=0x2FFF, blacklist_categories=["Cs"]),
    max_size=400,
)


@settings(max_examples=examples(150), deadline=None)
@given(
    subject=header_text,
    name=header_text,
    text=body_text,
    html=st.none() | body_text,
    with_image=st.booleans(),
)
def test_any_text_gives_the_email_packages_bytes(
    subject: str, name: str, text: str, html: str | None, with_image: bool
) -> None:
    args = arguments(
        subject=subject,
        to=f'"{name.replace(chr(34), "")}" <anna@example.org>',
        text=text,
        html=html,
        images=images(False) if with_image and html is not None else [],
        in_reply_to="<orders.1@players.example>",
        references=["<pbem.root@pbem.example>"],
    )
    try:
        expected = reference(args)
    except ValueError:
        with pytest.raises(ValueError):
            compose(OutgoingMessage(**args))
        return
    assert compose(OutgoingMessage(**args)) == expected
