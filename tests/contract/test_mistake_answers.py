"""Answers to ordinary mistakes say what is expected now (issue 34 item 4): a battle order at
deployment, a short army, a deployment with one misspelt unit (held, and the phase waits), a
mail from a seat that owes nothing, a plan sent out of turn."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session

from pbem.ledger import queries
from pbem.registry import games
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.reading import read_input
from pbem.wording import wording
from tests.contract.test_games import opening
from tests.support.any_game import start_campaign, state_and_seats


def test_a_battle_order_at_deployment_says_that_deployment_is_now() -> None:
    game = games()["dba-cards"]
    reading = read_input(game, opening(game, 1), "p1", "move c4-c5 with march")
    assert reading.standing == "refused"
    [found] = reading.problems
    assert found.code == "dba.E_DEPLOY_NOW"
    assert "deployment" in wording(found.code, found.params)


def test_a_short_army_says_how_to_deploy_a_whole_one() -> None:
    game = games()["dba-cards"]
    reading = read_input(game, opening(game, 1), "p1", "army roman\nblade d2")
    [found] = reading.problems
    assert found.code == "dba.E_ARMY_SIZE"
    assert '"army KEY" alone' in wording(found.code, found.params)


def test_a_misspelt_unit_type_at_deployment_gets_a_did_you_mean() -> None:
    game = games()["dba-cards"]
    reading = read_input(game, opening(game, 1), "p1", "army roman\nblads d2")
    assert [p.suggestion for p in reading.problems if p.line == 2] == ["blades"]


def test_a_plan_sent_out_of_turn_says_it_waits_for_the_next_turn() -> None:
    game = games()["kings-of-israel"]
    state = opening(game, 1)
    assert game.due(state).players == ["p1"]
    reading = read_input(game, state, "p2", "preach")
    assert reading.standing == "clean"
    [note] = reading.problems
    assert (note.code, note.severity, note.line) == ("ki.W_PLAN_LATER", "warning", 1)
    assert "next turn" in wording(note.code, note.params)
    assert read_input(game, state, "p1", "preach").problems == []


def test_mail_from_the_seat_not_up_says_whom_the_phase_waits_for_and_until_when(
    tmp_path: Path,
) -> None:
    _, rt = start_campaign("david-goliath", tmp_path, seed=1)
    found = state_and_seats(rt)
    assert found is not None
    state, addresses = found
    up = games()["david-goliath"].due(state).players
    idle = next(seat for seat in sorted(addresses) if seat not in up)
    answer = submit_by_address(rt, "c", addresses[idle], "move walk to c2")
    assert not answer["accepted"]
    text = answer["acknowledgement"]
    assert "line 0" not in text and "\n  Nothing is owed from you (" in text
    assert f"waits for P{up[0][1:]} ({up[0]})" in text and "at the latest" in text
    assert "hear from us again" in text


def test_an_order_of_another_step_says_which_order_the_step_takes() -> None:
    game = games()["david-goliath"]
    state = opening(game, 1)
    [seat] = game.due(state).players
    reading = read_input(game, state, seat, "move walk to c2")
    [found] = reading.problems
    assert found.code == "dg.E_WRONG_STEP"
    assert 'takes "place" or "pass"' in wording(found.code, found.params)


def test_a_deployment_with_a_misspelt_unit_is_held_and_the_phase_waits(tmp_path: Path) -> None:
    game, rt = start_campaign("dba-cards", tmp_path, seed=1)
    found = state_and_seats(rt)
    assert found is not None
    state, addresses = found
    first, *others = game.due(state).players
    text = game.canonical(state, first, game.default_input(state, first))
    wrong = text.replace("\ncamp ", "\ncmp ", 1)
    answer = submit_by_address(rt, "c", addresses[first], wrong)
    assert answer["accepted"]
    ack = answer["acknowledgement"]
    assert "stand, WITH PROBLEMS" in ack and '(did you mean "camp"?)' in ack
    assert "12 of the army's 13 units" in ack and "\ncmp " not in ack.split("AS UNDERSTOOD")[1]
    for seat in others:
        clean = game.canonical(state, seat, game.default_input(state, seat))
        assert submit_by_address(rt, "c", addresses[seat], clean)["accepted"]
    with Session(rt.engine) as session:
        phase = queries.open_phase(session, queries.campaign_named(session, "c"))
        assert phase is not None and phase.complete_at is None  # does not run early
    assert submit_by_address(rt, "c", addresses[first], text)["accepted"]
    with Session(rt.engine) as session:
        phase = queries.open_phase(session, queries.campaign_named(session, "c"))
        assert phase is not None and phase.complete_at is not None  # whole now: it may
