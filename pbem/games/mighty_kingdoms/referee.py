"""Referee hooks: typed state edits and a conceding player, each checked for a valid state."""

from __future__ import annotations

from collections.abc import Callable

from pbem.core.edits import Change, EditBook, EditCommand, EditUsage, whole
from pbem.core.game import Advance, EditRefused, Event
from pbem.games.mighty_kingdoms.state import Army, MKState, natural_key

EDIT_STAGES = ("summer", "winter")
SETTLEMENTS = ("village", "city", "fortress")


def edit(state: MKState, command: str) -> Advance:
    """Apply one edit: control, gold, food, settlement, add-army, remove-army or move-army."""
    return BOOK.apply(state, command)


def edit_commands() -> list[EditUsage]:
    """Every edit command, for help and refusals."""
    return BOOK.usages()


def _in_season(state: MKState) -> None:
    if state.stage not in EDIT_STAGES:
        raise EditRefused("mk.E_EDIT_STAGE", stage=state.stage)


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


def _no_enemy(state: MKState, tile: str, seat: str | None) -> None:
    others = sorted({a.owner for a in state.armies_in(tile) if a.owner != seat})
    if others:
        raise EditRefused("mk.E_EDIT_OCCUPIED", tile=tile, seats=", ".join(others))


def _control(state: MKState, args: list[str]) -> Change:
    tile = _tile(state, args[0])
    seat = None if args[1].lower() == "none" else _seat(state, args[1])
    _no_enemy(state, tile, seat)
    state.tiles[tile].owner = seat
    return Change(f"control {tile} {seat or 'none'}")


def _treasury(field: str) -> Callable[[MKState, list[str]], Change]:
    def apply(state: MKState, args: list[str]) -> Change:
        seat, value = _seat(state, args[0]), whole(args[1])
        setattr(state.kingdoms[seat], field, value)
        return Change(f"{field} {seat} {value}")

    return apply


def _settlement(state: MKState, args: list[str]) -> Change:
    tile, kind = _tile(state, args[0], enterable=True), args[1].lower()
    if kind not in (*SETTLEMENTS, "none"):
        raise EditRefused("mk.E_EDIT_SETTLEMENT", kind=args[1])
    state.tiles[tile].settlement = None if kind == "none" else kind  # type: ignore[assignment]
    return Change(f"settlement {tile} {kind}")


def _add_army(state: MKState, args: list[str]) -> Change:
    seat, tile = _seat(state, args[0]), _tile(state, args[1], enterable=True)
    points = whole(args[2]) if len(args) > 2 else 500
    if len(state.armies_of(seat)) >= state.settings.army_cap:
        raise EditRefused("mk.E_EDIT_ARMY_CAP", seat=seat, cap=state.settings.army_cap)
    _no_enemy(state, tile, seat)
    army = Army(id=str(state.next_army), owner=seat, tile=tile, points=points)
    state.armies[army.id], state.next_army = army, state.next_army + 1
    return Change(f"add-army {seat} {tile} {points}")


def _army(state: MKState, army_id: str) -> Army:
    army = state.armies.get(army_id)
    if army is None:
        raise EditRefused("mk.E_EDIT_ARMY", army=army_id)
    return army


def _remove_army(state: MKState, args: list[str]) -> Change:
    army = _army(state, args[0])
    del state.armies[army.id]
    return Change(f"remove-army {army.id}")


def _move_army(state: MKState, args: list[str]) -> Change:
    army, tile = _army(state, args[0]), _tile(state, args[1], enterable=True)
    _no_enemy(state, tile, army.owner)
    army.tile = tile
    return Change(f"move-army {army.id} {tile}")


BOOK = EditBook[MKState](
    [
        EditCommand("control", ("TILE", "SEAT|none"), "who controls a tile", _control,
                    "control C4 p2"),
        EditCommand("gold", ("SEAT", "N"), "a kingdom's gold", _treasury("gold"), "gold p1 30"),
        EditCommand("food", ("SEAT", "N"), "a kingdom's food", _treasury("food"), "food p1 12"),
        EditCommand("settlement", ("TILE", "village|city|fortress|none"),
                    "the settlement on a tile", _settlement, "settlement B3 fortress"),
        EditCommand("add-army", ("SEAT", "TILE", "[POINTS]"),
                    "a new army (500 points if none given)", _add_army, "add-army p1 B3 500"),
        EditCommand("remove-army", ("ID",), "an army leaves the map", _remove_army,
                    "remove-army 7"),
        EditCommand("move-army", ("ID", "TILE"), "an army stands elsewhere", _move_army,
                    "move-army 7 C2"),
    ],
    copy=MKState.working_copy,
    event="mk.referee_edit",
    check=_in_season,
)

__all__ = ["drop", "edit", "edit_commands", "natural_key"]
