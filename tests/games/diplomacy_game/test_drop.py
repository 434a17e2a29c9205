"""A player who leaves puts their power into civil disorder for the rest of the game: it owes
no orders, its units only hold (or are disbanded and removed), it never builds, and the draw
is voted by the other surviving players."""

from __future__ import annotations

import pytest

from pbem.core.game import EditRefused
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.state import DipState
from pbem.render.report import render_html, render_text
from pbem.wording import wording
from tests.games.diplomacy_game.play import orders, standard_game
from tests.support.pure_play import play_phase

FRANCE = "p3"


def _play(state: DipState, seed: int, phases: int) -> DipState:
    for step in range(phases):
        state, _ = play_phase(GAME, state, derive_seed(seed, str(step)))
    return state


@pytest.mark.parametrize(("seed", "before"), [(1, 0), (2, 3), (3, 7)])
def test_a_power_in_civil_disorder_holds_and_never_builds_to_the_end(
    seed: int, before: int
) -> None:
    state = _play(standard_game(7, end_year=1906), seed, before)
    key = GAME.phase(state).key
    dropped = GAME.drop(state, FRANCE)
    assert GAME.phase(dropped.state).key == key
    assert dropped.events[0].code == "dip.civil_disorder"
    assert "France" in wording("dip.civil_disorder", dropped.events[0].data)
    state = dropped.state
    while GAME.outcome(state) is None:
        due = GAME.due(state)
        assert FRANCE not in due.players and FRANCE not in due.optional
        french = {u.province for u in state.units_of("france")}
        rng = SeededRng(derive_seed(seed, f"after-{state.year}{state.season}{state.step}"))
        inputs = {seat: GAME.random_input(state, seat, rng) for seat in due.players}
        if state.units_of("france"):  # whatever France's player might send is not read
            inputs[FRANCE] = GAME.random_input(state, FRANCE, rng)
        state = GAME.advance(state, inputs, rng).state
        assert {u.province for u in state.units_of("france")} <= french  # no move, no build
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.standings) == 7
    row = next(r for r in outcome.standings if r["seat"] == FRANCE)
    assert row["result"] == "loss" and "France" not in state.note


def test_the_draw_is_the_other_survivors_vote() -> None:
    state = standard_game(3, powers="in-order")  # Austria, England, France have players
    for seat in ("p1", "p2"):
        state = GAME.advance(state, {seat: orders(state, seat, "DRAW")}, SeededRng(1)).state
    assert GAME.outcome(state) is None  # France has not voted
    state = GAME.drop(state, FRANCE).state
    state = GAME.advance(state, {}, SeededRng(2)).state
    outcome = GAME.outcome(state)
    assert outcome is not None and "Austria, England" in state.note and "France" not in state.note
    assert {r["seat"]: r["result"] for r in outcome.standings}[FRANCE] == "loss"


def test_refusals_name_why() -> None:
    state = standard_game(3)
    with pytest.raises(EditRefused) as stranger:
        GAME.drop(state, "p9")
    assert stranger.value.code == "dip.E_DROP_SEAT"
    once = GAME.drop(GAME.drop(state, "p1").state, "p2").state
    with pytest.raises(EditRefused) as last:
        GAME.drop(once, "p3")
    assert last.value.code == "dip.E_DROP_LAST"
    with pytest.raises(EditRefused) as again:
        GAME.drop(once, "p1")
    assert again.value.code == "dip.E_DROP_AGAIN"
    assert "disorder" not in state.model_dump(mode="json")


def test_the_reports_say_a_dropped_power_is_in_civil_disorder() -> None:
    state = GAME.drop(standard_game(7), FRANCE).state
    header = {"campaign": "c", "game": "diplomacy", "seat": "p1", "turn": 1,
              "phase_label": "x", "phase_key": "x", "next_phase": "y", "deadline": None,
              "deadline_text": "soon", "finished": False}
    view = GAME.view(state, "p1", [])
    text, html = render_text(header, view), render_html(header, view)
    centres = text[text.index("SUPPLY CENTRES") :]
    france = centres[centres.index("\nFrance ") + 1 :].splitlines()
    assert "civil disorder" in france[1] and "played by" not in france[1]
    assert html.count("civil disorder") == 1
    kept = GAME.view(standard_game(7), "p1", [])
    assert "civil disorder" not in render_text(header, kept) + render_html(header, kept)
