"""The words of orders: place names and abbreviations from the board, coasts, powers, and the
keywords of the email Judge and its common variants, in any case.

A line is cut into tokens (`-`, `->` and `=>` are moves; `/`, `(` and `)` only separate a
coast from its province, which may be written with one letter there: `spa/n`, `spa(s)`), then
names of several words are read longest first, so that
`A Mid-Atlantic Ocean - Brest` and `F NTH C A LON-NWY` read alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pbem.games.diplomacy.content import Board, province_of

KEYWORDS: dict[str, str] = {
    "h": "hold", "hold": "hold", "holds": "hold", "stand": "hold", "stands": "hold",
    "-": "move", "m": "move", "move": "move", "moves": "move", "to": "move",
    "go": "move", "goes": "move",
    "attack": "move", "attacks": "move",
    "s": "support", "support": "support", "supports": "support", "sup": "support",
    "c": "convoy", "convoy": "convoy", "convoys": "convoy", "cvy": "convoy",
    "transport": "convoy", "transports": "convoy",
    "via": "via", "by": "via",
    "r": "retreat", "retreat": "retreat", "retreats": "retreat",
    "d": "disband", "disband": "disband", "disbands": "disband",
    "remove": "remove", "removes": "remove", "destroy": "remove",
    "b": "build", "build": "build", "builds": "build",
    "waive": "waive", "waives": "waive",
    "draw": "draw", "dias": "draw",
    "concede": "concede", "concedes": "concede", "concession": "concede",
    "no": "no", "not": "no", "none": "no", "yes": "yes",
    "a": "A", "army": "A", "f": "F", "fleet": "F",
}
DIRECTIONS = {"north": "n", "south": "s", "east": "e", "west": "w"}
CUTS = re.compile(r"(->|=>|→|[-–—:,;])")
ONE_LETTER_COAST = re.compile(r"\s*(?:/\s*([nsew])|\(\s*([nsew])\s*\))(?![a-z])")
DROPS = re.compile(r"[./()\[\]'\"]")


def words(line: str) -> list[str]:
    """A line cut into lower-case tokens; `-` and `:` are tokens of their own. A coast of one
    letter is read only after a slash or in brackets (`spa/n`, `spa(s)`), where it cannot be
    a support's S."""
    text = ONE_LETTER_COAST.sub(lambda m: f" {m.group(1) or m.group(2)}c ", line.lower())
    text = CUTS.sub(lambda m: " : " if m.group(1) == ":" else
                    (" , " if m.group(1) in ",;" else " - "), text)
    text = DROPS.sub(lambda m: " " if m.group(0) in "/()[]" else "", text)
    return text.split()


@dataclass
class Lexicon:
    """Every name a board's places, coasts and powers go by, as tuples of tokens."""

    places: dict[tuple[str, ...], str] = field(default_factory=dict)  # -> province id
    coasts: dict[str, dict[tuple[str, ...], str]] = field(default_factory=dict)  # prov -> words
    powers: dict[tuple[str, ...], str] = field(default_factory=dict)
    longest: int = 1

    def place_at(self, tokens: list[str], start: int) -> tuple[str, int] | None:
        """The province named at `start` (longest name first) and the index after it.

        A `-` between the words of a name (Mid-Atlantic) belongs to the name."""
        best: tuple[str, int] | None = None
        for end, key in self._spans(tokens, start):
            if key in self.places:
                best = (self.places[key], end)
        return best

    def coast_at(self, province: str, tokens: list[str], start: int) -> tuple[str, int] | None:
        """The coast of `province` named at `start` (nc, north coast, north), if any."""
        names = self.coasts.get(province)
        if not names:
            return None
        best: tuple[str, int] | None = None
        for end, key in self._spans(tokens, start, hyphens=False):
            if key in names:
                best = (names[key], end)
        return best

    def power_at(self, tokens: list[str], start: int) -> tuple[str, int] | None:
        """The power named at `start` (England, English), if any."""
        best: tuple[str, int] | None = None
        for end, key in self._spans(tokens, start):
            if key in self.powers:
                best = (self.powers[key], end)
        return best

    def _spans(self, tokens: list[str], start: int,
               hyphens: bool = True) -> list[tuple[int, tuple[str, ...]]]:
        """Each run of up to `longest` words from `start`: (index after it, its words)."""
        found: list[tuple[int, tuple[str, ...]]] = []
        taken: list[str] = []
        index = start
        while index < len(tokens) and len(taken) < self.longest:
            token = tokens[index]
            if token == "-" and hyphens and taken:
                index += 1
                continue
            if token in (",", ":", "-"):
                break
            taken.append(token)
            index += 1
            found.append((index, tuple(taken)))
        return found

    def all_names(self) -> list[str]:
        """Every place name and abbreviation, for suggestions."""
        return sorted(" ".join(key) for key in self.places)


def _key(name: str) -> tuple[str, ...]:
    return tuple(t for t in words(name) if t != "-")


_CACHE: dict[str, Lexicon] = {}


def lexicon(board: Board) -> Lexicon:
    """The board's lexicon, built on first use and kept by the board's digest."""
    key = board.digest or board.name
    if key not in _CACHE:
        _CACHE[key] = _build(board)
    return _CACHE[key]


def _build(board: Board) -> Lexicon:
    lex = Lexicon()
    for p in board.provinces:
        for name in [p.id, p.name, *p.aliases]:
            lex.places.setdefault(_key(name), p.id)
    for coast in board.coasts:
        province, short = province_of(coast.location), coast.location.split("/", 1)[1]
        names = lex.coasts.setdefault(province, {})
        for name in _coast_names(short, coast.name):
            names.setdefault(_key(name), coast.location)
    for power in board.powers:
        for name in (power.key, power.name, power.adjective):
            lex.powers.setdefault(_key(name), power.key)
    lex.longest = max(len(k) for k in [*lex.places, *lex.powers, ("x", "y")])
    return lex


def _coast_names(short: str, name: str) -> list[str]:
    """A coast goes by its abbreviation (nc), its name (north coast) and its first word."""
    names = [short, name]
    first = name.split()[0]
    if first in DIRECTIONS:
        names.append(first)
    return names
