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
        if orders.draw is not None:
            _draw_vote(state, seat, power, orders, events)
        if orders.concede is not None and state.concede.get(power, "") != orders.concede:
            _concession(state, seat, power, orders.concede, events)


def _draw_vote(
    state: DipState, seat: str, power: str, orders: DipOrders, events: list[Event]
) -> None:
    among = orders.draw_among if orders.draw else None
    if (power in state.draw) == orders.draw and state.draw_among.get(power) == among:
        return  # the vote on file, sent again
    voters = set(state.draw) - {power}
    state.draw = _in_board_order(state, voters | ({power} if orders.draw else set()))
    state.draw_among.pop(power, None)
    data = {"power": _name(state, power)}
    if among:
        state.draw_among[power] = list(among)
        data["among"] = ", ".join(_name(state, p) for p in among)
    code = ("dip.vote_draw_among" if among else "dip.vote_draw") if orders.draw \
        else "dip.vote_no_draw"
    events.append(Event(code=code, data=data, visible_to=[seat]))


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


def agreed_draw(state: DipState) -> list[str] | None:
    """The powers that share a draw every surviving player's power votes for (each naming the
    same powers, a plain DRAW naming them all), or None."""
    voters = state.played()
    if not voters or not all(p in state.draw for p in voters):
        return None
    named = {tuple(state.draw_among.get(p, voters)) for p in voters}
    return list(named.pop()) if len(named) == 1 else None


def withdraw_stale(state: DipState) -> None:
    """Withdraw the votes of powers no longer played, and partial draws naming one."""
    voters = set(state.played())
    stale = [p for p in state.draw
             if p not in voters or not set(state.draw_among.get(p, [])) <= voters]
    state.draw = [p for p in state.draw if p not in stale]
    state.draw_among = {p: among for p, among in state.draw_among.items() if p in state.draw}


def conceded_to(state: DipState) -> str | None:
    """The power every other surviving player concedes to, if there is one."""
    voters = state.played()
    for winner in voters:
        others = [p for p in voters if p != winner]
        if others and all(state.concede.get(p) == winner for p in others):
            return winner
    return None
