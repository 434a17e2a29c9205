"""Bounces: only a VERP bounce marks a player as bouncing; mail getting through clears it
(here when they write again, in services/outbox/outbox.py when mail to them is sent).

A bounce to a valid VERP address (see pbem.mail.verp) names the outbox row whose mail
failed, and through it the player: that marks the player. An address named only inside a
bounce (Final-Recipient, X-Failed-Recipients) can be written by anyone, so it marks no one:
the outcome says so and the raw mail stays in the ledger for the referee.
"""

from __future__ import annotations

from email import policy
from email.parser import BytesParser

from sqlmodel import Session, func, select

from pbem.ledger.models import Outbox, Player
from pbem.mail.reading.classify import only_delayed
from pbem.mail.reading.inbound import Inbound
from pbem.mail.verp import find_bounce_token, token_matches
from pbem.services.base.runtime import Runtime

RECORDED = "mail.bounce_recorded"  # a valid VERP bounce marked its player
UNVERIFIED = "mail.bounce_unverified"  # names a player, but not through a valid VERP address
UNMATCHED = "mail.bounce_unmatched"  # names no player at all
DELAYED = "mail.bounce_delayed"  # a warning that delivery is delayed: nothing failed yet


def record(session: Session, rt: Runtime, inbound: Inbound, raw: bytes) -> str:
    """Mark the player a VERP bounce names; otherwise only say what the bounce claimed."""
    if _is_delay_warning(raw):
        return DELAYED
    player = _verp_player(session, rt, inbound)
    if player is not None:
        player.delivery, player.bounces = "bouncing", player.bounces + 1
        player.bounced_at = rt.clock.now()
        session.add(player)
        return RECORDED
    return UNVERIFIED if _named_players(session, inbound) else UNMATCHED


def _is_delay_warning(raw: bytes) -> bool:
    """Whether the report only says delivery is delayed; unreadable mail is no warning."""
    try:
        return only_delayed(BytesParser(policy=policy.compat32).parsebytes(raw))
    except Exception:
        return False


def _verp_player(session: Session, rt: Runtime, inbound: Inbound) -> Player | None:
    """The player whose mail this bounce returns, when its VERP address checks out."""
    token = find_bounce_token(rt.settings.referee_address, inbound.to_addresses)
    row = session.get(Outbox, token.row_id) if token else None
    if token is None or row is None or row.player_id is None:
        return None
    player = session.get(Player, row.player_id)
    if player is None or not token_matches(token, player.secret):
        return None
    return player


def _named_players(session: Session, inbound: Inbound) -> list[Player]:
    """Players whose address the bounce's own text names (unverifiable)."""
    address = (inbound.bounced_recipient or "").lower()
    if not address:
        return []
    return list(session.exec(select(Player).where(func.lower(Player.address) == address)).all())


def clear(session: Session, player: Player) -> None:
    """Mail got through again: the player is no longer marked as bouncing."""
    if player.delivery == "bouncing":
        player.delivery = "ok"
        session.add(player)
