"""Two players finish a DBA card game by email through the real Dovecot and SMTP servers.

The game has no turn limit, so it ends only in a real victory: a General destroyed or 8 units
lost. Each reaction window mails its question to the asked player alone; the reply
"react CARD" answers it. Standing reactions sent with a turn close other windows at once.
After every tick, no new mail to a player names a card id of the other hand or of the deck.
The board and hand part of the first asked player's report is compared with golden/question.txt
(PBEM_UPDATE_GOLDEN=1 rewrites it).
"""

from __future__ import annotations

import json
import os
from email.message import Message
from pathlib import Path

import pytest
from sqlmodel import Session, select

from pbem.core.rng import SeededRng
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.inputs import Scout, TurnInput
from pbem.games.dba_cards.state import DBAState
from pbem.ledger import queries
from pbem.ledger.models import Event
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.states import current_state
from pbem.services.turns.replay import replay
from tests.e2e.loop import Loop, subjects, text_of

STANDING = {  # sent with every turn: they close some questions at once, the others are mailed
    "p1": "on attack when target=general play rally",
    "p2": "on attack when card=auto play push\non attack when target=camp,general play reinforced",
}
GOLDEN = Path(__file__).parent / "golden"


def start(loop: Loop) -> None:
    """A dba-cards campaign for two fresh mailboxes (the Loop helper starts the toy game)."""
    loop.start_game("dba", "dba-cards", 2, seed=16, sets={"turn_limit": "0"})


def state_of(loop: Loop) -> DBAState:
    """The campaign's current state, read from the ledger."""
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        state: DBAState = current_state(session, queries.campaign_named(session, "dba"))
    return state


def latest_report(loop: Loop, user: str) -> Message:
    """The newest report mail in a player's inbox."""
    reports = [
        m
        for m in loop.inbox(user)
        if "Report" in str(m["Subject"]) or "Welcome" in str(m["Subject"])
    ]
    return reports[-1]


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


def reply_for(state: DBAState, seat: str, step: int) -> str:
    """What the player sends: a bot's turn without Scout, or a defence card when asked."""
    if state.stage == "react" and state.window is not None:
        cards = [c.key for c in state.window.choices if c.key != "pass"]
        return f"react {cards[0]}" if cards else "react pass"
    made = GAME.random_input(state, seat, SeededRng(step))
    if isinstance(made, TurnInput):
        made = TurnInput(
            orders=[o for o in made.orders if not isinstance(o, Scout)], standing=made.standing
        )
    return GAME.canonical(state, seat, made)


def newest(loop: Loop, user: str, word: str) -> Message:
    """The newest mail to `user` whose subject contains `word`."""
    return [m for m in loop.inbox(user) if word in str(m["Subject"])][-1]


@pytest.mark.slow
def test_two_players_finish_a_game_by_mail_with_reactions(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path)
    start(loop)
    loop.tick()
    seats = dict(zip(("p1", "p2"), loop.players, strict=True))
    for user in loop.players:
        assert subjects(loop.new_mail(user))[0].startswith("[dba] Welcome")
    asked = {"p1": 0, "p2": 0}
    for step in range(600):
        state = state_of(loop)
        if state.stage == "over":
            break
        due = GAME.due(state).players
        for seat in due:
            if state.window is not None:
                question = newest(loop, seats[seat], "Your answer, please")
                body = text_of(question)
                assert "is attacked by" in body and "pass: play no card" in body, body
                if sum(asked.values()) == 0:
                    report = text_of(latest_report(loop, seats[seat]))
                    check_golden("question.txt", named(loop, between(report, "THE BOARD", "NEXT:")))
                asked[seat] += 1
                loop.reply(seats[seat], question, reply_for(state, seat, step))
            else:
                text = reply_for(state, seat, step) + "\n" + STANDING[seat]
                loop.reply(seats[seat], latest_report(loop, seats[seat]), text)
        result = loop.tick()
        assert result.ingest.outcomes == {"mail.orders_accepted": len(due)}, result.ingest
        after = state_of(loop)
        assert after.model_dump() != state.model_dump()  # the phase ran at once
        for seat, user in seats.items():
            assert leaked(state, after, seat, loop.new_mail(user)) == [], (seat, step)
    final = state_of(loop)
    assert final.stage == "over" and final.end_note in ("general", "losses"), final.end_note
    assert final.winner is not None
    loser = final.opponent(final.winner)
    assert final.sides[loser].lost >= 8 or all(u.type != "general" for u in final.units_of(loser))
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.finished
    assert [s["result"] for s in outcome.standings] == ["win", "loss"]
    assert asked["p1"] > 0 and asked["p2"] > 0 and sum(asked.values()) >= 4, asked
    for seat, user in seats.items():
        questions = [m for m in loop.inbox(user) if "Your answer, please" in str(m["Subject"])]
        assert len(questions) == asked[seat]  # only the asked seat is mailed a question
    rows = reaction_events(loop)
    closed = [json.loads(r.data_json)["how"] for r in rows if r.code == "core.reaction.closed"]
    assert closed.count("answered") == sum(asked.values())
    standing = [json.loads(r.data_json)["seat"] for r in rows if r.code == "core.reaction.standing"]
    assert len(standing) >= 2, standing
    assert loop.rt is not None and replay(loop.rt, "dba").ok


def leaked(before: DBAState, after: DBAState, seat: str, mail: list[Message]) -> list[str]:
    """Card ids of the other hand or of the deck that new mail to `seat` names."""
    other = after.opponent(seat)
    mine = set(before.sides[seat].hand) | set(after.sides[seat].hand)
    secret = set(before.sides[other].hand) | set(after.sides[other].hand)
    secret |= set(before.deck) | set(after.deck)
    text = "".join(m.as_string() for m in mail)
    return [card for card in sorted(secret - mine) if card in text]


def reaction_events(loop: Loop) -> list[Event]:
    """The engine's reaction events in the ledger."""
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        rows = session.exec(select(Event)).all()
    return [r for r in rows if r.code.startswith("core.reaction.")]


def named(loop: Loop, text: str) -> str:
    """Text with the players' mailbox names replaced by fixed ones (mailboxes are fresh)."""
    for user, name in zip(loop.players, ("Ann", "Bob"), strict=True):
        text = text.replace(user.title(), name)
    return text
