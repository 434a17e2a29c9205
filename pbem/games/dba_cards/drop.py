"""A player leaves the battle: the referee's drop concedes it for the player's whole side."""

from __future__ import annotations

from pbem.core.copying import deep_copy
from pbem.core.game import Advance, EditRefused, Event
from pbem.games.dba_cards.state import DBAState


def drop(state: DBAState, seat: str) -> Advance:
    """`seat` concedes for its side: the other side wins when the phase is run."""
    if seat not in state.seat_ids():
        raise EditRefused("dba.E_DROP_SEAT", seat=seat)
    if state.stage == "over" or state.conceded is not None:
        raise EditRefused("dba.E_DROP_OVER")
    new = deep_copy(state)
    names = {s.id: s.name for s in state.seats}
    new.conceded, new.winner = seat, state.opponent(seat)
    new.end_note = f"{names[seat]} conceded"
    data = {"who": names[seat], "winner": names[new.winner]}
    return Advance(state=new, events=[Event(code="dba.conceded", data=data)])


def settle(state: DBAState) -> None:
    """After a concession, end the battle (in place): no window, no orders waiting."""
    if state.conceded is not None and state.stage != "over":
        state.stage, state.window, state.pending = "over", None, []
