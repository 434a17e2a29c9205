"""Two players finish a DBA card game by email through the real Dovecot and SMTP servers.

Each reaction window mails its question to the asked player alone; the reply "react CARD"
answers it. Standing reactions sent with a turn close other windows at once. The board and
hand part of the first asked player's report is compared with golden/question.txt
(PBEM_UPDATE_GOLDEN=1 rewrites it).
"""

from __future__ import annotations

import json
import os
from email.message import Message
from pathlib import Path

from sqlmodel import Session, select

from pbem.core.rng import SeededRng
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.inputs import Scout, TurnInput
from pbem.games.dba_cards.state import DBAState
from pbem.ledger import queries
from pbem.ledger.db import make_engine, migrate
from pbem.ledger.models import Event
from pbem.sandbox.mailstack import MailStack
from pbem.services.campaigns import NewCampaign, create_campaign
from pbem.services.replay import replay
from pbem.services.runtime import open_runtime
from pbem.services.states import current_state
from tests.e2e.loop import Loop, subjects, text_of

TURNS = 20
STANDING = {"p1": "", "p2": "on attack when card=auto play push"}
GOLDEN = Path(__file__).parent / "golden"


def start(loop: Loop) -> None:
    """A dba-cards campaign for two fresh mailboxes (the Loop helper starts the toy game)."""
    loop.referee = loop.stack.fresh_user()
    loop.players = [loop.stack.fresh_user() for _ in range(2)]
    loop.config = loop.directory / "pbem.toml"
    url = f"sqlite:///{loop.directory / 'ledger.db'}"
    migrate(make_engine(url))  # a new ledger is migrated by `pbem init`, as here
    loop.config.write_text(
        f'[database]\nurl = "{url}"\n'
        f'[mail]\nreferee_address = "{loop.referee}@localhost"\n'
        f'imap_url = "{loop.stack.imap_url(loop.referee)}"\n'
        f'smtp_url = "{loop.stack.smtp_url()}"\n'
        "[turns]\nearly_delay_minutes = 0\n"
    )
    loop.rt = open_runtime(str(loop.config))
    players = [f"{p.title()} <{p}@localhost>" for p in loop.players]
    create_campaign(
        loop.rt,
        NewCampaign("dba", "dba-cards", None, players, seed=11, sets={"turn_limit": str(TURNS)}),
    )


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


def test_two_players_finish_a_game_by_mail_with_reactions(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = Loop(mail_stack, tmp_path)
    start(loop)
    loop.tick()
    seats = dict(zip(("p1", "p2"), loop.players, strict=True))
    for user in loop.players:
        assert subjects(loop.new_mail(user))[0].startswith("[dba] Welcome")
    held: dict[str, set[str]] = {"p1": set(), "p2": set()}
    asked = {"p1": 0, "p2": 0}
    for step in range(200):
        state = state_of(loop)
        if state.stage == "over":
            break
        for seat, side in state.sides.items():
            held[seat].update(side.hand)
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
        assert state_of(loop).model_dump() != state.model_dump()  # the phase ran at once
    final = state_of(loop)
    assert final.stage == "over" and sum(asked.values()) > 0
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.finished
    for seat, user in seats.items():
        questions = [m for m in loop.inbox(user) if "Your answer, please" in str(m["Subject"])]
        assert len(questions) == asked[seat]  # only the asked seat is mailed a question
    rows = reaction_events(loop)
    closed = [json.loads(r.data_json)["how"] for r in rows if r.code == "core.reaction.closed"]
    assert closed.count("answered") == sum(asked.values())
    assert any(r.code == "core.reaction.standing" for r in rows)
    assert not held["p1"] & held["p2"]  # no reshuffle: every card id stayed in one hand
    for seat, user in seats.items():
        other = "p2" if seat == "p1" else "p1"
        for message in loop.inbox(user):
            body = message.as_string()
            assert not [c for c in held[other] if c in body], (seat, message["Subject"])
    assert loop.rt is not None and replay(loop.rt, "dba").ok


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
