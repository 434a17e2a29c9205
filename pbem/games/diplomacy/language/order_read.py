"""Read one order line into a Draft: what the player wrote, before the board is consulted.

The grammar takes the email Judge's forms and their common variants:

    [A|F] PLACE [H|HOLD]                      [A|F] PLACE (-|MOVE|TO|MOVES TO|->) PLACE [VIA]
    [A|F] PLACE - SEA - ... - PLACE (a convoy route)
    [A|F] PLACE S [A|F] PLACE [- PLACE]       [A|F] PLACE C [A] PLACE - PLACE
    [A|F] PLACE (R|RETREAT|-) PLACE           [A|F] PLACE D | DISBAND [A|F] PLACE
    BUILD [A|F] PLACE [COAST] | [A|F] PLACE B  REMOVE [A|F] PLACE | WAIVE [N]
    DRAW | DIAS | NO DRAW | DRAW NO           CONCEDE [TO] POWER | CONCEDE NONE

An optional `Power:` may open the line; commas at its end are nothing (`;` between orders is
cut by orders.py before a line is read here).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.core.problems import did_you_mean
from pbem.games.diplomacy.language.lexicon import KEYWORDS, Lexicon, words


@dataclass
class Draft:
    """An order as written: kinds and places still unchecked against the board."""

    kind: str
    unit: str | None = None
    at: str = ""  # province
    at_coast: str | None = None  # as written ("spa/nc"), for builds
    to: str = ""
    to_coast: str | None = None
    route: list[str] = field(default_factory=list)  # seas named between source and target
    of_unit: str | None = None
    of: str = ""
    via: bool = False
    count: int = 1
    vote: bool | None = None
    power: str | None = None  # a power named: the line's `Power:` prefix, or a concession's
    powers: list[str] = field(default_factory=list)  # the powers a partial draw names


@dataclass
class Unreadable(Exception):
    """A line that is not an order: a stable code, its parameters and a nearest reading."""

    code: str
    params: dict[str, str] = field(default_factory=dict)
    near: str | None = None


Element = tuple[str, str, str]  # (type, value, coast): place | kw | unit | power | num | ":"


def elements(lex: Lexicon, line: str) -> list[Element]:
    """The line as places (with coasts), keywords, unit letters, powers and numbers."""
    tokens, found, index = words(line), [], 0
    while index < len(tokens):
        token = tokens[index]
        if token in (":", ","):
            found.append((token, token, ""))
            index += 1
            continue
        place = lex.place_at(tokens, index) if token != "-" else None
        if place is not None:
            province, index = place
            coast = lex.coast_at(province, tokens, index)
            if coast is not None:
                found.append(("place", province, coast[0]))
                index = coast[1]
            else:
                found.append(("place", province, ""))
            continue
        index = _word(lex, tokens, index, found)
    return found


def _word(lex: Lexicon, tokens: list[str], index: int, found: list[Element]) -> int:
    token = tokens[index]
    if token in KEYWORDS:
        meaning = KEYWORDS[token]
        found.append(("unit" if meaning in ("A", "F") else "kw", meaning, ""))
        return index + 1
    power = lex.power_at(tokens, index)
    if power is not None:
        found.append(("power", power[0], ""))
        return power[1]
    if token.isdigit():
        found.append(("num", token, ""))
        return index + 1
    raise Unreadable("dip.E_WORD", {"word": token}, _nearest(lex, token))


def _nearest(lex: Lexicon, token: str) -> str | None:
    """The name or keyword spelled most like an unknown word (none for short words, where a
    guess is mostly noise)."""

    if len(token) < 3:
        return None
    return did_you_mean(token, lex.all_names() + sorted(KEYWORDS), cutoff=0.7)


class Reader:
    """Reads one line's elements from left to right."""

    def __init__(self, items: list[Element]) -> None:
        self.items, self.index = items, 0

    def peek(self, kind: str, value: str | None = None) -> bool:
        """Whether the next element is of this type (and value)."""
        if self.index >= len(self.items):
            return False
        item = self.items[self.index]
        return item[0] == kind and (value is None or item[1] == value)

    def take(self, kind: str, value: str | None = None) -> Element | None:
        """The next element if it is of this type (and value), else None."""
        if self.peek(kind, value):
            self.index += 1
            return self.items[self.index - 1]
        return None

    def need_place(self, after: str) -> Element:
        """A place, or the line is unreadable."""
        place = self.take("place")
        if place is None:
            raise Unreadable("dip.E_PLACE_EXPECTED", {"after": after}, None)
        return place

    def arrow(self) -> bool:
        """Take the words of a move (`-`, `to`, `moves to`): whether there were any."""
        taken = False
        while self.take("kw", "move"):
            taken = True
        return taken

    def done(self) -> bool:
        """Whether every element has been read (commas left at the end are nothing)."""
        return all(item[0] == "," for item in self.items[self.index:])

    def rest(self) -> str:
        """What is left, for an error, without its punctuation."""
        return " ".join(item[1] for item in self.items[self.index:] if item[0] not in ",:")


def read_draft(lex: Lexicon, line: str) -> Draft:
    """Read one order line, or raise Unreadable."""
    reader = Reader(elements(lex, line))
    prefix = _prefix(reader)
    draft = _statement(reader)
    if not reader.done():
        raise Unreadable("dip.E_TRAILING", {"rest": reader.rest()}, None)
    if prefix is not None and draft.kind != "concede":
        draft.power = prefix
    return draft


def _prefix(reader: Reader) -> str | None:
    if reader.peek("power") and len(reader.items) > 1 and reader.items[1][0] == ":":
        power = reader.items[0][1]
        reader.index = 2
        return power
    return None


def _statement(reader: Reader) -> Draft:
    for word, read in (("build", _build), ("remove", _remove), ("disband", _remove),
                       ("waive", _waive), ("draw", _draw), ("concede", _concede),
                       ("no", _no)):
        if reader.take("kw", word):
            return read(reader, word)
    return _unit_order(reader)


def _build(reader: Reader, word: str) -> Draft:
    unit = reader.take("unit")
    place = reader.need_place(word)
    return Draft("build", unit[1] if unit else None, place[1], at_coast=place[2] or None)


def _remove(reader: Reader, word: str) -> Draft:
    unit = reader.take("unit")
    place = reader.need_place(word)
    return Draft(word, unit[1] if unit else None, place[1])


def _waive(reader: Reader, word: str) -> Draft:
    number = reader.take("num")
    return Draft("waive", count=int(number[1]) if number else 1)


def _draw(reader: Reader, word: str) -> Draft:
    if reader.take("kw", "no"):
        return Draft("draw", vote=False)
    reader.take("kw", "yes")
    powers = []
    while (power := reader.take("power")) is not None:
        powers.append(power[1])
        reader.take(",")  # DRAW FRANCE, ENGLAND
    return Draft("draw", vote=True, powers=powers)


def _no(reader: Reader, word: str) -> Draft:
    if reader.take("kw", "draw"):
        return Draft("draw", vote=False)
    if reader.take("kw", "build"):
        return _waive(reader, "waive")
    raise Unreadable("dip.E_SYNTAX", {"text": "no " + reader.rest()}, "NO DRAW")


def _concede(reader: Reader, word: str) -> Draft:
    reader.take("kw", "move")  # CONCEDE TO FRANCE
    if reader.take("kw", "no"):
        return Draft("concede", power="")
    power = reader.take("power")
    if power is None:
        raise Unreadable("dip.E_CONCEDE", {"text": reader.rest()}, None)
    return Draft("concede", power=power[1])


def _unit_order(reader: Reader) -> Draft:
    unit = reader.take("unit")
    if not reader.peek("place"):
        raise Unreadable("dip.E_SYNTAX", {"text": reader.rest()}, None)
    place = reader.need_place("the unit")
    draft = Draft("hold", unit[1] if unit else None, place[1], at_coast=place[2] or None)
    if reader.done() or reader.take("kw", "hold"):
        return draft
    for word, read in (("move", _move), ("retreat", _retreat), ("support", _support),
                       ("convoy", _convoy), ("disband", _tail), ("remove", _tail),
                       ("build", _tail)):
        if reader.take("kw", word):
            read(reader, draft, word)
            return draft
    raise Unreadable("dip.E_SYNTAX", {"text": reader.rest()}, None)


def _move(reader: Reader, draft: Draft, word: str) -> None:
    draft.kind = "move"
    reader.arrow()  # A PAR MOVES TO BUR
    target = reader.need_place("the move")
    while reader.arrow():  # A LON - NTH - NWY: a convoy route
        draft.route.append(target[1])
        target = reader.need_place("the move")
    draft.to, draft.to_coast = target[1], target[2] or None
    if reader.take("kw", "via"):
        reader.take("kw", "convoy")
        draft.via = True
    draft.via = draft.via or bool(draft.route)


def _retreat(reader: Reader, draft: Draft, word: str) -> None:
    reader.arrow()
    target = reader.need_place("the retreat")
    draft.kind, draft.to, draft.to_coast = "retreat", target[1], target[2] or None


def _support(reader: Reader, draft: Draft, word: str) -> None:
    draft.kind = "support"
    unit = reader.take("unit")
    helped = reader.need_place("the support")
    draft.of_unit, draft.of = (unit[1] if unit else None), helped[1]
    if reader.arrow():
        target = reader.need_place("the supported move")
        draft.to, draft.to_coast = target[1], target[2] or None
    else:
        reader.take("kw", "hold")


def _convoy(reader: Reader, draft: Draft, word: str) -> None:
    draft.kind = "convoy"
    unit = reader.take("unit")
    army = reader.need_place("the convoy")
    draft.of_unit, draft.of = (unit[1] if unit else None), army[1]
    if not reader.arrow():
        raise Unreadable("dip.E_CONVOY_TARGET", {}, None)
    draft.to = reader.need_place("the convoyed move")[1]


def _tail(reader: Reader, draft: Draft, word: str) -> None:
    draft.kind = word
