"""A report of several phases words each phase's heading in every game's templates."""

from __future__ import annotations

import pytest

from pbem.render.report import PHASE_HEADING, event_lines, with_preface, worded_events

HEADING = {"code": PHASE_HEADING, "data": {"label": "Turn 2, box 3", "turn": 2}}


@pytest.mark.parametrize("game", ["mighty-kingdoms", "king-david", "david-goliath"])
def test_a_heading_is_worded_as_one_line_marked_as_a_heading(game: str) -> None:
    assert event_lines(game, [HEADING]) == ["== Turn 2, box 3 =="]
    worded = worded_events(game, [HEADING], {})
    assert worded == [
        {"code": PHASE_HEADING, "text": "== Turn 2, box 3 ==", "details": [], "heading": True}
    ]


def test_a_preface_goes_at_the_top_of_any_body() -> None:
    styled = '<html><body style="color: #222;"><h1>R</h1></body></html>'
    assert with_preface(styled, "<p>W</p>") == (
        '<html><body style="color: #222;"><p>W</p><h1>R</h1></body></html>'
    )
    assert with_preface("<h1>R</h1>", "<p>W</p>") == "<p>W</p><h1>R</h1>"
