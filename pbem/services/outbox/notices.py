"""Notices about mail that did not authenticate: their own low budget, and no quoted text.

The mail may be forged, so nothing from it (subject, body, addresses) goes back out; the
notice says only when it arrived and why it was not used.
"""

from __future__ import annotations

from sqlmodel import Session

from pbem.ledger.models import Campaign, InboundMessage, Player
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.outbox.letters import letter_to
from pbem.services.outbox.outbox import enqueue
from pbem.services.outbox.reply_limits import UNVERIFIED_KIND, unverified_allowed
from pbem.wording import wording


def unverified(
    session: Session,
    rt: Runtime,
    row: InboundMessage,
    campaign: Campaign,
    player: Player,
    code: str,
) -> bool:
    """Queue a notice to the player about mail that did not authenticate; False if over budget."""
    if not unverified_allowed(session, rt, player.address):
        return False
    letter = letter_to(
        rt,
        campaign,
        player,
        key=f"{UNVERIFIED_KIND}:{row.id}:{player.id}",
        kind=UNVERIFIED_KIND,
        title="A message was not used",
        template="mail/unverified.txt.j2",
        context={
            "code": code,
            "text": wording(code, {"sender": "another address"}),
            "received": local_text(row.received_at, campaign.timezone),
            "per_day": rt.settings.unverified_notices_per_day,
        },
        auto_submitted="auto-replied",
    )
    enqueue(session, rt, letter, campaign.id)
    return True
