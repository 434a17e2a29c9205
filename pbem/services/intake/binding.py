"""Which phase a player's mail was written for: the mail it replies to, or the question it names.

Every mail pbem sends a player records the phase open when it was queued (outbox.phase_id).
A reply names the mail it answers in In-Reply-To and References, so it is bound to that
phase; the nearest of our mails in the thread decides. A client that drops those headers still
keeps the subject, where a question mail names its question ("question t7-w2"). A fresh mail
(no thread, no question named) is bound to nothing and is taken for the phase open now.
"""

from __future__ import annotations

import json
import re

from sqlmodel import Session, col, select

from pbem.ledger.models import Campaign, Event, Outbox, Phase, Player
from pbem.mail.reading.inbound import Inbound

QUESTION_IN_SUBJECT = re.compile(r"\bquestion\s+([a-z0-9][a-z0-9_.-]{0,40})", re.IGNORECASE)
MAX_IDS = 20  # the nearest ids of a long References chain are the ones that matter


def written_for(
    session: Session, campaign: Campaign, player: Player, inbound: Inbound
) -> Phase | None:
    """The phase the mail was written for, or None when it does not say."""
    phase = _by_thread(session, campaign, player, inbound)
    return phase if phase is not None else _by_question(session, campaign, player, inbound.subject)


def _thread_ids(inbound: Inbound) -> list[str]:
    """The ids the mail replies to, nearest first, as pbem stores its own (<...>)."""
    ids = [inbound.in_reply_to or "", *reversed(inbound.references)]
    return list(dict.fromkeys(f"<{i.strip('<>')}>" for i in ids if i))[:MAX_IDS]


def _by_thread(
    session: Session, campaign: Campaign, player: Player, inbound: Inbound
) -> Phase | None:
    ids = _thread_ids(inbound)
    if not ids:
        return None
    rows = session.exec(
        select(Outbox.message_id, Outbox.phase_id).where(
            col(Outbox.message_id).in_(ids),
            Outbox.campaign_id == campaign.id,
            Outbox.player_id == player.id,
            col(Outbox.phase_id).is_not(None),
        )
    ).all()
    bound = dict(rows)
    nearest = next((bound[i] for i in ids if i in bound), None)
    return session.get(Phase, nearest) if nearest is not None else None


def _by_question(
    session: Session, campaign: Campaign, player: Player, subject: str
) -> Phase | None:
    named = {m.lower() for m in QUESTION_IN_SUBJECT.findall(subject)}
    if not named:
        return None
    asked = session.exec(
        select(Event.data_json)
        .join(Phase, col(Phase.id) == Event.phase_id)
        .where(
            Phase.campaign_id == campaign.id,
            Event.code == "core.reaction.opened",
            Event.visible_to == player.seat,
        )
        .order_by(col(Event.id).desc())
    ).all()
    for data in asked:
        facts = json.loads(data)
        if str(facts.get("window", "")).lower() in named:
            return _phase_keyed(session, campaign, str(facts.get("phase", "")))
    return None


def question_of_another(
    session: Session, campaign: Campaign, player: Player, subject: str
) -> str | None:
    """The question the subject names when it was asked of another seat, never of this
    player's: an answer to it is theirs to give (None: the subject names no such question)."""
    named = {m.lower() for m in QUESTION_IN_SUBJECT.findall(subject)}
    if not named:
        return None
    asked = session.exec(
        select(Event.data_json, Event.visible_to)
        .join(Phase, col(Phase.id) == Event.phase_id)
        .where(Phase.campaign_id == campaign.id, Event.code == "core.reaction.opened")
    ).all()
    seats_asked: dict[str, set[str | None]] = {}
    for data, seat in asked:
        window = str(json.loads(data).get("window", "")).lower()
        seats_asked.setdefault(window, set()).add(seat)
    others = sorted(w for w in named if w in seats_asked and player.seat not in seats_asked[w])
    return others[0] if others else None


def _phase_keyed(session: Session, campaign: Campaign, key: str) -> Phase | None:
    """The newest phase with `key` (rolled back or not: the freshness check sorts that out)."""
    return session.exec(
        select(Phase)
        .where(Phase.campaign_id == campaign.id, Phase.key == key)
        .order_by(col(Phase.seq).desc())
    ).first()
