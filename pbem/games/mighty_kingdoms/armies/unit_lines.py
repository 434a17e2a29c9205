"""One unit of a `kow` army list as one line of text, read and written.

    NAME strength N points N [type TYPE] [hero] [item ITEM]

A listed unit has a Unit Strength of 0 to 4 (Kings of War's range) and costs at least 1 point,
so no unit can pay for another. The name is everything before the word `strength`, so it may
hold any other word ("Hero on Horse"). After the name, the words strength, points, type (or
kind), hero and item are keywords; a keyword's first word is always its value, and type and
item may run to several words. Double quotes make a name or value literal: `"Strength of
Stone"`, `item "Crown of the Hero"`. Quotes are needed only for a name with the word strength,
or a type or item with a keyword in it (or a comma or semicolon, which otherwise separate
words). The canonical line quotes exactly then, so reading a written line gives the same unit
back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbem.core.problems import did_you_mean
from pbem.games.mighty_kingdoms.line_error import LineError
from pbem.games.mighty_kingdoms.state import Unit

UNIT_KEYS = ("strength", "points", "type", "kind", "item", "hero")
MAX_STRENGTH = 4  # Kings of War's Unit Strengths run from 0 (war engines) to 4 (legions)
TOKEN = re.compile(r'"([^"]*)"|([^\s,;"]+)|(")')
SEPARATORS = re.compile(r"[,;]")


@dataclass(frozen=True)
class Token:
    """One word of a unit line, or one quoted phrase (never a keyword)."""

    text: str
    quoted: bool

    @property
    def key(self) -> str | None:
        """The keyword this token is, if it is an unquoted keyword."""
        lowered = self.text.lower()
        return lowered if not self.quoted and lowered in UNIT_KEYS else None


def tokens(text: str) -> list[Token]:
    """Split a unit line into words and quoted phrases; a stray quote is an error."""
    found: list[Token] = []
    for match in TOKEN.finditer(text):
        phrase, word, stray = match.groups()
        if stray:
            raise LineError("mk.E_UNIT_FORMAT", field='"')
        if phrase is not None and not phrase.split():
            raise LineError("mk.E_UNIT_FORMAT", field='""')
        found.append(Token(" ".join(phrase.split()), True) if phrase is not None
                     else Token(word, False))
    return found


def parse_unit(text: str) -> Unit:
    """Read `NAME strength N points N [type T] [hero] [item I]` (commas allowed) into a Unit."""
    found = tokens(text)
    cut = next((i for i, t in enumerate(found) if t.key == "strength"), 0)
    if cut == 0:
        raise LineError("mk.E_UNIT_FORMAT", field="strength" if found else "name")
    fields, hero = _unit_fields(found[cut:])
    return _unit_from(" ".join(t.text for t in found[:cut]), fields, hero)


def _unit_fields(found: list[Token]) -> tuple[dict[str, str], bool]:
    fields: dict[str, list[str]] = {}
    hero = False
    key = ""
    for token in found:
        field = "type" if token.key == "kind" else token.key
        if key and not fields[key]:
            fields[key].append(token.text)  # a key's first word is always its value
        elif field == "hero":
            hero, key = True, ""
        elif field and field not in fields:
            key = field
            fields[key] = []
        elif key:
            fields[key].append(token.text)
        else:
            raise LineError("mk.E_UNIT_FORMAT", suggestion=did_you_mean(token.text, UNIT_KEYS),
                            field=token.text)
    return {k: " ".join(v) for k, v in fields.items()}, hero


def _unit_from(name: str, fields: dict[str, str], hero: bool) -> Unit:
    numbers: dict[str, int] = {}
    for key in ("strength", "points"):
        value = fields.get(key, "")
        if not re.fullmatch(r"-?\d{1,5}", value):
            raise LineError("mk.E_UNIT_FORMAT", field=key)
        numbers[key] = int(value)
    if not 0 <= numbers["strength"] <= MAX_STRENGTH:
        raise LineError("mk.E_UNIT_STRENGTH", strength=str(numbers["strength"]),
                        highest=str(MAX_STRENGTH))
    if numbers["points"] < 1:
        raise LineError("mk.E_UNIT_POINTS", points=str(numbers["points"]))
    if "" in (fields.get("type", "-"), fields.get("item", "-")):
        raise LineError("mk.E_UNIT_FORMAT")
    return Unit(name=name, strength=numbers["strength"], points=numbers["points"],
                kind=fields.get("type", ""), hero=hero, item=fields.get("item"))


def unit_line(unit: Unit) -> str:
    """E.g. `unit Hero on Horse strength 1 points 90 type hero hero item "Crown of the Hero"`."""
    text = f"unit {_quoted(unit.name, ('strength',))} strength {unit.strength} " \
           f"points {unit.points}"
    if unit.kind:
        text += f" type {_quoted(unit.kind, UNIT_KEYS)}"
    if unit.hero:
        text += " hero"
    if unit.item:
        text += f" item {_quoted(unit.item, UNIT_KEYS)}"
    return text


def _quoted(value: str, keywords: tuple[str, ...]) -> str:
    """The value in double quotes if a keyword or separator in it would change its reading."""
    words = value.split()
    if SEPARATORS.search(value) or any(w.lower() in keywords for w in words):
        return f'"{value}"'
    return value
