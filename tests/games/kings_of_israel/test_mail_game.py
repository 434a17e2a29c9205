"""Two prophets play Kings of Israel to its end by email through the real Dovecot and SMTP.

Each turn is one mail. The team plans together with PRESS; one player sends a later turn
ahead ('next turn'), which is then played without a mail; Idol questions go by mail to the
Blessing holder alone, and a tie in a card to the Starting Player, answered by reply; every
mail's report is the view of its reader. The board part of the first report is compared
with golden/first_report.txt (PBEM_UPDATE_GOLDEN=1 rewrites it), and `pbem replay`
reproduces every snapshot.
"""

from __future__ import annotations

import json
import os
from email.message import Message
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.state import KIState
from pbem.games.kings_of_israel.view import as_held
from pbem.ledger import queries
from pbem.ledger.models import Event
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.states import current_state
from pbem.services.turns.replay import replay
from tests.e2e.loop import Loop, subjects, text_of

GOLDEN = Path(__file__).parent / "golden"
NAME = "koi"


def start(loop: Loop) -> None:
    """A two-player campaign on the shipped board, Jehoash level, for fresh mailboxes."""
    loop.start_game(NAME, "kings-of-israel", 2, seed=23, sets={"level": "jehoash"})


def state_of(loop: Loop) -> KIState:
    """The campaign's current state, read from the ledger."""
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        state: KIState = current_state(session, queries.campaign_named(session, NAME))
    return state


def newest(loop: Loop, user: str, *words: str) -> Message:
    """The newest mail to `user` whose subject contains one of `words`."""
    return [m for m in loop.inbox(user) if any(w in str(m["Subject"]) for w in words)][-1]


def between(text: str, start: str, stop: str) -> str:
    """The lines of `text` from the one starting with `start` up to the one with `stop`."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(start))
    last = next(i for i, line in enumerate(lines) if line.startswith(stop))
    return "\n".join(lines[first:last]).rstrip() + "\n"


def check_golden(name: str, text: str) -> None:
    """Compare with golden/NAME; PBEM_UPDATE_GOLDEN=1 rewrites it (review the diff)."""
    path = GOLDEN / name
    if os.environ.get("PBEM_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"missing {path}; run with PBEM_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def named(loop: Loop, text: str) -> str:
    """Text with the fresh mailbox names replaced by fixed ones."""
    for user, name in zip(loop.players, ("Ann", "Ben"), strict=True):
        text = text.replace(user.title(), name)
    return text


def ledger_codes(loop: Loop) -> list[str]:
    """Every event code in the ledger, in order."""
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        return [r.code for r in session.exec(select(Event)).all()]


def choices_of(question: str) -> list[str]:
    """The choices a question mail lists, by key, in its order."""
    listed = between(question, "Your choices:", "Reply to this mail")
    return [line.strip().split(":")[0] for line in listed.splitlines() if line.startswith("    ")]


@pytest.mark.slow
def test_two_prophets_play_to_the_end_by_mail(mail_stack: MailStack, tmp_path: Path) -> None:
    loop = Loop(mail_stack, tmp_path)
    start(loop)
    loop.tick()
    seats = dict(zip(("p1", "p2"), loop.players, strict=True))
    for user in loop.players:
        assert subjects(loop.new_mail(user))[0].startswith(f"[{NAME}] Welcome")
    welcome = newest(loop, seats["p1"], "Welcome")
    assert "next turn" in text_of(welcome)  # the orders template
    loop.reply(
        seats["p1"], welcome, "PRESS all I will take the Idols in the south; build in the north."
    )
    loop.tick()
    press = [m for m in loop.new_mail(seats["p2"]) if "Press from" in str(m["Subject"])]
    assert press and "Idols in the south" in text_of(press[0])
    asked, planned, mails = 0, False, 0
    for step in range(200):
        state = state_of(loop)
        if state.result is not None:
            break
        seat = GAME.due(state).players[0]
        user = seats[seat]
        if state.window is not None:
            question = newest(loop, user, "Your answer, please")
            wording = {"ki.idol": "new Idol", "ki.tie": "places are tied", "ki.discard": "discard"}[
                state.window.trigger
            ]
            assert wording in text_of(question)
            offered = choices_of(text_of(question))
            assert offered == [c.key for c in as_held(state, state.window).choices]
            choice = next((key for key in offered if key != "pass"), "pass")
            loop.reply(user, question, f"answer {choice}")
            asked += 1
        else:
            orders = GAME.canonical(state, seat, GAME.random_input(state, seat, SeededRng(step)))
            if seat == "p2" and not planned:
                orders += "\nnext turn\nacquire"
                planned = True
            report = newest(loop, user, "Report", "Welcome")
            loop.reply(user, report, orders)
        mails += 1
        result = loop.tick()
        assert result.ingest.outcomes == {"mail.orders_accepted": 1}, result.ingest
        after = state_of(loop)
        assert after.model_dump() != state.model_dump()  # the phase ran at once
        if step == 0:  # the first report goes to the seat that must act next (the mail budget)
            first = text_of(newest(loop, seats[GAME.due(after).players[0]], "Report"))
            board = between(first, "ISRAEL under", "MAP OF ISRAEL")
            check_golden("first_report.txt", named(loop, board))
        other = "p2" if seat == "p1" else "p1"
        for message in loop.new_mail(seats[other]):
            body = message.as_string()
            assert not any(card in body for card in after.prophets[seat].hand)
    final = state_of(loop)
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.finished and final.result in ("won", "lost")
    codes = ledger_codes(loop)
    assert "ki.plan_used" in codes  # p2's later turn was played without a mail
    assert codes.count("ki.turn") > mails - asked  # more turns than turn mails
    assert asked == codes.count("core.reaction.closed")
    last = text_of(newest(loop, seats["p1"], "Report"))
    assert ("The team won." if final.result == "won" else "The team lost.") in last
    closing = [
        text_of(m) for m in loop.inbox(seats["p2"]) if "of Kings of Israel is over." in text_of(m)
    ]
    assert len(closing) == 1 and outcome.note.split(":")[0] in closing[0].replace("\r\n", " ")
    assert loop.rt is not None and replay(loop.rt, NAME).ok
    rows = json.dumps(codes)
    assert "ki.lost" in rows or "ki.won" in rows
