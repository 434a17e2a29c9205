"""A player leaves the duel: the referee's drop is a concession, and the other figure wins."""

from __future__ import annotations

from pbem.core.copying import deep_copy
from pbem.core.game import Advance, EditRefused, Event
from pbem.games.david_goliath.content import Role
from pbem.games.david_goliath.state import DGState


def drop(state: DGState, seat: str) -> Advance:
    """`seat` concedes: the other role wins, and the duel ends when its phase is run."""
    role = state.role_of(seat)
    if role is None:
        raise EditRefused("dg.E_DROP_SEAT", seat=seat)
    if state.winner is not None:
        raise EditRefused("dg.E_DROP_OVER")
    new = deep_copy(state)
    winner: Role = "goliath" if role == "david" else "david"
    new.winner, new.conceded = winner, seat
    data = {"role": role.title(), "winner": winner.title()}
    return Advance(state=new, events=[Event(code="dg.conceded", data=data)])


def settle(state: DGState) -> None:
    """After a concession, close the duel (in place): no window, no play waiting."""
    if state.conceded is not None and state.step != "over":
        state.step, state.window, state.pending = "over", None, None


def note(state: DGState) -> str:
    """The outcome's note: who conceded, if anyone did."""
    role = state.role_of(state.conceded or "")
    return f"{role.title()} conceded" if role else ""
