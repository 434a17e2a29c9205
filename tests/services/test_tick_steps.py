"""The tick, its idle check and its timings read one table of steps (services/tick/steps.py)."""

from __future__ import annotations

import inspect
from pathlib import Path

from pbem.mail.transport.mailers import FileMailer
from pbem.services.base.runtime import Runtime
from pbem.services.tick import idle_checks, tick
from pbem.services.tick.steps import EVERY, MAILBOX, MAILBOX_FIRST, STEP_NAMES, STEPS


def test_the_tick_runs_every_step_of_the_table_and_nothing_else() -> None:
    assert list(tick.RUNNERS) == list(STEP_NAMES)
    assert len(set(STEP_NAMES)) == len(STEP_NAMES)
    assert {step.scope for step in STEPS} <= {EVERY, MAILBOX, MAILBOX_FIRST}


def test_every_idle_question_is_asked_by_a_step() -> None:
    """A question written in idle_checks.py and left out of the table would never be asked:
    the idle check would skip a tick that has that work."""
    asked = {question for step in STEPS for question in step.asks}
    questions = {
        function for name, function in inspect.getmembers(idle_checks, inspect.isfunction)
        if function.__module__ == idle_checks.__name__ and not name.startswith("_")
        and list(inspect.signature(function).parameters) == ["ledger", "now", "settings"]
    }  # fmt: skip
    assert questions and questions == asked
    assert [step.name for step in STEPS if step.asks_mailbox] == ["intake"]


def test_the_timings_name_each_step_of_the_table(rt: Runtime, tmp_path: Path) -> None:
    report = tick.tick(rt, None, FileMailer(str(tmp_path)), wait_seconds=5)
    assert list(report.seconds) == list(STEP_NAMES)
