"""Civil disorder without the referee: a seat that has missed `disorder_after` phases in a row
(of the topic `disorder_topic`, or of any topic) is dropped under its game's rules at the end of
the turn that found it silent, recorded as the referee's drop is, and every player is told.

What counts as a miss is what the ledger holds: a phase the seat owed and was given the default
input in. Phases of other topics, and phases the seat did not owe, neither count nor reset."""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session

from pbem.core.game import Advance, Game
from pbem.errors import Invalid
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Phase
from pbem.render.templating import render
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import campaign_settings
from pbem.services.outbox.referee_mail import tell_players
from pbem.services.turns.adjustments import drop_in_turn
from pbem.wording import wording


def after_misses(
    session: Session, rt: Runtime, campaign: Campaign, game: Game, phase: Phase,
    advance: Advance, defaults: list[str],
) -> Advance:  # fmt: skip
    """The phase's result, with every seat that has now missed too many phases dropped."""
    settings = campaign_settings(campaign)
    limit, topic = int(settings.get("disorder_after", 0) or 0), settings.get("disorder_topic", "")
    if limit <= 0 or game.drop is None or not defaults:
        return advance
    state = advance.state
    for seat in sorted(defaults):
        missed = misses_in_a_row(session, campaign, game, seat, str(topic or ""), limit)
        if missed >= limit:
            state = _drop(session, rt, campaign, phase, state, seat, missed)
    return advance.model_copy(update={"state": state})


def misses_in_a_row(
    session: Session, campaign: Campaign, game: Game, seat: str, topic: str, limit: int
) -> int:
    """How many of the latest phases of `topic` ("" for any) the seat owed it was given the
    default in, in a row, counting up to `limit`."""
    count = 0
    done = queries.done_phases(session, campaign)
    for index in range(len(done) - 1, -1, -1):
        before = done[index - 1].seq if index else 0
        if topic and _topic(session, campaign, game, before) != topic:
            continue
        used = {s.seat: s for s in queries.used_submissions(session, done[index])}
        if seat not in used:
            continue  # not owed then: neither a miss nor orders
        if used[seat].source != "default":
            break
        count += 1
        if count >= limit:
            break
    return count


def _topic(session: Session, campaign: Campaign, game: Game, before: int) -> str:
    """The topic of the phase opened after phase `before` (0: the opening), from the state it
    was opened on (a rollback renumbers phases; an edit never changes the phase)."""
    snapshot = queries.snapshot_at(session, campaign, before)
    if snapshot is None:
        return ""
    return game.phase(game.state_from_json(json.loads(snapshot.state_json))).topic


def _drop(
    session: Session, rt: Runtime, campaign: Campaign, phase: Phase, state: Any, seat: str,
    missed: int,
) -> Any:  # fmt: skip
    """Drop the seat and tell everyone; a drop the game refuses (the last player) is left."""
    reason = f"missed {missed} phases in a row (disorder_after)"
    try:
        dropped = drop_in_turn(session, rt, campaign, state, seat, reason)
    except Invalid:
        return state
    player = queries.player_by_seat(session, campaign, seat)
    lines = [wording(e.code, e.data) for e in dropped.events if e.visible_to is None]
    body = render(
        "mail/disorder.txt.j2", player=player, seat=seat, missed=missed, lines=lines,
        phase=phase.label, topic=campaign_settings(campaign).get("disorder_topic", ""),
    )  # fmt: skip
    tell_players(session, rt, campaign, f"disorder:{campaign.name}:{phase.seq}:{seat}",
                 "Civil disorder", body)  # fmt: skip
    return dropped.state
