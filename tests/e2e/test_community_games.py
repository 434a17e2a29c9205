"""Issue 37's judge for every registered game, by real mail: the referee opens a campaign,
strangers find it with LIST and fill it with SIGNON, one player declares an absence over a
deadline, the referee opens a seat that a newcomer takes over, an observer watches to the end
and never receives a hidden fact, and every player's record shows afterwards.

Each game is kept short: its quickest ending where a setting gives one within PHASES, else the
referee's declared end after PHASES (the observer secrecy proofs are each game's
test_indistinguishable.py; this test is the mail path end to end)."""

from __future__ import annotations

import json
import re
from datetime import datetime
from email.message import Message
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlmodel import Session, col, select
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.core.game import REFEREE, Game
from pbem.core.rng import SeededRng, derive_seed
from pbem.ledger import queries
from pbem.ledger.models import Snapshot
from pbem.registry import get_game, registered_names
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.states import current_state
from pbem.services.community.openings import NewOpening, create_opening
from pbem.services.community.seats import open_seat
from pbem.services.intake.entry import submit_by_address
from pbem.services.referee.lifecycle import end_campaign
from pbem.services.turns.status import status
from tests.e2e.loop import Loop, subjects, text_of
from tests.e2e.test_community import _only, _write

NAME = "commons"
PHASES = 4  # adjudications by mail before the referee ends a game that has not ended
QUICK = {  # game -> (seats, the settings of its quickest ending, whether it ends in PHASES)
    "mighty-kingdoms": (3, {"years": "1"}, False),  # a year of months
    "king-david": (2, {"turns": "1"}, False),  # one turn: about nine phases
    "kings-of-israel": (2, {}, False),  # no setting shortens it
    "dba-cards": (2, {"turn_limit": "1"}, True),
    "david-goliath": (2, {"max_turns": "1"}, False),  # one turn: about seven phases
    "diplomacy": (5, {"end_year": "1901"}, True),  # Spring and Fall 1901
}
WHISPER = "meet me behind the barn at midnight"  # press to one seat: hidden from observers
REVEALED_LATER = ("mighty-kingdoms", "diplomacy")  # private now, public later: final state only


def test_every_registered_game_has_a_quick_ending_here() -> None:
    assert sorted(QUICK) == sorted(registered_names())


@pytest.mark.slow
@pytest.mark.services
@pytest.mark.parametrize("game_name", sorted(QUICK))
def test_a_community_campaign_of_each_game_by_mail(
    game_name: str, mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path).start(count=2, name="warmup")
    assert loop.rt is not None
    seats, quick, ends = QUICK[game_name]
    create_opening(loop.rt, NewOpening(NAME, game_name, seats=seats, seed=11,
                                       sets={**quick, "early_delay_minutes": "0"},
                                       observers=True, absence_days=3))  # fmt: skip
    strangers = [mail_stack.fresh_user() for _ in range(seats)]
    newcomer, eve = mail_stack.fresh_user(), mail_stack.fresh_user()
    _find_and_fill(loop, game_name, strangers, eve)

    game = get_game(game_name)
    _play(loop, game, strangers, phases=1)
    _absence(loop, strangers[0])
    seat = f"p{seats}"
    open_seat(loop.rt, NAME, seat, "no word for a week")
    _take_over(loop, game, newcomer, seat)
    playing = [*strangers[:-1], newcomer]
    finished = _play(loop, game, playing, phases=PHASES - 1)
    assert finished == ends
    if not finished:
        end_campaign(loop.rt, NAME, "drawn by the referee", "a short test game")
        loop.tick()  # the closing mail goes out
    assert status(loop.rt, NAME)["status"] == "finished"

    _observer_saw_nothing_hidden(loop, game, loop.new_mail(eve))
    _records(loop, [*strangers, newcomer], dropped=strangers[-1])


def _find_and_fill(loop: Loop, game_name: str, strangers: list[str], eve: str) -> None:
    """An observer, then strangers who LIST and SIGNON until the campaign starts."""
    title = get_game(game_name).meta.title
    _write(loop, eve, f"OBSERVE {NAME}")
    _write(loop, strangers[0], "LIST")
    assert loop.tick().ingest.outcomes == {"community.observing": 1, "community.list": 1}
    loop.new_mail(eve)
    listing = _only(loop.new_mail(strangers[0]))
    assert f"{NAME} ({title}): forming, 0 of {len(strangers)} seats taken" in listing
    for who in strangers:
        _write(loop, who, f"SIGNON {NAME}")
    assert loop.tick().ingest.outcomes == {"community.signed_on": len(strangers)}
    for who in strangers:
        assert f"[{NAME}] Welcome to {title}" in subjects(loop.new_mail(who))


def _campaign_mail(loop: Loop, who: str) -> Message:
    """The newest mail of the campaign in a player's inbox (what a player replies to)."""
    return [m for m in loop.inbox(who) if str(m["Subject"]).startswith(f"[{NAME}]")][-1]


def _orders(loop: Loop, game: Game, seat: str, seed: int) -> str:
    """A bot's random legal input for `seat`, as the game writes it."""
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        state = current_state(session, queries.campaign_named(session, NAME))
    rng = SeededRng(derive_seed(seed, seat))
    chosen = (game.random_input(state, seat, rng) if game.random_input is not None
              else game.default_input(state, seat))  # fmt: skip
    return game.canonical(state, seat, chosen)


def _seats(loop: Loop) -> dict[str, str]:
    """Address -> seat of the players seated now."""
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        return {p.address: p.seat for p in queries.players_of(session, campaign)
                if p.status != "replaced"}  # fmt: skip


def _play(loop: Loop, game: Game, players: list[str], phases: int) -> bool:
    """Every owing player answers by mail until `phases` more adjudications or the end; True
    when the campaign finished."""
    assert loop.rt is not None
    done = 0
    for step in range(phases * 6):
        info = status(loop.rt, NAME)
        if info["status"] == "finished" or done >= phases:
            return bool(info["status"] == "finished")
        seats = _seats(loop)
        for who in players:
            if f"{who}@localhost" in info["waiting_for"]:
                text = _orders(loop, game, seats[f"{who}@localhost"], step)
                loop.reply(who, _campaign_mail(loop, who), "# my orders\n" + text)
        if REFEREE in info["waiting_for"]:
            submit_by_address(loop.rt, NAME, REFEREE, _orders(loop, game, REFEREE, step))
        done += len(loop.tick().turns)
    return bool(status(loop.rt, NAME)["status"] == "finished")


def _deadline(loop: Loop) -> datetime | None:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        phase = queries.open_phase(session, queries.campaign_named(session, NAME))
        return phase.deadline if phase is not None else None


def _absence(loop: Loop, who: str) -> None:
    """One absence over the open phase's deadline: noted, and the others told."""
    assert loop.rt is not None
    deadline = _deadline(loop)
    assert deadline is not None
    day = deadline.astimezone(ZoneInfo(loop.rt.settings.timezone)).date()
    loop.reply(who, _campaign_mail(loop, who), f"ABSENCE {day} {day}")
    assert loop.tick().ingest.outcomes == {"community.absent": 1}
    moved = _deadline(loop)
    assert moved is not None and moved > deadline
    assert any("Absence noted" in s for s in subjects(loop.new_mail(who)))
    other = next(w.split("@")[0] for w in _seats(loop) if w != f"{who}@localhost")
    assert any("is away from" in text_of(m) for m in loop.new_mail(other))


def _take_over(loop: Loop, game: Game, newcomer: str, seat: str) -> None:
    """The newcomer finds the open seat with LIST and takes it with SIGNON."""
    _write(loop, newcomer, "LIST")
    loop.tick()
    listing = _only(loop.new_mail(newcomer))
    assert f"{NAME} ({game.meta.title}): running, open seat: {seat}" in listing
    _write(loop, newcomer, f"SIGNON {NAME}")
    assert loop.tick().ingest.outcomes == {"community.took_seat": 1}
    assert f"[{NAME}] Welcome: you now play {seat}" in subjects(loop.new_mail(newcomer))
    others = [w for w in _seats(loop) if w != f"{newcomer}@localhost"]
    first = others[0].split("@")[0]
    loop.reply(first, _campaign_mail(loop, first), f"PRESS {seat}\n{WHISPER}")
    loop.tick()
    assert any(WHISPER in text_of(m) for m in loop.new_mail(newcomer))  # delivered, to p{n} only


def _hidden_facts(loop: Loop, game: Game) -> set[str]:
    """Every seat's secret key and its private strings (hands, votes, unrevealed armies) in
    every state the campaign passed through (only the last where the game reveals them)."""
    assert loop.rt is not None and game.private_strings is not None
    with Session(loop.rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        players = queries.players_of(session, campaign)
        rows = session.exec(select(Snapshot).where(Snapshot.campaign_id == campaign.id)
                            .order_by(col(Snapshot.id))).all()  # fmt: skip
        states = [game.state_from_json(json.loads(r.state_json)) for r in rows]
    if game.meta.name in REVEALED_LATER:
        states = states[-1:]
    facts = {p.secret for p in players} | {WHISPER}
    for state in states:
        for player in players:
            facts |= {s for s in game.private_strings(state, player.seat) if s.strip()}
    return facts


def _observer_saw_nothing_hidden(loop: Loop, game: Game, watched: list[Message]) -> None:
    reports = [s for s in subjects(watched) if s.startswith(f"[{NAME}] Public report")]
    assert reports, subjects(watched)
    everything = "\n".join(text_of(m) + "\n" + _html_of(m) for m in watched)
    facts = _hidden_facts(loop, game)
    shown = sorted(f for f in facts if re.search(rf"(?<![\w-]){re.escape(f)}(?![\w-])", everything))
    assert shown == [], shown


def _html_of(message: Message) -> str:
    part = message.get_body(preferencelist=("html",)) if hasattr(message, "get_body") else None
    return part.get_content() if part is not None else ""  # type: ignore[union-attr]


def _records(loop: Loop, everyone: list[str], dropped: str) -> None:
    """STATUS ME by mail for each, and the referee's `pbem players --json`."""
    for who in everyone:
        loop.new_mail(who)
        _write(loop, who, "STATUS ME")
    assert loop.tick().ingest.outcomes == {"community.record": len(everyone)}
    for who in everyone:
        assert "games finished:  " + ("0" if who == dropped else "1") in _only(loop.new_mail(who))
    result = CliRunner().invoke(app, ["--config", str(loop.config), "players", "--json"])
    assert result.exit_code == 0, result.output
    rows: dict[str, Any] = {r["address"]: r for r in json.loads(result.output)}
    for who in everyone:
        row = rows[f"{who}@localhost"]
        assert (row["finished"], row["dropped"]) == ((0, 1) if who == dropped else (1, 0)), row
        assert row["owed"] >= row["on_time"] and row["missed"] == 0, row
