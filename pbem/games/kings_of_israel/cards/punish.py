"""Sin & Punishment cards, Foretold Events and the Sin Increases Phase's Location cards."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import Choice, Window, standing_answer
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.cards.decks import draw_location, draw_sin_card, kind
from pbem.games.kings_of_israel.cards.hands import clockwise, settle
from pbem.games.kings_of_israel.content import DESTRUCTION_SUPPLY, Step
from pbem.games.kings_of_israel.sin import destroy_location, increase, place_idol
from pbem.games.kings_of_israel.state import CardRun, KIState


def starter_choice(
    state: KIState, what: str, options: list[str], events: list[Event]
) -> str | None:
    """The Starting Player's pick among equal options: the answer just given, a standing
    rule, or (None) a question opened to them; a single option needs no choice."""
    if len(options) == 1:
        return options[0]
    picked = state.tie_answer if state.tie_answer in options else None
    state.tie_answer = None
    if picked is None:
        window = _tie_window(state, what, options)
        resolution = standing_answer(window, state.prophets[window.seat].standing)
        if resolution is None:
            state.window = window
            events.append(
                Event(
                    code="ki.asked",
                    data={"seat": window.seat, "window": window.id, "trigger": window.trigger},
                )
            )
            return None
        picked = resolution.answer
    events.append(
        Event(
            code="ki.tie",
            data={
                "seat": state.starting_seat(),
                "what": what,
                "options": options,
                "picked": picked,
            },
        )
    )
    return picked


def _tie_window(state: KIState, what: str, options: list[str]) -> Window:
    state.windows_opened += 1
    choices = [Choice(key=o, label=state.board.place(o).name) for o in options]
    return Window(
        id=f"r{state.round}-tie{state.windows_opened}",
        seat=state.starting_seat(),
        trigger="ki.tie",
        facts={"what": what},
        choices=choices,
        default=options[0],
    )


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


def sin_card(state: KIState, card_id: str, rng: SeededRng, events: list[Event]) -> bool:
    """Resolve one drawn Sin & Punishment card; False while a tie question is open."""
    push_card(state, card_id, events)
    return run_cards(state, rng, events)


def push_card(state: KIState, card_id: str, events: list[Event]) -> None:
    """Start resolving a drawn card (a face-up Foretold Event comes to pass)."""
    card = state.board.sin_card(card_id)
    decks = state.decks
    if card_id in decks.face_up:
        decks.face_up.remove(card_id)
        events.append(Event(code="ki.foretold_comes", data={"title": card.title}))
        state.cards.append(CardRun(card=card_id, part="foretold"))
        return
    events.append(Event(code="ki.sin_card", data={"title": card.title}))
    if card.permanent:
        state.permanents.append(f"s:{card_id}")
        events.append(Event(code="ki.permanent", data={"title": card.title}))
        return
    state.cards.append(CardRun(card=card_id))


def run_cards(state: KIState, rng: SeededRng, events: list[Event]) -> bool:
    """Carry out the cards being resolved, step by step; False while a question is open."""
    while state.cards and state.result is None:
        run = state.cards[-1]
        card = state.board.sin_card(run.card)
        steps = card.steps if run.part == "steps" else card.foretold or []
        while run.index < len(steps):
            if not STEPS[steps[run.index].op](state, steps[run.index], rng, events):
                return False
            run.index += 1
            if state.result is not None:
                return True
        state.cards.pop()
        _finish(state, run, rng, events)
    return True


def _finish(state: KIState, run: CardRun, rng: SeededRng, events: list[Event]) -> None:
    """Discard a resolved card; a new Foretold Event goes face up under N cards, replaced."""
    card = state.board.sin_card(run.card)
    decks = state.decks
    if run.part == "foretold" or card.foretold is None:
        decks.sin_discard.append(run.card)
        return
    depth = len(state.seats)
    decks.sin.insert(min(depth, len(decks.sin)), run.card)
    decks.face_up.append(run.card)
    events.append(Event(code="ki.foretold", data={"title": card.title, "under": depth}))
    replacement = draw_sin_card(state, rng, events)
    if replacement is not None:
        push_card(state, replacement, events)


def draw_and_resolve(state: KIState, rng: SeededRng, events: list[Event]) -> bool:
    """Draw the top Sin & Punishment card and resolve it; False while a question is open."""
    card = draw_sin_card(state, rng, events)
    if card is None or state.result is not None:
        return True
    return sin_card(state, card, rng, events)


def _sin(state: KIState, step: Step, rng: SeededRng, events: list[Event]) -> bool:
    """Sin from the card; a location it has already reached takes no more (once per card)."""
    where = step.params["where"]
    run = state.cards[-1] if state.cards else CardRun(card="")
    hit = set(run.hit)
    if where == "idols":
        for place in [p for p in state.board.locations() if p in state.idols]:
            increase(state, place, hit, events)
    else:
        if where == "most_sin":
            open_places = [p for p in state.board.locations() if p not in state.destroyed]
            picked = _most_sin(state, open_places, "most-sin", events)
            if picked is None:
                return False
            where = picked
        increase(state, where, hit, events)
    run.hit = sorted(hit)
    return True


def _most_sin(state: KIState, places: list[str], what: str, events: list[Event]) -> str | None:
    top = max(state.sin.get(p, 0) for p in places)
    return starter_choice(state, what, [p for p in places if state.sin.get(p, 0) == top], events)


def _idol(state: KIState, step: Step, rng: SeededRng, events: list[Event]) -> bool:
    place_idol(state, step.params["where"], events)
    return True


def _locations(state: KIState, step: Step, rng: SeededRng, events: list[Event]) -> bool:
    for _ in range(step.number("count")):
        location_card(state, rng, events)
    return True


def _destroy_altar(state: KIState, step: Step, rng: SeededRng, events: list[Event]) -> bool:
    altars = [p for p in state.board.locations() if p in state.altars]
    if not altars:
        return True
    place = _most_sin(state, altars, "altar", events)
    if place is None:
        return False
    state.altars.remove(place)
    events.append(Event(code="ki.altar_lost", data={"place": place, "why": "punishment"}))
    return True


def _discard(state: KIState, step: Step, rng: SeededRng, events: list[Event]) -> bool:
    """Each player discards `count` Resource cards of their choice (as many as they hold),
    Starting Player first; False while one of them is asked which."""
    run = state.cards[-1]
    if not run.begun:
        run.begun = True
        for seat in state.seat_ids():
            count = min(step.number("count"), len(state.prophets[seat].hand))
            if count:
                state.discards[seat] = count
    if not settle(state, clockwise(state, state.starting_seat()), events):
        return False
    run.begun = False
    return True


def _destroy(state: KIState, step: Step, rng: SeededRng, events: list[Event]) -> bool:
    """Brimstone and Fire: a location with the most Sin Cubes (the Starting Player chooses
    among equals) is destroyed under a Destruction Cube, while one is left."""
    if len(state.destroyed) >= DESTRUCTION_SUPPLY:
        events.append(Event(code="ki.no_destruction_cube", data={}))
        return True
    places = [
        p
        for p in state.board.locations()
        if state.sin.get(p) and p not in state.destroyed and p != state.false_prophet
    ]
    if not places:
        events.append(Event(code="ki.no_sin_to_destroy", data={}))
        return True
    place = _most_sin(state, places, "destroy", events)
    if place is None:
        return False
    destroy_location(state, place, events)
    return True


STEPS = {
    "sin": _sin,
    "idol": _idol,
    "locations": _locations,
    "destroy_altar": _destroy_altar,
    "discard": _discard,
    "destroy": _destroy,
}
