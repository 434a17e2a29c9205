"""`pbem tick` from cron against the real Dovecot: idle ticks end before SQLAlchemy loads, and
the first tick after mail arrives reads and answers it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pbem.sandbox.mailstack import MailStack
from tests.e2e.loop import Loop, subjects
from tests.support.child_tick import ChildRun, run_pbem_child


def _tick(loop: Loop) -> tuple[ChildRun, dict[str, object]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    run = run_pbem_child(["--config", str(loop.config), "tick", "--json"], env, loop.directory)
    return run, json.loads(run.output)


@pytest.mark.slow
def test_idle_ticks_skip_the_full_tick_until_mail_comes(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path).start_game("vale", "mighty-kingdoms", 3, seed=5)
    loop.tick()  # the welcome mail goes out; the mailbox cursor is recorded
    player = loop.players[0]
    assert subjects(loop.new_mail(player)) == ["[vale] Welcome to Mighty Kingdoms"]

    idle, summary = _tick(loop)
    assert idle.code == 0 and summary["stored"] == 0
    assert not idle.imported("sqlmodel") and not idle.imported("typer")

    loop.reply(player, loop.inbox(player)[-1], "HELP\n")
    busy, summary = _tick(loop)
    assert busy.code == 0 and summary["stored"] == 1 and summary["processed"] == 1
    assert busy.imported("sqlmodel")  # the full tick read the mail ...
    assert len(loop.new_mail(player)) == 1  # ... and answered it

    again, summary = _tick(loop)
    assert again.code == 0 and summary["stored"] == 0
    assert not again.imported("sqlmodel")  # nothing left: idle once more
