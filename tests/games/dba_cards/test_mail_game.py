"""Two players finish a DBA card game by email through the real Dovecot and SMTP servers.

Reaction windows are asked and answered through the ordinary report and acknowledgement
mail: the defender's report carries the question and the legal answers, and the reply
"react CARD" is taken as that seat's input for the window's phase.
"""

from __future__ import annotations

from email.message import Message
from pathlib import Path

from sqlmodel import Session

from pbem.core.rng import SeededRng
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.inputs import Scout, TurnInput
from pbem.games.dba_cards.state import DBAState
from pbem.ledger import queries
from pbem.ledger.db import make_engine, migrate
from pbem.sandbox.mailstack import MailStack
from pbem.services.campaigns import NewCampaign, create_campaign
from pbem.services.replay import replay
from pbem.services.runtime import open_runtime
from pbem.services.states import current_state
from tests.e2e.loop import Loop, subjects, text_of

TURNS = 14


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
    answered = 0
    for step in range(200):
        state = state_of(loop)
        if state.stage == "over":
            break
        for seat, side in state.sides.items():
            held[seat].update(side.hand)
        due = GAME.due(state).players
        for seat in due:
            report = latest_report(loop, seats[seat])
            if state.stage == "react":
                assert "QUESTION: your unit on" in text_of(report), text_of(report)
                answered += 1
            loop.reply(seats[seat], report, reply_for(state, seat, step))
        result = loop.tick()
        assert result.ingest.outcomes == {"mail.orders_accepted": len(due)}, result.ingest
        assert state_of(loop).model_dump() != state.model_dump()  # the phase ran at once
    final = state_of(loop)
    assert final.stage == "over" and answered > 0
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.finished
    for user in loop.players:
        assert any("over" in text_of(m).lower() for m in loop.inbox(user)[-3:])
    assert not held["p1"] & held["p2"]  # no reshuffle: every card id stayed in one hand
    for seat, user in seats.items():
        other = "p2" if seat == "p1" else "p1"
        for message in loop.inbox(user):
            body = message.as_string()
            assert not [c for c in held[other] if c in body], (seat, message["Subject"])
    assert loop.rt is not None and replay(loop.rt, "dba").ok
