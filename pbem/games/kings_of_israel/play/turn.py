"""A prophet's turn: team-mates' Blessings, the turn's actions in order, Blessings held for
the next move, and the hand limit after each of them. A turn pauses while a question is
open (which card to discard) and goes on with the answer."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import Window, standing_answer
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.cards.blessings import play_blessing
from pbem.games.kings_of_israel.cards.hands import clockwise, settle
from pbem.games.kings_of_israel.inputs import Act
from pbem.games.kings_of_israel.order_text import act_line
from pbem.games.kings_of_israel.play.actions import perform
from pbem.games.kings_of_israel.play.rounds import finish_turn
from pbem.games.kings_of_israel.state import KIState, Queued, TurnRun
from pbem.games.kings_of_israel.windows import turn_window


def answer_idol(
    state: KIState, window: Window, answer: str, rng: SeededRng, events: list[Event]
) -> None:
    """Play the Blessing named in the answer at the Idol's location (or pass); a card the
    seat does not hold plays nothing, and only the seat hears why."""
    if answer == "pass":
        return
    act = Act(verb="play", args=[answer, str(window.facts["place"])])
    refusal = play_blessing(state, window.seat, act.args, rng, events)
    _refused(state, Queued(seat=window.seat, act=act), refusal, events)


def start_run(
    state: KIState, seat: str, acts: list[Act], before: list[Queued], ends: bool = True
) -> None:
    """Queue `seat`'s turn: Blessings waiting from a question, then `before` (team-mates'
    Blessings), the turn's beginning and its acts. With `ends` False only Blessings were
    sent: they are played and the turn is still owed."""
    queued = [*state.waiting, *before]
    state.waiting = []
    if ends:
        queued.append(Queued(seat=seat, begin=True))
    queued += [Queued(seat=seat, act=a) for a in acts]
    run = TurnRun(seat=seat, ends=ends)
    for item in queued:
        held = item.act is not None and item.act.after_move
        (run.after_move if held else run.queue).append(item)
    state.turn = run


def take_turn(
    state: KIState, seat: str, acts: list[Act], rng: SeededRng, events: list[Event]
) -> None:
    """Carry out `seat`'s acts in order (skipping what cannot be done), then end the turn."""
    start_run(state, seat, acts, [])
    continue_turn(state, rng, events)


def continue_turn(state: KIState, rng: SeededRng, events: list[Event]) -> None:
    """Carry out what the turn still has to do, until it ends or a question is open."""
    run = state.turn
    if run is None:
        return
    while state.result is None and state.window is None:
        if not settle(state, clockwise(state, run.seat), events):
            return
        if not run.queue:
            break
        _carry_out(state, run, run.queue.pop(0), rng, events)
    if state.result is not None or state.window is not None:
        return
    state.turn = None
    if not run.ends:
        state.waiting += run.after_move  # still waiting for a move of the turn to come
        return
    for item in run.after_move:
        _refused(state, item, "ki.E_NO_MOVE", events)
    finish_turn(state, rng, events)


def _carry_out(
    state: KIState, run: TurnRun, item: Queued, rng: SeededRng, events: list[Event]
) -> None:
    if item.begin:
        events.append(
            Event(code="ki.turn", data={"seat": item.seat, "at": state.prophets[item.seat].at})
        )
        run.queue[:0] = standing_plays(state, item.seat, events)
        return
    act = item.act
    if act is None:
        return
    if not holds_true(state, item.seat, act.when):
        data = {"seat": item.seat, "order": act_line(act)}
        events.append(Event(code="ki.condition", data=data, visible_to=_private(state, item, "")))
        return
    if act.verb == "play":
        _refused(state, item, play_blessing(state, item.seat, act.args, rng, events), events)
        return
    refusal = perform(state, item.seat, act, rng, events)
    _refused(state, item, refusal, events)
    if refusal is None and act.verb == "move":
        _after_move(state, run)


def _after_move(state: KIState, run: TurnRun) -> None:
    """Blessings held for a move whose condition now holds are played next."""
    ready = [i for i in run.after_move if i.act and holds_true(state, i.seat, i.act.when)]
    run.after_move = [i for i in run.after_move if i not in ready]
    run.queue[:0] = ready


def standing_plays(state: KIState, seat: str, events: list[Event]) -> list[Queued]:
    """Team-mates' standing rules 'on turn [when seat=p1 at=bethel] play CARD': each covering
    rule plays its Blessing for the prophet whose turn begins, at that prophet's location."""
    here = state.prophets[seat].at
    found = []
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
        found.append(Queued(seat=other, act=Act(verb="play", args=[answer.answer, seat, here])))
    return found


def run_plan(state: KIState, seat: str, rng: SeededRng, events: list[Event]) -> None:
    """Play the first of `seat`'s planned turns, sent earlier, without waiting for mail."""
    acts = state.prophets[seat].plans.pop(0)
    events.append(
        Event(code="ki.plan_used", data={"seat": seat, "left": len(state.prophets[seat].plans)})
    )
    take_turn(state, seat, acts, rng, events)


# Refusals that tell which Resource cards a hidden hand lacks (issue 24).
HAND_REFUSALS = frozenset(
    {"ki.E_ALTAR_COST", "ki.E_SACRIFICE_COST", "ki.E_GIVE_CARDS", "ki.E_NO_RUNNER"}
)


def _refused(state: KIState, item: Queued, code: str | None, events: list[Event]) -> None:
    if code is not None and item.act is not None:
        data = {"seat": item.seat, "order": act_line(item.act), "problem": code}
        events.append(Event(code="ki.skipped", data=data, visible_to=_private(state, item, code)))


def _private(state: KIState, item: Queued, code: str) -> list[str] | None:
    """Only the sender hears of an order skipped for a card they lack or still hold: a
    Blessing not played names a card still in the hand, and a build, sacrifice, gift or
    three-step move refused for want of Resource cards tells what a hidden hand lacks."""
    if item.act is not None and item.act.verb == "play":
        return [item.seat]
    hidden = not state.rules.hands_face_up and code in HAND_REFUSALS
    return [item.seat] if hidden else None


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
