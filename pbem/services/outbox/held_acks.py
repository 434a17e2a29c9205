"""Acknowledgements held back by the reply budget: one digest of the orders on file, sent later.

When a player's hourly reply budget is used up, their submissions are still recorded but
not acknowledged one by one. Instead one HeldAck per player and phase is kept; when the
budget has room again the tick sends a single "orders on file" digest that stands for all
of them, showing the orders that will be used.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, HeldAck, Phase, Player, Submission
from pbem.services.base.isolation import CampaignNote, guarded
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.outbox.letters import letter_to
from pbem.services.outbox.mail_budgets import next_reply_slot, replies_spent
from pbem.services.outbox.outbox import Letter, enqueue

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
    enqueue(session, rt, _digest(rt, campaign, player, phase, held, live), campaign.id)
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
) -> Letter:
    """The one letter that stands for every held acknowledgement."""
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
            "per_hour": rt.settings.reply_rate_per_hour,
            "deadline": local_text(phase.deadline, campaign.timezone),
        },
        auto_submitted="auto-replied",
    )
