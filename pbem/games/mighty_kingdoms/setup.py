"""Setup: the opening state and its settings, race reveal, player order, capitals, placement
around the capital, the first army."""

from __future__ import annotations

from typing import Any

from pbem.core.game import ContentError, Event, Setup
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.content import MapData
from pbem.games.mighty_kingdoms.inputs import ArmyInput, CapitalInput, PlacementInput, RaceInput
from pbem.games.mighty_kingdoms.orders_setup import DEFAULT_RACE, ring_tiles
from pbem.games.mighty_kingdoms.state import (
    Army,
    Kingdom,
    MKState,
    Settings,
    TileState,
    natural_key,
)

PLACEMENT_KINDS = ("city", "fortress", "village", "village")
WORD_SETTINGS = ("battle_mode", "missing_orders", "retreat_default", "deploy_default")
TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


def coerce_settings(raw: dict[str, Any], races: list[str]) -> Settings:
    """Settings from CLI strings ('kow', '3', 'true') or typed values."""
    values: dict[str, Any] = {"races": races}
    for key, value in raw.items():
        if key == "advanced" and isinstance(value, str):
            if value.lower() not in TRUE_WORDS | FALSE_WORDS:
                raise ContentError("settings", None, "mk.E_SETTING", f"advanced={value}")
            value = value.lower() in TRUE_WORDS
        elif key in WORD_SETTINGS and isinstance(value, str):
            value = value.lower()
        values[key] = value
    try:
        return Settings.model_validate(values)
    except ValueError as error:
        raise ContentError("settings", None, "mk.E_SETTING", str(error)) from error


def opening_state(setup: Setup) -> MKState:
    """The state before anyone has chosen anything."""
    scenario = setup.scenario
    map_data = MapData.model_validate(scenario["map"])
    seats, starts = len(setup.seats), len(map_data.start_tiles())
    if not map_data.min_players <= seats <= min(map_data.max_players, starts):
        raise ContentError(map_data.name, None, "mk.E_PLAYER_COUNT",
                           f"{seats} players; the map takes {map_data.min_players} to "
                           f"{map_data.max_players} and has {starts} start tiles")
    settings = coerce_settings(setup.settings, list(scenario.get("races") or []))
    if "artefacts" not in setup.settings:  # the referee's own list wins over the map's
        settings.artefacts = [dict(a) for a in scenario.get("artefacts") or []]
    return MKState(
        map=map_data,
        settings=settings,
        seats=list(setup.seats),
        kingdoms={s.id: Kingdom(seat=s.id, name=s.name) for s in setup.seats},
        tiles={t: TileState(id=t) for t in sorted(map_data.tiles)},
        artefacts_pool=[str(a["name"]) for a in settings.artefacts],
    )


def default_used(seat: str, what: str, **data: Any) -> Event:
    """The event that reports a default applied on a seat's behalf."""
    return Event(code="mk.default_used", data={"seat": seat, "what": what, **data})


def default_race(state: MKState) -> str:
    """The race given to a seat that sends none: the campaign's first race, else 'Unknown'."""
    return state.settings.races[0] if state.settings.races else DEFAULT_RACE


def resolve_race(
    state: MKState, inputs: dict[str, RaceInput], rng: SeededRng
) -> tuple[MKState, list[Event]]:
    """Reveal every race at once, then draw the first player order."""
    events: list[Event] = []
    races: dict[str, str] = {}
    for seat in sorted(state.kingdoms):
        given = inputs.get(seat)
        if given is None or given.defaulted:
            events.append(default_used(seat, "race", race=default_race(state)))
        races[seat] = given.race if given is not None else default_race(state)
        state.kingdoms[seat].race = races[seat]
    state.sealed_races = {}
    events.append(Event(code="mk.races_revealed", data={"races": races}))
    state.player_order = rng.shuffled(sorted(state.kingdoms), purpose="player order")
    events.append(Event(code="mk.player_order", data={"order": state.player_order, "drawn": True}))
    state.stage = "capital"
    return state, events


def free_start_tiles(state: MKState) -> list[str]:
    """Start tiles nobody has taken yet, lowest id first."""
    tiles = [t for t in state.map.start_tiles() if state.tiles[t].owner is None]
    return sorted(tiles, key=natural_key)


def resolve_capital(
    state: MKState, inputs: dict[str, CapitalInput], rng: SeededRng
) -> tuple[MKState, list[Event]]:
    """In player order, give each seat its best-ranked free start tile (default: lowest free)."""
    events: list[Event] = []
    for seat in state.player_order:
        given = inputs.get(seat)
        ranked = given.ranked if given is not None and not given.defaulted else []
        free = free_start_tiles(state)
        wanted = [t for t in ranked if t in free]
        if not free:
            events.append(Event(code="mk.no_capital", data={"seat": seat}))
            continue
        tile = wanted[0] if wanted else free[0]
        if not wanted:
            events.append(default_used(seat, "capital", tile=tile, ranked=ranked))
        _found_capital(state, seat, tile)
        events.append(Event(code="mk.capital", data={"seat": seat, "tile": tile}))
    state.stage = "placement"
    return state, events


def _found_capital(state: MKState, seat: str, tile: str) -> None:
    here = state.tiles[tile]
    here.owner, here.settlement, here.capital_of = seat, "city", seat
    state.capitals[seat] = tile


def placeable(state: MKState, seat: str) -> list[str]:
    """Ring tiles around the capital that can take a settlement now."""
    return [
        t for t in ring_tiles(state, seat)
        if state.map.tile(t).enterable and state.tiles[t].owner is None
    ]


def default_placement(state: MKState, seat: str) -> PlacementInput:
    """The fixed placement: city, fortress, village, village on the free ring tiles, in order."""
    free = placeable(state, seat)
    return PlacementInput(
        city=free[0] if free else None,
        fortress=free[1] if len(free) > 1 else None,
        villages=free[2:4],
        defaulted=True,
    )


def resolve_placement(
    state: MKState, inputs: dict[str, PlacementInput], rng: SeededRng
) -> tuple[MKState, list[Event]]:
    """In player order, place each seat's settlements and control markers around its capital."""
    events: list[Event] = []
    for seat in state.player_order:
        events.extend(_place_for(state, seat, inputs.get(seat)))
    state.stage = "army"
    return state, events


def _place_for(state: MKState, seat: str, given: PlacementInput | None) -> list[Event]:
    wanted = _wanted_kinds(given)
    placed: dict[str, str] = {}
    defaults: list[str] = []
    for index, kind in enumerate(PLACEMENT_KINDS):
        free = placeable(state, seat)
        tile = wanted[index] if wanted[index] in free else (free[0] if free else None)
        if tile is None:
            continue
        if tile != wanted[index]:
            defaults.append(kind)
        state.tiles[tile].owner, state.tiles[tile].settlement = seat, kind  # type: ignore[assignment]
        placed[f"{kind}{index}" if kind == "village" else kind] = tile
    control = [t for t in ring_tiles(state, seat) if state.tiles[t].owner is None]
    for tile in control:
        state.tiles[tile].owner = seat
    events = [Event(code="mk.placement", data={"seat": seat, "placed": placed, "control": control})]
    if defaults:
        events.append(default_used(seat, "placement", items=defaults))
    return events


def _wanted_kinds(given: PlacementInput | None) -> list[str | None]:
    if given is None or given.defaulted:
        return [None, None, None, None]
    villages: list[str | None] = [*given.villages, None, None]
    return [given.city, given.fortress, villages[0], villages[1]]


def resolve_army(
    state: MKState, inputs: dict[str, ArmyInput], rng: SeededRng
) -> tuple[MKState, list[Event]]:
    """Raise each seat's first army (default: in the capital) and open summer month 1."""
    events: list[Event] = []
    for seat in state.player_order:
        events.extend(_raise_first_army(state, seat, inputs.get(seat)))
    state.stage, state.year, state.month = "summer", 1, 1
    return state, events


def _raise_first_army(state: MKState, seat: str, given: ArmyInput | None) -> list[Event]:
    events: list[Event] = []
    tile = given.tile if given is not None and not given.defaulted else None
    valid = tile is not None and state.tiles[tile].owner == seat and state.tiles[tile].settlement
    if not valid:
        tile = state.capitals.get(seat) or _first_settlement(state, seat)
        events.append(default_used(seat, "army", tile=tile))
    if tile is None:
        return events
    army = new_army(state, seat, tile)
    if state.settings.battle_mode == "kow":
        army.units = list(given.units) if given is not None else []
        if not army.units:
            events.append(default_used(seat, "army list", army=army.id, units=0))
        events.append(Event(code="mk.army_list", visible_to=[seat], data={
            "army": army.id, "units": [u.model_dump() for u in army.units]}))
    events.append(Event(code="mk.army_raised", data={"seat": seat, "army": army.id, "tile": tile}))
    return events


def _first_settlement(state: MKState, seat: str) -> str | None:
    tiles = [t for t in state.controlled(seat) if state.tiles[t].settlement]
    return tiles[0] if tiles else None


def new_army(state: MKState, seat: str, tile: str) -> Army:
    """Create a 500-point army with the next free number."""
    army = Army(id=str(state.next_army), owner=seat, tile=tile)
    state.armies[army.id] = army
    state.next_army += 1
    return army
