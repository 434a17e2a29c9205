"""Setting a game up: scenario files (TOML), the campaign settings and the opening state.

A scenario gives the referee's terrain layout and sample army lists.

Terrain squares and army units are one per line inside multi-line strings, so that every
error names the file and the very line (see docs/dba-cards.md for the format).
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from pbem.core.game import ContentError, Setup
from pbem.core.problems import strip_comment
from pbem.core.rng import SeededRng
from pbem.games.dba_cards.content import FIELD_TYPES, GERMAN_TERRAINS, TERRAINS, unit_type
from pbem.games.dba_cards.squares import coords, valid
from pbem.games.dba_cards.state import ArmyList, DBAState, Settings, Side
from pbem.games.dba_cards.terrain import bua_allowed, edge, german_terrain, random_terrain

SIZE = 8
GERMAN_SIZE = 12
MAX_SEATS = 4  # two sides of at most two commands fill the German deployment zones
KEY = re.compile(r"^[a-z][a-z0-9-]{0,30}$")


def load_scenario(text: str, source: str) -> dict[str, Any]:
    """Validate a scenario file's text; raise ContentError with file and line."""
    data = _toml(text, source)
    head = data.get("scenario")
    if not isinstance(head, dict):
        raise ContentError(source, None, "dba.E_SCENARIO", "the file needs a [scenario] table")
    size = _size(head, text, source)
    terrain = _terrain(str(head.get("terrain", "")), _block_lines(text, "terrain"), size, source)
    rivers = _rivers(str(head.get("rivers", "")), _block_lines(text, "rivers"), size, source)
    armies = data.get("army")
    if not isinstance(armies, list) or len(armies) < 2:
        raise ContentError(
            source,
            _line_of(text, r"\[\[army\]\]"),
            "dba.E_ARMIES",
            "the scenario needs at least two [[army]] lists",
        )
    starts, keys_at = _block_lines(text, "units"), _key_lines(text)
    lists = [
        _army(a, _nth(starts, i), _nth(keys_at, i), terrain if size == SIZE else {}, source)
        for i, a in enumerate(armies)
    ]
    keys = [a["key"] for a in lists]
    if len(set(keys)) != len(keys):
        raise ContentError(source, None, "dba.E_ARMY_KEY", "two armies share a key")
    return {
        "name": str(head.get("name", "")),
        "title": str(head.get("title", "")),
        "size": size,
        "terrain": terrain,
        "rivers": rivers,
        "armies": lists,
    }


def _toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"line (\d+)", str(error))
        raise ContentError(
            source, int(found.group(1)) if found else None, "dba.E_TOML", str(error)
        ) from error


def _line_of(text: str, pattern: str) -> int | None:
    for number, line in enumerate(text.splitlines(), 1):
        if re.match(rf"^\s*{pattern}", line):
            return number
    return None


def _block_lines(text: str, key: str) -> list[int]:
    """File line of each `key = \"\"\"` string's first line, in file order."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        match = re.match(rf"^\s*{key}\s*=\s*(\"\"\"|''')(.*)$", line)
        if match:
            found.append(number + 1 if match.group(2) == "" else number)
    return found


def _key_lines(text: str) -> list[int]:
    """File line of each army's `key =`, in file order."""
    return [n for n, line in enumerate(text.splitlines(), 1) if re.match(r"^\s*key\s*=", line)]


def _nth(lines: list[int], index: int) -> int | None:
    return lines[index] if index < len(lines) else None


def _size(head: dict[str, Any], text: str, source: str) -> int:
    size = head.get("size", SIZE)
    if size not in (SIZE, GERMAN_SIZE):
        raise ContentError(
            source, _line_of(text, "size"), "dba.E_SIZE", "size is 8, or 12 for the German rules"
        )
    return int(size)


def _rivers(block: str, starts: list[int], size: int, source: str) -> list[str]:
    """River sides, one 'SQUARE SQUARE' line each (two orthogonally adjacent squares)."""
    first = starts[0] if starts else 1
    sides: list[str] = []
    for offset, raw in enumerate(block.splitlines()):
        words = strip_comment(raw).lower().split()
        if not words:
            continue
        ok = len(words) == 2 and all(valid(w, size) for w in words)
        if not ok or sum(abs(x - y) for x, y in zip(*map(coords, words), strict=True)) != 1:
            raise ContentError(
                source,
                first + offset,
                "dba.E_RIVER_LINE",
                f"expected two squares side by side, e.g. 'd4 d5': {raw.strip()!r}",
            )
        sides.append(edge(words[0], words[1]))
    return sorted(set(sides))


def _terrain(block: str, starts: list[int], size: int, source: str) -> dict[str, str]:
    first = starts[0] if starts else 1
    layout: dict[str, str] = {}
    for offset, raw in enumerate(block.splitlines()):
        words = strip_comment(raw).lower().split()
        line = first + offset
        if not words:
            continue
        if len(words) != 2 or not valid(words[0], size) or words[1] not in TERRAINS:
            raise ContentError(
                source,
                line,
                "dba.E_TERRAIN_LINE",
                f"expected 'SQUARE TERRAIN' with terrain one of "
                f"{', '.join(TERRAINS)}: {raw.strip()!r}",
            )
        if words[0] in layout:
            raise ContentError(source, line, "dba.E_TERRAIN_TWICE", f"{words[0]} is listed twice")
        if words[1] in ("bua", "fortified-bua") and not bua_allowed(words[0], size):
            raise ContentError(
                source,
                line,
                "dba.E_BUA_PLACE",
                f"a BUA must be within 5 squares of two sides of the board: {words[0]}",
            )
        if words[1] != "clear":
            layout[words[0]] = words[1]
    return dict(sorted(layout.items()))


def _army(
    data: Any, first: int | None, key_line: int | None, terrain: dict[str, str], source: str
) -> dict[str, Any]:
    if not isinstance(data, dict) or not KEY.match(str(data.get("key", ""))):
        raise ContentError(
            source,
            key_line or first,
            "dba.E_ARMY_KEY",
            "each [[army]] needs a key of lower-case letters, digits and dashes",
        )
    units = [
        _unit(raw, (first or 1) + i, terrain, source)
        for i, raw in enumerate(str(data.get("units", "")).splitlines())
    ]
    placed = [u for u in units if u is not None]
    _composition(placed, first, source)
    return {"key": data["key"], "title": str(data.get("title", data["key"])), "units": placed}


def _unit(raw: str, line: int, terrain: dict[str, str], source: str) -> dict[str, Any] | None:
    words = strip_comment(raw).lower().split()
    if not words:
        return None
    kind = unit_type(words[0]) if words else None
    elite = words[2:] == ["elite"]
    if kind is None or len(words) not in (2, 3) or (len(words) == 3 and not elite):
        raise ContentError(
            source, line, "dba.E_UNIT_LINE", f"expected 'TYPE SQUARE [elite]': {raw.strip()!r}"
        )
    if not valid(words[1], SIZE) or coords(words[1])[1] > 2:
        raise ContentError(
            source, line, "dba.E_DEPLOY_ZONE", f"{words[1]} is not on the back two rows (ranks 1-2)"
        )
    if elite and kind in ("general", "camp"):
        raise ContentError(
            source, line, "dba.E_ELITE_UNIT", f"only the 11 units may be elite, not the {kind}"
        )
    ground = terrain.get(words[1], "clear")
    if ground == "impassable" or (ground == "rough" and kind == "war-wagons"):
        raise ContentError(
            source, line, "dba.E_DEPLOY_TERRAIN", f"{kind} cannot stand on {ground} at {words[1]}"
        )
    return {"type": kind, "square": words[1], "elite": elite}


def _composition(units: list[dict[str, Any]], line: int | None, source: str) -> None:
    types = [u["type"] for u in units]
    field = [t for t in types if t not in ("general", "camp")]
    if types.count("general") != 1 or types.count("camp") != 1 or len(field) != 11:
        raise ContentError(
            source, line, "dba.E_ARMY_SIZE", "an army is 1 general, 1 camp and 11 other units"
        )
    if bad := sorted(t for t in set(field) if t not in FIELD_TYPES):
        raise ContentError(source, line, "dba.E_ARMY_TYPE", f"{bad[0]} is not in the unit list")
    if sum(bool(u["elite"]) for u in units) > 2:
        raise ContentError(source, line, "dba.E_TOO_MANY_ELITE", "at most 2 units are elite")
    squares = [u["square"] for u in units]
    if len(set(squares)) != len(squares):
        raise ContentError(source, line, "dba.E_STACKED", "two units share a square")


def make_settings(raw: dict[str, Any]) -> Settings:
    """Settings from CLI strings or typed values."""
    values = {k: v for k, v in raw.items() if k in Settings.model_fields}
    try:
        return Settings.model_validate(values)
    except ValueError as error:
        raise ContentError("settings", None, "dba.E_SETTING", str(error)) from error


def opening(setup: Setup, rng: SeededRng) -> DBAState:
    """The state before deployment: terrain laid out, armies to choose from."""
    if not 2 <= len(setup.seats) <= MAX_SEATS:
        raise ContentError("setup", None, "dba.E_PLAYERS", "the game is for 2 to 4 players")
    settings = make_settings(setup.settings)
    if len(setup.seats) > 2:  # contingents are a German house rule: they need its 12x12 board
        settings = settings.model_copy(update={"house_rules": "german"})
    german = settings.house_rules == "german"
    size = GERMAN_SIZE if german else SIZE
    terrain, rivers = _layout(setup.scenario, settings, size, rng)
    if settings.german_setup == "dba22" and german:
        terrain, rivers = {}, []  # the defender places it in the terrain stage
    return DBAState(
        seats=list(setup.seats),
        stage="terrain" if german and settings.german_setup == "dba22" else "deploy",
        settings=settings,
        size=size,
        terrain=terrain,
        rivers=rivers,
        armies=[ArmyList.model_validate(a) for a in setup.scenario.get("armies") or []],
        sides={s.id: Side(seat=s.id, name=s.name) for s in setup.seats},
    )


def _layout(
    scenario: dict[str, Any], settings: Settings, size: int, rng: SeededRng
) -> tuple[dict[str, str], list[str]]:
    """The scenario's terrain when it fits the board and the settings, else a seeded one."""
    german = settings.house_rules == "german"
    terrain = dict(scenario.get("terrain") or {})
    rivers = list(scenario.get("rivers") or [])
    if not german and (rivers or set(terrain.values()) & set(GERMAN_TERRAINS)):
        raise ContentError(
            "setup",
            None,
            "dba.E_GERMAN_TERRAIN",
            "woods, BUAs, steep hills and rivers need house_rules=german",
        )
    if settings.terrain == "scenario" and int(scenario.get("size", SIZE)) == size:
        return terrain, rivers
    if german:
        return german_terrain(size, rng)
    return random_terrain(size, rng), []
