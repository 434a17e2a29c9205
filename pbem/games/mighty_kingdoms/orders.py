"""Shared pieces of the Mighty Kingdoms order language: lines, keywords, tiles, problems."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pbem.core.hexgrid import DIRECTIONS
from pbem.core.problems import Problem, did_you_mean
from pbem.games.mighty_kingdoms.armies.unit_lines import parse_unit as read_unit
from pbem.games.mighty_kingdoms.armies.unit_lines import unit_line
from pbem.games.mighty_kingdoms.line_error import LineError
from pbem.games.mighty_kingdoms.state import MKState, Unit, natural_key

DIRECTION_WORDS: dict[str, str] = {
    **{d: d for d in DIRECTIONS},
    "east": "e",
    "west": "w",
    "northeast": "ne",
    "north-east": "ne",
    "northwest": "nw",
    "north-west": "nw",
    "southeast": "se",
    "south-east": "se",
    "southwest": "sw",
    "south-west": "sw",
}
FILLER = {"army", "to", "into", "the", "tile", "tiles", "at"}
COMMENT = re.compile(r"//|#(?!\d)")  # `#3` is army 3, any other `#` starts a comment
ARROWS = re.compile(r"\s*(?:→|->|=>|⇒|⟶)\s*")

RACE_STEP = "the race step of the setup"
CAPITAL_STEP = "the capital step of the setup"
PLACEMENT_STEP = "the placement step of the setup"
ARMY_STEP = "the first-army step of the setup"
SUMMER = "a summer month"
WINTER = "the winter"
RESULT = "a battle result"
PHASE_WORDS: dict[str, tuple[str, ...]] = {
    RACE_STEP: ("race",),
    CAPITAL_STEP: ("capital",),
    PLACEMENT_STEP: ("city", "fortress", "village", "villages"),
    ARMY_STEP: ("army", "unit"),
    SUMMER: ("move", "defend", "raze", "regroup", "hold", "battle", "opponent", "target",
             "retreat", "win", "winmove", "slaughter"),
    WINTER: ("tithe", "build", "upgrade", "recruit", "unit", "disband", "unfed", "recall",
             "deploy", "quest", "equip", "pass"),
    RESULT: ("battle", "winner", "loser", "draw", "strength", "routed", "gained"),
}


@dataclass(frozen=True)
class Line:
    """One meaningful order line: its 1-based number and its words."""

    number: int
    words: list[str]
    text: str


def strip_comment(raw: str) -> str:
    """A line without its `//` or `#` comment; `#` right before a digit is an army number."""
    found = COMMENT.search(raw)
    return (raw[: found.start()] if found else raw).strip()


def segments(raw: str) -> list[str]:
    """One line's orders: the comment dropped, arrows read as `to`, split at semicolons."""
    body = ARROWS.sub(" to ", strip_comment(raw))
    return [part.strip() for part in _split_outside_quotes(body) if part.strip()]


def _split_outside_quotes(body: str) -> list[str]:
    """Split at semicolons that are not inside double quotes (in one pass)."""
    parts: list[str] = []
    start, quoted = 0, False
    for index, char in enumerate(body):
        if char == '"':
            quoted = not quoted
        elif char == ";" and not quoted:
            parts.append(body[start:index])
            start = index + 1
    parts.append(body[start:])
    return parts


def lines_of(text: str) -> list[Line]:
    """Split text into order lines (several per line with `;`), dropping comments and blanks."""
    found: list[Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        for body in segments(raw):
            words = [w for w in re.split(r"[\s,:]+", body) if w]
            if words:
                found.append(Line(number, words, body))
    return found


def after_keyword(text: str) -> str:
    """A line's text without its first word (and the separator after it)."""
    parts = re.split(r"[\s,;:]+", text.strip(), maxsplit=1)
    return parts[1] if len(parts) > 1 else ""


def content_words(words: list[str]) -> list[str]:
    """Drop filler words such as 'army' and 'to'."""
    return [w for w in words if w.lower() not in FILLER]


@dataclass
class Collector:
    """Gathers problems while a parser walks the lines."""

    problems: list[Problem] = field(default_factory=list)

    def invalid(self, line: int, code: str, suggestion: str | None = None, **params: str) -> None:
        """Record a problem with text that could not be understood."""
        self.problems.append(
            Problem(line=line, code=code, kind="invalid", params=params, suggestion=suggestion)
        )

    def illegal(self, line: int, code: str, **params: str) -> None:
        """Record an understood order that the rules do not allow now."""
        self.problems.append(Problem(line=line, code=code, kind="illegal", params=params))

    def warn(self, line: int, code: str, **params: str) -> None:
        """Record a warning that does not stop the order."""
        self.problems.append(
            Problem(line=line, code=code, kind="illegal", severity="warning", params=params)
        )


def unknown_word(word: str, known: list[str] | tuple[str, ...], now: str) -> LineError:
    """The problem for a word that is no order now, worded for this phase.

    A word that is an order of another phase says which phase it belongs to.
    """
    lowered = word.lower()
    others = [phase for phase, words in PHASE_WORDS.items() if lowered in words and phase != now]
    if others:
        return LineError("mk.E_WRONG_PHASE", word=word, now=now, other=" or ".join(others))
    return LineError("mk.E_UNKNOWN_KEYWORD", suggestion=did_you_mean(lowered, known), word=word,
                     now=now, known=", ".join(known))


def keyword(word: str, known: list[str], line: int, out: Collector, now: str) -> str | None:
    """Match a keyword case-insensitively, or report it (worded for `now`) with a suggestion."""
    lowered = word.lower()
    if lowered in known:
        return lowered
    error = unknown_word(word, known, now)
    out.invalid(line, error.code, error.suggestion, **error.params)
    return None


def tile_id(state: MKState, word: str, line: int, out: Collector) -> str | None:
    """Resolve a tile id (case-insensitive) or report it as unknown."""
    upper = word.upper()
    if upper in state.map.tiles:
        return upper
    out.invalid(line, "mk.E_UNKNOWN_TILE", did_you_mean(word, sorted(state.map.tiles)), tile=word)
    return None


def tile_list(state: MKState, words: list[str], line: int, out: Collector) -> list[str]:
    """Resolve several tile ids, skipping (and reporting) unknown ones and repeats."""
    found: list[str] = []
    for word in words:
        tile = tile_id(state, word, line, out)
        if tile is not None and tile not in found:
            found.append(tile)
    return found


def army_id(word: str, line: int, out: Collector) -> str | None:
    """Read an army number such as '3' or '#3'."""
    cleaned = word.lstrip("#")
    if cleaned.isdigit():
        return str(int(cleaned))
    out.invalid(line, "mk.E_ARMY_NUMBER", word=word)
    return None


def sort_tiles(tiles: list[str]) -> list[str]:
    """Tile ids in natural order."""
    return sorted(tiles, key=natural_key)


def parse_unit(text: str, line: int, out: Collector) -> Unit | None:
    """Read the unit line's text after the word `unit` (see unit_lines for the syntax)."""
    try:
        return read_unit(text)
    except LineError as error:
        out.invalid(line, error.code, error.suggestion, **error.params)
        return None


def unit_text(unit: Unit) -> str:
    """The canonical line for one unit of an army list (shared with winter recruits)."""
    return unit_line(unit)
