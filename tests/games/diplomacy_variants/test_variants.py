"""The variant boards shipped beside the standard one: each read and checked, its own powers,
start and victory count, its special places adjudicated as its rules say (cases/*.txt), its
province names understood and misspellings answered with a suggestion, its map drawn, and a
game between the bots played some years on it."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pbem.core.game import ContentError, Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.board.geography import geography
from pbem.games.diplomacy.board.mapfile import board_digest
from pbem.games.diplomacy.board.outlines import outlines
from pbem.games.diplomacy.content import Board
from pbem.games.diplomacy.datc.cases import settle_cases
from pbem.games.diplomacy.state import DipState
from pbem.paths import campaigns_dir
from pbem.registry import get_game
from pbem.services.turns.campaigns import resolve_scenario, shipped_scenarios

VARIANTS = ["ancient-mediterranean", "pure"]
CASES = Path(__file__).parent / "cases"


def _text(name: str) -> str:
    return (campaigns_dir() / "diplomacy" / f"{name}.toml").read_text(encoding="utf-8")


@cache
def scenario(name: str) -> dict[str, Any]:
    """A shipped board, read and checked."""
    return GAME.load_scenario(_text(name), f"{name}.toml")


def start(name: str, players: int) -> DipState:
    """The first spring of a board with `players` seats given powers in board order."""
    seats = [Seat(id=f"p{n}", name=f"Player {n}") for n in range(1, players + 1)]
    setup = Setup(seats=seats, scenario=scenario(name), settings={"powers": "in-order"})
    return GAME.start(setup, SeededRng(1))


def test_the_variants_ship_beside_the_standard_board_and_are_found_by_name() -> None:
    game = get_game("diplomacy")
    assert shipped_scenarios(game) == ["ancient-mediterranean", "pure", "standard"]
    for name in VARIANTS:
        assert resolve_scenario(game, name).name == f"{name}.toml"


def test_ancient_mediterranean_has_its_own_powers_start_and_victory() -> None:
    state = start("ancient-mediterranean", 5)
    board = state.board
    assert [p.name for p in board.powers] == ["Carthage", "Egypt", "Greece", "Persia", "Rome"]
    assert state.victory == 18 and state.year == 1
    assert sum(1 for p in board.provinces if p.centre) == 34
    units = {(u.power, u.kind, u.at) for u in state.units}
    assert len(units) == 15
    assert {("rome", "F", "nea"), ("carthage", "F", "tha"), ("greece", "F", "spa"),
            ("persia", "F", "sid"), ("egypt", "F", "ale"), ("egypt", "A", "the")} <= units
    for power in board.powers:
        assert state.centre_count(power.key) == 3
    assert board.archipelagos == ["bal"]


def test_pure_is_seven_provinces_each_bordering_every_other() -> None:
    state = start("pure", 7)
    board = state.board
    assert state.victory == 4 and len(board.provinces) == 7 and board.fleet == {}
    ids = {p.id for p in board.provinces}
    for here, nexts in board.army.items():
        assert set(nexts) == ids - {here}
    assert sorted(u.at for u in state.units) == sorted(ids)


@pytest.mark.parametrize("name", VARIANTS)
def test_every_special_place_is_adjudicated_as_the_variant_says(name: str) -> None:
    results = GAME.settle_cases(scenario(name), (CASES / f"{name}.txt").read_text("utf-8"))
    assert len(results) >= 3
    for result in results:
        assert "error" not in result, result
        assert result["matches"] is True, (result["case"], result["differences"])


def test_without_the_archipelago_rule_a_fleet_on_baleares_could_not_convoy() -> None:
    board = Board.model_validate(scenario("ancient-mediterranean"))
    plain = board.model_copy(update={"archipelagos": []})
    plain = plain.model_copy(update={"digest": board_digest(plain)})
    text = (CASES / "ancient-mediterranean.txt").read_text("utf-8")
    outcome = {r["case"].split(":")[0]: r["matches"] for r in settle_cases(plain, text)}
    assert outcome["AM3"] is False and outcome["AM2"] is True


def test_an_inland_province_still_needs_borders_but_an_island_may_have_none() -> None:
    text = _text("ancient-mediterranean")
    assert "\ncre   " not in text.split('army = """')[1].split('"""')[0]  # Crete: no land border
    broken = text.replace("gau   lus mas rha tar\n", "")
    broken = broken.replace("lus   gau sag tar", "lus   sag tar").replace(
        "mas   etr gau rha tar", "mas   etr rha tar").replace(
        "rha   etr gau mas sam ven vin", "rha   etr mas sam ven vin").replace(
        "tar   gau lus mas sag", "tar   lus mas sag")
    with pytest.raises(ContentError) as raised:
        GAME.load_scenario(broken, "broken.toml")
    assert raised.value.code == "dip.E_ARMY" and "gau" in str(raised.value)


def test_an_archipelago_must_be_a_coastal_province() -> None:
    broken = _text("ancient-mediterranean").replace('archipelagos = ["bal"]',
                                                   'archipelagos = ["gau"]')
    with pytest.raises(ContentError) as raised:
        GAME.load_scenario(broken, "broken.toml")
    assert raised.value.code == "dip.E_PROVINCE" and raised.value.line == 27


@pytest.mark.parametrize(("name", "seat", "text", "near"), [
    ("ancient-mediterranean", "p5", "A ROM - Etrurai", "A ROM - ETR"),
    ("ancient-mediterranean", "p5", "F NAE - TYS", "F NEA - TYS"),
    ("ancient-mediterranean", "p3", "A MAC - Byzantum", "A MAC - BYZ"),
    ("ancient-mediterranean", "p2", "A MEM - Baharai", "A MEM - BAY"),
    ("pure", "p3", "A PAR - Berlni", "A PAR - BER"),
    ("pure", "p7", "A CON - Mosocw", "A CON - MOS"),
])
def test_a_misspelt_province_of_a_variant_gets_a_suggestion(
        name: str, seat: str, text: str, near: str) -> None:
    players = 5 if name == "ancient-mediterranean" else 7
    problem = GAME.parse(start(name, players), seat, text).errors[0]
    assert problem.code == "dip.E_NEAR_PLACE"
    assert problem.suggestion == near


@pytest.mark.parametrize(("name", "seat", "text"), [
    ("ancient-mediterranean", "p5", "A Roma - Etruria\nF Neapolis - Tyrrhenian Sea"),
    ("ancient-mediterranean", "p3", "F SPA - Messenian Sea\nA ATH - SPA"),
    ("pure", "p3", "A Paris - Moscow"),
])
def test_a_variant_reads_its_full_province_names(name: str, seat: str, text: str) -> None:
    players = 5 if name == "ancient-mediterranean" else 7
    parsed = GAME.parse(start(name, players), seat, text)
    assert parsed.errors == [] and parsed.orders is not None
    assert len(parsed.orders.orders) == text.count("\n") + 1


@pytest.mark.parametrize("name", VARIANTS)
def test_every_province_of_a_variant_is_drawn_round_its_own_point(name: str) -> None:
    board = Board.model_validate(scenario(name))
    shapes = outlines(board)
    for province in board.provinces:
        assert len(shapes[province.id]) >= 3, province.id
    picture = GAME.view(start(name, 5), "p1", [])["board"]
    labels = {c["id"] for c in picture["cells"]}
    assert {p.id for p in board.provinces} <= labels


def _sound(state: DipState) -> None:
    geo = geography(state.board)
    provinces = [u.province for u in state.units]
    assert len(provinces) == len(set(provinces))
    for unit in state.units:
        assert unit.at in (geo.army if unit.kind == "A" else geo.fleet), unit
    assert set(state.centres.values()) <= set(state.alive())


@pytest.mark.parametrize(("name", "players", "seed"), [
    ("ancient-mediterranean", 5, 1), ("pure", 7, 2), ("pure", 5, 3)])
def test_the_bots_play_a_variant_for_some_years(name: str, players: int, seed: int) -> None:
    state, phases = start(name, players), 0
    while GAME.outcome(state) is None and state.year < 7 + start(name, players).year:
        inputs = {}
        for seat in GAME.due(state).players:
            rng = SeededRng(derive_seed(seed, f"{phases}{seat}"))
            text = GAME.canonical(state, seat, GAME.random_input(state, seat, rng))
            parsed = GAME.parse(state, seat, text)
            assert parsed.errors == [], text
            inputs[seat] = parsed.orders
        state = GAME.advance(state, inputs, SeededRng(derive_seed(seed, str(phases)))).state
        _sound(state)
        phases += 1
    assert phases >= 6
    if GAME.outcome(state) is None:
        assert state.year >= start(name, players).year + 7
