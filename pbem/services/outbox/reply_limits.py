"""How much mail pbem may send a player in answer to mail: separate budgets, counted in the ledger.

- Replies to a player's own authenticated mail: `reply_rate_per_hour` per address.
- Notices about mail that did not authenticate (no key, wrong key, key from another address):
  `unverified_notices_per_day` per address, counted apart, so forged mail cannot use up the
  budget of the player's real replies.
- PRESS and REFEREE relays: `press_rate_per_hour` and `referee_rate_per_hour` per player,
  counted from the player's relayed mail.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import Session, col, func, select

from pbem.ledger.models import InboundMessage, Outbox
from pbem.services.base.runtime import Runtime

REPLY_KINDS = (
    "ack",
    "ack-digest",
    "help",
    "status",
    "orders",
    "resend",
    "preview",
    "notice",
    "press-ack",
    "referee-ack",
)
UNVERIFIED_KIND = "notice-unverified"
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
PRESS_SENT = "mail.press"
REFEREE_SENT = "mail.to_referee"


def _sent_since(session: Session, address: str, kinds: tuple[str, ...], since: datetime) -> int:
    """How many letters of `kinds` were queued to `address` since `since`."""
    count = session.exec(
        select(func.count())
        .select_from(Outbox)
        .where(
            func.lower(Outbox.recipient) == address.lower(),
            col(Outbox.kind).in_(kinds),
            Outbox.created_at >= since,
        )
    ).one()
    return int(count)


def replies_spent(session: Session, rt: Runtime, address: str) -> bool:
    """True when the hourly budget of replies to authenticated mail is used up."""
    since = rt.clock.now() - HOUR
    return _sent_since(session, address, REPLY_KINDS, since) >= rt.settings.reply_rate_per_hour


def next_reply_slot(session: Session, rt: Runtime, address: str) -> datetime:
    """When the reply budget next has room: an hour after the oldest reply still counted."""
    now = rt.clock.now()
    oldest = session.exec(
        select(func.min(Outbox.created_at)).where(
            func.lower(Outbox.recipient) == address.lower(),
            col(Outbox.kind).in_(REPLY_KINDS),
            Outbox.created_at >= now - HOUR,
        )
    ).one()
    return max(now, oldest + HOUR) if oldest is not None else now


def unverified_allowed(session: Session, rt: Runtime, address: str) -> bool:
    """True while today's budget of notices about unauthenticated mail has room."""
    since = rt.clock.now() - DAY
    sent = _sent_since(session, address, (UNVERIFIED_KIND,), since)
    return sent < rt.settings.unverified_notices_per_day


def relays_spent(session: Session, rt: Runtime, player_id: int, outcome: str) -> bool:
    """True when a player has relayed their hourly limit of PRESS or REFEREE mail."""
    limit = (
        rt.settings.press_rate_per_hour
        if outcome == PRESS_SENT
        else rt.settings.referee_rate_per_hour
    )
    count = session.exec(
        select(func.count())
        .select_from(InboundMessage)
        .where(
            InboundMessage.player_id == player_id,
            InboundMessage.outcome == outcome,
            InboundMessage.received_at >= rt.clock.now() - HOUR,
        )
    ).one()
    return int(count) >= limit
