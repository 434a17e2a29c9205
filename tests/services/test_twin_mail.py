"""Secrecy by mail: two campaigns that differ only in what the rules hide from one player, played
by the same mails of that player through real ticks (Maildir in, every reply and report out),
must send that player the same mails: welcome, acknowledgements, HELP and STATUS answers,
questions, reports with their maps and JSON, and the end (issue 24, docs/games.md).

The other players send nothing and take their defaults, so their public behaviour is alike in
both campaigns; the watched player plays at random, sends HELP and STATUS every phase, and an
order naming something it does not hold. The comparison ends before the round in which the
watched player first holds different secrets in the two campaigns (it drew from the deck that
was dealt again), or everyone was shown different cards: from there on knowledge rightly
differs.
"""

from __future__ import annotations

import email
import mailbox
from collections.abc import Callable
from datetime import timedelta
from email.message import Message
from email.policy import default as default_policy
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, select

from pbem.clock import FixedClock
from pbem.core.game import Game
from pbem.core.rng import SeededRng
from pbem.core.secrecy import (
    TwinStep,
    first_difference,
    knows_the_same,
    shows_the_same,
)
from pbem.games.kings_of_israel import hidden as koi_hidden
from pbem.ledger import queries
from pbem.ledger.models import Player
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
HIDING = sorted(name for name, game in games().items() if game.resample_hidden is not None)
ROUNDS = 14
# Kings of Israel shows a Location and a Sin & Punishment card to all at every round's start:
# its twin keeps those decks (hands and the privately drawn decks dealt again), or the runs
# would part at once, as its own property test does for half its states.
NARROW: dict[str, Callable[[Any, str, SeededRng], Any]] = {
    "kings-of-israel": partial(koi_hidden.resample_hidden, public_draws=False)
}
TWIN_AT = 2  # rounds played alike first, so that hands are dealt and the game is under way
NOT_HELD = "play goliaths-spear\nmove z9\ndefend with nothing-at-all"


def _start(name: str, tmp_path: Path, seat: str) -> tuple[Game, Runtime, dict[str, str]]:
    game = games()[name]
    rt = make_runtime(sqlite_url(tmp_path))
    count = max(game.meta.min_players, min(3, game.meta.max_players))
    players = [f"P{i} <p{i}@localhost>" for i in range(1, count + 1)]
    for campaign in (FIRST, SECOND):
        create_campaign(rt, NewCampaign(campaign, name, None, players, seed=9))
    with Session(rt.engine) as session:
        rows = queries.players_of(session, queries.campaign_named(session, FIRST))
        return game, rt, {p.seat: p.address for p in rows}


def _replace_state(rt: Runtime, game: Game, seat: str) -> None:
    """The second campaign goes on from the twin of the first's state, as seen from `seat`."""
    assert game.resample_hidden is not None
    with Session(rt.engine) as session:
        first = current_state(session, queries.campaign_named(session, FIRST))
        twin = NARROW.get(game.meta.name, game.resample_hidden)(first, seat, SeededRng(3))
        row = queries.latest_snapshot(session, queries.campaign_named(session, SECOND))
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
    """Play both campaigns alike for TWIN_AT rounds, then the second from the twin; the mails
    sent from the twin on, up to the round where the seat's own secrets part."""
    assert game.random_input is not None
    mailer, box_path = RecordingMailer(), tmp_path / "Maildir"
    box = mailbox.Maildir(box_path, create=True)
    start = 0
    for number in range(ROUNDS):
        if number == TWIN_AT:
            _replace_state(rt, game, seat)
            start = len(mailer.sent)
        state = _owes(rt, FIRST, seat)
        bodies = ["HELP", "STATUS"]
        if state is not None:
            own = game.random_input(state, seat, SeededRng(number))
            bodies += [NOT_HELD, game.canonical(state, seat, own)]
        for campaign in (FIRST, SECOND):
            for body in bodies:
                box.add(player_mail(rt, campaign, address, body))
        before = len(mailer.sent)
        tick(rt, MaildirSource(str(box_path)), mailer, wait_seconds=5)
        assert isinstance(rt.clock, FixedClock)
        rt.clock = FixedClock(rt.clock.now() + timedelta(days=8))  # past any deadline
        tick(rt, MaildirSource(str(box_path)), mailer, wait_seconds=5)
        if not _knows_the_same(game, rt, seat):
            del mailer.sent[before:]  # it drew from the resampled deck: its knowledge parts here
            break
    del mailer.sent[:start]
    return mailer


def _knows_the_same(game: Game, rt: Runtime, seat: str) -> bool:
    """Whether the seat holds the same secrets in both campaigns, and all were shown alike."""
    with Session(rt.engine) as session:
        first, second = (
            current_state(session, queries.campaign_named(session, c)) for c in (FIRST, SECOND)
        )
    step = TwinStep(first, second)
    return knows_the_same(game, step, seat) and shows_the_same(game, step)


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


def _where(first: dict[str, Any], second: dict[str, Any]) -> str | None:
    """The first difference between two mails' contents, text parts compared line by line."""

    def lines(mail: dict[str, Any]) -> dict[str, Any]:
        parts = [
            (kind, name, body.splitlines() if isinstance(body, str) else body)
            for kind, name, body in mail["parts"]
        ]
        return {"subject": mail["subject"], "parts": parts}

    return first_difference(lines(first), lines(second))


@pytest.mark.slow
@pytest.mark.parametrize("name", HIDING)
def test_a_player_gets_the_same_mail_whatever_is_hidden_from_them(
    name: str, tmp_path: Path
) -> None:
    seat = "p1"
    game, rt, addresses = _start(name, tmp_path, seat)
    mailer = _play(game, rt, seat, addresses[seat], tmp_path)
    masks = {**_tokens(rt, addresses[seat]), FIRST: "CAMPAIGN", SECOND: "CAMPAIGN"}
    received = _received(mailer, addresses[seat], masks)
    assert len(received[FIRST]) >= 6, (len(received[FIRST]), "too short a game to tell anything")
    kinds = [m["subject"] for m in received[FIRST]]
    assert any("Report" in k for k in kinds) and any("Status" in k for k in kinds)
    for index, (first, second) in enumerate(zip(received[FIRST], received[SECOND], strict=False)):
        assert first == second, f"mail {index}, {first['subject']}: {_where(first, second)}"
    assert len(received[FIRST]) == len(received[SECOND])


def test_every_game_with_hidden_facts_is_checked() -> None:
    hidden = {"david-goliath", "dba-cards", "kings-of-israel", "king-david", "mighty-kingdoms"}
    assert hidden <= set(HIDING), sorted(hidden - set(HIDING))
