"""The calendar and how a game ends: phases nobody must order in are skipped, retreats and
winters ask only the powers with something to do, silence has its defaults, votes stay secret
until they pass, and a solo, a draw, a concession or the last year ends the game."""

from __future__ import annotations

import json

import pytest

from pbem.core.game import REFEREE
from pbem.core.rng import SeededRng
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.inputs import DipOrders
from pbem.games.diplomacy.state import DipState, Unit
from tests.games.diplomacy_game.play import orders, standard_game


def _silent(state: DipState) -> DipState:
    due = GAME.due(state)
    return GAME.advance(state, {s: GAME.default_input(state, s) for s in due.players},
                        SeededRng(1)).state


def test_a_quiet_year_skips_its_retreats_and_its_winter() -> None:
    state = _silent(standard_game())
    assert GAME.phase(state).key == "f1901m"
    state = _silent(state)
    assert GAME.phase(state).key == "s1902m"
    assert GAME.due(state).players == [f"p{n}" for n in range(1, 8)]


def _dislodge_munich(state: DipState) -> DipState:
    """France takes Munich from Germany with support (Germany's other units hold)."""
    state.units = [u for u in state.units if u.power != "france"] + [
        Unit(power="france", kind="A", at="bur"), Unit(power="france", kind="A", at="tyr")]
    given = {"p3": orders(state, "p3", "A BUR - MUN\nA TYR S A BUR - MUN")}
    return GAME.advance(state, given, SeededRng(1)).state


def test_retreats_ask_only_the_powers_with_a_unit_to_retreat() -> None:
    state = _dislodge_munich(standard_game())
    assert GAME.phase(state).key == "s1901r"
    due = GAME.due(state)
    assert due.players == ["p4"] and "p3" in due.optional
    (unit,) = state.dislodged
    assert (unit.at, unit.attacker, unit.retreats) == ("mun", "bur", ["boh", "ruh", "sil"])


def test_a_silent_retreat_disbands_and_the_game_goes_on() -> None:
    state = _silent(_dislodge_munich(standard_game()))
    assert GAME.phase(state).key == "f1901m" and state.dislodged == []
    assert len(state.units_of("germany")) == 2


def test_winter_asks_only_the_powers_with_builds_or_removals() -> None:
    state = standard_game()
    state.season = "fall"
    state.units = [u for u in state.units if u.at != "kie"]
    state.units.append(Unit(power="germany", kind="F", at="hol"))
    state = _silent(state)
    assert GAME.phase(state).key == "w1901a"
    assert state.adjust == {"germany": 1}
    assert GAME.due(state).players == ["p4"]
    state = GAME.advance(state, {"p4": orders(state, "p4", "BUILD F KIE")}, SeededRng(1)).state
    assert GAME.phase(state).key == "s1902m"
    assert {u.at for u in state.units_of("germany")} == {"ber", "hol", "kie", "mun"}


@pytest.mark.parametrize(("rules", "kept"), [
    ("2023", {"edi", "lon"}),  # Liverpool is France's now: the army there is farthest from
    # a centre England owns
    ("2000", {"lon", "lvp"}),  # all at home: fleets go first, then by name (Edinburgh first)
])
def test_silence_in_winter_waives_builds_and_lets_civil_disorder_remove(
        rules: str, kept: set[str]) -> None:
    state = standard_game(rules=rules)
    state.season, state.step = "winter", "adjustment"
    state.centres["lvp"] = "france"
    state.centres["bel"] = "germany"
    state.adjust = {"england": -1, "france": 1, "germany": 1}
    state = _silent(state)
    assert {u.at for u in state.units_of("england")} == kept
    assert len(state.units_of("france")) == 3 and len(state.units_of("germany")) == 3


def test_a_draw_vote_is_secret_until_every_survivor_votes() -> None:
    state = standard_game()
    for seat in ("p1", "p2", "p3", "p4", "p5", "p6"):
        step = GAME.advance(state, {seat: DipOrders(draw=True)}, SeededRng(1))
        assert GAME.outcome(step.state) is None
        state = step.state.model_copy(update={"season": "spring", "step": "movement",
                                              "units": state.units})
    assert json.dumps(GAME.view(state, "p7", [])).count("votes for a draw") == 0
    assert GAME.view(state, "p1", [])["votes"] == ["Austria votes for a draw"]
    assert len(GAME.view(state, REFEREE, [])["votes"]) == 6
    ended = GAME.advance(state, {"p7": DipOrders(draw=True)}, SeededRng(1)).state
    outcome = GAME.outcome(ended)
    assert outcome is not None and {r["result"] for r in outcome.standings} == {"draw"}
    assert GAME.due(ended).players == []


def test_a_vote_can_be_withdrawn() -> None:
    state = standard_game()
    state = GAME.advance(state, {"p1": DipOrders(draw=True)}, SeededRng(1)).state
    assert state.draw == ["austria"]
    state = GAME.advance(state, {"p1": DipOrders(draw=False)}, SeededRng(1)).state
    assert state.draw == []


def test_the_others_concede_to_one_power() -> None:
    state = standard_game()
    given = {f"p{n}": DipOrders(concede="france") for n in (1, 2, 4, 5, 6, 7)}
    ended = GAME.advance(state, given, SeededRng(1)).state
    outcome = GAME.outcome(ended)
    assert outcome is not None
    winner = [r for r in outcome.standings if r["result"] == "win"]
    assert [r["power"] for r in winner] == ["France"]


def test_eighteen_centres_win_after_fall() -> None:
    state = standard_game()
    state.season = "fall"
    state.units = [u for u in state.units if u.power != "italy"]
    for province in ("spa", "por", "bel", "hol", "den", "nwy", "tun", "gre", "ser", "rum",
                     "bul", "nap", "rom", "ven"):
        state.centres[province] = "france"
    state.units.append(Unit(power="france", kind="A", at="swe"))
    before = _silent(state.model_copy(update={"units": state.units[:-1]}, deep=True))
    assert GAME.outcome(before) is None  # 17 are not enough
    ended = _silent(state)
    outcome = GAME.outcome(ended)
    assert outcome is not None and outcome.standings[0]["power"] == "France"
    assert outcome.standings[0]["result"] == "win" and outcome.standings[0]["centres"] == 18


def test_a_smaller_victory_count_is_a_setting() -> None:
    state = standard_game(victory=4)
    state.season = "fall"
    state.units.append(Unit(power="russia", kind="A", at="rum"))
    outcome = GAME.outcome(_silent(state))
    assert outcome is not None and outcome.standings[0]["power"] == "Russia"


def test_the_last_year_ends_the_game_drawn_among_the_survivors() -> None:
    state = _silent(_silent(standard_game(end_year=1901)))
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.standings) == 7
    assert {r["result"] for r in outcome.standings} == {"draw"}


def test_with_six_or_five_players_italy_then_germany_stand_aside() -> None:
    six, five = standard_game(6), standard_game(5)
    assert "italy" not in six.powers.values() and len(six.units) == 22
    assert {"italy", "germany"}.isdisjoint(five.powers.values())
    assert len(GAME.due(five).players) == 5
    after = _silent(_silent(five))
    assert {u.at for u in after.units_of("germany")} == {"ber", "kie", "mun"}
