"""What the order language tells a player who is unsure: the setup template names `prefer`
and the countries to choose from, and a suggestion names only a word that fits the mistake."""

from __future__ import annotations

from pbem.core.rng import SeededRng
from pbem.games.king_david import GAME
from pbem.games.king_david.setup import available
from tests.games.king_david.harness import opening


def test_the_setup_template_shows_prefer_and_the_countries_to_choose_from() -> None:
    state = opening(3)
    template = GAME.view(state, "p1", [])["template"]
    assert "prefer" in template
    for country in available(state):
        assert country in template
    parsed = GAME.parse(state, "p1", template)
    assert parsed.errors == []  # the template reads back as it stands


def _suggestions(text: str, at_setup: bool = False) -> list[str | None]:
    state = opening(3)
    if not at_setup:
        state = GAME.advance(state, {s: GAME.random_input(state, s, SeededRng(2))
                                     for s in GAME.due(state).players}, SeededRng(3)).state
    seat = GAME.due(state).players[0]
    return [p.suggestion for p in GAME.parse(state, seat, text).errors]


def test_a_misspelt_command_suggests_the_command() -> None:
    assert _suggestions("mvoe hebron bethlehem") == ["move"]


def test_a_misspelt_area_suggests_an_area_never_the_command_word() -> None:
    assert _suggestions("move hebron bethlehm") == ["bethlehem"]
    assert _suggestions("prefer judha", at_setup=True) == ["judah"]


def test_an_unknown_value_with_nothing_near_gets_no_suggestion() -> None:
    assert _suggestions("move hebron zzzzzz") == [None]
