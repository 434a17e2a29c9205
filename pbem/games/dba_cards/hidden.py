"""What the rules hide from one seat, drawn afresh: the secrecy check's twin of a state.

Hidden from a seat are the deck order and every other seat's hand (their sizes are public).
The twin pools the deck with the other hands, shuffles the pool and deals each other hand
again at its own size, the rest being the deck. Cards the active seat's waiting attacks will
play stay in its hand (those orders were written with them), and an open question to another
seat lists that seat's legal answers from its new hand. The three cards the seat itself will
draw at its next turn stay where they are in the deck (the rest of the deck is shuffled): a twin
run then goes on past the others' next turns, instead of ending as soon as the seat's own hand
tells the runs apart.
"""

from __future__ import annotations

from pbem.core.copying import deep_copy
from pbem.core.rng import SeededRng
from pbem.games.dba_cards.content import DRAW, card_key
from pbem.games.dba_cards.play.defences import defence_choices
from pbem.games.dba_cards.state import DBAState
from pbem.games.dba_cards.turn import card_of


def resample_hidden(state: DBAState, seat: str, rng: SeededRng) -> DBAState:
    """A state equal to `state` in all `seat` may know; the deck and other hands drawn afresh."""
    twin = deep_copy(state)
    others = [s for s in twin.seat_ids() if s != seat and s in twin.sides]
    kept = {s: _reserved(twin, s) for s in others}
    mine = _own_next_draw(twin, seat)
    pool = [c for i, c in enumerate(twin.deck) if i not in mine]
    for other in others:
        hand = list(twin.sides[other].hand)
        for card in kept[other]:
            hand.remove(card)
        pool += hand
    pool = rng.shuffled(sorted(pool), purpose="twin: the unseen cards")
    for other in others:
        fresh = len(twin.sides[other].hand) - len(kept[other])
        twin.sides[other].hand = [*kept[other], *pool[:fresh]]
        pool = pool[fresh:]
    deck = list(pool)
    for index in sorted(mine):
        deck.insert(index, twin.deck[index])
    twin.deck = deck
    _ask_again(twin, seat)
    return twin


def _own_next_draw(state: DBAState, seat: str) -> set[int]:
    """The deck positions `seat` draws from at the start of its next turn (none if a
    reshuffle comes first): every seat whose turn starts earlier draws before it."""
    if state.stage not in ("turn", "react"):
        return set()
    before, current = 0, state.next_seat(state.active)
    while current != seat:
        before, current = before + 1, state.next_seat(current)
    first = before * DRAW
    if first + DRAW > len(state.deck):
        return set()
    return set(range(first, first + DRAW))


def _reserved(state: DBAState, seat: str) -> list[str]:
    """The cards of `seat`'s hand its waiting attacks will play (only the active seat has any)."""
    if seat != state.active:
        return []
    hand = list(state.sides[seat].hand)
    kept = []
    for order in state.pending:
        kind = card_of(order)
        card = next((c for c in hand if card_key(c) == kind), None)
        if card is not None:
            hand.remove(card)
            kept.append(card)
    return kept


def _ask_again(state: DBAState, seat: str) -> None:
    """An open question to another seat offers the answers of that seat's new hand."""
    window = state.window
    if window is None or window.seat == seat:
        return
    attacker = state.unit_at(str(window.facts.get("from")))
    target = state.unit_at(str(window.facts.get("square")))
    if attacker is None or target is None:
        return
    window.choices = defence_choices(state, target, attacker)
