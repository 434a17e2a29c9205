"""The setup order language: race, capital, placement and the first army (with its kow list)."""

from __future__ import annotations

from pbem.core.game import ParseResult
from pbem.core.hexgrid import ring
from pbem.core.problems import did_you_mean
from pbem.games.mighty_kingdoms.armies.list_rules import new_army_problem
from pbem.games.mighty_kingdoms.inputs import (
    ArmyInput,
    CapitalInput,
    PlacementInput,
    RaceInput,
    SetupInput,
)
from pbem.games.mighty_kingdoms.orders import (
    ARMY_STEP,
    CAPITAL_STEP,
    PLACEMENT_STEP,
    RACE_STEP,
    Collector,
    Line,
    after_keyword,
    content_words,
    keyword,
    lines_of,
    parse_unit,
    tile_id,
    tile_list,
    unit_text,
)
from pbem.games.mighty_kingdoms.state import MKState

DEFAULT_RACE = "Unknown"


def parse_setup(state: MKState, seat: str, text: str) -> ParseResult:
    """Read a setup-stage email for the current stage."""
    out = Collector()
    lines = lines_of(text)
    parsers = {
        "race": _parse_race,
        "capital": _parse_capital,
        "placement": _parse_placement,
        "army": _parse_army,
    }
    orders = parsers[state.stage](state, seat, lines, out)
    return ParseResult(orders=orders, problems=out.problems)


def _parse_race(state: MKState, seat: str, lines: list[Line], out: Collector) -> RaceInput | None:
    chosen: RaceInput | None = None
    for line in lines:
        if keyword(line.words[0], ["race"], line.number, out, RACE_STEP) is None:
            continue
        name = " ".join(line.words[1:])
        race = _known_race(state, name, line.number, out)
        if race is None:
            continue
        if chosen is not None:
            out.illegal(line.number, "mk.E_DUPLICATE", what="race")
            continue
        chosen = RaceInput(race=race)
    return chosen


def _known_race(state: MKState, name: str, line: int, out: Collector) -> str | None:
    if not name:
        out.invalid(line, "mk.E_MISSING_VALUE", what="race")
        return None
    if not state.settings.races:
        return name
    for race in state.settings.races:
        if race.lower() == name.lower():
            return race
    suggestion = did_you_mean(name, state.settings.races)
    out.illegal(line, "mk.E_UNKNOWN_RACE", race=name, choices=", ".join(state.settings.races))
    if suggestion:
        out.problems[-1] = out.problems[-1].model_copy(update={"suggestion": suggestion})
    return None


def _parse_capital(
    state: MKState, seat: str, lines: list[Line], out: Collector
) -> CapitalInput | None:
    ranked: list[str] = []
    starts = state.map.start_tiles()
    for line in lines:
        if keyword(line.words[0], ["capital"], line.number, out, CAPITAL_STEP) is None:
            continue
        for tile in tile_list(state, content_words(line.words[1:]), line.number, out):
            if tile not in starts:
                out.illegal(line.number, "mk.E_NOT_START", tile=tile)
            elif tile not in ranked:
                ranked.append(tile)
    return CapitalInput(ranked=ranked) if ranked else None


def ring_tiles(state: MKState, seat: str) -> list[str]:
    """The existing tiles around a seat's capital, in the fixed ring order."""
    capital = state.capitals.get(seat)
    if capital is None:
        return []
    found = (state.map.at(h) for h in ring(state.map.tile(capital).hex, 1))
    return [t.id for t in found if t is not None]


def _parse_placement(
    state: MKState, seat: str, lines: list[Line], out: Collector
) -> PlacementInput | None:
    placed: dict[str, list[str]] = {"city": [], "fortress": [], "village": []}
    used: list[str] = []
    known = ["city", "fortress", "village", "villages"]
    for line in lines:
        word = keyword(line.words[0], known, line.number, out, PLACEMENT_STEP)
        if word is None:
            continue
        kind = "village" if word == "villages" else word
        for tile in tile_list(state, content_words(line.words[1:]), line.number, out):
            if _placement_ok(state, seat, tile, used, line.number, out):
                placed[kind].append(tile)
                used.append(tile)
    limits = {"city": 1, "fortress": 1, "village": 2}
    for kind, limit in limits.items():
        if len(placed[kind]) > limit:
            out.illegal(lines[-1].number, "mk.E_TOO_MANY", what=kind, limit=str(limit))
            placed[kind] = placed[kind][:limit]
    if not used:
        return None
    return PlacementInput(
        city=_first(placed["city"]), fortress=_first(placed["fortress"]), villages=placed["village"]
    )


def _first(items: list[str]) -> str | None:
    return items[0] if items else None


def _placement_ok(
    state: MKState, seat: str, tile: str, used: list[str], line: int, out: Collector
) -> bool:
    if tile not in ring_tiles(state, seat):
        out.illegal(line, "mk.E_NOT_AROUND_CAPITAL", tile=tile)
    elif not state.map.tile(tile).enterable:
        out.illegal(line, "mk.E_SETTLEMENT_TERRAIN", tile=tile,
                    terrain=state.map.tile(tile).terrain)
    elif state.tiles[tile].owner not in (None, seat):
        out.illegal(line, "mk.E_TILE_TAKEN", tile=tile)
    elif tile in used:
        out.illegal(line, "mk.E_TILE_REUSED", tile=tile)
    else:
        return True
    return False


def _parse_army(state: MKState, seat: str, lines: list[Line], out: Collector) -> ArmyInput | None:
    tile: str | None = None
    units = []
    for line in lines:
        word = keyword(line.words[0], ["army", "unit"], line.number, out, ARMY_STEP)
        if word == "unit":
            unit = parse_unit(after_keyword(line.text), line.number, out)
            if unit is not None:
                units.append(unit)
        elif word == "army":
            tile = _army_tile(state, seat, line, tile, out)
    if units and state.settings.battle_mode != "kow":
        out.warn(lines[0].number, "mk.W_UNITS_IGNORED")
        units = []
    refused = new_army_problem(state, seat, units) if units else None
    if refused is not None:
        out.illegal(lines[-1].number, refused.code, **refused.params)
        units = []
    if tile is None and not units:
        return None
    return ArmyInput(tile=tile, units=units)


def _army_tile(
    state: MKState, seat: str, line: Line, current: str | None, out: Collector
) -> str | None:
    words = content_words(line.words[1:])
    if len(words) != 1:
        out.invalid(line.number, "mk.E_MISSING_VALUE", what="tile")
        return current
    tile = tile_id(state, words[0], line.number, out)
    if tile is None:
        return current
    if current is not None:
        out.illegal(line.number, "mk.E_DUPLICATE", what="army")
        return current
    if state.tiles[tile].owner != seat or state.tiles[tile].settlement is None:
        out.illegal(line.number, "mk.E_ARMY_TILE", tile=tile)
        return current
    return tile


def canonical_setup(orders: SetupInput) -> str:
    """The one canonical text of a setup input."""
    if isinstance(orders, RaceInput):
        return f"race {orders.race}"
    if isinstance(orders, CapitalInput):
        return "capital " + " ".join(orders.ranked) if orders.ranked else ""
    if isinstance(orders, PlacementInput):
        return _placement_text(orders)
    lines = [f"army {orders.tile}"] if orders.tile else []
    return "\n".join(lines + [unit_text(u) for u in orders.units])


def _placement_text(orders: PlacementInput) -> str:
    lines = []
    if orders.city:
        lines.append(f"city {orders.city}")
    if orders.fortress:
        lines.append(f"fortress {orders.fortress}")
    if orders.villages:
        lines.append("village " + " ".join(orders.villages))
    return "\n".join(lines)
