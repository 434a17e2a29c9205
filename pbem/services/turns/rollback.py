"""Rollback and re-run: void phases from a chosen one, re-adjudicate from the ledger, correct."""

from __future__ import annotations

import json
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any

from sqlmodel import Session, col, select

from pbem.core.game import REFEREE, Advance, Game
from pbem.core.rng import SeededRng
from pbem.errors import Invalid, NotFound
from pbem.ledger import queries
from pbem.ledger.db import session_scope
from pbem.ledger.models import Campaign, Phase, Player, Snapshot, Submission
from pbem.render.report import with_preface
from pbem.services.base import audit
from pbem.services.base.locks import run_lock
from pbem.services.base.runtime import Runtime
from pbem.services.base.state_diff import diff_states
from pbem.services.base.states import canonical_json, current_state, digest, game_of
from pbem.services.outbox.letter import Letter
from pbem.services.reports import notify
from pbem.services.reports.drafts import cover_json, void_drafts
from pbem.services.reports.owed import report_key
from pbem.services.reports.spans import Span, since_last
from pbem.services.turns import adjustments
from pbem.services.turns.campaigns import record_snapshot
from pbem.services.turns.now import read_now
from pbem.services.turns.phases import next_seq, open_phase
from pbem.services.turns.submissions import submit
from pbem.services.turns.turns import record_events

LOCK_WAIT_SECONDS = 120
CORRECTION = (
    "CORRECTION: the referee re-ran the campaign from {label}. This report replaces what\n"
    "you were sent from there on.\n\n"
)


@dataclass
class Step:
    """One phase re-run: the voided original, the inputs used and what came of them."""

    old: Phase
    before: Any
    inputs: dict[str, Any]
    texts: dict[str, tuple[str, str]]  # seat -> (source, raw text)
    advance: Advance
    rng: SeededRng
    fallbacks: list[str] = field(default_factory=list)


@dataclass
class RerunPlan:
    """What a rollback would do, shown before it is confirmed."""

    campaign: str
    target: str
    rerun: list[str] = field(default_factory=list)
    stopped_at: str | None = None
    diff: list[str] = field(default_factory=list)
    voided_adjustments: int = 0
    fallbacks: list[str] = field(default_factory=list)  # inputs no longer valid: defaults used
    mails: int = 0  # correction mails it sends: one to each player, however many phases re-run
    committed: bool = False


def rollback(
    rt: Runtime,
    name: str,
    target: str,
    changes: dict[str, str],
    reason: str,
    confirm: bool = False,
) -> RerunPlan:
    """Re-run from phase `target` with `changes` (seat -> orders text); commit only if `confirm`."""
    audit.need_reason(reason)
    with _locked(rt, confirm), session_scope(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        first = _target_phase(session, campaign, target)
        seats = {_seat(session, campaign, who): text for who, text in changes.items()}
        steps, start = _rerun(session, campaign, first, seats)
        plan = _plan(session, campaign, first, steps, start)
        if confirm:
            _commit(session, rt, campaign, first, steps, plan, reason, seats)
            plan.committed = True
        else:
            session.rollback()
        return plan


def _locked(rt: Runtime, confirm: bool) -> AbstractContextManager[None]:
    """The run lock while committing, so no tick adjudicates a phase being voided."""
    return run_lock(rt.engine, LOCK_WAIT_SECONDS) if confirm else nullcontext()


def _seat(session: Session, campaign: Campaign, who: str) -> str:
    return REFEREE if who == REFEREE else queries.find_player(session, campaign, who).seat


def _target_phase(session: Session, campaign: Campaign, target: str) -> Phase:
    for phase in queries.done_phases(session, campaign):
        if target in (phase.key, str(phase.seq)):
            return phase
    raise NotFound("referee.E_NO_PHASE", campaign=campaign.name, phase=target)


def _state_before(session: Session, campaign: Campaign, seq: int) -> Any:
    snapshot = session.exec(
        select(Snapshot)
        .where(
            Snapshot.campaign_id == campaign.id,
            Snapshot.void == False,  # noqa: E712
            col(Snapshot.seq) < seq,
        )
        .order_by(col(Snapshot.seq).desc(), col(Snapshot.id).desc())
    ).first()
    assert snapshot is not None
    return game_of(campaign).state_from_json(json.loads(snapshot.state_json))


def _rerun(
    session: Session, campaign: Campaign, first: Phase, changes: dict[str, str]
) -> tuple[list[Step], Any]:
    game = game_of(campaign)
    state = _state_before(session, campaign, first.seq)
    steps: list[Step] = []
    for old in [p for p in queries.done_phases(session, campaign) if p.seq >= first.seq]:
        if game.phase(state).key != old.key or game.outcome(state) is not None:
            break
        texts = _texts_of(session, old)
        if old.id == first.id:
            texts.update({seat: ("referee", text) for seat, text in changes.items()})
        inputs, fallbacks = _inputs(
            game, state, texts, old, set(changes) if old.id == first.id else set()
        )
        rng = SeededRng(old.seed)
        try:
            advance = game.advance(state, inputs, rng)
        except (ValueError, KeyError, TypeError) as exc:
            raise Invalid("referee.E_RERUN", phase=old.label, detail=str(exc)) from None
        steps.append(Step(old, state, inputs, texts, advance, rng, fallbacks))
        state = advance.state
    return steps, state


def _texts_of(session: Session, phase: Phase) -> dict[str, tuple[str, str]]:
    return {
        row.seat: (row.source, row.canonical) for row in queries.used_submissions(session, phase)
    }


def _inputs(
    game: Game, state: Any, texts: dict[str, tuple[str, str]], phase: Phase, strict: set[str]
) -> tuple[dict[str, Any], list[str]]:
    """Re-read each seat's recorded text; a changed one must parse, an old one may fall back."""
    due = game.due(state)
    inputs: dict[str, Any] = {}
    fallbacks: list[str] = []
    for seat in [*due.players, *due.optional] + ([REFEREE] if due.referee else []):
        source, text = texts.get(seat, ("default", ""))
        if seat not in texts and seat in due.optional:
            continue
        parsed = game.parse(state, seat, text) if source != "default" else None
        if parsed is not None and parsed.orders is not None and not parsed.errors:
            inputs[seat] = parsed.orders
            continue
        if seat in strict:
            codes = ", ".join(p.code for p in (parsed.errors if parsed else [])) or "nothing usable"
            raise Invalid("referee.E_RERUN", phase=phase.label, detail=f"{seat}: {codes}")
        if parsed is not None:
            fallbacks.append(f"{phase.key} {seat}")
        inputs[seat] = game.default_input(state, seat)
        texts[seat] = ("default", "")
    return inputs, fallbacks


def _plan(
    session: Session, campaign: Campaign, first: Phase, steps: list[Step], state: Any
) -> RerunPlan:
    now = json.loads(canonical_json(current_state(session, campaign)))
    done = [p for p in queries.done_phases(session, campaign) if p.seq >= first.seq]
    stopped = done[len(steps)].key if len(steps) < len(done) else None
    voided = [
        a
        for seq in range(first.seq, max(p.seq for p in done) + 1)
        for a in adjustments.adjustments_after(session, campaign, seq)
    ]
    return RerunPlan(
        campaign=campaign.name,
        target=first.key,
        rerun=[s.old.key for s in steps],
        stopped_at=stopped,
        diff=diff_states(now, json.loads(canonical_json(state))),
        voided_adjustments=len(voided),
        fallbacks=[f for s in steps for f in s.fallbacks],
        mails=len(_mailed(session, campaign)) if steps else 0,
    )


def _commit(
    session: Session,
    rt: Runtime,
    campaign: Campaign,
    first: Phase,
    steps: list[Step],
    plan: RerunPlan,
    reason: str,
    changes: dict[str, str],
) -> None:
    old_open = queries.open_phase(session, campaign)
    carried = _carried_orders(session, old_open)
    undone = adjustments.undone_lines(session, campaign, first.seq)
    voided = _void_from(session, campaign, first.seq)
    void_drafts(session, campaign, voided)  # never sent: the corrections cover their phases
    seq = next_seq(session, campaign)
    new_phases = []
    for step in steps:
        new_phases.append(_record_step(session, rt, campaign, step, seq))
        seq += 1
    if campaign.status == "finished":
        campaign.status = "active"
    final = steps[-1].advance.state if steps else _state_before(session, campaign, first.seq)
    opened = open_phase(session, campaign, final, seq, rt.clock.now())
    if opened is not None and old_open is not None and opened.key == old_open.key:
        opened.seed, opened.deadline = old_open.seed, old_open.deadline
        session.add(opened)
        now = read_now(session, campaign)
        for seat, text in carried.items():
            submit(session, rt, now, seat, text, "rollback")
    audit.record(
        session,
        rt,
        campaign,
        "rollback",
        reason,
        target=first.key,
        voided_phases=voided,
        rerun=plan.rerun,
        stopped_at=plan.stopped_at,
        changed={seat: digest(text)[:12] for seat, text in changes.items()},
        diff_lines=len(plan.diff),
    )
    if new_phases:
        last, state = new_phases[-1], steps[-1].advance.state
        _corrections(session, rt, campaign, (first, last), state, undone)
    if opened is not None:
        notify.phase_opened(session, rt, campaign, opened, final)


def _carried_orders(session: Session, phase: Phase | None) -> dict[str, str]:
    if phase is None:
        return {}
    rows = session.exec(select(Submission).where(Submission.phase_id == phase.id)).all()
    return {
        r.seat: r.raw_text
        for r in rows
        if queries.live_submission(session, phase, r.seat) is r and r.seat != REFEREE
    }


def _void_from(session: Session, campaign: Campaign, seq: int) -> list[int]:
    phases = session.exec(
        select(Phase).where(Phase.campaign_id == campaign.id, col(Phase.seq) >= seq)
    ).all()
    for phase in phases:
        if phase.status in ("done", "open"):
            phase.status = "void"
            session.add(phase)
    snapshots = session.exec(
        select(Snapshot).where(Snapshot.campaign_id == campaign.id, col(Snapshot.seq) >= seq)
    ).all()
    for snapshot in snapshots:
        snapshot.void = True
        session.add(snapshot)
    adjustments.void_after(session, campaign, seq)
    session.flush()
    return [p.id or 0 for p in phases]


def _record_step(session: Session, rt: Runtime, campaign: Campaign, step: Step, seq: int) -> Phase:
    now, old = rt.clock.now(), step.old
    phase = Phase(
        campaign_id=campaign.id or 0,
        seq=seq,
        key=old.key,
        label=old.label,
        turn=old.turn,
        status="done",
        seed=old.seed,
        opened_at=now,
        adjudicated_at=now,
    )
    session.add(phase)
    session.flush()
    game = game_of(campaign)
    for seat, orders in step.inputs.items():
        source, raw = step.texts.get(seat, ("default", ""))
        canonical = game.canonical(step.before, seat, orders)
        session.add(
            Submission(
                campaign_id=campaign.id or 0,
                phase_id=phase.id or 0,
                seat=seat,
                source="default" if source == "default" else "rerun",
                raw_text=raw,
                canonical=canonical,
                orders_json=canonical_json(orders),
                digest=digest(canonical),
                valid=True,
                used=True,
                created_at=now,
            )
        )
    record_events(session, phase, step.advance.events, step.rng)
    record_snapshot(session, campaign, step.advance.state, phase.id, phase.seq)
    return phase


def _corrections(
    session: Session,
    rt: Runtime,
    campaign: Campaign,
    rerun: tuple[Phase, Phase],
    state: Any,
    undone: dict[str | None, list[str]],
) -> None:
    """One correction mail to each player, covering the re-run from its first phase (and
    whatever else they have not been told yet) up to its last: never one mail per phase re-run.
    Each names the referee's adjustments the rollback undid, as far as the player may read."""
    target, last = rerun
    players = _mailed(session, campaign)
    firsts = since_last(session, campaign, [p.seat for p in players])
    for player in players:
        note = CORRECTION.format(label=target.label) + _undone_note(undone, player.seat)
        span = Span(firsts[player.seat], last)
        key = report_key(campaign.name, last.seq, player.seat)
        letter = _marked(
            notify.report_letter(session, rt, campaign, player, span, key, state), note
        )
        cover = cover_json(last, player.seat, span.first)
        notify.queue_report(session, rt, campaign, letter, cover)


def _undone_note(undone: dict[str | None, list[str]], seat: str) -> str:
    """The referee's adjustments a rollback undid, as `seat` may read them ('' if none)."""
    lines = [*undone.get(None, []), *undone.get(seat, [])]
    if not lines:
        return ""
    listed = "".join(f"  {line}\n" for line in lines)
    return f"The rollback also undid what the referee changed since then:\n{listed}\n"


def _marked(letter: Letter, note: str) -> Letter:
    """A report made a correction: its kind, subject, and the note atop its text and HTML."""
    html = letter.html
    if html:
        shown = escape(note.strip()).replace("\n", "<br>\n")
        html = with_preface(html, f"<p><strong>{shown}</strong></p>")
    subject = letter.subject.replace("Report:", "CORRECTED report:", 1)
    return replace(letter, kind="correction", subject=subject, text=note + letter.text, html=html)


def _mailed(session: Session, campaign: Campaign) -> list[Player]:
    """The players a rollback's corrections go to."""
    return [p for p in queries.players_of(session, campaign) if p.status != "replaced"]
