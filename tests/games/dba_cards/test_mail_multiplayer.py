"""Four players play a German-rules DBA card game by email, in two sides of two, through the
real Dovecot and SMTP servers: the defender places the terrain and swaps two units, every
command deploys, turns go attacker, contingent, defender, contingent, and each question is
mailed to the seat whose unit is attacked. After every tick no new mail to a player names a
card id of another player's hand or of the deck. The test stops after two rounds of turns (a
whole four-player game by mail takes many minutes); test_multiplayer.py plays whole games.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.core.rng import SeededRng
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.inputs import Scout, TurnInput
from pbem.games.dba_cards.state import DBAState
from pbem.sandbox.mailstack import MailStack
from pbem.services.turns.replay import replay
from tests.e2e.loop import Loop, text_of
from tests.games.dba_cards.test_mail_game import latest_report, newest, state_of

SEATS = ("p1", "p2", "p3", "p4")
ROUNDS = 2


def start(loop: Loop) -> None:
    """A four-player dba-cards campaign with the DBA 2.2 setup and no turn limit."""
    loop.start_game("dba", "dba-cards", len(SEATS), seed=3,
                    sets={"german_setup": "dba22", "turn_limit": "0"})


def reply_for(state: DBAState, seat: str, step: int) -> str:
    """A bot's input without Scout, or the first defence card when asked."""
    if state.stage == "react" and state.window is not None:
        cards = [c.key for c in state.window.choices if c.key != "pass"]
        return f"react {cards[0]}" if cards else "react pass"
    made = GAME.random_input(state, seat, SeededRng(step))
    if isinstance(made, TurnInput):
        made = TurnInput(orders=[o for o in made.orders if not isinstance(o, Scout)])
    return GAME.canonical(state, seat, made)


def secrets(before: DBAState, after: DBAState, seat: str) -> set[str]:
    """Card ids `seat` may not see: every other hand and the deck, before and after."""
    hidden = set(before.deck) | set(after.deck)
    for other in after.seat_ids():
        if other != seat:
            hidden |= set(before.sides[other].hand) | set(after.sides[other].hand)
    return hidden - set(before.sides[seat].hand) - set(after.sides[seat].hand)


@pytest.mark.slow
def test_four_players_play_a_german_game_by_mail(mail_stack: MailStack, tmp_path: Path) -> None:
    loop = Loop(mail_stack, tmp_path)
    start(loop)
    loop.tick()
    seats = dict(zip(SEATS, loop.players, strict=True))
    stages, order, asked = set(), [], {s: 0 for s in SEATS}
    for step in range(60):
        state = state_of(loop)
        if state.stage == "over" or state.turn > ROUNDS * len(SEATS):
            break
        stages.add(state.stage)
        due = GAME.due(state).players
        if state.stage == "turn" and (not order or order[-1] != state.active):
            order.append(state.active)
        for seat in due:
            if state.window is not None:
                question = newest(loop, seats[seat], "Your answer, please")
                assert "is attacked by" in text_of(question)
                asked[seat] += 1
                loop.reply(seats[seat], question, reply_for(state, seat, step))
            else:
                loop.reply(
                    seats[seat], latest_report(loop, seats[seat]), reply_for(state, seat, step)
                )
        result = loop.tick()
        assert result.ingest.outcomes == {"mail.orders_accepted": len(due)}, result.ingest
        after = state_of(loop)
        for seat, user in seats.items():
            text = "".join(m.as_string() for m in loop.new_mail(user))
            assert not [c for c in secrets(state, after, seat) if c in text], (seat, step)
    final = state_of(loop)
    assert {"terrain", "deploy", "swap", "turn"} <= stages
    assert order[:5] == ["p1", "p3", "p2", "p4", "p1"]
    assert final.turn > ROUNDS * len(SEATS) or final.stage == "over"
    assert final.german() and final.terrain and final.south in SEATS
    for seat, user in seats.items():
        questions = [m for m in loop.inbox(user) if "Your answer, please" in str(m["Subject"])]
        assert len(questions) == asked[seat]
    assert loop.rt is not None and replay(loop.rt, "dba").ok
