"""Report mail drafted in the adjudication's transaction and drawn after its commit.

Drawing a report (the reader's view, text, HTML and map) is most of a busy tick's CPU. Done
inside the adjudication, it held the ledger's write lock all the while (on SQLite, the whole
file), so nothing else could be recorded meanwhile, the sends included. Instead the adjudication
writes one small draft row per reader, atomically with its events; drawing reads the ledger and
turns each draft into a pending mail in a short write of its own. A crash between the two
leaves the draft for the next pass, and the conditional update turns a draft into mail once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col, select

from pbem.ledger import queries
from pbem.ledger.db import one_statement, read_only, session_scope
from pbem.ledger.models import Campaign, Outbox, Phase, Player
from pbem.mail.outbound import new_message_id
from pbem.services.base.isolation import CampaignNote, note_failure
from pbem.services.base.locks import row_claims
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import state_after
from pbem.services.base.time_budget import UNLIMITED, TimeBudget
from pbem.services.outbox.letter import Letter
from pbem.services.outbox.letters import letter_to, subject_for
from pbem.services.outbox.outbox import compose_letter, insert_once
from pbem.services.reports import bundle as report_bundle
from pbem.services.reports.owed import VOID, report_key
from pbem.services.reports.spans import Span, count_covered, covered, events_of

DRAFT = "draft"
PAGE = 500  # drafts read per query; the time budget, not a count, ends a pass
KEPT_BOARDS = 2  # painted boards a drawing pass keeps: it paints each over the one before
KEPT_BANDS = 128  # compressed PNG bands a drawing pass keeps: a phase's readers share most


def cover_json(phase: Phase, seat: str, first: int) -> str:
    """What a report row covers: kept after drawing, so RESEND finds where it began."""
    return json.dumps({"phase": phase.id, "seat": seat, "first": first})


@dataclass
class Cover:
    """What one draft covers: its campaign, its phases from seq `first` to `phase` (`phases`
    of them) and the phase open for input when it was drafted (a reply is taken for it)."""

    campaign: Campaign
    phase: Phase
    first: int
    phases: int
    open_id: int | None


class Covering:
    """The covers of one adjudicated phase's drafts, each span's phases counted once for
    every reader whose report starts there."""

    def __init__(
        self, session: Session, campaign: Campaign, phase: Phase, open_id: int | None
    ) -> None:
        self.session, self.campaign, self.phase, self.open_id = session, campaign, phase, open_id
        self._counts: dict[int, int] = {}

    def of(self, first: int) -> Cover:
        """The cover of a report on the phases from seq `first` to this phase."""
        if first not in self._counts:
            span = Span(first, self.phase)
            self._counts[first] = count_covered(self.session, self.campaign, span)
        return Cover(self.campaign, self.phase, first, self._counts[first], self.open_id)


def draft_report(session: Session, rt: Runtime, player: Player, cover: Cover) -> None:
    """Queue `player`'s report on what `cover` covers as a draft, in the caller's
    transaction."""
    campaign, phase, now = cover.campaign, cover.phase, rt.clock.now()
    insert_once(
        session,
        key=report_key(campaign.name, phase.seq, player.seat),
        campaign_id=campaign.id,
        kind="report",
        recipient=player.address,
        subject=report_subject(campaign, phase, player, cover.phases),
        message_id=new_message_id(rt.settings.mail_domain),
        raw=b"",
        status=DRAFT,
        next_attempt_at=now,
        created_at=now,
        player_id=player.id,
        draft_json=cover_json(phase, player.seat, cover.first),
        phase_id=cover.open_id,  # a reply is for the phase now open
    )


def report_title(phase: Phase, phases: int) -> str:
    """A report's title: its last phase, and how many it covers when more than one."""
    return f"Report: {phase.label}" + (f" ({phases} phases)" if phases > 1 else "")


def report_subject(campaign: Campaign, phase: Phase, player: Player, phases: int) -> str:
    """The subject of a player's report on `phases` phases ending with `phase`."""
    return subject_for(campaign, player, report_title(phase, phases))


Delegate = Callable[[int], bool]  # campaign id -> whether another process draws it


@dataclass
class _Drawn:
    """One phase's facts, read once for all its readers, and its readers' spans' events."""

    phase_id: int
    state: Any
    next_phase: Phase | None
    spans: dict[int, tuple[int, list[Any]]]  # first phase -> (phases covered, their events)


def draw_drafts(
    rt: Runtime,
    budget: TimeBudget = UNLIMITED,
    on_ready: Callable[[], None] = lambda: None,
    notes: list[CampaignNote] | None = None,
    campaign: int | None = None,
    delegate: Delegate | None = None,
) -> int:
    """Draw drafted reports (of one campaign only, if given), oldest first, until none is left
    or the budget is spent; skip those of campaigns `delegate` hands to another process; call
    `on_ready` after each one becomes sendable. Return how many were drawn here."""
    drawn, after, facts = 0, 0, None
    with row_claims(rt.engine) as claims:  # on PostgreSQL, workers draw different drafts
        while not budget.spent() and (page := _draft_ids(rt, after, campaign)):
            keep_few_drawings()
            for row_id, campaign_id in page:
                if budget.spent():
                    break
                if (delegate is None or not delegate(campaign_id)) and claims.take(row_id):
                    try:
                        facts, done = _draw_guarded(rt, row_id, facts, notes)
                    finally:
                        claims.release(row_id)
                    if done:
                        drawn += 1
                        on_ready()
            after = page[-1][0]
    return drawn


def keep_few_drawings() -> None:
    """Keep few painted boards, legends, patches and bands: drafts are drawn one campaign after
    another (oldest first), so a pass only ever paints over the board it drew last, and what a
    tick keeps beyond that is memory it never reads again."""
    from pbem.render import png, pngfile  # Pillow loads only when a map is drawn

    png.keep_few(boards=KEPT_BOARDS, legends=KEPT_BOARDS)
    pngfile.keep_few_bands(KEPT_BANDS)


def _draft_ids(rt: Runtime, after: int, campaign: int | None) -> list[tuple[int, int]]:
    query = select(Outbox.id, Outbox.campaign_id).where(
        Outbox.status == DRAFT, col(Outbox.id) > after
    )
    if campaign is not None:
        query = query.where(Outbox.campaign_id == campaign)
    with Session(read_only(rt.engine)) as session:
        rows = session.exec(query.order_by(col(Outbox.id)).limit(PAGE)).all()
        return [(row_id, campaign_id or 0) for row_id, campaign_id in rows if row_id is not None]


def _draw_guarded(
    rt: Runtime, row_id: int, facts: _Drawn | None, notes: list[CampaignNote] | None
) -> tuple[_Drawn | None, bool]:
    """Draw one draft; a failure is noted against its campaign and the pass goes on."""
    try:
        return _draw_one(rt, row_id, facts)
    except Exception as exc:
        if notes is None:
            raise
        note_failure(notes, _campaign_name(rt, row_id), "report", exc)
        return facts, False


def _campaign_name(rt: Runtime, row_id: int) -> str:
    """The name of the campaign a draft belongs to ("-" if none)."""
    with Session(read_only(rt.engine)) as session:
        name = session.exec(
            select(Campaign.name).join(Outbox, col(Outbox.campaign_id) == Campaign.id)
            .where(Outbox.id == row_id)
        ).first()  # fmt: skip
        return name or "-"


def drawn_report(
    rt: Runtime,
    campaign: Campaign,
    player: Player,
    phase: Phase,
    state: Any,
    events: list[Any],
    key: str,
    next_phase: Phase | None,
    phases: int = 1,
) -> Letter:
    """The report mail for one player on `phases` phases ending with `phase` (text and HTML
    alternatives, the map inline), drawn from facts already read: it needs no ledger session."""
    bundle = report_bundle.build(campaign, player.seat, phase, state, events, next_phase)
    letter = letter_to(
        rt,
        campaign,
        player,
        key=key,
        kind="report",
        title=report_title(phase, phases),
        template="mail/body.txt.j2",
        context={"body": bundle.text},
        images=bundle.images,
        attachments=bundle.attachments,
    )
    return replace(letter, html=bundle.html)


def _draw_one(rt: Runtime, row_id: int, facts: _Drawn | None) -> tuple[_Drawn | None, bool]:
    """Read one draft's facts, draw it with no transaction open (on SQLite a transaction is
    the ledger's write lock), then record its bytes in a short write of its own."""
    with Session(read_only(rt.engine)) as session:
        draft = _read_draft(session, row_id)
        if draft is not None and not draft.rolled_back:
            facts = _read_facts(session, draft, facts)
    if draft is None:
        return facts, False
    if draft.rolled_back or facts is None:  # its phase was rolled back before it was drawn
        return facts, _void(rt, row_id)
    phases, events = facts.spans[draft.first]
    letter = drawn_report(
        rt, draft.campaign, draft.player, draft.phase, facts.state, events, draft.key,
        facts.next_phase, phases,
    )  # fmt: skip
    raw = compose_letter(rt, letter, draft.message_id, draft.created_at)
    # one UPDATE, its own transaction; the cover stays: RESEND reads where it began
    with session_scope(one_statement(rt.engine)) as session:
        session.exec(
            update(Outbox)
            .where(col(Outbox.id) == row_id, col(Outbox.status) == DRAFT)
            .values(raw=raw, subject=letter.subject, status="pending")
        )
    return facts, True


@dataclass
class _Draft:
    """A draft row and the records it names."""

    key: str
    message_id: str
    created_at: datetime
    campaign: Campaign
    player: Player
    phase: Phase
    first: int  # the first phase the report covers

    @property
    def rolled_back(self) -> bool:
        """Whether its phase was voided by a rollback before the report was drawn."""
        return self.phase.status == "void"


def _read_draft(session: Session, row_id: int) -> _Draft | None:
    """The draft in row `row_id`, or None if it is no longer a draft."""
    found = session.exec(
        select(Outbox, Player, Campaign)
        .join(Player, col(Player.id) == Outbox.player_id)
        .join(Campaign, col(Campaign.id) == Outbox.campaign_id)
        .where(Outbox.id == row_id, Outbox.status == DRAFT)
    ).first()
    if found is None or not found[0].draft_json:
        return None
    row, player, campaign = found
    cover = json.loads(row.draft_json or "{}")
    phase = session.get(Phase, cover["phase"])
    assert phase is not None
    first = int(cover.get("first", phase.seq))  # drafted before reports covered spans
    return _Draft(row.key, row.message_id, row.created_at, campaign, player, phase, first)


def _void(rt: Runtime, row_id: int) -> bool:
    """Retire a draft whose phase was rolled back: the corrected report replaces it."""
    with session_scope(one_statement(rt.engine)) as session:
        session.exec(
            update(Outbox)
            .where(col(Outbox.id) == row_id, col(Outbox.status) == DRAFT)
            .values(status=VOID, draft_json=None, last_error="phase rolled back before drawing")
        )
    return False


def void_drafts(session: Session, campaign: Campaign, phase_ids: list[int]) -> int:
    """Retire, in the caller's transaction, the campaign's drafts whose phase is among
    `phase_ids` (rolled back): never sent, so they told their readers nothing."""
    voided = set(phase_ids)
    rows = session.exec(
        select(Outbox.id, Outbox.draft_json).where(
            Outbox.campaign_id == campaign.id, Outbox.status == DRAFT
        )
    ).all()
    ids = [i for i, cover in rows if cover and json.loads(cover).get("phase") in voided]
    if ids:
        session.exec(
            update(Outbox)
            .where(col(Outbox.id).in_(ids), col(Outbox.status) == DRAFT)
            .values(status=VOID, last_error="phase rolled back before drawing")
        )
    return len(ids)


def _read_facts(session: Session, draft: _Draft, facts: _Drawn | None) -> _Drawn:
    """The facts `draft` needs: those of its phase, read unless `facts` already are, and the
    events of its span."""
    if facts is None or facts.phase_id != draft.phase.id:
        facts = _read_phase(session, draft.campaign, draft.phase)
    if draft.first not in facts.spans:
        phases = covered(session, draft.campaign, Span(draft.first, draft.phase))
        facts.spans[draft.first] = (len(phases), events_of(session, phases))
    return facts


def _read_phase(session: Session, campaign: Campaign, phase: Phase) -> _Drawn:
    """The state after `phase` and the phase that followed it."""
    state = state_after(session, campaign, phase.seq)
    following = queries.phase_after(session, campaign, phase)
    assert phase.id is not None
    return _Drawn(phase.id, state, following, {})
