"""Referee hooks: typed state edits and a conceding player, each checked for a valid state."""

from __future__ import annotations

from collections.abc import Callable

from pbem.core.game import Advance, EditRefused, Event
from pbem.games.mighty_kingdoms.state import Army, MKState, natural_key

EDIT_STAGES = ("summer", "winter")
SETTLEMENTS = ("village", "city", "fortress")


def edit(state: MKState, command: str) -> Advance:
    """Apply one edit: control, gold, food, settlement, add-army, remove-army or move-army."""
    words = command.split()
    if not words or words[0].lower() not in EDITS:
        raise EditRefused("mk.E_EDIT_UNKNOWN", command=command, known=", ".join(sorted(EDITS)))
    if state.stage not in EDIT_STAGES:
        raise EditRefused("mk.E_EDIT_STAGE", stage=state.stage)
    new = state.working_copy()
    action, arity = EDITS[words[0].lower()]
    if len(words) - 1 not in arity:
        raise EditRefused("mk.E_EDIT_ARGS", command=command)
    canonical = action(new, words[1:])
    event = Event(code="mk.referee_edit", data={"edit": canonical})
    return Advance(state=new, events=[event])


def drop(state: MKState, seat: str) -> Advance:
    """The seat concedes: its armies leave the map and its tiles fall uncontrolled."""
    if seat not in state.kingdoms:
        raise EditRefused("mk.E_EDIT_SEAT", seat=seat)
    if state.stage not in EDIT_STAGES:
        raise EditRefused("mk.E_EDIT_STAGE", stage=state.stage)
    new = state.working_copy()
    for army in new.armies_of(seat):
        del new.armies[army.id]
    for tile in new.controlled(seat):
        new.tiles[tile].owner = None
    new.player_order = [s for s in new.player_order if s != seat]
    new.progress.intents = [i for i in new.progress.intents if i.seat != seat]
    new.progress.preferences.pop(seat, None)
    kingdom = new.kingdoms[seat]
    kingdom.gold, kingdom.food = 0, 0
    return Advance(state=new, events=[Event(code="mk.conceded", data={"seat": seat})])


def _seat(state: MKState, seat: str) -> str:
    if seat not in state.kingdoms:
        raise EditRefused("mk.E_EDIT_SEAT", seat=seat)
    return seat


def _tile(state: MKState, tile: str, enterable: bool = False) -> str:
    tile_id = tile.upper()
    if tile_id not in state.tiles:
        raise EditRefused("mk.E_EDIT_TILE", tile=tile)
    if enterable and not state.map.tile(tile_id).enterable:
        raise EditRefused("mk.E_EDIT_IMPASSABLE", tile=tile_id)
    return tile_id


def _amount(text: str) -> int:
    if not text.isdigit():
        raise EditRefused("mk.E_EDIT_AMOUNT", value=text)
    return int(text)


def _no_enemy(state: MKState, tile: str, seat: str | None) -> None:
    others = sorted({a.owner for a in state.armies_in(tile) if a.owner != seat})
    if others:
        raise EditRefused("mk.E_EDIT_OCCUPIED", tile=tile, seats=", ".join(others))


def _control(state: MKState, args: list[str]) -> str:
    tile = _tile(state, args[0])
    seat = None if args[1].lower() == "none" else _seat(state, args[1])
    _no_enemy(state, tile, seat)
    state.tiles[tile].owner = seat
    return f"control {tile} {seat or 'none'}"


def _treasury(field: str) -> Callable[[MKState, list[str]], str]:
    def apply(state: MKState, args: list[str]) -> str:
        seat, value = _seat(state, args[0]), _amount(args[1])
        setattr(state.kingdoms[seat], field, value)
        return f"{field} {seat} {value}"

    return apply


def _settlement(state: MKState, args: list[str]) -> str:
    tile, kind = _tile(state, args[0], enterable=True), args[1].lower()
    if kind not in (*SETTLEMENTS, "none"):
        raise EditRefused("mk.E_EDIT_SETTLEMENT", kind=args[1])
    state.tiles[tile].settlement = None if kind == "none" else kind  # type: ignore[assignment]
    return f"settlement {tile} {kind}"


def _add_army(state: MKState, args: list[str]) -> str:
    seat, tile = _seat(state, args[0]), _tile(state, args[1], enterable=True)
    points = _amount(args[2]) if len(args) > 2 else 500
    if len(state.armies_of(seat)) >= state.settings.army_cap:
        raise EditRefused("mk.E_EDIT_ARMY_CAP", seat=seat, cap=state.settings.army_cap)
    _no_enemy(state, tile, seat)
    army = Army(id=str(state.next_army), owner=seat, tile=tile, points=points)
    state.armies[army.id], state.next_army = army, state.next_army + 1
    return f"add-army {seat} {tile} {points}"


def _army(state: MKState, army_id: str) -> Army:
    army = state.armies.get(army_id)
    if army is None:
        raise EditRefused("mk.E_EDIT_ARMY", army=army_id)
    return army


def _remove_army(state: MKState, args: list[str]) -> str:
    army = _army(state, args[0])
    del state.armies[army.id]
    return f"remove-army {army.id}"


def _move_army(state: MKState, args: list[str]) -> str:
    army, tile = _army(state, args[0]), _tile(state, args[1], enterable=True)
    _no_enemy(state, tile, army.owner)
    army.tile = tile
    return f"move-army {army.id} {tile}"


EDITS: dict[str, tuple[Callable[[MKState, list[str]], str], tuple[int, ...]]] = {
    "control": (_control, (2,)),
    "gold": (_treasury("gold"), (2,)),
    "food": (_treasury("food"), (2,)),
    "settlement": (_settlement, (2,)),
    "add-army": (_add_army, (2, 3)),
    "remove-army": (_remove_army, (1,)),
    "move-army": (_move_army, (2,)),
}

__all__ = ["drop", "edit", "natural_key"]
