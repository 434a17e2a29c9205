"""Orders in: parse against the open phase, store, supersede, and say what was understood."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE
from pbem.core.problems import Problem
from pbem.errors import Conflict
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase, Submission
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.base.states import canonical_json, digest, game_of
from pbem.services.turns.now import CampaignNow
from pbem.services.turns.reading import Reading, Standing, has_errors, read_input


@dataclass
class Receipt:
    """What happened to one submission."""

    submission: Submission
    phase: Phase
    canonical: str
    problems: list[Problem] = field(default_factory=list)
    replaced: bool = False
    accepted: bool = False
    complete: bool = False  # every owed input is now in, without errors
    standing: Standing = "refused"  # clean, partial or refused (services/turns/reading.py)
    owed: bool = False  # the seat owes input in the phase (not only may send it)
    question: str | None = None  # the id of the question the phase asks this seat, if any
    on_file: bool = False  # the seat has orders on file for the phase (these or earlier ones)

    @property
    def receipt_digest(self) -> str:
        """The short digest quoted to the player to settle 'I sent X' disputes."""
        return self.submission.digest[:12]


def submit(
    session: Session,
    rt: Runtime,
    now: CampaignNow,
    seat: str,
    text: str,
    source: str,
    inbound_id: int | None = None,
) -> Receipt:
    """Parse `text` as `seat`'s input for the phase open `now` (read under the campaign's
    lock); record it in the caller's transaction."""
    campaign, phase, state, due = now.campaign, now.phase, now.state, now.due
    if phase is None or not now.takes_input:
        raise Conflict("turn.E_NO_OPEN_PHASE", campaign=campaign.name)
    game = game_of(campaign)
    allowed = _may_submit(due, seat)
    names = {} if allowed else _names(session, campaign)
    reading = _read(game, now, seat, text, allowed, names)
    orders = reading.orders
    canonical = game.canonical(state, seat, orders) if orders is not None else ""
    if orders is not None and not canonical.strip() and reading.standing == "partial":
        orders, reading.standing = None, "refused"  # nothing was understood: earlier orders stay
    live = queries.live_submissions(session, phase)  # read before this submission is stored
    previous = live.get(seat) if orders is not None else None
    row = _Row(seat, source, inbound_id, text, canonical, orders, reading.problems)
    submission = _store(session, campaign, phase, row, rt.clock.now())
    if previous is not None:
        previous.superseded = True
        session.add(previous)
    if orders is not None and source != "default":
        live[seat] = submission
    complete = _mark_complete(session, rt, due, phase, live)
    window = due.window.id if due.window is not None and due.window.seat == seat else None
    return Receipt(
        submission, phase, canonical, reading.problems, previous is not None, orders is not None,
        complete, reading.standing, seat in due.players or (seat == REFEREE and due.referee),
        window, seat in live,
    )  # fmt: skip


def _names(session: Session, campaign: Campaign) -> dict[str, str]:
    """Each seat's player name, for answers that say whom a phase waits for."""
    return {p.seat: f"{p.name} ({p.seat})" for p in queries.players_of(session, campaign)}


def _read(
    game: Any, now: CampaignNow, seat: str, text: str, allowed: bool, names: dict[str, str]
) -> Reading:
    """The mail under the one policy for problems; from a seat that may send nothing now, or
    with no text, it is refused, saying what the phase waits for and until when."""
    if allowed and text.strip():
        return read_input(game, now.state, seat, text)
    assert now.phase is not None
    code = "orders.E_NOT_OWED" if not allowed else "orders.E_EMPTY"
    awaited = [names.get(s, s) for s in now.due.players]
    awaited += ["the referee"] if now.due.referee else []
    params = {
        "seat": seat,
        "phase": now.phase.label,
        "awaited": ", ".join(awaited) or "nobody",
        "deadline": local_text(now.phase.deadline, now.campaign.timezone),
    }
    return Reading(None, [Problem(line=0, code=code, kind="illegal", params=params)], "refused")


def _may_submit(due: Any, seat: str) -> bool:
    if seat == REFEREE:
        return bool(due.referee)
    return seat in due.players or seat in due.optional


@dataclass
class _Row:
    """One submission as it will be stored."""

    seat: str
    source: str
    inbound_id: int | None
    text: str
    canonical: str
    orders: Any
    problems: list[Problem]


def _store(
    session: Session, campaign: Campaign, phase: Phase, row: _Row, now: datetime
) -> Submission:
    orders_json = canonical_json(row.orders) if row.orders is not None else "null"
    stored = Submission(
        campaign_id=campaign.id or 0,
        phase_id=phase.id or 0,
        seat=row.seat,
        source=row.source,
        inbound_id=row.inbound_id,
        raw_text=row.text,
        canonical=row.canonical,
        orders_json=orders_json,
        problems_json=canonical_json([p.model_dump() for p in row.problems]),
        digest=digest(row.canonical),
        valid=row.orders is not None,
        created_at=now,
    )
    session.add(stored)
    session.flush()
    return stored


def owed_inputs_in(session: Session, phase: Phase, due: Any) -> bool:
    """True when every seat that owes input (and the referee, if owed) has a live submission
    without errors: a mail that stands with errors never lets a phase run early."""
    return _all_in(due, queries.live_submissions(session, phase))


def is_clean(submission: Submission) -> bool:
    """Whether a stored submission had no errors (warnings allowed)."""
    return not has_errors(json.loads(submission.problems_json or "[]"))


def _all_in(due: Any, live: dict[str, Submission]) -> bool:
    """True when every seat that owes input (and the referee, if owed) is in `live`, clean."""
    seats = list(due.players) + ([REFEREE] if due.referee else [])
    return all(seat in live and is_clean(live[seat]) for seat in seats)


def _mark_complete(
    session: Session, rt: Runtime, due: Any, phase: Phase, live: dict[str, Submission]
) -> bool:
    """Note when the phase's inputs were first all in; a later mail with errors undoes it."""
    complete = _all_in(due, live)
    if complete and phase.complete_at is None:
        phase.complete_at = rt.clock.now()
        session.add(phase)
    elif not complete and phase.complete_at is not None and not due.nobody:
        phase.complete_at = None
        session.add(phase)
    return complete


def reads_clean(now: CampaignNow, seat: str, text: str) -> bool:
    """Whether `text` would stand as `seat`'s input for the phase open `now` without any
    error."""
    if not now.takes_input or not text.strip() or not _may_submit(now.due, seat):
        return False
    return read_input(game_of(now.campaign), now.state, seat, text).standing == "clean"
