"""Who is mailed a report once a phase is adjudicated, and from which phase it tells the story.

In the budgeted mode (the campaign setting `reports = budget`, the default) a player is mailed
a report when they owe input in the phase now open (a seat asked a reaction question too, beside
the question's own mail: the report shows the board the question is about), and otherwise once
a game turn ends (`PhaseInfo.turn` changes) if no report has told it of that turn yet, and when
the campaign is over; each report covers every phase since the seat's last one. The decision
reads only the seat's own Due, its own earlier reports and the public turn number, never another
seat's hidden facts, so when a player is mailed says nothing they may not know.
`reports = every` mails everyone after every phase.

A seat's last report is found by its key (`report:<campaign>:<seq>:<seat>`, a correction
included): a row in the outbox, written in the adjudication's transaction, so a crash or a
rollback never loses the phases a seat has not been told about yet.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from sqlmodel import Session, col, select

from pbem.core.game import Due
from pbem.ledger.models import Campaign, Outbox, Phase
from pbem.services.base.states import campaign_settings

BUDGET, EVERY = "budget", "every"
VOID = "void"  # a draft whose phase a rollback voided before it was drawn: never sent
PROBE = 40  # phases whose report keys are looked up in one query


def report_mode(campaign: Campaign) -> str:
    """The campaign's `reports` setting: 'budget' (the default) or 'every'."""
    return str(campaign_settings(campaign).get("reports", BUDGET))


def turn_ended(phase: Phase, following: Phase | None) -> bool:
    """Whether a game turn ended with `phase`: the next is of another turn, or none follows."""
    return following is None or following.turn != phase.turn


def wants_report(mode: str, owes: bool, turn_over: bool) -> bool:
    """Whether a seat is mailed a report now, from what it may know: whether it owes input in
    the phase now open, and whether a game turn has just ended that no report told it of."""
    return mode == EVERY or owes or turn_over


def readers_now(
    mode: str,
    seats: Iterable[str],
    due: Due,
    phase: Phase,
    following: Phase | None,
    told: Collection[str] = (),
) -> list[str]:
    """The seats to mail after `phase`, given who owes the phase now open (`due`) and which
    seats a report has already told of `phase`'s game turn (`told`; not at the campaign's end)."""
    over = turn_ended(phase, following)
    owing = set(due.players) if following is not None else set()  # a window's seat included
    return [
        seat
        for seat in seats
        if wants_report(mode, seat in owing, over and (following is None or seat not in told))
    ]


def told_of_turn(session: Session, campaign: Campaign, upto: dict[str, int], turn: int) -> set[str]:
    """The seats whose last report ended with a phase of game turn `turn` (`upto`: each
    seat's last reported phase, as reported_upto gives)."""
    seqs = {seq for seq in upto.values() if seq}
    if not seqs:
        return set()
    of_turn = set(
        session.exec(
            select(Phase.seq).where(
                Phase.campaign_id == campaign.id, col(Phase.seq).in_(seqs), Phase.turn == turn
            )
        ).all()
    )
    return {seat for seat, seq in upto.items() if seq in of_turn}


def report_key(campaign_name: str, seq: int, seat: str) -> str:
    """The idempotency key of a seat's report (or correction) ending with phase `seq`."""
    return f"report:{campaign_name}:{seq}:{seat}"


def reported_upto(session: Session, campaign: Campaign, seats: list[str]) -> dict[str, int]:
    """Each seat's last reported phase (its seq; 0 when it has had no report yet)."""
    seqs = session.exec(
        select(Phase.seq).where(Phase.campaign_id == campaign.id).order_by(col(Phase.seq).desc())
    ).all()
    found: dict[str, int] = {}
    for start in range(0, len(seqs), PROBE):
        missing = [seat for seat in seats if seat not in found]
        if not missing:
            break
        keys = {
            report_key(campaign.name, seq, seat): (seq, seat)
            for seq in seqs[start : start + PROBE]
            for seat in missing
        }
        rows = session.exec(
            select(Outbox.key).where(col(Outbox.key).in_(list(keys)), Outbox.status != VOID)
        ).all()
        for seq, seat in sorted((keys[key] for key in rows), reverse=True):
            found.setdefault(seat, seq)
    return {seat: found.get(seat, 0) for seat in seats}
