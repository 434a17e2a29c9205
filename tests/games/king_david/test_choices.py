"""The choices the rulebook leaves to a player, made in advance (issue 35): each line reads
back from its one text form, replaces what is on file (`none` clears it), and the order
template and the report say what may be chosen and what is chosen."""

from __future__ import annotations

import pytest

from pbem.games.king_david import GAME
from pbem.games.king_david.flow import keep_instructions
from pbem.games.king_david.inputs import KDOrders
from pbem.games.king_david.state import KDState
from tests.games.king_david.test_rules_cases import base

TEXTS = [
    "unpaid {army} militia phalanx",
    "unpaid none",
    "initiative 2 last",
    "place david bethlehem\nplace ammon jazer=4 minnith",
    "place none",
    "play vacillating-force philistia gaza ashdod",
    "play act-of-god below 12\nplay act-of-god enemy above 60%",
    "play act-of-god philistia above 60%\nplay act-of-god judah below",
    "play troop-revolt chariot 3 weakest\nplay bribe a12",
    "build militia=2 ammon=chariot+militia negev=militia\nplace judah hebron=2 wilderness",
    "build restore ammon=none negev=militia",
    "oppose ammon 3\noppose moab 5",
    "oppose none",
]


def _state() -> KDState:
    return base({"countries": {"p1": "judah", "p2": "philistia"}})


def _read(state: KDState, text: str) -> KDOrders:
    parsed = GAME.parse(state, "p1", text)
    assert parsed.orders is not None and not parsed.errors, parsed.errors
    return parsed.orders  # type: ignore[no-any-return]


@pytest.mark.parametrize("text", TEXTS)
def test_a_choice_line_reads_back_from_its_text(text: str) -> None:
    state = _state()
    army = next(a.id for a in state.armies if a.country == "judah").lower()
    orders = _read(state, text.format(army=army))
    canonical = GAME.canonical(state, "p1", orders)
    assert canonical != "pass"
    assert _read(state, canonical) == orders


def test_choices_replace_what_is_on_file_and_none_clears_them() -> None:
    state = _state()
    keep_instructions(state, "p1", _read(state, "unpaid militia\nplace ammon jazer\n"
                                                "place negev arad=2"))
    player = state.players["p1"]
    assert player.unpaid == ["militia"] and sorted(player.placing) == ["ammon", "negev"]
    keep_instructions(state, "p1", _read(state, "place ammon minnith"))
    assert player.placing == {"ammon": ["minnith"]} and player.unpaid == ["militia"]
    keep_instructions(state, "p1", _read(state, "unpaid none\nplace none"))
    assert player.unpaid == [] and player.placing == {}


@pytest.mark.parametrize("text", ["unpaid", "unpaid archers", "initiative 0",
                                  "initiative first 3", "place", "place goliath gath",
                                  "place ammon jazer=two", "place joab hebron gibeah",
                                  "play act-of-god above 3", "play act-of-god enemy below 3",
                                  "play vacillating-force judah atlantis",
                                  "play act-of-god judah", "play act-of-god judah below 3 4",
                                  "build ammon=phalanx", "build judah=militia",
                                  "build judah=none", "build ammon=none+militia",
                                  "oppose ammon", "oppose ammon 6", "oppose ammon 0",
                                  "oppose atlantis 2", "oppose judah 2", "oppose",
                                  "build ammon=militia+militia+chariot", "build ammon=archers"])
def test_a_wrong_choice_line_is_refused(text: str) -> None:
    assert GAME.parse(_state(), "p1", text).errors


def test_the_template_and_the_report_say_what_may_be_chosen() -> None:
    state = _state()
    view = GAME.view(state, "p1", [])
    assert "unpaid ID|KIND" in view["template"] and "initiative 1|2|first|last" in (
        view["template"])
    assert "build ... MINOR=KIND[+KIND]|none" in view["template"]
    assert "oppose MINOR 1-5" in view["template"]
    assert view["choices"] == {"unpaid": [], "initiative": "first", "placing": [],
                               "minor_kinds": [], "opposing": []}
    keep_instructions(state, "p1", _read(state, "initiative last\nplace ammon jazer=4\n"
                                                "build ammon=militia\noppose ammon 3"))
    assert GAME.view(state, "p1", [])["choices"] == {
        "unpaid": [], "initiative": "last", "placing": ["ammon jazer=4"],
        "minor_kinds": ["ammon=militia"], "opposing": ["ammon 3"]}
    keep_instructions(state, "p1", _read(state, "oppose moab 1"))
    assert GAME.view(state, "p1", [])["choices"]["opposing"] == ["moab 1"]
    assert state.players["p1"].model_dump().get("opposing") == {"moab": 1}
    keep_instructions(state, "p1", _read(state, "oppose none"))
    assert "opposing" not in state.players["p1"].model_dump()  # dumps as before the line


@pytest.mark.parametrize(("standing", "code"), [
    ("build militia=1\nplace judah gilead", "kd.place_missed"),
    ("build ammon=militia", "kd.kind_missed"),
])
def test_a_wish_not_followed_is_told_to_its_player_alone_in_words(standing: str,
                                                                   code: str) -> None:
    """10.3, 10.5: why a `place` or minor build wish was not followed goes to that player
    only, worded in full (the area, the country, the reason)."""
    from pbem.games.king_david.view_events import named_events
    from pbem.wording import wording
    from tests.games.king_david.test_rules_cases import run

    state, events, _ = run({"phase": "build", "armies": [], "minor_allies": {"ammon": "p1"},
                            "pool": {"ammon": ["chariot:2:2", "infantry:2:2"]},
                            "stores": {"p1": [20, 20], "p2": [0, 0]},
                            "standing": {"p1": standing}})
    told = [e for e in events if e.code == code]
    assert told and all(e.visible_to == ["p1"] for e in told)
    text = wording(code, named_events(state, [told[0].model_dump()])[0]["data"])
    assert "{" not in text and ("Judah" in text or "Ammon" in text), text
    assert "gilead" in text or "militia" in text


def test_resources_spent_against_an_alliance_are_public_a_shortfall_is_not() -> None:
    """Event 18: the resources each opposing player spends are on the public track, so the
    roll names them; that an oppose line asked for more than was held is told to its
    player alone, worded in full."""
    from pbem.games.king_david.view_events import named_events
    from pbem.wording import wording
    from tests.games.king_david.test_rules_cases import run

    state, events, _ = run({"phase": "event", "armies": [], "hands": {"p1": ["alliance"]},
                            "stores": {"p1": [0, 10], "p2": [0, 2]}, "dice": [3],
                            "standing": {"p1": "play alliance ammon 5",
                                         "p2": "oppose ammon 4"}})
    roll = next(e for e in events if e.code == "kd.alliance_roll")
    short = next(e for e in events if e.code == "kd.oppose_short")
    assert roll.visible_to is None and short.visible_to == ["p2"]
    said = wording(roll.code, named_events(state, [roll.model_dump()])[0]["data"])
    assert "Philistia 2" in said and "count 2 against" in said and "{" not in said, said
    told = wording(short.code, named_events(state, [short.model_dump()])[0]["data"])
    assert "4 resource(s)" in told and "Ammon" in told and "{" not in told, told
