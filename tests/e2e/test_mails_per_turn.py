"""Mails per player per game turn: a full game of each game by mail, through the real Dovecot
and SMTP servers, the games' bots answering whatever they owe, one tick after each answer.

What it bounds, counted from the players' mailboxes and attributed to the game turn
(`PhaseInfo.turn`) of the phase that caused each mail:

* every mail a player receives is under 150 KB (reports with their map, the welcome with
  its opening report);
* the mail budget: a player gets a report only after a phase whose next one they owe (a
  question included), except for one report a game turn (or the campaign's end); so every
  player hears of every game turn at least once, and at most once without owing anything;
* King David, three players who send the standing instructions docs/king-david.md advises
  (retreats and sieges then ask no questions): at most 8 mails a player a game turn;
* King David, five players who also send each turn's later actions ahead (`then`), a whole
  seven-turn game: at most 4 mails and 250 KB a player a game turn, acknowledgements and the
  closing mail included, each mail under 150 KB (issue 34);
* Diplomacy, seven players: at most 5 mails a player a game year (a year has at most five
  phases, and a player is mailed after those they owe and once more at the year's end);
* Mighty Kingdoms, whose every phase needs every player: one report a phase, as before.

Long games are shortened by their own settings (King David two turns with three players, DBA
a turn limit, David and Goliath a turn limit, Mighty Kingdoms one year, Diplomacy's seven
powers drawn after four years), each still crossing game turns.
The figures are printed (pytest -s) and written in each game's doc ("Mails per turn").
"""

from __future__ import annotations

import email
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from email.message import Message
from email.policy import default as default_policy
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, select

from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.ledger.models import Campaign, Outbox, Phase, Submission
from pbem.registry import games
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.states import current_state, game_of, state_after
from tests.e2e.loop import Loop

LIMIT = 150 * 1024
NAME = "budget"
UNASKED = ("welcome", "report", "reaction", "closing", "correction")


@dataclass
class Case:
    """One game's campaign for the count."""

    players: int
    sets: dict[str, str]
    seed: int = 5
    standing: str = ""  # sent with every order that is not an answer to a question
    most: int | None = None  # the unasked mails a player may get in a game turn
    ahead: str = ""  # sent with every order of a game turn (not the setup's)
    game: str = ""  # the registered game, when the case's name is not it
    largest: int = LIMIT // 1024  # KB: the largest mail allowed
    kb: int | None = None  # the KB of mail a player may get in a game turn, acknowledgements too


DG_STANDING = (  # docs/david-and-goliath.md: no Event Phase, Negate or Defend question asked
    "standing pass event\nstanding negate with trip\nstanding negate with fall"
    "\nstanding defend with wounded"
)
CASES = {
    "king-david": Case(
        3, {"turns": "2"}, 11, "on retreat do stand\non siege do besiege", most=8,
    ),
    "king-david-5": Case(
        5, {"turns": "7"}, 11, "on retreat do stand\non siege do besiege",
        most=4, game="king-david", ahead="\nthen\npass" * 6, kb=250,
    ),
    "dba-cards": Case(2, {"turn_limit": "8"}, 15),
    "diplomacy": Case(7, {"end_year": "1904"}, 7, most=5),
    "david-goliath": Case(2, {"max_turns": "3"}, 4, DG_STANDING, most=4),
    "kings-of-israel": Case(2, {"level": "jehoash"}, 23),
    "mighty-kingdoms": Case(3, {"years": "1"}, 5),
}


@dataclass
class Tally:
    """What each player received, by kind and game turn."""

    unasked: Counter[tuple[str, int]] = field(default_factory=Counter)  # (seat, turn)
    every: Counter[tuple[str, int]] = field(default_factory=Counter)  # acknowledgements too
    size: Counter[tuple[str, int]] = field(default_factory=Counter)  # bytes of them all
    acks: Counter[tuple[str, int]] = field(default_factory=Counter)
    idle_reports: Counter[tuple[str, int]] = field(default_factory=Counter)  # seat owed nothing
    reports: Counter[str] = field(default_factory=Counter)
    largest: int = 0


def _play(loop: Loop, game: str, case: Case) -> None:
    """Answer whatever each seat owes by mail, one tick after each round of answers."""
    rules = games()[game]
    users = {f"p{i + 1}": user for i, user in enumerate(loop.players)}
    for step in range(1500):
        state, over = _now(loop)
        if over:
            return
        due = rules.due(state)
        for seat in due.players:
            made = rules.random_input(state, seat, SeededRng(step * 7 + int(seat[1:])))  # type: ignore[attr-defined]
            text = rules.canonical(state, seat, made)
            if due.window is None and case.standing:
                text += "\n" + case.standing
            if due.window is None and getattr(state, "stage", "") != "setup":
                text += case.ahead
            loop.reply(users[seat], loop.inbox(users[seat])[-1], text)
        result = loop.tick()
        assert result.ingest.outcomes == (
            {"mail.orders_accepted": len(due.players)} if due.players else {}
        ), (step, result.ingest)
    raise AssertionError("the game did not end")


def _now(loop: Loop) -> tuple[Any, bool]:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        return current_state(session, campaign), campaign.status == "finished"


def _tally(loop: Loop, limit: int = LIMIT) -> Tally:
    """Count every mail in the players' mailboxes against the outbox row it came from."""
    assert loop.rt is not None
    tally = Tally()
    with Session(loop.rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        rows = {r.message_id: r for r in session.exec(select(Outbox)).all()}
        for number, user in enumerate(loop.players, start=1):
            seat = f"p{number}"
            for raw in loop.stack.messages(user):
                message = email.message_from_bytes(raw, policy=default_policy)
                row = rows[str(message["Message-ID"])]
                tally.largest = max(tally.largest, len(raw))
                assert len(raw) < limit, (row.key, len(raw))
                _count(session, campaign, tally, seat, row, message)
    return tally


def _count(
    session: Session, campaign: Campaign, tally: Tally, seat: str, row: Outbox, message: Message
) -> None:
    turn = _turn_of(session, campaign, row)
    tally.every[(seat, turn)] += 1
    tally.size[(seat, turn)] += len(message.as_bytes())
    if row.kind not in UNASKED:
        tally.acks[(seat, turn)] += row.kind == "ack"
        return
    tally.unasked[(seat, turn)] += 1
    if row.kind != "report":
        return
    tally.reports[seat] += 1
    seq = int(row.key.rsplit(":", 2)[1])
    following = session.exec(
        select(Phase).where(Phase.campaign_id == campaign.id, Phase.seq == seq + 1)
    ).first()
    owed = following is not None and seat in game_of(campaign).due(
        state_after(session, campaign, seq)
    ).players
    tally.idle_reports[(seat, turn)] += not owed


def _turn_of(session: Session, campaign: Campaign, row: Outbox) -> int:
    """The game turn of the phase that caused a mail (-1: the welcome, before any)."""
    parts = row.key.split(":")
    if row.kind == "welcome":
        return -1
    if row.kind == "ack":
        submission = session.get(Submission, int(parts[-1]))
        assert submission is not None
        phase = session.get(Phase, submission.phase_id)
    elif row.kind in ("report", "reaction"):
        seq = int(parts[-2] if row.kind == "report" else parts[2])
        phase = session.exec(
            select(Phase).where(Phase.campaign_id == campaign.id, Phase.seq == seq)
        ).first()
    else:  # the closing mail: the last game turn
        phase = queries.done_phases(session, campaign)[-1]
    assert phase is not None
    return phase.turn


def _turns(tally: Tally) -> dict[int, dict[str, int]]:
    table: dict[int, dict[str, int]] = defaultdict(dict)
    for (seat, turn), count in sorted(tally.unasked.items()):
        table[turn][seat] = count
    return dict(table)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(CASES))
def test_a_full_game_by_mail_keeps_its_mail_budget(
    mail_stack: MailStack, tmp_path: Path, game: str
) -> None:
    case = CASES[game]
    loop = Loop(mail_stack, tmp_path)
    loop.start_game(NAME, case.game or game, case.players, seed=case.seed, sets=case.sets)
    loop.tick()
    _play(loop, case.game or game, case)
    tally = _tally(loop, case.largest * 1024)
    table = _turns(tally)
    print(f"\n{game}: largest mail {tally.largest // 1024} KB; unasked mails by turn {table}")
    print(f"{game}: acknowledgements by turn {dict(sorted(tally.acks.items()))}")
    print(f"{game}: all mails by turn {dict(sorted(tally.every.items()))}")
    print(f"{game}: KB by turn {({k: v // 1024 for k, v in sorted(tally.size.items())})}")
    seats = [f"p{n}" for n in range(1, case.players + 1)]
    for turn in [t for t in table if t >= 0]:
        for seat in seats:
            assert tally.idle_reports[(seat, turn)] <= 1, (seat, turn)  # one digest at most
            assert table[turn].get(seat, 0) >= 1, (seat, turn)  # and every turn is told
            if case.most is not None:
                assert table[turn][seat] <= case.most, (seat, turn, table[turn])
            if case.kb is not None:  # every mail counts here, acknowledgements too
                assert tally.every[(seat, turn)] <= (case.most or 0), (seat, turn)
                assert tally.size[(seat, turn)] <= case.kb * 1024, (seat, turn)
    if game == "mighty-kingdoms":
        assert loop.rt is not None
        with Session(loop.rt.engine) as session:
            phases = len(queries.done_phases(session, queries.campaign_named(session, NAME)))
        assert all(tally.reports[seat] == phases for seat in seats)
