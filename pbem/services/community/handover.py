"""Handing a seat to someone new: the referee's `player replace`, and SIGNON to an open
seat. A welcome shows the position; with SIGNON the other players are told."""

from __future__ import annotations

from sqlmodel import Session

from pbem.errors import Invalid, NotFound
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Player
from pbem.mail.routing import new_secret
from pbem.render.templating import render
from pbem.services.base import audit
from pbem.services.base.runtime import Runtime
from pbem.services.outbox.referee_mail import tell_player
from pbem.services.reports.viewing import bundle_for


def check_free(session: Session, campaign: Campaign, address: str, keep: Player | None) -> None:
    """Refuse an address another seat of the campaign already has."""
    try:
        holder = queries.player_by_address(session, campaign, address)
    except NotFound:
        return
    if keep is None or holder.id != keep.id:
        raise Invalid("referee.E_ADDRESS_TAKEN", address=address, campaign=campaign.name)


def hand_over(
    session: Session, rt: Runtime, campaign: Campaign, player: Player, new_name: str,
    address: str, reason: str,
) -> dict[str, str]:
    """Give `player`'s seat to someone new in the caller's transaction, with a welcome that
    shows the position; return who held it before."""
    check_free(session, campaign, address, None)
    old = {"name": player.name, "address": player.address, "status": player.status}
    player.name, player.address, player.extra_addresses = new_name, address, ""
    player.secret, player.status, player.missed = new_secret(), "active", 0
    player.delivery, player.bounces = "ok", 0
    session.add(player)
    action = audit.record(session, rt, campaign, "replace", reason, seat=player.seat, old=old,
                          new={"name": new_name, "address": address})  # fmt: skip
    report = bundle_for(session, campaign, player.seat, None).text
    tell_player(
        session, rt, campaign, player, f"replace:{campaign.name}:{action.id}",
        f"Welcome: you now play {player.seat}", _welcome_text(player, old["name"], report),
        kind="welcome",
    )  # fmt: skip
    return old


def _welcome_text(player: Player, previous: str, report: str) -> str:
    return render("mail/handed_over.txt.j2", newcomer=player.name, seat=player.seat,
                  previous=previous, report=report)  # fmt: skip


def take_seat(
    session: Session, rt: Runtime, campaign: Campaign, seat: Player, name: str, address: str
) -> None:
    """Give an open seat to `address` (SIGNON), and tell the others who plays it now."""
    previous, when = seat.name, rt.clock.now().isoformat()
    hand_over(session, rt, campaign, seat, name, address, "taken over by SIGNON")
    for other in queries.players_of(session, campaign):
        if other.id == seat.id or other.status == "replaced":
            continue
        key = f"seat-taken:{campaign.name}:{seat.seat}:{when}"
        body = render("mail/seat_taken.txt.j2", newcomer=name, seat=seat.seat, previous=previous)
        tell_player(session, rt, campaign, other, key, f"{name} takes over {seat.seat}", body)
