"""A mail stored and processed in one intake pass is parsed once; what it does is unchanged."""

from __future__ import annotations

import mailbox
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.ledger import queries
from pbem.ledger.models import InboundMessage, Outbox, Phase, Submission
from pbem.mail.transport.maildir import MaildirSource
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state, game_of
from pbem.services.intake import stored_mail
from pbem.services.intake.ingest import IngestStats, poll
from pbem.services.intake.intake_limits import MAX_MESSAGE_BYTES
from pbem.services.intake.mailroom import process_pending
from pbem.services.turns.submissions import owed_inputs_in
from tests.support.player_mail import player_mail


def _order_mail(rt: Runtime, campaign: str, address: str, body: str, number: int) -> bytes:
    padded = body + "\n" + "padding line\n" * number
    return player_mail(rt, campaign, address, padded, f"<order.{number}@players.localhost>")


def _maildir(tmp_path: Path, mails: list[bytes]) -> MaildirSource:
    box = mailbox.Maildir(tmp_path / "Maildir", create=True)
    for raw in mails:
        box.add(raw)
    return MaildirSource(str(tmp_path / "Maildir"))


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the stored messages read back from the ledger."""
    reads: list[int] = []
    real = stored_mail.read_message

    def counting(raw: bytes, max_bytes: int = 1_000_000, max_depth: int = 10) -> object:
        reads.append(len(raw))
        return real(raw, max_bytes=max_bytes, max_depth=max_depth)

    monkeypatch.setattr(stored_mail, "read_message", counting)
    return reads


def test_mail_polled_in_the_pass_is_not_read_again(
    rt: Runtime, toy_campaign: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    addresses = ["alice@localhost", "bob@localhost", "carol@localhost"]
    mails = [_order_mail(rt, toy_campaign, a, "pick 3", n) for n, a in enumerate(addresses)]
    stats = IngestStats()
    poll(rt, _maildir(tmp_path, mails), stats)
    assert stats.stored == 3 and len(stats.parsed) == 3
    reads = _count_reads(monkeypatch)
    process_pending(rt, stats)
    assert reads == [] and stats.parsed == {}
    assert stats.outcomes == {"mail.orders_accepted": 3}
    with Session(rt.engine) as session:
        orders = session.exec(select(Submission)).all()
        acks = session.exec(select(Outbox).where(Outbox.kind == "ack")).all()
        phase = session.exec(select(Phase).where(Phase.status == "open")).one()
    assert sorted(o.canonical for o in orders) == ["pick 3"] * 3
    assert sorted(a.recipient for a in acks) == addresses
    assert phase.complete_at is not None  # all three owed orders are in


def test_mail_stored_by_an_earlier_pass_is_read_from_the_ledger(
    rt: Runtime, toy_campaign: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    poll(
        rt,
        _maildir(tmp_path, [_order_mail(rt, toy_campaign, "bob@localhost", "pick 5", 1)]),
        IngestStats(),
    )
    reads = _count_reads(monkeypatch)
    stats = IngestStats()
    process_pending(rt, stats)
    assert len(reads) == 1 and stats.outcomes == {"mail.orders_accepted": 1}


def test_a_record_of_other_bytes_is_not_used(
    rt: Runtime, toy_campaign: str, tmp_path: Path
) -> None:
    mails = [_order_mail(rt, toy_campaign, "alice@localhost", "pick 2", n) for n in (1, 2)]
    stats = IngestStats()
    poll(rt, _maildir(tmp_path, mails), stats)
    first, second = sorted(stats.parsed)
    stats.parsed[first] = stats.parsed[second]  # a record read from other bytes
    with Session(rt.engine) as session:
        row = session.get(InboundMessage, first)
        assert row is not None
        assert not stored_mail.same_bytes(row, stats.parsed[first])
        assert stored_mail.read_stored(rt, row, stats.parsed[first]).digest == row.digest


def test_a_truncated_mail_is_read_from_what_the_ledger_kept(
    rt: Runtime, toy_campaign: str, tmp_path: Path
) -> None:
    raw = _order_mail(rt, toy_campaign, "carol@localhost", "pick 4", 80_000)
    assert len(raw) > MAX_MESSAGE_BYTES
    stats = IngestStats()
    poll(rt, _maildir(tmp_path, [raw]), stats)
    with Session(rt.engine) as session:
        row = session.exec(select(InboundMessage)).one()
        assert row.truncated
        kept = stored_mail.read_stored(rt, row, stats.parsed[row.id or 0])
    assert kept.refusal == "mail.E_TOO_LARGE" and kept.size == len(raw)
    process_pending(rt, stats)
    assert stats.outcomes == {"mail.refused": 1}


def test_owed_inputs_are_all_in_only_when_every_owing_seat_has_live_orders(
    rt: Runtime, toy_campaign: str, tmp_path: Path
) -> None:
    addresses = ["alice@localhost", "bob@localhost"]
    mails = [_order_mail(rt, toy_campaign, a, "pick 1", n) for n, a in enumerate(addresses)]
    stats = IngestStats()
    poll(rt, _maildir(tmp_path, mails), stats)
    process_pending(rt, stats)
    with Session(rt.engine) as session:
        phase = session.exec(select(Phase).where(Phase.status == "open")).one()
        campaign = queries.campaign_named(session, toy_campaign)
        due = game_of(campaign).due(current_state(session, campaign))
        assert sorted(queries.live_submissions(session, phase)) == ["p1", "p2"]
        assert not owed_inputs_in(session, phase, due) and phase.complete_at is None
