"""One campaign's failure or lost claim never stops the tick for the others (real mail, real DB)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from sqlmodel import Session, col, select

from pbem.errors import ExitCode
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Phase
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.isolation import CLAIM_LOST, E_CAMPAIGN_STEP
from pbem.services.turns import turns
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.e2e.loop import REPO, Loop, subjects
from tests.e2e.test_poison import database_url  # noqa: F401  (the two-backend fixture)


def two_campaigns(mail_stack: MailStack, tmp_path: Path, url: str) -> tuple[Loop, list[str]]:
    """Campaign 'alpha' (the loop's) and 'beta' in one ledger; returns beta's players."""
    loop = Loop(mail_stack, tmp_path).start(count=2, name="alpha", database_url=url)
    assert loop.rt is not None
    beta_players = [mail_stack.fresh_user() for _ in range(2)]
    scenario = tmp_path / "beta.txt"
    scenario.write_text("rounds = 3\n")
    addresses = [f"{p.title()} <{p}@localhost>" for p in beta_players]
    create_campaign(loop.rt, NewCampaign("beta", "toy", str(scenario), addresses, seed=6))
    loop.tick()
    for player in [*loop.players, *beta_players]:
        loop.new_mail(player)
    return loop, beta_players


def make_due(loop: Loop, name: str) -> None:
    """Move a campaign's open deadline into the past."""
    assert loop.rt is not None
    past = loop.rt.clock.now() - timedelta(hours=1)
    with session_scope(loop.rt.engine) as session:
        campaign_id = _campaign_id(session, name)
        session.exec(
            update(Phase)
            .where(col(Phase.campaign_id) == campaign_id, col(Phase.status) == "open")
            .values(deadline=past)
        )


def _campaign_id(session: Session, name: str) -> int:
    campaign = session.exec(select(Campaign).where(Campaign.name == name)).one()
    return int(campaign.id or 0)


def break_campaign(loop: Loop) -> None:
    """Give alpha a stored setting that raises when read, and a complete phase that reads it."""
    assert loop.rt is not None
    with session_scope(loop.rt.engine) as session:
        campaign = session.exec(select(Campaign).where(Campaign.name == "alpha")).one()
        settings = json.loads(campaign.settings_json)
        settings["campaign"]["early_delay_minutes"] = "abc"
        campaign.settings_json = json.dumps(settings)
        session.add(campaign)
        campaign_id = campaign.id
        session.exec(
            update(Phase)
            .where(col(Phase.campaign_id) == campaign_id, col(Phase.status) == "open")
            .values(complete_at=loop.rt.clock.now() - timedelta(hours=1))
        )


@pytest.mark.slow
def test_a_failing_campaign_is_reported_and_the_others_run(
    mail_stack: MailStack,
    tmp_path: Path,
    database_url: str,  # noqa: F811
) -> None:
    loop, beta_players = two_campaigns(mail_stack, tmp_path, database_url)
    break_campaign(loop)
    make_due(loop, "beta")
    report = loop.tick()
    assert [(t.campaign, t.phase_key) for t in report.turns] == [("beta", "round-1")]
    assert [(n.campaign, n.step, n.code) for n in report.failures] == [
        ("alpha", "turn", E_CAMPAIGN_STEP)
    ]
    assert "ValueError" in report.failures[0].detail
    assert report.exit_code == ExitCode.PARTIAL
    for player in beta_players:
        assert subjects(loop.new_mail(player)) == ["[beta] Report: Round 1"]
    output = _cli_tick(loop)
    assert output.returncode == ExitCode.PARTIAL
    assert "campaign alpha (turn): tick.E_CAMPAIGN_STEP ValueError" in output.stdout


def _cli_tick(loop: Loop) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "tests.e2e.run_pbem", "--config", str(loop.config), "tick"]
    return subprocess.run(
        command, env=env, cwd=REPO, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.slow
def test_a_claim_lost_to_a_concurrent_turn_run_is_a_normal_outcome(
    mail_stack: MailStack, tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`pbem turn run` in another process claims alpha between the tick's read and its claim."""
    loop, beta_players = two_campaigns(mail_stack, tmp_path, pg_url)
    make_due(loop, "alpha")
    make_due(loop, "beta")
    real_is_due = turns.is_due
    raced: list[int] = []

    def racing_is_due(
        session: Session, rt: Any, campaign: Campaign, phase: Phase, state: Any
    ) -> bool:
        if campaign.name == "alpha":
            raced.append(_concurrent_turn_run(loop, "alpha").returncode)
        return real_is_due(session, rt, campaign, phase, state)

    monkeypatch.setattr(turns, "is_due", racing_is_due)
    report = loop.tick()
    assert raced == [0]  # the other process really adjudicated alpha's phase
    assert [(n.campaign, n.code) for n in report.campaigns] == [("alpha", CLAIM_LOST)]
    assert report.failures == []
    assert [(t.campaign, t.phase_key) for t in report.turns] == [("beta", "round-1")]
    assert report.exit_code == ExitCode.OK
    assert report.retrying == 0 and report.dead == 0
    for player in loop.players:
        assert subjects(loop.new_mail(player)) == ["[alpha] Report: Round 1"]
    for player in beta_players:
        assert subjects(loop.new_mail(player)) == ["[beta] Report: Round 1"]


def _concurrent_turn_run(loop: Loop, name: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [
        sys.executable, "-m", "tests.e2e.run_pbem", "--config", str(loop.config),
        "turn", "run", name, "--force",
    ]  # fmt: skip
    return subprocess.run(
        command, env=env, cwd=REPO, capture_output=True, text=True, timeout=120, check=False
    )
