"""Reading openings and their sign-ups (ledger only, so every desk module may ask)."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from pbem.ledger.models import Opening, Signup

FORMING = "forming"  # taking sign-ups
FULL = "full"  # every seat signed for: the tick's `openings` step starts it
STARTED = "started"


def opening_named(session: Session, name: str) -> Opening | None:
    """The opening called `name` (case-blind), if any."""
    rows = session.exec(select(Opening)).all()
    return next((o for o in rows if o.name.lower() == name.strip().lower()), None)


def joined(session: Session, opening: Opening, role: str = "player") -> list[Signup]:
    """The sign-ups that stand, in the order they came."""
    return list(
        session.exec(
            select(Signup)
            .where(Signup.opening_id == opening.id, Signup.status == "joined", Signup.role == role)
            .order_by(col(Signup.id))
        ).all()
    )


def openings(session: Session, status: str | None = None) -> list[Opening]:
    """Every opening (of `status`, if given), oldest first."""
    query = select(Opening).order_by(col(Opening.id))
    if status is not None:
        query = query.where(Opening.status == status)
    return list(session.exec(query).all())


def describe(session: Session, opening: Opening) -> dict[str, Any]:
    """An opening as the referee sees it (names of the signed, never their addresses)."""
    players = joined(session, opening)
    return {
        "campaign": opening.name,
        "game": opening.game,
        "status": opening.status,
        "seats": opening.seats,
        "signed_on": len(players),
        "players": [s.name for s in players],
        "preferences": {s.name: s.preference for s in players if s.preference},
        "observers": opening.observers,
        "rules": opening.rules,
        "signup_by": opening.signup_by.isoformat() if opening.signup_by else None,
        "nmr_limit": opening.nmr_limit,
        "min_on_time": opening.min_on_time,
    }
