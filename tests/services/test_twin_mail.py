"""Secrecy by mail: two campaigns that differ only in what the rules hide from one player, played
by the same mails of that player through real ticks (Maildir in, every reply and report out),
must send that player the same mails: welcome, acknowledgements, HELP and STATUS answers,
questions, reports with their maps and JSON, and the end (issue 24, docs/games.md).

The other players send nothing and take their defaults, so their public behaviour is alike in
both campaigns; the watched player plays at random, sends HELP and STATUS every phase, and an
order naming something it does not hold.
"""

from __future__ import annotations

import email
import mailbox
from datetime import timedelta
from email.message import Message
from email.policy import default as default_policy
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, select

from pbem.clock import FixedClock
from pbem.core.game import Game, PlaysItself
from pbem.core.rng import SeededRng
from pbem.core.secrecy import HidesInformation
from pbem.ledger import queries
from pbem.ledger.models import Player, Snapshot
from pbem.mail.routing import token_for
from pbem.mail.transport.maildir import MaildirSource
from pbem.mail.transport.mailers import RecordingMailer
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import canonical_json, current_state, digest
from pbem.services.tick.tick import tick
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.player_mail import player_mail
from tests.support.runtime import make_runtime, sqlite_url

FIRST, SECOND = "twin-one", "twin-two"  # alike in length: headings underline the name
HIDING = sorted(name for name, game in games().items() if isinstance(game, HidesInformation))
ROUNDS = 14
NOT_HELD = "play goliaths-spear\nmove z9\ndefend with nothing-at-all"


def _start(name: str, tmp_path: Path, seat: str) -> tuple[Game, Runtime, dict[str, str]]:
    game = games()[name]
    rt = make_runtime(sqlite_url(tmp_path))
    count = max(game.meta.min_players, min(3, game.meta.max_players))
    players = [f"P{i} <p{i}@localhost>" for i in range(1, count + 1)]
    for campaign in (FIRST, SECOND):
        create_campaign(rt, NewCampaign(campaign, name, None, players, seed=9))
    _replace_opening(rt, game, seat)
    with Session(rt.engine) as session:
        rows = queries.players_of(session, queries.campaign_named(session, FIRST))
        return game, rt, {p.seat: p.address for p in rows}


def _replace_opening(rt: Runtime, game: Game, seat: str) -> None:
    """The second campaign opens on the twin of the first's opening, as seen from `seat`."""
    assert isinstance(game, HidesInformation)
    with Session(rt.engine) as session:
        first = current_state(session, queries.campaign_named(session, FIRST))
        twin = game.resample_hidden(first, seat, SeededRng(3))
        second = queries.campaign_named(session, SECOND)
        row = session.exec(select(Snapshot).where(Snapshot.campaign_id == second.id)).one()
        row.state_json = canonical_json(twin)
        row.digest = digest(row.state_json)
        session.add(row)
        session.commit()


def _owes(rt: Runtime, campaign: str, seat: str) -> Any | None:
    """The campaign's state when `seat` owes input in it now, else None."""
    with Session(rt.engine) as session:
        row = queries.campaign_named(session, campaign)
        state = current_state(session, row)
        game = games()[row.game]
        return state if row.status == "active" and seat in game.due(state).players else None


def _play(game: Game, rt: Runtime, seat: str, address: str, tmp_path: Path) -> RecordingMailer:
    assert isinstance(game, PlaysItself)
    mailer, box_path = RecordingMailer(), tmp_path / "Maildir"
    box = mailbox.Maildir(box_path, create=True)
    for number in range(ROUNDS):
        state = _owes(rt, FIRST, seat)
        bodies = ["HELP", "STATUS"]
        if state is not None:
            own = game.random_input(state, seat, SeededRng(number))
            bodies += [NOT_HELD, game.canonical(state, seat, own)]
        for campaign in (FIRST, SECOND):
            for body in bodies:
                box.add(player_mail(rt, campaign, address, body))
        tick(rt, MaildirSource(str(box_path)), mailer, wait_seconds=5)
        assert isinstance(rt.clock, FixedClock)
        rt.clock = FixedClock(rt.clock.now() + timedelta(days=8))  # past any deadline
        tick(rt, MaildirSource(str(box_path)), mailer, wait_seconds=5)
    return mailer


def _tokens(rt: Runtime, address: str) -> dict[str, str]:
    with Session(rt.engine) as session:
        found = {}
        for campaign in (FIRST, SECOND):
            row = queries.campaign_named(session, campaign)
            player = session.exec(
                select(Player).where(Player.campaign_id == row.id, Player.address == address)
            ).one()
            found[token_for(campaign, player.seat, player.secret)] = "TOKEN"
            found[player.secret] = "SECRET"
        return found


def _content(message: Message, masks: dict[str, str]) -> dict[str, Any]:
    """A mail's subject and every part, with what names the campaign masked."""

    def mask(text: str) -> str:
        for word, mark in masks.items():
            text = text.replace(word, mark)
        return text

    parts = []
    for part in message.walk():
        if part.is_multipart():
            continue
        payload = part.get_payload(decode=True) or b""
        kind = part.get_content_type()
        shown = (
            mask(payload.decode("utf-8"))
            if kind.startswith("text/") or kind.endswith("json")
            else payload
        )
        parts.append((kind, part.get_filename() and mask(part.get_filename() or ""), shown))
    return {"subject": mask(str(message["Subject"])), "parts": parts}


def _received(mailer: RecordingMailer, address: str, masks: dict[str, str]) -> dict[str, list[Any]]:
    by_campaign: dict[str, list[Any]] = {FIRST: [], SECOND: []}
    for sent in mailer.sent:
        if address not in sent.recipients:
            continue
        message = email.message_from_bytes(sent.raw, policy=default_policy)
        campaign = FIRST if f"[{FIRST}]" in str(message["Subject"]) else SECOND
        by_campaign[campaign].append(_content(message, masks))
    return by_campaign


@pytest.mark.parametrize("name", HIDING)
def test_a_player_gets_the_same_mail_whatever_is_hidden_from_them(
    name: str, tmp_path: Path
) -> None:
    seat = "p1"
    game, rt, addresses = _start(name, tmp_path, seat)
    mailer = _play(game, rt, seat, addresses[seat], tmp_path)
    masks = {**_tokens(rt, addresses[seat]), FIRST: "CAMPAIGN", SECOND: "CAMPAIGN"}
    received = _received(mailer, addresses[seat], masks)
    assert len(received[FIRST]) >= 6, "too short a game to tell anything"
    kinds = [m["subject"] for m in received[FIRST]]
    assert any("Report" in k for k in kinds) and any("received" in k.lower() for k in kinds)
    for index, (first, second) in enumerate(zip(received[FIRST], received[SECOND], strict=False)):
        assert first == second, f"mail {index}: {first['subject']!r} against {second['subject']!r}"
    assert len(received[FIRST]) == len(received[SECOND])


def test_every_game_with_hidden_facts_is_checked() -> None:
    hidden = {"david-goliath", "dba-cards", "kings-of-israel", "king-david", "mighty-kingdoms"}
    assert hidden <= set(HIDING), sorted(hidden - set(HIDING))
