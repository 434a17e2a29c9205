"""Small, named reads of the ledger shared by the services."""

from __future__ import annotations

from sqlmodel import Session, col, select

from pbem.errors import NotFound
from pbem.ledger.models import Campaign, Event, Phase, Player, Snapshot, Submission


def campaign_named(session: Session, name: str) -> Campaign:
    """The campaign called `name`."""
    found = session.exec(select(Campaign).where(Campaign.name == name)).first()
    if found is None:
        raise NotFound("campaign.E_NOT_FOUND", name=name)
    return found


def players_of(session: Session, campaign: Campaign) -> list[Player]:
    """A campaign's players in seat order."""
    rows = session.exec(select(Player).where(Player.campaign_id == campaign.id)).all()
    return sorted(rows, key=lambda p: _seat_number(p.seat))


def _seat_number(seat: str) -> tuple[int, str]:
    digits = "".join(ch for ch in seat if ch.isdigit())
    return (int(digits) if digits else 0, seat)


def player_by_address(session: Session, campaign: Campaign, address: str) -> Player:
    """The player of a campaign registered under `address` (or one of its extra addresses)."""
    wanted = address.strip().lower()
    for player in players_of(session, campaign):
        if wanted == player.address.lower() or wanted in player.extra_addresses.split(","):
            return player
    raise NotFound("player.E_NOT_FOUND", address=address, campaign=campaign.name)


def player_by_seat(session: Session, campaign: Campaign, seat: str) -> Player | None:
    """The player in a seat, if any."""
    return session.exec(
        select(Player).where(Player.campaign_id == campaign.id, Player.seat == seat)
    ).first()


def find_player(session: Session, campaign: Campaign, who: str) -> Player:
    """A player by seat id (p1) or by address."""
    player = player_by_seat(session, campaign, who)
    return player if player is not None else player_by_address(session, campaign, who)


def open_phase(session: Session, campaign: Campaign) -> Phase | None:
    """The phase that accepts input now, if any."""
    return session.exec(
        select(Phase).where(Phase.campaign_id == campaign.id, Phase.status == "open")
    ).first()


def latest_phase(session: Session, campaign: Campaign) -> Phase | None:
    """The newest phase that was not rolled back."""
    return session.exec(
        select(Phase)
        .where(Phase.campaign_id == campaign.id, Phase.status != "void")
        .order_by(col(Phase.seq).desc())
    ).first()


def phase_after(session: Session, campaign: Campaign, phase: Phase) -> Phase | None:
    """The phase that followed `phase` (open or adjudicated), if any."""
    return session.exec(
        select(Phase).where(
            Phase.campaign_id == campaign.id,
            Phase.seq == phase.seq + 1,
            col(Phase.status).in_(["open", "done"]),
        )
    ).first()


def done_phases(session: Session, campaign: Campaign) -> list[Phase]:
    """Adjudicated phases in order."""
    return list(
        session.exec(
            select(Phase)
            .where(Phase.campaign_id == campaign.id, Phase.status == "done")
            .order_by(col(Phase.seq))
        ).all()
    )


def latest_snapshot_digest(session: Session, campaign: Campaign) -> tuple[int, str]:
    """The id and digest of latest_snapshot, without reading the state itself."""
    found = session.exec(
        select(Snapshot.id, Snapshot.digest)
        .where(Snapshot.campaign_id == campaign.id, Snapshot.void == False)  # noqa: E712
        .order_by(col(Snapshot.seq).desc(), col(Snapshot.id).desc())
    ).first()
    if found is None or found[0] is None:
        raise NotFound("campaign.E_NOT_FOUND", name=campaign.name)
    return found[0], found[1]


def snapshot_json(session: Session, snapshot_id: int) -> str:
    """One snapshot's state as stored."""
    return session.exec(select(Snapshot.state_json).where(Snapshot.id == snapshot_id)).one()


def latest_snapshot(session: Session, campaign: Campaign) -> Snapshot:
    """The newest state snapshot that was not rolled back."""
    found = session.exec(
        select(Snapshot)
        .where(Snapshot.campaign_id == campaign.id, Snapshot.void == False)  # noqa: E712
        .order_by(col(Snapshot.seq).desc(), col(Snapshot.id).desc())
    ).first()
    if found is None:
        raise NotFound("campaign.E_NOT_FOUND", name=campaign.name)
    return found


def snapshot_at(session: Session, campaign: Campaign, seq: int) -> Snapshot | None:
    """The state after phase `seq` (0: the opening state)."""
    return session.exec(
        select(Snapshot).where(
            Snapshot.campaign_id == campaign.id,
            Snapshot.seq == seq,
            Snapshot.void == False,  # noqa: E712
            Snapshot.adjustment_id == None,  # noqa: E711
        )
    ).first()


def live_submission(session: Session, phase: Phase, seat: str) -> Submission | None:
    """The submission that would be used for `seat` if the phase ran now."""
    return session.exec(
        select(Submission)
        .where(
            Submission.phase_id == phase.id,
            Submission.seat == seat,
            Submission.valid == True,  # noqa: E712
            Submission.superseded == False,  # noqa: E712
            Submission.source != "default",
        )
        .order_by(col(Submission.id).desc())
    ).first()


def live_submissions(session: Session, phase: Phase) -> dict[str, Submission]:
    """Every seat's live submission for `phase` (what `live_submission` gives), in one query."""
    rows = session.exec(
        select(Submission)
        .where(
            Submission.phase_id == phase.id,
            Submission.valid == True,  # noqa: E712
            Submission.superseded == False,  # noqa: E712
            Submission.source != "default",
        )
        .order_by(col(Submission.id).desc())
    ).all()
    live: dict[str, Submission] = {}
    for row in rows:
        live.setdefault(row.seat, row)
    return live


def used_submissions(session: Session, phase: Phase) -> list[Submission]:
    """The inputs an adjudicated phase was run with."""
    return list(
        session.exec(
            select(Submission)
            .where(Submission.phase_id == phase.id, Submission.used == True)  # noqa: E712
            .order_by(col(Submission.seat))
        ).all()
    )


def events_of(session: Session, phase: Phase) -> list[Event]:
    """A phase's events in order."""
    return list(
        session.exec(select(Event).where(Event.phase_id == phase.id).order_by(col(Event.seq))).all()
    )
