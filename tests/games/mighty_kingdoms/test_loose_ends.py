"""Winter defaults reported once, unit lines with keyword names, artefacts, board labels."""

from __future__ import annotations

from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.core.game import Seat, Setup
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.armies.unit_lines import parse_unit, unit_line
from pbem.games.mighty_kingdoms.inputs import ArmyInput
from pbem.games.mighty_kingdoms.line_error import LineError
from pbem.games.mighty_kingdoms.state import MKState, Stage, Unit
from pbem.games.mighty_kingdoms.view_board import board_picture
from pbem.games.mighty_kingdoms.winter.quests import draw_artefact
from pbem.games.mighty_kingdoms.winter_inputs import WinterOrders
from pbem.paths import campaigns_dir, templates_dir
from tests.games.mighty_kingdoms.summer_fixtures import add_army as add_summer_army
from tests.games.mighty_kingdoms.summer_fixtures import two_kingdoms as summer_two_kingdoms
from tests.games.mighty_kingdoms.winter_fixtures import add_army, put, two_kingdoms
from tests.support.examples import examples

VALLEY = campaigns_dir() / "mighty-kingdoms" / "maps" / "valley-3.toml"


# --- 1. winter defaults ------------------------------------------------------------------------


def test_default_winter_input_is_marked_and_reported_once() -> None:
    state = two_kingdoms()
    default = GAME.default_input(state, "p1")
    assert isinstance(default, WinterOrders) and default.defaulted
    sent = GAME.parse(state, "p2", "pass").orders
    result = GAME.advance(state, {"p1": default, "p2": sent}, SeededRng(3))
    reported = [e.data for e in result.events if e.code == "mk.default_used"]
    assert reported == [{"seat": "p1", "what": "winter orders"}]
    assert not [e for e in result.events if e.code == "mk.winter.default"]


def test_default_winter_survives_json_and_a_silent_seat_is_reported_once() -> None:
    state = two_kingdoms()
    stored = GAME.default_input(state, "p2").model_dump(mode="json")
    result = GAME.advance(state, {"p2": stored}, SeededRng(3))
    reported = sorted(e.data["seat"] for e in result.events if e.code == "mk.default_used")
    assert reported == ["p1", "p2"]


def test_default_winter_equals_its_canonical_text_read_back() -> None:
    state = two_kingdoms()
    default = GAME.default_input(state, "p1")
    again = GAME.parse(state, "p1", GAME.canonical(state, "p1", default)).orders
    assert again == default and isinstance(again, WinterOrders) and not again.defaulted


# --- 2. unit lines -----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "unit"), [
    ("Hero on Horse strength 1 points 90 type hero hero",
     Unit(name="Hero on Horse", strength=1, points=90, kind="hero", hero=True)),
    ("Dwarf Hero strength 0 points 80",
     Unit(name="Dwarf Hero", strength=0, points=80)),
    ('"Strength of Stone" strength 2 points 100 type infantry',
     Unit(name="Strength of Stone", strength=2, points=100, kind="infantry")),
    ('Thane strength 0 points 90 hero item "Crown of the Hero"',
     Unit(name="Thane", strength=0, points=90, hero=True, item="Crown of the Hero")),
    ('"Orcs, Big" strength 2 points 120 type "war machine, light"',
     Unit(name="Orcs, Big", strength=2, points=120, kind="war machine, light")),
])
def test_unit_names_may_hold_keywords(text: str, unit: Unit) -> None:
    assert parse_unit(text) == unit
    line = unit_line(unit)
    assert line.startswith("unit ")
    assert parse_unit(line.removeprefix("unit ")) == unit


WORD = st.sampled_from(["Hero", "hero", "on", "Horse", "Strength", "points", "type", "kind",
                         "item", "of", "Orcs,", "Big;", "war", "machine", "(monster)", "O'Neil"])
PHRASE = st.lists(WORD, min_size=1, max_size=4).map(" ".join)


@settings(max_examples=examples(200), deadline=None)
@given(PHRASE, st.integers(0, 4), st.integers(1, 500), st.one_of(st.just(""), PHRASE),
       st.booleans(), st.one_of(st.none(), PHRASE))
def test_unit_line_round_trips(name: str, strength: int, points: int, kind: str, hero: bool,
                               item: str | None) -> None:
    unit = Unit(name=name, strength=strength, points=points, kind=kind, hero=hero, item=item)
    assert parse_unit(unit_line(unit).removeprefix("unit ")) == unit


@pytest.mark.parametrize("text", ['Orcs "strength 2 points 5', "strength 2 points 5",
                                  '"" strength 2 points 5', "Strength of Stone points 5"])
def test_bad_unit_lines_are_errors(text: str) -> None:
    with pytest.raises(LineError) as caught:
        parse_unit(text)
    assert caught.value.code == "mk.E_UNIT_FORMAT"


@pytest.mark.parametrize(("text", "code"), [
    ("Cheat strength 1 points -400", "mk.E_UNIT_POINTS"),
    ("Freebie strength 1 points 0", "mk.E_UNIT_POINTS"),
    ("Sinkhole strength -1 points 100", "mk.E_UNIT_STRENGTH"),
    ("Colossus strength 5 points 100", "mk.E_UNIT_STRENGTH"),
])
def test_unit_points_and_strengths_are_bounded(text: str, code: str) -> None:
    with pytest.raises(LineError) as caught:
        parse_unit(text)
    assert caught.value.code == code


def test_a_negative_unit_cannot_smuggle_a_big_one_into_a_list() -> None:
    state = GAME.start(_setup({"battle_mode": "kow"}), SeededRng(1))
    state.stage, state.capitals["p1"] = "army", "C3"
    put(state, "C3", "p1 capital")
    text = "army C3\nunit Big One strength 3 points 900\nunit Cheat strength 1 points -400"
    parsed = GAME.parse(state, "p1", text)
    assert "mk.E_UNIT_POINTS" in [p.code for p in parsed.problems]
    assert parsed.orders is None or not getattr(parsed.orders, "units", [])


def test_setup_army_list_reads_a_keyword_name_and_round_trips() -> None:
    state = GAME.start(_setup({"battle_mode": "kow"}), SeededRng(1))
    state.stage, state.capitals["p1"] = "army", "C3"
    put(state, "C3", "p1 capital")
    text = 'army C3\nunit Hero on Horse, strength 1, points 90, hero\nunit "Orcs: Big" ' \
           "strength 2 points 100"
    parsed = GAME.parse(state, "p1", text)
    assert parsed.problems == []
    orders = parsed.orders
    assert isinstance(orders, ArmyInput)
    assert [u.name for u in orders.units] == ["Hero on Horse", "Orcs: Big"]
    assert orders.units[0].hero
    assert GAME.parse(state, "p1", GAME.canonical(state, "p1", orders)).orders == orders


def test_winter_recruit_reads_a_keyword_name() -> None:
    state = two_kingdoms()
    state.settings = state.settings.model_copy(update={"battle_mode": "kow"})
    text = "recruit A2\nunit Hero on Horse strength 1 points 90 type cavalry"
    orders = GAME.parse(state, "p1", text).orders
    assert isinstance(orders, WinterOrders)
    assert orders.purchases[0].units[0].name == "Hero on Horse"
    assert not orders.purchases[0].units[0].hero


# --- 3. artefacts ------------------------------------------------------------------------------


def _setup(settings: dict[str, object]) -> Setup:
    scenario = GAME.load_scenario(VALLEY.read_text(encoding="utf-8"), str(VALLEY))
    seats = [Seat(id=f"p{n}", name=f"Kingdom {n}") for n in (1, 2, 3)]
    return Setup(seats=seats, scenario=scenario, settings=settings)


def test_game_start_takes_the_maps_artefacts_and_a_quest_can_draw_one() -> None:
    state = GAME.start(_setup({"advanced": "true"}), SeededRng(1))
    names = [a["name"] for a in state.settings.artefacts]
    assert len(names) >= 3 and "Pilgrim's Lantern" in names
    assert state.artefacts_pool == names
    drawn = draw_artefact(state, "minor", SeededRng(2), "test")
    assert drawn is not None and drawn["artefact"] in names
    assert 5 <= drawn["points"] <= 15
    assert drawn["artefact"] not in state.artefacts_pool


def test_a_quest_hero_finds_an_artefact_from_the_map_list() -> None:
    state = GAME.start(_setup({"advanced": "true", "battle_mode": "kow"}), SeededRng(1))
    _winter_with_hero(state)
    text = "quest D7 hero 1.Thane"
    seed = next(s for s in range(500) if SeededRng(s).die(6) == 4)  # 4 + 0 bonus: minor
    orders = GAME.parse(state, "p1", text)
    assert orders.problems == []
    result = GAME.advance(state, {"p1": orders.orders}, SeededRng(seed))
    quest = next(e.data for e in result.events if e.code == "mk.winter.quest")
    assert quest["result"] == "minor" and quest["artefact"] in state.artefacts_pool
    assert quest["artefact"] not in result.state.artefacts_pool


def _winter_with_hero(state: MKState) -> None:
    state.stage, state.player_order = "winter", ["p1", "p2", "p3"]
    state.tiles["D7"].tower = True
    owned = next(t for t in sorted(state.map.neighbours("D7").values())
                 if state.map.tile(t).enterable)
    state.tiles[owned].owner = "p1"
    state.tiles[owned].settlement = "city"
    add_army(state, "1", "p1", owned)
    state.armies["1"].units = [Unit(name="Thane", strength=0, points=90, hero=True)]
    state.kingdoms["p1"].food = 1  # so the army is fed and keeps what it found


def test_the_referees_own_artefact_list_wins() -> None:
    mine = [{"name": "Lucky Coin", "points": 5}]
    state = GAME.start(_setup({"artefacts": mine}), SeededRng(1))
    assert state.settings.artefacts == mine
    assert state.artefacts_pool == ["Lucky Coin"]


# --- 4. board labels ---------------------------------------------------------------------------


def test_board_cells_do_not_repeat_their_id_as_label() -> None:
    state = two_kingdoms()
    cells = board_picture(state, None, []).cells
    assert cells and all(c.label != c.id for c in cells)


# --- 7. help texts ----------------------------------------------------------------------------

HELP_EXAMPLES = {"race": "race ", "capital": "capital ", "placement": "village ",
                 "army": "unit ", "summer": "move ", "battle": "winner ", "winter": "deploy ",
                 "over": "STATUS"}


@pytest.mark.parametrize("stage", list(get_args(Stage)))
def test_every_phase_topic_has_a_help_text(stage: str) -> None:
    state = two_kingdoms()
    state.stage = stage  # type: ignore[assignment]
    topic = GAME.phase(state).topic
    path = templates_dir() / "mighty-kingdoms" / "help" / f"{topic}.txt"
    text = path.read_text(encoding="utf-8")
    assert HELP_EXAMPLES[topic] in text
    assert all(len(line) <= 72 for line in text.splitlines())
    assert "\t" not in text


def test_help_examples_parse_cleanly() -> None:
    """The summer help's example month reads without errors on a board where it is legal."""
    path = templates_dir() / "mighty-kingdoms" / "help" / "summer.txt"
    example = path.read_text(encoding="utf-8").split("# example month", 1)[1]
    state = summer_two_kingdoms()
    add_summer_army(state, "3 p1 C4")  # next to C5, across a mountain edge (allowed)
    add_summer_army(state, "4 p1 C2")
    parsed = GAME.parse(state, "p1", example)
    assert parsed.errors == []
    assert [(o.army, o.kind, o.target) for o in parsed.orders.orders] == [
        ("3", "move", "C5"), ("4", "defend", None)]
