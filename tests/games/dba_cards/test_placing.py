"""The German rules' DBA 2.2 setup: the defender places terrain and picks a side, both armies
deploy, the defender may swap two units, and the attacker opens with the only cards."""

from __future__ import annotations

import pytest

from pbem.core.game import Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.squares import coords
from pbem.games.dba_cards.state import DBAState
from pbem.paths import campaigns_dir

SCENARIO = campaigns_dir() / "dba-cards" / "open-field.toml"
TERRAIN = """wood c6 d6 e6 c7 d7 e7
hill h5 i5 h6 i6 h7 i7
rough f8 g8
bua b5
fortified-bua k8
river f5 g5
river f6 g6
side south
on attack when target=general play rally
"""


def opening() -> DBAState:
    """A German game with the DBA 2.2 setup on the sample scenario."""
    seats = [Seat(id="p1", name="Ann"), Seat(id="p2", name="Bob")]
    scenario = GAME.load_scenario(SCENARIO.read_text(encoding="utf-8"), str(SCENARIO))
    settings = {"house_rules": "german", "german_setup": "dba22"}
    return GAME.start(Setup(seats=seats, scenario=scenario, settings=settings), SeededRng(5))


def step(state: DBAState, seat: str, text: str) -> DBAState:
    """Parse `text` from `seat` (it must be accepted) and run the phase."""
    parsed = GAME.parse(state, seat, text)
    assert parsed.errors == [], parsed.errors
    return GAME.advance(state, {seat: parsed.orders}, SeededRng(9)).state


def deployed(text: str = TERRAIN) -> DBAState:
    """Terrain placed by the defender, then both default armies deployed."""
    state = step(opening(), "p2", text)
    defaults = {s: GAME.default_input(state, s) for s in ("p1", "p2")}
    return GAME.advance(state, defaults, SeededRng(4)).state


def test_the_defender_alone_places_terrain_first() -> None:
    state = opening()
    assert state.stage == "terrain" and GAME.due(state).players == ["p2"]
    assert state.terrain == {} and state.rivers == []
    assert GAME.parse(state, "p1", "random").errors[0].code == "dba.E_NOT_DUE"
    assert GAME.phase(state).key == "terrain"


def test_the_defenders_terrain_and_side_are_laid_out() -> None:
    state = step(opening(), "p2", TERRAIN)
    assert state.stage == "deploy" and GAME.due(state).players == ["p1", "p2"]
    assert state.terrain["c6"] == "wood" and state.terrain["k8"] == "fortified-bua"
    assert len(state.terrain) == 16 and state.rivers == ["f5-g5", "f6-g6"]
    assert state.south == "p2" and state.facing("p2") == 1 and state.facing("p1") == -1
    assert [r.answer for r in state.sides["p2"].standing] == ["rally"]


def test_the_side_decides_where_each_army_deploys() -> None:
    state = deployed()
    ranks = {s: {coords(u.square)[1] for u in state.units_of(s)} for s in ("p1", "p2")}
    assert max(ranks["p2"]) <= 4 and min(ranks["p1"]) >= 9
    north = deployed(TERRAIN.replace("side south", "side north"))
    assert max(coords(u.square)[1] for u in north.units_of("p1")) <= 4


def test_silence_takes_the_seeded_layout_and_the_north_edge() -> None:
    state = opening()
    after = GAME.advance(state, {}, SeededRng(9)).state
    kinds = list(after.terrain.values())
    assert kinds.count("wood") == 6 and kinds.count("bua") == 1 and len(after.rivers) == 3
    assert after.south == "p1" and after.stage == "deploy"


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("wood a8 b8 c8 d8 e8", "dba.E_PIECE_SIZE"),
        ("hill h8 i8 j8 l8 l7 l6", "dba.E_PIECE_SHAPE"),
        ("rough f3", "dba.E_TERRAIN_ZONE"),
        ("bua f6", "dba.E_BUA_PLACE"),
        ("swamp f6", "dba.E_TERRAIN_FORM"),
        ("river f5 h5", "dba.E_RIVER_FORM"),
        ("rough c6", "dba.E_TERRAIN_TWICE"),
        ("random", "dba.E_TERRAIN_FORM"),
        ("wood m6 d6 e6 c7 d7 e7", "dba.E_SQUARE"),
    ],
)
def test_terrain_placing_is_checked(line: str, code: str) -> None:
    parsed = GAME.parse(opening(), "p2", TERRAIN + line)
    assert code in [p.code for p in parsed.errors]


def test_terrain_and_swap_have_one_canonical_text() -> None:
    state = opening()
    given = GAME.parse(state, "p2", TERRAIN).orders
    text = GAME.canonical(state, "p2", given)
    assert GAME.parse(state, "p2", text).orders == given
    assert text.splitlines()[-2:] == ["side south", "on attack when target=general play rally"]
    assert GAME.canonical(state, "p2", GAME.default_input(state, "p2")) == "random\nside north"


def test_the_defender_swaps_two_units_then_the_attacker_opens() -> None:
    state = deployed()
    assert state.stage == "swap" and GAME.due(state).players == ["p2"]
    assert state.sides["p1"].hand == [] and len(state.deck) == 80
    general = next(u for u in state.units_of("p2") if u.type == "general")
    camp = next(u for u in state.units_of("p2") if u.type == "camp")
    after = step(state, "p2", f"swap {general.square} {camp.square}")
    assert after.unit_at(camp.square).type == "general"
    assert after.unit_at(general.square).type == "camp"
    assert after.stage == "turn" and after.active == "p1" and after.turn == 1
    assert len(after.sides["p1"].hand) == 3 and after.sides["p2"].hand == []
    kept = step(state, "p2", "no swap")
    assert {(u.type, u.square) for u in kept.units} == {(u.type, u.square) for u in state.units}


def test_a_swap_takes_two_of_ones_own_units() -> None:
    state = deployed()
    enemy = state.units_of("p1")[0].square
    own = state.units_of("p2")[0].square
    assert GAME.parse(state, "p2", f"swap {own} {enemy}").errors[0].code == "dba.E_NOT_YOURS"
    assert GAME.parse(state, "p2", f"swap {own} {own}").errors[0].code == "dba.E_SWAP_FORM"
    assert GAME.parse(state, "p2", f"swap {own}").errors[0].code == "dba.E_SWAP_FORM"


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_with_the_dba22_setup_finish(seed: int) -> None:
    state, count, seen = opening(), 0, set()
    while GAME.outcome(state) is None and count < 2000:
        seen.add(state.stage)
        inputs = {}
        for seat in GAME.due(state).players:
            made = GAME.random_input(state, seat, SeededRng(derive_seed(seed, f"bot{count}")))
            parsed = GAME.parse(state, seat, GAME.canonical(state, seat, made))
            assert parsed.errors == [] and parsed.orders == made
            inputs[seat] = made
        state = GAME.advance(state, inputs, SeededRng(derive_seed(seed, str(count)))).state
        count += 1
    assert {"terrain", "deploy", "swap", "turn"} <= seen
    assert state.stage == "over" and state.end_note in ("general", "losses")
