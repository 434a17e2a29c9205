"""Referee adjustments between phases: typed edits and drops, recorded so replay applies them.

An edit stays within the open phase unless the game marks it as setting the phase
(core.edits.PHASE_EVENT): then the open phase row is closed unplayed (void, with the orders
sent for it) and the phase the edited state waits in is opened under the next sequence number.
Replay needs nothing more (it applies the edit after the phase before, then plays the new
phase), and a rollback to that phase or earlier voids the edit with everything after it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from sqlmodel import Session, col, select

from pbem.core.edits import PHASE_EVENT
from pbem.core.game import Advance, EditRefused, Game
from pbem.errors import Conflict, Invalid
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Adjustment, Campaign, Phase, Player, Snapshot
from pbem.services.base import audit
from pbem.services.base.locks import run_lock
from pbem.services.base.runtime import Runtime
from pbem.services.base.schedule import local_text
from pbem.services.base.states import canonical_json, current_state, digest, game_of
from pbem.services.outbox.referee_mail import tell_players
from pbem.services.turns.phases import next_seq, open_phase
from pbem.services.turns.submissions import owed_inputs_in
from pbem.wording import wording

LOCK_WAIT_SECONDS = 120  # a referee change waits for a running tick, never runs beside it


def run_hook(game: Game, state: Any, kind: str, command: str) -> Advance:
    """Apply an edit or drop through the game's optional hook, refusing what it refuses."""
    try:
        if kind == "edit" and game.edit is not None:
            return game.edit(state, command)
        if kind == "drop" and game.drop is not None:
            return game.drop(state, command)
    except EditRefused as exc:
        raise Invalid("referee.E_EDIT", detail=wording(exc.code, exc.params)) from None
    raise Invalid("referee.E_NO_HOOK", game=game.meta.title, hook=kind)


def edit_state(rt: Runtime, name: str, command: str, reason: str) -> dict[str, Any]:
    """Apply a typed edit to the current state, recorded with its reason and told to players."""
    return _adjust(rt, name, "edit", command, reason)


def edit_menu(rt: Runtime, name: str) -> dict[str, Any]:
    """The edit commands the game of campaign `name` offers (none when it has no edit hook)."""
    with Session(rt.engine) as session:
        game = game_of(queries.campaign_named(session, name))
    commands = game.edit_commands() if game.edit_commands is not None else []
    return {
        "campaign": name,
        "game": game.meta.title,
        "edits": [c.model_dump() for c in commands],
    }


def drop_player(rt: Runtime, name: str, seat: str, reason: str) -> dict[str, Any]:
    """Take a seat out under the game's rules; the player's status becomes 'dropped'."""
    return _adjust(rt, name, "drop", seat, reason)


def _adjust(rt: Runtime, name: str, kind: str, command: str, reason: str) -> dict[str, Any]:
    with run_lock(rt.engine, LOCK_WAIT_SECONDS), session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        if campaign.status not in ("active", "paused"):
            raise Conflict("referee.E_NOT_ACTIVE", campaign=name, status=campaign.status)
        game, state = game_of(campaign), current_state(session, campaign)
        if kind == "drop":
            command = _seat_of(session, campaign, command)
        advance = run_hook(game, state, kind, command)
        moved = _check_phase(game, state, advance)
        row = _record(session, rt, campaign, kind, command, reason, advance.state)
        if kind == "drop":
            _retire(session, campaign, command)
        opened = _reopen(session, rt, campaign, advance.state) if moved else None
        _recheck_complete(session, rt, campaign, game, advance.state)
        lines = [wording(e.code, e.data) for e in advance.events if e.visible_to is None]
        if opened is not None:
            lines.append(_due_line(campaign, opened))
        tell_players(
            session,
            rt,
            campaign,
            f"adjustment:{campaign.name}:{row.id}",
            "Referee adjustment",
            "The referee adjusted the game:\n\n"
            + "\n".join(f"  {line}" for line in lines)
            + f"\n\nReason: {reason}\n",
        )
        return {"campaign": name, "kind": kind, "adjustment": row.id, "events": lines}


def drop_in_turn(
    session: Session, rt: Runtime, campaign: Campaign, state: Any, seat: str, reason: str
) -> Advance:
    """Drop `seat` within the caller's turn, recorded exactly as the referee's drop is (so
    replay applies it after the phase just adjudicated); Invalid when the game refuses."""
    advance = run_hook(game_of(campaign), state, "drop", seat)
    _record(session, rt, campaign, "drop", seat, reason, advance.state)
    _retire(session, campaign, seat)
    return advance


def _seat_of(session: Session, campaign: Campaign, who: str) -> str:

    return queries.find_player(session, campaign, who).seat


def _check_phase(game: Game, before: Any, advance: Advance) -> bool:
    """Whether the edit sets another phase; refused when it would without saying so."""
    old, new = game.phase(before).key, game.phase(advance.state).key
    if old == new:
        return False
    if not any(e.code == PHASE_EVENT for e in advance.events):
        raise Invalid("referee.E_EDIT_PHASE", before=old, after=new)
    return True


def _reopen(session: Session, rt: Runtime, campaign: Campaign, state: Any) -> Phase | None:
    """After a phase edit: close the open phase unplayed (void, its orders with it) and open
    the phase `state` waits in."""
    old = queries.open_phase(session, campaign)
    if old is not None:
        old.status = "void"
        session.add(old)
        session.flush()
    return open_phase(session, campaign, state, next_seq(session, campaign), rt.clock.now())


def _due_line(campaign: Campaign, phase: Phase) -> str:
    """When orders for the phase an edit opened are due, for the players' mail."""
    deadline = local_text(phase.deadline, campaign.timezone)
    return f"Orders for {phase.label} are due by {deadline}."


def _record(
    session: Session,
    rt: Runtime,
    campaign: Campaign,
    kind: str,
    command: str,
    reason: str,
    state: Any,
) -> Adjustment:
    done = queries.done_phases(session, campaign)
    row = Adjustment(
        campaign_id=campaign.id or 0,
        after_seq=done[-1].seq if done else 0,
        kind=kind,
        command=command,
        reason=audit.need_reason(reason),
        at=rt.clock.now(),
    )
    session.add(row)
    session.flush()
    text = canonical_json(state)
    session.add(
        Snapshot(
            campaign_id=campaign.id or 0,
            seq=row.after_seq,
            state_json=text,
            digest=digest(text),
            adjustment_id=row.id,
        )
    )
    audit.record(session, rt, campaign, kind, reason, command=command, adjustment=row.id)
    return row


def _retire(session: Session, campaign: Campaign, seat: str) -> None:
    player = queries.player_by_seat(session, campaign, seat)
    if player is not None:
        player.status = "dropped"
        session.add(player)
    phase = queries.open_phase(session, campaign)
    live = queries.live_submission(session, phase, seat) if phase else None
    if live is not None:
        live.superseded = True
        session.add(live)


def _recheck_complete(
    session: Session, rt: Runtime, campaign: Campaign, game: Game, state: Any
) -> None:
    phase = queries.open_phase(session, campaign)
    if phase is None or phase.complete_at is not None:
        return
    if owed_inputs_in(session, phase, game.due(state)):
        phase.complete_at = rt.clock.now()
        session.add(phase)


def adjustments_after(session: Session, campaign: Campaign, seq: int) -> list[Adjustment]:
    """The live adjustments made after phase `seq` (0: the opening), in order."""
    return list(
        session.exec(
            select(Adjustment)
            .where(
                Adjustment.campaign_id == campaign.id,
                Adjustment.after_seq == seq,
                Adjustment.void == False,  # noqa: E712
            )
            .order_by(col(Adjustment.id))
        ).all()
    )


def reapply(
    session: Session, campaign: Campaign, game: Game, seq: int, state: Any
) -> Iterator[tuple[str, Any, Snapshot | None]]:
    """For replay: apply each adjustment after phase `seq`; yield (label, state, stored)."""
    for row in adjustments_after(session, campaign, seq):
        state = run_hook(game, state, row.kind, row.command).state
        stored = session.exec(select(Snapshot).where(Snapshot.adjustment_id == row.id)).first()
        yield f"adjustment {row.id} ({row.kind} {row.command})", state, stored


def undone_lines(session: Session, campaign: Campaign, seq: int) -> dict[str | None, list[str]]:
    """What the live adjustments made after phase `seq` or later did, in words, by who may read
    each line (None: everyone), for telling players a rollback undoes them: each is run again
    on the state it was made on, so its private lines reach only their seats."""
    game = game_of(campaign)
    rows = session.exec(
        select(Adjustment)
        .where(
            Adjustment.campaign_id == campaign.id,
            col(Adjustment.after_seq) >= seq,
            Adjustment.void == False,  # noqa: E712
        )
        .order_by(col(Adjustment.id))
    ).all()
    told: dict[str | None, list[str]] = {}
    for row in rows:
        before = game.state_from_json(json.loads(_state_before(session, campaign, row)))
        for event in run_hook(game, before, row.kind, row.command).events:
            readers: list[str | None] = [*event.visible_to] if event.visible_to else [None]
            for reader in readers:
                told.setdefault(reader, []).append(wording(event.code, event.data))
    return told


def _state_before(session: Session, campaign: Campaign, row: Adjustment) -> str:
    """The stored state an adjustment was made on: the newest snapshot of its phase before the
    one it made."""
    made = session.exec(select(Snapshot.id).where(Snapshot.adjustment_id == row.id)).one()
    before = session.exec(
        select(Snapshot.state_json)
        .where(
            Snapshot.campaign_id == campaign.id,
            Snapshot.seq == row.after_seq,
            col(Snapshot.id) < made,
            Snapshot.void == False,  # noqa: E712
        )
        .order_by(col(Snapshot.id).desc())
    ).first()
    assert before is not None, f"adjustment {row.id} has no state before it"
    return before


def void_after(session: Session, campaign: Campaign, seq: int) -> list[int]:
    """Void the adjustments made after phase `seq` or later, for a rollback."""
    rows = session.exec(
        select(Adjustment).where(
            Adjustment.campaign_id == campaign.id, col(Adjustment.after_seq) >= seq
        )
    ).all()
    for row in rows:
        row.void = True
        session.add(row)
        if row.kind == "drop":
            _reinstate(session, campaign, row.command)
    return [row.id or 0 for row in rows]


def _reinstate(session: Session, campaign: Campaign, seat: str) -> None:
    """A voided drop gives the seat back to the player it dropped (one who was replaced since
    stays replaced: the seat has its new player)."""
    for player in session.exec(
        select(Player).where(
            Player.campaign_id == campaign.id, Player.seat == seat, Player.status == "dropped"
        )
    ).all():
        player.status = "active"
        session.add(player)
