"""Read a King David scenario file (TOML); every error names the file and line.

Areas, links, countries, setups, leaders, counters and the cost chart are one record a line
inside multi-line strings, so that a bad record points at its own line.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from typing import Any

from pbem.core.game import ContentError
from pbem.core.problems import strip_comment
from pbem.games.king_david.content import (
    KINDS,
    Area,
    ChartRow,
    Counter,
    Country,
    LeaderSpec,
    Link,
    Scenario,
)
from pbem.games.king_david.land.mapcheck import check_scenario

Row = tuple[int, list[str]]


def load_scenario_text(text: str, source: str) -> dict[str, Any]:
    """Read a scenario file's text into a validated scenario dict, or raise ContentError."""
    data = _toml(text, source)
    head = data.get("scenario")
    if not isinstance(head, dict):
        raise ContentError(source, None, "kd.E_SCENARIO", "the file needs a [scenario] table")
    reader = _Reader(text, source)
    countries = reader.records("countries", head, 8, _country)
    _setups(reader, head, countries)
    scenario = Scenario(
        name=str(head.get("name", "king-david")),
        title=str(head.get("title", "")),
        turns=reader.number(head, "turns", 7),
        min_players=reader.number(head, "min_players", 2),
        max_players=reader.number(head, "max_players", 5),
        reduced_strength_drop=reader.number(head, "reduced_strength_drop", 1),
        phase_cup=reader.cup(head),
        countries=countries,
        neutral_with={str(k): list(v) for k, v in dict(head.get("neutral_with", {})).items()},
        leaders=reader.records("leaders", head, 3, _leader),
        counters=reader.records("counters", head, 5, _counter),
        chart=reader.records("chart", head, 5, _chart),
        areas=reader.records("areas", head, 7, _area, exact=False),
        links=reader.records("links", head, 3, _link),
    )
    check_scenario(scenario, source, reader.line_of)
    return scenario.model_dump(mode="json")


def _toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"line (\d+)", str(error))
        raise ContentError(
            source, int(found.group(1)) if found else None, "kd.E_TOML", str(error)
        ) from error


class _Reader:
    """Reads the line-per-record strings of one file, keeping line numbers."""

    def __init__(self, text: str, source: str) -> None:
        self.text, self.source = text, source
        self.lines = text.splitlines()

    def line_of(self, word: str, key: str = "") -> int | None:
        """The first line that starts with `word` (after `key = \"\"\"` if given)."""
        start = self._key_line(key) or 1 if key else 1
        for number in range(start, len(self.lines) + 1):
            words = strip_comment(self.lines[number - 1]).split()
            if words and words[0] == word:
                return number
        return None

    def _key_line(self, key: str) -> int | None:
        for number, raw in enumerate(self.lines, start=1):
            if re.match(rf"\s*{re.escape(key)}\s*=", raw):
                return number
        return None

    def rows(self, key: str, head: dict[str, Any]) -> list[Row]:
        """The non-blank records of multi-line string `key`, each with its file line."""
        value = head.get(key)
        if not isinstance(value, str):
            raise ContentError(self.source, self._key_line(key), "kd.E_FIELD",
                               f"{key} must be a multi-line string of records")
        first = (self._key_line(key) or 0) + 1
        found: list[Row] = []
        for offset, raw in enumerate(value.splitlines()):
            words = strip_comment(raw).split()
            if words:
                found.append((first + offset, words))
        return found

    def records(self, key: str, head: dict[str, Any], width: int,
                make: Callable[[list[str]], Any], exact: bool = True) -> list[Any]:
        """Each record of `key` built by `make`; a bad one raises with its line."""
        built = []
        for line, words in self.rows(key, head):
            if len(words) < width or (exact and len(words) != width):
                raise ContentError(self.source, line, "kd.E_RECORD",
                                   f"{key}: expected {width} fields, found {len(words)}")
            try:
                item = make(words)
            except (ValueError, KeyError) as error:
                raise ContentError(self.source, line, "kd.E_RECORD", f"{key}: {error}") from error
            if isinstance(item, (Area, Link)):
                item.line = line
            built.append(item)
        return built

    def number(self, head: dict[str, Any], key: str, default: int) -> int:
        """An integer field of [scenario]."""
        value = head.get(key, default)
        if not isinstance(value, int) or value < 0:
            raise ContentError(self.source, self._key_line(key), "kd.E_FIELD",
                               f"{key} must be a whole number")
        return value

    def cup(self, head: dict[str, Any]) -> dict[str, int]:
        """The phase cup: a count for each phase kind."""
        cup = head.get("phase_cup")
        if not isinstance(cup, dict) or not all(isinstance(v, int) for v in cup.values()):
            raise ContentError(self.source, self._key_line("phase_cup"), "kd.E_FIELD",
                               "phase_cup must map phase kinds to counts")
        return {str(k): int(v) for k, v in cup.items()}


def _setups(reader: _Reader, head: dict[str, Any], countries: list[Country]) -> None:
    by_key = {c.key: c for c in countries}
    for line, words in reader.rows("setup", head):
        if len(words) != 5 or words[0] not in by_key:
            raise ContentError(reader.source, line, "kd.E_SETUP",
                               "setup: COUNTRY CHARIOT PHALANX INFANTRY MILITIA, known country")
        try:
            counts = [int(w) for w in words[1:]]
        except ValueError as error:
            raise ContentError(reader.source, line, "kd.E_SETUP", str(error)) from error
        by_key[words[0]].setup = dict(zip(KINDS, counts, strict=True))


def _country(w: list[str]) -> Country:
    if w[2] not in ("major", "minor"):
        raise ValueError(f"kind must be major or minor, not {w[2]}")
    return Country(key=w[0], name=w[1], major=w[2] == "major", auto=int(w[3]),
                   multiplier=float(w[4]), die=int(w[5]), food=int(w[6]), resources=int(w[7]))


def _leader(w: list[str]) -> LeaderSpec:
    return LeaderSpec(country=w[0], name=w[1], rating=int(w[2]))


def _counter(w: list[str]) -> Counter:
    return Counter.model_validate(
        {"country": w[0], "kind": w[1], "strength": int(w[2]), "steps": int(w[3]),
         "count": int(w[4])})


def _chart(w: list[str]) -> ChartRow:
    return ChartRow.model_validate(
        {"kind": w[0], "maint_food": int(w[1]), "maint_res": int(w[2]),
         "build_food": int(w[3]), "build_res": int(w[4])})


def _area(w: list[str]) -> Area:
    extra: dict[str, Any] = {}
    for flag in w[7:]:
        if flag == "port":
            extra["port"] = True
        elif flag.startswith("city="):
            extra["city"] = flag[5:]
        elif flag.startswith("fort="):
            extra["fort"] = int(flag[5:])
        elif flag.startswith("name="):
            extra["name"] = flag[5:].replace("_", " ")
        else:
            raise ValueError(f"unknown flag {flag}")
    return Area.model_validate(
        {"id": w[0], "country": w[1], "terrain": w[2], "food": int(w[3]),
         "resources": int(w[4]), "x": float(w[5]), "y": float(w[6]), **extra})


def _link(w: list[str]) -> Link:
    return Link.model_validate({"a": w[0], "b": w[1], "kind": w[2]})
