"""Reply budgets, held digests, VERP senders and bounce clearing, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from email import message_from_bytes
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.clock import FixedClock
from pbem.ledger.models import Campaign, HeldAck, Outbox, Player
from pbem.mail.outbound import make_message_id
from pbem.mail.routing import plus_address, token_for
from pbem.mail.transport.mailers import RecordingMailer
from pbem.mail.transport.smtp import TransientSendError
from pbem.mail.verp import find_bounce_token, token_matches
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.intake.ingest import IngestStats, store_raw
from pbem.services.intake.mailroom import process_pending
from pbem.services.outbox.held_acks import release_due
from pbem.services.outbox.letters import thread_root
from pbem.services.outbox.outbox import flush
from pbem.services.outbox.reply_limits import replies_spent, unverified_allowed
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.runtime import make_runtime, register_toy, scenario_file, sqlite_url

PLAYERS = ["Alice <alice@localhost>", "Bob <bob@localhost>"]


@pytest.fixture(params=["sqlite", "postgresql"])
def camp(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Runtime]:
    """A two-player toy campaign 'duel' on SQLite, then on PostgreSQL; welcome mail sent."""
    register_toy()
    url = sqlite_url(tmp_path) if request.param == "sqlite" else request.getfixturevalue("pg_url")
    rt = make_runtime(url)
    create_campaign(rt, NewCampaign("duel", "toy", scenario_file(tmp_path), PLAYERS, seed=3))
    flush(rt, RecordingMailer())
    yield rt
    rt.engine.dispose()
    games().pop("toy", None)


def _clock(rt: Runtime) -> FixedClock:
    assert isinstance(rt.clock, FixedClock)
    return rt.clock


def _mail(rt: Runtime, body: str, keyed: bool = True, sender: str = "alice@localhost") -> bytes:
    with Session(rt.engine) as session:
        alice = session.exec(select(Player).where(Player.address == "alice@localhost")).one()
    message = EmailMessage()
    message["From"] = sender
    token = token_for("duel", alice.seat, alice.secret)
    message["To"] = plus_address("referee@localhost", token) if keyed else "referee@localhost"
    message["Subject"] = "Forged subject text"
    message["Message-ID"] = make_msgid(domain="players.localhost")
    message.set_content(body)
    return bytes(message)


_uid = iter(range(1, 10_000))


def _process(rt: Runtime, *raws: bytes) -> dict[str, int]:
    for raw in raws:
        store_raw(rt, "test://box", raw, next(_uid))
    stats = IngestStats()
    process_pending(rt, stats)
    return stats.outcomes


def _kinds(rt: Runtime, to: str = "alice@localhost") -> list[str]:
    with Session(rt.engine) as session:
        rows = session.exec(
            select(Outbox).where(Outbox.recipient == to).order_by(Outbox.id)  # type: ignore[arg-type]
        ).all()
    return [row.kind for row in rows]


def test_unauthenticated_notices_have_their_own_small_budget(camp: Runtime) -> None:
    camp.settings = replace(camp.settings, reply_rate_per_hour=3)
    outcomes = _process(camp, *[_mail(camp, "pick 6", keyed=False) for _ in range(6)])
    assert outcomes == {"mail.E_NO_SECRET": 6}
    assert _kinds(camp).count("notice-unverified") == 3
    with Session(camp.engine) as session:
        assert not unverified_allowed(session, camp, "alice@localhost")
        assert not replies_spent(session, camp, "alice@localhost")
    assert _process(camp, _mail(camp, "HELP"), _mail(camp, "pick 2")) == {
        "mail.help": 1,
        "mail.orders_accepted": 1,
    }
    assert _kinds(camp)[-2:] == ["help", "ack"]
    _clock(camp).at += timedelta(days=1, minutes=1)
    _process(camp, _mail(camp, "pick 6", keyed=False))
    assert _kinds(camp).count("notice-unverified") == 4  # a new day, a new budget


def test_unverified_notice_quotes_nothing_from_the_mail(camp: Runtime) -> None:
    _process(camp, _mail(camp, "evil body text", sender="mallory@localhost"))
    with Session(camp.engine) as session:
        row = session.exec(select(Outbox).where(Outbox.kind == "notice-unverified")).one()
    text = row.raw.decode("ascii", "replace")
    assert row.recipient == "alice@localhost"
    assert "Forged subject" not in text and "evil" not in text and "mallory" not in text


def test_held_acknowledgements_become_one_digest_when_the_budget_allows(camp: Runtime) -> None:
    camp.settings = replace(camp.settings, reply_rate_per_hour=1)
    assert _process(camp, *[_mail(camp, f"pick {n}") for n in (1, 2, 3)]) == {
        "mail.orders_accepted": 3
    }
    assert _kinds(camp).count("ack") == 1
    assert release_due(camp) == 0  # not due yet
    _clock(camp).at += timedelta(minutes=61)
    assert release_due(camp) == 1
    assert release_due(camp) == 0  # released once
    with Session(camp.engine) as session:
        held = session.exec(select(HeldAck)).one()
        digest = session.exec(select(Outbox).where(Outbox.kind == "ack-digest")).one()
    assert held.held == 2 and held.released_at is not None
    body = message_from_bytes(digest.raw).get_payload(decode=True)
    assert isinstance(body, bytes) and b"pick 3" in body and b"2 mails" in body
    assert body.count(b"Taken for Round 1: it stands.") == 2  # each held mail answered


def test_mail_to_a_player_has_a_verp_sender_and_keeps_its_message_id(camp: Runtime) -> None:
    _process(camp, _mail(camp, "pick 4"))
    mailer = RecordingMailer(failures=[TransientSendError("busy")])
    assert flush(camp, mailer).retrying == 1
    _clock(camp).at += timedelta(minutes=2)
    assert flush(camp, mailer).sent == 1
    (sent,) = mailer.sent
    with Session(camp.engine) as session:
        row = session.exec(select(Outbox).where(Outbox.kind == "ack")).one()
        alice = session.get(Player, row.player_id)
    assert alice is not None and message_from_bytes(sent.raw)["Message-ID"] == row.message_id
    token = find_bounce_token("referee@localhost", [sent.sender])
    assert token is not None and token.row_id == row.id and token_matches(token, alice.secret)


def test_a_delivery_clears_a_bounce_mark_only_for_mail_queued_after_it(camp: Runtime) -> None:
    with Session(camp.engine) as session:
        alice = session.exec(select(Player).where(Player.address == "alice@localhost")).one()
        alice.delivery, alice.bounced_at = "bouncing", camp.clock.now()
        session.add(alice)
        session.commit()
    _process(camp, _mail(camp, "HELP"))  # authenticated mail clears it
    with Session(camp.engine) as session:
        alice = session.exec(select(Player).where(Player.address == "alice@localhost")).one()
        assert alice.delivery == "ok"
        alice.delivery, alice.bounced_at = "bouncing", camp.clock.now()
        session.add(alice)
        session.commit()
    flush(camp, RecordingMailer())  # the HELP answer was queued at the mark's own moment
    assert _alice(camp).delivery == "bouncing"
    _clock(camp).at += timedelta(minutes=1)
    _process(camp, _mail(camp, "pick 1", keyed=False))  # an unverified notice, queued later
    assert _alice(camp).delivery == "bouncing"  # unauthenticated mail clears nothing
    flush(camp, RecordingMailer())
    assert _alice(camp).delivery == "ok"


def _alice(rt: Runtime) -> Player:
    with Session(rt.engine) as session:
        return session.exec(select(Player).where(Player.address == "alice@localhost")).one()


def test_the_thread_root_cannot_be_predicted_from_the_campaign_name(camp: Runtime) -> None:
    with Session(camp.engine) as session:
        campaign = session.exec(select(Campaign)).one()
    guessable = make_message_id(f"thread:{campaign.name}", camp.settings.mail_domain)
    from_seed = make_message_id(
        f"thread:{campaign.name}:{campaign.start_seed}", camp.settings.mail_domain
    )
    root = thread_root(camp, campaign)
    other = thread_root(camp, campaign.model_copy(update={"seed_secret": "ab" * 32}))
    same_secret = thread_root(camp, campaign.model_copy(update={"start_seed": 1, "master_seed": 2}))
    assert len({guessable, from_seed, root, other}) == 4 and same_secret == root
