"""A tick crashed at each stage then rerun, and overlapping ticks: nothing lost or doubled."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.failpoints import CRASH_EXIT
from pbem.ledger.models import Phase, Submission
from pbem.sandbox.mailstack import MailStack
from pbem.site_schema import SiteSettings
from tests.e2e.loop import Loop, subjects

# a crash after a send re-sends at most one mail per SMTP session the tick had open
SESSIONS = SiteSettings.model_fields["smtp_connections"].default

STAGES = [
    "ingest.after-store",
    "ingest.before-commit",
    "turn.after-advance",
    "turn.before-commit",
    "outbox.after-send",
]


def _replied(mail_stack: MailStack, tmp_path: Path) -> Loop:
    loop = Loop(mail_stack, tmp_path).start(count=2, rounds=2)
    loop.tick()
    for index, player in enumerate(loop.players):
        loop.new_mail(player)
        loop.reply(player, loop.inbox(player)[-1], f"pick {index + 3}")
    return loop


def _check_exactly_once(loop: Loop, duplicates_allowed: int = 0) -> None:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        phases = session.exec(select(Phase).order_by(Phase.seq)).all()
        used = session.exec(select(Submission).where(Submission.used == True)).all()  # noqa: E712
    assert [(p.seq, p.status) for p in phases] == [(1, "done"), (2, "open")]
    assert sorted(s.source for s in used) == ["mail", "mail"]
    extra = 0
    for player in loop.players:
        mail = loop.new_mail(player)
        ids = Counter(str(m["Message-ID"]) for m in mail)
        assert sorted(set(subjects(mail))) == [
            "[loop] Orders received: Round 1",
            "[loop] Report: Round 1",
        ]
        assert len(ids) == 2  # one ack, one report: distinct messages
        extra += sum(ids.values()) - len(ids)
    assert extra <= duplicates_allowed


@pytest.mark.slow
@pytest.mark.parametrize("stage", STAGES)
def test_crash_at_each_stage_then_rerun(mail_stack: MailStack, tmp_path: Path, stage: str) -> None:
    loop = _replied(mail_stack, tmp_path)
    assert loop.tick_process(failpoints=stage) == CRASH_EXIT
    assert loop.tick_process() == 0
    assert loop.tick_process() == 0
    _check_exactly_once(loop, duplicates_allowed=SESSIONS if stage == "outbox.after-send" else 0)


@pytest.mark.slow
def test_overlapping_ticks_serialise(mail_stack: MailStack, tmp_path: Path) -> None:
    loop = _replied(mail_stack, tmp_path)
    processes = [loop.tick_process(wait=False) for _ in range(3)]
    codes = [p.communicate(timeout=180)[0] and p.returncode for p in processes]  # type: ignore[union-attr]
    assert codes == [0, 0, 0]
    _check_exactly_once(loop)
