"""Sent mail kept slim: once a mail is sent and `sent_raw_days` have passed, its stored copy
keeps the headers, the text and the HTML, and drops the map pictures.

The pictures are most of a report's bytes (nearly nine tenths in bench/ledger_growth.py).
Nothing needs them after sending: a resend (`RESEND` by mail, `pbem mail resend`) builds the
report again from the ledger and draws the map anew, and replay reads the stored inputs, never
the mail.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update
from sqlmodel import Session, col, select

from pbem.ledger.models import Outbox
from pbem.mail.slimming import without_images
from pbem.services.base.runtime import Runtime
from pbem.services.base.time_budget import UNLIMITED, TimeBudget

PAGE = 200  # rows slimmed per transaction


def slim_sent(rt: Runtime, budget: TimeBudget = UNLIMITED) -> int:
    """Slim every sent mail older than `sent_raw_days` not yet slimmed; return how many."""
    try:
        cutoff = rt.clock.now() - timedelta(days=rt.settings.sent_raw_days)
    except OverflowError:  # kept longer than the calendar goes back: nothing is due
        return 0
    slimmed = 0
    while not budget.spent():
        with Session(rt.engine) as session:
            ids = _due(session, cutoff)
            for row_id in ids:
                _slim_one(session, rt, row_id)
            session.commit()
        slimmed += len(ids)
        if len(ids) < PAGE:
            break
    return slimmed


def _due(session: Session, cutoff: object) -> list[int]:
    """Sent rows not slimmed yet, sent before `cutoff` (index ix_outbox_slim)."""
    rows = session.exec(
        select(Outbox.id)
        .where(
            Outbox.status == "sent",
            col(Outbox.slimmed_at).is_(None),
            col(Outbox.sent_at) <= cutoff,
        )
        .order_by(col(Outbox.id))
        .limit(PAGE)
    ).all()
    return [r for r in rows if r is not None]


def _slim_one(session: Session, rt: Runtime, row_id: int) -> None:
    raw = session.exec(select(Outbox.raw).where(Outbox.id == row_id)).one()
    slim = without_images(raw)
    values: dict[str, object] = {"slimmed_at": rt.clock.now()}
    if slim is not raw:
        values["raw"] = slim
    session.exec(
        update(Outbox).where(col(Outbox.id) == row_id, col(Outbox.status) == "sent").values(values)
    )
