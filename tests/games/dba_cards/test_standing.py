"""Standing reactions: refused when they could never answer, and replaced by the next set."""

from __future__ import annotations

import pytest

from pbem.games.dba_cards import GAME
from tests.games.dba_cards.harness import position, problem_codes

NEVER = [
    ("on attack play march", "dba.E_STANDING_CARD"),
    ("on attack play scout", "dba.E_STANDING_CARD"),
    ("on attack when target=genral play push", "dba.E_STANDING_VALUE"),
    ("on attack when attacker=dragons play push", "dba.E_STANDING_VALUE"),
    ("on attack when card=march play push", "dba.E_STANDING_VALUE"),
    ("on attack when square=z9 play push", "dba.E_STANDING_VALUE"),
    ("on attack when elite=maybe play push", "dba.E_STANDING_VALUE"),
    ("on attack when target=horde play push", "dba.E_STANDING_VALUE"),
    ("on attack when target=general play elite", "dba.E_STANDING_ELITE"),
    ("on attack when target=camp,general play elite", "dba.E_STANDING_ELITE"),
    ("on attack when elite=no play elite", "dba.E_STANDING_ELITE"),
    ("on attack when target=camp when elite=yes play push", "dba.E_STANDING_ELITE"),
    ("on attack when target=general play special", "dba.E_STANDING_SPECIAL"),
]
FIRES = [
    "on attack when target=general play rally",
    "on attack when target=camp,general when card=auto play push",
    "on attack when target=blades,general play elite",
    "on attack when elite=yes play elite",
    "on attack when square=d5 when from=d4 play recoil",
    "on attack when target=camp play special",
    "on attack play pass",
]


@pytest.mark.parametrize(("line", "code"), NEVER)
def test_a_standing_reaction_that_could_never_answer_is_refused(line: str, code: str) -> None:
    state = position("p1 blades d2", {})
    parsed = GAME.parse(state, "p1", f"end\n{line}")
    assert problem_codes(parsed) == [code]
    assert parsed.errors[0].line == 2


@pytest.mark.parametrize("line", FIRES)
def test_a_standing_reaction_that_can_answer_is_taken(line: str) -> None:
    state = position("p1 blades d2", {})
    parsed = GAME.parse(state, "p1", line)
    assert problem_codes(parsed) == [], line
    again = GAME.parse(state, "p1", GAME.canonical(state, "p1", parsed.orders))
    assert again.orders == parsed.orders


def test_a_misspelt_value_gets_a_suggestion() -> None:
    state = position("p1 blades d2", {})
    parsed = GAME.parse(state, "p1", "on attack when target=genral play rally")
    assert parsed.errors[0].suggestion == "general"
    assert parsed.errors[0].params["fact"] == "target"


def test_the_horde_is_a_target_under_the_german_rules() -> None:
    state = position("p1 blades d2", {}, german=True)
    parsed = GAME.parse(state, "p1", "on attack when target=horde when square=l12 play push")
    assert problem_codes(parsed) == []
