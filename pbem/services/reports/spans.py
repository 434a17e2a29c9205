"""The phases one report covers, and their events under a heading per phase."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, func, select

from pbem.core.game import Event as GameEvent
from pbem.ledger.models import Campaign, Outbox, Phase
from pbem.render.report import PHASE_HEADING
from pbem.services.base.states import phase_events
from pbem.services.reports.owed import report_key, reported_upto


@dataclass(frozen=True)
class Span:
    """A report's phases: every adjudicated phase from seq `first` to `last` (voided left out)."""

    first: int
    last: Phase

    @property
    def one(self) -> bool:
        """Whether it may cover only its last phase (then its events take no heading)."""
        return self.first >= self.last.seq


def covered(session: Session, campaign: Campaign, span: Span) -> list[Phase]:
    """The adjudicated phases `span` covers, in order."""
    if span.one:
        return [span.last]
    query = select(Phase).where(*_within(campaign, span)).order_by(col(Phase.seq))
    return list(session.exec(query).all())


def count_covered(session: Session, campaign: Campaign, span: Span) -> int:
    """How many adjudicated phases `span` covers, without reading them."""
    if span.one:
        return 1
    return session.exec(
        select(func.count()).select_from(Phase).where(*_within(campaign, span))
    ).one()


def _within(campaign: Campaign, span: Span) -> tuple[Any, ...]:
    """The conditions of an adjudicated phase of `campaign` inside `span`."""
    return (
        Phase.campaign_id == campaign.id,
        Phase.status == "done",
        col(Phase.seq) >= span.first,
        col(Phase.seq) <= span.last.seq,
    )


def latest_done(session: Session, campaign: Campaign) -> Phase | None:
    """The newest adjudicated phase, if any."""
    return session.exec(
        select(Phase)
        .where(Phase.campaign_id == campaign.id, Phase.status == "done")
        .order_by(col(Phase.seq).desc())
    ).first()


def heading(phase: Phase) -> GameEvent:
    """The public event that opens a phase's events in a report of several phases."""
    return GameEvent(code=PHASE_HEADING, data={"label": phase.label, "turn": phase.turn})


def with_headings(parts: list[tuple[Phase, list[GameEvent]]]) -> list[GameEvent]:
    """The phases' events in order; each phase's under its heading when there are several."""
    if len(parts) == 1:
        return list(parts[0][1])
    return [event for phase, events in parts for event in (heading(phase), *events)]


def events_of(session: Session, phases: list[Phase]) -> list[GameEvent]:
    """Every event of `phases`, read from the ledger, under headings when there are several."""
    return with_headings([(phase, phase_events(session, phase)) for phase in phases])


def since_last(session: Session, campaign: Campaign, seats: list[str]) -> dict[str, int]:
    """For each seat, the first phase its next report covers: the one after its last report."""
    return {seat: upto + 1 for seat, upto in reported_upto(session, campaign, seats).items()}


def last_span_start(session: Session, campaign: Campaign, seat: str) -> int:
    """The first phase the seat's newest report covered (1 when it has had none)."""
    upto = reported_upto(session, campaign, [seat])[seat]
    if upto == 0:
        return 1
    stored = session.exec(
        select(Outbox.draft_json).where(Outbox.key == report_key(campaign.name, upto, seat))
    ).first()
    return int(json.loads(stored).get("first", upto)) if stored else upto
