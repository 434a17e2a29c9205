"""Blessing cards: played by anyone, at any time of the Prophets Work Phase, for no action.

A play names the card and its targets: 'play repentance bethel', 'play manna p2',
'play chariot-of-fire p2 shiloh'. Sin & Punishment cards win a conflict: a Blessing never
moves a prophet where a face-up Sin & Punishment card forbids it.
"""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.cards.decks import draw_resources, kind
from pbem.games.kings_of_israel.content import Card, Step
from pbem.games.kings_of_israel.reach import enterable
from pbem.games.kings_of_israel.sin import remove_cubes
from pbem.games.kings_of_israel.state import KIState


def held(state: KIState, seat: str, slug: str) -> str | None:
    """The instance id of a Blessing `seat` holds with this slug, or None."""
    return next((c for c in state.prophets[seat].blessings if kind(c) == slug), None)


def play_blessing(
    state: KIState, seat: str, args: list[str], rng: SeededRng, events: list[Event]
) -> str | None:
    """Play a Blessing from `seat`'s hand; a refusal code (nothing changed) or None."""
    card_id = held(state, seat, args[0]) if args else None
    if card_id is None:
        return "ki.E_NO_BLESSING"
    card = state.board.blessing(card_id)
    place = next((a for a in args[1:] if a in _places(state)), None)
    target = next((a for a in args[1:] if a in state.prophets), seat)
    refusal = None if card.permanent else _refusal(state, card, place, target)
    if refusal:
        return refusal
    state.prophets[seat].blessings.remove(card_id)
    events.append(Event(code="ki.blessing", data={"seat": seat, "title": card.title}))
    if card.permanent:
        state.permanents.append(f"b:{card_id}")
        events.append(Event(code="ki.permanent", data={"title": card.title}))
        return None
    state.decks.blessing_discard.append(card_id)
    for step in card.steps:
        _apply(state, step, place, target, rng, events)
    return None


def _places(state: KIState) -> set[str]:
    return set(state.board.locations())


def _refusal(state: KIState, card: Card, place: str | None, target: str) -> str | None:
    for step in card.steps:
        where = step.params.get("where", "")
        if step.op in ("preach", "smash_idol") and where == "any" and place is None:
            return "ki.E_BLESSING_PLACE"
        if step.op == "travel" and (place is None or not _can_travel(state, place)):
            return "ki.E_BLESSING_PLACE"
        if step.op == "actions" and (state.step != "work" or target != state.active_seat()):
            return "ki.E_BLESSING_TURN"
    if not _useful(state, card, place, target):
        return "ki.E_BLESSING_USELESS"
    return None


def _can_travel(state: KIState, place: str) -> bool:
    return enterable(state, place)


def _useful(state: KIState, card: Card, place: str | None, target: str) -> bool:
    for step in card.steps:
        spots = _spots(state, step, place, target)
        if step.op == "preach" and any(state.sin.get(s) for s in spots if s != state.false_prophet):
            return True
        if step.op == "smash_idol" and any(
            s in state.idols for s in spots if s != state.false_prophet
        ):
            return True
        if step.op in ("draw", "actions", "travel"):
            return True
    return False


def _spots(state: KIState, step: Step, place: str | None, target: str) -> list[str]:
    where = step.params.get("where", "here")
    here = state.prophets[target].at
    if where == "any":
        return [place] if place else []
    if where == "around":
        return [p for p in state.board.road_neighbours(here) if not state.board.place(p).nation]
    return [here]


def _apply(
    state: KIState,
    step: Step,
    place: str | None,
    target: str,
    rng: SeededRng,
    events: list[Event],
) -> None:
    spots = _spots(state, step, place, target)
    if step.op == "preach":
        for spot in spots:
            remove_cubes(state, spot, step.number("count"), events)
    elif step.op == "smash_idol":
        for spot in spots:
            if spot in state.idols and spot != state.false_prophet:
                state.idols.remove(spot)
                events.append(Event(code="ki.idol_smashed", data={"place": spot}))
    elif step.op == "draw":
        draw_resources(state, target, step.number("count"), rng, events)
    elif step.op == "actions":
        state.actions_left += step.number("count")
        events.append(
            Event(code="ki.more_actions", data={"seat": target, "count": step.number("count")})
        )
    elif step.op == "travel" and place is not None:
        events.append(Event(code="ki.travelled", data={"seat": target, "to": place}))
        state.prophets[target].at = place
