"""No mail ever replaces valid orders with nothing unless its acknowledgement says so.

Through the real submission service (a SQLite ledger): valid orders are sent, then a typo-only
mail, an empty mail and a comment-only mail; each is refused whole with "Nothing on file was
changed" and the earlier orders stay live. A later valid mail replaces them and says REPLACE.
Checked in a summer month and in the winter.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.summer.orders import move_problem
from pbem.ledger import queries
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime, sqlite_url

NAME = "kept"
PLAYERS = ["Alice <alice@localhost>", "Bob <bob@localhost>", "Carol <carol@localhost>"]
ALICE = "alice@localhost"
NOTHING = ["mvoe 1 to B3", "", "   \n\n", "# still thinking\n// later", "tihte p2 gold 1"]


@pytest.fixture
def rt(tmp_path: Path) -> Iterator[Runtime]:
    """A runtime on a fresh SQLite ledger with a three-player campaign."""
    runtime = make_runtime(sqlite_url(tmp_path))
    create_campaign(
        runtime,
        NewCampaign(
            name=NAME, game="mighty-kingdoms", scenario="valley-3", players=PLAYERS, seed=7
        ),
    )
    yield runtime
    runtime.engine.dispose()


def state_now(rt: Runtime) -> MKState:
    """The campaign's newest snapshot."""
    with Session(rt.engine) as session:
        state: MKState = current_state(session, queries.campaign_named(session, NAME))
        return state


def live_canonical(rt: Runtime, seat: str) -> str | None:
    """The canonical text of the seat's live submission in the open phase."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, NAME)
        phase = queries.open_phase(session, campaign)
        assert phase is not None
        live = queries.live_submission(session, phase, seat)
        return live.canonical if live else None


def advance_to(rt: Runtime, stage: str) -> MKState:
    """Force phases (defaults for everyone) until the campaign reaches `stage`."""
    for _ in range(20):
        state = state_now(rt)
        if state.stage == stage:
            return state
        run_phase(rt, NAME, force=True)
    raise AssertionError(f"never reached {stage}")


def a_move(state: MKState, seat: str) -> str:
    """A legal move for the seat's first army (so it differs from the default Defend)."""
    army = state.armies_of(seat)[0]
    here = army.tile or ""
    target = next(
        t
        for t in sorted(state.map.neighbours(here).values())
        if move_problem(state, here, t) is None
    )
    return f"move {army.id} to {target}"


def check_nothing_replaces(rt: Runtime, kept: str) -> None:
    """Each mail in NOTHING is refused whole and says so; the kept orders stay live."""
    for text in NOTHING:
        receipt = submit_by_address(rt, NAME, ALICE, text)
        assert not receipt["accepted"], text
        assert "Nothing on file was changed" in receipt["acknowledgement"], text
        assert "REPLACE" not in receipt["acknowledgement"]
        assert receipt["problems"], text
        assert live_canonical(rt, "p1") == kept, text


def test_summer_orders_are_never_replaced_by_nothing(rt: Runtime) -> None:
    state = advance_to(rt, "summer")
    move = a_move(state, "p1")
    first = submit_by_address(rt, NAME, ALICE, move)
    assert first["accepted"] and "REPLACE" not in first["acknowledgement"]
    check_nothing_replaces(rt, move)
    army = state.armies_of("p1")[0].id
    second = submit_by_address(rt, NAME, ALICE, f"defend {army}")
    assert second["accepted"] and "REPLACE" in second["acknowledgement"]
    assert live_canonical(rt, "p1") == f"defend {army}"


def test_winter_orders_are_never_replaced_by_nothing(rt: Runtime) -> None:
    advance_to(rt, "winter")
    tithe = "tithe p2 gold 1 food 0"
    first = submit_by_address(rt, NAME, ALICE, "tithe Bob gold 1")
    assert first["accepted"], first["problems"]
    assert live_canonical(rt, "p1") == tithe
    check_nothing_replaces(rt, tithe)
    second = submit_by_address(rt, NAME, ALICE, "pass")
    assert second["accepted"] and "REPLACE" in second["acknowledgement"]
    assert live_canonical(rt, "p1") == "pass"
