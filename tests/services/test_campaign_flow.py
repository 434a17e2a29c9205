"""The campaign life cycle through the services: create, status, submit, run, replay."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import text
from sqlmodel import Session, select

from pbem.errors import Conflict, Invalid
from pbem.ledger.models import Outbox, Phase, Snapshot, Submission
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.replay import replay
from pbem.services.turns.status import status
from pbem.services.turns.turns import run_due, run_phase
from pbem.wording import wording


def test_create_opens_first_phase_and_queues_welcomes(rt: Runtime, toy_campaign: str) -> None:
    info = status(rt, toy_campaign)
    assert info["phase"] == "Round 1" and info["turn"] == 1
    assert info["waiting_for"] == ["alice@localhost", "bob@localhost", "carol@localhost"]
    assert info["deadline"].endswith("+01:00")  # Europe/Paris in March, ISO 8601 with offset
    with Session(rt.engine) as session:
        kinds = [row.kind for row in session.exec(select(Outbox)).all()]
    assert kinds == ["welcome"] * 3


def test_duplicate_name_and_bad_player_count_are_refused(
    rt: Runtime, toy_campaign: str, tmp_path
) -> None:
    from tests.support.runtime import scenario_file

    with pytest.raises(Conflict):
        create_campaign(
            rt, NewCampaign("duel", "toy", scenario_file(tmp_path), ["A <a@x.org>", "B <b@x.org>"])
        )
    with pytest.raises(Invalid) as caught:
        create_campaign(rt, NewCampaign("solo", "toy", scenario_file(tmp_path), ["A <a@x.org>"]))
    assert caught.value.code == "campaign.E_PLAYER_COUNT"
    words = wording(caught.value.code, caught.value.params)
    assert words.endswith(", not 1.") and "were given" not in words  # never "1 were given"


def test_last_submission_wins_and_says_so(rt: Runtime, toy_campaign: str) -> None:
    first = submit_by_address(rt, toy_campaign, "alice@localhost", "pick 2")
    second = submit_by_address(rt, toy_campaign, "alice@localhost", "# changed my mind\npick 5")
    assert first["accepted"] and not first["replaced"]
    assert second["replaced"] and second["canonical"] == "pick 5"
    assert "REPLACE" in second["acknowledgement"]
    with Session(rt.engine) as session:
        rows = session.exec(select(Submission).order_by(Submission.id)).all()
    assert [r.superseded for r in rows] == [True, False]


def test_bad_orders_are_reported_with_line_and_keep_earlier(rt: Runtime, toy_campaign: str) -> None:
    submit_by_address(rt, toy_campaign, "bob@localhost", "pick 3")
    bad = submit_by_address(rt, toy_campaign, "bob@localhost", "\npick 9")
    assert not bad["accepted"]
    assert bad["problems"][0]["line"] == 2 and bad["problems"][0]["code"] == "toy.E_PICK"
    assert "bob@localhost" not in status(rt, toy_campaign)["waiting_for"]


def test_run_waits_until_all_in_unless_forced(rt: Runtime, toy_campaign: str) -> None:
    submit_by_address(rt, toy_campaign, "alice@localhost", "pick 6")
    with pytest.raises(Conflict) as caught:
        run_phase(rt, toy_campaign)
    assert caught.value.code == "turn.E_NOT_DUE"
    result = run_phase(rt, toy_campaign, force=True)
    assert sorted(result.defaults) == ["p2", "p3"]
    assert status(rt, toy_campaign)["phase"] == "Round 2"


def test_phase_guard_refuses_the_wrong_phase(rt: Runtime, toy_campaign: str) -> None:
    with pytest.raises(Conflict) as caught:
        run_phase(rt, toy_campaign, force=True, expected="round-2")
    assert caught.value.code == "turn.E_WRONG_PHASE"


def test_due_runs_after_deadline_or_after_early_delay(rt: Runtime, toy_campaign: str) -> None:
    assert run_due(rt) == []
    for who in ("alice", "bob", "carol"):
        submit_by_address(rt, toy_campaign, f"{who}@localhost", "pick 4")
    assert run_due(rt) == []  # complete, but the short delay is not over
    rt.clock.at += timedelta(minutes=11)  # type: ignore[attr-defined]
    assert [r.phase_key for r in run_due(rt)] == ["round-1"]
    rt.clock.at += timedelta(days=4)  # type: ignore[attr-defined]
    assert [r.phase_key for r in run_due(rt)] == ["round-2"]  # deadline passed: defaults


def test_a_phase_is_never_adjudicated_twice(rt: Runtime, toy_campaign: str) -> None:
    run_phase(rt, toy_campaign, force=True)
    with Session(rt.engine) as session:
        phases = session.exec(select(Phase).order_by(Phase.seq)).all()
    assert [(p.seq, p.status) for p in phases] == [(1, "done"), (2, "open")]
    with pytest.raises(Conflict):
        run_phase(rt, toy_campaign, force=True, expected="round-1")


def test_game_runs_to_the_end_and_replays_byte_for_byte(rt: Runtime, toy_campaign: str) -> None:
    for _ in range(3):
        run_phase(rt, toy_campaign, force=True)
    assert status(rt, toy_campaign)["status"] == "finished"
    report = replay(rt, toy_campaign)
    assert report.ok and report.checked == 4


def test_replay_detects_a_tampered_snapshot(rt: Runtime, toy_campaign: str) -> None:
    run_phase(rt, toy_campaign, force=True)
    with Session(rt.engine) as session:
        snapshot = session.exec(select(Snapshot).where(Snapshot.seq == 1)).one()
        snapshot.state_json = snapshot.state_json.replace('"round":2', '"round":9')
        session.add(snapshot)
        session.commit()
    report = replay(rt, toy_campaign)
    assert not report.ok and report.mismatches == ["phase 1 (round-1)"]


def test_same_seed_same_result(rt: Runtime, tmp_path) -> None:
    from tests.support.runtime import scenario_file

    players = ["A <a@localhost>", "B <b@localhost>"]
    for name in ("one", "two"):
        create_campaign(rt, NewCampaign(name, "toy", scenario_file(tmp_path), players, seed=99))
        run_phase(rt, name, force=True)
    with Session(rt.engine) as session:
        snaps = session.exec(
            text("SELECT state_json FROM snapshot WHERE seq = 1 ORDER BY id")
        ).all()  # type: ignore[call-overload]
    assert snaps[0][0] == snaps[1][0]
