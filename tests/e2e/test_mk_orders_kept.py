"""Mighty Kingdoms by real mail: no mail replaces valid orders with nothing unless it says so.

A campaign on the Dovecot IMAP and SMTP sandbox: Alice replies with a move, then with a typo,
an empty mail and a comment; each acknowledgement says nothing on file was changed, and the
move is what the month resolves. A later mail that does replace the orders says REPLACE.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.summer.orders import move_problem
from pbem.ledger import queries
from pbem.sandbox.mailstack import MailStack
from pbem.services.base.runtime import open_runtime
from pbem.services.base.states import current_state
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.turns import run_phase
from tests.e2e.loop import Loop, text_of

NAME = "kept"


def start_mk(loop: Loop) -> Loop:
    """Loop.start, but a three-player Mighty Kingdoms campaign on the valley-3 map."""
    loop.referee = loop.stack.fresh_user()
    loop.players = [loop.stack.fresh_user() for _ in range(3)]
    loop.config = loop.directory / "pbem.toml"
    loop.config.write_text(
        f'[database]\nurl = "sqlite:///{loop.directory / "ledger.db"}"\n'
        f'[mail]\nreferee_address = "{loop.referee}@localhost"\n'
        f'imap_url = "{loop.stack.imap_url(loop.referee)}"\n'
        f'smtp_url = "{loop.stack.smtp_url()}"\n'
        "[turns]\nearly_delay_minutes = 0\n"
    )
    loop.rt = open_runtime(str(loop.config), migrate_schema=True)
    players = [f"{p.title()} <{p}@localhost>" for p in loop.players]
    create_campaign(loop.rt, NewCampaign(NAME, "mighty-kingdoms", "valley-3", players, seed=7))
    return loop


def state_now(loop: Loop) -> MKState:
    """The campaign's newest snapshot."""
    assert loop.rt is not None
    with Session(loop.rt.engine) as session:
        state: MKState = current_state(session, queries.campaign_named(session, NAME))
        return state


def live_orders(loop: Loop, seat: str) -> str | None:
    """The canonical text of the seat's live submission in the open phase."""
    return loop.live_orders(NAME, seat)


def send(loop: Loop, player: str, body: str) -> str:
    """Reply to the player's newest mail, run a tick, and return the acknowledgement's text."""
    loop.new_mail(player)
    loop.reply(player, loop.inbox(player)[-1], body)
    loop.tick()
    fresh = loop.new_mail(player)
    assert len(fresh) == 1, [str(m["Subject"]) for m in fresh]
    return text_of(fresh[0])


@pytest.mark.slow
def test_no_mail_replaces_valid_orders_with_nothing_unless_it_says_so(
    mail_stack: MailStack, tmp_path: Path
) -> None:
    loop = start_mk(Loop(mail_stack, tmp_path))
    assert loop.rt is not None
    loop.tick()
    while state_now(loop).stage != "summer":
        run_phase(loop.rt, NAME, force=True)
    loop.tick()  # reports and the summer's opening mail go out
    alice = loop.players[0]
    state = state_now(loop)
    army = state.armies_of("p1")[0]
    here = army.tile or ""
    target = next(
        t
        for t in sorted(state.map.neighbours(here).values())
        if move_problem(state, here, t) is None
    )
    move = f"move {army.id} to {target}"

    first = send(loop, alice, f"#{army.id} move {target}\n\n> quoted earlier mail\n")
    assert "received" in first and move in first and "REPLACE" not in first
    for body in (f"mvoe {army.id} to {target}", "", "# thinking it over\n", "tihte p2 gold 1"):
        ack = send(loop, alice, body)
        said = "Nothing on file was changed" in ack or "was not used" in ack  # empty: intake
        assert said, (body, ack)
        assert "REPLACE" not in ack
        assert live_orders(loop, "p1") == move, body
    replaced = send(loop, alice, f"defend {army.id}; thanks")
    assert "REPLACE" in replaced and f"defend {army.id}" in replaced
    assert live_orders(loop, "p1") == f"defend {army.id}"
    back = send(loop, alice, f"{move} please")
    assert "REPLACE" in back and "please" in back  # the ignored word is reported, not lost
    run_phase(loop.rt, NAME, force=True)
    after = state_now(loop)
    assert after.armies[army.id].tile == target  # the move was what the month resolved
