"""The order template reads back as valid orders; text and HTML carry the same facts."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from pbem.core.game import REFEREE
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.state import MKState
from pbem.render import report
from tests.reports.campaign import VIEWERS, header, step_named, steps
from tests.reports.textual import html_words, numbers, orders_block, text_words

MODES = ("simple", "kow")


def rendered(mode: str, seats: int = 2) -> list[tuple[str, str | None, MKState, str, str]]:
    """(phase key, viewer, state after, text, HTML) for every phase and viewer of a campaign."""
    found = []
    for step in steps(mode, seats):
        for viewer in VIEWERS:
            view = GAME.view(step.after, viewer, step.events)
            head = header(step.before, viewer, step.after)
            found.append((step.key, viewer, step.after, report.render_text(head, view),
                          report.render_html(head, view)))
    return found


@pytest.mark.parametrize("mode", MODES)
def test_the_template_sent_back_unchanged_parses_as_orders_in_every_phase(mode: str) -> None:
    checked = 0
    for step in steps(mode):
        for seat in ("p1", "p2", REFEREE):
            template = GAME.view(step.after, seat, step.events)["template"]
            if not template:
                continue
            result = GAME.parse(step.after, seat, template)
            assert not result.errors, (step.key, seat, template, result.errors)
            assert result.orders is not None
            checked += 1
    assert checked >= 12


@pytest.mark.parametrize("mode", MODES)
def test_the_whole_orders_block_of_both_formats_parses_and_is_verbatim(mode: str) -> None:
    for key, viewer, state, text, page in rendered(mode):
        template = GAME.view(state, viewer, [])["template"] if viewer else ""
        if not template:
            assert "# ---- orders:" not in text, (key, viewer)
            continue
        block = orders_block(text)
        assert "\n" + template + "\n" in block  # verbatim: not wrapped, not indented
        assert not GAME.parse(state, viewer or "", block).errors, (key, viewer, block)
        pre = html.unescape(re.search(r"<pre[^>]*>\n?(.*?)</pre>", page, re.S).group(1))  # type: ignore[union-attr]
        assert pre.strip() == block.strip(), (key, viewer)


@pytest.mark.parametrize("mode", MODES)
def test_text_and_html_show_the_same_numbers_and_event_lines(mode: str) -> None:
    for key, viewer, _state, text, page in rendered(mode):
        plain, visible = text_words(text), html_words(page)
        assert Counter(numbers(plain)) == Counter(numbers(visible)), (key, viewer)
        assert "WHAT HAPPENED" in plain and "WHAT HAPPENED" in visible


def test_every_event_line_appears_in_text_and_html() -> None:
    step = step_named("simple", "y1-m4")
    view = GAME.view(step.after, "p1", step.events)
    head = header(step.before, "p1", step.after)
    plain = text_words(report.render_text(head, view))
    visible = html_words(report.render_html(head, view))
    worded = report.worded_events("mighty-kingdoms", view["events"], report.seat_names(view))
    assert any(e["code"] == "mk.battle_allocation" for e in worded)
    for event in worded:
        for line in [event["text"], *event["details"]]:
            assert " ".join(line.split()) in plain, line
            assert " ".join(line.split()) in visible, line


@pytest.mark.parametrize("mode", MODES)
def test_text_fits_72_columns(mode: str) -> None:
    for key, viewer, _state, text, _page in rendered(mode, seats=3):
        wide = [line for line in text.splitlines() if len(line) > 72]
        assert not wide, (key, viewer, wide)


def test_battle_dice_and_allocations_are_all_shown() -> None:
    step = step_named("simple", "y1-m4")
    view = GAME.view(step.after, None, step.events)
    text = report.render_text(header(step.before, None, step.after), view)
    for event in view["events"]:
        if event["code"] == "mk.battle_allocation":
            data = event["data"]
            assert (f"puts the {data['die']} of army {data['army']} on army {data['target']} "
                    f"(Defence {data['defence']})") in text_words(text)
        if event["code"] == "mk.battle_dice":
            for army, die in event["data"]["dice"].items():
                assert f"army {army} rolled {die}" in text


HOSTILE = "Evil <script>alert(1)</script>\n\n# injected line\x07 " + "x" * 80


def test_player_text_is_escaped_in_html_and_kept_on_one_line_in_text() -> None:
    step = step_named("simple", "y1-m4")
    state = step.after.model_copy(deep=True)
    state.kingdoms["p2"].name = HOSTILE
    state.kingdoms["p2"].race = "Orcs\n* fake event"
    view = GAME.view(state, "p1", step.events)
    head = header(step.before, "p1", state)
    page, text = report.render_html(head, view), report.render_text(head, view)
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "\n# injected" not in text and "\n* fake event" not in text
    assert "Evil <script>alert(1)</script> # inject…" in text  # one line, cut to 40
    assert all(len(line) <= 72 for line in text.splitlines())
