"""Tell the referee by mail when a player is flagged for missed turns or their mail bounces."""

from __future__ import annotations

from sqlalchemy import or_
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Outbox, Player
from pbem.services.base.runtime import Runtime
from pbem.services.outbox.referee_mail import tell_referee


def alert_referee(rt: Runtime) -> int:
    """Queue one referee letter per new flag or bouncing address; return how many were new."""
    with session_scope(rt.engine) as session:
        campaigns = session.exec(
            select(Campaign).where(
                col(Campaign.status).in_(["active", "paused"]),
                col(Campaign.id).in_(_with_alerts()),  # the rest have nothing to tell
            )
        ).all()
        return sum(_alerts_for(session, rt, campaign) for campaign in campaigns)


def _with_alerts() -> SelectOfScalar[int]:
    """The campaigns with a flagged player or one whose mail bounces."""
    return select(Player.campaign_id).where(
        or_(col(Player.status) == "flagged", col(Player.delivery) == "bouncing")
    )


def _alerts_for(session: Session, rt: Runtime, campaign: Campaign) -> int:
    count = 0
    for player in queries.players_of(session, campaign):
        who = f"{player.name} ({player.seat}, {player.address})"
        if player.status == "flagged":
            count += _alert(
                session,
                rt,
                campaign,
                f"alert:{campaign.name}:flagged:{player.address}:{player.missed}",
                f"Player flagged: {player.name}",
                f"{who} has missed {player.missed} turns in a row.\n\nReplace them with: "
                f"pbem player replace {campaign.name} {player.seat} "
                '"Name <address>" --reason ...\n',
            )
        if player.delivery == "bouncing":
            count += _alert(
                session,
                rt,
                campaign,
                f"alert:{campaign.name}:bouncing:{player.address}",
                f"Mail bouncing: {player.name}",
                f"Mail to {who} bounces ({player.bounces} so far).\n\nChange the address with: "
                f"pbem player address {campaign.name} {player.seat} --set NEW --reason ...\n",
            )
    return count


def _alert(
    session: Session, rt: Runtime, campaign: Campaign, key: str, title: str, body: str
) -> int:
    if session.exec(select(Outbox.id).where(Outbox.key == key)).first() is not None:
        return 0
    tell_referee(session, rt, campaign, key, title, body)
    return 1
