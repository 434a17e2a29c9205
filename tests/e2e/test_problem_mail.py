"""One policy for mail with problems, by real mail, in every game (issue 23 item 5).

Every seat but one has sent good orders; the last one mails a typo (refused: the phase waits
and the acknowledgement says the seat still owes), then good orders beside a typo (they stand,
but the phase still does not run early), then good orders alone, and the phase runs at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session

from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.registry import games
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from tests.e2e.loop import Loop, text_of

NAME = "slips"
TYPO = "xyzzy frobnicate"


def _state_and_phase(loop: Loop) -> tuple[Any, str]:
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        phase = queries.open_phase(session, campaign)
        assert phase is not None
        return current_state(session, campaign), phase.key


def _send(loop: Loop, user: str, body: str) -> tuple[dict[str, int], str]:
    """Reply to the user's newest mail; return the tick's outcomes and the acknowledgement."""
    loop.new_mail(user)
    loop.reply(user, loop.inbox(user)[-1], body)
    outcomes = loop.tick().ingest.outcomes
    acks = [text_of(m) for m in loop.new_mail(user) if "Orders " in str(m["Subject"])]
    assert len(acks) == 1
    return outcomes, acks[0]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(games()))
def test_the_same_slip_has_the_same_outcome_by_mail(
    mail_stack: MailStack, tmp_path: Path, name: str
) -> None:
    game = games()[name]
    count = max(game.meta.min_players, min(3, game.meta.max_players))
    loop = Loop(mail_stack, tmp_path).start_game(NAME, name, count, seed=6)
    assert loop.rt is not None
    loop.tick()
    state, opening = _state_and_phase(loop)
    seats = dict(zip([f"p{i}" for i in range(1, count + 1)], loop.players, strict=True))
    owing = game.due(state).players
    good = {s: game.canonical(state, s, game.random_input(state, s, SeededRng(9))) for s in owing}
    for seat in owing[1:]:
        submit_by_address(loop.rt, NAME, f"{seats[seat]}@localhost", good[seat])
    last = seats[owing[0]]

    outcomes, ack = _send(loop, last, TYPO)
    assert outcomes == {"mail.orders_refused": 1} and "still owe" in ack
    assert _state_and_phase(loop)[1] == opening  # nothing ran

    outcomes, ack = _send(loop, last, f"{good[owing[0]]}\n{TYPO}")
    assert outcomes == {"mail.orders_accepted": 1} and "WITH PROBLEMS" in ack
    assert _state_and_phase(loop)[1] == opening  # it stands, but never runs the phase early

    outcomes, ack = _send(loop, last, good[owing[0]])
    assert outcomes == {"mail.orders_accepted": 1} and "are received" in ack
    loop.tick()
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        done = queries.done_phases(session, queries.campaign_named(session, NAME))
    assert [p.key for p in done][:1] == [opening]  # a mail without errors lets it run
