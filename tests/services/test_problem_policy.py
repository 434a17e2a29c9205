"""One policy for mail with problems, in every game (issue 23 item 5, docs/mail.md).

The same mistakes are sent in every registered game and must come out the same: a typo alone
is refused and the seat still owes; a typo beside good orders stands without that line and
never lets the phase run early; a mail without errors does. The acknowledgement says which.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session

from pbem.core.game import REFEREE
from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.reading import read_input
from pbem.services.turns.status import status
from tests.games.mighty_kingdoms.test_orders import kow_battle
from tests.support.any_game import start_campaign, state_and_seats

TYPO = "xyzzy frobnicate"
NAMES = sorted(games())


def _complete(rt: Runtime) -> bool:
    with Session(rt.engine) as session:
        phase = queries.open_phase(session, queries.campaign_named(session, "c"))
        assert phase is not None
        return phase.complete_at is not None


def _owed_texts(name: str, rt: Runtime) -> tuple[str, dict[str, str], dict[str, str]]:
    """A seat that owes input now, each owing seat's good orders, and the seats' addresses."""
    found = state_and_seats(rt)
    assert found is not None
    state, addresses = found
    game = games()[name]
    due = game.due(state)
    texts = {
        seat: game.canonical(state, seat, game.random_input(state, seat, SeededRng(7)))
        for seat in due.players
    }
    return due.players[0], texts, addresses


def _send(rt: Runtime, address: str, text: str) -> dict[str, Any]:
    return submit_by_address(rt, "c", address, text)


@pytest.mark.parametrize("name", NAMES)
def test_the_same_mistake_has_the_same_outcome_in_every_game(name: str, tmp_path: Path) -> None:
    _, rt = start_campaign(name, tmp_path, seed=5)
    seat, texts, addresses = _owed_texts(name, rt)
    for other, text in texts.items():
        if other != seat:
            assert _send(rt, addresses[other], text)["standing"] == "clean", (other, text)

    alone = _send(rt, addresses[seat], TYPO)
    assert (alone["accepted"], alone["standing"]) == (False, "refused")
    assert "NOT used" in alone["acknowledgement"] and "still owe" in alone["acknowledgement"]
    assert not _complete(rt)

    beside = _send(rt, addresses[seat], f"{texts[seat]}\n{TYPO}")
    assert (beside["accepted"], beside["standing"]) == (True, "partial"), beside["problems"]
    line = len(texts[seat].splitlines()) + 1
    assert any(p["line"] == line and p["severity"] == "error" for p in beside["problems"])
    assert "WITH PROBLEMS" in beside["acknowledgement"]
    assert not beside["complete"] and not _complete(rt)  # never early on a mail with errors
    assert addresses[seat] in status(rt, "c")["waiting_for"]  # still awaited: a clean mail

    clean = _send(rt, addresses[seat], texts[seat])
    assert (clean["standing"], clean["complete"]) == ("clean", True)
    assert _complete(rt) and status(rt, "c")["waiting_for"] == []

    again = _send(rt, addresses[seat], f"{TYPO}\n{texts[seat]}")
    assert again["standing"] == "partial" and not _complete(rt)  # a later slip undoes it
    rt.engine.dispose()


def test_a_game_that_takes_a_mail_whole_or_not_is_never_read_in_part() -> None:
    state = kow_battle()  # the referee owes a tabletop battle's result
    mighty = games()["mighty-kingdoms"]
    clean = read_input(mighty, state, REFEREE, "battle 1\nwinner p1")
    assert clean.standing == "clean"
    slip = read_input(mighty, state, REFEREE, "battle 1\nwinner p1\nrouted 3/9")
    assert (slip.standing, slip.orders) == ("refused", None)  # not the result without line 3
    typo = read_input(mighty, state, "p1", "mvoe 1 to B3")  # a player's line: read by lines
    assert typo.standing == "refused" and typo.problems
