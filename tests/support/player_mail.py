"""A mail as a player's client would send it to the referee, with the player's reply token."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

from sqlmodel import Session, col, select

from pbem.ledger.models import Campaign, Player
from pbem.mail.routing import plus_address, token_for
from pbem.services.base.runtime import Runtime


def player_mail(
    rt: Runtime, campaign: str, address: str, body: str, message_id: str | None = None
) -> bytes:
    """A plain-text mail from the player at `address`, to their reply-token address."""
    with Session(rt.engine) as session:
        player = session.exec(
            select(Player)
            .join(Campaign, col(Campaign.id) == col(Player.campaign_id))
            .where(Player.address == address, Campaign.name == campaign)
        ).one()
    message = EmailMessage()
    message["From"] = address
    message["To"] = plus_address(
        "referee@localhost", token_for(campaign, player.seat, player.secret)
    )
    message["Subject"] = "Re: orders"
    message["Message-ID"] = message_id or make_msgid(domain="players.localhost")
    message.set_content(body)
    return bytes(message)
