"""The discard question as its seat reads it: why it is asked in words, and what `most` takes."""

from __future__ import annotations

import pytest

from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.cards.hands import discard_window
from pbem.render.report import render_text
from pbem.wording import wording
from tests.games.kings_of_israel.harness import opening

HEADER = {"campaign": "c", "game": "kings-of-israel", "seat": "p1", "turn": 1,
          "phase_label": "x", "phase_key": "x", "next_phase": "y", "deadline": None,
          "deadline_text": "soon", "finished": False}
WHY = {"hand-limit": "as your hand is over its limit", "card": "as a card makes every player"}


@pytest.mark.parametrize("why", sorted(WHY))
def test_the_question_says_why_in_words(why: str) -> None:
    state = opening(2, 3)
    state.prophets["p1"].hand = ["grain.1", "grain.2", "wood.3"]
    state.window = discard_window(state, "p1", why)
    text = render_text(HEADER, GAME.view(state, "p1", []))
    question = next(line for line in text.splitlines() if line.startswith("QUESTION:"))
    assert WHY[why] in question and "why=" not in question and "{" not in question
    answers = [line.strip() for line in text.splitlines() if line.startswith("  answer ")]
    assert answers[0] == "answer most: the kind you hold most: now grain (default)"
    assert "answer grain: discard a Grain card (you hold 2)" in answers
    assert not any("gold" in line for line in answers)  # only the kinds held are offered


def test_a_value_with_no_words_of_its_own_stays_as_it_is() -> None:
    worded = wording("ki.discard.question", {"why": "flood", "cards": 1})
    assert "now, flood (1 to go)" in worded
