"""Read a board file (TOML): one record a line inside multi-line strings, so that every error
names the file and the line of the record at fault."""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from typing import Any

from pbem.core.game import ContentError
from pbem.core.problems import strip_comment
from pbem.games.diplomacy.content import (
    Board,
    Coast,
    Power,
    Province,
    Scenery,
    StartUnit,
)

Row = tuple[int, list[str]]  # file line, words
KINDS = ("land", "coast", "sea")


class BoardText:
    """The text of one board file, with the file line of each record."""

    def __init__(self, text: str, source: str) -> None:
        self.text, self.source = text, source
        self.lines = text.splitlines()
        self.data = self._toml()
        head = self.data.get("board")
        if not isinstance(head, dict):
            self.fail(None, "dip.E_BOARD", "the file needs a [board] table")
        self.head: dict[str, Any] = dict(head or {})

    def fail(self, line: int | None, code: str, message: str) -> None:
        """Stop with a ContentError naming the file and line."""
        raise ContentError(self.source, line, code, message)

    def _toml(self) -> dict[str, Any]:
        try:
            return tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as error:
            found = re.search(r"line (\d+)", str(error))
            raise ContentError(self.source, int(found.group(1)) if found else None,
                               "dip.E_TOML", str(error)) from error

    def key_line(self, key: str) -> int | None:
        """The line where `key = ...` is set."""
        pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
        return next((n for n, raw in enumerate(self.lines, 1) if pattern.match(raw)), None)

    def rows(self, key: str, required: bool = True) -> list[Row]:
        """The records of multi-line string `key`: each its file line and words (`|` kept)."""
        value = self.head.get(key)
        if value is None and not required:
            return []
        if not isinstance(value, str):
            self.fail(self.key_line(key), "dip.E_FIELD",
                      f"{key} must be a multi-line string of records")
        first = (self.key_line(key) or 0) + 1
        found: list[Row] = []
        for offset, raw in enumerate(str(value).splitlines()):
            words = strip_comment(raw).replace("|", " | ").split()
            if words:
                found.append((first + offset, words))
        return found

    def number(self, key: str, default: int) -> int:
        """A whole number of [board], at least 1."""
        value = self.head.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            self.fail(self.key_line(key), "dip.E_FIELD", f"{key} must be a whole number above 0")
        return int(value)


def read_board(text: str, source: str) -> Board:
    """Read a board file into a Board (not yet checked for consistency: see mapcheck)."""
    file = BoardText(text, source)
    head = file.head
    board = Board(
        name=str(head.get("name", "board")),
        title=str(head.get("title", head.get("name", "Diplomacy"))),
        victory=file.number("victory", 18),
        first_year=file.number("first_year", 1901),
        min_players=file.number("min_players", 2),
        max_players=file.number("max_players", 7),
        powers=[_power(file, line, w) for line, w in file.rows("powers")],
        provinces=_provinces(file),
        coasts=[_coast(file, line, w) for line, w in file.rows("coasts", required=False)],
        army=_neighbours(file, "army"),
        fleet=_neighbours(file, "fleet"),
        units=[_unit(file, line, w) for line, w in file.rows("units")],
        absent_with=_absent(file),
        scenery=[_scenery(file, line, w) for line, w in file.rows("scenery", required=False)],
        archipelagos=_archipelagos(file),
    )
    return board.model_copy(update={"digest": board_digest(board)})


def board_digest(board: Board) -> str:
    """A short digest of everything on the board (the caches' key)."""
    data = board.model_dump(mode="json", exclude={"digest"})
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _power(file: BoardText, line: int, w: list[str]) -> Power:
    if len(w) != 3:
        file.fail(line, "dip.E_RECORD", "powers: KEY NAME ADJECTIVE")
    return Power(key=w[0].lower(), name=w[1], adjective=w[2])


def _split(words: list[str]) -> list[list[str]]:
    """The parts of a record between `|` marks."""
    parts: list[list[str]] = [[]]
    for word in words:
        if word == "|":
            parts.append([])
        else:
            parts[-1].append(word)
    return parts


def _provinces(file: BoardText) -> list[Province]:
    found = [_province(file, line, w) for line, w in file.rows("provinces")]
    shapes = {}
    for line, w in file.rows("shapes", required=False):
        shapes[w[0].lower()] = (line, _points(file, line, w[1:]))
    for pid, (line, _) in shapes.items():
        if pid not in {p.id for p in found}:
            file.fail(line, "dip.E_PROVINCE", f"shapes: {pid} is not a province")
    return [p.model_copy(update={"shape": shapes[p.id][1]}) if p.id in shapes else p
            for p in found]


def _province(file: BoardText, line: int, w: list[str]) -> Province:
    parts = _split(w)
    head, name = parts[0], " ".join(parts[1]) if len(parts) > 1 else ""
    aliases = " ".join(parts[2]) if len(parts) > 2 else ""
    if len(head) != 5 or not name:
        file.fail(line, "dip.E_RECORD", "provinces: ID KIND CENTRE X Y | NAME | OTHER NAMES")
    pid, kind, centre = head[0].lower(), head[1].lower(), head[2].lower()
    if kind not in KINDS:
        file.fail(line, "dip.E_RECORD", f"provinces: kind must be land, coast or sea, not {kind}")
    x, y = _points(file, line, head[3:5])[0]
    home = None if centre in ("-", "neutral") else centre
    return Province(id=pid, kind=kind, centre=centre != "-", home=home, name=name,  # type: ignore[arg-type]
                    aliases=[a.strip().lower() for a in aliases.split(",") if a.strip()],
                    x=x, y=y)


def _points(file: BoardText, line: int, words: list[str]) -> list[tuple[float, float]]:
    try:
        values = [float(v) for v in words]
    except ValueError:
        file.fail(line, "dip.E_RECORD", "expected numbers: X Y pairs")
    if not values or len(values) % 2:
        file.fail(line, "dip.E_RECORD", "expected X Y pairs")
    return [(values[i], values[i + 1]) for i in range(0, len(values), 2)]


def _coast(file: BoardText, line: int, w: list[str]) -> Coast:
    parts = _split(w)
    head = parts[0]
    if len(head) != 3 or len(parts) != 2 or "/" not in head[0]:
        file.fail(line, "dip.E_RECORD", "coasts: PROVINCE/COAST X Y | NAME")
    x, y = _points(file, line, head[1:3])[0]
    return Coast(location=head[0].lower(), name=" ".join(parts[1]).lower(), x=x, y=y)


def _neighbours(file: BoardText, key: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line, w in file.rows(key):
        here = w[0].lower()
        if here in found:
            file.fail(line, "dip.E_DUPLICATE", f"{key}: {here} is listed twice")
        if len(w) < 2:
            file.fail(line, "dip.E_RECORD", f"{key}: {here} has no neighbours")
        found[here] = [n.lower() for n in w[1:]]
    return found


def _unit(file: BoardText, line: int, w: list[str]) -> StartUnit:
    if len(w) != 3 or w[1].upper() not in ("A", "F"):
        file.fail(line, "dip.E_RECORD", "units: POWER A|F LOCATION")
    return StartUnit(power=w[0].lower(), kind=w[1].upper(), location=w[2].lower())  # type: ignore[arg-type]


def _absent(file: BoardText) -> dict[str, list[str]]:
    value = file.head.get("absent_with", {})
    if not isinstance(value, dict) or not all(isinstance(v, list) for v in value.values()):
        file.fail(file.key_line("absent_with"), "dip.E_FIELD",
                  "absent_with maps a number of players to the powers left out")
    return {str(k): [str(p).lower() for p in v] for k, v in value.items()}


def _archipelagos(file: BoardText) -> list[str]:
    value = file.head.get("archipelagos", [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        file.fail(file.key_line("archipelagos"), "dip.E_FIELD",
                  "archipelagos is a list of province ids")
    return [v.lower() for v in value]


def _scenery(file: BoardText, line: int, w: list[str]) -> Scenery:
    if len(w) < 4:
        file.fail(line, "dip.E_RECORD", "scenery: ID NAME X Y [X Y ...]")
    return Scenery(id=w[0].lower(), name=w[1], points=_points(file, line, w[2:]))


def line_finder(text: str) -> Any:
    """A function giving the line of the first record (after `key = `) starting with these
    words (`word` may hold several, "france f par")."""
    lines = text.splitlines()

    def line_of(word: str, key: str = "") -> int | None:
        wanted = word.lower().split()
        start = 1
        if key:
            pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
            start = next((n for n, raw in enumerate(lines, 1) if pattern.match(raw)), 1)
        for number in range(start, len(lines) + 1):
            words = strip_comment(lines[number - 1]).lower().split()
            if words and words[: len(wanted)] == wanted:
                return number
        return None

    return line_of
