"""Every answer bound to its question, every order to its phase, by real mail (issue 29).

In each game that asks questions (David and Goliath, DBA, Kings of Israel; King David asks
none since issue 24: its decisions come from standing instructions and defaults), over
the Dovecot and SMTP sandbox: a seat answers its first question by replying to the question
mail; later, with a second question to the same seat open, a reply to the first question's
mail is refused with a mail naming both questions and what was decided, and the open question
stays unanswered. A reply to a report of an earlier phase is refused the same way. Meanwhile
another seat asking ORDERS or STATUS is told it owes nothing and who is being asked. The
right reply to the open question is then taken, and its acknowledgement names the question.
Moves between the mailed steps are made by the games' bots through the service layer.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session

from pbem.core.reactions import Window
from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.registry import games
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.turns import run_phase
from tests.e2e.loop import Loop, text_of

NAME = "bound"


@dataclass(frozen=True)
class Case:
    """A game with questions, and a campaign of it that asks one seat twice early on."""

    game: str
    players: int
    seed: int
    sets: dict[str, str]


CASES = [
    Case("david-goliath", 2, 6, {"max_turns": "500"}),
    Case("dba-cards", 2, 6, {}),
    Case("kings-of-israel", 2, 23, {"level": "jehoash"}),
]


def _state(loop: Loop) -> Any:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        return current_state(session, queries.campaign_named(session, NAME))


def _addresses(loop: Loop) -> dict[str, str]:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        players = queries.players_of(session, queries.campaign_named(session, NAME))
        return {p.seat: p.address for p in players}


def _play_until(loop: Loop, game: str, wanted: str | None, limit: int = 300) -> Window:
    """Let the bots play (by the service layer) until a question is open, to `wanted` if
    given, and return it."""
    assert loop.rt is not None
    rules = games()[game]
    addresses = _addresses(loop)
    for step in range(limit):
        state = _state(loop)
        due = rules.due(state)
        if due.window is not None and wanted in (None, due.window.seat):
            return due.window
        for seat in due.players:
            text = rules.canonical(state, seat, rules.random_input(state, seat, SeededRng(step)))
            submit_by_address(loop.rt, NAME, addresses[seat], text)
        run_phase(loop.rt, NAME, force=True)
    raise AssertionError(f"no question to {wanted} in {limit} steps")


def _saving(window: Window) -> str:
    """A choice that plays a card or stands, so the asked seat lives to be asked again."""
    return next((c.key for c in window.choices if c.key != "pass"), window.choices[0].key)


def _mail_about(loop: Loop, user: str, words: str) -> Message:
    found = [m for m in loop.inbox(user) if words in str(m["Subject"])]
    assert found, (words, [str(m["Subject"]) for m in loop.inbox(user)])
    return found[-1]


def _only_reply(loop: Loop, user: str) -> str:
    fresh = loop.new_mail(user)
    assert len(fresh) == 1, [str(m["Subject"]) for m in fresh]
    return text_of(fresh[0])


def _live(loop: Loop, seat: str) -> bool:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        phase = queries.open_phase(session, campaign)
        assert phase is not None
        return queries.live_submission(session, phase, seat) is not None


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
def test_late_and_misthreaded_mail_never_decides_anything_newer(
    mail_stack: MailStack, tmp_path: Path, case: Case
) -> None:
    loop = Loop(mail_stack, tmp_path)
    loop.start_game(NAME, case.game, case.players, case.seed, case.sets)
    seats = dict(zip(sorted(_addresses(loop)), loop.players, strict=True))
    first = _play_until(loop, case.game, None)
    asked, user = first.seat, seats[first.seat]
    loop.tick()  # the first question's mail goes out
    first_mail = _mail_about(loop, user, f"question {first.id}")
    assert f"Question {first.id}, asked by: " in text_of(first_mail)
    loop.reply(user, first_mail, f"react {_saving(first)}")
    assert loop.tick().ingest.outcomes == {"mail.orders_accepted": 1}
    for player in loop.players:
        loop.new_mail(player)

    second = _play_until(loop, case.game, asked)
    assert second.id != first.id
    loop.tick()  # the second question's mail goes out
    second_mail = _mail_about(loop, user, f"question {second.id}")
    loop.new_mail(user)

    loop.reply(user, first_mail, f"react {second.choices[-1].key}")
    assert loop.tick().ingest.outcomes == {"mail.E_OLD_QUESTION": 1}
    refusal = _only_reply(loop, user)
    assert f"question {first.id}" in refusal and f"question {second.id}" in refusal
    assert f'"{_saving(first)}"' in refusal  # what was decided in the old question
    assert not _live(loop, asked) and _state(loop).window.id == second.id

    old_report = next(m for m in loop.inbox(user) if "] Report: " in str(m["Subject"]))
    loop.reply(user, old_report, f"react {second.choices[-1].key}")
    assert loop.tick().ingest.outcomes == {"mail.E_OLD_PHASE": 1}
    assert "NOT used" in _only_reply(loop, user) and not _live(loop, asked)

    other = next(s for s in seats if s != asked)
    for command in ("ORDERS", "STATUS"):
        loop.new_mail(seats[other])
        loop.reply(seats[other], loop.inbox(seats[other])[-1], command)
        loop.tick()
        answer = _only_reply(loop, seats[other])
        assert f"Nothing is owed from you now: question {second.id} waits for" in answer
        assert "defaults will apply" not in answer

    loop.reply(user, second_mail, f"react {second.choices[0].key}")
    assert loop.tick().ingest.outcomes == {"mail.orders_accepted": 1}
    ack = next(text_of(m) for m in loop.new_mail(user) if "Orders received" in str(m["Subject"]))
    assert f"(your answer to question {second.id})" in ack


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
def test_press_by_seat_never_confirms_an_address(
    mail_stack: MailStack, tmp_path: Path, case: Case
) -> None:
    loop = Loop(mail_stack, tmp_path)
    loop.start_game(NAME, case.game, case.players, case.seed, case.sets)
    loop.tick()
    first, second = loop.players[:2]
    welcome = loop.inbox(first)[0]
    loop.new_mail(first)
    for target in (f"{second}@localhost", "nobody@example.org"):
        loop.reply(first, welcome, f"PRESS {target}\nAn alliance?")
    assert loop.tick().ingest.outcomes == {"mail.E_PRESS_ADDRESS": 2}
    one, other = (text_of(m) for m in loop.new_mail(first))
    assert one == other  # a player's address and a stranger's get the same answer
    loop.new_mail(second)
    loop.reply(first, welcome, "PRESS 2 \u202eAn alliance?\u202c")
    assert loop.tick().ingest.outcomes == {"mail.press": 1}
    (relayed,) = loop.new_mail(second)
    assert "An alliance?" in text_of(relayed) and "\u202e" not in text_of(relayed)
