"""An idle `pbem tick` loads only what it needs: no Pillow, Jinja2, Alembic or game package."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from pbem.cli.app import app_for, full_app, requested
from pbem.clock import SystemClock
from pbem.config import Secret
from pbem.mail.mailers import open_mailer
from pbem.services.campaigns import NewCampaign, create_campaign
from pbem.services.tick import tick
from tests.support.runtime import make_runtime, sqlite_url

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("PIL", "jinja2", "alembic", "pbem.games", "pbem.render.png")
PLAYERS = ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cat <cat@example.org>"]
CHILD = """
import json, sys
PREFIXES = ("PIL", "jinja2", "alembic", "pbem")
from pbem.cli.app import main
sys.argv = ["pbem", "tick", "--json"]
try:
    main()
except SystemExit as exc:
    code = exc.code
loaded = sorted(m for m in sys.modules if m.startswith(PREFIXES))
print(json.dumps({"code": code, "loaded": loaded}))
"""


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
        PYTHONPATH=str(ROOT),
    )
    return env


def _loaded_by_idle_tick(env: dict[str, str], tmp_path: Path) -> list[str]:
    """The modules of interest that `pbem tick` had imported by its end, in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["code"] == 0, done.stdout
    return list(found["loaded"])


def test_idle_tick_imports_no_renderer_templates_alembic_or_games(tmp_path: Path) -> None:
    env = _idle_ledger(tmp_path)
    loaded = _loaded_by_idle_tick(env, tmp_path)
    heavy = [m for m in loaded if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    assert heavy == []
    assert "pbem.services.tick" in loaded  # the tick really ran in the child


def test_the_command_line_picks_the_smallest_app() -> None:
    assert requested(["--config", "x.toml", "tick", "--json"]) == "tick"
    assert requested(["--config=x.toml", "status"]) == "status"
    assert requested(["--help"]) is None
    assert app_for(["tick"]) is not full_app()
    assert app_for(["tick", "--help"]) is full_app()
    assert app_for(["status"]) is full_app()
