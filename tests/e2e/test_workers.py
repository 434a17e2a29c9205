"""Several `pbem tick` workers on one PostgreSQL ledger: every phase is adjudicated once, every
mail reaches the players once (counted at the mail server by Message-ID), and no order is lost,
also when a worker is killed at each stage and the others carry on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from sqlmodel import Session, col, func, select

from pbem.failpoints import CRASH_EXIT
from pbem.ledger.models import Campaign, Outbox, Phase, Snapshot, Submission
from pbem.sandbox.mailstack import MailStack
from pbem.services.outbox.outbox import BATCH
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.site_schema import SiteSettings
from tests.e2e.loop import REPO, Loop, subjects

# a crash after a send re-sends at most one mail per SMTP session the tick had open
SESSIONS = SiteSettings.model_fields["smtp_connections"].default

STAGES = [
    "ingest.after-store",
    "ingest.before-commit",
    "turn.after-advance",
    "turn.before-commit",
    "outbox.after-send",
]
CAMPAIGNS = 3  # of two players each, sharing the referee's mailbox


def _campaigns(mail_stack: MailStack, tmp_path: Path, pg_url: str) -> tuple[Loop, list[str]]:
    """Three campaigns in one PostgreSQL ledger; every player has replied with orders."""
    loop = Loop(mail_stack, tmp_path).start(count=2, rounds=2, database_url=pg_url)
    assert loop.rt is not None
    players = list(loop.players)
    scenario = tmp_path / "toy.txt"
    for number in range(2, CAMPAIGNS + 1):
        seats = [mail_stack.fresh_user() for _ in range(2)]
        players += seats
        addresses = [f"{p.title()} <{p}@localhost>" for p in seats]
        create_campaign(loop.rt, NewCampaign(f"loop{number}", "toy", str(scenario), addresses))
    loop.tick()  # the welcome mails
    for index, player in enumerate(players):
        loop.new_mail(player)
        loop.reply(player, loop.inbox(player)[-1], f"pick {index % 5 + 2}")
    return loop, players


def _workers(loop: Loop, count: int, failpoints: str = "") -> list[int]:
    """Run `count` tick processes at once (the first with `failpoints`); their exit codes."""
    started = [
        loop.tick_process(failpoints=failpoints if i == 0 else "", wait=False) for i in range(count)
    ]
    codes = []
    for process in started:
        assert isinstance(process, subprocess.Popen)
        process.communicate(timeout=240)
        codes.append(process.returncode)
    return codes


def _check_exactly_once(loop: Loop, players: list[str], duplicates_allowed: int = 0) -> None:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        names = session.exec(select(Campaign.name).order_by(col(Campaign.name))).all()
        statuses = session.exec(
            select(Campaign.name, Phase.seq, Phase.status)
            .where(Phase.campaign_id == Campaign.id)
            .order_by(col(Campaign.name), col(Phase.seq))
        ).all()
        snapshots = session.exec(
            select(Snapshot.phase_id, func.count())
            .where(col(Snapshot.phase_id).is_not(None))
            .group_by(col(Snapshot.phase_id))
        ).all()
        used = session.exec(select(Submission).where(Submission.used == True)).all()  # noqa: E712
        reports = session.exec(select(Outbox.recipient).where(Outbox.kind == "report")).all()
    assert len(names) == CAMPAIGNS
    assert statuses == [(n, s, st) for n in names for s, st in ((1, "done"), (2, "open"))]
    assert len(snapshots) == CAMPAIGNS  # one adjudicated phase each ...
    assert all(count == 1 for _, count in snapshots)  # ... adjudicated once
    assert sorted(s.source for s in used) == ["mail"] * len(players)  # no order lost
    assert Counter(reports) == Counter(f"{p}@localhost" for p in players)
    extra = 0
    for player in players:
        mail = loop.new_mail(player)
        ids = Counter(str(m["Message-ID"]) for m in mail)
        tag = "[loop]" if player in loop.players else f"[loop{_campaign_number(players, player)}]"
        assert sorted(set(subjects(mail))) == [
            f"{tag} Orders received: Round 1",
            f"{tag} Report: Round 1",
        ]
        assert len(ids) == 2
        extra += sum(ids.values()) - len(ids)
    assert extra <= duplicates_allowed


def _campaign_number(players: list[str], player: str) -> int:
    return players.index(player) // 2 + 1


@pytest.mark.slow
@pytest.mark.parametrize("workers", [2, 4])
def test_workers_share_a_tick_exactly_once(
    mail_stack: MailStack, tmp_path: Path, pg_url: str, workers: int
) -> None:
    loop, players = _campaigns(mail_stack, tmp_path, pg_url)
    assert _workers(loop, workers) == [0] * workers
    _check_exactly_once(loop, players)


@pytest.mark.slow
@pytest.mark.parametrize("stage", STAGES)
def test_a_worker_killed_at_each_stage_leaves_nothing_lost_or_doubled(
    mail_stack: MailStack, tmp_path: Path, pg_url: str, stage: str
) -> None:
    loop, players = _campaigns(mail_stack, tmp_path, pg_url)
    first = _workers(loop, 3, failpoints=stage)
    assert first[0] in (0, CRASH_EXIT) and first[1:] == [0, 0]
    assert _workers(loop, 2) == [0, 0]  # the survivors' next tick finishes what was left
    resent = SESSIONS if stage == "outbox.after-send" else 0
    _check_exactly_once(loop, players, duplicates_allowed=resent)


@pytest.mark.slow
def test_a_worker_killed_mid_send_is_finished_by_another(
    mail_stack: MailStack, tmp_path: Path, pg_url: str
) -> None:
    loop, players = _campaigns(mail_stack, tmp_path, pg_url)
    assert loop.tick_process(failpoints="outbox.after-send") == CRASH_EXIT
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        stuck = session.exec(select(Outbox).where(Outbox.status == "sending")).all()
    # sent but not recorded (one a session at most), or claimed in the same batch, not sent
    assert 1 <= len(stuck) <= SESSIONS * BATCH
    assert _workers(loop, 2) == [0, 0]
    with Session(loop.rt.engine) as session:
        row = session.get(Outbox, stuck[0].id)
        left = session.exec(select(Outbox).where(col(Outbox.status) != "sent")).all()
    assert row is not None and row.status == "sent" and left == []
    _check_exactly_once(loop, players, duplicates_allowed=SESSIONS)


@pytest.mark.slow
def test_tick_workers_option_runs_them_side_by_side(
    mail_stack: MailStack, tmp_path: Path, pg_url: str
) -> None:
    loop, players = _campaigns(mail_stack, tmp_path, pg_url)
    command = [sys.executable, "-m", "tests.e2e.run_pbem", "--config", str(loop.config)]
    env = {**os.environ, "PBEM_TEST_REGISTER_TOY": "1", "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [*command, "tick", "--workers", "3", "--json"],
        env=env,
        cwd=REPO,
        capture_output=True,
        timeout=240,
    )
    summary = json.loads(done.stdout)
    assert done.returncode == 0 and summary["exit_code"] == 0
    assert [w["exit_code"] for w in summary["workers"]] == [0, 0]
    everyone = [summary, *summary["workers"]]
    assert sum(w["processed"] for w in everyone) == len(players)  # each order read once
    assert sum(len(w["turns"]) for w in everyone) == CAMPAIGNS
    _check_exactly_once(loop, players)
