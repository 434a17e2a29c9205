"""What a step or a question may depend on: public facts only, never the cards in a hand.

Whether a phase is opened and whether a question is asked must be the same whatever the hidden
hand holds (issue 24), so both are decided against the widest hand the public cannot rule out:
every card not yet in the discard pile, as long as the real hand is not empty.
"""

from __future__ import annotations

from pbem.games.david_goliath.content import FULL_DECK, Role
from pbem.games.david_goliath.legal import (
    defences,
    held,
    legal_attacks,
    legal_events,
    moves_with,
    negates,
    placements,
)
from pbem.games.david_goliath.state import DGState


def unseen_hand(state: DGState, role: Role) -> DGState:
    """A copy of `state` in which `role` holds every card the public cannot place elsewhere."""
    gone = set(state.discard)
    widest = [c for c in FULL_DECK if c not in gone]
    figure = state.figures[role].model_copy(update={"hand": widest})
    return state.model_copy(update={"figures": {**state.figures, role: figure}})


def may_play(state: DGState, role: Role) -> bool:
    """True when the public cannot rule out a legal play of `role` in the current step."""
    kind = state.step.split("-")[0]
    if kind == "place":
        return bool(placements(state, role))
    if not state.figures[role].hand:
        return False
    wide = unseen_hand(state, role)
    if kind == "event":
        return bool(legal_events(wide, role))
    if kind == "move":  # any card's move will do: the first found ends the search
        return any(moves_with(wide, role, card) for card in held(wide, role, ("move",)))
    return bool(legal_attacks(wide, role))


def may_negate(state: DGState, role: Role) -> bool:
    """True when the public cannot rule out that `role` holds a Negate card."""
    return bool(state.figures[role].hand) and bool(negates(unseen_hand(state, role), role))


def may_defend(state: DGState, role: Role, attack_type: str) -> bool:
    """True when the public cannot rule out that `role` holds a card blocking `attack_type`."""
    wide = unseen_hand(state, role)
    return bool(state.figures[role].hand) and bool(defences(wide, role, attack_type))
