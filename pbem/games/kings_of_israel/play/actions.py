"""The seven actions of the Prophets Work Phase and their costs. Each returns a refusal code
(nothing changed) or None (done)."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.cards.blessings import play_blessing
from pbem.games.kings_of_israel.cards.decks import draw_blessing, draw_resources, holds, take
from pbem.games.kings_of_israel.content import ALTAR_SUPPLY
from pbem.games.kings_of_israel.inputs import Act
from pbem.games.kings_of_israel.reach import enterable, steps_from
from pbem.games.kings_of_israel.sin import remove_cubes
from pbem.games.kings_of_israel.state import KIState

COST = {"move": 1, "preach": 1, "destroy": 2, "acquire": 1, "build": 1, "sacrifice": 1, "give": 1}
RUNNERS = ("cattle", "grain")


def power(state: KIState, seat: str) -> str:
    """The power on `seat`'s Ability card."""
    return state.board.ability(state.prophets[seat].ability).power


def cost(state: KIState, seat: str, act: Act) -> int:
    """Actions `act` spends (Destroy an Idol two, or one with the idol_fast power)."""
    if act.verb == "destroy" and power(state, seat) == "idol_fast":
        return 1
    return COST.get(act.verb, 0)


def perform(state: KIState, seat: str, act: Act, rng: SeededRng, events: list[Event]) -> str | None:
    """Carry out one action of `seat`'s turn; a refusal code when it cannot be done."""
    spend = cost(state, seat, act)
    if spend > state.actions_left:
        return "ki.E_NO_ACTIONS"
    refusal = ACTIONS[act.verb](state, seat, act, rng, events)
    if refusal is None:
        state.actions_left -= spend
    return refusal


def _move(state: KIState, seat: str, act: Act, rng: SeededRng, events: list[Event]) -> str | None:
    path = [a for a in act.args if a not in RUNNERS]
    runner = next((a for a in act.args if a in RUNNERS), None)
    prophet = state.prophets[seat]
    if not 1 <= len(path) <= 3:
        return "ki.E_MOVE_STEPS"
    if len(path) == 1:
        if path[0] not in steps_from(state, prophet.at):
            return "ki.E_NOT_ADJACENT"
    else:
        here = prophet.at
        for place in path:
            if place not in state.board.road_neighbours(here) or not enterable(state, place):
                return "ki.E_NOT_ROAD"
            here = place
        if power(state, seat) != "run_free":
            runner = runner or next((r for r in RUNNERS if holds(state, seat, r)), None)
            if runner is None or take_to_discard(state, seat, runner) is None:
                return "ki.E_NO_RUNNER"
    events.append(Event(code="ki.moved", data={"seat": seat, "from": prophet.at, "path": path}))
    prophet.at = path[-1]
    return None


def take_to_discard(state: KIState, seat: str, wanted: str) -> str | None:
    """Discard one card of kind `wanted` from `seat`'s hand; its id, or None."""
    card = take(state, seat, wanted)
    if card is not None:
        state.decks.resource_discard.append(card)
    return card


def preach_count(state: KIState, seat: str) -> int:
    """Cubes one Preach removes for `seat`."""
    bonus = 1 if power(state, seat) == "preach_bonus" else 0
    return 1 + bonus + sum(state.has_permanent("preach_bonus"))


def _preach(state: KIState, seat: str, act: Act, rng: SeededRng, events: list[Event]) -> str | None:
    here = state.prophets[seat].at
    if not state.sin.get(here) or state.false_prophet == here:
        return "ki.E_NO_SIN"
    remove_cubes(state, here, preach_count(state, seat), events)
    return None


def _destroy(
    state: KIState, seat: str, act: Act, rng: SeededRng, events: list[Event]
) -> str | None:
    here = state.prophets[seat].at
    if here not in state.idols or state.false_prophet == here:
        return "ki.E_NO_IDOL"
    state.idols.remove(here)
    events.append(Event(code="ki.idol_destroyed", data={"seat": seat, "place": here}))
    return None


def _acquire(
    state: KIState, seat: str, act: Act, rng: SeededRng, events: list[Event]
) -> str | None:
    if not state.decks.resource and not state.decks.resource_discard:
        return "ki.E_NO_RESOURCES"
    draw_resources(state, seat, 2 if power(state, seat) == "acquire_more" else 1, rng, events)
    return None


def _build(state: KIState, seat: str, act: Act, rng: SeededRng, events: list[Event]) -> str | None:
    here = state.prophets[seat].at
    if here in state.altars or len(state.altars) >= ALTAR_SUPPLY:
        return "ki.E_ALTAR_THERE"
    if here in state.destroyed:
        return "ki.E_DESTROYED"
    if not holds(state, seat, "gold", "stone", "wood"):
        return "ki.E_ALTAR_COST"
    for wanted in ("gold", "stone", "wood"):
        take_to_discard(state, seat, wanted)
    state.altars.append(here)
    events.append(
        Event(code="ki.altar", data={"seat": seat, "place": here, "altars": len(state.altars)})
    )
    if power(state, seat) == "altar_blessing":
        draw_blessing(state, seat, rng, events)
    if len(state.altars) >= state.rules.win_altars:
        state.result, state.step = "won", "over"
        state.reason = "altars"
        events.append(Event(code="ki.won", data={"altars": len(state.altars)}))
    return None


def _sacrifice(
    state: KIState, seat: str, act: Act, rng: SeededRng, events: list[Event]
) -> str | None:
    here = state.prophets[seat].at
    if here not in state.altars:
        return "ki.E_NO_ALTAR"
    needs = _offering(state, seat, act)
    if not needs:
        return "ki.E_SACRIFICE_COST"
    for wanted in needs:
        take_to_discard(state, seat, wanted)
    events.append(Event(code="ki.sacrifice", data={"seat": seat, "place": here}))
    remove_cubes(state, here, state.sin.get(here, 0), events)
    for place in state.board.road_neighbours(here):
        if not state.board.place(place).nation:
            remove_cubes(state, place, 1, events)
    if state.false_prophet == here:
        state.false_prophet = None
        events.append(Event(code="ki.prophet_defeated", data={"seat": seat, "place": here}))
    state.prophets[seat].sacrificed = True
    return None


def _offering(state: KIState, seat: str, act: Act) -> list[str]:
    """The cards a sacrifice takes: Cattle and Grain, or with the sacrifice_cheap power the
    one the player names ('sacrifice with grain'; unnamed, the first held); [] when short."""
    if power(state, seat) == "sacrifice_cheap":
        named = [a for a in act.args if a in RUNNERS]
        choice = named or [r for r in RUNNERS if holds(state, seat, r)][:1]
        return choice if choice and holds(state, seat, *choice) else []
    return ["cattle", "grain"] if holds(state, seat, "cattle", "grain") else []


def _give(state: KIState, seat: str, act: Act, rng: SeededRng, events: list[Event]) -> str | None:
    if len(act.args) < 2 or len(act.args) > 3:
        return "ki.E_GIVE_FORM"
    other, kinds = act.args[0], act.args[1:]
    if other not in state.prophets or other == seat:
        return "ki.E_GIVE_WHO"
    near = state.prophets[other].at == state.prophets[seat].at or power(state, seat) == "give_far"
    if not near:
        return "ki.E_GIVE_APART"
    if not holds(state, seat, *kinds):
        return "ki.E_GIVE_CARDS"
    for wanted in kinds:
        card = take(state, seat, wanted)
        state.prophets[other].hand.append(str(card))
    events.append(Event(code="ki.gave", data={"seat": seat, "to": other, "cards": kinds}))
    return None


def _play(state: KIState, seat: str, act: Act, rng: SeededRng, events: list[Event]) -> str | None:
    return play_blessing(state, seat, act.args, rng, events)


ACTIONS = {
    "move": _move,
    "preach": _preach,
    "destroy": _destroy,
    "acquire": _acquire,
    "build": _build,
    "sacrifice": _sacrifice,
    "give": _give,
    "play": _play,
}
