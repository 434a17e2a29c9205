"""Read and validate Mighty Kingdoms map files (TOML); every error names the file and line.

The format is described in docs/map-format.md. Tiles are one line each inside a multi-line
string, `tiles = \"\"\"`, so that a problem with a tile points at its own line:

    ID  Q  R  TERRAIN  [river] [start] [DIR=FEATURE ...]
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from pbem.core.game import ContentError
from pbem.core.hexgrid import DIRECTIONS
from pbem.core.problems import strip_comment
from pbem.games.mighty_kingdoms.content import EdgeFeature, MapData, Terrain, Tile
from pbem.games.mighty_kingdoms.maps.mapcheck import check_map

TERRAINS: tuple[Terrain, ...] = ("plain", "water", "marsh")
FEATURES: tuple[EdgeFeature, ...] = ("water", "mountain", "forest")
FLAGS = ("river", "start")
MAP_FIELDS: dict[str, type] = {"name": str, "title": str, "min_players": int, "max_players": int}
ARTEFACT_BANDS = ((5, 15), (20, 30), (35, 50))
TILE_ID = re.compile(r"[A-Za-z][A-Za-z0-9]{0,7}")


def load_map_text(text: str, source: str) -> MapData:
    """Read a map file's text into a validated MapData, or raise ContentError."""
    return _map_from(_toml(text, source), text, source)


def load_scenario_text(text: str, source: str) -> dict[str, Any]:
    """Read a map file as a scenario: {"map": MapData JSON, "races": [...], "artefacts": [...]}."""
    data = _toml(text, source)
    game_map = _map_from(data, text, source)
    scenario = data.get("scenario", {})
    if not isinstance(scenario, dict):
        raise ContentError(source, _key_line(text, "scenario"), "mk.E_SCENARIO_FIELD",
                           "[scenario] must be a table")
    return {"map": game_map.model_dump(mode="json"),
            "races": _races(scenario.get("races", []), text, source),
            "artefacts": _artefacts(scenario.get("artefacts", []), text, source)}


# --- TOML and line finding --------------------------------------------------------------------


def _toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"line (\d+)", str(error))
        line = int(found.group(1)) if found else None
        raise ContentError(source, line, "mk.E_MAP_TOML", str(error)) from error


def _key_line(text: str, key: str) -> int | None:
    """The first line that sets `key` or opens table `[key]`."""
    pattern = re.compile(rf"^\s*(\[{re.escape(key)}\]|{re.escape(key)}\s*=)")
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.match(line):
            return number
    return None


def _tiles_first_line(text: str) -> int:
    """File line of the string's first line (TOML drops a newline right after the quotes)."""
    for number, line in enumerate(text.splitlines(), 1):
        found = re.match(r"^\s*tiles\s*=\s*(\"\"\"|''')(.*)$", line)
        if found:
            return number + 1 if found.group(2) == "" else number
    return 1


# --- the [map] table --------------------------------------------------------------------------


def _map_from(data: dict[str, Any], text: str, source: str) -> MapData:
    table = data.get("map")
    if not isinstance(table, dict):
        raise ContentError(source, None, "mk.E_MAP_FIELD", "missing [map] table")
    fields = {key: _field(table, key, kind, text, source) for key, kind in MAP_FIELDS.items()}
    if not 2 <= fields["min_players"] <= fields["max_players"]:
        raise ContentError(source, _key_line(text, "min_players"), "mk.E_MAP_FIELD",
                           "need 2 <= min_players <= max_players")
    raw = table.get("tiles")
    if not isinstance(raw, str):
        raise ContentError(source, _key_line(text, "map"), "mk.E_MAP_FIELD",
                           'tiles must be a multi-line string (tiles = """ ... """)')
    tiles, lines = _tiles(raw, _tiles_first_line(text), source)
    game_map = MapData(tiles=tiles, **fields)
    for code, tile_id, message in check_map(game_map):
        line = lines.get(tile_id) if tile_id else _key_line(text, "max_players")
        raise ContentError(source, line, code, message)
    return game_map


def _field(table: dict[str, Any], key: str, kind: type, text: str, source: str) -> Any:
    value = table.get(key)
    if value is None:
        raise ContentError(source, _key_line(text, "map"), "mk.E_MAP_FIELD", f"missing {key}")
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ContentError(source, _key_line(text, key), "mk.E_MAP_FIELD",
                           f"{key} must be {kind.__name__}")
    return value


# --- tile lines -------------------------------------------------------------------------------


def _tiles(raw: str, first: int, source: str) -> tuple[dict[str, Tile], dict[str, int]]:
    """Parse tile lines; return tiles by id and each id's file line."""
    tiles: dict[str, Tile] = {}
    lines: dict[str, int] = {}
    seen: dict[tuple[int, int], str] = {}
    for offset, body in enumerate(raw.splitlines()):
        number = first + offset
        line = strip_comment(body)
        if not line:
            continue
        tile = parse_tile_line(line, number, source)
        if tile.id in tiles:
            raise ContentError(source, number, "mk.E_DUPLICATE_TILE",
                               f"tile {tile.id} already on line {lines[tile.id]}")
        if (tile.q, tile.r) in seen:
            raise ContentError(source, number, "mk.E_DUPLICATE_COORD",
                               f"{tile.q} {tile.r} is already tile {seen[(tile.q, tile.r)]}")
        tiles[tile.id], lines[tile.id], seen[(tile.q, tile.r)] = tile, number, tile.id
    return tiles, lines


def parse_tile_line(line: str, number: int, source: str) -> Tile:
    """Read `ID Q R TERRAIN [river] [start] [DIR=FEATURE ...]`."""
    words = line.split()
    if len(words) < 4 or not TILE_ID.fullmatch(words[0]) or not _ints(words[1:3]):
        raise ContentError(source, number, "mk.E_TILE_FORMAT",
                           f"expected 'ID Q R TERRAIN [river] [start] [dir=feature]': {line}")
    terrain = next((t for t in TERRAINS if t == words[3].lower()), None)
    if terrain is None:
        raise ContentError(source, number, "mk.E_UNKNOWN_TERRAIN",
                           f"{words[3]} (use {', '.join(TERRAINS)})")
    flags, edges = _flags_and_edges(words[4:], number, source)
    return Tile(id=words[0].upper(), q=int(words[1]), r=int(words[2]), terrain=terrain,
                river="river" in flags, start="start" in flags, edges=edges)


def _ints(words: list[str]) -> bool:
    return all(re.fullmatch(r"-?\d{1,4}", w) for w in words)


def _flags_and_edges(
    words: list[str], number: int, source: str
) -> tuple[list[str], dict[str, EdgeFeature]]:
    flags: list[str] = []
    edges: dict[str, EdgeFeature] = {}
    for word in (w.lower() for w in words):
        if word in FLAGS:
            flags.append(word)
            continue
        direction, sep, feature = word.partition("=")
        if not sep:
            raise ContentError(source, number, "mk.E_UNKNOWN_FLAG",
                               f"{word} (use river, start or dir=feature)")
        if direction not in DIRECTIONS:
            raise ContentError(source, number, "mk.E_UNKNOWN_DIRECTION",
                               f"{direction} (use {', '.join(DIRECTIONS)})")
        known = next((f for f in FEATURES if f == feature), None)
        if known is None:
            raise ContentError(source, number, "mk.E_UNKNOWN_FEATURE",
                               f"{feature} (use {', '.join(FEATURES)})")
        edges[direction] = known
    return flags, edges


# --- the [scenario] table ---------------------------------------------------------------------


def _races(races: Any, text: str, source: str) -> list[str]:
    if not isinstance(races, list) or not all(isinstance(r, str) and r.strip() for r in races):
        raise ContentError(source, _key_line(text, "races"), "mk.E_SCENARIO_FIELD",
                           "races must be a list of names")
    if len({r.lower() for r in races}) != len(races):
        raise ContentError(source, _key_line(text, "races"), "mk.E_SCENARIO_FIELD",
                           "a race is listed twice")
    return [r.strip() for r in races]


def _artefacts(items: Any, text: str, source: str) -> list[dict[str, Any]]:
    if not isinstance(items, list):
        raise ContentError(source, _key_line(text, "artefacts"), "mk.E_ARTEFACT",
                           "artefacts must be a list of {name, points}")
    found: list[dict[str, Any]] = []
    for item in items:
        found.append(_artefact(item, [a["name"] for a in found], text, source))
    return found


def _artefact(item: Any, names: list[str], text: str, source: str) -> dict[str, Any]:
    name = item.get("name") if isinstance(item, dict) else None
    points = item.get("points") if isinstance(item, dict) else None
    line = _key_line(text, "artefacts")
    if isinstance(name, str):
        line = _artefact_line(text, name, names.count(name))
    if not isinstance(name, str) or not name.strip() or not isinstance(points, int):
        raise ContentError(source, line, "mk.E_ARTEFACT", "each artefact needs name and points")
    if name.lower() in (n.lower() for n in names):
        raise ContentError(source, line, "mk.E_ARTEFACT", f"{name} is listed twice")
    if not any(low <= points <= high for low, high in ARTEFACT_BANDS):
        raise ContentError(source, line, "mk.E_ARTEFACT_BAND",
                           f"{name}: {points} points is in no quest band (5-15, 20-30, 35-50)")
    return {"name": name.strip(), "points": points}


def _artefact_line(text: str, name: str, earlier: int) -> int | None:
    """The line of the artefact's entry (after `earlier` entries with the same name)."""
    start = _key_line(text, "artefacts") or 1
    hits = [n for n, line in enumerate(text.splitlines()[start - 1:], start) if f'"{name}"' in line]
    return hits[earlier] if earlier < len(hits) else start
