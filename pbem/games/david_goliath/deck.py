"""The shared deck: drawing with reshuffles, discards, and the End Phase hand limit."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.david_goliath.content import Role, card_of, usable_by
from pbem.games.david_goliath.state import DEATH_WOUNDS, HAND_LIMIT, DGState


def draw(state: DGState, role: Role, count: int, rng: SeededRng, events: list[Event]) -> list[str]:
    """Move up to `count` cards from the deck to a hand, reshuffling the discard if needed."""
    drawn: list[str] = []
    for _ in range(count):
        if not state.deck and state.discard:
            state.deck = rng.shuffled(sorted(state.discard), purpose="reshuffle")
            state.discard = []
            events.append(Event(code="dg.reshuffle", data={"cards": len(state.deck)}))
        if not state.deck:
            break
        drawn.append(state.deck.pop(0))
    state.figures[role].hand.extend(drawn)
    if drawn:
        names = [card_of(c).name for c in drawn]
        events.append(Event(code="dg.drew", data={"role": role.title(), "count": len(drawn)}))
        events.append(
            Event(code="dg.drew_cards", data={"cards": names}, visible_to=[state.seat_of(role)])
        )
    return drawn


def take_from_hand(state: DGState, role: Role, slug: str) -> str | None:
    """Remove one card with `slug` from `role`'s hand and return its instance id (None if none)."""
    hand = state.figures[role].hand
    found = next((c for c in hand if card_of(c).slug == slug), None)
    if found is not None:
        hand.remove(found)
    return found


def holds(state: DGState, role: Role, slug: str, copies: int = 1) -> bool:
    """True when `role` holds at least `copies` cards with `slug`."""
    return sum(card_of(c).slug == slug for c in state.figures[role].hand) >= copies


def hand_limit(state: DGState, role: Role) -> int:
    """Seven cards, one fewer for each wound."""
    return max(0, HAND_LIMIT - state.figures[role].wounds)


def enforce_limit(state: DGState, role: Role, events: list[Event]) -> None:
    """Discard down to the hand limit: named wishes first, then unusable cards, then the newest."""
    figure = state.figures[role]
    excess = len(figure.hand) - hand_limit(state, role)
    dropped: list[str] = []
    for slug in figure.discard_first:
        if len(dropped) < excess and (card := take_from_hand(state, role, slug)):
            dropped.append(card)
    for card in reversed(list(figure.hand)):
        if len(dropped) < excess and not usable_by(card_of(card), role):
            figure.hand.remove(card)
            dropped.append(card)
    while len(dropped) < excess and figure.hand:
        dropped.append(figure.hand.pop())
    figure.discard_first = []
    state.discard.extend(dropped)
    if dropped:
        names = [card_of(c).name for c in dropped]
        events.append(Event(code="dg.hand_limit", data={"role": role.title(), "cards": names}))


def wound(state: DGState, role: Role, events: list[Event]) -> None:
    """Give `role` a wound token from the common supply; three wounds kill."""
    state.wound_tokens -= 1
    figure = state.figures[role]
    figure.wounds += 1
    events.append(Event(code="dg.wound", data={"role": role.title(), "wounds": figure.wounds}))
    if figure.wounds >= DEATH_WOUNDS:
        kill(state, role, events, "wounds")


def kill(state: DGState, role: Role, events: list[Event], cause: str) -> None:
    """`role` dies; the other player wins."""
    state.figures[role].dead = True
    state.winner = "goliath" if role == "david" else "david"
    state.step = "over"
    state.window, state.pending = None, None
    events.append(Event(code="dg.death", data={"role": role.title(), "cause": cause}))
