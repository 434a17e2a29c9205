"""Every game's welcome carries the board before the first order: the opening report (text,
and HTML with the map inline) with the reader's hand, role and order template, in one mail."""

from __future__ import annotations

from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlmodel import Session, col, select

from pbem.ledger import queries
from pbem.ledger.models import Outbox
from pbem.registry import games
from pbem.services.base.states import current_state, game_of
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.runtime import make_runtime, sqlite_url

GAMES = ["mighty-kingdoms", "king-david", "kings-of-israel", "dba-cards", "david-goliath",
         "diplomacy"]
ROLES = {  # what the welcome says each seat plays, where the opening already knows it
    "david-goliath": {"p1": "David", "p2": "Goliath"},
    "diplomacy": {"p1": "Austria", "p2": "England"},  # the powers dealt in board order
    "kings-of-israel": {"p1": "the prophet ", "p2": "the prophet "},
    "dba-cards": {"p1": "the attacker", "p2": "the defender"},
}
LIMIT = 150 * 1024


def _welcomes(tmp_path: Path, game: str) -> tuple[list[EmailMessage], list[bool]]:
    """Each player's welcome mail, and whether the seat owes the first phase."""
    rt = make_runtime(sqlite_url(tmp_path))
    meta = games()[game].meta
    count = 3 if meta.min_players <= 3 <= meta.max_players else min(2, meta.max_players)
    count = max(count, meta.min_players)
    players = [f"P{i} <p{i}@localhost>" for i in range(1, count + 1)]
    sets = {"powers": "in-order"} if game == "diplomacy" else {}
    create_campaign(rt, NewCampaign("w", game, None, players, seed=8, sets=sets))
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "w")
        due = game_of(campaign).due(current_state(session, campaign)).players
        rows = session.exec(select(Outbox).order_by(col(Outbox.id))).all()
    rt.engine.dispose()
    assert [r.kind for r in rows] == ["welcome"] * count  # one mail each, nothing beside it
    assert all(len(r.raw) < LIMIT for r in rows)
    mails = [message_from_bytes(r.raw, policy=policy.default) for r in rows]
    return mails, [f"p{i}" in due for i in range(1, count + 1)]  # type: ignore[misc]


def _part(mail: EmailMessage, kind: str) -> str:
    body = mail.get_body(preferencelist=(kind,))
    assert body is not None, kind
    return str(body.get_content())


@pytest.mark.parametrize("game", GAMES)
def test_the_welcome_shows_the_board_hand_role_and_first_orders(
    tmp_path: Path, game: str
) -> None:
    mails, owes = _welcomes(tmp_path, game)
    for number, (mail, owing) in enumerate(zip(mails, owes, strict=True), start=1):
        seat = f"p{number}"
        text, html = _part(mail, "plain"), _part(mail, "html")
        assert "YOUR POSITION" in text and "WHAT HAPPENED" in text  # the opening report
        assert "NEXT" in text and "Deadline:" in text
        role = ROLES.get(game, {}).get(seat)
        if role:
            assert f"You play seat {seat}: {role}" in text and role in html
        if owing:
            assert "YOUR ORDERS" in text and "Your orders are due by" in text
        else:
            assert "You owe nothing in this phase: we mail you a report" in text
        assert "Welcome to w" in html and 'src="cid:map"' in html
        images = [p for p in mail.walk() if p.get_content_type() == "image/png"]
        cids = [str(p["Content-ID"]).strip("<>") for p in images]
        # the map, or a map too wide for a phone as its strips (pbem/render/tiles.py)
        assert cids[0] == "map" and cids[1:] == [f"map-{n}" for n in range(2, len(cids) + 1)]
        assert all(f'src="cid:{cid}"' in html for cid in cids)
