"""Reaction windows: Blessings answering a new Idol, and the Starting Player's choices for
the False Prophet. Standing instructions answer them at once when they cover them."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import Choice, Window, standing_answer
from pbem.games.kings_of_israel.cards.blessings import held
from pbem.games.kings_of_israel.cards.decks import kind
from pbem.games.kings_of_israel.state import KIState

PASS = "pass"


def answering_cards(state: KIState, seat: str, place: str) -> list[str]:
    """Slugs of `seat`'s Blessings that could answer an Idol at `place`, in hand order."""
    found: list[str] = []
    here = state.prophets[seat].at
    for card_id in state.prophets[seat].blessings:
        card = state.board.blessing(card_id)
        for step in card.steps:
            where = step.params.get("where", "")
            reach = where == "any" or (where == "here" and here == place)
            if step.op in ("smash_idol", "preach") and reach and kind(card_id) not in found:
                found.append(kind(card_id))
    return found


def _id(state: KIState, what: str) -> str:
    state.windows_opened += 1
    return f"r{state.round}-{what}{state.windows_opened}"


def idol_window(state: KIState, seat: str, place: str) -> Window | None:
    """Ask `seat` whether to answer the new Idol at `place` with a Blessing (None: nothing to)."""
    if place not in state.idols or place == state.false_prophet:
        return None
    cards = answering_cards(state, seat, place)
    if not cards:
        return None
    name = state.board.place(place).name
    choices = [Choice(key=PASS, label="keep your Blessings")]
    for slug in cards:
        title = state.board.blessing(str(held(state, seat, slug))).title
        choices.append(Choice(key=slug, label=f"play {title} at {name}"))
    return Window(
        id=_id(state, "idol"),
        seat=seat,
        trigger="ki.idol",
        facts={"place": place, "name": name},
        choices=choices,
        default=PASS,
    )


def turn_window(state: KIState, seat: str, active: str) -> Window:
    """The (never mailed) question a standing 'on turn' rule of `seat` answers when
    `active`'s turn begins: its choices are pass and `seat`'s Blessings."""
    slugs = list(dict.fromkeys(kind(c) for c in state.prophets[seat].blessings))
    place = state.prophets[active].at
    return Window(
        id=f"r{state.round}-turn{state.turn_index}-{seat}",
        seat=seat,
        trigger="ki.turn",
        facts={
            "seat": active,
            "at": place,
            "sin": state.sin.get(place, 0),
            "idol": place in state.idols,
        },
        choices=[Choice(key=PASS), *[Choice(key=s) for s in slugs]],
        default=PASS,
    )


def place_window(state: KIState, trigger: str, options: list[str], what: str) -> Window:
    """Ask the Starting Player where the False Prophet goes; the first option is the default."""
    choices = [Choice(key=p, label=state.board.place(p).name) for p in options]
    return Window(
        id=_id(state, what),
        seat=state.starting_seat(),
        trigger=trigger,
        facts={"options": len(options)},
        choices=choices,
        default=options[0],
    )


def open_or_answer(state: KIState, window: Window, events: list[Event]) -> str | None:
    """The standing answer to `window` (recorded), or None after storing it as the open window."""
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
    events.append(
        Event(
            code="core.reaction.standing",
            data={"window": window.id, "seat": window.seat, "answer": resolution.answer},
            visible_to=[window.seat],
        )
    )
    return resolution.answer
