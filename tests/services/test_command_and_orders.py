"""Orders below HELP, STATUS or RESEND are never dropped without a word, in every game (issue 25
item 18): good orders under the command are read as well; anything else is named as not used.
"""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.ledger.models import Outbox, Player
from pbem.mail.routing import plus_address, token_for
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.intake.ingest import IngestStats, store_raw
from pbem.services.intake.mailroom import process_pending
from tests.support.any_game import start_campaign, state_and_seats

_uid = iter(range(1, 100_000))


def _send(rt: Runtime, seat: str, body: str) -> dict[str, int]:
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        player = session.exec(
            select(Player).where(Player.campaign_id == campaign.id, Player.seat == seat)
        ).one()
        token = token_for("c", seat, player.secret)
        message = EmailMessage()
        message["From"] = player.address
        message["To"] = plus_address("referee@localhost", token)
        message["Subject"] = "my turn"
        message["Message-ID"] = make_msgid(domain="players.localhost")
        message.set_content(body)
    store_raw(rt, "test://box", bytes(message), next(_uid))
    stats = IngestStats()
    process_pending(rt, stats)
    return stats.outcomes


def _answers(rt: Runtime, kind: str) -> list[str]:
    with Session(rt.engine) as session:
        rows = session.exec(
            select(Outbox).where(Outbox.kind == kind).order_by(col(Outbox.id))
        ).all()
    texts = []
    for row in rows:
        body = message_from_bytes(row.raw).get_payload(decode=True)
        assert isinstance(body, bytes)
        texts.append(body.decode())
    return texts


def _live(rt: Runtime, seat: str) -> str | None:
    with Session(rt.engine) as session:
        phase = queries.open_phase(session, queries.campaign_named(session, "c"))
        assert phase is not None
        live = queries.live_submission(session, phase, seat)
        return live.canonical if live else None


@pytest.mark.parametrize("name", sorted(games()))
def test_orders_under_a_command_are_read_or_named_as_not_used(name: str, tmp_path: Path) -> None:
    game, rt = start_campaign(name, tmp_path, seed=4)
    found = state_and_seats(rt)
    assert found is not None
    state, _ = found
    seat = game.due(state).players[0]
    orders = game.canonical(state, seat, game.random_input(state, seat, SeededRng(3)))

    assert _send(rt, seat, f"Help - is this ok?\n{orders}") == {"mail.help": 1}
    assert "also handled as an orders mail" in _answers(rt, "help")[-1]
    assert len(_answers(rt, "ack")) == 1 and _live(rt, seat) is not None

    assert _send(rt, seat, "Status: ready\nI think this is it, good luck all") == {"mail.status": 1}
    assert "NOT used as orders" in _answers(rt, "status")[-1]
    assert len(_answers(rt, "ack")) == 1  # nothing else was taken as orders
    rt.engine.dispose()
