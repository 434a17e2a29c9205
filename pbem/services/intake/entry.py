"""One path for orders, by mail or by hand: submit, then acknowledge in the same transaction."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Player
from pbem.render.templating import render
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.intake.intake_limits import MAX_PROBLEMS_LISTED, max_problems_listed
from pbem.services.outbox.letters import letter_to
from pbem.services.outbox.notify import problem_lines
from pbem.services.outbox.outbox import enqueue
from pbem.services.turns.submissions import Receipt, submit


def acknowledgement_text(
    campaign: Campaign, receipt: Receipt, limit: int = MAX_PROBLEMS_LISTED
) -> str:
    """The acknowledgement body: orders as understood, problems with lines, digest, deadline.

    At most `limit` problems are listed, then how many more there are.
    """
    return render(
        "mail/ack.txt.j2",
        phase=receipt.phase,
        accepted=receipt.accepted,
        replaced=receipt.replaced,
        problems=problem_lines(receipt.problems[:limit]),
        more_problems=max(0, len(receipt.problems) - limit),
        canonical=receipt.canonical,
        digest=receipt.receipt_digest,
        deadline=local_text(receipt.phase.deadline, campaign.timezone),
    )


def submit_and_acknowledge(
    session: Session,
    rt: Runtime,
    campaign: Campaign,
    player: Player | None,
    text: str,
    source: str,
    inbound_id: int | None = None,
    in_reply_to: str | None = None,
    acknowledge: bool = True,
) -> Receipt:
    """Record a submission and queue its acknowledgement to the player's registered address."""
    seat = player.seat if player else REFEREE
    receipt = submit(session, rt, campaign, seat, text, source, inbound_id)
    if player is not None and acknowledge:
        key = f"ack:{campaign.name}:{receipt.submission.id}"
        title = (
            "Orders received"
            if receipt.accepted and not receipt.problems
            else ("Orders received (with problems)" if receipt.accepted else "Orders NOT accepted")
        )
        letter = letter_to(
            rt,
            campaign,
            player,
            key=key,
            kind="ack",
            title=f"{title}: {receipt.phase.label}",
            template="mail/body.txt.j2",
            context={"body": acknowledgement_text(campaign, receipt, max_problems_listed(rt))},
            in_reply_to=in_reply_to,
            auto_submitted="auto-replied",
        )
        enqueue(session, rt, letter, campaign.id)
    return receipt


def submit_by_address(rt: Runtime, name: str, address: str, text: str) -> dict[str, Any]:
    """The CLI's `orders submit`: act for a player (by address) or the referee."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        player = (
            None if address == REFEREE else queries.player_by_address(session, campaign, address)
        )
        receipt = submit_and_acknowledge(session, rt, campaign, player, text, "cli")
        return {
            "campaign": name,
            "seat": receipt.submission.seat,
            "phase": receipt.phase.key,
            "accepted": receipt.accepted,
            "replaced": receipt.replaced,
            "complete": receipt.complete,
            "canonical": receipt.canonical,
            "digest": receipt.receipt_digest,
            "problems": [p.model_dump() for p in receipt.problems],
            "acknowledgement": acknowledgement_text(campaign, receipt, max_problems_listed(rt)),
        }
