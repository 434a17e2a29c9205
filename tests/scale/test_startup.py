"""An idle `pbem tick` loads only what it needs: no Pillow, Jinja2, Alembic or game package; and
when the ledger and the mailbox hold nothing to do, not even Typer or SQLAlchemy (cli/idle.py)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from pbem.cli.app import app_for, full_app, requested
from pbem.cli.collecting import THRESHOLDS
from pbem.clock import SystemClock
from pbem.config import Secret
from pbem.mail.transport.mailers import open_mailer
from pbem.services.tick.tick import tick
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.child_tick import run_pbem_child
from tests.support.runtime import make_runtime, sqlite_url

HEAVY = ("PIL", "jinja2", "alembic", "pbem.games", "pbem.render.png")
FULL_TICK_ONLY = ("sqlmodel", "sqlalchemy", "typer", "click", "rich", "pbem.services.tick.tick")
PLAYERS = ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cat <cat@example.org>"]


def _idle_ledger(tmp_path: Path) -> dict[str, str]:
    """A ledger with one campaign whose welcome mail is sent and whose turn is not due."""
    url = sqlite_url(tmp_path)
    outbox = tmp_path / "sent"
    outbox.mkdir()
    rt = make_runtime(url, smtp_url=Secret(f"file://{outbox}"))
    rt = replace(rt, clock=SystemClock())  # the child runs on the real clock too
    create_campaign(rt, NewCampaign("vale", "mighty-kingdoms", "valley-3", PLAYERS, seed=5))
    tick(rt, None, open_mailer(f"file://{outbox}"))  # send the welcome mail: now all is idle
    rt.engine.dispose()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env.update(
        PBEM_DATABASE_URL=url,
        PBEM_SMTP_URL=f"file://{outbox}",
        PBEM_REFEREE_ADDRESS="referee@localhost",
    )
    return env


@pytest.mark.subprocess
def test_idle_tick_imports_no_renderer_templates_alembic_or_games(tmp_path: Path) -> None:
    env = _idle_ledger(tmp_path)
    full = run_pbem_child(["tick", "--json"], {**env, "PBEM_IDLE_CHECK": "0"}, tmp_path)
    assert full.code == 0, full.output
    assert [name for name in HEAVY if full.imported(name)] == []
    assert full.imported("pbem.services.tick.tick")  # the full tick really ran in the child
    assert full.thresholds == THRESHOLDS and full.frozen > 0  # it collected less (collecting.py)


@pytest.mark.subprocess
def test_idle_tick_is_answered_before_typer_and_sqlalchemy_load(tmp_path: Path) -> None:
    env = _idle_ledger(tmp_path)
    fast = run_pbem_child(["tick", "--json"], env, tmp_path)
    assert fast.code == 0, fast.output
    assert [name for name in HEAVY + FULL_TICK_ONLY if fast.imported(name)] == []
    assert fast.imported("pbem.services.tick.idle_checks")  # the fast path answered


@pytest.mark.subprocess
@pytest.mark.slow
def test_the_idle_answer_prints_what_the_full_tick_prints(tmp_path: Path) -> None:
    env = _idle_ledger(tmp_path)
    for args in (["tick"], ["tick", "--json"], ["tick", "--wait", "5", "--json"]):
        fast = run_pbem_child(args, env, tmp_path)
        full = run_pbem_child(args, {**env, "PBEM_IDLE_CHECK": "0"}, tmp_path)
        assert not fast.imported("sqlmodel") and full.imported("sqlmodel")
        assert (fast.code, fast.output) == (full.code, full.output)


@pytest.mark.subprocess
@pytest.mark.slow
def test_other_tick_forms_go_the_full_way(tmp_path: Path) -> None:
    env = _idle_ledger(tmp_path)
    for args in (["tick", "--dry-run"], ["tick", "--workers", "1"], ["tick", "--bogus"]):
        run = run_pbem_child(args, env, tmp_path)
        assert run.imported("typer"), args
    crashing = run_pbem_child(["tick"], {**env, "PBEM_FAILPOINTS": "nowhere"}, tmp_path)
    assert crashing.imported("pbem.services.tick.tick") and crashing.code == 0


def test_the_command_line_picks_the_smallest_app() -> None:
    assert requested(["--config", "x.toml", "tick", "--json"]) == "tick"
    assert requested(["--config=x.toml", "status"]) == "status"
    assert requested(["--help"]) is None
    assert app_for(["tick"]) is not full_app()
    assert app_for(["tick", "--help"]) is full_app()
    assert app_for(["status"]) is full_app()
