"""Hostile mail mixed with good orders, through the real Dovecot into a live campaign.

The tick never raises and ends normally, every good order is stored and acknowledged, and
every other message is quarantined or has an outcome (nothing is left new or processing),
on SQLite and PostgreSQL. PBEM_FUZZ_COUNT sets how many messages (default 300);
PBEM_FUZZ_SEED the seed. The issue's full run is PBEM_FUZZ_COUNT=10000.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, select

from pbem.errors import ExitCode
from pbem.ledger.models import InboundMessage, Outbox, Submission
from pbem.sandbox.mailstack import MailStack
from pbem.services.tick.tick import TickReport
from tests.e2e.loop import Loop
from tests.e2e.test_poison import database_url  # noqa: F401  (the two-backend fixture)
from tests.support.hostile_mail import Fuzzed, Mailbag, Seat, generate

COUNT = int(os.environ.get("PBEM_FUZZ_COUNT", "300"))
SEED = int(os.environ.get("PBEM_FUZZ_SEED", "8"))
BATCH = 100
DONE = {"processed", "duplicate", "quarantined"}
SILENT_OUTCOMES = ("mail.ignored_", "mail.bounce_", "mail.unknown_sender", "mail.duplicate")


def unlimited_replies(settings: Any) -> Any:
    """Settings without the hourly reply limit, so every good order's acknowledgement is sent."""
    if dataclasses.is_dataclass(settings):
        return dataclasses.replace(settings, reply_rate_per_hour=10**9)  # type: ignore[type-var]
    return settings.model_copy(update={"reply_rate_per_hour": 10**9})


def live_campaign(mail_stack: MailStack, tmp_path: Path, url: str) -> tuple[Loop, Mailbag]:
    """A three-player campaign with many rounds, its welcome mail read, and a mailbag for it."""
    loop = Loop(mail_stack, tmp_path).start(count=3, rounds=100_000, database_url=url)
    assert loop.rt is not None
    loop.rt.settings = unlimited_replies(loop.rt.settings)
    loop.tick()
    seats = [Seat(p, str(loop.new_mail(p)[0]["Reply-To"])) for p in loop.players]
    return loop, Mailbag(random.Random(SEED), loop.referee, voters=seats[:2], silent=seats[2])


@pytest.mark.slow
def test_hostile_mail_never_stops_the_tick_and_good_orders_are_acknowledged(
    mail_stack: MailStack,
    tmp_path: Path,
    database_url: str,  # noqa: F811
) -> None:
    loop, bag = live_campaign(mail_stack, tmp_path, database_url)
    messages = generate(bag, COUNT)
    reports: list[TickReport] = []
    for start in range(0, len(messages), BATCH):
        for item in messages[start : start + BATCH]:
            loop.stack.deliver(item.raw, f"{loop.referee}@localhost")
        reports.append(loop.tick())
    reports.append(loop.tick())
    assert [r.exit_code for r in reports] == [ExitCode.OK] * len(reports)
    assert all(r.campaigns == [] and r.mail_errors == [] for r in reports)
    assert sum(r.ingest.stored for r in reports) == len(messages)
    rows = _inbound(loop)
    assert Counter(r.status for r in rows if r.status not in DONE) == Counter()
    _every_good_order_stored_and_acknowledged(loop, messages, rows)
    _silent_outcomes_get_no_answer(loop, rows)
    _report(messages, rows, database_url)


def _inbound(loop: Loop) -> list[InboundMessage]:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        return list(session.exec(select(InboundMessage)).all())


def _every_good_order_stored_and_acknowledged(
    loop: Loop, messages: list[Fuzzed], rows: list[InboundMessage]
) -> None:
    assert loop.rt is not None
    by_id = {r.message_id: r for r in rows}
    good = [m for m in messages if m.good_id]
    with Session(loop.rt.engine) as session:
        for item in good:
            row = by_id[str(item.good_id)]
            assert row.outcome == "mail.orders_accepted", (item.good_id, row.outcome)
            sub = session.exec(select(Submission).where(Submission.inbound_id == row.id)).one()
            assert sub.valid
            ack = session.exec(select(Outbox).where(Outbox.key == f"ack:loop:{sub.id}")).one()
            assert ack.status == "sent"
    replied_to = {
        str(mail["In-Reply-To"]).strip("<>")
        for seat in loop.players[:2]
        for mail in loop.inbox(seat)
        if "Orders received" in str(mail["Subject"])
    }
    assert {str(m.good_id) for m in good} <= replied_to


def _silent_outcomes_get_no_answer(loop: Loop, rows: list[InboundMessage]) -> None:
    """Auto-replies, bounces, unknown senders and duplicates are never answered."""
    assert loop.rt is not None
    silent = {r.id for r in rows if r.outcome.startswith(SILENT_OUTCOMES)}
    with Session(loop.rt.engine) as session:
        keys = [o.key for o in session.exec(select(Outbox)).all()]
    answered = {
        int(parts[1])
        for parts in (key.split(":") for key in keys)
        if len(parts) == 2 and parts[0] != "ack" and parts[1].isdigit()
    }
    assert keys and not silent & answered


def _report(messages: list[Fuzzed], rows: list[InboundMessage], url: str) -> None:
    """Print the figures (shown with -s, and in the report of a long run)."""
    kinds = Counter(m.kind for m in messages)
    outcomes = Counter(r.outcome for r in rows)
    backend = url.split(":", 1)[0]
    print(f"\nfuzz {backend}: {len(messages)} messages, kinds {dict(kinds)}")
    print(f"fuzz {backend}: outcomes {dict(outcomes)}")
