"""Standing instructions may be sent at any time, not only by the player who owes an action
(issue 25 item 9): the mail is accepted, its standing lines are kept, and the
acknowledgement says what was stored and when it applies."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session

from pbem.core.rng import SeededRng
from pbem.games.king_david import GAME
from pbem.games.king_david.state import KDState
from pbem.ledger import queries
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.turns import run_phase
from tests.games.king_david.test_setup_and_turn import chosen
from tests.support.runtime import make_runtime, sqlite_url

STANDING = "on retreat do stand\nplay ambush\nlosses battle militia infantry"


def idle_seat(state: KDState) -> str:
    """A seat that owes nothing now."""
    return next(s for s in sorted(state.players) if s not in GAME.due(state).players)


def test_a_seat_that_owes_nothing_may_still_send_standing_lines() -> None:
    state = chosen(3)
    seat = idle_seat(state)
    assert seat in GAME.due(state).optional
    parsed = GAME.parse(state, seat, STANDING)
    assert parsed.errors == []
    stored = [p for p in parsed.problems if p.code == "kd.W_STORED"]
    assert [p.severity for p in stored] == ["warning"]
    assert "on retreat do stand" in stored[0].params["lines"]
    inputs = {s: GAME.default_input(state, s) for s in GAME.due(state).players}
    after = GAME.advance(state, {**inputs, seat: parsed.orders}, SeededRng(1)).state
    player = after.players[seat]
    assert [r.answer for r in player.standing] == ["stand"]
    assert player.event_plays == ["ambush"]
    assert player.losses_battle[:2] == ["militia", "infantry"]


def test_moves_and_sieges_out_of_turn_are_refused_line_by_line() -> None:
    state = chosen(3)
    seat = idle_seat(state)
    parsed = GAME.parse(state, seat, "move hebron bethlehem\nbesiege gaza\n" + STANDING)
    assert [(p.line, p.code) for p in parsed.errors] == [(1, "kd.E_NOT_YOUR_ACTION"),
                                                          (2, "kd.E_NOT_YOUR_ACTION")]
    assert parsed.orders.standing


def test_a_standing_mail_between_turns_is_acknowledged_with_what_was_stored(
        tmp_path: Path) -> None:
    rt = make_runtime(sqlite_url(tmp_path))
    players = ["Ann <ann@localhost>", "Ben <ben@localhost>", "Cy <cy@localhost>"]
    create_campaign(rt, NewCampaign(name="kd", game="king-david", scenario=None,
                                    players=players, seed=11))
    for address in ("ann@localhost", "ben@localhost", "cy@localhost"):
        submit_by_address(rt, "kd", address, "pass")
    run_phase(rt, "kd")
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "kd")
        state: KDState = current_state(session, campaign)
        names = {p.seat: p.address for p in queries.players_of(session, campaign)}
    seat = idle_seat(state)
    answer = submit_by_address(rt, "kd", names[seat], STANDING)
    assert answer["accepted"] and answer["seat"] == seat
    assert "on retreat do stand" in answer["acknowledgement"]
    assert "kd.W_STORED" in answer["acknowledgement"]
    rt.engine.dispose()
