"""Processing stored mail, each message once in a transaction of its own: deciding what it is
and what to do with it (the routing and auth rules), quarantining it if that fails.

Outcomes are stable codes recorded on the message (docs/mail.md lists them).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import update
from sqlmodel import Session, col, select

from pbem import failpoints
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, InboundMessage, Player
from pbem.mail.reading.inbound import Inbound
from pbem.mail.routing import Token, find_tokens, secrets_match, slug, token_for
from pbem.mail.verp import is_bounce_address
from pbem.services.base.isolation import describe
from pbem.services.base.runtime import Runtime
from pbem.services.community import desk as community_desk
from pbem.services.intake import bounces, commands
from pbem.services.intake.answering import Mail
from pbem.services.intake.ingest import IngestStats
from pbem.services.intake.quarantine import E_PROCESS, OUTCOME, mark
from pbem.services.intake.stored_mail import read_stored
from pbem.services.outbox import notices
from pbem.services.outbox.reply_limits import replies_spent
from pbem.services.turns.now import read_now

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
    asked = community_desk.answer(session, rt, row, inbound)  # LIST, SIGNON, ... from anyone
    if asked is not None:
        return asked
    sender, problem = authenticate(session, inbound)
    if sender is None:
        return _refuse(session, rt, row, inbound, problem)
    now = read_now(session, sender.campaign)  # waits out a worker adjudicating it
    row.campaign_id, row.player_id = sender.campaign.id, sender.player.id
    bounces.clear(session, sender.player)
    seat_ask = community_desk.answer_seat(session, rt, row, inbound, sender.campaign,
                                          sender.player)  # ABSENCE, EXTEND  # fmt: skip
    if seat_ask is not None:
        return seat_ask
    quiet = replies_spent(session, rt, sender.player.address)
    mail = Mail(session, rt, row, inbound, sender.player, now, quiet)
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


def process_pending(rt: Runtime, stats: IngestStats) -> None:
    """Process every stored message not yet handled, each in its own transaction.

    A message whose processing raises is rolled back, then quarantined in a fresh transaction.
    """
    for message_id in _new_ids(rt):
        try:
            outcome = _process_one(rt, message_id, stats.parsed.pop(message_id, None))
        except Exception as exc:
            outcome = _quarantine(rt, message_id, describe(exc))
        if outcome is not None:
            stats.count(outcome)


def _process_one(rt: Runtime, message_id: int, parsed: Inbound | None = None) -> str | None:
    """Claim and handle one message; None when another run has it."""
    with session_scope(rt.engine) as session:
        row = _claim(session, message_id)
        if row is None:
            return None
        row.outcome = handle(session, rt, row, parsed)
        row.status = "duplicate" if row.outcome == "mail.duplicate" else "processed"
        session.add(row)
        failpoints.hit("ingest.before-commit")
        return row.outcome


def _quarantine(rt: Runtime, message_id: int, detail: str) -> str | None:
    """Mark a message whose processing failed as quarantined."""
    with session_scope(rt.engine) as session:
        return OUTCOME if mark(session, message_id, E_PROCESS, detail) else None


def _new_ids(rt: Runtime) -> list[int]:
    with Session(rt.engine) as session:
        rows = session.exec(
            select(InboundMessage.id)
            .where(InboundMessage.status == "new")
            .order_by(col(InboundMessage.id))
        ).all()
        return [r for r in rows if r is not None]


def _claim(session: Session, message_id: int) -> InboundMessage | None:
    """Mark a new message as being processed and return its row, in one statement; None when
    another run has it."""
    claimed = session.scalars(
        update(InboundMessage)
        .where(col(InboundMessage.id) == message_id, col(InboundMessage.status) == "new")
        .values(status="processing")
        .returning(InboundMessage)
    )
    return claimed.first()
