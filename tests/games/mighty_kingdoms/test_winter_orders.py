"""The winter order language: parsing, problems on receipt, canonical text and defaults."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.winter.orders import (
    Deployment,
    Purchase,
    Tithe,
    WinterOrders,
    canonical_winter,
    default_winter,
    parse_winter,
)
from tests.games.mighty_kingdoms.winter_fixtures import add_army, put, two_kingdoms
from tests.support.examples import examples

FULL = """
# p1's winter
Tithe p2 gold 1 food 1
BUILD village A3      // a new village
upgrade C2 to city
build fortress C3
recruit C3
disband 1
unfed 5
recall B3
deploy 5 to B3
"""


def kow_state() -> MKState:
    """Advanced kow campaign: a tower at B4, army 3 with a hero, an artefact in hand."""
    state = two_kingdoms()
    state.settings = state.settings.model_copy(update={"battle_mode": "kow", "advanced": True})
    put(state, "B4", "- tower")
    add_army(state, "3", "p1", "B2", ["Thane strength 0 points 90 type hero hero",
                                     "Ironguard strength 2 points 140 type infantry"])
    state.kingdoms["p1"].artefacts_held = ["Ring of Ash"]
    return state


def with_army_five() -> MKState:
    """two_kingdoms plus a second p1 army, 5."""
    state = two_kingdoms()
    add_army(state, "5", "p1", "B2")
    return state


def codes(state: MKState, text: str, seat: str = "p1") -> list[tuple[int, str, str]]:
    """(line, code, kind) of every problem."""
    return [(p.line, p.code, p.kind) for p in parse_winter(state, seat, text).problems]


def test_full_orders_parse_in_order() -> None:
    result = parse_winter(with_army_five(), "p1", FULL)
    assert result.problems == []
    orders = result.orders
    assert orders.tithes == [Tithe(to="p2", gold=1, food=1)]
    assert [(p.action, p.target, p.tile, p.army) for p in orders.purchases] == [
        ("build", "village", "A3", None),
        ("build", "city", "C2", None),
        ("build", "fortress", "C3", None),
        ("recruit", None, "C3", None),
        ("disband", None, None, "1"),
    ]
    assert orders.unfed == ["5"]
    assert orders.recall == "B3"
    assert orders.deploy == [Deployment(army="5", tile="B3")]


def test_canonical_round_trip() -> None:
    state = with_army_five()
    orders = parse_winter(state, "p1", FULL).orders
    text = canonical_winter(state, "p1", orders)
    assert text.splitlines()[:3] == ["tithe p2 gold 1 food 1", "build village A3",
                                     "build city C2"]
    assert parse_winter(state, "p1", text).orders == orders


def test_canonical_round_trip_advanced() -> None:
    state = kow_state()
    text = ("recruit a2\nunit Ogre  Chief strength 1 points 200 type hero (monster) hero\n"
            "quest tower b4 hero 3.THANE\nequip 3.ironguard with ring of ash")
    result = parse_winter(state, "p1", text)
    assert [p.code for p in result.problems] == ["mk.E_NO_MONSTERS"]
    text = "recruit a2\nunit Ogre  Chief, strength 1, points 90, type infantry, hero\n" + \
        text.split("\n", 2)[2]
    orders = parse_winter(state, "p1", text).orders
    assert orders.quests[0].hero == "Thane" and orders.equip[0].artefact == "Ring of Ash"
    assert orders.purchases[0].units[0].name == "Ogre Chief"
    canonical = canonical_winter(state, "p1", orders)
    assert "quest B4 hero 3.Thane" in canonical
    assert "unit Ogre Chief strength 1 points 90 type infantry hero" in canonical
    assert parse_winter(state, "p1", canonical).orders == orders


def test_empty_orders_are_the_default() -> None:
    state = two_kingdoms()
    assert default_winter(state, "p1") == WinterOrders()
    assert canonical_winter(state, "p1", WinterOrders()) == "pass"
    assert parse_winter(state, "p1", "pass\n\n# nothing").orders == WinterOrders()


def test_misspelt_keyword_suggests() -> None:
    problem = parse_winter(two_kingdoms(), "p1", "\ntihte p2 gold 1").problems[0]
    assert (problem.line, problem.code, problem.kind) == (2, "mk.E_UNKNOWN_KEYWORD", "invalid")
    assert problem.suggestion == "tithe"


def test_misspelt_settlement_and_seat_suggest() -> None:
    problems = parse_winter(two_kingdoms(), "p1", "build vilage A3\ntithe p22 gold 1").problems
    assert [(p.code, p.suggestion) for p in problems] == [
        ("mk.E_UNKNOWN_SETTLEMENT", "village"), ("mk.E_UNKNOWN_SEAT", "p2")]


@pytest.mark.parametrize(("text", "code", "kind"), [
    ("tithe p1 gold 1", "mk.E_TITHE_SELF", "illegal"),
    ("tithe p2 gold 2", "mk.E_TITHE_AMOUNT", "invalid"),
    ("tithe p2", "mk.E_TITHE_EMPTY", "illegal"),
    ("tithe p2 silver 1", "mk.E_SYNTAX", "invalid"),
    ("build village E7", "mk.E_NOT_YOUR_TILE", "illegal"),
    ("build village Z9", "mk.E_UNKNOWN_TILE", "invalid"),
    ("build city B3", "mk.E_BUILD_FROM", "illegal"),
    ("build capital B3", "mk.E_SECOND_CAPITAL", "illegal"),
    ("recruit B3", "mk.E_NOT_FORTRESS", "illegal"),
    ("disband 2", "mk.E_NOT_YOURS", "illegal"),
    ("disband 9", "mk.E_UNKNOWN_ARMY", "invalid"),
    ("unfed 2", "mk.E_NOT_YOURS", "illegal"),
    ("unfed many", "mk.E_SYNTAX", "invalid"),
    ("recall A2", "mk.E_RECALL_TARGET", "illegal"),
    ("deploy 1 to B1", "mk.E_NOT_SETTLEMENT", "illegal"),
    ("deploy 1", "mk.E_SYNTAX", "invalid"),
    ("quest B4 hero 1.Thane", "mk.E_NOT_ADVANCED", "illegal"),
    ("equip 1.Thane with Ring", "mk.E_NOT_ADVANCED", "illegal"),
    ("unit Thane strength 0 points 90", "mk.E_UNIT_WITHOUT_RECRUIT", "invalid"),
    ("pass now", "mk.E_SYNTAX", "invalid"),
])
def test_problem_codes(text: str, code: str, kind: str) -> None:
    assert codes(two_kingdoms(), "build village A3\n" + text) == [(2, code, kind)]


def test_water_tile_cannot_hold_settlement() -> None:
    state = two_kingdoms()
    put(state, "F1", "p1")
    assert codes(state, "build village F1") == [(1, "mk.E_BUILD_TERRAIN", "illegal")]


def test_second_tithe_to_same_seat() -> None:
    assert codes(two_kingdoms(), "tithe p2 gold 1\ntithe p2 food 1") == [
        (2, "mk.E_TITHE_TWICE", "illegal")]


def test_purchases_checked_in_sequence() -> None:
    text = "recruit A2\nrecruit A2\nbuild city A3\nbuild village A3\nbuild city A3"
    assert codes(two_kingdoms(), text) == [(2, "mk.E_FORTRESS_USED", "illegal"),
                                          (3, "mk.E_BUILD_FROM", "illegal")]


def test_army_cap_on_receipt_and_disband_frees() -> None:
    state = two_kingdoms()
    state.settings = state.settings.model_copy(update={"army_cap": 1})
    assert codes(state, "recruit A2") == [(1, "mk.E_ARMY_CAP", "illegal")]
    assert codes(state, "disband 1\nrecruit A2") == []


def test_deploy_limits_on_receipt() -> None:
    state = with_army_five()
    assert codes(state, "deploy 1 to C2\ndeploy 5 to C2") == [(2, "mk.E_DEPLOY_FULL", "illegal")]
    assert codes(state, "deploy 1 to C2\ndeploy 1 to B3") == [
        (2, "mk.E_DUPLICATE_DEPLOY", "illegal")]


def test_deploy_to_settlement_built_this_winter() -> None:
    assert codes(two_kingdoms(), "build village A3\ndeploy 1 to A3") == []


def test_line_with_error_is_left_out() -> None:
    result = parse_winter(two_kingdoms(), "p1", "build village E7\nbuild village A3")
    assert [p.tile for p in result.orders.purchases] == ["A3"]


def test_kow_recruit_needs_list() -> None:
    state = kow_state()
    assert codes(state, "recruit A2\nbuild village A3") == [(1, "mk.E_NO_LIST", "illegal")]


def test_units_ignored_in_simple_mode_with_warning() -> None:
    result = parse_winter(two_kingdoms(), "p1", "recruit A2\nunit Thane strength 0 points 90")
    assert [(p.code, p.severity) for p in result.problems] == [("mk.W_UNITS_IGNORED", "warning")]
    assert result.orders.purchases == [Purchase(action="recruit", tile="A2")]


@pytest.mark.parametrize("line", [
    "unit strength 2 points 5",
    "unit Orcs points 5",
    "unit Orcs strength x points 5",
    "unit Orcs strength 1 points 5 flag",
])
def test_bad_unit_lines(line: str) -> None:
    assert codes(kow_state(), "recruit A2\n" + line) == [
        (2, "mk.E_UNIT_FORMAT", "invalid"), (1, "mk.E_NO_LIST", "illegal")]


def test_advanced_restrictions_name_the_unit_line() -> None:
    text = ("recruit A2\nunit Orcs strength 2 points 100 type infantry\n"
            "unit Troll strength 1 points 150 type monster\n"
            "unit Bolt Thrower strength 1 points 60 type war engine\n"
            "unit Captain strength 0 points 80 type hero hero item Blade of Fire")
    problems = parse_winter(kow_state(), "p1", text).problems
    assert [(p.line, p.code, p.params) for p in problems] == [
        (3, "mk.E_NO_MONSTERS", {"unit": "Troll"}),
        (4, "mk.E_NO_WAR_MACHINES", {"unit": "Bolt Thrower"}),
        (5, "mk.E_NO_MAGIC_ITEMS", {"unit": "Captain"}),
    ]


def test_quest_problems() -> None:
    state = kow_state()
    put(state, "F3", "- tower")
    text = ("quest A3 hero 3.Thane\nquest F3 hero 3.Thane\nquest B4 hero 3.Ironguard\n"
            "quest B4 hero 3.Nobody\nquest B4 hero 3.Thane\nquest B4 hero 3.Thane")
    assert codes(state, text) == [
        (1, "mk.E_NOT_TOWER", "illegal"), (2, "mk.E_TOWER_NOT_ADJACENT", "illegal"),
        (3, "mk.E_NOT_HERO", "illegal"), (4, "mk.E_UNKNOWN_UNIT", "illegal"),
        (6, "mk.E_HERO_TWICE", "illegal")]


def test_equip_needs_own_artefact() -> None:
    assert codes(kow_state(), "equip 3.Thane with Crown of Thorns") == [
        (1, "mk.E_NOT_YOUR_ARTEFACT", "illegal")]


def test_parse_does_not_change_state() -> None:
    state = two_kingdoms()
    before = state.model_dump_json()
    parse_winter(state, "p1", FULL)
    assert state.model_dump_json() == before


WORDS = st.sampled_from(["tithe", "build", "upgrade", "recruit", "unit", "disband", "unfed",
                         "recall", "deploy", "quest", "equip", "pass", "to", "with", "hero",
                         "gold", "food", "1", "3", "p2", "A2", "A3", "B3", "B4", "C2", "village",
                         "city", "fortress", "capital", "3.Thane", "strength", "points", "type",
                         "item", "tower", "#", "//", ",", "Ring", "of", "Ash", "-1", "0"])
LINES = st.lists(st.lists(WORDS, max_size=8).map(" ".join), max_size=8).map("\n".join)


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(st.text(max_size=200), LINES))
def test_parse_never_crashes_and_canonical_is_stable(text: str) -> None:
    state = kow_state()
    result = parse_winter(state, "p1", text)
    assert all(p.line >= 1 for p in result.problems)
    if result.orders is None:  # nothing kept (an empty mail or only mistakes): always said
        assert result.errors
        return
    again = parse_winter(state, "p1", canonical_winter(state, "p1", result.orders))
    assert again.orders == result.orders
    assert again.errors == []


def test_new_armies_cannot_be_named() -> None:
    """A recruit's number is given at the deadline, so orders cannot refer to it yet."""
    state = two_kingdoms()
    assert state.next_army == 3
    assert codes(state, "recruit A2\ndeploy 3 to B3\ndisband 3") == [
        (2, "mk.E_UNKNOWN_ARMY", "invalid"), (3, "mk.E_UNKNOWN_ARMY", "invalid")]


def test_disbanded_army_cannot_be_deployed() -> None:
    assert codes(with_army_five(), "disband 5\ndeploy 5 to B3") == [
        (2, "mk.E_UNKNOWN_ARMY", "invalid")]


PUNCTUATED = """
Tithe: p2, gold 1, food 1
build: village, A3
upgrade C2 to city
build fortress C3
recruit: C3
disband #1
unfed: #5
recall: B3
deploy #5: B3
"""


def test_winter_orders_read_army_numbers_commas_and_colons_as_summer_orders_do() -> None:
    plain = parse_winter(with_army_five(), "p1", FULL)
    punctuated = parse_winter(with_army_five(), "p1", PUNCTUATED)
    assert punctuated.problems == []
    assert punctuated.orders == plain.orders
