"""Campaign Mode: each level's changes as settings, and each level played to its end."""

from __future__ import annotations

from collections import Counter

import pytest

from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.cards.decks import kind
from pbem.games.kings_of_israel.setup import location_deck
from tests.games.kings_of_israel.harness import opening, play_out

NATIONS = ("ammon", "aram", "assyria", "judah", "phoenicia")
# level: face-up hands, starting resources, Location cards removed, Sacrificial Blessings,
# False Prophet
BOOK = {
    "jehoash": (True, 3, [*NATIONS, "again"], True, False),
    "joram": (True, 2, list(NATIONS), True, False),
    "ish-bosheth": (False, 2, ["ammon", "aram", "judah", "phoenicia"], True, False),
    "saul": (False, 2, ["judah", "phoenicia"], False, False),
    "jehu": (False, 2, [], False, False),
    "solomon": (False, 3, ["again"], False, True),
    "david": (False, 2, [], False, True),
}


@pytest.mark.parametrize("level", list(BOOK))
def test_each_level_sets_the_books_changes(level: str) -> None:
    face_up, start, removed, blessings, prophet = BOOK[level]
    state = opening(3, 5, level=level)
    rules = state.rules
    assert (rules.hands_face_up, rules.start_resources) == (face_up, start)
    assert (rules.sacrifice_blessings, rules.false_prophet) == (blessings, prophet)
    assert all(len(p.hand) == start for p in state.prophets.values())
    full = Counter(kind(c) for c in location_deck(state.board, "none"))
    less = Counter(kind(c) for c in state.decks.location)
    assert sorted((full - less).elements()) == sorted(removed)
    view = GAME.view(state, "p2", [])
    assert ("hand" in view["prophets"][0]) == face_up


@pytest.mark.parametrize("level", list(BOOK))
def test_each_level_plays_to_an_end(level: str) -> None:
    state, events = play_out(opening(2, 3, level=level), 3)
    assert state.result in ("won", "lost")
    assert GAME.outcome(state) is not None
    codes = [e.code for e in events]
    assert ("ki.prophet_appears" in codes) == BOOK[level][4]  # these games pass Baasha


def test_a_level_overrides_the_version() -> None:
    state = opening(2, 1, version="expert", level="jehu")
    assert not state.rules.false_prophet and state.rules.level == "jehu"
