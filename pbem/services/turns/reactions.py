"""Reaction windows in the engine: their short deadline, the question mail, and ledger events.

A game opens a window by stopping with `Due.window` set. The phase it opens then gets the
campaign's `reaction_hours` deadline instead of the normal one, runs as soon as the answer is
in, asks only the window's seat (mail/reaction.txt.j2), and records `core.reaction.opened`
(visible to that seat) and, when the phase runs, `core.reaction.closed` (public) events.
A missed window takes the game's default answer and is not counted as a missed turn.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from pbem.core.game import Event as GameEvent
from pbem.core.game import Game
from pbem.core.reactions import Window, choices_text, read_answer
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Event, Phase
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import deadline_for, local_text
from pbem.services.base.states import canonical_json, game_of
from pbem.services.outbox.letters import letter_to
from pbem.services.outbox.outbox import enqueue
from pbem.wording import wording

REACTION_HOURS = 12.0
TOPIC = "reaction"


def reaction_hours(schedule: dict[str, Any]) -> float:
    """Hours a reaction window stays open: the campaign's `reaction_hours` (default 12)."""
    value = schedule.get("reaction_hours")
    return float(value) if value is not None else REACTION_HOURS


def window_deadline(opened: datetime, schedule: dict[str, Any]) -> datetime:
    """The deadline of a window opened at `opened`, under the campaign's rounding rules."""
    short = {**schedule, f"deadline_hours.{TOPIC}": reaction_hours(schedule)}
    return deadline_for(opened, short, TOPIC)


def closed_events(
    window: Window | None, game: Game, state: Any, inputs: dict[str, Any], defaults: list[str]
) -> list[GameEvent]:
    """A public `core.reaction.closed` event for a window phase just run, else nothing."""
    if window is None:
        return []
    given = inputs.get(window.seat)
    text = game.canonical(state, window.seat, given) if given is not None else window.default
    # Only the choice is public: the same message may carry the seat's new standing reactions.
    read = read_answer(window, text)
    answer = read.answer if read is not None else window.default
    how = "default" if window.seat in defaults else "answered"
    data = {"window": window.id, "seat": window.seat, "answer": answer, "how": how}
    return [GameEvent(code="core.reaction.closed", data=data)]


def ask(
    session: Session, rt: Runtime, campaign: Campaign, done: Phase, opened: Phase | None, state: Any
) -> list[GameEvent]:
    """If `opened` is a window: record `core.reaction.opened` under `done` and mail the question."""
    game = game_of(campaign)
    window = game.due(state).window if opened is not None else None
    if window is None or opened is None:
        return []
    deadline = local_text(opened.deadline, campaign.timezone)
    event = GameEvent(
        code="core.reaction.opened",
        data={
            "window": window.id,
            "seat": window.seat,
            "trigger": window.trigger,
            "choices": [c.key for c in window.choices],
            "default": window.default,
            "phase": opened.key,
            "deadline": deadline,
        },
        visible_to=[window.seat],
    )
    _record(session, done, event)
    source = asked_by(window, done)
    _mail_question(session, rt, campaign, opened, as_read(game, state, window), deadline, source)
    return [event]


def as_read(game: Game, state: Any, window: Window) -> Window:
    """The question as its seat reads it (the game's `question_as_read`), else as it stands."""
    if game.question_as_read is None:
        return window
    return game.question_as_read(state, window)


def _record(session: Session, phase: Phase, event: GameEvent) -> None:
    last = session.exec(
        select(Event.seq).where(Event.phase_id == phase.id).order_by(col(Event.seq).desc())
    ).first()
    session.add(
        Event(
            phase_id=phase.id or 0,
            seq=(last or 0) + 1,
            code=event.code,
            data_json=canonical_json(event.data),
            visible_to=",".join(event.visible_to or []),
        )
    )


def asked_by(window: Window, done: Phase) -> str:
    """What opened the question, as its mail names it: the game's `<trigger>.asked_by` wording
    of the window's facts, else the play of the phase that opened it and the card it names."""
    facts = {k: _flat(v) for k, v in window.facts.items()}
    code = f"{window.trigger}.asked_by"
    words = wording(code, facts)
    if not words.startswith(code) and "{" not in words:  # else the game words it not
        return words
    card = facts.get("card")
    return f"{done.label} (card: {card})" if card else done.label


def _mail_question(
    session: Session,
    rt: Runtime,
    campaign: Campaign,
    phase: Phase,
    window: Window,
    deadline: str,
    source: str,
) -> None:
    player = queries.player_by_seat(session, campaign, window.seat)
    if player is None or player.status == "replaced":
        return
    letter = letter_to(
        rt,
        campaign,
        player,
        key=f"reaction:{campaign.name}:{phase.seq}:{window.seat}:{window.id}",
        kind="reaction",
        title=f"Your answer, please: question {window.id} ({phase.label})",
        template="mail/reaction.txt.j2",
        context={
            "phase": phase,
            "window": window,
            "choices": choices_text(window),
            "deadline": deadline,
            "question": _question(window),
            "asked_by": source,
        },
    )
    enqueue(session, rt, letter, campaign.id)


def _question(window: Window) -> str:
    """The game's wording of the question, from its events file: `<trigger>.question`."""
    facts = {k: _flat(v) for k, v in window.facts.items()}
    return wording(f"{window.trigger}.question", facts)


def _flat(value: Any) -> Any:
    return ", ".join(map(str, value)) if isinstance(value, list) else value
