"""Adjudication: claim an open phase once, fill defaults, advance, record, queue reports."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from sqlalchemy import insert, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, col, select

from pbem import failpoints
from pbem.core.game import REFEREE, Due, Game
from pbem.core.rng import SeededRng
from pbem.errors import Conflict
from pbem.ledger import queries
from pbem.ledger.db import read_only, session_scope
from pbem.ledger.models import Campaign, Event, Phase, Submission
from pbem.services.base.isolation import CLAIM_LOST, CampaignNote, guarded
from pbem.services.base.locks import try_campaign
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import (
    campaign_settings,
    canonical_json,
    current_state,
    digest,
    game_of,
)
from pbem.services.base.time_budget import UNLIMITED, TimeBudget
from pbem.services.reports import notify
from pbem.services.reports.drafts import draw_drafts
from pbem.services.turns import disorder, questions, reactions
from pbem.services.turns.campaigns import record_snapshot
from pbem.services.turns.phases import may_be_due, open_phase
from pbem.services.turns.submissions import owed_inputs_in

BUSY = "busy"  # another worker holds the campaign's lock


@dataclass
class RunResult:
    """What one adjudication did."""

    campaign: str
    phase_key: str
    phase_label: str
    events: int
    defaults: list[str] = field(default_factory=list)
    next_phase: str | None = None
    finished: bool = False


def run_phase(
    rt: Runtime, name: str, force: bool = False, expected: str | None = None
) -> RunResult:
    """Adjudicate the campaign's open phase if it is due (or `force`); exactly once. The
    reports are drawn after the commit, ready for the next send."""
    with session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        phase = queries.open_phase(session, campaign)
        if phase is None:
            raise Conflict("turn.E_NO_OPEN_PHASE", campaign=name)
        if expected is not None and expected != phase.key:
            raise Conflict("turn.E_WRONG_PHASE", expected=expected, actual=phase.key)
        state = current_state(session, campaign)
        _check_due(session, rt, campaign, phase, force, state)
        result = _adjudicate(session, rt, campaign, phase, state)
    draw_drafts(rt)
    return result


def run_due(
    rt: Runtime,
    notes: list[CampaignNote] | None = None,
    budget: TimeBudget = UNLIMITED,
    on_drafted: Callable[[int], None] = lambda _campaign_id: None,
) -> list[RunResult]:
    """Adjudicate every open phase whose deadline has passed or whose inputs are all in.

    With `notes`, one campaign's failure or lost claim is recorded there and the rest go on.
    Once `budget` is spent no further phase is started; the next tick runs them.
    `on_drafted` hears each campaign id whose reports were just drafted and committed.
    """
    results: list[RunResult] = []
    done = _Done(results, on_drafted)
    busy = _run_each(rt, _open_phases(rt), notes, budget, done)
    _run_each(rt, busy, notes, budget, done)  # once more for those another worker held
    return results


@dataclass
class _Done:
    """Where each adjudication's result goes: the list, and who draws its reports."""

    results: list[RunResult]
    on_drafted: Callable[[int], None]

    def add(self, campaign_id: int, result: RunResult) -> None:
        """Record one committed adjudication."""
        self.results.append(result)
        self.on_drafted(campaign_id)


def _run_each(
    rt: Runtime,
    phases: list[tuple[str, int, int]],
    notes: list[CampaignNote] | None,
    budget: TimeBudget,
    done: _Done,
) -> list[tuple[str, int, int]]:
    """Adjudicate each due phase; return those whose campaign another worker held."""
    busy = []
    for campaign_name, phase_id, campaign_id in phases:
        if budget.spent():
            break
        with guarded(notes, campaign_name, "turn"):
            result = _run_if_due(rt, campaign_name, phase_id, notes)
            if result is BUSY:
                busy.append((campaign_name, phase_id, campaign_id))
            elif isinstance(result, RunResult):
                done.add(campaign_id, result)
    return busy


def _run_if_due(
    rt: Runtime, campaign_name: str, phase_id: int, notes: list[CampaignNote] | None
) -> RunResult | str | None:
    """Adjudicate one open phase if it is due; a claim lost to another run is noted.

    BUSY when another worker holds the campaign (PostgreSQL): it is passed over, not awaited."""
    try:
        with session_scope(rt.engine) as session:
            campaign = queries.campaign_named(session, campaign_name)
            if not try_campaign(session, campaign.id):
                return BUSY
            phase = session.get(Phase, phase_id)
            if phase is None or phase.status != "open":
                return None
            state = current_state(session, campaign)  # read once: the checks, then the turn
            if not is_due(session, rt, campaign, phase, state):
                return None
            return _adjudicate(session, rt, campaign, phase, state)
    except Conflict as exc:
        if notes is None or exc.code != "turn.E_ALREADY_CLAIMED":
            raise
        notes.append(CampaignNote(campaign_name, "turn", CLAIM_LOST, str(exc.params["phase"])))
        return None


def _open_phases(rt: Runtime) -> list[tuple[str, int, int]]:
    with Session(read_only(rt.engine)) as session:
        rows = session.exec(
            select(Campaign.name, Phase.id, Campaign.id)
            .where(
                Phase.campaign_id == Campaign.id,
                Phase.status == "open",
                Campaign.status == "active",
                may_be_due(rt.clock.now()),  # the rest cannot be due: their state is not read
            )
            .order_by(col(Campaign.name))
        ).all()
        return [(n, i, c) for n, i, c in rows if i is not None and c is not None]


def early_delay(rt: Runtime, campaign: Campaign) -> timedelta:
    """How long a complete phase waits so players can still change their minds."""
    minutes = campaign_settings(campaign).get("early_delay_minutes", -1)
    if minutes is None or float(minutes) < 0:
        minutes = rt.settings.early_delay_minutes
    return timedelta(minutes=float(minutes))


def is_due(session: Session, rt: Runtime, campaign: Campaign, phase: Phase, state: Any) -> bool:
    """Deadline passed (and the referee owes nothing), or complete and the short delay is over
    (`state`: the campaign's current state)."""
    now = rt.clock.now()
    due = game_of(campaign).due(state)
    if _referee_owes(session, phase, due) or questions.holds_turn(session, campaign):
        return False
    if phase.deadline is not None and now >= phase.deadline:
        return True
    # A reaction window runs as soon as its answer is in.
    window = due.window
    delay = timedelta(0) if window is not None else early_delay(rt, campaign)
    return phase.complete_at is not None and now >= phase.complete_at + delay


def _check_due(
    session: Session, rt: Runtime, campaign: Campaign, phase: Phase, force: bool, state: Any
) -> None:
    due = game_of(campaign).due(state)
    if not force and _referee_owes(session, phase, due):  # forced: the referee's default
        raise Conflict("turn.E_REFEREE_OWES", phase=phase.label)
    if not force:
        questions.check_not_held(session, campaign)
    deadline_passed = phase.deadline is not None and rt.clock.now() >= phase.deadline
    if not force and not deadline_passed and not owed_inputs_in(session, phase, due):
        waiting = [s for s in due.players if queries.live_submission(session, phase, s) is None]
        raise Conflict("turn.E_NOT_DUE", phase=phase.label, waiting=", ".join(waiting))


def _referee_owes(session: Session, phase: Phase, due: Due) -> bool:
    """True while the phase waits for referee input that has not been entered."""
    return due.referee and queries.live_submission(session, phase, REFEREE) is None


def _claim(session: Session, phase: Phase) -> None:
    claimer = f"{socket.gethostname()}:{os.getpid()}"
    claimed = session.exec(
        update(Phase)
        .where(col(Phase.id) == phase.id, col(Phase.status) == "open")
        .values(status="running", claimed_by=claimer)
    )
    if claimed.rowcount != 1:
        raise Conflict("turn.E_ALREADY_CLAIMED", phase=phase.label)
    # the row as the UPDATE left it, without reading it back
    set_committed_value(phase, "status", "running")
    set_committed_value(phase, "claimed_by", claimer)


def _adjudicate(
    session: Session, rt: Runtime, campaign: Campaign, phase: Phase, state: Any
) -> RunResult:
    """Claim `phase`, advance `state` (the campaign's current one, read in this transaction)
    and record what came of it."""
    _claim(session, phase)
    game = game_of(campaign)
    inputs, defaults = _gather_inputs(session, rt, campaign, phase, game, state)
    rng = SeededRng(phase.seed)
    advance = game.advance(state, inputs, rng)
    window = game.due(state).window
    events = [*advance.events, *reactions.closed_events(window, game, state, inputs, defaults)]
    failpoints.hit("turn.after-advance")
    record_events(session, phase, events, rng)
    record_snapshot(session, campaign, advance.state, phase.id, phase.seq)
    phase.status, phase.adjudicated_at = "done", rt.clock.now()
    session.add(phase)
    if window is None:  # a missed reaction window is no missed turn (as _count_misses says)
        advance = disorder.after_misses(session, rt, campaign, game, phase, advance, defaults)
    next_phase = open_phase(session, campaign, advance.state, phase.seq + 1, rt.clock.now())
    reactions.ask(session, rt, campaign, phase, next_phase, advance.state)  # recorded under `phase`
    notify.reports_all(session, rt, campaign, phase, advance.state)
    if next_phase is not None:
        notify.phase_opened(session, rt, campaign, next_phase, advance.state)
    failpoints.hit("turn.before-commit")
    return RunResult(
        campaign.name,
        phase.key,
        phase.label,
        len(advance.events),
        defaults,
        next_phase.label if next_phase else None,
        next_phase is None,
    )


def _gather_inputs(
    session: Session, rt: Runtime, campaign: Campaign, phase: Phase, game: Game, state: Any
) -> tuple[dict[str, Any], list[str]]:
    due: Due = game.due(state)
    inputs: dict[str, Any] = {}
    defaults: list[str] = []
    seats = [*due.players, *due.optional] + ([REFEREE] if due.referee else [])
    submitted = queries.live_submissions(session, phase)
    for seat in seats:
        live = submitted.get(seat)
        if live is not None:
            live.used = True
            session.add(live)
            inputs[seat] = game.input_from_json(json.loads(live.orders_json))
        elif seat in due.players or seat == REFEREE:  # the referee only when forced
            inputs[seat] = _default(session, rt, campaign, phase, game, state, seat)
            defaults.append(seat)
    if due.window is None:  # a missed reaction window takes its default: no missed turn
        _count_misses(session, rt, campaign, due.players, defaults)
    return inputs, defaults


def _default(
    session: Session,
    rt: Runtime,
    campaign: Campaign,
    phase: Phase,
    game: Game,
    state: Any,
    seat: str,
) -> Any:
    orders = game.default_input(state, seat)
    canonical = game.canonical(state, seat, orders)
    session.add(
        Submission(
            campaign_id=campaign.id or 0,
            phase_id=phase.id or 0,
            seat=seat,
            source="default",
            raw_text="",
            canonical=canonical,
            orders_json=canonical_json(orders),
            digest=digest(canonical),
            valid=True,
            used=True,
            created_at=rt.clock.now(),
        )
    )
    return orders


def _count_misses(
    session: Session, rt: Runtime, campaign: Campaign, owed: list[str], missed: list[str]
) -> None:
    for seat in owed:
        player = queries.player_by_seat(session, campaign, seat)
        if player is None:
            continue
        player.missed = player.missed + 1 if seat in missed else 0
        if (
            rt.settings.missed_turn_policy == "flag-replacement"
            and player.missed >= rt.settings.missed_turn_limit
            and player.status == "active"
        ):
            player.status = "flagged"
        session.add(player)


def record_events(session: Session, phase: Phase, events: list[Any], rng: SeededRng) -> None:
    """Store a phase's events in order, then the RNG's draw log as a referee-only event: one
    statement for them all (no event's id is read back)."""
    rows = [
        {
            "phase_id": phase.id or 0,
            "seq": seq,
            "code": event.code,
            "data_json": canonical_json(event.data),
            "visible_to": ",".join(event.visible_to) if event.visible_to is not None else None,
        }
        for seq, event in enumerate(events, start=1)
    ]
    rows.append({"phase_id": phase.id or 0, "seq": len(events) + 1, "code": "core.rng",
                 "data_json": canonical_json({"draws": rng.log()}), "visible_to": REFEREE})
    session.execute(insert(Event.metadata.tables["event"]), rows)
