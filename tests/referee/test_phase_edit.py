"""`pbem edit NAME phase …` in a Diplomacy campaign: the ledger closes the open phase (its
orders with it) and opens the phase set, replay rebuilds the same state, a rollback to the
phase before undoes it, a phase the rules never stand in is refused with the reason, and no
other edit may change the phase."""

from __future__ import annotations

import email
from email.policy import default as default_policy
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from pbem.core.game import Advance, Event
from pbem.core.rng import SeededRng
from pbem.errors import Invalid
from pbem.ledger import queries
from pbem.ledger.models import Adjustment, Outbox, Phase
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import canonical_json, current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.adjustments import _check_phase, edit_state
from pbem.services.turns.replay import replay
from pbem.services.turns.rollback import rollback
from pbem.services.turns.turns import run_phase
from tests.games.diplomacy_game.play import standard_game
from tests.support.finished import new_campaign, play_phase

REASON = "the judge skipped a season"


def _phases(rt: Runtime) -> list[Phase]:
    with Session(rt.engine) as session:
        return list(session.exec(select(Phase).order_by(col(Phase.seq))).all())


def _state_json(rt: Runtime) -> str:
    with Session(rt.engine) as session:
        return canonical_json(current_state(session, queries.campaign_named(session, "c")))


def _adjustment_mail(rt: Runtime) -> list[str]:
    with Session(rt.engine) as session:
        rows = session.exec(select(Outbox).where(col(Outbox.key).startswith("adjustment:"))).all()
    texts = []
    for row in rows:
        message = email.message_from_bytes(row.raw, policy=default_policy)
        texts.append(str(message.get_body(("plain",)).get_content()))  # type: ignore[union-attr]
    return texts


def _spring_1901_done(tmp_path: Path) -> Runtime:
    """Campaign "c" in Fall 1901 movement, after a Spring in which every unit held."""
    game, rt = new_campaign("diplomacy", tmp_path)
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        state = current_state(session, campaign)
        seats = {p.seat: p.address for p in queries.players_of(session, campaign)}
    for seat in game.due(state).players:
        submit_by_address(rt, "c", seats[seat], game.canonical(state, seat, game.default_input(
            state, seat)))
    run_phase(rt, "c", force=True)
    assert [p.key for p in _phases(rt)] == ["s1901m", "f1901m"]
    return rt


def test_a_phase_edit_closes_the_open_phase_and_opens_the_one_set(tmp_path: Path) -> None:
    rt = _spring_1901_done(tmp_path)
    game = games()["diplomacy"]
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        seats = {p.seat: p.address for p in queries.players_of(session, campaign)}
        state = current_state(session, campaign)
    assert game.random_input is not None
    text = game.canonical(state, "p1", game.random_input(state, "p1", SeededRng(2)))
    sent = submit_by_address(rt, "c", seats["p1"], text)
    assert sent["accepted"], sent
    done = edit_state(rt, "c", "phase spring 1902 movement", REASON)
    assert "Spring 1902 movement (was Fall 1901 movement)" in " ".join(done["events"])
    phases = _phases(rt)
    assert [(p.key, p.status) for p in phases] == [
        ("s1901m", "done"), ("f1901m", "void"), ("s1902m", "open")]
    assert phases[-1].deadline is not None
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        assert queries.live_submission(session, phases[-1], "p1") is None  # not carried
        assert queries.open_phase(session, campaign).key == "s1902m"  # type: ignore[union-attr]
    mail = _adjustment_mail(rt)
    assert len(mail) == len(seats) and all(REASON in text for text in mail)
    assert all("Orders for Spring 1902 movement are due by" in text for text in mail)
    assert all("no longer count" in text for text in mail)
    rt.engine.dispose()


def test_a_campaign_with_a_phase_edit_replays_exactly_and_plays_on(tmp_path: Path) -> None:
    rt = _spring_1901_done(tmp_path)
    game = games()["diplomacy"]
    edit_state(rt, "c", "phase spring 1902 movement", REASON)
    edit_state(rt, "c", "centre bel england", REASON)  # an edit in the phase it opened
    assert play_phase(rt, game, 1) and play_phase(rt, game, 2)
    keys = [p.key for p in _phases(rt) if p.status != "void"]
    assert keys[:3] == ["s1901m", "s1902m", "f1902m"], keys
    report = replay(rt, "c")
    assert report.ok, report.mismatches
    assert report.checked >= 5  # the opening, three phases and two edits
    rt.engine.dispose()


def test_a_rollback_to_the_phase_before_undoes_a_phase_edit(tmp_path: Path) -> None:
    rt = _spring_1901_done(tmp_path)
    game = games()["diplomacy"]
    before = _state_json(rt)
    edit_state(rt, "c", "phase spring 1902 movement", REASON)
    assert play_phase(rt, game, 3)
    plan = rollback(rt, "c", "s1901m", {}, "the phase edit was a mistake", True)
    assert plan.committed and plan.voided_adjustments == 1
    assert plan.stopped_at == "s1902m"  # the re-run Spring leads to Fall 1901, not 1902
    open_now = [p for p in _phases(rt) if p.status == "open"]
    assert [p.key for p in open_now] == ["f1901m"]
    assert _state_json(rt) == before
    with Session(rt.engine) as session:
        assert all(row.void for row in session.exec(select(Adjustment)).all())
    assert replay(rt, "c").ok
    rt.engine.dispose()


def test_a_phase_that_does_not_fit_the_board_is_refused_with_the_reason(
    tmp_path: Path,
) -> None:
    rt = _spring_1901_done(tmp_path)
    for command, words in (
        ("phase fall 1901 retreat", "Nobody would have anything to order in Fall 1901 retreats"),
        ("phase winter 1901 adjustment", "a winter a power that builds or removes"),
        ("phase winter 1901 movement", "Winter has no movement phase"),
        ("phase fall 1901 movement", "already in Fall 1901 movement"),
    ):
        with pytest.raises(Invalid) as refused:
            edit_state(rt, "c", command, REASON)
        assert refused.value.code == "referee.E_EDIT"
        assert words in str(refused.value.params["detail"]), refused.value.params
    assert [(p.key, p.status) for p in _phases(rt)] == [("s1901m", "done"), ("f1901m", "open")]
    assert _adjustment_mail(rt) == []
    rt.engine.dispose()


def test_only_an_edit_that_says_so_may_change_the_phase() -> None:
    game = games()["diplomacy"]
    start = standard_game()
    later = standard_game()
    later.season = "fall"
    quiet = Advance(state=later, events=[Event(code="core.referee_edit", data={"edit": "x"})])
    with pytest.raises(Invalid) as refused:
        _check_phase(game, start, quiet)
    assert refused.value.code == "referee.E_EDIT_PHASE"
    said = Advance(state=later, events=[Event(code="core.referee_phase", data={"edit": "x"})])
    assert _check_phase(game, start, said) is True
    assert _check_phase(game, start, Advance(state=start)) is False
