"""Every game's report mail: small enough for any mailbox, one shared email-safe layout, and the
HTML carries what the text carries (the board in text for readers who block images)."""

from __future__ import annotations

import html
import re

import pytest

from tests.reports.samples import GAMES, bundle, mail_bytes
from tests.reports.textual import html_words, text_words

MAIL_LIMIT = 150 * 1024
BOARD_TEXT = {"king-david": "board_text", "kings-of-israel": "board_lines",
              "dba-cards": "board_text", "david-goliath": "board_text",
              "diplomacy": "board_lines"}


@pytest.mark.parametrize("name", GAMES)
def test_the_report_mail_is_under_150_kb(name: str) -> None:
    size = len(mail_bytes(name))
    assert size < MAIL_LIMIT, (name, size)


@pytest.mark.parametrize("name", GAMES)
def test_the_html_is_the_shared_email_safe_layout(name: str) -> None:
    page = bundle(name).html
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "<script" not in page.lower() and "<style" not in page.lower()
    assert not re.search(r"(src|href)=\"(https?:)?//", page)
    assert 'src="cid:map"' in page and "min-width:" in page
    assert 'id="events"' in page and 'id="next"' in page
    assert "background-color: #3b2f1e" in page  # the house header band


@pytest.mark.parametrize("name", sorted(BOARD_TEXT))
def test_the_html_carries_the_board_in_text(name: str) -> None:
    made = bundle(name)
    lines = made.view[BOARD_TEXT[name]]
    pre = re.search(r'<pre id="board-text"[^>]*>(.*?)</pre>', made.html, re.S)
    assert lines and pre is not None
    assert html.unescape(pre.group(1)).splitlines() == lines


@pytest.mark.parametrize("name", GAMES)
def test_text_and_html_tell_the_same_events_and_orders(name: str) -> None:
    made = bundle(name)
    plain, visible = text_words(made.text), html_words(made.html)
    for event in made.context["events_worded"]:
        line = " ".join(event["text"].split())
        assert line in plain, event
        assert line.strip("= ") in visible, event  # a phase heading loses its rule marks
    template = made.view.get("template") or ""
    assert all(" ".join(line.split()) in visible for line in template.splitlines())
