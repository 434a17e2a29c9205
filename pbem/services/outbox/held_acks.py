"""Answers held back by the reply budget: one digest of the orders on file, sent later.

When a player's hourly reply budget is used up, their mail is still acted on (orders recorded
or refused, commands done) but not answered one by one. Instead one HeldAck per player and
phase is kept, and each such mail names it (InboundMessage.held_id); when the budget has room
again the tick sends a single "orders on file" digest that answers every one of them: what
became of each mail, refused orders with their problems like accepted ones, and the orders
that will be used. No answer is dropped.
"""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session, col, select

from pbem.core.problems import Problem
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, HeldAck, InboundMessage, Phase, Player, Submission
from pbem.services.base.isolation import CampaignNote, guarded
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.base.states import current_state, game_of
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.letters import letter_to, problem_lines
from pbem.services.outbox.outbox import enqueue
from pbem.services.outbox.reply_limits import next_reply_slot, replies_spent
from pbem.wording import wording

DIGEST_KIND = "ack-digest"


def hold(session: Session, rt: Runtime, player: Player, phase: Phase) -> HeldAck:
    """Note one more unacknowledged submission; one digest per player and phase is owed."""
    held = session.exec(
        select(HeldAck).where(
            HeldAck.player_id == player.id,
            HeldAck.phase_id == phase.id,
            col(HeldAck.released_at).is_(None),
        )
    ).first()
    if held is not None:
        held.held += 1
    else:
        held = HeldAck(
            campaign_id=phase.campaign_id,
            player_id=player.id or 0,
            phase_id=phase.id or 0,
            held_at=rt.clock.now(),
            due_at=next_reply_slot(session, rt, player.address),
        )
    session.add(held)
    return held


def release_due(rt: Runtime, notes: list[CampaignNote] | None = None) -> int:
    """Queue every held digest whose player's budget has room again; return how many."""
    released = 0
    for held_id, campaign_name in _due(rt):
        with guarded(notes, campaign_name, "acks"), session_scope(rt.engine) as session:
            released += _release(session, rt, held_id)
    return released


def _due(rt: Runtime) -> list[tuple[int, str]]:
    """(held id, campaign name) of the digests due now, oldest first."""
    with Session(rt.engine) as session:
        rows = session.exec(
            select(HeldAck.id, Campaign.name)
            .where(
                HeldAck.campaign_id == Campaign.id,
                col(HeldAck.released_at).is_(None),
                HeldAck.due_at <= rt.clock.now(),
            )
            .order_by(col(HeldAck.id))
        ).all()
        return [(held_id, name) for held_id, name in rows if held_id is not None]


def _release(session: Session, rt: Runtime, held_id: int) -> int:
    """Send one digest, or put it off again while the budget is still used up."""
    held = session.get(HeldAck, held_id)
    if held is None or held.released_at is not None:
        return 0
    player = session.get(Player, held.player_id)
    campaign = session.get(Campaign, held.campaign_id)
    phase = session.get(Phase, held.phase_id)
    if player is None or campaign is None or phase is None:
        return 0
    if replies_spent(session, rt, player.address):
        held.due_at = next_reply_slot(session, rt, player.address)
        session.add(held)
        return 0
    live = queries.live_submission(session, phase, player.seat)
    facts = {
        "mails": held_mails(session, campaign, held),
        "owed": _owes(session, campaign, phase, player),
    }
    enqueue(session, rt, _digest(rt, campaign, player, phase, held, live, facts), campaign.id)
    held.released_at = rt.clock.now()
    session.add(held)
    return 1


def _digest(
    rt: Runtime,
    campaign: Campaign,
    player: Player,
    phase: Phase,
    held: HeldAck,
    live: Submission | None,
    facts: dict[str, Any],
) -> Letter:
    """The one letter that stands for every held answer."""
    return letter_to(
        rt,
        campaign,
        player,
        key=f"{DIGEST_KIND}:{held.id}",
        kind=DIGEST_KIND,
        title=f"Orders on file: {phase.label}",
        template="mail/digest.txt.j2",
        context={
            "phase": phase,
            "held": held.held,
            "submission": live,
            **facts,
            "per_hour": rt.settings.reply_rate_per_hour,
            "deadline": local_text(phase.deadline, campaign.timezone),
        },
        auto_submitted="auto-replied",
    )


def _owes(session: Session, campaign: Campaign, phase: Phase, player: Player) -> bool:
    """Whether the player owes input in `phase` now (it is open and names their seat)."""
    if phase.status != "open":
        return False
    return player.seat in game_of(campaign).due(current_state(session, campaign)).players


def held_mails(session: Session, campaign: Campaign, held: HeldAck) -> list[dict[str, Any]]:
    """What became of each mail the digest answers, oldest first: refused orders with their
    problems as well as those that stand."""
    rows = session.exec(
        select(InboundMessage)
        .where(InboundMessage.held_id == held.id)
        .order_by(col(InboundMessage.id))
    ).all()
    return [_held_mail(session, campaign, row) for row in rows]


def _held_mail(session: Session, campaign: Campaign, row: InboundMessage) -> dict[str, Any]:
    submission = session.exec(
        select(Submission).where(Submission.inbound_id == row.id).order_by(col(Submission.id))
    ).first()
    return {
        "received": local_text(row.received_at, campaign.timezone),
        "outcome": row.outcome,
        "what": _what(row.outcome),
        "orders": _orders_facts(session, submission) if submission is not None else None,
    }


def _what(outcome: str) -> str:
    """One line saying what became of a held mail."""
    held_words = wording(f"held.{outcome}")
    if held_words != f"held.{outcome}":
        return held_words
    words = wording(outcome)
    return f"NOT used: {words}" if "{" not in words else f"NOT used [{outcome}]"


def _orders_facts(session: Session, submission: Submission) -> dict[str, Any]:
    """A held orders mail as the digest lists it: for which phase, whether it stands, why not."""
    phase = session.get(Phase, submission.phase_id)
    problems = [Problem(**p) for p in json.loads(submission.problems_json or "[]")]
    errors = any(p.severity == "error" for p in problems)
    return {
        "phase": phase.label if phase is not None else "",
        "standing": "refused" if not submission.valid else ("partial" if errors else "clean"),
        "problems": problem_lines(problems),
        "canonical": submission.canonical,
    }
