"""Sin & Punishment cards, Foretold Events and the Sin Increases Phase's Location cards."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import Choice, Window, standing_answer
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.content import RESOURCES, Step
from pbem.games.kings_of_israel.decks import draw_location, draw_sin_card, kind, take
from pbem.games.kings_of_israel.sin import increase, place_idol
from pbem.games.kings_of_israel.state import KIState


def starter_choice(state: KIState, what: str, options: list[str], events: list[Event]) -> str:
    """The Starting Player's pick among equal options: their standing rule, else the first."""
    window = Window(
        id=f"r{state.round}-tie-{state.windows_opened}",
        seat=state.starting_seat(),
        trigger="ki.tie",
        facts={"what": what},
        choices=[Choice(key=o) for o in options],
        default=options[0],
    )
    rules = state.prophets[window.seat].standing
    resolution = standing_answer(window, rules)
    picked = resolution.answer if resolution else options[0]
    if len(options) > 1:
        events.append(
            Event(
                code="ki.tie",
                data={"seat": window.seat, "what": what, "options": options, "picked": picked},
            )
        )
    return picked


def location_card(state: KIState, rng: SeededRng, events: list[Event]) -> None:
    """Draw one Location card and increase sin there (a nation spreads; 'again' reshuffles)."""
    card = draw_location(state, rng, events)
    if card is None or state.result is not None:
        return
    place = kind(card)
    if place == "again":
        decks = state.decks
        decks.location = rng.shuffled(
            sorted(decks.location + decks.location_discard), purpose="again"
        )
        decks.location_discard = []
        events.append(Event(code="ki.shall_be_again", data={}))
        location_card(state, rng, events)
        return
    events.append(Event(code="ki.location_card", data={"place": place}))
    increase(state, place, set(), events)


def sin_card(state: KIState, card_id: str, rng: SeededRng, events: list[Event]) -> None:
    """Resolve one drawn Sin & Punishment card (a Foretold Event goes back face up)."""
    card = state.board.sin_card(card_id)
    decks = state.decks
    if card_id in decks.face_up:
        decks.face_up.remove(card_id)
        events.append(Event(code="ki.foretold_comes", data={"title": card.title}))
        _steps(state, card.foretold or [], rng, events)
        decks.sin_discard.append(card_id)
        return
    events.append(Event(code="ki.sin_card", data={"title": card.title}))
    if card.permanent:
        state.permanents.append(f"s:{card_id}")
        events.append(Event(code="ki.permanent", data={"title": card.title}))
        return
    _steps(state, card.steps, rng, events)
    if card.foretold is None:
        decks.sin_discard.append(card_id)
        return
    depth = len(state.seats)
    decks.sin.insert(min(depth, len(decks.sin)), card_id)
    decks.face_up.append(card_id)
    events.append(Event(code="ki.foretold", data={"title": card.title, "under": depth}))
    draw_and_resolve(state, rng, events)


def draw_and_resolve(state: KIState, rng: SeededRng, events: list[Event]) -> None:
    """Draw the top Sin & Punishment card and resolve it."""
    card = draw_sin_card(state, rng, events)
    if card is not None and state.result is None:
        sin_card(state, card, rng, events)


def _steps(state: KIState, steps: list[Step], rng: SeededRng, events: list[Event]) -> None:
    for step in steps:
        if state.result is not None:
            return
        STEPS[step.op](state, step, rng, events)


def _sin(state: KIState, step: Step, rng: SeededRng, events: list[Event]) -> None:
    where = step.params["where"]
    hit: set[str] = set()
    if where == "idols":
        for place in [p for p in state.board.locations() if p in state.idols]:
            increase(state, place, hit, events)
        return
    if where == "most_sin":
        where = _most_sin(state, state.board.locations(), "most sin", events)
    increase(state, where, hit, events)


def _most_sin(state: KIState, places: list[str], what: str, events: list[Event]) -> str:
    top = max(state.sin.get(p, 0) for p in places)
    return starter_choice(state, what, [p for p in places if state.sin.get(p, 0) == top], events)


def _idol(state: KIState, step: Step, rng: SeededRng, events: list[Event]) -> None:
    place_idol(state, step.params["where"], events)


def _locations(state: KIState, step: Step, rng: SeededRng, events: list[Event]) -> None:
    for _ in range(step.number("count")):
        location_card(state, rng, events)


def _destroy_altar(state: KIState, step: Step, rng: SeededRng, events: list[Event]) -> None:
    altars = [p for p in state.board.locations() if p in state.altars]
    if not altars:
        return
    place = _most_sin(state, altars, "altar to destroy", events)
    state.altars.remove(place)
    events.append(Event(code="ki.altar_lost", data={"place": place, "why": "punishment"}))


def _discard(state: KIState, step: Step, rng: SeededRng, events: list[Event]) -> None:
    for seat in state.seat_ids():
        dropped = []
        for _ in range(step.number("count")):
            hand = [kind(c) for c in state.prophets[seat].hand]
            if not hand:
                break
            most = max(RESOURCES, key=lambda k: (hand.count(k), RESOURCES.index(k)))
            card = take(state, seat, most)
            state.decks.resource_discard.append(str(card))
            dropped.append(most)
        if dropped:
            events.append(Event(code="ki.discarded", data={"seat": seat, "cards": dropped}))


STEPS = {
    "sin": _sin,
    "idol": _idol,
    "locations": _locations,
    "destroy_altar": _destroy_altar,
    "discard": _discard,
}
