"""The rulebook's worked example (6.3): Judah's attack on Gaza and the siege, roll by roll."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david import GAME
from pbem.games.king_david.state import Army, KDState
from tests.games.king_david.harness import ScriptedRng, opening

JUDAH_COMBAT = [6, 3, 7, 2, 6, 1, 5]  # three D10 (phalanx), two D8 (infantry), two D6 (militia)
PHILISTIA_COMBAT = [8, 10, 3, 2]  # two D10 (chariots in the open), two D6 (militia)
JUDAH_SIEGE_1, CITY_1 = [1, 2, 2, 4, 1, 2, 5], [9, 10, 7]
JUDAH_SIEGE_2, CITY_2 = [1, 1, 2, 2, 3, 1, 3], [7, 8]


def _army(ident: str, country: str, kind: str, strength: int, steps: int, area: str) -> Army:
    return Army.model_validate({"id": ident, "country": country, "kind": kind,
                                "strength": strength, "steps_max": steps, "steps": steps,
                                "area": area})


def gaza_situation() -> KDState:
    """Judah (p1) with David and seven armies in the open next to Gaza (level 3, four
    Philistine armies), at the start of Judah's action."""
    state = opening(2, seed=3)
    prefs = {"p1": "prefer judah", "p2": "prefer philistia"}
    inputs = {s: GAME.parse(state, s, t).orders for s, t in prefs.items()}
    state = GAME.advance(state, inputs, SeededRng(3)).state
    state = state.model_copy(deep=True)
    state.armies = [
        _army("A1", "judah", "phalanx", 3, 2, "ziklag"),
        _army("A2", "judah", "phalanx", 3, 2, "ziklag"),
        _army("A3", "judah", "phalanx", 3, 2, "ziklag"),
        _army("A4", "judah", "infantry", 3, 2, "ziklag"),
        _army("A5", "judah", "infantry", 2, 2, "ziklag"),
        _army("A6", "judah", "militia", 2, 2, "ziklag"),
        _army("A7", "judah", "militia", 2, 2, "ziklag"),
        _army("B1", "philistia", "chariot", 3, 2, "gaza"),
        _army("B2", "philistia", "chariot", 3, 2, "gaza"),
        _army("B3", "philistia", "militia", 1, 1, "gaza"),
        _army("B4", "philistia", "militia", 1, 1, "gaza"),
    ]
    for leader in state.leaders:
        leader.area = "ziklag" if leader.name == "David" else "hebron"
    state.forts["gaza"] = 3
    state.markers = ["action"] * 12
    state.marker, state.order, state.actor, state.revealed = 0, ["p1", "p2"], 0, 6
    state.players["p1"].resources = 10
    return state


def _orders(state: KDState, seat: str, text: str) -> Any:
    parsed = GAME.parse(state, seat, text)
    assert parsed.errors == [], parsed.errors
    return parsed.orders


def play_example() -> tuple[KDState, list[Event], ScriptedRng]:
    """Send Philistia's standing retreat, then Judah's attack, with the book's dice."""
    state = gaza_situation()
    state.players["p2"].standing = _orders(state, "p2", "on retreat do retreat").standing
    judah = _orders(state, "p1", "move ziklag gaza\nbesiege gaza\non retreat do stand\n"
                    "losses battle phalanx infantry militia chariot\n"
                    "losses siege militia infantry chariot phalanx")
    rng = ScriptedRng(JUDAH_COMBAT + PHILISTIA_COMBAT + JUDAH_SIEGE_1 + CITY_1
                      + JUDAH_SIEGE_2 + CITY_2)
    result = GAME.advance(state, {"p1": judah}, rng)
    return result.state, result.events, rng


def _one(events: list[Event], code: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.code == code]


def test_every_scripted_roll_is_used() -> None:
    _, _, rng = play_example()
    assert rng.script == []


def test_first_combat_round_scores_48_and_31() -> None:
    _, events, _ = play_example()
    (first,) = _one(events, "kd.combat_round")
    assert (first["attacker_strength"], first["attacker_hits"]) == (18, 48)
    assert (first["defender_strength"], first["defender_hits"]) == (8, 31)
    assert first["attacker_left"] == 6  # on the Attacker's Hit Track
    assert first["defender_left"] == 1  # on the Defender's Hit Track


def test_philistia_loses_both_militia_and_a_chariot_and_retreats() -> None:
    state, events, _ = play_example()
    gone = {d["army"] for d in _one(events, "kd.eliminated") if d["why"] == "combat"}
    assert gone == {"B1", "B3", "B4"}
    (retreat,) = _one(events, "kd.retreated")
    assert retreat["seat"] == "p2" and retreat["to"] != "ziklag"
    survivor = next(a for a in state.armies if a.id == "B2")
    assert survivor.steps == 1 and survivor.area == retreat["to"]


def test_siege_rounds_match_the_book() -> None:
    _, events, _ = play_example()
    first, second = _one(events, "kd.siege_round")
    assert (first["attacker_hits"], first["defender_hits"]) == (17, 26)
    assert (first["fort_before"], first["fort_after"], first["attacker_left"]) == (3, 2, 7)
    assert first["defender_left"] == 2
    assert (second["attacker_hits"], second["defender_hits"]) == (20, 17)
    assert second["fort_after"] == 0


def test_judah_takes_gaza_with_five_armies_left() -> None:
    state, events, _ = play_example()
    assert state.control["gaza"] == "judah" and state.forts["gaza"] == 1
    judah = sorted((a.id, a.kind, a.steps) for a in state.armies if a.country == "judah")
    assert len(judah) == 5
    phalanx = [a for a in judah if a[1] == "phalanx"]
    assert len(phalanx) == 1 and phalanx[0][2] == 1
    assert all(steps == 1 for _, _, steps in judah)
    assert state.players["p1"].resources == 8  # one for combat, one for the siege
    assert _one(events, "kd.city_taken")[0]["city"] == "Gaza"
