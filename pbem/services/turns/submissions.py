"""Orders in: parse against the open phase, store, supersede, and say what was understood."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE
from pbem.core.problems import Problem
from pbem.errors import Conflict
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase, Submission
from pbem.services.base.locks import hold_campaign
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import canonical_json, digest, game_of, shared_current_state


@dataclass
class Receipt:
    """What happened to one submission."""

    submission: Submission
    phase: Phase
    canonical: str
    problems: list[Problem] = field(default_factory=list)
    replaced: bool = False
    accepted: bool = False
    complete: bool = False  # every owed input is now in

    @property
    def receipt_digest(self) -> str:
        """The short digest quoted to the player to settle 'I sent X' disputes."""
        return self.submission.digest[:12]


def submit(
    session: Session,
    rt: Runtime,
    campaign: Campaign,
    seat: str,
    text: str,
    source: str,
    inbound_id: int | None = None,
) -> Receipt:
    """Parse `text` as `seat`'s input for the open phase; record it in the caller's transaction."""
    hold_campaign(session, campaign.id)  # a phase being adjudicated takes no late orders
    phase = queries.open_phase(session, campaign)
    if phase is None or campaign.status != "active":
        raise Conflict("turn.E_NO_OPEN_PHASE", campaign=campaign.name)
    state = shared_current_state(session, campaign)  # only read here
    game = game_of(campaign)
    owed = _may_submit(game.due(state), seat)
    parsed = game.parse(state, seat, text) if owed and text.strip() else None
    orders = parsed.orders if parsed else None
    problems = (
        parsed.problems
        if parsed
        else [
            Problem(
                line=0,
                code="orders.E_NOT_OWED" if not owed else "orders.E_EMPTY",
                kind="illegal",
                params={"seat": seat, "phase": phase.label},
            )
        ]
    )
    canonical = game.canonical(state, seat, orders) if orders is not None else ""
    errors = any(p.severity == "error" for p in problems)
    if orders is not None and not canonical.strip() and errors:
        orders = None  # nothing was understood: earlier orders stay on file
    live = queries.live_submissions(session, phase)  # read before this submission is stored
    previous = live.get(seat) if orders is not None else None
    submission = _store(
        session,
        campaign,
        phase,
        seat,
        source,
        inbound_id,
        text,
        canonical,
        orders,
        problems,
        rt.clock.now(),
    )
    if previous is not None:
        previous.superseded = True
        session.add(previous)
    live_seats = set(live) | ({seat} if orders is not None and source != "default" else set())
    complete = _mark_complete(session, rt, game.due(state), phase, live_seats)
    return Receipt(
        submission, phase, canonical, problems, previous is not None, orders is not None, complete
    )


def _may_submit(due: Any, seat: str) -> bool:
    if seat == REFEREE:
        return bool(due.referee)
    return seat in due.players or seat in due.optional


def _store(
    session: Session,
    campaign: Campaign,
    phase: Phase,
    seat: str,
    source: str,
    inbound_id: int | None,
    text: str,
    canonical: str,
    orders: Any,
    problems: list[Problem],
    now: datetime,
) -> Submission:
    orders_json = canonical_json(orders) if orders is not None else "null"
    row = Submission(
        campaign_id=campaign.id or 0,
        phase_id=phase.id or 0,
        seat=seat,
        source=source,
        inbound_id=inbound_id,
        raw_text=text,
        canonical=canonical,
        orders_json=orders_json,
        problems_json=canonical_json([p.model_dump() for p in problems]),
        digest=digest(canonical),
        valid=orders is not None,
        created_at=now,
    )
    session.add(row)
    session.flush()
    return row


def owed_inputs_in(session: Session, phase: Phase, due: Any) -> bool:
    """True when every seat that owes input (and the referee, if owed) has a live submission."""
    return _all_in(due, set(queries.live_submissions(session, phase)))


def _all_in(due: Any, live_seats: set[str]) -> bool:
    """True when every seat that owes input (and the referee, if owed) is among `live_seats`."""
    seats = list(due.players) + ([REFEREE] if due.referee else [])
    return all(seat in live_seats for seat in seats)


def _mark_complete(
    session: Session, rt: Runtime, due: Any, phase: Phase, live_seats: set[str]
) -> bool:
    complete = _all_in(due, live_seats)
    if complete and phase.complete_at is None:
        phase.complete_at = rt.clock.now()
        session.add(phase)
    return complete
