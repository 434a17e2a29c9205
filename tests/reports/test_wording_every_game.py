"""What every game tells its players in words: each event of a played game and each question
asked, worded as the reports word them, names no raw key, code or Python value."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pbem.core.rng import derive_seed
from pbem.registry import games
from pbem.render.report import seat_names, worded_events
from pbem.wording import wording
from tests.support.pure_play import opening, play_phase

# A raw value: a key in brackets ("(event-goliath)", "(most-sin)"), a placeholder left open, a
# Python dict or list, None. A question's id in brackets ("(r4-tie7)", "(t1-w2)") is a name
# players use, so it is allowed.
RAW = re.compile(r"\((?![rt]\d+-[a-z]+\d+\))[a-z]+(?:[-_][a-z0-9]+)+\)|[{}]|\bNone\b|\[|\]")
SEAT_ID = re.compile(r"\bp\d\b")  # players know each other by name or country, not seat
# Written as players write them: dice as die=roll, and DBA's standing lines in its order syntax.
NOTATION = {"kd.combat_round", "kd.siege_round", "kd.rolls", "dba.standing"}


def played_words(name: str, seeds: int = 3, phases: int = 90) -> list[tuple[str, str]]:
    """(code, words) of every event p1's view shows and every question asked, over random games."""
    game = games()[name]
    players = 3 if game.meta.max_players >= 3 else 2
    found: list[tuple[str, str]] = []
    for seed in range(seeds):
        state = opening(game, players, seed)
        for step in range(phases):
            if game.outcome(state) is not None:
                break
            state, events = play_phase(game, state, derive_seed(seed, str(step)))
            view = game.view(state, "p1", events)
            shown: list[dict[str, Any]] = view.get("events", [])
            for worded in worded_events(name, shown, seat_names(view)):
                found += [(worded["code"], line) for line in [worded["text"], *worded["details"]]]
            window = game.due(state).window
            if window is not None:
                code = f"{window.trigger}.question"
                found.append((code, wording(code, {k: str(v) for k, v in window.facts.items()})))
    return found


def is_raw(code: str, words: str) -> bool:
    """Whether `words` show a player something raw: a key, a code, a value, a seat id."""
    if SEAT_ID.search(words):
        return True
    return code not in NOTATION and bool(words.startswith(code) or RAW.search(words))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(games()))
def test_every_event_and_question_is_in_words(name: str) -> None:
    worded = played_words(name)
    assert len({code for code, _ in worded}) >= 5  # the games were really played
    raw = sorted({(code, words) for code, words in worded if is_raw(code, words)})
    assert raw == []


def test_a_name_the_caller_does_not_give_falls_back_to_the_key() -> None:
    named = wording("kd.country", {"player_name": "Ann", "country": "judah", "seat": "p1"})
    assert named == "Ann takes judah."
    assert wording("kd.built", {"seat": "p1", "seat_name": "Judah", "armies": 2}).startswith(
        "Judah builds 2"
    )
