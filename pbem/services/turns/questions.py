"""Players' REFEREE questions, the referee's answers, bulletins, and holding the turn for them."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from pbem.errors import Conflict, NotFound
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Player, Question
from pbem.services.base import audit
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import campaign_settings
from pbem.services.outbox.referee_mail import tell_player, tell_players


def record_question(
    session: Session,
    rt: Runtime,
    campaign: Campaign,
    player: Player,
    text: str,
    inbound_id: int | None,
) -> Question:
    """Store a player's question as open, in the caller's transaction."""
    row = Question(
        campaign_id=campaign.id or 0,
        seat=player.seat,
        inbound_id=inbound_id,
        text=text.strip(),
        asked_at=rt.clock.now(),
    )
    session.add(row)
    session.flush()
    return row


def answer_hint(campaign: Campaign, question: Question) -> str:
    """The line in the referee's mail saying how to answer."""
    return f'\nAnswer with: pbem reply {campaign.name} {question.id} --text "..."\n'


def open_questions(session: Session, campaign: Campaign) -> list[Question]:
    """A campaign's unanswered questions, oldest first."""
    return list(
        session.exec(
            select(Question)
            .where(Question.campaign_id == campaign.id, Question.answered_at == None)  # noqa: E711
            .order_by(col(Question.id))
        ).all()
    )


def holds_turn(session: Session, campaign: Campaign) -> bool:
    """True when the campaign holds its turn for open questions and some are open."""
    if not campaign_settings(campaign).get("hold_for_questions", False):
        return False
    return bool(open_questions(session, campaign))


def check_not_held(session: Session, campaign: Campaign) -> None:
    """Refuse to run a held turn (a forced run skips this check)."""
    if holds_turn(session, campaign):
        count = len(open_questions(session, campaign))
        raise Conflict("referee.E_HELD", campaign=campaign.name, count=count)


def reply(rt: Runtime, name: str, question_id: int, text: str) -> dict[str, Any]:
    """Answer an open question: mail the player and close it."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        question = session.get(Question, question_id)
        if question is None or question.campaign_id != campaign.id or question.answered_at:
            raise NotFound("referee.E_NO_QUESTION", campaign=name, question=question_id)
        question.answer, question.answered_at = text.strip(), rt.clock.now()
        session.add(question)
        player = queries.player_by_seat(session, campaign, question.seat)
        audit.record(
            session,
            rt,
            campaign,
            "reply",
            f"answered question {question.id}",
            question=question.id,
            seat=question.seat,
        )
        if player is not None:
            tell_player(
                session,
                rt,
                campaign,
                player,
                f"answer:{campaign.name}:{question.id}",
                "Answer from the referee",
                f"You asked:\n\n{_quoted(question.text)}\n\n"
                f"The referee answers:\n\n{text.strip()}\n",
                kind="answer",
            )
        return {"campaign": name, "question": question.id, "seat": question.seat}


def _quoted(text: str) -> str:
    return "\n".join(f"> {line}" for line in text.splitlines())


def bulletin(rt: Runtime, name: str, text: str, to: str | None = None) -> dict[str, Any]:
    """Send a bulletin from the referee to every player, or to one (seat or address)."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        body = f"A message from the referee:\n\n{text.strip()}\n"
        action = audit.record(
            session, rt, campaign, "bulletin", "bulletin", to=to or "all", text=text.strip()
        )
        key = f"bulletin:{campaign.name}:{action.id}"
        if to is None:
            count = tell_players(session, rt, campaign, key, "From the referee", body)
        else:
            player = queries.find_player(session, campaign, to)
            tell_player(session, rt, campaign, player, key, "From the referee", body)
            count = 1
        return {"campaign": name, "recipients": count}


def list_questions(rt: Runtime, name: str, everything: bool = False) -> list[dict[str, Any]]:
    """A campaign's questions (open only, unless `everything`)."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        rows = (
            session.exec(select(Question).where(Question.campaign_id == campaign.id)).all()
            if everything
            else open_questions(session, campaign)
        )
        return [
            {
                "id": q.id,
                "seat": q.seat,
                "asked_at": q.asked_at.isoformat(),
                "text": q.text,
                "answer": q.answer,
            }
            for q in rows
        ]
