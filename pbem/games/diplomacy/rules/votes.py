"""Draws and concessions by unanimous vote of the surviving players' powers, sent with any
mail and standing until changed; each vote is secret until the vote passes."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.games.diplomacy.inputs import DipOrders
from pbem.games.diplomacy.state import DipState


def record(state: DipState, inputs: dict[str, DipOrders], events: list[Event]) -> None:
    """Take the votes sent with this phase's mail; only the voter hears of its own vote."""
    voters = set(state.played())
    for seat in sorted(inputs):
        power, orders = state.power_of(seat), inputs[seat]
        if power is None or power not in voters:
            continue
        if orders.draw is not None and (power in state.draw) != orders.draw:
            state.draw = _in_board_order(state, set(state.draw) ^ {power})
            events.append(Event(code="dip.vote_draw" if orders.draw else "dip.vote_no_draw",
                                data={"power": _name(state, power)}, visible_to=[seat]))
        if orders.concede is not None and state.concede.get(power, "") != orders.concede:
            _concession(state, seat, power, orders.concede, events)


def _concession(state: DipState, seat: str, power: str, to: str, events: list[Event]) -> None:
    if to:
        state.concede[power] = to
        events.append(Event(code="dip.vote_concede", visible_to=[seat],
                            data={"power": _name(state, power), "to": _name(state, to)}))
    else:
        state.concede.pop(power, None)
        events.append(Event(code="dip.vote_no_concede", visible_to=[seat],
                            data={"power": _name(state, power)}))


def _in_board_order(state: DipState, powers: set[str]) -> list[str]:
    return [p.key for p in state.board.powers if p.key in powers]


def _name(state: DipState, power: str) -> str:
    return state.board.power(power).name


def passed_draw(state: DipState) -> bool:
    """Every surviving player's power votes for a draw."""
    voters = state.played()
    return bool(voters) and all(p in state.draw for p in voters)


def conceded_to(state: DipState) -> str | None:
    """The power every other surviving player concedes to, if there is one."""
    voters = state.played()
    for winner in voters:
        others = [p for p in voters if p != winner]
        if others and all(state.concede.get(p) == winner for p in others):
            return winner
    return None
