"""The transactional outbox: mail is queued with its cause and sent once, with retries."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, Update, bindparam, exists, func, or_, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from pbem import failpoints
from pbem.ledger.db import read_only
from pbem.ledger.models import Outbox, Phase, Player
from pbem.mail.outbound import compose, new_message_id
from pbem.mail.slimming import without_images
from pbem.mail.transport.mailers import Mailer, sending
from pbem.mail.transport.smtp import PermanentSendError, TransientSendError
from pbem.mail.verp import bounce_address
from pbem.services.base.locks import RowClaims, row_claims
from pbem.services.base.runtime import Runtime
from pbem.services.base.time_budget import UNLIMITED, TimeBudget
from pbem.services.outbox.letter import Letter

MAX_ATTEMPTS = 8
PAGE = 500  # rows read per query while sending; the time budget, not a count, ends a pass
BATCH = 16  # rows claimed in one write and read in one read, then sent one by one
BULK_KINDS = ("report", "closing")  # made by adjudication; everything else answers someone
BACKOFF_MINUTES = (1, 5, 15, 60, 180, 360, 720)


@dataclass(frozen=True)
class Lane:
    """The mail of campaigns whose id leaves `index` when divided by `count` (mail of no
    campaign counts as campaign 0): one SMTP session's share, so each campaign's mail still
    goes out in the order it was queued."""

    index: int
    count: int


def enqueue(
    session: Session,
    rt: Runtime,
    letter: Letter,
    campaign_id: int | None,
    draft_json: str | None = None,
    open_phase: int | None = None,
) -> int | None:
    """Queue a letter in the caller's transaction (with `draft_json`, what a report covers;
    `open_phase`, the campaign's phase open now, when the caller has read it under the
    campaign's lock); the new row's id, or None when its key was queued already (that row is
    left alone)."""
    now = rt.clock.now()
    message_id = new_message_id(rt.settings.mail_domain)  # random, kept with the row
    return insert_once(
        session,
        key=letter.key,
        campaign_id=campaign_id,
        kind=letter.kind,
        recipient=letter.to,
        subject=letter.subject,
        message_id=message_id,
        raw=compose_letter(rt, letter, message_id, now),
        next_attempt_at=now,
        created_at=now,
        player_id=letter.player_id,
        draft_json=draft_json,
        phase_id=_reply_phase(session, letter, campaign_id, open_phase),
    )


def _reply_phase(
    session: Session, letter: Letter, campaign_id: int | None, open_phase: int | None
) -> int | None:
    """The phase a player's reply to this letter is taken for: the one open now."""
    if not letter.player_id:
        return None
    return open_phase if open_phase is not None else open_phase_id(session, campaign_id)


def insert_once(session: Session, **values: Any) -> int | None:
    """Insert an outbox row unless its key is taken, in one statement (no read first, and no
    failed transaction when another worker queued the same key a moment before): its id, or
    None."""
    dialect = session.get_bind().dialect.name
    insert = postgresql_insert if dialect == "postgresql" else sqlite_insert
    session.flush()  # rows the caller added before this one keep their place in the queue
    statement = (
        insert(Outbox)
        .values({"status": "pending", "attempts": 0, "last_error": "", **values})
        .on_conflict_do_nothing(index_elements=["key"])
        .returning(col(Outbox.id))
    )
    return session.exec(statement).scalar()


def id_if_open(phase: Phase | None) -> int | None:
    """The id of `phase` (read under its campaign's lock) if it is the one open for input."""
    return phase.id if phase is not None and phase.status == "open" else None


def open_phase_id(session: Session, campaign_id: int | None) -> int | None:
    """The campaign's phase open for input now, which a reply to mail queued now is taken for."""
    if campaign_id is None:
        return None
    return session.exec(
        select(Phase.id).where(Phase.campaign_id == campaign_id, Phase.status == "open")
    ).first()


def compose_letter(rt: Runtime, letter: Letter, message_id: str, date: datetime) -> bytes:
    """The letter as the bytes SMTP sends, from the referee's address."""
    sender, loop = rt.settings.referee_address, rt.settings.mail_domain
    return compose(letter.message(sender, message_id, date, loop))


@dataclass
class FlushResult:
    """What one pass over the outbox did."""

    sent: int = 0
    retrying: int = 0
    dead: int = 0


def flush(
    rt: Runtime,
    mailer: Mailer,
    budget: TimeBudget = UNLIMITED,
    replies_only: bool = False,
    lane: Lane | None = None,
) -> FlushResult:
    """Send what is due (in `lane`, if given) until the budget is spent; a crash between
    sending and recording re-sends once, with the same Message-ID. `replies_only` leaves
    reports for later."""
    result = FlushResult()
    after = 0
    # One SMTP connection, TLS session and login for the whole pass; on PostgreSQL each row is
    # held by this worker while it is sent, so workers sharing the ledger never send it twice.
    with sending(mailer), row_claims(rt.engine) as claims:
        while not budget.spent() and (page := _due_ids(rt, after, replies_only, lane)):
            for start in range(0, len(page), BATCH):
                if budget.spent():
                    break
                _send_batch(rt, mailer, claims, page[start : start + BATCH], budget, result)
            if len(page) < PAGE:
                break  # the scan found all it could: what is queued since, the next pass sends
            after = page[-1]
    return result


def _send_batch(
    rt: Runtime,
    mailer: Mailer,
    claims: RowClaims,
    row_ids: list[int],
    budget: TimeBudget,
    result: FlushResult,
) -> None:
    """Claim a few rows in one write, read them in one read, then send and record each; rows
    the budget left unsent are given back as they were."""
    held = [row_id for row_id in row_ids if claims.take(row_id)]
    try:
        outgoing = _read_outgoing(rt, _claim(rt, held)) if held else []
        for number, mail in enumerate(outgoing):
            if budget.spent():
                _unclaim(rt, [m.row_id for m in outgoing[number:]])
                return
            _send_one(rt, mailer, mail, result)
    finally:
        for row_id in held:
            claims.release(row_id)


def _due_ids(rt: Runtime, after: int, replies_only: bool, lane: Lane | None) -> list[int]:
    lanes = lane.count if lane is not None else 1
    values = {"now": rt.clock.now(), "after": after, "lane": lane.index if lane else 0}
    with Session(read_only(rt.engine)) as session:
        rows = session.execute(_due_query(replies_only, lanes), values).scalars().all()
        return [r for r in rows if r is not None]


@functools.cache
def _due_query(replies_only: bool, lanes: int) -> Select[Any]:
    """The due-mail scan, built once for each kind of pass (its values bound at each run): a
    tick's sender runs it several times a second."""
    query = select(Outbox.id).where(
        col(Outbox.status).in_(["pending", "sending"]),
        Outbox.next_attempt_at <= bindparam("now"),
        col(Outbox.id) > bindparam("after"),
        ~exists(_earlier_draft()),  # a campaign's mail goes out in the order it was queued
    )
    if replies_only:
        query = query.where(col(Outbox.kind).not_in(BULK_KINDS))
    if lanes > 1:
        query = query.where(func.coalesce(Outbox.campaign_id, 0) % lanes == bindparam("lane"))
    return query.order_by(col(Outbox.id)).limit(PAGE)


def _earlier_draft() -> Select[Any]:
    """A report of the same campaign queued before this row and not drawn yet."""
    draft = aliased(Outbox)
    return select(draft.id).where(
        draft.status == "draft",
        draft.campaign_id == Outbox.campaign_id,
        col(draft.id) < Outbox.id,
    )


def _claim(rt: Runtime, row_ids: list[int]) -> list[int]:
    """Mark the rows still due as being sent, one attempt more; the ids claimed."""
    # "sending" left by a crashed run is taken again: the caller holds the row's claim (the
    # run lock on SQLite; on PostgreSQL a lock that ends with its holder's connection), so the
    # run that left it is gone. SKIP LOCKED passes over a row another worker is writing.
    free = (
        select(Outbox.id)
        .where(
            col(Outbox.id).in_(row_ids),
            col(Outbox.status).in_(["pending", "sending"]),
            Outbox.next_attempt_at <= rt.clock.now(),
        )
        .with_for_update(skip_locked=True)
    )
    with Session(rt.engine) as session:
        claimed = session.exec(
            update(Outbox)
            .where(col(Outbox.id).in_(free.scalar_subquery()))
            .values(status="sending", attempts=Outbox.attempts + 1)
            .returning(col(Outbox.id))
        )
        taken = {row_id for (row_id,) in claimed.all()}
        session.commit()
    return [row_id for row_id in row_ids if row_id in taken]


def _unclaim(rt: Runtime, row_ids: list[int]) -> None:
    """Give back claimed rows that were never tried: pending again, the attempt not counted."""
    with Session(rt.engine) as session:
        session.exec(
            update(Outbox)
            .where(col(Outbox.id).in_(row_ids), col(Outbox.status) == "sending")
            .values(status="pending", attempts=Outbox.attempts - 1)
        )
        session.commit()


@dataclass(frozen=True)
class _Outgoing:
    """A claimed row's bytes and envelope, read before sending."""

    row_id: int
    raw: bytes
    recipient: str
    envelope_sender: str
    bouncing_player: int | None  # the reader, if marked as bouncing when the row was read
    queued: datetime


def _read_outgoing(rt: Runtime, row_ids: list[int]) -> list[_Outgoing]:
    """The claimed rows, in the order given, read in one read-only transaction."""
    with Session(read_only(rt.engine)) as session:
        rows = {r.id: r for r in session.exec(select(Outbox).where(col(Outbox.id).in_(row_ids)))}
        wanted = {r.player_id for r in rows.values() if r.player_id}
        players = {
            p.id: p for p in session.exec(select(Player).where(col(Player.id).in_(wanted)))
        }
        outgoing = []
        for row_id in row_ids:
            row = rows[row_id]
            player = players.get(row.player_id) if row.player_id else None
            outgoing.append(
                _Outgoing(
                    row_id, row.raw, row.recipient, _envelope_sender(rt, row, player),
                    player.id if player and player.delivery == "bouncing" else None,
                    row.created_at,
                )
            )  # fmt: skip
        return outgoing


def _send_one(rt: Runtime, mailer: Mailer, mail: _Outgoing, result: FlushResult) -> None:
    """Send one claimed row, holding no transaction while the server answers (on SQLite a
    transaction is the ledger's write lock), then record the outcome in a short one."""
    try:
        mailer.send_sync(mail.raw, mail.envelope_sender, [mail.recipient])
    except PermanentSendError as exc:
        _record_failure(rt, mail.row_id, str(exc), permanent=True, result=result)
        return
    except (TransientSendError, OSError) as exc:
        _record_failure(rt, mail.row_id, str(exc), permanent=False, result=result)
        return
    failpoints.hit("outbox.after-send")
    _record_sent(rt, mail.row_id, mail.raw, mail.bouncing_player, mail.queued)
    result.sent += 1


def _record_sent(
    rt: Runtime, row_id: int, raw: bytes, bouncing_player: int | None, queued: datetime
) -> None:
    """Mark a row sent (slimmed at once by default) and clear its reader's bounce mark if the
    letter was queued after it: one or two statements on a bare connection, no rows loaded."""
    now = rt.clock.now()
    sent: dict[str, Any] = {"status": "sent", "sent_at": now, "last_error": ""}
    if rt.settings.sent_raw_days == 0:  # slimmed in the same write as the send is recorded
        sent.update(raw=without_images(raw), slimmed_at=now)
    with rt.engine.begin() as connection:
        connection.execute(update(Outbox).where(col(Outbox.id) == row_id).values(**sent))
        if bouncing_player is not None:
            connection.execute(_clear_bounce_if_older(bouncing_player, queued))


def _clear_bounce_if_older(player_id: int, queued: datetime) -> Update:
    """The statement that clears a player's bouncing mark older than `queued`: mail queued
    then got through (services/intake/bounces.py sets the mark)."""
    return (
        update(Player)
        .where(
            col(Player.id) == player_id,
            col(Player.delivery) == "bouncing",
            or_(col(Player.bounced_at).is_(None), col(Player.bounced_at) < queued),
        )
        .values(delivery="ok")
    )


def _envelope_sender(rt: Runtime, row: Outbox, player: Player | None) -> str:
    """The VERP bounce address for mail to a player; the referee's address otherwise."""
    if player is None or row.id is None:
        return rt.settings.referee_address
    return bounce_address(rt.settings.referee_address, row.id, player.secret)


def _record_failure(
    rt: Runtime, row_id: int, error: str, permanent: bool, result: FlushResult
) -> None:
    with Session(rt.engine) as session:
        row = session.get(Outbox, row_id)
        assert row is not None
        _retry_or_bury(session, rt, row, error, permanent, result)


def _retry_or_bury(
    session: Session, rt: Runtime, row: Outbox, error: str, permanent: bool, result: FlushResult
) -> None:
    row.last_error = error[:500]
    if permanent or row.attempts >= MAX_ATTEMPTS:
        row.status = "dead"
        result.dead += 1
    else:
        minutes = BACKOFF_MINUTES[min(row.attempts - 1, len(BACKOFF_MINUTES) - 1)]
        row.status = "pending"
        row.next_attempt_at = rt.clock.now() + timedelta(minutes=minutes)
        result.retrying += 1
    session.add(row)
    session.commit()


def pending(session: Session) -> list[Outbox]:
    """Everything not yet sent, drafts included, oldest first."""
    return list(
        session.exec(
            select(Outbox)
            .where(col(Outbox.status).in_(["draft", "pending", "sending"]))
            .order_by(col(Outbox.id))
        ).all()
    )
