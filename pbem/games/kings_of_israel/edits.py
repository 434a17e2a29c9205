"""The referee's typed edits of Israel: sin cubes, Idols, Altars, prophets, cards and actions.

Each edit keeps the board within its supplies and rules: three cubes stand under an Idol, no
edit builds the winning Altar, prophets stand where they may enter, and every card stays in
exactly one place (a deck, a discard pile or a hand).
"""

from __future__ import annotations

from pbem.core.cards import move_first
from pbem.core.copying import deep_copy
from pbem.core.edits import Change, EditBook, EditCommand, EditUsage, one_of, whole
from pbem.core.game import Advance, EditRefused
from pbem.games.kings_of_israel.cards.decks import hand_limit, kind
from pbem.games.kings_of_israel.content import (
    ACTIONS,
    ALTAR_SUPPLY,
    IDOL_SUPPLY,
    RESOURCES,
    SIN_SUPPLY,
    slug,
)
from pbem.games.kings_of_israel.reach import enterable
from pbem.games.kings_of_israel.state import KIState

IDOL_CUBES = 3  # three cubes make an Idol
ON_OFF = ("on", "off")


def edit(state: KIState, command: str) -> Advance:
    """Apply one edit: sin, idol, altar, prophet, give, take, bless, unbless or actions."""
    return BOOK.apply(state, command)


def edit_commands() -> list[EditUsage]:
    """Every edit command, for help and refusals."""
    return BOOK.usages()


def _settled(state: KIState) -> None:
    if state.window is not None or state.cards or state.asks:
        raise EditRefused("ki.E_EDIT_WINDOW")


def _location(state: KIState, text: str) -> str:
    place = state.board.named(text)
    if place is None:
        raise EditRefused("ki.E_EDIT_PLACE", place=text)
    if state.board.place(place).nation:
        raise EditRefused("ki.E_EDIT_NATION", place=state.board.place(place).name)
    return place


def _standing(state: KIState, text: str) -> str:
    """A location that still stands: a destroyed one takes no cube, Idol or Altar."""
    place = _location(state, text)
    if place in state.destroyed:
        raise EditRefused("ki.E_EDIT_DESTROYED", place=_name(state, place))
    return place


def _seat(state: KIState, text: str) -> str:
    return one_of(text, state.seat_ids(), "seat")


def _name(state: KIState, place: str) -> str:
    return state.board.place(place).name


def _who(state: KIState, seat: str) -> str:
    return next(s.name for s in state.seats if s.id == seat)


def _sin(state: KIState, args: list[str]) -> Change:
    place = _standing(state, args[0])
    elsewhere = sum(n for p, n in state.sin.items() if p != place)
    cubes = whole(args[1], maximum=SIN_SUPPLY - elsewhere)
    if cubes >= IDOL_CUBES and place not in state.idols:
        raise EditRefused("ki.E_EDIT_IDOL_NEEDED", place=_name(state, place), cubes=cubes)
    state.sin.pop(place, None)
    if cubes:
        state.sin[place] = cubes
    return Change(f"sin {place} {cubes}")


def _idol(state: KIState, args: list[str]) -> Change:
    place, on = _standing(state, args[0]), one_of(args[1], ON_OFF, "switch") == "on"
    if on and place not in state.idols:
        if len(state.idols) >= IDOL_SUPPLY:
            raise EditRefused("ki.E_EDIT_SUPPLY", what="Idol", supply=IDOL_SUPPLY)
        state.idols.append(place)
    if not on and place in state.idols:
        if state.sin.get(place, 0) >= IDOL_CUBES:
            raise EditRefused("ki.E_EDIT_IDOL_NEEDED", place=_name(state, place),
                              cubes=state.sin[place])
        state.idols.remove(place)
    return Change(f"idol {place} {'on' if on else 'off'}")


def _altar(state: KIState, args: list[str]) -> Change:
    place, on = _standing(state, args[0]), one_of(args[1], ON_OFF, "switch") == "on"
    if on and place not in state.altars:
        most = min(ALTAR_SUPPLY, state.rules.win_altars - 1)
        if len(state.altars) >= most:
            raise EditRefused("ki.E_EDIT_ALTARS", most=most)
        state.altars.append(place)
    if not on and place in state.altars:
        state.altars.remove(place)
    return Change(f"altar {place} {'on' if on else 'off'}")


def _prophet(state: KIState, args: list[str]) -> Change:
    seat, place = _seat(state, args[0]), _location(state, args[1])
    if not enterable(state, place):
        raise EditRefused("ki.E_EDIT_CLOSED", place=_name(state, place))
    state.prophets[seat].at = place
    return Change(f"prophet {seat} {place}")


def _give(state: KIState, args: list[str]) -> Change:
    seat, wanted = _seat(state, args[0]), one_of(args[1], RESOURCES, "resource")
    hand = state.prophets[seat].hand
    if len(hand) >= hand_limit(state, seat):
        raise EditRefused("ki.E_EDIT_HAND_FULL", seat=seat, limit=hand_limit(state, seat))
    decks = state.decks
    if not _move_card(wanted, [decks.resource, decks.resource_discard], hand):
        raise EditRefused("ki.E_EDIT_NO_COPY", card=wanted)
    return _hidden(state, f"give {seat} {wanted}", f"a card into {_who(state, seat)}'s hand")


def _take(state: KIState, args: list[str]) -> Change:
    seat, wanted = _seat(state, args[0]), one_of(args[1], RESOURCES, "resource")
    pile = state.decks.resource_discard
    if not _move_card(wanted, [state.prophets[seat].hand], pile):
        raise EditRefused("ki.E_EDIT_NOT_HELD", seat=seat, card=wanted)
    return Change(f"take {seat} {wanted}")


def _bless(state: KIState, args: list[str]) -> Change:
    seat, card = _seat(state, args[0]), _blessing(state, " ".join(args[1:]))
    decks = state.decks
    if _move_card(card, [decks.blessing, decks.blessing_discard], state.prophets[seat].blessings):
        return Change(f"bless {seat} {card}", public=f"a Blessing card for {_who(state, seat)}")
    raise EditRefused("ki.E_EDIT_NO_COPY", card=state.board.blessing(card).title)


def _unbless(state: KIState, args: list[str]) -> Change:
    seat, card = _seat(state, args[0]), _blessing(state, " ".join(args[1:]))
    pile = state.decks.blessing_discard
    if not _move_card(card, [state.prophets[seat].blessings], pile):
        raise EditRefused("ki.E_EDIT_NOT_HELD", seat=seat, card=state.board.blessing(card).title)
    return Change(f"unbless {seat} {card}")


def _blessing(state: KIState, text: str) -> str:
    wanted = slug(text)
    found = next((c.id for c in state.board.blessings if wanted in (c.id, slug(c.title))), None)
    if found is None:
        raise EditRefused("ki.E_EDIT_CARD", card=text)
    return found


def _move_card(wanted: str, sources: list[list[str]], target: list[str]) -> str:
    """Move the first card of kind `wanted` from the first source holding one to `target`."""
    return move_first(sources, target, lambda card: kind(card) == wanted)


def _hidden(state: KIState, text: str, public: str) -> Change:
    """A change to a hand: told in full only when the rules put hands face up."""
    return Change(text) if state.rules.hands_face_up else Change(text, public=public)


def _actions(state: KIState, args: list[str]) -> Change:
    if state.step != "work":
        raise EditRefused("ki.E_EDIT_NO_TURN")
    state.actions_left = whole(args[0], minimum=1, maximum=ACTIONS)
    return Change(f"actions {state.actions_left}")


BOOK = EditBook[KIState](
    [
        EditCommand("sin", ("PLACE", "N"), "sin cubes on a location", _sin, "sin Dan 2"),
        EditCommand("idol", ("PLACE", "on|off"), "an Idol on a location", _idol, "idol Dan off"),
        EditCommand("altar", ("PLACE", "on|off"), "an Altar on a location", _altar,
                    "altar Shiloh on"),
        EditCommand("prophet", ("SEAT", "PLACE"), "where a prophet stands", _prophet,
                    "prophet p2 Bethel"),
        EditCommand("give", ("SEAT", "RESOURCE"), "a Resource card from the deck (else the "
                    "discard pile) into a hand", _give, "give p1 gold"),
        EditCommand("take", ("SEAT", "RESOURCE"), "a Resource card from a hand to the discard "
                    "pile", _take, "take p1 wood"),
        EditCommand("bless", ("SEAT", "BLESSING..."), "a Blessing card from its deck (else its "
                    "discard pile) to a prophet", _bless, "bless p3 manna"),
        EditCommand("unbless", ("SEAT", "BLESSING..."), "a prophet's Blessing card to its "
                    "discard pile", _unbless, "unbless p3 manna"),
        EditCommand("actions", ("N",), f"actions left in this turn (1 to {ACTIONS})", _actions,
                    "actions 2"),
    ],
    copy=deep_copy,
    check=_settled,
)
