"""A player leaves: their power falls into civil disorder for the rest of the game. Nobody
plays it from then on, so the rules for a power nobody plays hold: its units hold, a dislodged
unit is disbanded, it removes units by the civil-disorder rule and never builds, and it no
longer owes orders or votes on a draw or a concession."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Advance, EditRefused, Event
from pbem.games.diplomacy.rules.votes import withdraw_stale
from pbem.games.diplomacy.state import DipState


def drop(state: DipState, seat: str) -> Advance:
    """`seat`'s power falls into civil disorder; its votes are withdrawn."""
    power = state.power_of(seat)
    if power is None:
        raise EditRefused("dip.E_DROP_SEAT", seat=seat)
    new = state.fresh_copy()
    into_disorder(new, seat)
    data = {"power": state.board.power(power).name}
    return Advance(state=new, events=[Event(code="dip.civil_disorder", data=data)])


def into_disorder(state: DipState, seat: str) -> None:
    """Put `seat`'s power into civil disorder in `state` (a copy the caller owns) and withdraw
    its votes; refused when it is already, once the game is over, or when it is the last
    power with a player."""
    power = state.powers[seat]
    if seat in state.disorder:
        raise EditRefused("dip.E_DROP_AGAIN", power=state.board.power(power).name)
    if state.step == "over":
        raise EditRefused("dip.E_DROP_OVER")
    if [p for p in state.played() if p != power] == []:
        raise EditRefused("dip.E_DROP_LAST", power=state.board.power(power).name)
    state.disorder = sorted([*state.disorder, seat])
    state.concede.pop(power, None)
    withdraw_stale(state)


def live_inputs(state: DipState, inputs: dict[str, Any]) -> dict[str, Any]:
    """The inputs without those of dropped seats: a power in civil disorder has no orders."""
    return {seat: given for seat, given in inputs.items() if seat not in state.disorder}
