"""An idle tick's reminder and alert scans look only at campaigns that have something due."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, col, select

from pbem.ledger.models import Phase, Player
from pbem.services.base.runtime import Runtime
from pbem.services.outbox import alerts
from pbem.services.turns import reminders
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.runtime import scenario_file


def _campaigns(rt: Runtime, tmp_path: Path, count: int) -> None:
    for n in range(count):
        players = [f"P <c{n}.{s}@localhost>" for s in range(2)]
        create_campaign(rt, NewCampaign(f"c{n}", "toy", scenario_file(tmp_path), players, seed=n))


def _spy(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[str]:
    seen: list[str] = []
    real = getattr(module, name)

    def spy(session: Session, rt: Runtime, campaign: Any, *args: Any) -> Any:
        seen.append(campaign.name)
        return real(session, rt, campaign, *args)

    monkeypatch.setattr(module, name, spy)
    return seen


def _first_deadline(rt: Runtime) -> Any:
    with Session(rt.engine) as session:
        return session.exec(select(Phase.deadline).order_by(col(Phase.id))).first()


def test_reminders_look_only_at_deadlines_within_the_longest_lead(
    rt: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _campaigns(rt, tmp_path, 4)
    looked = _spy(monkeypatch, reminders, "_remind_phase")
    assert reminders.send_reminders(rt) == 0 and looked == []  # every deadline days away
    deadline = _first_deadline(rt)
    rt.clock.at = deadline - timedelta(hours=23)  # type: ignore[attr-defined]
    assert reminders.send_reminders(rt) == 8  # two seats in each of four campaigns
    assert sorted(looked) == ["c0", "c1", "c2", "c3"]
    looked.clear()
    rt.clock.at = deadline + timedelta(minutes=1)  # type: ignore[attr-defined]
    assert reminders.send_reminders(rt) == 0 and looked == []  # passed: nothing to remind


def test_alerts_look_only_at_campaigns_with_a_flag_or_a_bounce(
    rt: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _campaigns(rt, tmp_path, 3)
    looked = _spy(monkeypatch, alerts, "_alerts_for")
    assert alerts.alert_referee(rt) == 0 and looked == []
    with Session(rt.engine) as session:
        player = session.exec(select(Player).where(Player.address == "c1.0@localhost")).one()
        player.status, player.missed = "flagged", 2
        session.add(player)
        session.commit()
    assert alerts.alert_referee(rt) == 1 and looked == ["c1"]
