"""A prophet's turn of actions, teammates' Blessings and the Blessing answering an Idol."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import Window, standing_answer
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.actions import perform
from pbem.games.kings_of_israel.blessings import play_blessing
from pbem.games.kings_of_israel.inputs import Act
from pbem.games.kings_of_israel.rounds import finish_turn
from pbem.games.kings_of_israel.state import KIState
from pbem.games.kings_of_israel.windows import turn_window


def answer_idol(
    state: KIState, window: Window, answer: str, rng: SeededRng, events: list[Event]
) -> None:
    """Play the Blessing named in the answer at the Idol's location (or pass)."""
    if answer != "pass":
        play_blessing(state, window.seat, [answer, str(window.facts["place"])], rng, events)


def blessings_only(
    state: KIState, seat: str, acts: list[Act], rng: SeededRng, events: list[Event]
) -> None:
    """Play a team-mate's Blessings (the `play` lines among `acts`) in the active turn."""
    for act in acts:
        if act.verb == "play" and holds_true(state, seat, act.when):
            _refused(state, seat, act, play_blessing(state, seat, act.args, rng, events), events)


def take_turn(
    state: KIState, seat: str, acts: list[Act], rng: SeededRng, events: list[Event]
) -> None:
    """Carry out `seat`'s acts in order (skipping what cannot be done), then end the turn."""
    events.append(Event(code="ki.turn", data={"seat": seat, "at": state.prophets[seat].at}))
    standing_plays(state, seat, rng, events)
    for act in acts:
        if state.result is not None:
            return
        if not holds_true(state, seat, act.when):
            events.append(Event(code="ki.condition", data={"seat": seat, "order": act_text(act)}))
            continue
        _refused(state, seat, act, perform(state, seat, act, rng, events), events)
    if state.result is None:
        finish_turn(state, rng, events)


def standing_plays(state: KIState, seat: str, rng: SeededRng, events: list[Event]) -> None:
    """Team-mates' standing rules 'on turn [when seat=p1 at=bethel] play CARD': each covering
    rule plays its Blessing for the prophet whose turn begins, at that prophet's location."""
    here = state.prophets[seat].at
    for other in state.seat_ids():
        if other == seat:
            continue
        window = turn_window(state, other, seat)
        answer = standing_answer(window, state.prophets[other].standing)
        if answer is None or answer.answer == "pass":
            continue
        events.append(
            Event(
                code="core.reaction.standing",
                data={"window": window.id, "seat": other, "answer": answer.answer},
                visible_to=[other],
            )
        )
        _refused(
            state,
            other,
            Act(verb="play", args=[answer.answer, seat, here]),
            play_blessing(state, other, [answer.answer, seat, here], rng, events),
            events,
        )


def run_plan(state: KIState, seat: str, rng: SeededRng, events: list[Event]) -> None:
    """Play the first of `seat`'s planned turns, sent earlier, without waiting for mail."""
    acts = state.prophets[seat].plans.pop(0)
    events.append(
        Event(code="ki.plan_used", data={"seat": seat, "left": len(state.prophets[seat].plans)})
    )
    take_turn(state, seat, acts, rng, events)


def _refused(state: KIState, seat: str, act: Act, code: str | None, events: list[Event]) -> None:
    if code is not None:
        events.append(
            Event(code="ki.skipped", data={"seat": seat, "order": act_text(act), "problem": code})
        )


def act_text(act: Act) -> str:
    """One act as its order line."""
    from pbem.games.kings_of_israel.orders_text import act_line

    return act_line(act)


def holds_true(state: KIState, seat: str, when: list[str]) -> bool:
    """True when a condition ('idol shiloh', 'no altar dan', 'sin bethel 2') holds now."""
    if not when:
        return True
    negate = when[0] == "no"
    words = when[1:] if negate else when
    what, place = words[0], words[1] if len(words) > 1 else state.prophets[seat].at
    if what == "idol":
        found = place in state.idols
    elif what == "altar":
        found = place in state.altars
    elif what == "sin":
        found = state.sin.get(place, 0) >= int(words[2] if len(words) > 2 else 1)
    else:  # "at"
        found = state.prophets[seat].at == place
    return found != negate
