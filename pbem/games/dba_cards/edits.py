"""The referee's typed edits of a battle: units, losses, terrain and cards in hand.

Units are named by the square they stand on. Each edit keeps the battle whole and undecided:
units stand on squares they may enter, one to a square; a side keeps one General and one
Camp; no edit breaks a side or kills a main General (only play ends the battle); every card
stays in exactly one place (deck, discard pile or a hand).
"""

from __future__ import annotations

from pbem.core.cards import move_first
from pbem.core.copying import deep_copy
from pbem.core.edits import Change, EditBook, EditCommand, EditUsage, one_of, whole
from pbem.core.game import Advance, EditRefused
from pbem.games.dba_cards.content import (
    BASE_TERRAINS,
    CARDS,
    TERRAINS,
    VICTORY_POINTS,
    card_key,
    card_name,
    loss_value,
    unit_type,
)
from pbem.games.dba_cards.squares import valid
from pbem.games.dba_cards.state import DBAState, Unit
from pbem.games.dba_cards.terrain import can_enter

ONE_EACH = ("camp", "general")  # a side has one of each at most
ON_OFF = ("on", "off")


def edit(state: DBAState, command: str) -> Advance:
    """Apply one edit: move, add, remove, elite, lost, terrain, give or take."""
    return BOOK.apply(state, command)


def edit_commands() -> list[EditUsage]:
    """Every edit command, for help and refusals."""
    return BOOK.usages()


def _in_turn(state: DBAState) -> None:
    if state.stage != "turn" or state.window is not None:
        raise EditRefused("dba.E_EDIT_STAGE", stage=state.stage)


def _square(state: DBAState, text: str) -> str:
    square = text.lower()
    if not valid(square, state.size):
        raise EditRefused("dba.E_EDIT_SQUARE", square=text)
    return square


def _unit(state: DBAState, text: str) -> Unit:
    unit = state.unit_at(_square(state, text))
    if unit is None:
        raise EditRefused("dba.E_EDIT_NO_UNIT", square=text.lower())
    return unit


def _free(state: DBAState, square: str, kind: str) -> None:
    if state.unit_at(square) is not None:
        raise EditRefused("dba.E_EDIT_TAKEN", square=square)
    if not can_enter(state, kind, square):
        raise EditRefused("dba.E_EDIT_TERRAIN", unit=kind, square=square,
                          terrain=state.terrain_at(square))


def _seat(state: DBAState, text: str) -> str:
    return one_of(text, state.seat_ids(), "seat")


def _move(state: DBAState, args: list[str]) -> Change:
    unit, square = _unit(state, args[0]), _square(state, args[1])
    _free(state, square, unit.type)
    start, unit.square = unit.square, square
    return Change(f"move {start} {square}")


def _add(state: DBAState, args: list[str]) -> Change:
    seat, kind, square = _seat(state, args[0]), unit_type(args[1]), _square(state, args[2])
    if kind is None:
        raise EditRefused("dba.E_EDIT_TYPE", unit=args[1])
    if kind in ONE_EACH and any(u.type == kind for u in state.units_of(seat)):
        raise EditRefused("dba.E_EDIT_ONE_EACH", seat=seat, unit=kind)
    _free(state, square, kind)
    taken = {u.id for u in state.units}
    number = next(n for n in range(1, len(taken) + 2) if f"{seat}-r{n}" not in taken)
    state.units.append(Unit(id=f"{seat}-r{number}", owner=seat, type=kind, square=square))
    return Change(f"add {seat} {kind} {square}")


def _remove(state: DBAState, args: list[str]) -> Change:
    unit = _unit(state, args[0])
    if unit.is_general() and state.contingent(unit.owner) == 0:
        raise EditRefused("dba.E_EDIT_DECIDES", seat=unit.owner)
    state.units.remove(unit)
    _set_lost(state, unit.owner, state.sides[unit.owner].lost + loss_value(unit.type))
    return Change(f"remove {unit.square}")


def _elite(state: DBAState, args: list[str]) -> Change:
    unit, on = _unit(state, args[0]), one_of(args[1], ON_OFF, "switch") == "on"
    unit.elite = on
    return Change(f"elite {unit.square} {'on' if on else 'off'}")


def _lost(state: DBAState, args: list[str]) -> Change:
    seat = _seat(state, args[0])
    _set_lost(state, seat, whole(args[1]))
    return Change(f"lost {seat} {state.sides[seat].lost}")


def _set_lost(state: DBAState, seat: str, lost: int) -> None:
    """A side's losses, short of breaking it: only play decides the battle."""
    state.sides[seat].lost = lost
    limit = VICTORY_POINTS * len(state.allies(seat))
    if state.side_lost(seat) >= limit:
        raise EditRefused("dba.E_EDIT_BREAKS", seat=seat, limit=limit)


def _terrain(state: DBAState, args: list[str]) -> Change:
    square = _square(state, args[0])
    kind = one_of(args[1], TERRAINS if state.german() else BASE_TERRAINS, "terrain")
    unit = state.unit_at(square)
    state.terrain.pop(square, None)
    if kind != "clear":
        state.terrain[square] = kind
    if unit is not None and not can_enter(state, unit.type, square):
        raise EditRefused("dba.E_EDIT_TERRAIN", unit=unit.type, square=square, terrain=kind)
    return Change(f"terrain {square} {kind}")


def _card(text: str) -> str:
    key = card_name(text)
    if key is None:
        raise EditRefused("dba.E_EDIT_CARD", card=text, known=", ".join(CARDS))
    return key


def _give(state: DBAState, args: list[str]) -> Change:
    seat, key = _seat(state, args[0]), _card(args[1])
    hand = state.sides[seat].hand  # the turn's end cuts it to the hand limit, as in play
    face_down = state.discard[: state.face_down]
    if not move_first([state.deck, state.discard], hand, lambda c: card_key(c) == key):
        raise EditRefused("dba.E_EDIT_NO_COPY", card=CARDS[key].title)
    state.face_down -= hand[-1] in face_down  # taken from under the pile
    return Change(f"give {seat} {key}", public=f"a card into {_who(state, seat)}'s hand")


def _take(state: DBAState, args: list[str]) -> Change:
    seat, key = _seat(state, args[0]), _card(args[1])
    if not move_first([state.sides[seat].hand], state.discard, lambda c: card_key(c) == key):
        raise EditRefused("dba.E_EDIT_NOT_HELD", seat=seat, card=CARDS[key].title)
    return Change(f"take {seat} {key}")


def _who(state: DBAState, seat: str) -> str:
    return state.sides[seat].name


BOOK = EditBook[DBAState](
    [
        EditCommand("move", ("SQUARE", "SQUARE"), "the unit on a square stands on another",
                    _move, "move f2 f4"),
        EditCommand("add", ("SEAT", "TYPE", "SQUARE"), "a unit comes onto the board", _add,
                    "add p1 spears d2"),
        EditCommand("remove", ("SQUARE",), "the unit on a square is lost (its loss counts)",
                    _remove, "remove e7"),
        EditCommand("elite", ("SQUARE", "on|off"), "whether the unit on a square is elite",
                    _elite, "elite f2 on"),
        EditCommand("lost", ("SEAT", "N"), "a side's count of losses", _lost, "lost p2 3"),
        EditCommand("terrain", ("SQUARE", "TERRAIN"), "the ground of a square", _terrain,
                    "terrain c5 rough"),
        EditCommand("give", ("SEAT", "CARD"), "a card from the deck (else the discard pile) "
                    "into a hand", _give, "give p1 march"),
        EditCommand("take", ("SEAT", "CARD"), "a card from a hand to the discard pile", _take,
                    "take p2 elite"),
    ],
    copy=deep_copy,
    check=_in_turn,
)
