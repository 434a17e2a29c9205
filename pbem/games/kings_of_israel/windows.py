"""Reaction windows: Blessings answering a new Idol, and the Starting Player's choices for
the False Prophet. Standing instructions answer them at once when they cover them."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import Choice, Window, standing_answer
from pbem.games.kings_of_israel.cards.decks import kind
from pbem.games.kings_of_israel.state import KIState

PASS = "pass"


def answering_cards(state: KIState, seat: str, place: str) -> list[str]:
    """Slugs of `seat`'s Blessings that could answer an Idol at `place`, in hand order."""
    held_slugs = {kind(c) for c in state.prophets[seat].blessings}
    return [s for s in answering_kinds(state, seat, place) if s in held_slugs]


def answering_kinds(state: KIState, seat: str, place: str) -> list[str]:
    """Slugs of every Blessing in the game that could answer an Idol at `place` for `seat`
    (a public list: it depends on the cards printed and where the prophet stands)."""
    found: list[str] = []
    here = state.prophets[seat].at
    for card in state.board.blessings:
        for step in card.steps:
            where = step.params.get("where", "")
            reach = where == "any" or (where == "here" and here == place)
            if step.op in ("smash_idol", "preach") and reach and card.id not in found:
                found.append(card.id)
    return found


def _id(state: KIState, what: str) -> str:
    """A window id from a counter that only questions decided by public facts advance."""
    state.windows_opened += 1
    return f"r{state.round}-{what}{state.windows_opened}"


def idol_window(state: KIState, seat: str, place: str) -> Window | None:
    """Ask `seat` whether to answer the new Idol at `place` with a Blessing (None: not asked).

    Whether the question is asked, and everything in it, depend only on public facts: every
    prophet holding any Blessing (their number is public) is asked, and the choices are every
    Blessing that could answer; the holder's report shows the ones they hold."""
    if place not in state.idols or place == state.false_prophet:
        return None
    if not state.prophets[seat].blessings:
        return None
    name = state.board.place(place).name
    choices = [Choice(key=PASS, label="keep your Blessings")]
    for slug in answering_kinds(state, seat, place):
        title = state.board.blessing(slug).title
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
