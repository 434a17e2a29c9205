"""Advanced rules in winter: the quest table, artefact draws and army restrictions by terrain."""

from __future__ import annotations

import pytest

from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.winter.checks import (
    is_monster,
    is_war_machine,
    list_restrictions,
)
from pbem.games.mighty_kingdoms.winter.parse import parse_unit
from pbem.games.mighty_kingdoms.winter.quests import draw_artefact, quest_result
from tests.games.mighty_kingdoms.winter_fixtures import ARTEFACTS, put, two_kingdoms

TROLL = parse_unit("Troll strength 1 points 150 type monster")
CANNON = parse_unit("Cannon strength 1 points 60 type war machine")
ORCS = parse_unit("Orcs strength 2 points 100 type infantry")


def advanced() -> MKState:
    """two_kingdoms with the advanced rules on, in kow mode."""
    state = two_kingdoms()
    state.settings = state.settings.model_copy(update={"advanced": True, "battle_mode": "kow"})
    return state


@pytest.mark.parametrize(("total", "result"), [(0, "lost"), (1, "lost"), (2, "hurt"),
                                               (3, "nothing"), (4, "minor"), (5, "major"),
                                               (6, "rare"), (9, "rare")])
def test_quest_table(total: int, result: str) -> None:
    assert quest_result(total) == result


@pytest.mark.parametrize(("kind", "monster", "machine"), [
    ("monster", True, False), ("Titan", True, False), ("hero (monster)", True, False),
    ("monstrous infantry", False, False), ("war engine", False, True),
    ("War Machine", False, True), ("infantry", False, False)])
def test_unit_kinds(kind: str, monster: bool, machine: bool) -> None:
    unit = ORCS.model_copy(update={"kind": kind})
    assert (is_monster(unit), is_war_machine(unit)) == (monster, machine)


def test_no_monsters_or_machines_on_plain_ground() -> None:
    codes = [p.code for p in list_restrictions(advanced(), "p1", "A2", [ORCS, TROLL, CANNON])]
    assert codes == ["mk.E_NO_MONSTERS", "mk.E_NO_WAR_MACHINES"]


def test_restrictions_only_with_advanced_rules() -> None:
    assert list_restrictions(two_kingdoms(), "p1", "A2", [TROLL, CANNON]) == []


def test_controlled_mountain_next_door_allows_monsters() -> None:
    state = advanced()
    put(state, "C5", "p1 fortress")
    put(state, "C6", "p1")  # C6 has a mountain edge
    assert [p.code for p in list_restrictions(state, "p1", "C5", [TROLL, CANNON])] == [
        "mk.E_NO_WAR_MACHINES"]


def test_mountain_held_by_another_kingdom_does_not_count() -> None:
    state = advanced()
    put(state, "C5", "p1 fortress")
    put(state, "C6", "p2")
    assert [p.code for p in list_restrictions(state, "p1", "C5", [TROLL])] == ["mk.E_NO_MONSTERS"]


def test_controlled_marsh_allows_monsters() -> None:
    state = advanced()
    put(state, "D7", "p1 fortress")
    put(state, "D8", "p1")  # marsh
    assert list_restrictions(state, "p1", "D7", [TROLL]) == []


def test_forest_in_or_next_to_fortress_allows_war_machines() -> None:
    state = advanced()  # p2's capital E6 has a forest edge; its fortress D6 is next to it
    assert [p.code for p in list_restrictions(state, "p2", "D6", [TROLL, CANNON])] == [
        "mk.E_NO_MONSTERS"]
    put(state, "E6", "p2 fortress")
    assert [p.code for p in list_restrictions(state, "p2", "E6", [CANNON])] == []


def test_magic_items_never_allowed() -> None:
    state = advanced()
    put(state, "C5", "p1 fortress")
    put(state, "C6", "p1")
    sword = parse_unit("Captain strength 0 points 80 type hero hero item Blade of Fire")
    assert [p.code for p in list_restrictions(state, "p1", "C5", [sword])] == [
        "mk.E_NO_MAGIC_ITEMS"]


def test_artefacts_unique_and_by_band() -> None:
    state = advanced()
    rng = SeededRng(7)
    first = draw_artefact(state, "minor", rng, "t")
    second = draw_artefact(state, "minor", rng, "t")
    assert first and second and first["artefact"] != second["artefact"]
    assert {first["points"], second["points"]} == {5, 10}
    assert draw_artefact(state, "minor", rng, "t") is None
    assert state.artefacts_pool == [a["name"] for a in ARTEFACTS if a["points"] > 15]


def test_artefact_draw_is_seeded() -> None:
    picks = [draw_artefact(advanced(), "minor", SeededRng(seed), "t") for seed in range(6)]
    again = [draw_artefact(advanced(), "minor", SeededRng(seed), "t") for seed in range(6)]
    assert picks == again
    assert len({p["artefact"] for p in picks if p}) == 2
