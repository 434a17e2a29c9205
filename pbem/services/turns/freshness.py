"""Whether a mail written for one phase may still be used for the phase open now.

A mail is written for the phase open when the mail it replies to was sent (services/intake/
binding.py finds it). It is taken for the phase open now unless the seat's input was asked for
since: the seat owed input in that phase and it has been decided, or the seat has owed input in
any phase from then to now. So a late, replayed or mis-threaded mail never decides something
newer than what it was written for, while a player who owed nothing in between (an idle seat
sending standing lines) is still heard. A game whose orders carry over (GameMeta) skips this.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from pbem.core.game import Due
from pbem.ledger.models import Campaign, Event, Phase, Snapshot, Submission
from pbem.services.base.states import game_of


@dataclass(frozen=True)
class Decided:
    """Why a mail may no longer be used: the phase it was written for and where that was
    decided for its seat (`decided` is None when the seat was only asked again since)."""

    written: Phase
    decided: Phase | None
    now: Phase


def standing_phase(session: Session, campaign: Campaign, phase: Phase) -> Phase | None:
    """`phase`, or for one a rollback voided, the phase that replaced it (same key), or None."""
    if phase.status != "void":
        return phase
    return session.exec(
        select(Phase)
        .where(Phase.campaign_id == campaign.id, Phase.key == phase.key, Phase.status != "void")
        .order_by(col(Phase.seq).desc())
    ).first()


def decided_since(
    session: Session, campaign: Campaign, seat: str, written: Phase, now: Phase, due_now: Due
) -> Decided | None:
    """None when a mail written for `written` may be used for `now`; else why not."""
    target = standing_phase(session, campaign, written)
    if target is not None and target.id == now.id:
        return None
    if game_of(campaign).meta.orders_carry_over:
        return None
    if target is None or target.seq > now.seq:
        return Decided(written, None, now)
    first = _first_owed(session, campaign, seat, target, now)
    if first is not None:
        return Decided(written, first, now)
    return Decided(written, None, now) if seat in due_now.players else None


def _first_owed(
    session: Session, campaign: Campaign, seat: str, start: Phase, now: Phase
) -> Phase | None:
    """The first decided phase from `start` up to `now` in which `seat` owed input."""
    used = session.exec(
        select(Phase, Submission)
        .join(Submission, col(Submission.phase_id) == Phase.id)
        .where(
            Phase.campaign_id == campaign.id,
            Phase.status == "done",
            col(Phase.seq) >= start.seq,
            col(Phase.seq) < now.seq,
            Submission.seat == seat,
            Submission.used == True,  # noqa: E712
        )
        .order_by(col(Phase.seq))
    ).all()
    # An owed seat always has a used input (its own or the default); optional input is used
    # too, so only the state before the phase can tell those two apart.
    for phase, row in used:
        if row.source == "default" or seat in _due_before(session, campaign, phase).players:
            return phase
    return None


def _due_before(session: Session, campaign: Campaign, phase: Phase) -> Due:
    """Who owed input in `phase`: the game's answer for the state it was decided from."""
    snapshot = session.exec(
        select(Snapshot)
        .where(
            Snapshot.campaign_id == campaign.id,
            Snapshot.void == False,  # noqa: E712
            col(Snapshot.seq) < phase.seq,
        )
        .order_by(col(Snapshot.seq).desc(), col(Snapshot.id).desc())
    ).first()
    if snapshot is None:
        return Due()
    game = game_of(campaign)
    return game.due(game.state_from_json(json.loads(snapshot.state_json)))


def closed_answer(session: Session, phase: Phase) -> dict[str, Any] | None:
    """The public `core.reaction.closed` facts of a question phase (window, answer, how)."""
    row = session.exec(
        select(Event).where(Event.phase_id == phase.id, Event.code == "core.reaction.closed")
    ).first()
    return json.loads(row.data_json) if row is not None else None


def used_input(session: Session, phase: Phase, seat: str) -> Submission | None:
    """The input `seat` had used in a decided phase (its own or the default), if any."""
    return session.exec(
        select(Submission).where(
            Submission.phase_id == phase.id,
            Submission.seat == seat,
            Submission.used == True,  # noqa: E712
        )
    ).first()
