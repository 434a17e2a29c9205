"""Orders or answers written for a phase or question that is no longer open: refused, and why.

The reply names both phases (or questions), what was decided in the old one, and what is open
now, so a late, replayed or mis-threaded mail never decides anything newer and the player
knows what to send instead (docs/mail.md, "Which phase a mail is for"). An answer to a
question asked of another player is refused the same way, as theirs to give.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from pbem.core.game import Due
from pbem.ledger.models import Campaign, Phase, Player
from pbem.mail.reading.inbound import Inbound
from pbem.services.base.schedule import local_text
from pbem.services.intake.binding import question_of_another, written_for
from pbem.services.turns.freshness import Decided, closed_answer, decided_since, used_input
from pbem.services.turns.now import CampaignNow

OLD_QUESTION = "mail.E_OLD_QUESTION"
OLD_PHASE = "mail.E_OLD_PHASE"
NOT_YOURS = "mail.E_NOT_YOUR_QUESTION"


@dataclass(frozen=True)
class Late:
    """A mail that may not be used: its outcome code and the reply's facts."""

    code: str
    context: dict[str, Any]


def check(
    session: Session, now: CampaignNow, player: Player, inbound: Inbound
) -> tuple[Phase | None, Late | None]:
    """The phase the mail was written for, and why it may not be used now (None: it may)."""
    campaign = now.campaign
    written = written_for(session, campaign, player, inbound)
    if written is None and now.phase is not None:
        others = question_of_another(session, campaign, player, inbound.subject)
        if others is not None:
            return None, _not_yours(campaign, player, others, now)
    if written is None or now.phase is None:
        return written, None
    decided = decided_since(session, campaign, player.seat, written, now.phase, now.due)
    if decided is None:
        return written, None
    return written, _late(session, campaign, player, decided, now.due)


def _late(session: Session, campaign: Campaign, player: Player, decided: Decided, due: Due) -> Late:
    written = _phase_facts(session, decided.written, player.seat)
    context = {
        "written": written,
        "decided": _phase_facts(session, decided.decided, player.seat) if decided.decided else None,
        "now": _now_facts(campaign, player, decided.now, due),
    }
    return Late(OLD_QUESTION if written["window"] else OLD_PHASE, context)


def _not_yours(campaign: Campaign, player: Player, question: str, now: CampaignNow) -> Late:
    """An answer to a question asked of another seat: theirs to give, so not used."""
    assert now.phase is not None
    context = {"question": question, "now": _now_facts(campaign, player, now.phase, now.due)}
    return Late(NOT_YOURS, context)


def _now_facts(campaign: Campaign, player: Player, phase: Phase, due: Due) -> dict[str, Any]:
    """What is open now, as the reply names it for this player."""
    return {
        "label": phase.label,
        "key": phase.key,
        "window": due.window.id if due.window and due.window.seat == player.seat else None,
        "owed": player.seat in due.players,
        "deadline": local_text(phase.deadline, campaign.timezone),
    }


def _phase_facts(session: Session, phase: Phase, seat: str) -> dict[str, Any]:
    """A phase as the reply names it: label, question id and answer, or the input used."""
    closed = closed_answer(session, phase)
    used = used_input(session, phase, seat)
    return {
        "label": phase.label,
        "key": phase.key,
        "status": phase.status,
        "window": closed["window"] if closed else None,
        "answer": closed["answer"] if closed else None,
        "how": closed["how"] if closed else None,
        "asked": closed["seat"] == seat if closed else False,
        "used": used.canonical if used is not None else None,
        "default": used is not None and used.source == "default",
    }
