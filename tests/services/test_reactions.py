"""Reaction windows in the engine: short deadline, question to one seat, ledger, replay."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from pbem.ledger import queries
from pbem.ledger.models import Event, Outbox, Phase, Player, Submission
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.reactions import reaction_hours, window_deadline
from pbem.services.turns.reminders import send_reminders
from pbem.services.turns.replay import replay
from pbem.services.turns.turns import run_due
from tests.support.reaction_toy import GAME as REACT
from tests.support.runtime import START, make_runtime, scenario_file, sqlite_url

ALICE, BOB = "alice@localhost", "bob@localhost"


@pytest.fixture
def rt(tmp_path: Path) -> Iterator[Runtime]:
    """A runtime with the reaction toy game and a three-round campaign 'c'."""
    games()["toy-react"] = REACT
    runtime = make_runtime(sqlite_url(tmp_path), missed_turn_policy="flag-replacement")
    runtime.settings = replace(runtime.settings, missed_turn_limit=1)
    players = [f"Alice <{ALICE}>", f"Bob <{BOB}>"]
    create_campaign(
        runtime, NewCampaign("c", "toy-react", scenario_file(tmp_path), players, seed=3)
    )
    yield runtime
    runtime.engine.dispose()
    games().pop("toy-react", None)


def _advance(rt: Runtime, **delta: float) -> None:
    rt.clock.at += timedelta(**delta)  # type: ignore[attr-defined]


def _open(rt: Runtime) -> Phase:
    with Session(rt.engine) as session:
        phase = queries.open_phase(session, queries.campaign_named(session, "c"))
        assert phase is not None
        return phase


def _events(rt: Runtime, code: str) -> list[Event]:
    with Session(rt.engine) as session:
        return list(session.exec(select(Event).where(Event.code == code).order_by(col(Event.id))))


def _mail(rt: Runtime, kind: str) -> list[Outbox]:
    with Session(rt.engine) as session:
        return list(session.exec(select(Outbox).where(Outbox.kind == kind)))


def _strike(rt: Runtime) -> None:
    submit_by_address(rt, "c", ALICE, "strike")
    _advance(rt, minutes=11)  # the normal early delay applies to the strike phase
    assert len(run_due(rt)) == 1


def test_window_phase_asks_one_seat_with_a_short_deadline(rt: Runtime) -> None:
    _strike(rt)
    phase = _open(rt)
    assert phase.key == "r1-answer-w1"
    assert phase.deadline is not None
    assert timedelta(hours=12) <= phase.deadline - rt.clock.now() <= timedelta(hours=13)
    questions = _mail(rt, "reaction")
    assert [q.recipient for q in questions] == [BOB]
    text = questions[0].raw.decode()
    assert "block: block it" in text and "pass (default)" in text
    opened = _events(rt, "core.reaction.opened")
    assert len(opened) == 1 and opened[0].visible_to == "p2"
    assert json.loads(opened[0].data_json)["phase"] == "r1-answer-w1"


def test_answer_runs_at_once_default_is_no_missed_turn_standing_closes(rt: Runtime) -> None:
    _strike(rt)
    _advance(rt, hours=13)  # round 1: Bob misses the window; the default (pass) is taken
    assert len(run_due(rt)) == 1
    _strike(rt)  # round 2: Bob answers, and sets a standing reaction
    receipt = submit_by_address(rt, "c", BOB, "react block\nstanding block")
    assert receipt["accepted"], receipt["problems"]
    assert len(run_due(rt)) == 1  # no early delay for a window
    _strike(rt)  # round 3: the standing reaction closes the window at once
    closed = [json.loads(e.data_json) for e in _events(rt, "core.reaction.closed")]
    assert [(c["window"], c["how"], c["answer"]) for c in closed] == [
        ("w1", "default", "pass"),
        ("w2", "answered", "block"),  # the standing reaction sent with it stays private
    ]
    assert [json.loads(e.data_json)["window"] for e in _events(rt, "core.reaction.standing")] == [
        "w3"
    ]
    assert len(_mail(rt, "reaction")) == 2  # no question for the window the standing rule closed
    with Session(rt.engine) as session:
        bob = session.exec(select(Player).where(Player.address == BOB)).one()
        assert bob.missed == 0 and bob.status == "active"
        rows = session.exec(select(Submission).where(Submission.seat == "p2")).all()
        assert sorted((s.source, s.used) for s in rows) == [("cli", True), ("default", True)]
        campaign = queries.campaign_named(session, "c")
        assert campaign.status == "finished"
    report = replay(rt, "c")
    assert report.ok and report.checked == 6  # the opening and five phases


def test_a_window_gets_the_reminder_inside_its_deadline_only_for_its_seat(rt: Runtime) -> None:
    _strike(rt)
    assert send_reminders(rt) == 0  # 12 hours left: the 24-hour lead time is not for windows
    _advance(rt, hours=10, minutes=30)
    assert send_reminders(rt) == 0  # the deadline is rounded up: over two hours are still left
    _advance(rt, minutes=30)
    assert send_reminders(rt) == 1
    reminders = _mail(rt, "reminder")
    assert [r.recipient for r in reminders] == [BOB]
    assert "react pass" in reminders[0].raw.decode()


def test_reaction_hours_setting_sets_the_window_deadline() -> None:
    assert reaction_hours({}) == 12.0
    assert reaction_hours({"reaction_hours": 2}) == 2.0
    deadline = window_deadline(START, {"reaction_hours": 2, "round_to_hour": True})
    assert deadline - START == timedelta(hours=2)
    assert window_deadline(START, {"reaction_hours": 1.5}) - START == timedelta(hours=2)
