"""Discarding Resource cards, over the hand limit or when a card says so: the player chooses
which, by a standing rule ('on discard answer grain') or by answering a question; silence
takes the kind they hold most of."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import Choice, Window
from pbem.games.kings_of_israel.cards.decks import hand_limit, kind, take
from pbem.games.kings_of_israel.content import RESOURCES
from pbem.games.kings_of_israel.state import KIState

TRIGGER = "ki.discard"
MOST = "most"  # a standing answer: the kind held most, as when the player is silent


def owed(state: KIState, seat: str) -> int:
    """Cards `seat` must discard now: down to the hand limit, or what a card asks."""
    hand = state.prophets[seat].hand
    over = len(hand) - hand_limit(state, seat)
    return min(len(hand), max(over, state.discards.get(seat, 0)))


def default_kind(state: KIState, seat: str) -> str:
    """The kind discarded when the player does not choose: the one held most (among
    equals, Grain and Cattle before Wood, Stone and Gold)."""
    hand = [kind(c) for c in state.prophets[seat].hand]
    return max(RESOURCES, key=lambda k: (hand.count(k), RESOURCES.index(k)))


def discard_window(state: KIState, seat: str, why: str) -> Window:
    """The question 'which card do you discard?'. Whether it is asked (the hand's size, a
    card's order) and what it offers (`most` and every kind) are public; the holder's report
    shows how many of each kind they hold."""
    state.windows_opened += 1
    choices = [Choice(key=MOST, label="the kind you hold most")]
    choices += [Choice(key=k, label=f"discard a {k.title()} card") for k in RESOURCES]
    return Window(
        id=f"r{state.round}-discard{state.windows_opened}",
        seat=seat,
        trigger=TRIGGER,
        facts={"why": why, "cards": owed(state, seat)},
        choices=choices,
        default=MOST,
    )


def standing_kind(state: KIState, seat: str, window: Window) -> str | None:
    """The kind the seat's `on discard` rules pick, or None when no rule applies. A rule that
    applies always answers (its kind if held, the next rule's, else the default; `most` is
    the default), so whether a question is asked never depends on the cards in the hand."""
    rules = [r for r in state.prophets[seat].standing if r.covers(window)]
    for rule in rules:
        if rule.answer == MOST:
            return default_kind(state, seat)
        if any(kind(c) == rule.answer for c in state.prophets[seat].hand):
            return rule.answer
    return default_kind(state, seat) if rules else None


def discard(state: KIState, seat: str, wanted: str, why: str, events: list[Event]) -> None:
    """Discard one card of kind `wanted` (the default kind when none is held)."""
    wanted = default_kind(state, seat) if wanted == MOST else wanted
    card = take(state, seat, wanted) or take(state, seat, default_kind(state, seat))
    if card is None:
        return
    state.decks.resource_discard.append(card)
    if state.discards.get(seat, 0) > 0:
        state.discards[seat] -= 1
    if not state.discards.get(seat):
        state.discards.pop(seat, None)
    code = "ki.hand_limit" if why == "hand-limit" else "ki.discarded"
    events.append(Event(code=code, data={"seat": seat, "cards": [kind(card)]}))


def settle(state: KIState, order: list[str], events: list[Event]) -> bool:
    """Every seat in `order` discards what it owes; False while a question is open."""
    for seat in order:
        while owed(state, seat) > 0:
            why = "card" if state.discards.get(seat) else "hand-limit"
            window = discard_window(state, seat, why)
            picked = standing_kind(state, seat, window)
            if picked is None:
                state.window = window
                events.append(
                    Event(
                        code="ki.asked",
                        data={"seat": seat, "window": window.id, "trigger": TRIGGER},
                    )
                )
                return False
            events.append(
                Event(
                    code="core.reaction.standing",
                    data={"window": window.id, "seat": seat, "answer": picked},
                    visible_to=[seat],
                )
            )
            discard(state, seat, picked, why, events)
    state.discards = {}
    return True


def clockwise(state: KIState, first: str) -> list[str]:
    """Every seat, from `first` round the table."""
    seats = state.seat_ids()
    start = seats.index(first)
    return seats[start:] + seats[:start]
