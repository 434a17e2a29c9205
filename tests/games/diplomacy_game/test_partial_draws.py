"""Partial draws (issue 36): under `draws = partial` a vote may name the powers that share the
draw; it passes when every surviving player votes for a draw among the same powers."""

from __future__ import annotations

from pbem.core.rng import SeededRng
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.state import DipState
from tests.games.diplomacy_game.play import orders, standard_game

# in board order: p1 Austria, p2 England, p3 France, p4 Germany


def _vote(state: DipState, votes: dict[str, str], seed: int = 1) -> DipState:
    inputs = {seat: orders(state, seat, text) for seat, text in votes.items()}
    return GAME.advance(state, inputs, SeededRng(seed)).state


def _codes(state: DipState, seat: str, text: str) -> list[str]:
    return [p.code for p in GAME.parse(state, seat, text).errors]


def test_a_partial_draw_passes_when_every_survivor_names_the_same_powers() -> None:
    state = standard_game(4, draws="partial")
    state = _vote(state, {"p1": "DRAW ENGLAND FRANCE", "p2": "DRAW FRANCE, ENGLAND",
                          "p3": "draw england france"})
    assert GAME.outcome(state) is None  # Germany has not voted
    state = _vote(state, {"p4": "DRAW ENGLAND FRANCE"}, seed=2)
    outcome = GAME.outcome(state)
    assert outcome is not None
    results = {row["seat"]: row["result"] for row in outcome.standings}
    assert results == {"p1": "loss", "p2": "draw", "p3": "draw", "p4": "loss"}
    assert "England, France" in state.note and "Austria" not in state.note


def test_votes_for_different_draws_do_not_pass() -> None:
    state = standard_game(4, draws="partial")
    state = _vote(state, {"p1": "DRAW", "p2": "DRAW ENGLAND FRANCE", "p3": "DRAW ENGLAND FRANCE",
                          "p4": "DRAW ENGLAND FRANCE"})
    assert GAME.outcome(state) is None  # Austria votes for a draw of all four
    state = _vote(state, {"p1": "DRAW ENGLAND FRANCE"}, seed=2)
    assert GAME.outcome(state) is not None


def test_a_plain_draw_of_every_survivor_still_passes_in_a_partial_game() -> None:
    state = standard_game(3, draws="partial")
    state = _vote(state, {"p1": "DIAS", "p2": "DRAW", "p3": "DRAW AUSTRIA ENGLAND FRANCE"})
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert {row["result"] for row in outcome.standings} == {"draw"}


def test_a_dias_game_refuses_a_named_draw_and_a_partial_game_refuses_a_bad_one() -> None:
    dias = standard_game(4)
    assert _codes(dias, "p1", "DRAW ENGLAND FRANCE") == ["dip.E_DRAW_DIAS"]
    assert _codes(dias, "p1", "DRAW") == []
    partial = standard_game(4, draws="partial")
    assert _codes(partial, "p1", "DRAW ENGLAND") == ["dip.E_DRAW_AMONG"]  # one power
    assert _codes(partial, "p1", "DRAW ENGLAND RUSSIA") == ["dip.E_DRAW_AMONG"]  # no player


def test_the_vote_is_written_back_as_sent_and_told_to_the_voter_alone() -> None:
    state = standard_game(4, draws="partial")
    read = orders(state, "p1", "A VIE H\nDRAW ENGLAND FRANCE")
    assert GAME.canonical(state, "p1", read).splitlines()[1] == "DRAW ENGLAND FRANCE"
    advance = GAME.advance(state, {"p1": read}, SeededRng(1))
    told = [e for e in advance.events if e.code == "dip.vote_draw_among"]
    assert [e.visible_to for e in told] == [["p1"]]
    assert told[0].data["among"] == "England, France"
    others = GAME.view(advance.state, "p2", advance.events)
    assert "draw" not in str(others.get("votes")).lower()
    own = GAME.view(advance.state, "p1", advance.events)
    assert own["votes"] == ["Austria votes for a draw among England, France"]


def test_a_vote_naming_a_power_that_leaves_is_withdrawn() -> None:
    state = standard_game(4, draws="partial")
    state = _vote(state, {"p1": "DRAW ENGLAND FRANCE", "p2": "DRAW"})
    state = GAME.drop(state, "p3").state  # France into civil disorder
    assert state.draw == ["england"] and state.draw_among == {}


def test_a_game_without_partial_votes_dumps_as_before() -> None:
    dumped = standard_game(4).model_dump(mode="json")
    assert "draws" not in dumped and "draw_among" not in dumped
    assert standard_game(4, draws="partial").model_dump(mode="json")["draws"] == "partial"
