"""Scenario files, deployment and the German house rules."""

from __future__ import annotations

import pytest

from pbem.core.game import ContentError, Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.state import DBAState
from pbem.games.dba_cards.terrain import bua_allowed
from pbem.paths import campaigns_dir
from tests.games.dba_cards.harness import board, play_turn, position

SCENARIO = campaigns_dir() / "dba-cards" / "open-field.toml"


def scenario_text() -> str:
    """The sample scenario's text."""
    return SCENARIO.read_text(encoding="utf-8")


def opening(settings: dict[str, object] | None = None) -> DBAState:
    """A new game on the sample scenario."""
    seats = [Seat(id="p1", name="Ann"), Seat(id="p2", name="Bob")]
    scenario = GAME.load_scenario(scenario_text(), str(SCENARIO))
    return GAME.start(Setup(seats=seats, scenario=scenario, settings=settings or {}), SeededRng(3))


def test_the_sample_scenario_loads() -> None:
    data = GAME.load_scenario(scenario_text(), "open-field.toml")
    assert data["terrain"]["e4"] == "impassable"
    assert [a["key"] for a in data["armies"]] == ["roman", "gallic", "macedonian", "wagenburg"]


@pytest.mark.parametrize(
    ("old", "new", "code", "line"),
    [
        ("c4 rough", "c4 swamp", "dba.E_TERRAIN_LINE", 7),
        ("f5 rough\n", "c4 hill\n", "dba.E_TERRAIN_TWICE", 8),
        ("blades b2\n", "blades b3\n", "dba.E_DEPLOY_ZONE", 26),
        ("blades b2\n", "slingers b2\n", "dba.E_UNIT_LINE", 26),
        ("psiloi f2\n", "", "dba.E_ARMY_SIZE", 19),
        ('[[army]]\nkey = "gallic"', '[[army]]\nkey = "Gallic Army"', "dba.E_ARMY_KEY", 35),
        ('name = "open-field"', "name = open-field", "dba.E_TOML", 4),
        ("general e1\n", "general e1 elite\n", "dba.E_ELITE_UNIT", 20),
        ("camp d1\n", "camp d1 elite\n", "dba.E_ELITE_UNIT", 19),
    ],
)
def test_scenario_errors_name_the_file_and_line(old: str, new: str, code: str, line: int) -> None:
    text = scenario_text()
    assert old in text
    with pytest.raises(ContentError) as caught:
        GAME.load_scenario(text.replace(old, new, 1), "bad.toml")
    assert caught.value.code == code and caught.value.line == line
    assert str(caught.value).startswith(f"bad.toml:{line}: {code}")


def test_both_players_deploy_then_seat_one_draws_three() -> None:
    state = opening()
    assert GAME.due(state).players == ["p1", "p2"]
    p1 = GAME.parse(state, "p1", "army macedonian\non attack when target=general play rally")
    assert p1.errors == [] and p1.orders.units[0].square == "d1"
    after = GAME.advance(state, {"p1": p1.orders}, SeededRng(1)).state
    assert after.sides["p1"].army == "macedonian" and after.sides["p2"].army == "gallic"
    assert [r.when for r in after.sides["p1"].standing] == [{"target": "general"}]
    assert "p2 camp e8" in board(after) and "p1 elephants g1" in board(after)
    assert len(after.sides["p1"].hand) == 3 and after.sides["p2"].hand == []
    assert len(after.deck) == 77 and GAME.due(after).players == ["p1"]


def test_a_deployment_of_ones_own_is_checked() -> None:
    state = opening()
    lines = GAME.canonical(state, "p2", GAME.default_input(state, "p2")).splitlines()[1:]
    ok = GAME.parse(state, "p2", "\n".join(lines))
    assert ok.errors == [] and ok.orders.army == ""
    wrong_zone = GAME.parse(state, "p2", "\n".join([*lines[:-1], "psiloi g3"]))
    assert [(p.line, p.code) for p in wrong_zone.errors] == [(13, "dba.E_DEPLOY_ZONE")]
    short = GAME.parse(state, "p2", "\n".join(lines[:-1]))
    assert short.errors[0].code == "dba.E_ARMY_SIZE"
    elites = GAME.parse(state, "p2", "\n".join(f"{x.removesuffix(' elite')} elite" for x in lines))
    assert elites.errors[0].code == "dba.E_TOO_MANY_ELITE"
    unknown = GAME.parse(state, "p2", "army vikings")
    assert unknown.errors[0].code == "dba.E_ARMY_NAME"


@pytest.mark.parametrize("kind", ["general", "camp"])
def test_the_general_and_the_camp_are_never_elite(kind: str) -> None:
    state = opening()
    lines = GAME.canonical(state, "p1", GAME.default_input(state, "p1")).splitlines()[1:]
    lines = [x.removesuffix(" elite") for x in lines]  # the sample's 2 Elite become plain
    at = next(i for i, x in enumerate(lines) if x.startswith(f"{kind} "))
    lines[at] += " elite"
    parsed = GAME.parse(state, "p1", "\n".join(lines))
    assert [(p.line, p.code) for p in parsed.errors] == [(at + 1, "dba.E_ELITE_UNIT")]


def test_a_nominated_general_is_never_elite_either() -> None:
    state = opening({"house_rules": "german"})
    plain = "\n".join(x.removesuffix(" elite") for x in _with_general_as(state, "x").splitlines())
    lines = plain.replace(" as x", " as knights elite")
    parsed = GAME.parse(state, "p1", lines)
    assert [p.code for p in parsed.errors] == ["dba.E_ELITE_UNIT"]
    assert GAME.parse(state, "p1", lines.replace("knights elite", "knights")).errors == []


def test_random_terrain_is_seeded_and_kept_off_the_back_rows() -> None:
    first, again = opening({"terrain": "random"}), opening({"terrain": "random"})
    assert first.terrain == again.terrain and len(first.terrain) == 7
    assert all(3 <= int(square[1:]) <= 6 for square in first.terrain)


def test_german_house_rules_board_and_pursuit() -> None:
    state = opening({"house_rules": "german"})
    assert state.size == 12
    deployed = GAME.advance(state, {}, SeededRng(1)).state
    assert {u.square for u in deployed.units if u.owner == "p2"} >= {"g12", "f12"}
    game = position("p1 knights d4\np2 warband d5", {}, german=True)
    played = play_turn(game, "attack d4 d5")
    assert board(played.state) == {"p1 knights d5"}
    assert "dba.pursue" in played.codes()


def test_german_moves_are_exact_and_a_unit_may_move_twice() -> None:
    game = position("p1 blades d2", {"p1": "march march trod"}, german=True)
    short = play_turn(game, "move d2-d3 with march")
    assert short.parsed.errors[0].code == "dba.E_OUT_OF_REACH"
    twice = play_turn(game, "move d2-d4 with march\nmove d4-d6 with march\nmove d6-d7 with trod")
    assert board(twice.state) == {"p1 blades d7"}


def test_german_recoil_avoids_squares_next_to_an_enemy() -> None:
    units = "p1 bows d4\np1 camp d7\np2 blades d5"
    plain = play_turn(position(units, {"p1": "attack"}), "attack d4 d5 with attack")
    assert "p2 blades d6" in board(plain.state)
    german = play_turn(position(units, {"p1": "attack"}, german=True), "attack d4 d5 with attack")
    assert "p2 blades d5" in board(german.state)  # d6, c6 and e6 all touch the camp on d7


FORD = campaigns_dir() / "dba-cards" / "ford-german.toml"


def german_game(scenario_path: object = FORD, **settings: object) -> DBAState:
    """A new German-rules game on a scenario."""
    path = campaigns_dir() / "dba-cards" / str(scenario_path)
    seats = [Seat(id="p1", name="Ann"), Seat(id="p2", name="Bob")]
    scenario = GAME.load_scenario(path.read_text(encoding="utf-8"), str(path))
    rules = {"house_rules": "german", **settings}
    return GAME.start(Setup(seats=seats, scenario=scenario, settings=rules), SeededRng(3))


def test_a_german_scenario_gives_its_woods_buas_and_river() -> None:
    state = german_game()
    assert state.size == 12
    kinds = list(state.terrain.values())
    assert kinds.count("wood") == 6 and kinds.count("hill") == 6
    assert state.terrain["k8"] == "fortified-bua" and state.terrain["b5"] == "bua"
    assert state.rivers == ["f5-g5", "f6-g6", "f7-g7"]
    view = GAME.view(state, "p1", [])
    assert view["rivers"] == state.rivers and view["terrain"]["c6"] == "wood"


def test_german_terrain_needs_the_german_rules() -> None:
    with pytest.raises(ContentError) as caught:
        german_game(house_rules="none")
    assert caught.value.code == "dba.E_GERMAN_TERRAIN"


@pytest.mark.parametrize(
    ("old", "new", "code", "line"),
    [
        ("f6 g6\n", "f6 h6\n", "dba.E_RIVER_LINE", 28),
        ("b5 bua\n", "f6 bua\n", "dba.E_BUA_PLACE", 22),
        ("k8 fortified-bua\n", "m8 fortified-bua\n", "dba.E_TERRAIN_LINE", 23),
        ("size = 12", "size = 10", "dba.E_SIZE", 8),
    ],
)
def test_german_scenario_errors_name_the_line(old: str, new: str, code: str, line: int) -> None:
    text = FORD.read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(ContentError) as caught:
        GAME.load_scenario(text.replace(old, new, 1), "bad.toml")
    assert (caught.value.code, caught.value.line) == (code, line)


@pytest.mark.parametrize("seed", range(6))
def test_random_german_terrain_has_pieces_of_six_a_bua_and_a_river(seed: int) -> None:
    seats = [Seat(id="p1", name="Ann"), Seat(id="p2", name="Bob")]
    scenario = GAME.load_scenario(scenario_text(), str(SCENARIO))
    setup = Setup(seats=seats, scenario=scenario, settings={"house_rules": "german"})
    state = GAME.start(setup, SeededRng(seed))
    kinds = list(state.terrain.values())
    assert [kinds.count(k) for k in ("wood", "hill", "steep-hill", "bua")] == [6, 6, 6, 1]
    assert all(5 <= int(square[1:]) <= 8 for square in state.terrain)  # off both zones
    town = next(s for s, k in state.terrain.items() if k == "bua")
    assert bua_allowed(town, 12) and len(state.rivers) == 3
    again = GAME.start(setup, SeededRng(seed))
    assert (again.terrain, again.rivers) == (state.terrain, state.rivers)


def test_a_bua_lies_within_five_squares_of_two_sides() -> None:
    assert bua_allowed("e5", 12) and bua_allowed("l12", 12) and bua_allowed("h8", 12)
    assert not bua_allowed("f6", 12) and not bua_allowed("a6", 12)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_german_games_on_the_ford_finish(seed: int) -> None:
    state, step = german_game(), 0
    while GAME.outcome(state) is None and step < 2000:
        inputs = {}
        for seat in GAME.due(state).players:
            made = GAME.random_input(state, seat, SeededRng(derive_seed(seed, f"bot{step}")))
            parsed = GAME.parse(state, seat, GAME.canonical(state, seat, made))
            assert parsed.errors == [] and parsed.orders == made
            inputs[seat] = made
        state = GAME.advance(state, inputs, SeededRng(derive_seed(seed, str(step)))).state
        step += 1
    assert state.stage == "over" and state.end_note in ("general", "losses")
    assert state.rivers == ["f5-g5", "f6-g6", "f7-g7"]


def _with_general_as(state: DBAState, element: str) -> str:
    """Seat one's default deployment with its General line nominating `element`."""
    lines = GAME.canonical(state, "p1", GAME.default_input(state, "p1")).splitlines()[1:]
    return "\n".join(
        f"{line} as {element}" if line.startswith("general ") else line for line in lines
    )


def test_german_general_is_a_nominated_element() -> None:
    state = opening({"house_rules": "german"})
    parsed = GAME.parse(state, "p1", _with_general_as(state, "knights"))
    assert parsed.errors == []
    general = next(u for u in parsed.orders.units if u.general)
    assert general.type == "knights"
    text = GAME.canonical(state, "p1", parsed.orders)
    assert f"general {general.square} as knights" in text
    assert GAME.parse(state, "p1", text).orders == parsed.orders
    after = GAME.advance(state, {"p1": parsed.orders}, SeededRng(1)).state
    unit = after.unit_at(general.square)
    assert unit is not None and unit.is_general() and unit.type == "knights"
    assert "GKN" in "".join(GAME.view(after, "p1", [])["board_text"])


@pytest.mark.parametrize(
    ("rules", "element"), [("none", "knights"), ("german", "psiloi"), ("german", "light-horse")]
)
def test_a_general_element_is_german_and_never_light_horse_or_psiloi(
    rules: str, element: str
) -> None:
    state = opening({"house_rules": rules})
    parsed = GAME.parse(state, "p1", _with_general_as(state, element))
    assert [p.code for p in parsed.errors] == ["dba.E_GENERAL_ELEMENT"]


def test_a_nominated_general_fights_as_its_element_and_still_decides_the_battle() -> None:
    game = position("p1 knights f5\np2 cavalry f6\np2 blades g6", {"p2": "rally"}, german=True)
    game.units[0].general = True
    played = play_turn(game, "attack f5 f6")  # Knights auto-kill Cavalry; the General does not
    assert "dba.destroyed" in played.codes() and played.state.stage == "turn"
    rally = position("p1 blades f5\np2 bows f6\np2 knights f8", {"p2": "rally"}, german=True)
    rally.units[2].general = True
    asked = play_turn(rally, "attack f5 f6", "rally")
    assert asked.choices == ["pass", "rally"] and "p2 bows f6" in board(asked.state)
    fall = position("p1 knights f5\np2 cavalry f6", {}, german=True)
    fall.units[1].general = True
    won = play_turn(fall, "attack f5 f6")
    assert won.state.winner == "p1" and won.state.end_note == "general"


def test_german_units_may_occupy_a_bua_ahead_of_their_zone_on_their_own_half() -> None:
    state = german_game()  # the ford: a BUA on b5 (seat one's half), a fortified one on k8
    lines = GAME.canonical(state, "p1", GAME.default_input(state, "p1")).splitlines()[1:]
    psiloi = next(i for i, line in enumerate(lines) if line.startswith("psiloi "))
    forward = [*lines[:psiloi], "psiloi b5", *lines[psiloi + 1 :]]
    assert GAME.parse(state, "p1", "\n".join(forward)).errors == []
    beyond = [*lines[:psiloi], "psiloi k8", *lines[psiloi + 1 :]]
    assert GAME.parse(state, "p1", "\n".join(beyond)).errors[0].code == "dba.E_DEPLOY_ZONE"
    theirs = GAME.canonical(state, "p2", GAME.default_input(state, "p2")).splitlines()[1:]
    at = next(i for i, line in enumerate(theirs) if line.startswith("psiloi "))
    assert (
        GAME.parse(state, "p2", "\n".join([*theirs[:at], "psiloi k8", *theirs[at + 1 :]])).errors
        == []
    )
