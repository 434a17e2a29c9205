"""The shared deck: drawing with a reshuffle of the discard pile, playing and discarding."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.dba_cards.content import CARDS, card_key
from pbem.games.dba_cards.state import DBAState


def draw(state: DBAState, seat: str, count: int, rng: SeededRng) -> list[Event]:
    """Draw `count` cards for `seat`; when the deck runs out, shuffle the discard into it."""
    events: list[Event] = []
    drawn: list[str] = []
    for _ in range(count):
        if not state.deck:
            if not state.discard:
                break
            state.deck = rng.shuffled(sorted(state.discard), purpose="reshuffle the discard")
            events.append(Event(code="dba.reshuffle", data={"cards": len(state.discard)}))
            state.discard, state.face_down = [], 0
        drawn.append(state.deck.pop(0))
    state.sides[seat].hand.extend(drawn)
    events.append(Event(code="dba.draw", data={"seat": seat, "count": len(drawn)}))
    titles = [CARDS[card_key(c)].title for c in drawn]
    events.append(
        Event(
            code="dba.drawn",
            data={"seat": seat, "cards": drawn, "titles": titles},
            visible_to=[seat],
        )
    )
    return events


def holds(state: DBAState, seat: str, kind: str) -> bool:
    """True when `seat` holds a card of `kind`."""
    return any(card_key(c) == kind for c in state.sides[seat].hand)


def play(state: DBAState, seat: str, kind: str) -> str | None:
    """Move the first card of `kind` from the hand to the discard pile; its id, or None."""
    hand = state.sides[seat].hand
    card = next((c for c in hand if card_key(c) == kind), None)
    if card is not None:
        hand.remove(card)
        state.discard.append(card)
    return card


def hand_counts(cards: list[str]) -> dict[str, int]:
    """How many cards of each kind a list holds."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card_key(card)] = counts.get(card_key(card), 0) + 1
    return counts


def lay_down(state: DBAState, seat: str, card: str) -> None:
    """Discard `card` from the hand face down, under the pile (the hand limit's discards)."""
    state.sides[seat].hand.remove(card)
    state.discard.insert(0, card)
    state.face_down += 1


def discard_top(state: DBAState) -> str | None:
    """The top card of the discard pile if it lies face up (a card played), else None."""
    if len(state.discard) <= min(state.face_down, len(state.discard)):
        return None
    return state.discard[-1]
