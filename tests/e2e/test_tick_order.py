"""The tick's shape at scale: replies go out before any adjudication, and a spent time budget
leaves the remaining adjudications to the next tick instead of ending it."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.failpoints import CRASH_EXIT
from pbem.ledger.models import Outbox, Phase
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.time_budget import TimeBudget
from pbem.services.intake.ingest import IngestStats
from pbem.services.intake.mailroom import process_pending
from pbem.services.turns.turns import run_due
from tests.e2e.loop import Loop, subjects


def _all_replied(mail_stack: MailStack, tmp_path: Path) -> Loop:
    loop = Loop(mail_stack, tmp_path).start(count=2, rounds=2)
    loop.tick()
    for index, player in enumerate(loop.players):
        loop.new_mail(player)
        loop.reply(player, loop.inbox(player)[-1], f"pick {index + 3}")
    return loop


def _statuses(loop: Loop) -> list[tuple[int, str]]:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        return [(p.seq, p.status) for p in session.exec(select(Phase).order_by(Phase.seq))]


@pytest.mark.slow
def test_acknowledgements_are_sent_before_adjudication(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _all_replied(mail_stack, tmp_path)
    # The tick dies in the middle of adjudicating: the players have heard back all the same.
    assert loop.tick_process(failpoints="turn.after-advance") == CRASH_EXIT
    for player in loop.players:
        assert subjects(loop.new_mail(player)) == ["[loop] Orders received: Round 1"]
    assert _statuses(loop) == [(1, "open")]
    assert loop.tick_process() == 0
    for player in loop.players:
        assert subjects(loop.new_mail(player)) == ["[loop] Report: Round 1"]


@pytest.mark.slow
def test_a_spent_budget_leaves_due_phases_for_the_next_tick(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _all_replied(mail_stack, tmp_path)
    assert loop.rt is not None
    loop.tick_process(failpoints="")  # reads, acknowledges and adjudicates: the normal path
    assert _statuses(loop) == [(1, "done"), (2, "open")]
    for player in loop.players:
        loop.new_mail(player)
        loop.reply(player, loop.inbox(player)[-1], "pick 4")
    loop.tick_process(failpoints="turn.after-advance")  # stores and acknowledges round 2
    process_pending(loop.rt, IngestStats())
    assert run_due(loop.rt, [], TimeBudget(0)) == []  # nothing started once the budget is spent
    assert _statuses(loop)[-1] == (2, "open")
    assert len(run_due(loop.rt, [], TimeBudget(60))) == 1  # the next tick takes it up
    assert (2, "done") in _statuses(loop)


def _outbox(loop: Loop) -> list[tuple[str, str]]:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        rows = session.exec(select(Outbox).where(Outbox.kind == "report")).all()
        return sorted((row.recipient, row.status) for row in rows)


@pytest.mark.slow
def test_reports_drafted_by_a_crashed_tick_are_drawn_and_sent_once(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = _all_replied(mail_stack, tmp_path)
    # Adjudicated and committed, then the tick dies before drawing a single report.
    assert loop.tick_process(failpoints="tick.before-draw") == CRASH_EXIT
    assert _statuses(loop) == [(1, "done"), (2, "open")]
    assert [status for _, status in _outbox(loop)] == ["draft", "draft"]
    for player in loop.players:
        assert subjects(loop.new_mail(player)) == ["[loop] Orders received: Round 1"]
    assert loop.tick_process() == 0  # the next tick draws what the crashed one drafted
    assert [status for _, status in _outbox(loop)] == ["sent", "sent"]
    for player in loop.players:
        assert subjects(loop.new_mail(player)) == ["[loop] Report: Round 1"]
    assert loop.tick_process() == 0
    for player in loop.players:
        assert loop.new_mail(player) == []  # drawn once, sent once
