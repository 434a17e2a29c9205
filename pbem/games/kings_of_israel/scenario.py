"""Read and validate a Kings of Israel scenario file; every error names the file and line."""

from __future__ import annotations

import tomllib
from typing import Any

from pbem.core.game import ContentError
from pbem.games.kings_of_israel.cards.vocabulary import POWERS, check_steps
from pbem.games.kings_of_israel.content import RESOURCES, Board, Card, Step

TABLES = (
    "places",
    "roads",
    "seas",
    "kings",
    "abilities",
    "resources",
    "location_cards",
    "blessings",
    "sins",
)


class _Reader:
    """Rows of one multi-line table, each with its line number in the file."""

    def __init__(self, text: str, source: str, data: dict[str, Any]) -> None:
        self.text, self.source, self.data = text, source, data

    def rows(self, table: str, width: int) -> list[tuple[int, list[str]]]:
        """Each non-blank row split on '|', checked for `width` fields."""
        block = self.data.get(table)
        if not isinstance(block, str):
            raise self.error(self.key_line(table), "ki.E_TABLE", f'{table} must be a """ block')
        first = self.key_line(table)
        found = []
        for offset, raw in enumerate(block.splitlines()):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            number = first + 1 + offset  # TOML drops the newline after the opening quotes
            fields = [f.strip() for f in line.split("|")]
            if len(fields) != width:
                raise self.error(
                    number, "ki.E_FIELDS", f"expected {width} fields, found {len(fields)}"
                )
            found.append((number, fields))
        return found

    def key_line(self, key: str) -> int:
        """The line where `key = ` starts (1-based), or 0."""
        for number, line in enumerate(self.text.splitlines(), start=1):
            if line.split("=", 1)[0].strip() == key:
                return number
        return 0

    def error(self, line: int, code: str, message: str) -> ContentError:
        """A ContentError at `line` of this file."""
        return ContentError(self.source, line or None, code, message)


def load_scenario(text: str, source: str) -> dict[str, Any]:
    """Read a scenario file's text into the JSON form of a validated Board."""
    try:
        data = tomllib.loads(text).get("scenario", {})
    except tomllib.TOMLDecodeError as error:
        raise ContentError(
            source, getattr(error, "lineno", None), "ki.E_TOML", str(error)
        ) from error
    reader = _Reader(text, source, data)
    for table in TABLES:
        if table not in data:
            raise reader.error(0, "ki.E_MISSING", f"the scenario has no {table} table")
    board = _board(reader)
    return board.model_dump(mode="json")


def _board(r: _Reader) -> Board:
    places = _places(r)
    ids = {p["id"]: p for p in places}
    roads, seas = _links(r, "roads", ids), _links(r, "seas", ids)
    _check_connected(r, places, roads + seas)
    return Board.model_validate(
        {
            "name": str(r.data.get("name", "israel")),
            "title": str(r.data.get("title", "")),
            "places": places,
            "roads": roads,
            "seas": seas,
            "kings": _kings(r),
            "abilities": _abilities(r, ids),
            "resources": _resources(r),
            "location_cards": _location_cards(r, ids),
            "blessings": _cards(r, "blessings", "blessing"),
            "sins": _cards(r, "sins", "sin", ids),
        }
    )


def _places(r: _Reader) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for line, (pid, name, xy, kind) in r.rows("places", 4):
        coords = xy.split()
        if len(coords) != 2 or not all(_is_number(c) for c in coords):
            raise r.error(line, "ki.E_XY", f"{xy!r} is not two numbers")
        if kind not in ("location", "mount", "nation"):
            raise r.error(line, "ki.E_KIND", f"{kind!r} is not location, mount or nation")
        if any(p["id"] == pid for p in found):
            raise r.error(line, "ki.E_DUPLICATE", f"{pid} is defined twice")
        x, y = float(coords[0]), float(coords[1])
        if not (0 <= x <= 1000 and 0 <= y <= 1000):
            raise r.error(line, "ki.E_XY", "positions run from 0 to 1000")
        found.append({"id": pid, "name": name, "x": x, "y": y, "kind": kind})
    return found


def _check_connected(r: _Reader, places: list[dict[str, Any]], links: list[list[str]]) -> None:
    """Every location must be reachable from the first by roads and sea lanes."""
    locations = [p["id"] for p in places if p["kind"] != "nation"]
    if not locations:
        raise r.error(r.key_line("places"), "ki.E_PLACE", "the map has no location")
    seen, frontier = {locations[0]}, [locations[0]]
    while frontier:
        here = frontier.pop()
        for a, b in links:
            for x, y in ((a, b), (b, a)):
                if x == here and y in locations and y not in seen:
                    seen.add(y)
                    frontier.append(y)
    for line, fields in r.rows("places", 4):
        if fields[0] in locations and fields[0] not in seen:
            raise r.error(line, "ki.E_UNREACHABLE", f"{fields[0]} is joined to no other location")


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _links(r: _Reader, table: str, ids: dict[str, dict[str, Any]]) -> list[list[str]]:
    found: list[list[str]] = []
    for line, (a, b) in r.rows(table, 2):
        for end in (a, b):
            if end not in ids:
                raise r.error(line, "ki.E_PLACE", f"{end!r} is not a place")
        if a == b or [a, b] in found or [b, a] in found:
            raise r.error(line, "ki.E_LINK", f"{a} | {b} is a loop or a repeat")
        if ids[a]["kind"] == "nation" and ids[b]["kind"] == "nation":
            raise r.error(line, "ki.E_LINK", "two nations are never joined")
        found.append([a, b])
    return found


def _kings(r: _Reader) -> list[dict[str, Any]]:
    found = []
    for line, (name, good, who) in r.rows("kings", 3):
        if good not in ("good", "evil") or who not in ("all", "3-4", "4"):
            raise r.error(line, "ki.E_KING", "write NAME | good or evil | all, 3-4 or 4")
        found.append({"name": name, "good": good == "good", "players": who})
    if not found:
        raise r.error(r.key_line("kings"), "ki.E_KING", "the timeline is empty")
    return found


def _abilities(r: _Reader, ids: dict[str, dict[str, Any]]) -> list[dict[str, str]]:
    found = []
    for line, (aid, name, start, power) in r.rows("abilities", 4):
        if start not in ids or ids[start]["kind"] == "nation":
            raise r.error(line, "ki.E_PLACE", f"{start!r} is not a location")
        if power not in POWERS:
            raise r.error(line, "ki.E_POWER", f"{power!r} is not a power ({', '.join(POWERS)})")
        found.append({"id": aid, "name": name, "start": start, "power": power})
    if len(found) < 4:
        raise r.error(r.key_line("abilities"), "ki.E_ABILITIES", "at least 4 ability cards")
    return found


def _resources(r: _Reader) -> dict[str, int]:
    found: dict[str, int] = {}
    for line, (kind, count) in r.rows("resources", 2):
        if kind not in RESOURCES or not count.isdigit():
            raise r.error(line, "ki.E_RESOURCE", f"write one of {', '.join(RESOURCES)} | COUNT")
        found[kind] = int(count)
    if set(found) != set(RESOURCES):
        raise r.error(r.key_line("resources"), "ki.E_RESOURCE", "every resource kind is needed")
    return found


def _location_cards(r: _Reader, ids: dict[str, dict[str, Any]]) -> dict[str, int]:
    found: dict[str, int] = {}
    for line, (pid, count) in r.rows("location_cards", 2):
        if pid != "again" and (pid not in ids or ids[pid]["kind"] != "nation"):
            raise r.error(line, "ki.E_PLACE", f"{pid!r} is neither a nation nor 'again'")
        if not count.isdigit():
            raise r.error(line, "ki.E_COUNT", f"{count!r} is not a count")
        found[pid] = int(count)
    return found


def _cards(
    r: _Reader, table: str, deck: str, ids: dict[str, dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for line, (cid, title, count, effect) in r.rows(table, 4):
        if not count.isdigit() or int(count) < 1:
            raise r.error(line, "ki.E_COUNT", f"{count!r} is not a count")
        if any(c["id"] == cid for c in found):
            raise r.error(line, "ki.E_DUPLICATE", f"{cid} is defined twice")
        try:
            card = _card(cid, title, int(count), effect, deck, ids or {})
        except ValueError as error:
            raise r.error(line, "ki.E_EFFECT", str(error)) from error
        found.append(card.model_dump(mode="json"))
    return found


def _card(
    cid: str, title: str, count: int, effect: str, deck: str, ids: dict[str, dict[str, Any]]
) -> Card:
    before: list[Step] = []
    after: list[Step] | None = None
    permanent = False
    for part in [p.strip() for p in effect.split(";") if p.strip()]:
        words = part.split()
        if words[0] == "foretold":
            if deck != "sin" or after is not None:
                raise ValueError("only one foretold mark, on Sin & Punishment cards")
            after = []
            continue
        if words[0] == "permanent":
            permanent, words = True, words[1:]
        if not words:
            raise ValueError("'permanent' needs an effect")
        params = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        if len(params) != len(words) - 1:
            raise ValueError(f"write parameters as key=value in {part!r}")
        (after if after is not None else before).append(Step(op=words[0], params=params))
    check_steps(before + (after or []), deck, set(ids), permanent)
    return Card(id=cid, title=title, count=count, steps=before, foretold=after, permanent=permanent)
