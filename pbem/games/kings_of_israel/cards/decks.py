"""Drawing from the decks, with reshuffles of the discard piles, and the hand limit's size."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.content import HAND_LIMIT
from pbem.games.kings_of_israel.state import KIState


def kind(card_id: str) -> str:
    """The resource kind (or card slug) of an instance id such as 'gold.3'."""
    return card_id.rsplit(".", 1)[0]


def draw_resources(
    state: KIState, seat: str, count: int, rng: SeededRng, events: list[Event]
) -> None:
    """`seat` draws `count` Resource cards, reshuffling the discard pile when the deck is empty."""
    decks, drawn = state.decks, []
    for _ in range(count):
        if not decks.resource and decks.resource_discard:
            decks.resource = rng.shuffled(sorted(decks.resource_discard), purpose="resources")
            decks.resource_discard = []
            events.append(Event(code="ki.reshuffle", data={"deck": "Resource"}))
        if not decks.resource:
            break
        drawn.append(decks.resource.pop(0))
    state.prophets[seat].hand += drawn
    events.append(Event(code="ki.drew", data={"seat": seat, "count": len(drawn)}))
    if drawn:
        events.append(
            Event(code="ki.drew_cards", data={"cards": [kind(c) for c in drawn]}, visible_to=[seat])
        )


def hand_limit(state: KIState, seat: str) -> int:
    """The most Resource cards `seat` may hold."""
    bonus = 2 if state.board.ability(state.prophets[seat].ability).power == "hand_big" else 0
    return HAND_LIMIT + bonus + sum(state.has_permanent("hand_limit"))


def take(state: KIState, seat: str, wanted: str) -> str | None:
    """Remove one card of kind `wanted` from the hand (latest first); its id, or None."""
    hand = state.prophets[seat].hand
    card = next((c for c in reversed(hand) if kind(c) == wanted), None)
    if card is not None:
        hand.remove(card)
    return card


def holds(state: KIState, seat: str, *kinds: str) -> bool:
    """True when `seat` holds one card of each kind named (a kind twice needs two)."""
    hand = [kind(c) for c in state.prophets[seat].hand]
    return all(hand.count(k) >= list(kinds).count(k) for k in kinds)


def draw_blessing(state: KIState, seat: str, rng: SeededRng, events: list[Event]) -> None:
    """`seat` draws one Blessing card (reshuffling its discard pile when needed)."""
    decks = state.decks
    if not decks.blessing and decks.blessing_discard:
        decks.blessing = rng.shuffled(sorted(decks.blessing_discard), purpose="blessings")
        decks.blessing_discard = []
        events.append(Event(code="ki.reshuffle", data={"deck": "Blessing"}))
    if not decks.blessing:
        return
    card = decks.blessing.pop(0)
    state.prophets[seat].blessings.append(card)
    events.append(Event(code="ki.blessing_drawn", data={"seat": seat}))
    title = state.board.blessing(card).title
    events.append(Event(code="ki.blessing_card", data={"title": title}, visible_to=[seat]))


def draw_location(state: KIState, rng: SeededRng, events: list[Event]) -> str | None:
    """The next Location card, reshuffling the discard pile into a new deck when needed."""
    decks = state.decks
    if not decks.location and decks.location_discard:
        decks.location = rng.shuffled(sorted(decks.location_discard), purpose="locations")
        decks.location_discard = []
        events.append(Event(code="ki.reshuffle", data={"deck": "Location"}))
    if not decks.location:
        return None
    card = decks.location.pop(0)
    decks.location_discard.append(card)
    return card


def draw_sin_card(state: KIState, rng: SeededRng, events: list[Event]) -> str | None:
    """The next Sin & Punishment card, reshuffling its discard pile when needed."""
    decks = state.decks
    if not decks.sin and decks.sin_discard:
        decks.sin = rng.shuffled(sorted(decks.sin_discard), purpose="sin deck")
        decks.sin_discard = []
        events.append(Event(code="ki.reshuffle", data={"deck": "Sin & Punishment"}))
    return decks.sin.pop(0) if decks.sin else None
