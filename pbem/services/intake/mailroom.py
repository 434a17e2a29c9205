"""Deciding what one stored message is and what to do with it: the routing and auth rules.

Outcomes are stable codes recorded on the message (docs/mail.md lists them).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from pbem.ledger.models import Campaign, InboundMessage, Player
from pbem.mail.reading.inbound import Inbound
from pbem.mail.routing import Token, find_tokens, secrets_match, slug, token_for
from pbem.mail.verp import is_bounce_address
from pbem.services.base.locks import hold_campaign
from pbem.services.base.runtime import Runtime
from pbem.services.intake import commands
from pbem.services.intake.answering import Mail
from pbem.services.intake.stored_mail import read_stored
from pbem.services.outbox import bounces, notices
from pbem.services.outbox.mail_budgets import replies_spent

SILENT_KINDS = {
    "auto_reply": "mail.ignored_auto_reply",
    "bulk": "mail.ignored_bulk",
    "loop": "mail.ignored_loop",
}
TO_BOUNCE_ADDRESS = "mail.ignored_bounce_address"  # not a bounce, but sent to a VERP address


@dataclass
class Sender:
    """Who a message is from, once checked: the campaign and player, if authenticated."""

    campaign: Campaign
    player: Player
    via: str  # where the token was found: address, subject or body


def handle(
    session: Session, rt: Runtime, row: InboundMessage, parsed: Inbound | None = None
) -> str:
    """Process one stored message and return its outcome code (`parsed`: as read when stored)."""
    if _is_duplicate(session, row):
        return "mail.duplicate"
    inbound = read_stored(rt, row, parsed)
    if inbound.kind == "bounce":
        return bounces.record(session, rt, inbound, row.raw)
    if inbound.kind in SILENT_KINDS:
        return SILENT_KINDS[inbound.kind]
    if is_bounce_address(rt.settings.referee_address, inbound.to_addresses):
        return TO_BOUNCE_ADDRESS
    sender, problem = authenticate(session, inbound)
    if sender is None:
        return _refuse(session, rt, row, inbound, problem)
    hold_campaign(session, sender.campaign.id)  # wait out a worker adjudicating it
    row.campaign_id, row.player_id = sender.campaign.id, sender.player.id
    bounces.clear(session, sender.player)
    quiet = replies_spent(session, rt, sender.player.address)
    mail = Mail(session, rt, row, inbound, sender.campaign, sender.player, quiet)
    return commands.dispatch(mail, auth_line=sender.via == "body")


def _is_duplicate(session: Session, row: InboundMessage) -> bool:
    earlier = session.exec(
        select(InboundMessage.id).where(
            col(InboundMessage.id) != row.id,
            col(InboundMessage.status).in_(["processed", "duplicate", "processing"]),
            (InboundMessage.message_id == row.message_id) | (InboundMessage.digest == row.digest),
        )
    ).first()
    return earlier is not None


def authenticate(session: Session, inbound: Inbound) -> tuple[Sender | None, str]:
    """Check the secret token and the From: address; both must hold."""
    token_owner = _token_owner(session, inbound)
    if token_owner is not None:
        campaign, player, token = token_owner
        if _from_matches(player, inbound.from_address):
            return Sender(campaign, player, token.where), ""
        return None, "mail.E_FROM_MISMATCH"
    if _registered_players(session, inbound.from_address):
        has_token = bool(find_tokens(inbound))
        return None, "mail.E_BAD_SECRET" if has_token else "mail.E_NO_SECRET"
    return None, "mail.unknown_sender"


def _token_owner(session: Session, inbound: Inbound) -> tuple[Campaign, Player, Token] | None:
    tokens = find_tokens(inbound)
    if not tokens:
        return None
    for token in tokens:
        seated = _seat_player(session, token.campaign, token.seat)
        if seated is None:
            continue
        campaign, player = seated
        expected = (
            player.secret
            if token.where == "body"
            else token_for(campaign.name, player.seat, player.secret)
        )
        if secrets_match(token.value, expected):
            return campaign, player, token
    return None


def _seat_player(
    session: Session, campaign_slug: str, seat_slug: str
) -> tuple[Campaign, Player] | None:
    """The campaign a token names, by its indexed slug, and the player in the token's seat:
    one query, reading only that campaign's players, however many campaigns there are."""
    rows = session.exec(
        select(Campaign, Player)
        .join(Player, col(Player.campaign_id) == Campaign.id)
        .where(Campaign.slug == campaign_slug)
    ).all()
    return next(
        ((c, p) for c, p in rows if slug(p.seat) == seat_slug and p.status != "replaced"), None
    )


def _from_matches(player: Player, address: str) -> bool:
    wanted = address.strip().lower()
    extras = [a for a in player.extra_addresses.split(",") if a]
    return bool(wanted) and (wanted == player.address.lower() or wanted in extras)


def _registered_players(session: Session, address: str) -> list[tuple[Campaign, Player]]:
    wanted = address.strip().lower()
    if not wanted:
        return []
    rows = session.exec(select(Campaign, Player).where(Player.campaign_id == Campaign.id)).all()
    return [(c, p) for c, p in rows if _from_matches(p, wanted) and p.status != "replaced"]


def _refuse(
    session: Session, rt: Runtime, row: InboundMessage, inbound: Inbound, problem: str
) -> str:
    if problem == "mail.unknown_sender":
        return problem  # unknown senders get nothing
    if problem == "mail.E_FROM_MISMATCH":
        owner = _token_owner(session, inbound)
        targets = [owner[:2]] if owner is not None else []
    else:
        targets = _registered_players(session, inbound.from_address)
    for campaign, player in targets:
        notices.unverified(session, rt, row, campaign, player, problem)
    return problem
