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
    assert '<a href="cid:map"' in page and 'src="cid:map"' in page  # tap: the full picture
    assert "overflow-x" not in page  # nothing is hidden behind a sideways scroll
    assert 'id="events"' in page and 'id="next"' in page
    assert "background-color: #3b2f1e" in page  # the house header band


@pytest.mark.parametrize("name", sorted(BOARD_TEXT))
def test_the_html_carries_the_board_in_text(name: str) -> None:
    made = bundle(name)
    lines = made.view[BOARD_TEXT[name]]
    if '<table id="board-text"' in made.html:  # a row per line, its columns cells (King David)
        rows = _board_rows(made.html, "board-text")
        assert lines and rows == [line.split() for line in lines]
        return
    shown = _board_lines(made.html, "board-text")
    if re.search(r'<pre id="board-text-2"', made.html):  # a wide grid, in halves
        right = _board_lines(made.html, "board-text-2")
        shown = [f"{a:<{len(b) - len(c)}}{c}" for a, b, c in
                 zip(shown, lines, (r[4:] for r in right), strict=True)]
    assert lines and [line.rstrip() for line in shown] == [line.rstrip() for line in lines]


def _board_rows(page: str, box: str) -> list[list[str]]:
    """The words of each row of a board table of the HTML report."""
    table = re.search(rf'<table id="{box}"[^>]*>(.*?)</table>', page, re.S)
    assert table is not None, box
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(1), re.S)
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in rows]
    return [html.unescape(" ".join(row)).split() for row in cells]


def _board_lines(page: str, box: str) -> list[str]:
    """The lines of a board box of the HTML report, one a span."""
    pre = re.search(rf'<pre id="{box}"[^>]*>(.*?)</pre>', page, re.S)
    assert pre is not None, box
    spans = re.findall(r"<span[^>]*>(.*?)</span>", pre.group(1), re.S)
    return [html.unescape(span) for span in spans]


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
