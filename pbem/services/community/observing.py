"""Observers: OBSERVE signs an address on to watch a campaign that allows it; each phase's
public report (the game's view for no seat, never anything hidden) goes to every observer,
queued by the tick's `community` step once per phase and observer."""

from __future__ import annotations

from sqlmodel import Session, col, select

from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Opening, Outbox, Phase, Signup
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import phase_events, state_after
from pbem.services.community.forming import STARTED, openings
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.outbox import enqueue
from pbem.services.reports.bundle import build

OBSERVER = "observer"
REPORT_KIND = "observer-report"


def watching(session: Session, opening: Opening) -> list[Signup]:
    """The observers of an opening, in the order they came."""
    return list(
        session.exec(
            select(Signup)
            .where(Signup.opening_id == opening.id, Signup.role == OBSERVER,
                   Signup.status == "joined")
            .order_by(col(Signup.id))
        ).all()
    )  # fmt: skip


def _observers_of(session: Session, campaign: Campaign) -> list[Signup]:
    """The observers of a campaign opened to the community (none for any other)."""
    opening = session.exec(select(Opening).where(Opening.campaign_id == campaign.id)).first()
    return watching(session, opening) if opening is not None else []


def report_key(phase: Phase, signup: Signup) -> str:
    """The outbox key of one phase's public report to one observer (idle_checks.py reads it)."""
    return f"observe:{phase.id}:{signup.id}"


def send_public_reports(rt: Runtime) -> int:
    """Queue every public report an observer is owed; how many were queued."""
    queued = 0
    with session_scope(rt.engine) as session:
        for opening in openings(session, STARTED):
            campaign = session.get(Campaign, opening.campaign_id)
            observers = watching(session, opening)
            if campaign is None or not observers:
                continue
            sent = _sent_keys(session, campaign)
            for phase in queries.done_phases(session, campaign):
                owed = [s for s in observers if _owed(phase, s, sent)]
                queued += _report(session, rt, campaign, phase, owed) if owed else 0
    return queued


def _sent_keys(session: Session, campaign: Campaign) -> set[str]:
    """The keys of the observer reports already queued for a campaign: one read by the
    campaign's index, not one scan of the outbox per phase."""
    rows = session.exec(
        select(Outbox.key).where(Outbox.campaign_id == campaign.id,
                                 col(Outbox.key).startswith("observe:"))
    ).all()  # fmt: skip
    return set(rows)


def _owed(phase: Phase, signup: Signup, sent: set[str]) -> bool:
    """Whether an observer is owed a phase's report: adjudicated since they came, not queued."""
    done = phase.adjudicated_at
    return done is not None and done >= signup.at and report_key(phase, signup) not in sent


def _report(
    session: Session, rt: Runtime, campaign: Campaign, phase: Phase, owed: list[Signup]
) -> int:
    state = state_after(session, campaign, phase.seq)
    bundle = build(campaign, None, phase, state, phase_events(session, phase),
                   queries.phase_after(session, campaign, phase))  # fmt: skip
    queued = 0
    for signup in owed:
        letter = Letter(
            key=report_key(phase, signup), kind=REPORT_KIND, to=signup.address,
            subject=f"[{campaign.name}] Public report: {phase.label}", text=bundle.text,
        )  # fmt: skip
        queued += enqueue(session, rt, letter, campaign.id) is not None
    return queued


def relay_broadcast(
    session: Session, rt: Runtime, campaign: Campaign, sender: str, text: str, key: str
) -> None:
    """Press to everyone reaches the campaign's observers too (never press to one seat)."""
    for signup in _observers_of(session, campaign):
        letter = Letter(
            key=f"{key}:observer:{signup.id}", kind="observer-press", to=signup.address,
            subject=f"[{campaign.name}] Press from {sender}", text=f"{sender} to all:\n\n{text}\n",
        )  # fmt: skip
        enqueue(session, rt, letter, campaign.id)


def tell_observers(
    session: Session, rt: Runtime, campaign: Campaign, key: str, title: str, body: str
) -> int:
    """Queue the same public notice (the referee's end of the campaign, say) to every
    observer of the campaign; how many."""
    observers = _observers_of(session, campaign)
    for signup in observers:
        letter = Letter(
            key=f"{key}:observer:{signup.id}", kind="observer-notice", to=signup.address,
            subject=f"[{campaign.name}] {title}", text=body,
        )  # fmt: skip
        enqueue(session, rt, letter, campaign.id)
    return len(observers)
