"""Mail the referee toolkit sends: notices to players and letters to the referee.

Notices the referee causes (pause, resume, deadlines, bulletins, edits) are of their own kind,
outside the reply budget: they never spend what a player's own mail may be answered with.
"""

from __future__ import annotations

from sqlmodel import Session

from pbem.ledger import queries
from pbem.ledger.models import Campaign, Player
from pbem.services.base.runtime import Runtime
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.letters import letter_to
from pbem.services.outbox.outbox import enqueue

REFEREE_NOTICE = "from-referee"


def tell_player(
    session: Session,
    rt: Runtime,
    campaign: Campaign,
    player: Player,
    key: str,
    title: str,
    body: str,
    kind: str = REFEREE_NOTICE,
) -> None:
    """Queue a plain notice to one player (with their reply token)."""
    letter = letter_to(
        rt,
        campaign,
        player,
        key=f"{key}:{player.seat}",
        kind=kind,
        title=title,
        template="mail/body.txt.j2",
        context={"body": body},
    )
    enqueue(session, rt, letter, campaign.id)


def tell_players(
    session: Session, rt: Runtime, campaign: Campaign, key: str, title: str, body: str
) -> int:
    """Queue the same notice to every player still in the campaign; return how many."""
    players = [p for p in queries.players_of(session, campaign) if p.status != "replaced"]
    for player in players:
        tell_player(session, rt, campaign, player, key, title, body)
    return len(players)


def tell_referee(
    session: Session, rt: Runtime, campaign: Campaign, key: str, title: str, body: str
) -> None:
    """Queue a letter to the referee's own address."""
    letter = Letter(
        key=key,
        kind="referee",
        to=rt.settings.referee_address,
        subject=f"[{campaign.name}] {title}",
        text=body,
    )
    enqueue(session, rt, letter, campaign.id)
