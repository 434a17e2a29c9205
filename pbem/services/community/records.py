"""Each address's reliability record across campaigns: phases owed, on time, late, missed,
games finished and seats dropped. Read from the ledger as it stands, never stored apart: a
seat's holders come from its players and the referee's recorded replacements."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from pbem.ledger.models import Campaign, Phase, Player, RefereeAction, Submission
from pbem.services.base.runtime import Runtime

GONE = ("dropped", "open")  # a holder who left in one of these states dropped the seat


@dataclass
class Record:
    """One address's record."""

    address: str
    owed: int = 0
    on_time: int = 0
    late: int = 0
    missed: int = 0
    finished: int = 0
    dropped: int = 0

    @property
    def on_time_pct(self) -> int:
        """The share of owed phases sent on time, in percent (100 with nothing owed yet)."""
        return 100 if not self.owed else round(100 * self.on_time / self.owed)

    def as_dict(self) -> dict[str, int | str]:
        """The record as JSON-ready fields."""
        return {**asdict(self), "on_time_pct": self.on_time_pct}


@dataclass(frozen=True)
class Tenure:
    """Who held a seat from when until when (None: still)."""

    campaign_id: int
    seat: str
    address: str
    start: datetime
    end: datetime | None
    left_as: str  # the holder's status when they left, or now


def tenures(session: Session) -> list[Tenure]:
    """Every holding of every seat, from the players and the recorded replacements."""
    changes: dict[tuple[int, str], list[RefereeAction]] = {}
    replaced = select(RefereeAction).where(RefereeAction.action == "replace")
    for action in session.exec(replaced.order_by(col(RefereeAction.id))).all():
        seat = str(json.loads(action.detail_json).get("seat", ""))
        changes.setdefault((action.campaign_id, seat), []).append(action)
    found: list[Tenure] = []
    for player, campaign in session.exec(
        select(Player, Campaign).where(Player.campaign_id == Campaign.id)
    ).all():
        found.extend(_holdings(player, campaign, changes.get((campaign.id or 0, player.seat), [])))
    return found


def _holdings(player: Player, campaign: Campaign, changes: list[RefereeAction]) -> list[Tenure]:
    start, found = campaign.created_at, []
    for action in changes:
        old = json.loads(action.detail_json).get("old", {})
        found.append(Tenure(campaign.id or 0, player.seat, str(old.get("address", "")).lower(),
                            start, action.at, str(old.get("status", ""))))  # fmt: skip
        start = action.at
    found.append(Tenure(campaign.id or 0, player.seat, player.address.lower(), start, None,
                        player.status))  # fmt: skip
    return found


def holder_at(holdings: list[Tenure], campaign_id: int, seat: str, moment: datetime) -> str:
    """The address that held a seat at `moment`."""
    for t in holdings:
        same = t.campaign_id == campaign_id and t.seat == seat
        if same and t.start <= moment and (t.end is None or moment < t.end):
            return t.address
    return ""


def records(session: Session) -> dict[str, Record]:
    """Every address's record, by address."""
    holdings = tenures(session)
    found: dict[str, Record] = {}
    for t in holdings:
        found.setdefault(t.address, Record(t.address))
        if t.left_as in GONE:
            found[t.address].dropped += 1
    _count_phases(session, holdings, found)
    _count_finished(session, holdings, found)
    return dict(sorted(found.items()))


def record_of(session: Session, address: str) -> Record:
    """One address's record (empty when it has played nothing)."""
    wanted = address.strip().lower()
    return records(session).get(wanted, Record(wanted))


def _count_phases(session: Session, holdings: list[Tenure], found: dict[str, Record]) -> None:
    rows = session.exec(
        select(Submission, Phase)
        .where(Submission.phase_id == Phase.id, Phase.status == "done",
               col(Submission.used).is_(True))
    ).all()  # fmt: skip
    for sub, phase in rows:
        moment = phase.adjudicated_at or phase.opened_at
        address = holder_at(holdings, sub.campaign_id, sub.seat, moment)
        if not address:
            continue  # the referee's own inputs
        record = found.setdefault(address, Record(address))
        record.owed += 1
        if sub.source == "default":
            record.missed += 1
        elif phase.deadline is None or sub.created_at <= phase.deadline:
            record.on_time += 1
        else:
            record.late += 1


def _count_finished(session: Session, holdings: list[Tenure], found: dict[str, Record]) -> None:
    done = set(session.exec(select(Campaign.id).where(Campaign.status == "finished")).all())
    for t in holdings:
        if t.campaign_id in done and t.end is None and t.left_as not in GONE:
            found[t.address].finished += 1


def player_records(rt: Runtime) -> list[dict[str, int | str]]:
    """Every address's record, for the referee's `pbem players`."""
    with Session(rt.engine) as session:
        return [r.as_dict() for r in records(session).values()]
