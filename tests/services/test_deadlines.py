"""Deadlines, reminders, missed turns and reply rate limits."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from sqlmodel import Session, select

from pbem.ledger.models import Outbox, Player
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.reminders import send_reminders
from pbem.services.turns.turns import run_due


def _kinds(rt: Runtime, kind: str) -> list[str]:
    with Session(rt.engine) as session:
        return [
            row.recipient for row in session.exec(select(Outbox).where(Outbox.kind == kind)).all()
        ]


def test_reminders_go_once_per_lead_time_to_those_who_owe(rt: Runtime, toy_campaign: str) -> None:
    submit_by_address(rt, toy_campaign, "alice@localhost", "pick 2")
    assert send_reminders(rt) == 0  # deadline is 72 h away; the first lead time is 24 h
    rt.clock.at += timedelta(hours=49)  # type: ignore[attr-defined]
    assert send_reminders(rt) == 2
    assert send_reminders(rt) == 0  # not twice for the same lead time
    assert sorted(_kinds(rt, "reminder")) == ["bob@localhost", "carol@localhost"]
    rt.clock.at += timedelta(hours=21, minutes=30)  # type: ignore[attr-defined]
    assert send_reminders(rt) == 2  # the 2-hour reminder
    assert len(_kinds(rt, "reminder")) == 4


def test_a_late_run_sends_only_the_nearest_reminder(rt: Runtime, toy_campaign: str) -> None:
    rt.clock.at += timedelta(hours=71)  # type: ignore[attr-defined]
    assert send_reminders(rt) == 3
    assert send_reminders(rt) == 0


def test_missed_deadlines_count_and_flag_under_the_replacement_policy(
    rt: Runtime, toy_campaign: str
) -> None:
    rt.settings = replace(rt.settings, missed_turn_policy="flag-replacement", missed_turn_limit=2)
    for _ in range(2):
        submit_by_address(rt, toy_campaign, "alice@localhost", "pick 3")
        rt.clock.at += timedelta(days=4)  # type: ignore[attr-defined]
        assert len(run_due(rt)) == 1
    with Session(rt.engine) as session:
        players = {p.address: p for p in session.exec(select(Player)).all()}
    assert players["alice@localhost"].missed == 0 and players["alice@localhost"].status == "active"
    assert players["bob@localhost"].missed == 2 and players["bob@localhost"].status == "flagged"


def test_keep_defaults_policy_never_flags(rt: Runtime, toy_campaign: str) -> None:
    for _ in range(3):
        rt.clock.at += timedelta(days=4)  # type: ignore[attr-defined]
        run_due(rt)
    with Session(rt.engine) as session:
        assert {p.status for p in session.exec(select(Player)).all()} == {"active"}
