"""Reports on demand: what a player saw (or would see) after a given turn."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from pbem.core.game import REFEREE
from pbem.errors import NotFound
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state, game_of, phase_events, state_after
from pbem.services.reports.bundle import ReportBundle, build


def report_for(rt: Runtime, name: str, who: str, turn: int | None, fmt: str) -> str:
    """A report in `fmt` for a player (by seat, such as p1, or address) or the referee after
    `turn`."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        seat = REFEREE if who == REFEREE else queries.find_player(session, campaign, who).seat
        bundle = bundle_for(session, campaign, seat, turn)
        return {"text": bundle.text, "html": bundle.html, "json": bundle.json}[fmt]


def bundle_for(
    session: Session, campaign: Campaign, seat: str | None, turn: int | None
) -> ReportBundle:
    """The report bundle of a seat after a turn (default: the latest adjudicated one)."""
    phase = phase_for(session, campaign, turn)
    extra = {"orders_in": orders_in(session, campaign)} if seat == REFEREE else None
    if phase is None:  # nothing adjudicated yet: the opening position
        opening = queries.open_phase(session, campaign)
        state = state_after(session, campaign, 0)
        assert opening is not None and state is not None
        return build(campaign, seat, opening, state, [], opening, extra)
    state = state_after(session, campaign, phase.seq)
    next_phase = queries.phase_after(session, campaign, phase)
    return build(campaign, seat, phase, state, phase_events(session, phase), next_phase, extra)


def orders_in(session: Session, campaign: Campaign) -> dict[str, Any] | None:
    """For the referee: who has sent orders for the open phase, who still owes them, and the
    orders on file (sealed choices included: the referee sees everything)."""
    phase = queries.open_phase(session, campaign)
    if phase is None:
        return None
    due = game_of(campaign).due(current_state(session, campaign))
    names = {p.seat: p.name for p in queries.players_of(session, campaign)}
    found: dict[str, Any] = {"sent": [], "missing": [], "orders": {}}
    for seat in [*due.players, *due.optional]:
        live = queries.live_submission(session, phase, seat)
        if live is not None:
            found["orders"][seat] = live.canonical
        if live is not None or seat in due.players:
            found["sent" if live else "missing"].append(f"{names.get(seat, seat)} ({seat})")
    return found


def phase_for(session: Session, campaign: Campaign, turn: int | None) -> Phase | None:
    """The adjudicated phase of `turn` (default: the latest), or None if none is done yet."""
    done = queries.done_phases(session, campaign)
    if turn is None:
        return done[-1] if done else None
    for phase in reversed(done):
        if phase.turn == turn:
            return phase
    raise NotFound("turn.E_NOT_FOUND", campaign=campaign.name, turn=turn)
