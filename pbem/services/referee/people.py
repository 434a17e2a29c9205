"""The referee's changes to who plays: replace a player, addresses, secrets."""

from __future__ import annotations

from typing import Any

from pbem.errors import Invalid
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.mail.routing import new_secret
from pbem.services.base import audit
from pbem.services.base.runtime import Runtime
from pbem.services.community.handover import check_free, hand_over
from pbem.services.outbox.referee_mail import tell_player
from pbem.services.turns.campaigns import parse_player


def replace_player(rt: Runtime, name: str, who: str, spec: str, reason: str) -> dict[str, Any]:
    """Give a seat to someone new: new address and secret, a welcome with the current report."""
    new_name, address = parse_player(spec)
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        player = queries.find_player(session, campaign, who)
        old = hand_over(session, rt, campaign, player, new_name, address, reason)
        return {"campaign": name, "seat": player.seat, "old": old, "address": address}


def change_address(
    rt: Runtime, name: str, who: str, reason: str, add: str | None = None, remove: str | None = None
) -> dict[str, Any]:
    """Add or remove an extra address a player may send from."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        player = queries.find_player(session, campaign, who)
        extras = [a for a in player.extra_addresses.split(",") if a]
        if add:
            address = add.strip().lower()
            check_free(session, campaign, address, None)
            extras.append(address)
        if remove:
            address = remove.strip().lower()
            if address not in extras:
                raise Invalid("referee.E_ADDRESS_NOT_EXTRA", address=address, seat=player.seat)
            extras.remove(address)
        player.extra_addresses = ",".join(extras)
        session.add(player)
        action = audit.record(
            session, rt, campaign, "address", reason, seat=player.seat, added=add, removed=remove
        )
        tell_player(
            session,
            rt,
            campaign,
            player,
            f"address:{campaign.name}:{action.id}",
            "Your addresses changed",
            "The referee changed the addresses you may send from. You may now write from: "
            + ", ".join([player.address, *extras])
            + f"\n\nReason: {reason}\n",
        )
        return {"campaign": name, "seat": player.seat, "extra_addresses": extras}


def set_primary(rt: Runtime, name: str, who: str, address: str, reason: str) -> dict[str, Any]:
    """Move a player to a new main address (mail goes there from now on)."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        player = queries.find_player(session, campaign, who)
        new = address.strip().lower()
        check_free(session, campaign, new, player)
        old = player.address
        extras = [a for a in player.extra_addresses.split(",") if a and a != new]
        player.address, player.extra_addresses = new, ",".join(extras)
        player.delivery, player.bounces = "ok", 0
        session.add(player)
        action = audit.record(
            session, rt, campaign, "address", reason, seat=player.seat, old=old, new=new
        )
        tell_player(
            session,
            rt,
            campaign,
            player,
            f"address:{campaign.name}:{action.id}",
            "Your address changed",
            f"The referee moved your seat's mail from {old} to {new}.\n\nReason: {reason}\n",
        )
        return {"campaign": name, "seat": player.seat, "old": old, "address": new}


def rotate_secret(rt: Runtime, name: str, who: str, reason: str) -> dict[str, Any]:
    """Give a player a new secret; mail carrying the old one is refused from now on."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        player = queries.find_player(session, campaign, who)
        player.secret = new_secret()
        session.add(player)
        action = audit.record(session, rt, campaign, "rotate-secret", reason, seat=player.seat)
        tell_player(
            session,
            rt,
            campaign,
            player,
            f"secret:{campaign.name}:{action.id}",
            "Your secret changed",
            "The referee gave your seat a new secret. Reply to this mail (its reply address "
            "carries the new secret); replies to older mail are refused.\n\n"
            f"Reason: {reason}\n",
        )
        return {"campaign": name, "seat": player.seat}
