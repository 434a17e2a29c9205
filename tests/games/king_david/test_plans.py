"""Orders sent ahead (`then`): the seat's next actions are played from them without asking it,
each move checked when its action comes; those not played are dropped when the turn ends."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.king_david import GAME
from pbem.games.king_david.flow import acting
from pbem.games.king_david.orders import canonical_orders
from pbem.games.king_david.state import KDState
from tests.games.king_david.harness import opening

AHEAD = "pass\nthen\nbesiege gaza\nthen\nmove hebron bethlehem with a16\nthen\npass"


def _step(state: KDState, seed: int, step: int, sent: dict[str, str]) -> tuple[KDState,
                                                                                list[Event]]:
    """One advance: the bots' input, but the text in `sent` for the seats named there."""
    bots = SeededRng(derive_seed(seed, f"bots-{step}"))
    inputs = {s: GAME.random_input(state, s, bots) for s in GAME.due(state).players}
    for seat, text in sent.items():
        parsed = GAME.parse(state, seat, text)
        assert parsed.problems == []
        inputs[seat] = parsed.orders
    advanced = GAME.advance(state, inputs, SeededRng(derive_seed(seed, str(step))))
    return advanced.state, advanced.events


def _first_action(seed: int) -> tuple[KDState, str]:
    state = opening(3, seed=seed)
    for step in range(200):
        if acting(state) and state.turn == 1:
            return state, acting(state)[0]
        state, _ = _step(state, seed, step, {})
    raise AssertionError("no action")


def test_orders_read_back_as_sent() -> None:
    state, seat = _first_action(3)
    orders = GAME.parse(state, seat, AHEAD).orders
    assert orders.later is not None and len(orders.later) == 3
    assert canonical_orders(orders) == AHEAD.removeprefix("pass\n")
    assert GAME.parse(state, seat, canonical_orders(orders)).orders == orders
    assert GAME.parse(state, seat, "plans none").orders.later == []


def test_planned_actions_are_played_without_asking_and_the_rest_dropped_at_turn_end() -> None:
    for seed in (3, 4, 5):
        state, seat = _first_action(seed)
        state, events = _step(state, seed, 1000, {seat: AHEAD})
        seen = list(events)
        asked_again = False
        for step in range(1001, 1400):
            if state.turn > 1 or GAME.outcome(state) is not None:
                break
            asked_again = seat in GAME.due(state).players
            if asked_again:
                break
            state, events = _step(state, seed, step, {})
            seen += events
        played = [e for e in seen if e.code == "kd.planned"]
        dropped = [e for e in seen if e.code == "kd.plans_dropped"]
        assert [e.data["left"] for e in played] == [2, 1, 0][:len(played)]
        assert all(e.visible_to == [seat] for e in played + dropped)
        if asked_again:  # asked only once every plan is used
            assert len(played) == 3 and not dropped
        else:  # the turn ended first: what is left goes
            assert dropped and dropped[0].data["count"] == 3 - len(played)
            assert state.players[seat].plans == []


def test_a_planned_action_waits_for_nobody() -> None:
    state, seat = _first_action(4)
    state, _ = _step(state, 4, 1000, {seat: AHEAD})
    assert state.players[seat].plans or state.turn > 1
    assert seat not in GAME.due(state).players
