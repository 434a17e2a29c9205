"""The game round: King's Godliness, Sin Increases, the end of a prophet's turn, the False
Prophet's turn and the End of Round."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.cards.decks import draw_blessing, draw_sin_card
from pbem.games.kings_of_israel.cards.punish import location_card, push_card, run_cards
from pbem.games.kings_of_israel.content import ACTIONS
from pbem.games.kings_of_israel.play.prophet import APPEARS, move_options, move_to, return_options
from pbem.games.kings_of_israel.sin import lose
from pbem.games.kings_of_israel.state import KIState
from pbem.games.kings_of_israel.windows import open_or_answer, place_window

MAX_LOOPS = 200


def _return_prophet(state: KIState, events: list[Event]) -> bool:
    """Ask where a defeated False Prophet comes back; False while the question is open."""
    if not (state.rules.false_prophet and state.prophet_appeared and state.false_prophet is None):
        return True
    options = return_options(state)
    answer = open_or_answer(state, place_window(state, "ki.fp_return", options, "return"), events)
    if answer is None:
        return False
    place_prophet(state, answer, events)
    return True


def place_prophet(state: KIState, place: str, events: list[Event]) -> None:
    """A new False Prophet appears at `place`."""
    state.false_prophet = place
    events.append(
        Event(code="ki.prophet_returns", data={"place": place, "seat": state.starting_seat()})
    )


def round_start(state: KIState, rng: SeededRng, events: list[Event]) -> bool:
    """The False Prophet's return, deferred cards, his coming, King's Godliness and Sin
    Increases, stage by stage; False while a question is open (it resumes on the answer)."""
    for _ in range(MAX_LOOPS):
        if state.result is not None:
            return True
        if state.cards:
            if not run_cards(state, rng, events):
                return False
            continue
        stage = state.start_stage
        if stage == 0 and not _return_prophet(state, events):
            return False
        if stage == 2 and state.deferred:
            push_card(state, state.deferred.pop(0), events)
            continue
        state.start_stage += 1
        if stage == 1:
            _announce(state, events)
        elif stage == 3:
            _prophet_comes(state, events)
        elif stage == 4:
            godliness(state, rng, events, defer=False)
        elif stage == 5:
            _sin_increases(state, rng, events)
        elif stage == 6:
            _expand_asks(state)
            state.start_stage = 0
            if state.result is None:
                state.step, state.turn_index, state.actions_left = "work", 0, ACTIONS
            return True
    return True


def _announce(state: KIState, events: list[Event]) -> None:
    king = state.board.kings[state.timeline]
    events.append(
        Event(
            code="ki.round",
            data={
                "round": state.round,
                "king": king.name,
                "good": king.good,
                "seat": state.starting_seat(),
            },
        )
    )
    state.asks = []


def _sin_increases(state: KIState, rng: SeededRng, events: list[Event]) -> None:
    if state.round > 1:
        for _ in range(len(state.seats) + 1):
            location_card(state, rng, events)
    else:
        events.append(Event(code="ki.no_sin_increase", data={}))


def _prophet_comes(state: KIState, events: list[Event]) -> None:
    king = state.board.kings[state.timeline].name
    if (
        state.rules.false_prophet
        and not state.prophet_appeared
        and APPEARS[len(state.seats)] == king
    ):
        state.prophet_appeared = True
        state.false_prophet = (
            "samaria" if "samaria" in state.board.locations() else state.board.locations()[0]
        )
        events.append(Event(code="ki.prophet_appears", data={"place": state.false_prophet}))


def godliness(state: KIState, rng: SeededRng, events: list[Event], defer: bool) -> None:
    """A good king: the Starting Player draws a Blessing; an evil one: Sin & Punishment."""
    if state.result is not None:
        return
    if state.board.kings[state.timeline].good:
        draw_blessing(state, state.starting_seat(), rng, events)
    elif defer:
        card = draw_sin_card(state, rng, events)
        if card is not None:
            state.deferred.append(card)
            title = state.board.sin_card(card).title
            events.append(Event(code="ki.deferred", data={"title": title}))
    else:
        card = draw_sin_card(state, rng, events)
        if card is not None:
            push_card(state, card, events)


def _expand_asks(state: KIState) -> None:
    """One question per new Idol per seat holding a Blessing, Starting Player first."""
    order = [
        state.seats[(state.starter + i) % len(state.seats)].id for i in range(len(state.seats))
    ]
    places = [a["place"] for a in state.asks if a.get("kind") == "idol"]
    state.asks = [{"kind": "ask", "place": p, "seat": s} for p in places for s in order]


def finish_turn(state: KIState, rng: SeededRng, events: list[Event]) -> None:
    """The active prophet's turn is over: the next player's, or the end of the phase."""
    events.append(Event(code="ki.turn_over", data={"seat": state.active_seat()}))
    state.turn_index += 1
    state.actions_left, state.turn_phases = ACTIONS, 0
    if state.turn_index < len(state.seats):
        return
    if state.rules.false_prophet and state.false_prophet is not None:
        state.step = "prophet"
    else:
        end_round(state, rng, events)


def prophet_turn(state: KIState, rng: SeededRng, events: list[Event]) -> bool:
    """The False Prophet moves (the Starting Player picks among equals); False while asked."""
    wish, options = move_options(state)
    if len(options) > 1:
        window = place_window(state, "ki.fp_move", options, "move")
        window.facts["wish"] = wish
        answer = open_or_answer(state, window, events)
        if answer is None:
            return False
        options = [answer]
    prophet_moves(state, options[0] if options else None, rng, events)
    return True


def prophet_moves(state: KIState, place: str | None, rng: SeededRng, events: list[Event]) -> None:
    """Move the False Prophet and add his cube; Idols his sin made ask the Blessing holders
    (still the Prophets Work Phase) before the round ends."""
    state.asks = []
    move_to(state, place, events)
    if state.result is None:
        _expand_asks(state)
        state.step = "after"


def end_round(state: KIState, rng: SeededRng, events: list[Event]) -> None:
    """Easy Version Blessings, pass the Starting Player card, move the Timeline Marker on."""
    state.asks = []
    if state.rules.sacrifice_blessings:
        for seat in state.seat_ids():
            if state.prophets[seat].sacrificed:
                draw_blessing(state, seat, rng, events)
    for prophet in state.prophets.values():
        prophet.sacrificed = False
    state.starter = (state.starter + 1) % len(state.seats)
    _next_king(state)
    while state.result is None and state.timeline < len(state.board.kings):
        king = state.board.kings[state.timeline]
        if not king.short:
            break
        events.append(Event(code="ki.short_king", data={"king": king.name, "good": king.good}))
        godliness(state, rng, events, defer=True)
        _next_king(state)
    if state.result is not None:
        return
    if state.timeline >= len(state.board.kings):
        lose(state, "destroyed", events)
        return
    state.round += 1
    state.step = "start"


def _next_king(state: KIState) -> None:
    count = len(state.seats)
    state.timeline += 1
    while state.timeline < len(state.board.kings) and not state.board.kings[state.timeline].applies(
        count
    ):
        state.timeline += 1
